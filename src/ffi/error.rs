//! Status codes, the thread-local error message, the panic guard and the small helpers every
//! export uses to check pointers and write caller buffers.

use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Result of every fallible zugzwang function. `ZZ_STATUS_OK` (0) is success, anything else a
/// failure: `if (rc)` means "it failed". Codes are only ever appended; a number is never
/// reused. zz_status_str() gives static text for a code; zz_last_error_message() gives the
/// detail of the latest failure on the calling thread.
#[repr(i32)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum zz_status {
    /// Success.
    ZZ_STATUS_OK = 0,
    /// A required pointer argument was NULL.
    ZZ_STATUS_NULL_PARAMETER = 1,
    /// An integer argument is out of range: a square outside 0..63, unknown flag bits, a depth
    /// outside the documented range.
    ZZ_STATUS_INVALID_ARGUMENT = 2,
    /// The output buffer is too small; `*out_len` holds the capacity needed and nothing else
    /// was written.
    ZZ_STATUS_BUFFER_TOO_SMALL = 3,
    /// The FEN was refused; zz_last_error_message() names the field and the reason.
    ZZ_STATUS_INVALID_FEN = 4,
    /// A UCI move string is not of the form `<from><to>[n|b|r|q]`.
    ZZ_STATUS_INVALID_UCI = 5,
    /// The move is not legal in the position (the board is unchanged).
    ZZ_STATUS_ILLEGAL_MOVE = 6,
    /// zz_board_pop() with no move to take back.
    ZZ_STATUS_EMPTY_HISTORY = 7,
    /// A string argument is not valid UTF-8.
    ZZ_STATUS_INVALID_STRING = 8,
    /// An internal error (a Rust panic) was caught at the ABI boundary; the board is unchanged.
    /// Please report it.
    ZZ_STATUS_PANIC = 9,
    /// A SAN string is not SAN (or, with ZZ_SAN_STRICT, not in canonical form).
    ZZ_STATUS_INVALID_SAN = 10,
    /// A SAN string matches more than one legal move (e.g. `Nd2` when both knights can go).
    ZZ_STATUS_AMBIGUOUS_SAN = 11,
    /// Memory for a requested table (zz_perft_ex()'s hash) could not be allocated.
    ZZ_STATUS_OUT_OF_MEMORY = 12,
}

pub(crate) use zz_status::*;

impl zz_status {
    pub(crate) fn text(code: i32) -> &'static CStr {
        match code {
            0 => c"success",
            1 => c"a required pointer argument was NULL",
            2 => c"an integer argument is out of range (square, flags, depth)",
            3 => c"the output buffer is too small",
            4 => c"invalid FEN",
            5 => c"invalid UCI move syntax",
            6 => c"illegal move",
            7 => c"no move to take back",
            8 => c"string argument is not valid UTF-8",
            9 => c"internal error (panic caught at the ABI boundary)",
            10 => c"invalid SAN",
            11 => c"ambiguous SAN",
            12 => c"out of memory",
            _ => c"unknown zz_status code",
        }
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `msg` as this thread's last error message and returns `status`.
pub(crate) fn fail(status: zz_status, msg: impl Into<String>) -> zz_status {
    let mut bytes = msg.into().into_bytes();
    bytes.retain(|&b| b != 0);
    let text = CString::new(bytes).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
    status
}

pub(crate) fn last_error_ptr() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// Runs `f` inside the panic guard: a panic becomes `default` and an error message.
pub(crate) fn guard<T>(default: T, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            fail(ZZ_STATUS_PANIC, format!("internal error (please report): {what}"));
            default
        }
    }
}

/// Runs a status-returning body inside the panic guard.
pub(crate) fn guard_status(f: impl FnOnce() -> Result<(), zz_status>) -> zz_status {
    guard(ZZ_STATUS_PANIC, || match f() {
        Ok(()) => ZZ_STATUS_OK,
        Err(s) => s,
    })
}

/// `Err(NULL_PARAMETER)` with a message naming the argument when `p` is NULL.
pub(crate) fn non_null<T>(p: *const T, name: &str) -> Result<(), zz_status> {
    if p.is_null() {
        Err(fail(ZZ_STATUS_NULL_PARAMETER, format!("argument '{name}' is NULL")))
    } else {
        Ok(())
    }
}

/// Reads a NUL-terminated UTF-8 string argument.
///
/// # Safety
/// `p` must be NULL or point to a NUL-terminated string that stays valid for `'a`.
pub(crate) unsafe fn read_str<'a>(p: *const c_char, name: &str) -> Result<&'a str, zz_status> {
    non_null(p, name)?;
    // SAFETY: `p` is non-NULL and the caller guarantees it points to a NUL-terminated string.
    let cstr = unsafe { CStr::from_ptr(p) };
    cstr.to_str()
        .map_err(|e| fail(ZZ_STATUS_INVALID_STRING, format!("argument '{name}' is not valid UTF-8 (byte {})", e.valid_up_to())))
}

/// Writes `s` and a NUL into `buf[cap]` (snprintf-like sizes, but never a truncated string).
/// `*out_len` (if non-NULL) receives `s.len() + 1`, the bytes needed including the NUL, on
/// success and on `BUFFER_TOO_SMALL`; on that error nothing else is written. `buf` may be NULL
/// only when `cap` is 0 (a size query).
///
/// # Safety
/// `buf` must be NULL or valid for `cap` bytes of writes; `out_len` NULL or valid for a write.
pub(crate) unsafe fn write_str(s: &str, buf: *mut c_char, cap: usize, out_len: *mut usize) -> Result<(), zz_status> {
    let needed = s.len() + 1;
    if cap < needed {
        if !out_len.is_null() {
            // SAFETY: non-NULL, and the caller guarantees it is valid for a write.
            unsafe { *out_len = needed };
        }
        return Err(fail(ZZ_STATUS_BUFFER_TOO_SMALL, format!("buffer of {cap} bytes is too small; {needed} bytes needed")));
    }
    non_null(buf, "buf")?;
    // SAFETY: `buf` is non-NULL and valid for `cap >= needed` bytes; the source is a distinct
    // Rust string, so the regions do not overlap.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), s.len());
        *buf.add(s.len()) = 0;
    }
    if !out_len.is_null() {
        // SAFETY: non-NULL, and the caller guarantees it is valid for a write.
        unsafe { *out_len = needed };
    }
    Ok(())
}

/// Copies `items` into `buf[cap]`; `*out_len` (required) receives the count, also on
/// `BUFFER_TOO_SMALL` (when nothing else is written). `buf` may be NULL only when `cap` is 0.
///
/// # Safety
/// `buf` must be NULL or valid for `cap` writes of `T`; `out_len` must be valid for a write.
pub(crate) unsafe fn write_slice<T: Copy>(items: &[T], buf: *mut T, cap: usize, out_len: *mut usize) -> Result<(), zz_status> {
    non_null(out_len, "out_len")?;
    if cap < items.len() {
        // SAFETY: checked non-NULL above; the caller guarantees validity.
        unsafe { *out_len = items.len() };
        return Err(fail(
            ZZ_STATUS_BUFFER_TOO_SMALL,
            format!("buffer of {cap} entries is too small; {} needed", items.len()),
        ));
    }
    if !items.is_empty() {
        non_null(buf, "buf")?;
        // SAFETY: `buf` is non-NULL and valid for `cap >= items.len()` elements; `items` is a
        // Rust slice, distinct from caller memory.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    // SAFETY: checked non-NULL above; the caller guarantees validity.
    unsafe { *out_len = items.len() };
    Ok(())
}

/// Writes one value to a required output pointer.
///
/// # Safety
/// `out` must be NULL-checked by the caller already and valid for a write.
pub(crate) unsafe fn put<T>(out: *mut T, v: T) {
    // SAFETY: the caller guarantees `out` is non-NULL and valid for a write of `T`.
    unsafe { out.write(v) };
}

/// Copies moves into `buf[cap]` without an intermediate allocation; `*out_len` (required)
/// receives the count, also on `BUFFER_TOO_SMALL` (when nothing else is written). `buf` may be
/// NULL only when there is nothing to write.
///
/// # Safety
/// `buf` must be NULL or valid for `cap` writes of `u16`; `out_len` must be valid for a write.
pub(crate) unsafe fn write_moves(moves: impl ExactSizeIterator<Item = u16>, buf: *mut u16, cap: usize, out_len: *mut usize) -> Result<(), zz_status> {
    non_null(out_len, "out_len")?;
    let n = moves.len();
    if cap < n {
        // SAFETY: checked non-NULL above; the caller guarantees validity.
        unsafe { *out_len = n };
        return Err(fail(ZZ_STATUS_BUFFER_TOO_SMALL, format!("buffer of {cap} moves is too small; {n} needed")));
    }
    if n > 0 {
        non_null(buf, "buf")?;
    }
    for (i, m) in moves.enumerate() {
        // SAFETY: `buf` is non-NULL (n > 0) and valid for `cap >= n` elements; i < n.
        unsafe { buf.add(i).write(m) };
    }
    // SAFETY: checked non-NULL above; the caller guarantees validity.
    unsafe { *out_len = n };
    Ok(())
}

//! Perft through the C ABI.

use super::board::zz_board;
use super::error::*;
use super::zz_move;

/// Deepest perft depth accepted (no real search reaches it; it bounds the recursion).
pub const ZZ_PERFT_MAX_DEPTH: u32 = 64;

/// One root move and the perft count below it, as written by zz_perft_divide().
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct zz_perft_entry {
    /// The root move (a legal move of the position).
    pub r#move: zz_move,
    /// Leaf nodes of the tree of depth `depth - 1` after that move.
    pub nodes: u64,
}

/// Counts the leaf nodes of the legal move tree of `depth` plies from the current position
/// (perft; Chess Programming Wiki "Perft"), with bulk counting at the last ply; single thread;
/// uses POPCNT/BMI instructions when the CPU has them (detected at run time).
/// `depth` 0 gives 1. Draw rules do not cut the tree. `*out_nodes` receives the count.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT (depth > ZZ_PERFT_MAX_DEPTH).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_perft(board: *const zz_board, depth: u32, out_nodes: *mut u64) -> zz_status {
    guard_status(|| {
        non_null(board, "board")?;
        non_null(out_nodes, "out_nodes")?;
        if depth > ZZ_PERFT_MAX_DEPTH {
            return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("depth {depth} exceeds ZZ_PERFT_MAX_DEPTH")));
        }
        // SAFETY: non-NULL; the caller guarantees a live board.
        let b = unsafe { &(*board).inner };
        let n = super::dispatch::perft_fast(b.position(), depth);
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out_nodes, n) };
        Ok(())
    })
}

/// Perft divided by root move: one zz_perft_entry per legal move, written into `buf[cap]`
/// (cap in entries; ZZ_MAX_MOVES is always enough), their number into `*out_len` (required).
/// `depth` must be 1 … ZZ_PERFT_MAX_DEPTH; entry counts sum to zz_perft() of the same depth.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT (depth),
/// ZZ_STATUS_BUFFER_TOO_SMALL (`*out_len` = number of legal moves, checked before any search).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_perft_divide(board: *const zz_board, depth: u32, buf: *mut zz_perft_entry, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        non_null(board, "board")?;
        non_null(out_len, "out_len")?;
        if depth == 0 || depth > ZZ_PERFT_MAX_DEPTH {
            return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("depth {depth} is outside 1..ZZ_PERFT_MAX_DEPTH")));
        }
        // SAFETY: non-NULL; the caller guarantees a live board.
        let b = unsafe { &(*board).inner };
        let count = b.legal_moves().len();
        if cap < count {
            // SAFETY: NULL-checked above; writable per the contract.
            unsafe { put(out_len, count) };
            return Err(fail(ZZ_STATUS_BUFFER_TOO_SMALL, format!("buffer of {cap} entries is too small; {count} needed")));
        }
        let entries: Vec<zz_perft_entry> = crate::core::perft::perft_divide_with(b.position(), depth, super::dispatch::perft_fast)
            .into_iter()
            .map(|(m, nodes)| zz_perft_entry { r#move: m.0, nodes })
            .collect();
        // SAFETY: the caller guarantees `buf` holds `cap` entries; `out_len` checked above.
        unsafe { write_slice(&entries, buf, cap, out_len) }
    })
}

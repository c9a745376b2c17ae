//! The C ABI driven with arbitrary call sequences decoded from the input: boards created,
//! cloned and freed (live handles tracked; the harness itself never double-frees or uses a
//! freed handle), NULL for every pointer argument, zero/short/exact/large capacities with
//! garbage-filled buffers, fuzzed NUL-terminated strings, invalid squares/colours/flags/
//! depths, random (illegal) moves, pops past the start, perft at depth <= 2.
//!
//! Checked after every call: the status is a known code (0..=12) and never ZZ_STATUS_PANIC;
//! zz_last_error_message() is never NULL (and not empty after a failure); on
//! BUFFER_TOO_SMALL `*out_len` > cap and the buffer is untouched; on any other error no output
//! is written; a failed mutating call leaves the board (FEN, move stack, Zobrist key)
//! unchanged; successful outputs are well formed and agree with the Rust core.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};
use zugzwang::ffi::*;
use zugzwang::{FenOptions, Position};

mod common;

const MAX_BOARDS: usize = 6;
const MAX_OPS: usize = 400;
/// Marks an output slot the library must not write; never dereferenced by the harness.
const SENTINEL_BOARD: *mut zz_board = 8 as *mut zz_board;
const UNSET: usize = usize::MAX - 7;

struct Input<'a> {
    data: &'a [u8],
    at: usize,
}

impl Input<'_> {
    fn done(&self) -> bool {
        self.at >= self.data.len()
    }
    fn u8(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }
    fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }
    fn bytes(&mut self, n: usize) -> &[u8] {
        let start = self.at.min(self.data.len());
        let end = (start + n).min(self.data.len());
        self.at = start + n;
        &self.data[start..end]
    }
    /// An integer argument meant to lie in `0..range`: mostly in range, sometimes just out
    /// of it, sometimes anything.
    fn int(&mut self, range: i32) -> i32 {
        match self.u8() % 8 {
            0..=4 => i32::from(self.u8()) % range,
            5 => i32::from(self.u8() % 4) - 2 + if self.bool() { range } else { 0 },
            6 => [i32::MIN, i32::MAX, -1, range, 255, 256][usize::from(self.u8()) % 6],
            _ => self.u32() as i32,
        }
    }
    /// Flags: mostly combinations of the low bits, sometimes anything.
    fn flags(&mut self) -> u32 {
        match self.u8() % 4 {
            0 => 0,
            1 | 2 => u32::from(self.u8() & 0x1f),
            _ => self.u32(),
        }
    }
}

fn last_error() -> String {
    let p = zz_last_error_message();
    assert!(!p.is_null(), "zz_last_error_message() returned NULL");
    // SAFETY: documented to be a valid NUL-terminated string until the next call.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// Checks a status and returns its code.
fn check(s: zz_status, call: &str) -> i32 {
    let code = s as i32;
    let msg = last_error();
    assert!((0..=12).contains(&code), "{call}: unknown status {code}");
    assert_ne!(code, 9, "{call}: ZZ_STATUS_PANIC: {msg}");
    if code != 0 {
        assert!(!msg.is_empty(), "{call}: failed with status {code} but zz_last_error_message() is empty");
    }
    code
}

/// An output slot: NULL or a pointer to a local initialised to a sentinel.
struct Out<T: Copy + PartialEq + std::fmt::Debug> {
    val: T,
    init: T,
    null: bool,
}

impl<T: Copy + PartialEq + std::fmt::Debug> Out<T> {
    fn new(inp: &mut Input, init: T) -> Self {
        Out { val: init, init, null: inp.u8() % 8 == 0 }
    }
    fn ptr(&mut self) -> *mut T {
        if self.null { null_mut() } else { &mut self.val }
    }
    fn written(&self) -> Option<T> {
        if self.null { None } else { Some(self.val) }
    }
    fn untouched(&self, call: &str) {
        assert_eq!(self.val, self.init, "{call}: output written on failure");
    }
}

/// A caller buffer of `cap` elements filled with garbage, or NULL (with some capacity).
struct Buf<T: Copy + PartialEq + std::fmt::Debug> {
    data: Vec<T>,
    cap: usize,
    null: bool,
}

impl<T: Copy + PartialEq + std::fmt::Debug> Buf<T> {
    fn new(inp: &mut Input, full: usize, fill: T) -> Self {
        let cap = match inp.u8() % 8 {
            0 => 0,
            1 => 1,
            2 => usize::from(inp.u8() % 16),
            3 => usize::from(inp.u8()) % (full + 1),
            4 | 5 => full,
            6 => full + usize::from(inp.u8()),
            _ => usize::from(inp.u16() % 4096),
        };
        let null = inp.u8() % 10 == 0;
        // The harness owns exactly `cap` elements (none if NULL): the library is told the truth.
        let data = if null { Vec::new() } else { vec![fill; cap] };
        Buf { data, cap, null }
    }
    fn ptr(&mut self) -> *mut T {
        if self.null { null_mut() } else { self.data.as_mut_ptr() }
    }
    fn untouched(&self, fill: T, call: &str) {
        assert!(self.data.iter().all(|&x| x == fill), "{call}: buffer written on failure");
    }
}

/// Snapshot of everything a failed mutating call must leave unchanged.
#[derive(PartialEq, Debug)]
struct Snapshot {
    fen: String,
    stack: Vec<zz_move>,
    zobrist: u64,
    chess960: bool,
}

unsafe fn fen_of(b: *const zz_board, flags: u32) -> String {
    let mut buf = [0u8; ZZ_FEN_MAX];
    let mut len = 0usize;
    // SAFETY: `b` is a live board; the buffer holds ZZ_FEN_MAX bytes.
    let rc = unsafe { zz_board_fen(b, flags, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(check(rc, "zz_board_fen(ZZ_FEN_MAX)"), 0, "zz_board_fen with ZZ_FEN_MAX failed: {}", last_error());
    assert!(len >= 1 && len <= ZZ_FEN_MAX && buf[len - 1] == 0);
    String::from_utf8(buf[..len - 1].to_vec()).expect("FEN is not UTF-8")
}

unsafe fn snapshot(b: *const zz_board) -> Snapshot {
    // SAFETY (all calls): `b` is a live board and the buffers are as large as stated.
    unsafe {
        let fen = fen_of(b, ZZ_FEN_SHREDDER | ZZ_FEN_EP_ALWAYS);
        let n = zz_board_move_count(b) as usize;
        let mut stack = vec![0u16; n];
        let mut len = 0usize;
        let rc = zz_board_move_stack(b, stack.as_mut_ptr(), n, &mut len);
        assert_eq!(check(rc, "zz_board_move_stack"), 0);
        assert_eq!(len, n, "move_stack length != move_count");
        Snapshot { fen, stack, zobrist: zz_board_zobrist(b), chess960: zz_board_is_chess960(b) }
    }
}

unsafe fn legal(b: *const zz_board) -> Vec<zz_move> {
    let mut buf = [0u16; ZZ_MAX_MOVES];
    let mut len = 0usize;
    // SAFETY: live board, buffer of ZZ_MAX_MOVES moves.
    let rc = unsafe { zz_board_legal_moves(b, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(check(rc, "zz_board_legal_moves(ZZ_MAX_MOVES)"), 0);
    assert!(len <= ZZ_MAX_MOVES);
    buf[..len].to_vec()
}

/// The board's position as the Rust core reads its FEN (relaxed: whatever the board was
/// created with, its own output must be accepted).
unsafe fn core_position(b: *const zz_board) -> Position {
    // SAFETY: live board.
    let (fen, c960) = unsafe { (fen_of(b, ZZ_FEN_EP_ALWAYS | ZZ_FEN_SHREDDER), zz_board_is_chess960(b)) };
    Position::from_fen(&fen, FenOptions { chess960: c960, relaxed: true })
        .unwrap_or_else(|e| panic!("the board's own FEN {fen:?} is refused by Position::from_fen: {e}"))
}

struct Harness<'a> {
    inp: Input<'a>,
    boards: Vec<*mut zz_board>,
}

impl Harness<'_> {
    /// A board argument: one of the live boards, or NULL.
    fn board(&mut self) -> *mut zz_board {
        let sel = self.inp.u8();
        if self.boards.is_empty() || sel >= 240 {
            null_mut()
        } else {
            self.boards[usize::from(sel) % self.boards.len()]
        }
    }

    fn adopt(&mut self, b: *mut zz_board) {
        assert!(!b.is_null() && b != SENTINEL_BOARD);
        assert!(!self.boards.contains(&b), "a new board has the address of a live one");
        if self.boards.len() >= MAX_BOARDS {
            let old = self.boards.remove(0);
            // SAFETY: `old` is live and removed from the list, so it is freed exactly once.
            unsafe { zz_board_free(old) };
        }
        self.boards.push(b);
    }

    /// A move: a legal move of `b` (by index), or any 16-bit value.
    unsafe fn mv(&mut self, b: *const zz_board) -> zz_move {
        let sel = self.inp.u8() % 8;
        if sel < 5 && !b.is_null() {
            // SAFETY: `b` is live.
            let moves = unsafe { legal(b) };
            if !moves.is_empty() {
                return moves[usize::from(self.inp.u8()) % moves.len()];
            }
        }
        match sel {
            7 => 0,
            _ => self.inp.u16(),
        }
    }

    /// A string argument, NUL-terminated, or None for NULL: fuzz bytes (may hold invalid
    /// UTF-8 and interior NULs), a test-vector FEN (possibly with one byte changed), or the
    /// UCI/SAN/LAN of a move of `b`.
    unsafe fn string(&mut self, b: *const zz_board) -> Option<Vec<u8>> {
        let mut s: Vec<u8> = match self.inp.u8() % 10 {
            0 => return None,
            1..=3 => {
                let n = usize::from(self.inp.u8() % 96);
                self.inp.bytes(n).to_vec()
            }
            4 | 5 => {
                let seeds = common::seeds();
                let mut f = seeds[usize::from(self.inp.u16()) % seeds.len()].fen.clone().into_bytes();
                if self.inp.bool() && !f.is_empty() {
                    let i = usize::from(self.inp.u8()) % f.len();
                    f[i] = self.inp.u8();
                }
                f
            }
            k => {
                // SAFETY: `b` is NULL or live.
                let m = unsafe { self.mv(b) };
                let mut buf = [0u8; 32];
                let mut len = 0usize;
                let bb: *const zz_board = if b.is_null() { null() } else { b };
                // SAFETY: buffer of 32 bytes; NULL boards are refused by the library.
                let rc = unsafe {
                    match k {
                        6 | 7 => zz_board_uci(bb, m, buf.as_mut_ptr().cast(), buf.len(), &mut len),
                        8 => zz_board_san(bb, m, buf.as_mut_ptr().cast(), buf.len(), &mut len),
                        _ => zz_board_lan(bb, m, buf.as_mut_ptr().cast(), buf.len(), &mut len),
                    }
                };
                if check(rc, "move text") == 0 { buf[..len - 1].to_vec() } else { b"e2e4".to_vec() }
            }
        };
        s.push(0);
        Some(s)
    }

    /// Checks the result of a call that writes a string into a caller buffer.
    fn check_str_out(&self, rc: i32, call: &str, buf: &Buf<u8>, fill: u8, out_len: &Out<usize>) {
        match rc {
            0 => {
                if !buf.null {
                    let nul = buf.data.iter().position(|&c| c == 0).unwrap_or_else(|| panic!("{call}: no NUL written"));
                    assert!(std::str::from_utf8(&buf.data[..nul]).is_ok(), "{call}: output not UTF-8");
                    if let Some(n) = out_len.written() {
                        assert_eq!(n, nul + 1, "{call}: *out_len != strlen + 1");
                    }
                }
            }
            3 => {
                if let Some(n) = out_len.written() {
                    assert!(n > buf.cap, "{call}: BUFFER_TOO_SMALL but *out_len {n} <= cap {}", buf.cap);
                }
                buf.untouched(fill, call);
            }
            _ => {
                buf.untouched(fill, call);
                out_len.untouched(call);
            }
        }
    }

    /// Checks the result of a call that writes elements into a caller buffer; returns the
    /// written elements on success.
    fn check_list_out<T: Copy + PartialEq + std::fmt::Debug>(
        &self,
        rc: i32,
        call: &str,
        buf: &Buf<T>,
        fill: T,
        out_len: &Out<usize>,
    ) -> Option<Vec<T>> {
        match rc {
            0 => {
                let n = out_len.written().unwrap_or_else(|| panic!("{call}: OK with a NULL out_len"));
                assert!(n <= buf.cap, "{call}: OK but *out_len {n} > cap {}", buf.cap);
                if buf.null {
                    assert_eq!(n, 0, "{call}: OK with a NULL buffer but {n} elements");
                    Some(Vec::new())
                } else {
                    Some(buf.data[..n].to_vec())
                }
            }
            3 => {
                if let Some(n) = out_len.written() {
                    assert!(n > buf.cap, "{call}: BUFFER_TOO_SMALL but *out_len {n} <= cap {}", buf.cap);
                }
                buf.untouched(fill, call);
                None
            }
            _ => {
                buf.untouched(fill, call);
                out_len.untouched(call);
                None
            }
        }
    }

    /// A mutating call on `b` that failed must have left it unchanged.
    unsafe fn after_mutation(&self, b: *mut zz_board, before: &Option<Snapshot>, rc: i32, call: &str) {
        if let Some(before) = before {
            // SAFETY: `b` is live (a snapshot was taken).
            let now = unsafe { snapshot(b) };
            if rc != 0 {
                assert_eq!(&now, before, "{call}: failed (status {rc}) but changed the board");
            }
        }
    }

    unsafe fn snap(&self, b: *const zz_board) -> Option<Snapshot> {
        // SAFETY: `b` is NULL or live.
        if b.is_null() { None } else { Some(unsafe { snapshot(b) }) }
    }

    #[allow(clippy::too_many_lines)]
    unsafe fn step(&mut self) {
        let op = self.inp.u8() % 34;
        // SAFETY (whole body): every board pointer comes from `self.board()` (NULL or live);
        // every buffer pointer is NULL or owns the capacity passed; every string is
        // NUL-terminated within its allocation; every output pointer is NULL or a local.
        unsafe {
            match op {
                0 => {
                    let mut out = Out::new(&mut self.inp, SENTINEL_BOARD);
                    let rc = check(zz_board_new(out.ptr()), "zz_board_new");
                    match out.written() {
                        None => assert_eq!(rc, 1),
                        Some(b) => {
                            assert_eq!(rc, 0);
                            assert_eq!(fen_of(b, 0), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
                            self.adopt(b);
                        }
                    }
                }
                1 => {
                    let b = self.board();
                    let s = self.string(b);
                    let flags = self.inp.flags();
                    let mut out = Out::new(&mut self.inp, SENTINEL_BOARD);
                    let p = s.as_ref().map_or(null(), |s| s.as_ptr().cast::<c_char>());
                    let rc = check(zz_board_from_fen(p, flags, out.ptr()), "zz_board_from_fen");
                    if rc == 0 {
                        let nb = out.written().expect("from_fen OK with NULL out");
                        assert_eq!(zz_board_move_count(nb), 0);
                        assert_eq!(zz_board_is_chess960(nb), flags & ZZ_FEN_CHESS960 != 0);
                        // The same FEN read by the Rust core gives the same position.
                        let text = CStr::from_ptr(p).to_str().expect("accepted a non-UTF-8 FEN");
                        let opts = FenOptions { chess960: flags & ZZ_FEN_CHESS960 != 0, relaxed: flags & ZZ_FEN_RELAXED != 0 };
                        let pos = Position::from_fen(text, opts).expect("ABI accepts a FEN the core refuses");
                        assert_eq!(pos.fen(), fen_of(nb, 0));
                        self.adopt(nb);
                    } else {
                        out.untouched("zz_board_from_fen");
                    }
                }
                2 => {
                    let b = self.board();
                    let mut out = Out::new(&mut self.inp, SENTINEL_BOARD);
                    let rc = check(zz_board_clone(b, out.ptr()), "zz_board_clone");
                    if rc == 0 {
                        let nb = out.written().unwrap();
                        assert_eq!(snapshot(nb), snapshot(b), "clone differs from its original");
                        self.adopt(nb);
                    } else {
                        assert!(b.is_null() || out.null);
                        out.untouched("zz_board_clone");
                    }
                }
                3 => {
                    let sel = self.inp.u8();
                    if self.boards.is_empty() || sel >= 200 {
                        zz_board_free(null_mut());
                    } else {
                        let b = self.boards.remove(usize::from(sel) % self.boards.len());
                        zz_board_free(b);
                    }
                }
                4 => {
                    let b = self.board();
                    let s = self.string(b);
                    let flags = self.inp.flags();
                    let before = self.snap(b);
                    let p = s.as_ref().map_or(null(), |s| s.as_ptr().cast::<c_char>());
                    let rc = check(zz_board_set_fen(b, p, flags), "zz_board_set_fen");
                    self.after_mutation(b, &before, rc, "zz_board_set_fen");
                    if rc == 0 {
                        assert_eq!(zz_board_move_count(b), 0, "set_fen keeps a move history");
                    }
                }
                5 => {
                    let b = self.board();
                    let flags = self.inp.flags();
                    let fill = self.inp.u8();
                    let mut buf = Buf::new(&mut self.inp, ZZ_FEN_MAX, fill);
                    let mut out_len = Out::new(&mut self.inp, UNSET);
                    let rc = check(zz_board_fen(b, flags, buf.ptr().cast(), buf.cap, out_len.ptr()), "zz_board_fen");
                    self.check_str_out(rc, "zz_board_fen", &buf, fill, &out_len);
                    if rc == 0 && !buf.null {
                        assert!(out_len.written().is_none_or(|n| n <= ZZ_FEN_MAX), "FEN longer than ZZ_FEN_MAX");
                    }
                }
                6 => {
                    let b = self.board();
                    let sq = self.inp.int(64);
                    let mut color = Out::new(&mut self.inp, -7i32);
                    let mut pt = Out::new(&mut self.inp, -7i32);
                    let rc = check(zz_board_piece_at(b, sq, color.ptr(), pt.ptr()), "zz_board_piece_at");
                    if rc == 0 {
                        assert!((0..64).contains(&sq));
                        let (c, t) = (color.written().unwrap(), pt.written().unwrap());
                        assert!((c == -1 && t == 0) || ((0..=1).contains(&c) && (1..=6).contains(&t)), "piece_at gave {c} {t}");
                    } else {
                        color.untouched("zz_board_piece_at");
                        pt.untouched("zz_board_piece_at");
                    }
                    let turn = zz_board_turn(b);
                    assert!(if b.is_null() { turn == -1 } else { turn == 0 || turn == 1 });
                }
                7 => {
                    let b = self.board();
                    let fill = self.inp.u16();
                    let mut buf = Buf::new(&mut self.inp, ZZ_MAX_MOVES, fill);
                    let mut out_len = Out::new(&mut self.inp, UNSET);
                    let rc = check(zz_board_legal_moves(b, buf.ptr(), buf.cap, out_len.ptr()), "zz_board_legal_moves");
                    if let Some(moves) = self.check_list_out(rc, "zz_board_legal_moves", &buf, fill, &out_len) {
                        if !buf.null {
                            // Differential: the same moves as the Rust core on the board's FEN.
                            let pos = core_position(b);
                            let mut ours: Vec<u16> = common::legal_moves(&pos).iter().map(|m| m.0).collect();
                            let mut theirs = moves.clone();
                            ours.sort_unstable();
                            theirs.sort_unstable();
                            assert_eq!(theirs, ours, "ABI legal moves differ from the core's on {}", pos.fen());
                            let mut nodes = 0u64;
                            assert_eq!(check(zz_perft(b, 1, &mut nodes), "zz_perft(1)"), 0);
                            assert_eq!(nodes, moves.len() as u64, "perft(1) != number of legal moves");
                        }
                    }
                }
                8 => {
                    let b = self.board();
                    let m = self.mv(b);
                    let before = self.snap(b);
                    let rc = check(zz_board_push(b, m), "zz_board_push");
                    self.after_mutation(b, &before, rc, "zz_board_push");
                    if rc == 0 {
                        let before = before.unwrap();
                        let mut last = 0u16;
                        assert_eq!(check(zz_board_peek(b, &mut last), "zz_board_peek"), 0);
                        assert_eq!(last, m, "peek after push");
                        assert_eq!(zz_board_move_count(b) as usize, before.stack.len() + 1);
                        // pop restores exactly, then replay.
                        let mut popped = 0u16;
                        assert_eq!(check(zz_board_pop(b, &mut popped), "zz_board_pop"), 0);
                        assert_eq!(popped, m);
                        assert_eq!(snapshot(b), before, "push + pop does not restore the board");
                        assert_eq!(check(zz_board_push(b, m), "zz_board_push (replay)"), 0);
                    }
                }
                9 => {
                    let b = self.board();
                    let s = self.string(b);
                    let before = self.snap(b);
                    let p = s.as_ref().map_or(null(), |s| s.as_ptr().cast::<c_char>());
                    let mut parsed = 0u16;
                    let prc = if b.is_null() || p.is_null() { -1 } else { check(zz_board_parse_uci(b, p, &mut parsed), "zz_board_parse_uci") };
                    let rc = check(zz_board_push_uci(b, p), "zz_board_push_uci");
                    self.after_mutation(b, &before, rc, "zz_board_push_uci");
                    if prc >= 0 {
                        assert_eq!(rc, prc, "push_uci and parse_uci disagree");
                    }
                    if rc == 0 {
                        let mut last = 0u16;
                        assert_eq!(check(zz_board_peek(b, &mut last), "zz_board_peek"), 0);
                        assert_eq!(last, parsed);
                    }
                }
                10 => {
                    let b = self.board();
                    let before = self.snap(b);
                    let mut out = Out::new(&mut self.inp, 0xdeadu16);
                    let rc = check(zz_board_pop(b, out.ptr()), "zz_board_pop");
                    self.after_mutation(b, &before, rc, "zz_board_pop");
                    match rc {
                        0 => {
                            let before = before.unwrap();
                            if let Some(m) = out.written() {
                                assert_eq!(Some(&m), before.stack.last());
                            }
                            assert_eq!(zz_board_move_count(b) as usize, before.stack.len() - 1);
                        }
                        7 => assert!(before.unwrap().stack.is_empty()),
                        _ => {
                            assert!(b.is_null());
                            out.untouched("zz_board_pop");
                        }
                    }
                }
                11 => {
                    let b = self.board();
                    let s = self.string(b);
                    let p = s.as_ref().map_or(null(), |s| s.as_ptr().cast::<c_char>());
                    let mut out = Out::new(&mut self.inp, 0xdeadu16);
                    let rc = check(zz_board_parse_uci(b, p, out.ptr()), "zz_board_parse_uci");
                    if rc == 0 {
                        let m = out.written().unwrap();
                        assert!(legal(b).contains(&m), "parse_uci gave an illegal move");
                        let pos = core_position(b);
                        let text = CStr::from_ptr(p).to_str().unwrap();
                        assert_eq!(pos.parse_uci(text).map(|m| m.0).ok(), Some(m), "ABI and core parse UCI differently");
                    } else {
                        out.untouched("zz_board_parse_uci");
                    }
                }
                12 | 13 | 15 => {
                    let b = self.board();
                    let m = self.mv(b);
                    let fill = self.inp.u8();
                    let full = if op == 12 { ZZ_UCI_MAX } else { ZZ_SAN_MAX };
                    let mut buf = Buf::new(&mut self.inp, full, fill);
                    let mut out_len = Out::new(&mut self.inp, UNSET);
                    let (name, rc) = match op {
                        12 => ("zz_board_uci", zz_board_uci(b, m, buf.ptr().cast(), buf.cap, out_len.ptr())),
                        13 => ("zz_board_san", zz_board_san(b, m, buf.ptr().cast(), buf.cap, out_len.ptr())),
                        _ => ("zz_board_lan", zz_board_lan(b, m, buf.ptr().cast(), buf.cap, out_len.ptr())),
                    };
                    let rc = check(rc, name);
                    self.check_str_out(rc, name, &buf, fill, &out_len);
                    if rc == 0 && !buf.null {
                        let nul = buf.data.iter().position(|&c| c == 0).unwrap();
                        assert!(nul < full, "{name}: longer than its documented maximum");
                        let text = std::str::from_utf8(&buf.data[..nul]).unwrap();
                        // SAN and UCI parse back to the move (UCI only for legal moves).
                        let legal_now = legal(b).contains(&m);
                        if op == 13 {
                            assert!(legal_now, "zz_board_san accepted an illegal move");
                        }
                        if op != 15 && legal_now {
                            let mut s = text.as_bytes().to_vec();
                            s.push(0);
                            let mut back = 0u16;
                            let rc = if op == 12 {
                                zz_board_parse_uci(b, s.as_ptr().cast(), &mut back)
                            } else {
                                zz_board_parse_san(b, s.as_ptr().cast(), ZZ_SAN_STRICT, &mut back)
                            };
                            assert_eq!(check(rc, "parse back"), 0, "{name} output {text:?} does not parse back: {}", last_error());
                            assert_eq!(back, m, "{name} output {text:?} parses to another move");
                        }
                    }
                }
                14 => {
                    let b = self.board();
                    let fill = self.inp.u8();
                    let mut buf = Buf::new(&mut self.inp, ZZ_SAN_ALL_MAX, fill);
                    let mut out_len = Out::new(&mut self.inp, UNSET);
                    let rc = check(zz_board_san_all(b, buf.ptr().cast(), buf.cap, out_len.ptr()), "zz_board_san_all");
                    self.check_str_out(rc, "zz_board_san_all", &buf, fill, &out_len);
                    if rc == 0 && !buf.null {
                        let nul = buf.data.iter().position(|&c| c == 0).unwrap();
                        let text = std::str::from_utf8(&buf.data[..nul]).unwrap();
                        let n = if text.is_empty() { 0 } else { text.split(' ').count() };
                        assert_eq!(n, legal(b).len(), "san_all: wrong number of moves in {text:?}");
                    }
                }
                16 | 17 => {
                    let b = self.board();
                    let s = self.string(b);
                    let flags = if self.inp.bool() { self.inp.flags() } else { u32::from(self.inp.bool()) };
                    let p = s.as_ref().map_or(null(), |s| s.as_ptr().cast::<c_char>());
                    let mut out = Out::new(&mut self.inp, 0xdeadu16);
                    if op == 16 {
                        let rc = check(zz_board_parse_san(b, p, flags, out.ptr()), "zz_board_parse_san");
                        if rc == 0 {
                            let m = out.written().unwrap();
                            assert!(legal(b).contains(&m), "parse_san gave an illegal move");
                            let text = CStr::from_ptr(p).to_str().unwrap();
                            let pos = core_position(b);
                            let core = pos.parse_san(text, zugzwang::SanOptions { strict: flags & ZZ_SAN_STRICT != 0 });
                            assert_eq!(core.map(|m| m.0).ok(), Some(m), "ABI and core parse SAN differently");
                        } else {
                            out.untouched("zz_board_parse_san");
                        }
                    } else {
                        let before = self.snap(b);
                        let rc = check(zz_board_push_san(b, p, flags, out.ptr()), "zz_board_push_san");
                        self.after_mutation(b, &before, rc, "zz_board_push_san");
                        if rc == 0 {
                            assert_eq!(zz_board_move_count(b) as usize, before.unwrap().stack.len() + 1);
                            if let Some(m) = out.written() {
                                let mut last = 0u16;
                                assert_eq!(check(zz_board_peek(b, &mut last), "zz_board_peek"), 0);
                                assert_eq!(last, m);
                            }
                        } else {
                            out.untouched("zz_board_push_san");
                        }
                    }
                }
                18 => {
                    let b = self.board();
                    let claim = self.inp.bool();
                    let count = if self.inp.bool() { u32::from(self.inp.u8() % 8) } else { self.inp.u32() };
                    let mate = zz_board_is_checkmate(b);
                    let stale = zz_board_is_stalemate(b);
                    let check_ = zz_board_is_check(b);
                    let _ = zz_board_is_insufficient_material(b);
                    let _ = zz_board_is_repetition(b, count);
                    let _ = zz_board_can_claim_threefold_repetition(b);
                    let _ = zz_board_is_fivefold_repetition(b);
                    let _ = zz_board_can_claim_fifty_moves(b);
                    let _ = zz_board_is_seventyfive_moves(b);
                    let over = zz_board_is_game_over(b, claim);
                    let _ = zz_board_is_chess960(b);
                    let checkers = zz_board_checkers(b);
                    let _ = zz_board_move_count(b);
                    let _ = zz_board_ply(b);
                    let _ = zz_board_halfmove_clock(b);
                    let _ = zz_board_fullmove_number(b);
                    let _ = zz_board_castling_rights(b);
                    let ep = zz_board_ep_square(b);
                    let lep = zz_board_legal_ep_square(b);
                    assert!((-1..64).contains(&ep) && (-1..64).contains(&lep));
                    assert!(lep == -1 || lep == ep, "legal ep square {lep} != ep square {ep}");
                    assert_eq!(check_, checkers != 0);
                    assert!(!(mate && stale));
                    if mate || stale {
                        assert!(over);
                        assert!(legal(b).is_empty());
                    }
                    let r = zz_board_result(b, claim);
                    assert!(!r.is_null(), "zz_board_result returned NULL");
                    let r = CStr::from_ptr(r).to_str().unwrap();
                    assert!(["1-0", "0-1", "1/2-1/2", "*"].contains(&r), "result {r:?}");
                    assert_eq!(r != "*", over, "result {r:?} vs is_game_over {over}");
                    if b.is_null() {
                        assert!(!mate && !stale && !check_ && !over && ep == -1 && zz_board_zobrist(b) == 0);
                    } else {
                        let pos = core_position(b);
                        assert_eq!(zz_board_zobrist(b), pos.zobrist(), "ABI Zobrist key != core key of the board's FEN");
                    }
                }
                19 => {
                    let b = self.board();
                    let color = self.inp.int(2);
                    let mut out = Out::new(&mut self.inp, false);
                    let rc = check(zz_board_has_insufficient_material(b, color, out.ptr()), "has_insufficient_material");
                    if rc != 0 {
                        out.untouched("has_insufficient_material");
                    } else {
                        assert!(color == 0 || color == 1);
                    }
                }
                20 => {
                    let b = self.board();
                    let claim = self.inp.bool();
                    let init = zz_outcome { termination: -9, winner: -9 };
                    let mut out = Out::new(&mut self.inp, OutcomeCmp(init));
                    let rc = check(zz_board_outcome(b, claim, out.ptr().cast()), "zz_board_outcome");
                    if rc == 0 {
                        let o = out.written().unwrap().0;
                        assert!((0..=7).contains(&o.termination) && (-1..=1).contains(&o.winner), "outcome {} {}", o.termination, o.winner);
                        assert_eq!(o.termination == 0, !zz_board_is_game_over(b, claim));
                        assert!(o.winner == -1 || o.termination == 1, "a winner without checkmate");
                    } else {
                        out.untouched("zz_board_outcome");
                    }
                }
                21 => {
                    let b = self.board();
                    let color = self.inp.int(3).wrapping_sub(1);
                    let pt = self.inp.int(7);
                    let mut out = Out::new(&mut self.inp, 0x5a5au64);
                    let rc = check(zz_board_pieces(b, color, pt, out.ptr()), "zz_board_pieces");
                    if rc != 0 {
                        out.untouched("zz_board_pieces");
                    }
                }
                22 => {
                    let b = self.board();
                    let color = self.inp.int(2);
                    let sq = self.inp.int(64);
                    let mut out = Out::new(&mut self.inp, 0x5a5au64);
                    let rc = check(zz_board_attackers(b, color, sq, out.ptr()), "zz_board_attackers");
                    let mut out2 = Out::new(&mut self.inp, false);
                    let rc2 = check(zz_board_is_attacked_by(b, color, sq, out2.ptr()), "zz_board_is_attacked_by");
                    if rc != 0 {
                        out.untouched("zz_board_attackers");
                    }
                    if rc2 != 0 {
                        out2.untouched("zz_board_is_attacked_by");
                    }
                    if let (0, 0, Some(a), Some(x)) = (rc, rc2, out.written(), out2.written()) {
                        assert_eq!(a != 0, x, "attackers() and is_attacked_by() disagree");
                    }
                }
                23 => {
                    let b = self.board();
                    let color = self.inp.int(2);
                    let mut out = Out::new(&mut self.inp, 0x5a5au64);
                    let rc = check(zz_board_pinned(b, color, out.ptr()), "zz_board_pinned");
                    if rc != 0 {
                        out.untouched("zz_board_pinned");
                    }
                }
                24 => {
                    let b = self.board();
                    let m = self.mv(b);
                    let mut out = Out::new(&mut self.inp, false);
                    let rc = check(zz_board_gives_check(b, m, out.ptr()), "zz_board_gives_check");
                    if rc == 0 {
                        if let Some(gives) = out.written() {
                            // Verify by playing it on a clone.
                            let mut c = null_mut();
                            assert_eq!(check(zz_board_clone(b, &mut c), "zz_board_clone"), 0);
                            assert_eq!(check(zz_board_push(c, m), "zz_board_push"), 0, "gives_check OK for an unplayable move");
                            let is = zz_board_is_check(c);
                            zz_board_free(c);
                            assert_eq!(gives, is, "gives_check disagrees with playing the move");
                        }
                    } else {
                        out.untouched("zz_board_gives_check");
                    }
                }
                25 => {
                    let b = self.board();
                    let m = self.mv(b);
                    let _ = zz_board_is_capture(b, m);
                    let _ = zz_board_is_en_passant(b, m);
                    let _ = zz_board_is_castling(b, m);
                    let _ = zz_board_is_zeroing(b, m);
                    let (f, t, p, k) = (zz_move_from_square(m), zz_move_to_square(m), zz_move_promotion(m), zz_move_kind(m));
                    assert!((0..64).contains(&f) && (0..64).contains(&t) && (0..=5).contains(&p) && (0..=3).contains(&k));
                }
                26 => {
                    let b = self.board();
                    let sq = self.inp.int(64);
                    let fill = self.inp.u16();
                    let mut buf = Buf::new(&mut self.inp, ZZ_MAX_MOVES, fill);
                    let mut out_len = Out::new(&mut self.inp, UNSET);
                    let rc = check(zz_board_legal_moves_from(b, sq, buf.ptr(), buf.cap, out_len.ptr()), "zz_board_legal_moves_from");
                    if let Some(moves) = self.check_list_out(rc, "zz_board_legal_moves_from", &buf, fill, &out_len) {
                        if !buf.null {
                            let all = legal(b);
                            let mut want: Vec<u16> = all.iter().copied().filter(|&m| zz_move_from_square(m) == sq).collect();
                            let mut got = moves;
                            want.sort_unstable();
                            got.sort_unstable();
                            assert_eq!(got, want, "legal_moves_from({sq}) differs from filtering legal_moves");
                        }
                    }
                }
                27 => {
                    let b = self.board();
                    let fill = self.inp.u16();
                    let mut buf = Buf::new(&mut self.inp, 64, fill);
                    let mut out_len = Out::new(&mut self.inp, UNSET);
                    let rc = check(zz_board_move_stack(b, buf.ptr(), buf.cap, out_len.ptr()), "zz_board_move_stack");
                    if let Some(moves) = self.check_list_out(rc, "zz_board_move_stack", &buf, fill, &out_len) {
                        if !buf.null {
                            assert_eq!(moves, snapshot(b).stack);
                        }
                    }
                }
                28 => {
                    let b = self.board();
                    let mut out = Out::new(&mut self.inp, 0xdeadu16);
                    let rc = check(zz_board_peek(b, out.ptr()), "zz_board_peek");
                    if rc != 0 {
                        out.untouched("zz_board_peek");
                        assert!(b.is_null() || out.null || zz_board_move_count(b) == 0);
                    }
                }
                29 | 30 | 31 => {
                    let b = self.board();
                    let depth = match self.inp.u8() % 8 {
                        0 => 0,
                        1 | 2 => 1,
                        3 | 4 => 2,
                        5 => ZZ_PERFT_MAX_DEPTH as u32 + 1,
                        6 => u32::MAX,
                        _ => 1000,
                    };
                    let mut reference = 0u64;
                    let ref_rc = if b.is_null() || depth > 2 { -1 } else { check(zz_perft(b, depth, &mut reference), "zz_perft") };
                    match op {
                        29 => {
                            let mut out = Out::new(&mut self.inp, 0x5a5au64);
                            let rc = check(zz_perft(b, depth, out.ptr()), "zz_perft");
                            if rc == 0 {
                                assert!(depth <= 2);
                                assert_eq!(out.written().unwrap(), reference);
                            } else {
                                out.untouched("zz_perft");
                            }
                        }
                        30 => {
                            let fill = zz_perft_entry { r#move: 0xdead, nodes: 0x5a5a };
                            let mut buf = Buf::new(&mut self.inp, ZZ_MAX_MOVES, EntryCmp(fill));
                            let mut out_len = Out::new(&mut self.inp, UNSET);
                            let rc = check(zz_perft_divide(b, depth, buf.ptr().cast(), buf.cap, out_len.ptr()), "zz_perft_divide");
                            if let Some(entries) = self.check_list_out(rc, "zz_perft_divide", &buf, EntryCmp(fill), &out_len) {
                                if !buf.null {
                                    assert!((1..=2).contains(&depth));
                                    let sum: u64 = entries.iter().map(|e| e.0.nodes).sum();
                                    assert_eq!(sum, reference, "perft_divide entries do not sum to perft");
                                    let mut ms: Vec<u16> = entries.iter().map(|e| e.0.r#move).collect();
                                    let mut l = legal(b);
                                    ms.sort_unstable();
                                    l.sort_unstable();
                                    assert_eq!(ms, l, "perft_divide root moves != legal moves");
                                }
                            }
                        }
                        _ => {
                            let opts = zz_perft_options {
                                threads: [0, 1, 2, 1025, u32::MAX][usize::from(self.inp.u8()) % 5],
                                hash_mb: u32::from(self.inp.u8() % 3),
                                stats: self.inp.bool(),
                            };
                            let use_opts = self.inp.u8() % 4 != 0;
                            let optp: *const zz_perft_options = if use_opts { &opts } else { null() };
                            let init = StatsCmp([0x5a5a; 9]);
                            let mut out = Out::new(&mut self.inp, init);
                            let rc = check(zz_perft_ex(b, depth, optp, out.ptr().cast()), "zz_perft_ex");
                            if rc == 0 {
                                assert!(depth <= 2);
                                let s = out.written().unwrap().0;
                                assert_eq!(s[0], reference, "perft_ex nodes != perft");
                                if !(use_opts && opts.stats) {
                                    assert!(s[1..].iter().all(|&x| x == 0), "statistics without stats");
                                } else {
                                    assert!(s[1..].iter().all(|&x| x <= s[0]), "more classified leaves than leaves");
                                }
                            } else {
                                out.untouched("zz_perft_ex");
                                if ref_rc == 0 && !out.null && !(use_opts && opts.threads > 1024) {
                                    assert_eq!(rc, 12, "perft_ex failed where perft succeeds");
                                }
                            }
                        }
                    }
                }
                _ => {
                    let code = self.inp.u32() as i32;
                    assert!(!zz_status_str(code).is_null());
                    assert!(!zz_version().is_null());
                    assert_eq!(zz_version_number(), 1000);
                    let _ = last_error();
                }
            }
        }
    }
}

/// zz_outcome / zz_perft_entry / zz_perft_stats with PartialEq and Debug (same layout).
#[derive(Copy, Clone)]
#[repr(transparent)]
struct OutcomeCmp(zz_outcome);
impl PartialEq for OutcomeCmp {
    fn eq(&self, o: &Self) -> bool {
        self.0.termination == o.0.termination && self.0.winner == o.0.winner
    }
}
impl std::fmt::Debug for OutcomeCmp {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "outcome({}, {})", self.0.termination, self.0.winner)
    }
}

#[derive(Copy, Clone)]
#[repr(transparent)]
struct EntryCmp(zz_perft_entry);
impl PartialEq for EntryCmp {
    fn eq(&self, o: &Self) -> bool {
        self.0.r#move == o.0.r#move && self.0.nodes == o.0.nodes
    }
}
impl std::fmt::Debug for EntryCmp {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "entry({}, {})", self.0.r#move, self.0.nodes)
    }
}

/// zz_perft_stats is nine u64 fields in order.
#[derive(Copy, Clone, PartialEq, Debug)]
#[repr(transparent)]
struct StatsCmp([u64; 9]);
const _: () = assert!(std::mem::size_of::<zz_perft_stats>() == std::mem::size_of::<StatsCmp>());

fuzz_target!(|data: &[u8]| {
    let mut h = Harness { inp: Input { data, at: 0 }, boards: Vec::new() };
    // Most sequences start with a board, so that the first bytes are not wasted on NULLs.
    let mut first = null_mut();
    assert_eq!(check(zz_board_new(&mut first), "zz_board_new"), 0);
    h.boards.push(first);
    let mut ops = 0;
    while !h.inp.done() && ops < MAX_OPS {
        // SAFETY: see `step`.
        unsafe { h.step() };
        ops += 1;
    }
    for b in h.boards.drain(..) {
        // SAFETY: every board in the list is live and listed once.
        unsafe { zz_board_free(b) };
    }
});

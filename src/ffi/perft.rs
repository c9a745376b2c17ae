//! Perft through the C ABI.

use super::board::zz_board;
use super::error::*;
use super::zz_move;
use crate::core::{perft_with, PerftOptions, PerftStats};

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

/// Options for zz_perft_ex(). Zero-initialise it (`zz_perft_options o = {0};`) for the
/// defaults: one thread, no hash, no statistics.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct zz_perft_options {
    /// OS threads that share the root moves: 0 or 1 = the calling thread only; at most 1024.
    pub threads: u32,
    /// Transposition table size in MiB (0 = none), shared by the threads, keyed by Zobrist key
    /// and depth; allocated for the call and freed before it returns. Ignored with `stats`.
    pub hash_mb: u32,
    /// Classify every leaf (captures, checks, mates …) as in the Chess Programming Wiki's perft
    /// tables. Much slower: no bulk counting.
    pub stats: bool,
}

/// Results of zz_perft_ex(): the node count and, if requested, leaf statistics (all counts of
/// leaves, as the Chess Programming Wiki's "Perft Results" columns).
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct zz_perft_stats {
    /// Leaf nodes (the perft count).
    pub nodes: u64,
    /// Leaves reached by a capture (en passant included).
    pub captures: u64,
    /// Leaves reached by an en passant capture.
    pub en_passant: u64,
    /// Leaves reached by castling.
    pub castles: u64,
    /// Leaves reached by a promotion.
    pub promotions: u64,
    /// Leaves where the side to move is in check.
    pub checks: u64,
    /// Single checks given by a piece other than the one that moved.
    pub discovery_checks: u64,
    /// Checks given by two pieces.
    pub double_checks: u64,
    /// Leaves where the side to move is checkmated.
    pub checkmates: u64,
}

/// Perft for big jobs: `depth` plies (0 … ZZ_PERFT_MAX_DEPTH) from the current position with
/// `options` (NULL = defaults: one thread, no hash, no statistics). Writes `*out`; fields other
/// than `nodes` are 0 unless `options->stats`. The board is only read, so other threads may read
/// it meanwhile. Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT (depth, threads >
/// 1024), ZZ_STATUS_OUT_OF_MEMORY (hash table).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_perft_ex(board: *const zz_board, depth: u32, options: *const zz_perft_options, out: *mut zz_perft_stats) -> zz_status {
    guard_status(|| {
        non_null(board, "board")?;
        non_null(out, "out")?;
        let opts = if options.is_null() {
            zz_perft_options::default()
        } else {
            // SAFETY: non-NULL; the caller guarantees it points to a zz_perft_options.
            unsafe { *options }
        };
        if depth > ZZ_PERFT_MAX_DEPTH {
            return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("depth {depth} exceeds ZZ_PERFT_MAX_DEPTH")));
        }
        if opts.threads > 1024 {
            return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("{} threads is more than 1024", opts.threads)));
        }
        // SAFETY: non-NULL; the caller guarantees a live board.
        let b = unsafe { &(*board).inner };
        let o = PerftOptions { threads: opts.threads as usize, hash_mb: opts.hash_mb as usize, stats: opts.stats };
        let s: PerftStats = perft_with(b.position(), depth, o, super::dispatch::perft_fast)
            .map_err(|e| fail(ZZ_STATUS_OUT_OF_MEMORY, e.to_string()))?;
        let result = zz_perft_stats {
            nodes: s.nodes,
            captures: s.captures,
            en_passant: s.en_passant,
            castles: s.castles,
            promotions: s.promotions,
            checks: s.checks,
            discovery_checks: s.discovery_checks,
            double_checks: s.double_checks,
            checkmates: s.checkmates,
        };
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, result) };
        Ok(())
    })
}

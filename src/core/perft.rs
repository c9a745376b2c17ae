//! Perft: the number of leaf nodes of the legal move tree of a given depth (Chess Programming
//! Wiki, "Perft"), with bulk counting at the last ply (a depth-1 node's moves are counted, not
//! played or even written) and copy-make recursion. No heap allocation per node.
//!
//! Two builds of the same recursion: [`perft`] for any x86-64 (or other) CPU, and, on x86-64,
//! [`perft_x86_64_v3`] compiled for CPUs with POPCNT, BMI1, BMI2 and LZCNT (hardware popcount
//! and bit scans). The C ABI picks one at run time (`crate::perft_fast`).

use super::position::{Position, KING_SIDE, QUEEN_SIDE};
use super::types::{Move, MoveKind, MoveList};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use thiserror::Error;

macro_rules! perft_recursion {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        fn $name(pos: &Position, depth: u32) -> u64 {
            if depth == 1 {
                return pos.count_legal_moves();
            }
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let mut nodes = 0;
            for &m in list.iter() {
                let mut child = *pos;
                child.play(m);
                nodes += $name(&child, depth - 1);
            }
            nodes
        }
    };
}

perft_recursion!(perft_portable);

#[cfg(target_arch = "x86_64")]
perft_recursion!(
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    perft_v3
);

/// Perft of `pos` to `depth` plies, for any CPU. `perft(pos, 0)` is 1.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_portable(pos, depth)
}

/// [`perft`] compiled for x86-64 CPUs with POPCNT, BMI1, BMI2 and LZCNT (x86-64-v3 level
/// bit manipulation).
///
/// # Safety
/// Calling it on a CPU without those features is undefined behaviour (the target-feature
/// contract): check with `is_x86_feature_detected!` first, or use `zugzwang::perft_fast`,
/// which does.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
pub fn perft_x86_64_v3(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_v3(pos, depth)
}

/// Perft divided by root move, with `count` computing the perft of each child to
/// `depth - 1`: each legal move with its count. Empty for `depth == 0`.
pub fn perft_divide_with(pos: &Position, depth: u32, count: impl Fn(&Position, u32) -> u64) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            let mut child = *pos;
            child.play(m);
            (m, count(&child, depth - 1))
        })
        .collect()
}

/// Perft divided by root move: each legal move with the perft of the position after it to
/// `depth - 1`. Empty for `depth == 0`.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    perft_divide_with(pos, depth, perft)
}

// ---- statistics (Chess Programming Wiki "Perft Results" columns) -----------------------------

/// Leaf statistics as in the Chess Programming Wiki's perft tables: every leaf is classified by
/// the move that reached it. `checks` counts every check; `double_checks` those by two pieces;
/// `discovery_checks` the single checks given by a piece other than the one that moved (the
/// wiki's "single discovered check only").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PerftStats {
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
    /// Single checks given by a piece that did not move.
    pub discovery_checks: u64,
    /// Checks given by two pieces.
    pub double_checks: u64,
    /// Leaves where the side to move is checkmated.
    pub checkmates: u64,
}

impl std::ops::AddAssign for PerftStats {
    fn add_assign(&mut self, o: PerftStats) {
        self.nodes += o.nodes;
        self.captures += o.captures;
        self.en_passant += o.en_passant;
        self.castles += o.castles;
        self.promotions += o.promotions;
        self.checks += o.checks;
        self.discovery_checks += o.discovery_checks;
        self.double_checks += o.double_checks;
        self.checkmates += o.checkmates;
    }
}

/// Perft with [`PerftStats`] (no bulk counting: every leaf is played and classified).
/// For `depth == 0` the root itself is the one leaf, with no move to classify.
pub fn perft_stats(pos: &Position, depth: u32) -> PerftStats {
    if depth == 0 {
        return PerftStats { nodes: 1, ..Default::default() };
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut stats = PerftStats::default();
    for &m in list.iter() {
        let mut child = *pos;
        child.play(m);
        if depth > 1 {
            stats += perft_stats(&child, depth - 1);
            continue;
        }
        classify_leaf(pos, m, &child, &mut stats);
    }
    stats
}

/// Adds the leaf reached from `pos` by `m` (`child` = the position after it) to `stats`.
fn classify_leaf(pos: &Position, m: Move, child: &Position, stats: &mut PerftStats) {
    stats.nodes += 1;
    if pos.is_capture(m) {
        stats.captures += 1;
    }
    match m.kind() {
        MoveKind::EnPassant => stats.en_passant += 1,
        MoveKind::Castling => stats.castles += 1,
        MoveKind::Promotion => stats.promotions += 1,
        MoveKind::Normal => {}
    }
    let checkers = child.checkers();
    if checkers != 0 {
        stats.checks += 1;
        // The squares the moving pieces landed on (king and rook for castling).
        let moved = match m.kind() {
            MoveKind::Castling => {
                let side = if m.to().file() > m.from().file() { KING_SIDE } else { QUEEN_SIDE };
                let (k, r) = Position::castling_destinations(pos.turn(), side);
                k.bb() | r.bb()
            }
            _ => m.to().bb(),
        };
        if checkers.count_ones() > 1 {
            stats.double_checks += 1;
        } else if checkers & !moved != 0 {
            stats.discovery_checks += 1;
        }
        if !child.has_legal_moves() {
            stats.checkmates += 1;
        }
    }
}

// ---- big jobs: threads and a transposition table ---------------------------------------------

/// A shared perft transposition table: subtree counts keyed by Zobrist key and depth. Lockless
/// (each slot stores `key ^ data` and `data`, so a torn write is detected and ignored), safe
/// to share between threads. Allocated once; no allocation while searching.
pub struct PerftTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: u64,
}

impl PerftTable {
    /// A table of at most `mb` MiB (16-byte slots, a power of two of them; at least one).
    /// Returns `None` if the memory cannot be allocated.
    pub fn new(mb: usize) -> Option<PerftTable> {
        let want = (mb.saturating_mul(1 << 20) / 16).max(1);
        let n = if want.is_power_of_two() { want } else { want.next_power_of_two() >> 1 };
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).ok()?;
        slots.extend((0..n).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Some(PerftTable { slots, mask: n as u64 - 1 })
    }

    fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let slot = &self.slots[(key & self.mask) as usize];
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (check ^ data == key && data & 0xFF == depth as u64).then_some(data >> 8)
    }

    fn store(&self, key: u64, depth: u32, nodes: u64) {
        let data = (nodes << 8) | depth as u64;
        let slot = &self.slots[(key & self.mask) as usize];
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

fn perft_hashed(pos: &Position, depth: u32, table: &PerftTable, count: &(impl Fn(&Position, u32) -> u64 + Sync)) -> u64 {
    // Small subtrees are cheaper to count than to look up.
    if depth <= 2 {
        return count(pos, depth);
    }
    let key = pos.zobrist();
    if let Some(n) = table.probe(key, depth) {
        return n;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = *pos;
        child.play(m);
        nodes += perft_hashed(&child, depth - 1, table, count);
    }
    table.store(key, depth, nodes);
    nodes
}

/// Options for [`perft_with`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PerftOptions {
    /// OS threads sharing the root moves (0 or 1: the calling thread only).
    pub threads: usize,
    /// Transposition table size in MiB (0: none). Not used with `stats`.
    pub hash_mb: usize,
    /// Collect [`PerftStats`] (classifies every leaf; slower).
    pub stats: bool,
}

/// Why [`perft_with`] could not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PerftError {
    /// The transposition table could not be allocated.
    #[error("cannot allocate a {0} MiB perft hash table")]
    OutOfMemory(usize),
}

/// Perft for big jobs: root moves split across `opts.threads` OS threads, an optional shared
/// transposition table, optional statistics. `count` is the perft routine used for subtrees
/// (e.g. [`perft`], or a CPU-specific build). Statistics other than `nodes` stay 0 unless
/// `opts.stats`.
///
/// Worker threads are spawned and joined (not scoped), so the calling thread never gets a
/// Rust thread handle — a C program calling this leaks nothing, even from its main thread.
pub fn perft_with<F>(pos: &Position, depth: u32, opts: PerftOptions, count: F) -> Result<PerftStats, PerftError>
where
    F: Fn(&Position, u32) -> u64 + Send + Sync + Copy + 'static,
{
    if depth == 0 {
        return Ok(PerftStats { nodes: 1, ..Default::default() });
    }
    let table = if opts.hash_mb > 0 && !opts.stats {
        Some(Arc::new(PerftTable::new(opts.hash_mb).ok_or(PerftError::OutOfMemory(opts.hash_mb))?))
    } else {
        None
    };
    let mut roots = MoveList::new();
    pos.legal_moves(&mut roots);
    let job = Arc::new(RootJob { pos: *pos, depth, roots, next: AtomicUsize::new(0), table, stats: opts.stats });
    let threads = opts.threads.clamp(1, 1024).min(job.roots.len().max(1));
    let mut total = PerftStats::default();
    if threads == 1 {
        total = job.work(count);
    } else {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let job = Arc::clone(&job);
                std::thread::spawn(move || job.work(count))
            })
            .collect();
        for h in handles {
            total += h.join().unwrap_or_default();
        }
    }
    Ok(total)
}

/// The root moves of one [`perft_with`] call, shared by its threads.
struct RootJob {
    pos: Position,
    depth: u32,
    roots: MoveList,
    next: AtomicUsize,
    table: Option<Arc<PerftTable>>,
    stats: bool,
}

impl RootJob {
    /// Takes root moves until none is left; returns this thread's share of the statistics.
    fn work(&self, count: impl Fn(&Position, u32) -> u64 + Sync) -> PerftStats {
        let mut stats = PerftStats::default();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&m) = self.roots.get(i) else { break };
            let mut child = self.pos;
            child.play(m);
            if self.stats {
                // A root move at depth 1 is itself the leaf: classify it on the parent.
                if self.depth == 1 {
                    classify_leaf(&self.pos, m, &child, &mut stats);
                } else {
                    stats += perft_stats(&child, self.depth - 1);
                }
            } else {
                stats.nodes += match &self.table {
                    Some(t) => perft_hashed(&child, self.depth - 1, t, &count),
                    None if self.depth == 1 => 1,
                    None => count(&child, self.depth - 1),
                };
            }
        }
        stats
    }
}

//! Perft: the number of leaf nodes of the legal move tree of a given depth (Chess Programming
//! Wiki, "Perft"), with bulk counting at the last ply (a depth-1 node's moves are counted, not
//! played or even written) and copy-make recursion. No heap allocation per node.
//!
//! Two builds of the same recursion: [`perft`] for any x86-64 (or other) CPU, and, on x86-64,
//! [`perft_x86_64_v3`] compiled for CPUs with POPCNT, BMI1, BMI2 and LZCNT (hardware popcount
//! and bit scans). The C ABI picks one at run time (`crate::perft_fast`).

use super::position::Position;
use super::types::{Move, MoveList};

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
/// bit manipulation). Calling it on a CPU without them is undefined behaviour, hence the
/// target-feature contract: check with `is_x86_feature_detected!` first, or use
/// `zugzwang::perft_fast`, which does.
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

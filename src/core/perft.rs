//! Perft: the number of leaf nodes of the legal move tree of a given depth (Chess Programming
//! Wiki, "Perft"), with bulk counting at the last ply (the move count of a depth-1 node is its
//! leaf count) and copy-make recursion. No heap allocation per node.

use super::position::Position;
use super::types::{Move, MoveList};

/// Perft of `pos` to `depth` plies. `perft(pos, 0)` is 1.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(pos, depth)
}

fn perft_inner(pos: &Position, depth: u32) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = *pos;
        child.play(m);
        nodes += perft_inner(&child, depth - 1);
    }
    nodes
}

/// Perft divided by root move: each legal move with the perft of the position after it to
/// `depth - 1`. Empty for `depth == 0`.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            let mut child = *pos;
            child.play(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

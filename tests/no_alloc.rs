//! Proves perft and legal move generation allocate nothing after setup: a counting global
//! allocator records every allocation made by this test binary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use zugzwang::{perft, FenOptions, MoveList, Position};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn perft_and_movegen_do_not_allocate() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    // Setup (parsing allocates strings and errors): done before counting.
    let positions: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(f, FenOptions { chess960: f.contains("HF"), relaxed: false }).unwrap())
        .collect();
    let mut list = MoveList::new();
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut total = 0;
    for pos in &positions {
        total += perft(pos, 3);
        total += zugzwang::perft_fast(pos, 3);
        pos.legal_moves(&mut list);
        total += list.len() as u64;
        for &m in list.iter() {
            let mut p = *pos;
            let undo = p.make_move(m);
            p.unmake_move(m, &undo);
            total += p.count_legal_moves();
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert!(total > 0);
    assert_eq!(after - before, 0, "perft / move generation allocated {} times", after - before);
}

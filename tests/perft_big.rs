//! Perft for big jobs: statistics against the Chess Programming Wiki's "Perft Results" tables
//! (start position depths 1-5, Kiwipete depths 1-4), and threads / transposition table giving
//! the published counts.

use zugzwang::{perft, perft_stats, perft_with, FenOptions, PerftOptions, PerftStats, Position};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (nodes, captures, e.p., castles, promotions, checks, discovery checks, double checks, mates)
fn stats(t: [u64; 9]) -> PerftStats {
    PerftStats {
        nodes: t[0],
        captures: t[1],
        en_passant: t[2],
        castles: t[3],
        promotions: t[4],
        checks: t[5],
        discovery_checks: t[6],
        double_checks: t[7],
        checkmates: t[8],
    }
}

#[test]
fn cpw_statistics_start_position() {
    let pos = Position::startpos();
    let table = [
        [20, 0, 0, 0, 0, 0, 0, 0, 0],
        [400, 0, 0, 0, 0, 0, 0, 0, 0],
        [8902, 34, 0, 0, 0, 12, 0, 0, 0],
        [197281, 1576, 0, 0, 0, 469, 0, 0, 8],
        [4865609, 82719, 258, 0, 0, 27351, 6, 0, 347],
    ];
    for (i, row) in table.iter().enumerate() {
        assert_eq!(perft_stats(&pos, i as u32 + 1), stats(*row), "depth {}", i + 1);
    }
}

#[test]
fn cpw_statistics_kiwipete() {
    let pos = Position::from_fen(KIWIPETE, FenOptions::default()).unwrap();
    let table = [
        [48, 8, 0, 2, 0, 0, 0, 0, 0],
        [2039, 351, 1, 91, 0, 3, 0, 0, 0],
        [97862, 17102, 45, 3162, 0, 993, 0, 0, 1],
        [4085603, 757163, 1929, 128013, 15172, 25523, 42, 6, 43],
    ];
    for (i, row) in table.iter().enumerate() {
        assert_eq!(perft_stats(&pos, i as u32 + 1), stats(*row), "depth {}", i + 1);
    }
}

#[test]
fn threads_and_hash_give_the_published_counts() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609u64),
        (KIWIPETE, 4, 4_085_603),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
    ];
    for (fen, depth, nodes) in cases {
        let pos = Position::from_fen(fen, FenOptions::default()).unwrap();
        for (threads, hash_mb) in [(1, 0), (2, 0), (1, 4), (3, 16), (2, 1)] {
            let opts = PerftOptions { threads, hash_mb, stats: false };
            let got = perft_with(&pos, depth, opts, perft).unwrap();
            assert_eq!(got.nodes, nodes, "{fen} depth {depth} threads {threads} hash {hash_mb}");
        }
        let with_stats = perft_with(&pos, depth, PerftOptions { threads: 2, hash_mb: 8, stats: true }, perft).unwrap();
        assert_eq!(with_stats, perft_stats(&pos, depth));
    }
}

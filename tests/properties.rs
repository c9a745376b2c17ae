//! Property tests (proptest): random legal games from the start position and from Chess960
//! starting arrays. For every ply: make/unmake restores every field, the incremental Zobrist
//! key equals a from-scratch recomputation, FEN out -> FEN in is the identity, and SAN out ->
//! SAN in returns the same move (strict and lenient).

use proptest::prelude::*;
use zugzwang::{Board, EnPassantMode, FenFormat, FenOptions, Position, SanOptions};

/// A Chess960 starting position from its index 0..960 (Scharnagl numbering).
fn chess960_fen(n: usize) -> String {
    let mut rank = [' '; 8];
    let mut n = n;
    let free = |rank: &[char; 8], k: usize| (0..8).filter(|&i| rank[i] == ' ').nth(k).unwrap();
    rank[2 * (n % 4) + 1] = 'b';
    n /= 4;
    rank[2 * (n % 4)] = 'b';
    n /= 4;
    let q = free(&rank, n % 6);
    rank[q] = 'q';
    n /= 6;
    let knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n];
    let (a, b) = (free(&rank, knights.0), free(&rank, knights.1));
    rank[a] = 'n';
    rank[b] = 'n';
    for p in ['r', 'k', 'r'] {
        let i = free(&rank, 0);
        rank[i] = p;
    }
    let black: String = rank.iter().collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", black.to_uppercase())
}

fn check_game(fen: &str, chess960: bool, choices: &[u16]) -> Result<(), TestCaseError> {
    let opts = FenOptions { chess960, relaxed: false };
    let mut board = Board::from_fen(fen, opts).unwrap();
    for &c in choices {
        let pos: Position = *board.position();
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        // FEN out -> FEN in. With the en passant square written after every double push the
        // position and its Polyglot key come back exactly; the default FEN writes it only when
        // the capture is legal, which keeps the position's identity (FIDE 9.2.3) but not a
        // Polyglot key that counted a pseudo-legal capture.
        let always = FenFormat { en_passant: EnPassantMode::Always, shredder: false };
        let exact = Position::from_fen(&pos.fen_with(always), opts).unwrap();
        prop_assert_eq!(exact, pos);
        prop_assert_eq!(exact.zobrist(), pos.zobrist());
        let back = Position::from_fen(&pos.fen(), opts).unwrap();
        prop_assert_eq!(back.fen(), pos.fen());
        prop_assert_eq!(back.identity_key(), pos.identity_key());
        // SAN out -> SAN in, for every legal move.
        for &m in moves.iter() {
            let san = pos.san(m);
            prop_assert_eq!(pos.parse_san(&san, SanOptions { strict: true }), Ok(m), "{} {}", pos.fen(), san);
            prop_assert_eq!(pos.parse_san(&san, SanOptions { strict: false }), Ok(m));
        }
        let m = moves[c as usize % moves.len()];
        // make/unmake restores every field.
        let mut p = pos;
        let undo = p.make_move(m);
        prop_assert_eq!(p.zobrist(), p.compute_zobrist(), "{} {:?}", pos.fen(), m);
        p.unmake_move(m, &undo);
        prop_assert_eq!(p, pos);
        prop_assert_eq!(p.zobrist(), pos.zobrist());
        board.push(m).unwrap();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn standard_games(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_game(zugzwang::STARTING_FEN, false, &choices)?;
    }

    #[test]
    fn chess960_games(start in 0usize..960, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_game(&chess960_fen(start), true, &choices)?;
    }
}

#[test]
fn chess960_numbering() {
    // Scharnagl: position 518 is the standard array.
    assert_eq!(chess960_fen(518), zugzwang::STARTING_FEN);
    assert_eq!(&chess960_fen(0)[..8], "bbqnnrkr");
}

//! SAN both ways on the shared vectors, SAN rejects, and scripted games for each draw rule and
//! outcome (FIDE Laws 5, 9).

use std::path::Path;
use zugzwang::{Board, Color, FenOptions, Outcome, SanError, SanOptions, Termination};

const LENIENT: SanOptions = SanOptions { strict: false };
const STRICT: SanOptions = SanOptions { strict: true };

fn rows(rel: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(rel))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn opts(mode: &str) -> FenOptions {
    FenOptions { chess960: mode == "chess960", relaxed: false }
}

#[test]
fn san_vectors_both_ways() {
    let rows = rows("san/san.tsv");
    assert!(rows.len() > 800);
    for row in &rows {
        let (fen, uci, san, mode) = (&row[0], &row[1], &row[2], &row[3]);
        let board = Board::from_fen(fen, opts(mode)).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let pos = board.position();
        let m = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        assert_eq!(&pos.san(m), san, "{fen} {uci}");
        assert_eq!(pos.parse_san(san, LENIENT), Ok(m), "{fen} {san}");
        assert_eq!(pos.parse_san(san, STRICT), Ok(m), "{fen} {san}");
    }
}

#[test]
fn san_rejects() {
    let rows = rows("san/san_reject.tsv");
    assert!(rows.len() >= 10);
    for row in &rows {
        let (fen, san, expected, mode) = (&row[0], &row[1], &row[3], &row[4]);
        let mut board = Board::from_fen(fen, opts(mode)).unwrap();
        let before = board.clone();
        let err = board.position().parse_san(san, LENIENT).expect_err(san);
        let kind = match err {
            SanError::Invalid(_) => "invalid",
            SanError::Illegal(_) => "illegal",
            SanError::Ambiguous(_) => "ambiguous",
        };
        assert_eq!(kind, expected, "{fen} {san}: {err}");
        assert!(board.push_san(san, LENIENT).is_err());
        assert_eq!(board, before);
    }
}

#[test]
fn lenient_and_strict_forms() {
    let board = Board::new();
    let pos = board.position();
    let nf3 = pos.parse_uci("g1f3").unwrap();
    for text in ["Nf3+", "Nf3#", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3"] {
        assert_eq!(pos.parse_san(text, LENIENT), Ok(nf3), "{text}");
        assert!(matches!(pos.parse_san(text, STRICT), Err(SanError::Invalid(_))), "{text}");
    }
    let e4 = pos.parse_uci("e2e4").unwrap();
    assert_eq!(pos.parse_san("e2e4", LENIENT), Ok(e4));
    assert_eq!(pos.parse_san("e2-e4", LENIENT), Ok(e4));
    assert!(pos.parse_san("e2e4", STRICT).is_err());
    for garbage in ["", "Zz9", "O-O-O-O", "e9", "Nf", "xe4", "e4e4e4", "P"] {
        assert!(matches!(pos.parse_san(garbage, LENIENT), Err(SanError::Invalid(_))), "{garbage:?}");
    }
    // Promotion without '=', castling with zeros, capture without 'x'.
    let b = Board::from_fen("4k3/1P6/8/8/8/8/8/R3K3 w Q - 0 1", FenOptions::default()).unwrap();
    let p = b.position();
    assert_eq!(p.san(p.parse_san("b8Q", LENIENT).unwrap()), "b8=Q+");
    assert_eq!(p.san(p.parse_san("0-0-0", LENIENT).unwrap()), "O-O-O");
    let b = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", FenOptions::default()).unwrap();
    assert_eq!(b.position().san(b.position().parse_san("ed5", LENIENT).unwrap()), "exd5");
    // LAN.
    let b = Board::from_fen("3qk3/4P3/8/8/8/8/8/4K1N1 w - - 0 1", FenOptions::default()).unwrap();
    let p = b.position();
    assert_eq!(p.lan(p.parse_uci("e7d8q").unwrap()), "e7xd8=Q+");
    assert_eq!(p.lan(p.parse_uci("g1f3").unwrap()), "Ng1-f3");
}

fn play(board: &mut Board, sans: &str) {
    for san in sans.split_whitespace() {
        board.push_san(san, STRICT).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

fn draw(termination: Termination) -> Option<Outcome> {
    Some(Outcome { termination, winner: None })
}

#[test]
fn threefold_and_fivefold_by_knight_shuffles() {
    let mut b = Board::new();
    play(&mut b, "Nf3 Nf6 Ng1 Ng8");
    assert!(b.is_repetition(2) && !b.is_repetition(3));
    play(&mut b, "Nf3 Nf6");
    assert!(!b.can_claim_threefold_repetition(), "third occurrence is two plies away");
    play(&mut b, "Ng1");
    // Ng8 would make the start position occur for the third time: claimable now.
    assert!(!b.is_repetition(3));
    assert!(b.can_claim_threefold_repetition());
    assert_eq!(b.outcome(true), draw(Termination::ThreefoldRepetition));
    assert_eq!(b.outcome(false), None);
    play(&mut b, "Ng8");
    assert!(b.is_repetition(3) && b.can_claim_threefold_repetition() && !b.is_fivefold_repetition());
    assert_eq!(b.result(false), "*");
    assert_eq!(b.result(true), "1/2-1/2");
    play(&mut b, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(!b.is_fivefold_repetition());
    play(&mut b, "Ng8");
    assert!(b.is_fivefold_repetition());
    assert_eq!(b.outcome(false), draw(Termination::FivefoldRepetition));
    // Taking moves back undoes the repetition.
    b.pop().unwrap();
    assert!(!b.is_fivefold_repetition());
    // A pawn move makes earlier positions unreachable.
    play(&mut b, "Ng8 e4");
    assert!(!b.is_repetition(2));
}

#[test]
fn fifty_and_seventyfive_move_rules() {
    let quiet = "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80";
    let mut b = Board::from_fen(quiet, FenOptions::default()).unwrap();
    assert!(!b.can_claim_fifty_moves());
    play(&mut b, "Ra2 Kd8");
    // Clock 100.
    assert_eq!(b.position().halfmove_clock(), 100);
    assert!(b.can_claim_fifty_moves());
    assert_eq!(b.outcome(true), draw(Termination::FiftyMoves));
    assert_eq!(b.outcome(false), None);
    b.pop().unwrap();
    // Clock 99: a quiet move reaches 100, so the claim is already possible.
    assert!(b.can_claim_fifty_moves());
    // A pawn move resets the clock.
    let mut c = Board::from_fen(quiet, FenOptions::default()).unwrap();
    play(&mut c, "e4 Kd7");
    assert_eq!(c.position().halfmove_clock(), 1);
    assert!(!c.can_claim_fifty_moves());
    // Across a capture too.
    let mut d = Board::from_fen("4k3/8/8/8/8/8/r7/R3K3 w - - 120 90", FenOptions::default()).unwrap();
    assert!(d.can_claim_fifty_moves() && !d.is_seventyfive_moves());
    play(&mut d, "Rxa2");
    assert_eq!(d.position().halfmove_clock(), 0);
    assert!(!d.can_claim_fifty_moves());
    // Seventy-five: automatic at 150.
    let mut e = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 120", FenOptions::default()).unwrap();
    assert!(!e.is_seventyfive_moves());
    play(&mut e, "Ra2");
    assert!(e.is_seventyfive_moves());
    assert_eq!(e.outcome(false), draw(Termination::SeventyfiveMoves));
    // ... unless the move that reached 150 mated.
    let mut f = Board::from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 120", FenOptions::default()).unwrap();
    play(&mut f, "Ra8#");
    assert!(!f.is_seventyfive_moves());
    assert_eq!(f.outcome(false), Some(Outcome { termination: Termination::Checkmate, winner: Some(Color::White) }));
    assert_eq!(f.result(false), "1-0");
}

#[test]
fn insufficient_material_classes() {
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true, "K vs K"),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true, "KN vs K"),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true, "KB vs K"),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true, "KB vs KB, bishops on dark squares"),
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false, "KB vs KB, opposite colours"),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, false, "KN vs KN (helpmate exists)"),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, true, "KNN vs K"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, true, "KP vs K"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, true, "KR vs K"),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, true, "KQ vs K"),
        ("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false, "KB vs KN"),
    ];
    for (fen, white_insufficient, black_insufficient, what) in cases {
        let b = Board::from_fen(fen, FenOptions::default()).unwrap();
        let p = b.position();
        assert_eq!(p.has_insufficient_material(Color::White), white_insufficient, "{what}");
        assert_eq!(p.has_insufficient_material(Color::Black), black_insufficient, "{what}");
        let dead = white_insufficient && black_insufficient;
        assert_eq!(p.is_insufficient_material(), dead, "{what}");
        assert_eq!(b.outcome(false), if dead { draw(Termination::InsufficientMaterial) } else { None }, "{what}");
    }
}

#[test]
fn mate_and_stalemate() {
    let mut b = Board::new();
    play(&mut b, "f3 e5 g4 Qh4#");
    assert!(b.position().is_checkmate());
    assert_eq!(b.outcome(false), Some(Outcome { termination: Termination::Checkmate, winner: Some(Color::Black) }));
    assert_eq!(b.result(false), "0-1");
    let s = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", FenOptions::default()).unwrap();
    assert!(s.position().is_stalemate());
    assert_eq!(s.outcome(false), draw(Termination::Stalemate));
}

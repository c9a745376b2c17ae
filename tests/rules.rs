//! Rules core against independent vectors: shared FEN rejects and round trips, Polyglot keys,
//! make/unmake and the incremental key on games from the perft files, UCI round trips.

use std::path::Path;
use zugzwang::{Board, FenError, FenOptions, Move, MoveKind, MoveList, Position, STARTING_FEN};

fn data(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(rel)).unwrap()
}

/// Non-comment, non-header rows of a TSV file, split on tabs.
fn rows(rel: &str) -> Vec<Vec<String>> {
    data(rel)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The error kind a rejected FEN of a given category/reason must produce.
fn kind_matches(category: &str, reason: &str, e: &FenError) -> bool {
    use FenError::*;
    match category {
        "fields" => matches!(e, FieldCount { .. }),
        "board" => matches!(e, RankCount { .. } | RankLength { .. } | BoardChar { .. } | BoardDigit { .. }),
        "turn" => matches!(e, Turn { .. }),
        "castling" if reason.contains("rook") || reason.contains("king") => matches!(e, CastlingRights { .. }),
        "castling" => matches!(e, CastlingSyntax { .. }),
        "ep" if reason.contains("off the board") || reason.contains("bad file") || reason.contains("without rank") || reason.contains("uppercase") => {
            matches!(e, EnPassantSyntax { .. })
        }
        "ep" => matches!(e, EnPassantSquare { .. }),
        "clock" if reason.contains("halfmove") => matches!(e, HalfmoveClock { .. }),
        "clock" => matches!(e, FullmoveNumber { .. }),
        "position" if reason.contains("impossible") => matches!(e, ImpossibleCheck { .. }),
        "position" if reason.contains("missing") || reason.contains("no kings") => matches!(e, MissingKing { .. }),
        "position" if reason.contains("two") && reason.contains("kings") => matches!(e, TooManyKings { .. }),
        "position" if reason.contains("rank") => matches!(e, PawnOnBackRank { .. }),
        "position" if reason.contains("in check") || reason.contains("adjacent") => matches!(e, OppositeCheck { .. }),
        _ => false,
    }
}

#[test]
fn invalid_fens_are_refused_with_their_kind() {
    let mut checked = 0;
    for row in rows("fen/invalid.tsv") {
        let (fen, category, reason, expect) = (&row[0], &row[1], &row[2], &row[3]);
        if expect != "reject" {
            continue;
        }
        // Castling rows describe standard chess (e.g. a king off e1 is fine in Chess960).
        let modes: &[FenOptions] = if category == "castling" {
            &[FenOptions { chess960: false, relaxed: false }]
        } else {
            &[FenOptions { chess960: false, relaxed: false }, FenOptions { chess960: true, relaxed: false }]
        };
        for &opts in modes {
            let err = Position::from_fen(fen, opts).expect_err(fen);
            assert!(kind_matches(category, reason, &err), "{fen} ({category}: {reason}) gave {err:?}");
            assert!(!err.to_string().is_empty());
        }
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} rejects checked");
}

#[test]
fn valid_fens_round_trip() {
    let rows = rows("fen/valid_roundtrip.tsv");
    assert!(rows.len() >= 8);
    for row in rows {
        let pos = Position::from_fen(&row[0], FenOptions::default()).unwrap_or_else(|e| panic!("{}: {e}", row[0]));
        assert_eq!(pos.fen(), row[1], "{}", row[2]);
        // The written FEN reads back to the same position.
        assert_eq!(Position::from_fen(&row[1], FenOptions::default()).unwrap().fen(), row[1]);
    }
}

#[test]
fn polyglot_keys() {
    let rows = rows("zobrist/polyglot.tsv");
    assert!(rows.len() >= 9);
    for row in rows {
        let mut board = Board::from_fen(&row[0], FenOptions::default()).unwrap();
        if row[1] != "-" {
            for uci in row[1].split(' ') {
                board.push_uci(uci).unwrap();
            }
        }
        let key = u64::from_str_radix(&row[3], 16).unwrap();
        assert_eq!(board.position().zobrist(), key, "after {}", row[1]);
        assert_eq!(board.position().compute_zobrist(), key);
        let fen = board.position().fen();
        let reparsed = Position::from_fen(&row[2], FenOptions::default()).unwrap();
        assert_eq!(reparsed.zobrist(), key, "{}", row[2]);
        assert_eq!(fen, reparsed.fen());
    }
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Positions from the perft files (standard and Chess960).
fn perft_positions() -> Vec<(String, FenOptions)> {
    let mut out = Vec::new();
    for (file, opts) in [
        ("perft/standard.epd", FenOptions::default()),
        ("perft/tricky.epd", FenOptions::default()),
        ("perft/random.epd", FenOptions::default()),
        ("perft/chess960.epd", FenOptions { chess960: true, relaxed: false }),
    ] {
        for line in data(file).lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).step_by(7) {
            out.push((line.split(';').next().unwrap().trim().to_string(), opts));
        }
    }
    out
}

#[test]
fn make_unmake_and_incremental_key_on_random_games() {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for (fen, opts) in perft_positions() {
        let mut board = Board::from_fen(&fen, opts).unwrap();
        let mut snapshots = vec![(board.position().fen_with(Default::default()), *board.position())];
        for _ in 0..60 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(xorshift(&mut rng) % moves.len() as u64) as usize];
            board.push(m).unwrap();
            let pos = board.position();
            assert_eq!(pos.zobrist(), pos.compute_zobrist(), "{fen} after {m:?}");
            // FEN out -> FEN in is the identity.
            let back = Position::from_fen(&pos.fen(), opts).unwrap();
            assert_eq!(back.fen(), pos.fen());
            snapshots.push((pos.fen(), *pos));
        }
        snapshots.pop();
        while let Ok(_m) = board.pop() {
            let (fen_before, pos_before) = snapshots.pop().unwrap();
            assert_eq!(board.position().fen(), fen_before);
            assert_eq!(*board.position(), pos_before);
            assert_eq!(board.position().zobrist(), pos_before.zobrist());
        }
        assert!(snapshots.is_empty());
    }
}

#[test]
fn uci_round_trip_for_every_legal_move() {
    for (fen, opts) in perft_positions() {
        let pos = Position::from_fen(&fen, opts).unwrap();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for &m in list.iter() {
            let text = pos.uci(m);
            assert_eq!(pos.parse_uci(&text), Ok(m), "{fen}: {text}");
            if m.kind() == MoveKind::Castling {
                if opts.chess960 {
                    assert_eq!(m.to(), zugzwang::Square::parse(&text[2..4]).unwrap(), "king takes rook");
                } else {
                    // Standard chess also accepts king-takes-rook.
                    let ktr = format!("{}{}", m.from(), m.to());
                    assert_eq!(pos.parse_uci(&ktr), Ok(m));
                    assert!(text == "e1g1" || text == "e1c1" || text == "e8g8" || text == "e8c8", "{text}");
                }
            }
        }
    }
}

#[test]
fn uci_errors() {
    let pos = Position::startpos();
    for bad in ["", "e2", "e2e", "e2e4qq", "i2i4", "e2e9", "e7e8k", "E2E4", "e2e4 "] {
        assert!(matches!(pos.parse_uci(bad), Err(zugzwang::UciError::Syntax(_))), "{bad:?}");
    }
    for illegal in ["e2e5", "e1g1", "a1a1", "e7e5", "b1d2"] {
        assert!(matches!(pos.parse_uci(illegal), Err(zugzwang::UciError::Illegal(_))), "{illegal:?}");
    }
    assert_eq!(pos.uci(Move::NULL), "0000");
}

#[test]
fn illegal_push_leaves_board_unchanged() {
    let mut board = Board::from_fen(STARTING_FEN, FenOptions::default()).unwrap();
    board.push_uci("e2e4").unwrap();
    let before = board.clone();
    for raw in [0u16, 0xFFFF, 12 | (28 << 6), 1 | (18 << 6) | (3 << 14)] {
        assert!(board.push(Move(raw)).is_err());
        assert_eq!(board, before);
    }
    assert!(board.push_uci("e2e4").is_err());
    assert_eq!(board, before);
    assert!(board.set_fen("not a fen", FenOptions::default()).is_err());
    assert_eq!(board, before);
    board.pop().unwrap();
    assert!(board.pop().is_err());
    assert_eq!(board.position().fen(), STARTING_FEN);
}

#[test]
fn chess960_castling_notation() {
    // X-FEN: outermost rooks read as KQkq and are written back that way; Shredder on request.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let pos = Position::from_fen(fen, FenOptions { chess960: true, relaxed: false }).unwrap();
    assert_eq!(pos.castling_fen(true), "HFhf");
    assert_eq!(pos.castling_fen(false), "KQkq");
    let xfen = pos.fen();
    let again = Position::from_fen(&xfen, FenOptions { chess960: true, relaxed: false }).unwrap();
    assert_eq!(again.castling_rights(), pos.castling_rights());
    // Standard chess does not read Shredder letters.
    assert!(Position::from_fen(fen, FenOptions::default()).is_err());
}

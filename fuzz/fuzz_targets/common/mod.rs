//! Shared helpers of the fuzz targets: the positions of the repository's test vectors, and the
//! property checks every parsed position must pass. Every failed check panics (libFuzzer then
//! aborts and saves the input).
#![allow(dead_code)]

use std::sync::OnceLock;
use zugzwang::{Color, FenFormat, FenOptions, EnPassantMode, Move, MoveList, Position, Role, SanOptions, Square};

const SAN_TSV: &str = include_str!("../../../tests/data/san/san.tsv");
const SAN_REJECT_TSV: &str = include_str!("../../../tests/data/san/san_reject.tsv");
const FEN_VALID_TSV: &str = include_str!("../../../tests/data/fen/valid_roundtrip.tsv");
const PERFT_STANDARD: &str = include_str!("../../../tests/data/perft/standard.epd");
const PERFT_TRICKY: &str = include_str!("../../../tests/data/perft/tricky.epd");
const PERFT_RELAXED: &str = include_str!("../../../tests/data/perft/tricky_relaxed.epd");
const PERFT_960: &str = include_str!("../../../tests/data/perft/chess960.epd");

/// A FEN of the test vectors and the options it is meant to be read with.
pub struct Seed {
    pub fen: String,
    pub opts: FenOptions,
    pub pos: Position,
}

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim_end).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Every distinct FEN of the repository's test vectors (SAN, FEN and perft files) that parses,
/// with its options. Deterministic order, so a fuzz input always selects the same position.
pub fn seeds() -> &'static [Seed] {
    static SEEDS: OnceLock<Vec<Seed>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut raw: Vec<(String, FenOptions)> = Vec::new();
        let std = FenOptions { chess960: false, relaxed: false };
        let c960 = FenOptions { chess960: true, relaxed: false };
        for tsv in [SAN_TSV, SAN_REJECT_TSV] {
            let mut cols: Option<Vec<&str>> = None;
            for line in data_lines(tsv) {
                let f: Vec<&str> = line.split('\t').collect();
                let Some(header) = &cols else {
                    cols = Some(f);
                    continue;
                };
                let mode = header.iter().position(|c| *c == "mode").and_then(|i| f.get(i).copied());
                let opts = if mode == Some("chess960") { c960 } else { std };
                raw.push((f[0].to_string(), opts));
            }
        }
        for line in data_lines(FEN_VALID_TSV).skip(1) {
            raw.push((line.split('\t').next().unwrap().to_string(), std));
        }
        for (text, opts) in [
            (PERFT_STANDARD, std),
            (PERFT_TRICKY, std),
            (PERFT_RELAXED, FenOptions { chess960: false, relaxed: true }),
            (PERFT_960, c960),
        ] {
            for line in data_lines(text) {
                raw.push((line.split(';').next().unwrap().trim().to_string(), opts));
            }
        }
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for (fen, opts) in raw {
            if !seen.insert((fen.clone(), opts.chess960, opts.relaxed)) {
                continue;
            }
            if let Ok(pos) = Position::from_fen(&fen, opts) {
                out.push(Seed { fen, opts, pos });
            }
        }
        assert!(out.len() > 100, "test vectors not found");
        out
    })
}

/// The four combinations of the FEN parse flags.
pub const ALL_OPTS: [FenOptions; 4] = [
    FenOptions { chess960: false, relaxed: false },
    FenOptions { chess960: true, relaxed: false },
    FenOptions { chess960: false, relaxed: true },
    FenOptions { chess960: true, relaxed: true },
];

pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

/// The piece array, the bitboards and the Zobrist key agree.
pub fn check_consistency(pos: &Position, what: &str) {
    let mut occ = 0u64;
    for color in Color::ALL {
        for role in Role::ALL {
            occ |= pos.pieces(color, role);
        }
    }
    assert_eq!(occ, pos.occupied(), "{what}: occupied() is not the union of the piece bitboards");
    for i in 0..64u32 {
        let sq = Square::new(i).unwrap();
        let bit = 1u64 << i;
        match pos.piece_at(sq) {
            None => assert_eq!(pos.occupied() & bit, 0, "{what}: {sq:?} empty in the array but occupied"),
            Some(p) => {
                assert_ne!(pos.pieces(p.color, p.role) & bit, 0, "{what}: {sq:?} holds {p:?} but its bitboard disagrees");
                assert_ne!(pos.by_color(p.color) & bit, 0, "{what}: by_color disagrees on {sq:?}");
                assert_ne!(pos.by_role(p.role) & bit, 0, "{what}: by_role disagrees on {sq:?}");
            }
        }
    }
    assert_eq!(pos.pieces(Color::White, Role::King).count_ones(), 1, "{what}: white king count");
    assert_eq!(pos.pieces(Color::Black, Role::King).count_ones(), 1, "{what}: black king count");
    assert_eq!(pos.zobrist(), pos.compute_zobrist(), "{what}: incremental Zobrist key != computed key");
    // The side that just moved is never in check.
    let them = pos.turn().other();
    assert!(
        !pos.is_attacked(pos.king(them), pos.turn(), pos.occupied()),
        "{what}: the side not to move is in check"
    );
}

/// FEN output round trips: the written FEN parses back (same options) to a position that
/// writes the same FEN; with the en passant square always written, the re-parsed position is
/// equal (all FEN fields) to the original.
pub fn check_fen_roundtrip(pos: &Position, opts: FenOptions, what: &str) {
    let fen = pos.fen();
    let back = Position::from_fen(&fen, opts).unwrap_or_else(|e| panic!("{what}: written FEN {fen:?} does not parse back: {e}"));
    assert_eq!(back.fen(), fen, "{what}: FEN not stable under a round trip");
    for shredder in [false, true] {
        for en_passant in [EnPassantMode::Always, EnPassantMode::PseudoLegal, EnPassantMode::Legal] {
            let full = pos.fen_with(FenFormat { en_passant, shredder });
            let back = Position::from_fen(&full, opts)
                .unwrap_or_else(|e| panic!("{what}: written FEN {full:?} ({en_passant:?}, shredder {shredder}) does not parse back: {e}"));
            if en_passant == EnPassantMode::Always {
                assert!(back == *pos, "{what}: FEN {full:?} parses back to a different position");
                // (Only here: the default FEN drops an ep square whose capture is pseudo-legal
                // but illegal, which the Polyglot key counts.)
                assert_eq!(back.zobrist(), pos.zobrist(), "{what}: Zobrist key changed by a FEN round trip of {full:?}");
            }
            assert_eq!(back.fen(), fen, "{what}: {full:?} parses back to a position that writes another FEN");
        }
    }
}

/// Notation of one legal move: san()/uci() parse back to it (lenient and strict SAN).
pub fn check_notation(pos: &Position, m: Move, what: &str) {
    let uci = pos.uci(m);
    match pos.parse_uci(&uci) {
        Ok(back) => assert_eq!(back, m, "{what}: uci {uci:?} of {m:?} parses to {back:?}"),
        Err(e) => panic!("{what}: uci {uci:?} of legal move {m:?} does not parse: {e}"),
    }
    let san = pos.san(m);
    for strict in [false, true] {
        match pos.parse_san(&san, SanOptions { strict }) {
            Ok(back) => assert_eq!(back, m, "{what}: san {san:?} of {m:?} parses (strict {strict}) to {back:?}"),
            Err(e) => panic!("{what}: san {san:?} of legal move {m:?} does not parse (strict {strict}): {e}"),
        }
    }
    let _ = pos.lan(m);
    let _ = pos.is_capture(m);
}

/// Makes and unmakes one legal move: the Zobrist key stays right, the result is consistent
/// and a valid position (it parses back with the relaxed options), and unmake restores the
/// position and key exactly.
pub fn check_make_unmake(pos: &Position, m: Move, what: &str) -> Position {
    let mut p = *pos;
    let undo = p.make_move(m);
    let after = format!("{what}, after {}", pos.uci(m));
    check_consistency(&p, &after);
    assert_ne!(p.turn(), pos.turn(), "{after}: side to move did not change");
    let relaxed = FenOptions { chess960: pos.is_chess960(), relaxed: true };
    let full = p.fen_with(FenFormat { en_passant: EnPassantMode::Always, shredder: true });
    match Position::from_fen(&full, relaxed) {
        Ok(back) => assert!(back == p, "{after}: FEN {full:?} parses back to a different position"),
        Err(e) => panic!("{after}: FEN {full:?} of the position after a legal move is refused: {e}"),
    }
    let made = p;
    p.unmake_move(m, &undo);
    assert!(p == *pos, "{what}: make/unmake of {m:?} does not restore the position: {} vs {}", p.fen(), pos.fen());
    assert_eq!(p.zobrist(), pos.zobrist(), "{what}: make/unmake of {m:?} does not restore the Zobrist key");
    check_consistency(&p, &format!("{what}, after unmaking {m:?}"));
    made
}

/// Every property of a parsed position (used by the fen target on each parse, and by the
/// san/uci targets on the selected position after a move).
pub fn check_position(pos: &Position, opts: FenOptions, what: &str) {
    check_consistency(pos, what);
    assert_eq!(pos.is_chess960(), opts.chess960, "{what}: chess960 flag not kept");
    check_fen_roundtrip(pos, opts, what);
    let moves = legal_moves(pos);
    assert_eq!(moves.len() as u64, pos.count_legal_moves(), "{what}: count_legal_moves != legal_moves().len()");
    for (i, &m) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(&m), "{what}: legal move {m:?} listed twice");
        assert!(pos.is_legal(m), "{what}: is_legal({m:?}) false for a generated move");
        check_notation(pos, m, what);
        check_make_unmake(pos, m, what);
    }
}

/// Splits a fuzz input into a position and a string. With a newline, the first line is a FEN
/// (read with the first flag combination of [`ALL_OPTS`] that accepts it) and the rest is the
/// string; without one, the first two bytes select a test-vector position ([`seeds`]) and the
/// rest is the string. `None` if the first line is not a FEN.
pub fn split_input(data: &[u8]) -> Option<(Position, FenOptions, &[u8])> {
    if let Some(nl) = data.iter().position(|&b| b == b'\n') {
        let fen = std::str::from_utf8(&data[..nl]).ok()?;
        let rest = &data[nl + 1..];
        for opts in ALL_OPTS {
            if let Ok(pos) = Position::from_fen(fen, opts) {
                return Some((pos, opts, rest));
            }
        }
        None
    } else {
        let (&sel, rest) = data.split_first()?;
        let (&sel2, rest2) = rest.split_first().unwrap_or((&0, rest));
        let seeds = seeds();
        let s = &seeds[(usize::from(sel) << 8 | usize::from(sel2)) % seeds.len()];
        Some((s.pos, s.opts, rest2))
    }
}

//! Differential test against shakmaty (a dev-dependency used only as an oracle): seeded random
//! games from the start position and from positions of the perft files (standard and
//! Chess960). At every ply both libraries must agree on the legal move set (as UCI), the SAN
//! of every legal move, the FEN, check / checkmate / stalemate, and the Polyglot key.
//!
//! `ZZ_DIFF_GAMES` overrides the number of games (default 10,000 in release builds).

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::BTreeSet;
use std::path::Path;
use zugzwang::{Board, FenOptions};

const MAX_PLIES: usize = 160;

fn start_positions() -> Vec<(String, bool)> {
    let mut out = vec![(zugzwang::STARTING_FEN.to_string(), false)];
    for (file, chess960) in [("standard.epd", false), ("tricky.epd", false), ("random.epd", false), ("chess960.epd", true)] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft").join(file)).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            out.push((line.split(';').next().unwrap().trim().to_string(), chess960));
        }
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[derive(Default)]
struct Stats {
    games: u64,
    plies: u64,
    moves_compared: u64,
    ep_legal_vs_pseudo: u64,
}

fn play_game(fen: &str, chess960: bool, rng: &mut Rng, stats: &mut Stats) {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let mut ours = Board::from_fen(fen, FenOptions { chess960, relaxed: false }).unwrap();
    let mut theirs: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
    for ply in 0..=MAX_PLIES {
        let ctx = || format!("game from {fen} ply {ply}: {}", ours.position().fen());
        let pos = ours.position();
        // FEN, checks, key.
        assert_eq!(pos.fen(), Fen::from_position(&theirs, EnPassantMode::Legal).to_string(), "{}", ctx());
        assert_eq!(pos.is_check(), theirs.is_check(), "{}", ctx());
        assert_eq!(pos.is_checkmate(), theirs.is_checkmate(), "{}", ctx());
        assert_eq!(pos.is_stalemate(), theirs.is_stalemate(), "{}", ctx());
        let key: Zobrist64 = theirs.zobrist_hash(EnPassantMode::PseudoLegal);
        assert_eq!(pos.zobrist(), key.0, "{}", ctx());
        let legal_key: Zobrist64 = theirs.zobrist_hash(EnPassantMode::Legal);
        if legal_key != key {
            stats.ep_legal_vs_pseudo += 1;
        }
        // Legal moves as UCI, and SAN of each.
        let our_moves = ours.legal_moves();
        let their_moves = theirs.legal_moves();
        let ours_uci: BTreeSet<String> = our_moves.iter().map(|&m| pos.uci(m)).collect();
        let theirs_uci: BTreeSet<String> = their_moves.iter().map(|m| m.to_uci(mode).to_string()).collect();
        assert_eq!(ours_uci, theirs_uci, "{}", ctx());
        assert_eq!(our_moves.len(), their_moves.len(), "{}", ctx());
        for m in their_moves.iter() {
            let uci = m.to_uci(mode).to_string();
            let mine = pos.parse_uci(&uci).unwrap();
            assert_eq!(pos.san(mine), SanPlus::from_move(theirs.clone(), *m).to_string(), "{} move {uci}", ctx());
        }
        stats.moves_compared += our_moves.len() as u64;
        if our_moves.is_empty() || ply == MAX_PLIES {
            break;
        }
        let pick = &their_moves[(rng.next() % their_moves.len() as u64) as usize];
        let uci = pick.to_uci(mode).to_string();
        ours.push_uci(&uci).unwrap();
        theirs.play_unchecked(*pick);
        stats.plies += 1;
    }
    stats.games += 1;
}

#[test]
fn random_games_agree_with_shakmaty() {
    let games: u64 = std::env::var("ZZ_DIFF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 200 } else { 10_000 });
    let starts = start_positions();
    // Two threads (the CI machine has two cores); each plays every other game.
    let stats: Vec<Stats> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u64)
            .map(|t| {
                let starts = &starts;
                s.spawn(move || {
                    let mut stats = Stats::default();
                    for g in (t..games).step_by(2) {
                        let mut rng = Rng(0xC0FF_EE00 ^ g);
                        // Half the games from the start position, half from perft positions.
                        let (fen, chess960) = if g % 2 == 0 { &starts[0] } else { &starts[(rng.next() % starts.len() as u64) as usize] };
                        play_game(fen, *chess960, &mut rng, &mut stats);
                    }
                    stats
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let total = stats.iter().fold(Stats::default(), |a, b| Stats {
        games: a.games + b.games,
        plies: a.plies + b.plies,
        moves_compared: a.moves_compared + b.moves_compared,
        ep_legal_vs_pseudo: a.ep_legal_vs_pseudo + b.ep_legal_vs_pseudo,
    });
    assert_eq!(total.games, games);
    eprintln!(
        "differential: {} games, {} plies, {} legal moves compared (SAN each); {} positions where a pseudo-legal en passant is illegal (Polyglot key keeps the file, shakmaty's Legal mode would not)",
        total.games, total.plies, total.moves_compared, total.ep_legal_vs_pseudo
    );
}

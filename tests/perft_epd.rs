//! Perft through the Rust API on every position of the shared perft files (tests/data/perft),
//! each `;Dn` count checked when it is at most the node budget (env `ZZ_MAX_NODES`, default
//! 1,000,000 for debug builds and 5,000,000 for release builds).

use std::path::Path;
use zugzwang::{perft, perft_divide, FenOptions, Position};

fn budget() -> u64 {
    std::env::var("ZZ_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 100_000 } else { 5_000_000 })
}

/// Runs every line of one EPD file; returns (positions, counts checked).
fn run_file(name: &str, opts: FenOptions) -> (usize, usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let max = budget();
    let (mut positions, mut checked) = (0, 0);
    let mut failures = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = match Position::from_fen(fen, opts) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{fen}: refused: {e}"));
                continue;
            }
        };
        positions += 1;
        for field in parts {
            let field = field.trim();
            let (d, n) = field.split_once(' ').unwrap();
            let depth: u32 = d.trim_start_matches('D').parse().unwrap();
            let expected: u64 = n.trim().parse().unwrap();
            if expected > max {
                continue;
            }
            let got = perft(&pos, depth);
            checked += 1;
            if got != expected {
                failures.push(format!("{fen} depth {depth}: expected {expected}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures in {name}:\n{}", failures.len(), failures.join("\n"));
    assert!(positions > 0 && checked > 0);
    eprintln!("{name}: {positions} positions, {checked} counts checked (budget {max} nodes)");
    (positions, checked)
}

#[test]
fn standard() {
    run_file("standard.epd", FenOptions::default());
}

#[test]
fn tricky() {
    run_file("tricky.epd", FenOptions::default());
}

#[test]
fn tricky_relaxed() {
    run_file("tricky_relaxed.epd", FenOptions { relaxed: true, ..Default::default() });
}

#[test]
fn random() {
    run_file("random.epd", FenOptions::default());
}

#[test]
fn chess960() {
    run_file("chess960.epd", FenOptions { chess960: true, ..Default::default() });
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::startpos();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 20);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 8902);
}

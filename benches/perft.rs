//! `make bench` / `cargo bench --bench perft`: perft throughput of zugzwang and its Rust peers,
//! side by side, interleaved in one run (round 1: every position × every engine, then round
//! 2, …), single thread, bulk counting at the last ply. Prints median Mnps per engine and
//! position, the ratio zugzwang-ABI / peer, and instructions per node counted by callgrind.
//!
//! Engines:
//! * `zz-abi`: the C program `build/perft` linked to the shared library (the C ABI path);
//!   it times itself, so process start-up is not counted.
//! * `zz-rust`: zugzwang's Rust API (`zugzwang::perft_fast`).
//! * `cozy-chess` 0.3.4, `chess` 3.2.0, `shakmaty` 0.30.1, each in its idiomatic perft with
//!   bulk counting.
//!
//! Environment: `ZZ_BENCH_ROUNDS` (default 5), `ZZ_PERFT_BIN` (default `build/perft`),
//! `ZZ_BENCH_CALLGRIND=0` skips the instruction counts.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
    nodes: u64,
}

const CASES: [Case; 5] = [
    Case { name: "startpos d6", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", depth: 6, nodes: 119_060_324 },
    Case { name: "kiwipete d5", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", depth: 5, nodes: 193_690_690 },
    Case { name: "cpw pos3 d7", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", depth: 7, nodes: 178_633_661 },
    Case { name: "cpw pos4 d5", fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", depth: 5, nodes: 15_833_292 },
    Case { name: "cpw pos5 d5", fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", depth: 5, nodes: 89_941_194 },
];

const ENGINES: [&str; 5] = ["zz-abi", "zz-rust", "cozy-chess", "chess", "shakmaty"];

fn perft_bin() -> PathBuf {
    std::env::var_os("ZZ_PERFT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("build/perft"))
}

// ---- the peers' idiomatic perft ------------------------------------------------------------

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.map(|m| chess_perft(&board.make_move_new(m), depth - 1)).sum()
}

/// Runs one engine on one case; returns (nodes, seconds).
fn run(engine: &str, case: &Case) -> (u64, f64) {
    match engine {
        "zz-abi" => {
            let out = Command::new(perft_bin())
                .arg(case.fen)
                .arg(case.depth.to_string())
                .output()
                .expect("run build/perft (make build/perft first)");
            let text = String::from_utf8_lossy(&out.stdout);
            let nodes = text
                .lines()
                .find_map(|l| l.strip_prefix(&format!("perft({}) = ", case.depth)))
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| panic!("unexpected build/perft output: {text}"));
            let secs = text
                .lines()
                .find_map(|l| l.strip_prefix("time: "))
                .and_then(|t| t.split(' ').next())
                .and_then(|t| t.parse().ok())
                .unwrap_or_else(|| panic!("unexpected build/perft output: {text}"));
            (nodes, secs)
        }
        _ => {
            let start;
            let nodes = match engine {
                "zz-rust" => {
                    let pos = zugzwang::Position::from_fen(case.fen, Default::default()).unwrap();
                    start = Instant::now();
                    zugzwang::perft_fast(&pos, case.depth)
                }
                "cozy-chess" => {
                    let board: cozy_chess::Board = case.fen.parse().unwrap();
                    start = Instant::now();
                    cozy_perft(&board, case.depth)
                }
                "chess" => {
                    let board: chess::Board = case.fen.parse().unwrap();
                    start = Instant::now();
                    chess_perft(&board, case.depth)
                }
                "shakmaty" => {
                    let pos: shakmaty::Chess = case
                        .fen
                        .parse::<shakmaty::fen::Fen>()
                        .unwrap()
                        .into_position(shakmaty::CastlingMode::Standard)
                        .unwrap();
                    start = Instant::now();
                    shakmaty::perft(&pos, case.depth)
                }
                other => panic!("unknown engine {other}"),
            };
            (nodes, start.elapsed().as_secs_f64())
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Instructions counted by callgrind for `cmd args`.
fn callgrind(cmd: &str, args: &[String]) -> Option<u64> {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(cmd)
        .args(args)
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err.lines().find(|l| l.contains("refs:"))?;
    line.rsplit(' ').next()?.replace(',', "").parse().ok()
}

/// Instructions per node: the difference between Kiwipete depth 4 and depth 3 under
/// callgrind, divided by the node difference, so start-up and parsing cancel out.
fn instructions_per_node(engine: &str) -> Option<f64> {
    let fen = CASES[1].fen;
    let (n3, n4) = (97_862u64, 4_085_603u64);
    let count = |depth: u32| -> Option<u64> {
        if engine == "zz-abi" {
            callgrind(perft_bin().to_str()?, &[fen.to_string(), depth.to_string()])
        } else {
            let me = std::env::current_exe().ok()?;
            callgrind(me.to_str()?, &["--single".into(), engine.into(), depth.to_string()])
        }
    };
    let (i3, i4) = (count(3)?, count(4)?);
    Some((i4 as f64 - i3 as f64) / (n4 - n3) as f64)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // Child mode for callgrind: one Kiwipete perft with one engine.
    if let Some(i) = args.iter().position(|a| a == "--single") {
        let engine = &args[i + 1];
        let depth: u32 = args[i + 2].parse().unwrap();
        let case = Case { name: "single", fen: CASES[1].fen, depth, nodes: 0 };
        let (nodes, _) = run(engine, &case);
        println!("{nodes}");
        return;
    }
    let rounds: usize = std::env::var("ZZ_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    assert!(perft_bin().exists(), "{} is missing: run `make build/perft` (make bench does)", perft_bin().display());

    // mnps[case][engine] = samples
    let mut mnps = vec![vec![Vec::new(); ENGINES.len()]; CASES.len()];
    for round in 1..=rounds {
        eprintln!("round {round}/{rounds}");
        for (ci, case) in CASES.iter().enumerate() {
            for (ei, engine) in ENGINES.iter().enumerate() {
                let (nodes, secs) = run(engine, case);
                assert_eq!(nodes, case.nodes, "{engine} on {}: wrong node count", case.name);
                mnps[ci][ei].push(nodes as f64 / secs / 1e6);
            }
        }
    }

    println!("\nperft, single thread, bulk counting; median Mnps over {rounds} interleaved rounds\n");
    print!("| position     |");
    for e in ENGINES {
        print!(" {e:>10} |");
    }
    for e in &ENGINES[2..] {
        print!(" abi/{e:<10} |");
    }
    println!();
    print!("|--------------|");
    for _ in ENGINES {
        print!("-----------:|");
    }
    for _ in &ENGINES[2..] {
        print!("---------------:|");
    }
    println!();
    let mut ratios = vec![Vec::new(); ENGINES.len()];
    for (ci, case) in CASES.iter().enumerate() {
        let med: Vec<f64> = (0..ENGINES.len()).map(|ei| median(&mut mnps[ci][ei])).collect();
        print!("| {:<12} |", case.name);
        for m in &med {
            print!(" {m:>10.1} |");
        }
        for ei in 2..ENGINES.len() {
            let r = med[0] / med[ei];
            ratios[ei].push(r);
            print!(" {r:>15.2}x |");
        }
        println!();
    }
    print!("\nmedian ratio zz-abi / peer over the positions:");
    for ei in 2..ENGINES.len() {
        print!("  {}: {:.2}x", ENGINES[ei], median(&mut ratios[ei]));
    }
    println!();

    if std::env::var("ZZ_BENCH_CALLGRIND").as_deref() != Ok("0") {
        println!("\ninstructions per node (callgrind, Kiwipete: (I(d4) - I(d3)) / (N(d4) - N(d3))):");
        for e in ENGINES {
            match instructions_per_node(e) {
                Some(ipn) => println!("  {e:>10}: {ipn:.1}"),
                None => println!("  {e:>10}: (valgrind not available)"),
            }
        }
    }
}

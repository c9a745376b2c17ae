//! The C tests: compiles every program in `tests/c/` (and the example `examples/c/perft.c`) with
//! the system C compiler, links it against the shared library cargo built for this profile, runs
//! it with the test data directory and requires exit status 0.
//!
//! Run with `cargo test --release --test c_abi` (perft is slow in debug builds). Each C program
//! has its own `#[test]`, so a failure names the program; its output is printed (shown by cargo
//! on failure, or always with `-- --nocapture`).
//!
//! Environment:
//! * `ZZ_MAX_NODES`: node budget per perft count for `test_perft` (its default suits release
//!   builds; debug builds pass a small one unless this is set).
//! * `ZZ_C_SANITIZE`: e.g. `address,undefined`; compiles the C programs with `-fsanitize=...`.
//! * `CC`, `CXX`, `CFLAGS`, ...: honoured by the `cc` crate as in build scripts.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

#[cfg(target_os = "macos")]
const LIB_FILE: &str = "libzugzwang.dylib";
#[cfg(not(target_os = "macos"))]
const LIB_FILE: &str = "libzugzwang.so";

/// Perft node budget per count for `test_perft` in debug builds (see `c_test_perft`).
const DEBUG_MAX_NODES: &str = "100000";

const C_FLAGS: &[&str] = &["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"];
const CXX_FLAGS: &[&str] = &["-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror"];

/// The target triple of this test executable (which is also the library's), for the cc crate.
fn target_triple() -> String {
    let arch = std::env::consts::ARCH;
    match std::env::consts::OS {
        "linux" if cfg!(target_env = "musl") => format!("{arch}-unknown-linux-musl"),
        "linux" => format!("{arch}-unknown-linux-gnu"),
        "macos" => format!("{arch}-apple-darwin"),
        "freebsd" => format!("{arch}-unknown-freebsd"),
        os => panic!("c_abi tests: no target triple known for OS '{os}'"),
    }
}

/// `target/<profile>/deps`: the directory of this test executable.
fn deps_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test executable");
    exe.parent()
        .expect("test executable has a directory")
        .to_path_buf()
}

/// `target/<profile>`: the parent of `deps/`.
fn profile_dir() -> PathBuf {
    let deps = deps_dir();
    deps.parent()
        .expect("target/<profile>/deps has a parent")
        .to_path_buf()
}

/// The directory of the shared library to test, checked to exist.
///
/// `cargo test` compiles the library once for all its crate types, so `target/<profile>/deps/`
/// holds a cdylib built from the same sources as this test (cargo copies it to
/// `target/<profile>/` only on `cargo build`, so the copy there can be stale). The fresh one
/// in `deps/` is preferred; `target/<profile>/` is the fallback.
fn lib_dir() -> PathBuf {
    let candidates = [deps_dir(), profile_dir()];
    for dir in &candidates {
        if dir.join(LIB_FILE).is_file() {
            return dir.clone();
        }
    }
    panic!(
        "the shared library {LIB_FILE} was not found in {} nor in {}.\n\
         The C tests link against the cdylib cargo builds for this profile (crate-type \
         \"cdylib\" in Cargo.toml); build it with `cargo build` (or `cargo build --release` \
         for `cargo test --release`) and run the tests again.",
        candidates[0].display(),
        candidates[1].display()
    );
}

fn manifest_path(relative: &str) -> PathBuf {
    Path::new(MANIFEST_DIR).join(relative)
}

/// Scratch directory for the compiled C programs: `target/<profile>/c_abi/`.
fn out_dir() -> PathBuf {
    let dir = profile_dir().join("c_abi");
    std::fs::create_dir_all(&dir).expect("create target/<profile>/c_abi");
    dir
}

fn print_output(what: &str, output: &Output) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("---- {what}: {}", output.status);
    if !stdout.is_empty() {
        println!("{stdout}");
    }
    if !stderr.is_empty() {
        println!("---- {what}: stderr\n{stderr}");
    }
}

/// Compiles and links one C (or C++) source file into an executable; returns its path.
fn compile(source: &str, cpp: bool) -> PathBuf {
    let header = manifest_path("include/zugzwang.h");
    assert!(
        header.is_file(),
        "{} does not exist: build.rs generates it during `cargo build`",
        header.display()
    );
    let lib_dir = lib_dir();
    let out = out_dir();
    let src = manifest_path(source);
    let stem = src
        .file_stem()
        .expect("source file name")
        .to_string_lossy()
        .into_owned();
    let exe = out.join(&stem);
    let triple = target_triple();
    // cc may write flag-probe files into its out_dir: one per program, as tests run in parallel.
    let probe_dir = out.join(format!("cc-{stem}"));
    std::fs::create_dir_all(&probe_dir).expect("create the cc scratch directory");

    let mut build = cc::Build::new();
    build
        .opt_level(2)
        .host(&triple)
        .target(&triple)
        .cargo_metadata(false)
        .cpp(cpp)
        .out_dir(&probe_dir);
    let compiler = build
        .try_get_compiler()
        .unwrap_or_else(|e| panic!("no {} compiler found: {e}", if cpp { "C++" } else { "C" }));
    let mut cmd = compiler.to_command();
    cmd.args(if cpp { CXX_FLAGS } else { C_FLAGS });
    if let Ok(sanitize) = std::env::var("ZZ_C_SANITIZE") {
        if !sanitize.is_empty() {
            cmd.arg(format!("-fsanitize={sanitize}"))
                .arg("-fno-omit-frame-pointer");
        }
    }
    cmd.arg("-I")
        .arg(manifest_path("include"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", lib_dir.display()))
        .arg("-lzugzwang")
        .arg("-pthread")
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()));
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run the compiler {:?}: {e}", compiler.path()));
    if !output.status.success() {
        print_output(&format!("compiling {source}"), &output);
        panic!("compiling {source} failed ({}): {cmd:?}", output.status);
    }
    exe
}

/// Runs a compiled program with the given arguments; returns its output (already printed).
/// `ZZ_C_RUNNER` (e.g. "valgrind --error-exitcode=1 --leak-check=full") runs each program
/// under that command.
fn run(exe: &Path, args: &[&str]) -> Output {
    let runner = std::env::var("ZZ_C_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    let mut command = match words.next() {
        Some(first) => {
            let mut c = Command::new(first);
            c.args(words).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    let output = command
        .args(args)
        .current_dir(MANIFEST_DIR)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    print_output(&format!("{} {}", exe.display(), args.join(" ")), &output);
    output
}

fn data_dir() -> String {
    manifest_path("tests/data").to_string_lossy().into_owned()
}

/// Compiles `tests/c/<name>` and runs it with the data directory (and `extra` arguments); it
/// must exit with status 0.
fn run_c_test(source: &str, cpp: bool, extra: &[&str]) {
    let exe = compile(source, cpp);
    let data = data_dir();
    let mut args = vec![data.as_str()];
    args.extend_from_slice(extra);
    let output = run(&exe, &args);
    assert!(
        output.status.success(),
        "{source} failed: {} (output above)",
        output.status
    );
}

#[test]
fn c_test_abi() {
    run_c_test("tests/c/test_abi.c", false, &[]);
}

#[test]
fn c_test_fen() {
    run_c_test("tests/c/test_fen.c", false, &[]);
}

#[test]
fn c_test_threads() {
    run_c_test("tests/c/test_threads.c", false, &[]);
}

#[test]
fn c_test_game() {
    run_c_test("tests/c/test_game.c", false, &[]);
}

#[test]
fn c_test_perft() {
    // Unoptimised builds are ~20x slower: unless ZZ_MAX_NODES says otherwise, check only small
    // counts there (the program's own default is sized for release builds).
    let budget = std::env::var_os("ZZ_MAX_NODES").is_none() && cfg!(debug_assertions);
    run_c_test(
        "tests/c/test_perft.c",
        false,
        if budget { &[DEBUG_MAX_NODES] } else { &[] },
    );
}

#[test]
fn cpp_header_compiles_as_cpp17() {
    run_c_test("tests/c/header_cpp.cpp", true, &[]);
}

/// The example program: single positions, --divide, an EPD suite, and its error exits.
#[test]
fn c_example_perft() {
    let exe = compile("examples/c/perft.c", false);
    let stdout = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();

    let o = run(&exe, &["startpos", "4"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("perft(4) = 197281"), "perft startpos 4");

    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = run(&exe, &[kiwipete, "3", "--divide"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(
        text.contains("\ne1g1: 2059\n") || text.starts_with("e1g1: 2059\n"),
        "divide line"
    );
    assert!(
        text.contains("moves: 48\n") && text.contains("total: 97862\n"),
        "divide total"
    );

    let o = run(
        &exe,
        &[
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "3",
            "--chess960",
        ],
    );
    assert!(
        o.status.success() && stdout(&o).contains("perft(3) = 12189"),
        "chess960"
    );

    let epd = manifest_path("tests/data/perft/standard.epd");
    let o = run(
        &exe,
        &["--epd", &epd.to_string_lossy(), "--max-nodes", "200k"],
    );
    assert!(o.status.success(), "perft --epd standard.epd");
    let text = stdout(&o);
    let last = text.lines().last().unwrap_or("");
    assert_eq!(last, "7 passed, 0 failed", "closing line");

    // A wrong count fails the run, and a refused FEN counts as a failure with its message.
    let bad = out_dir().join("perft_bad.epd");
    std::fs::write(
        &bad,
        "# deliberately wrong\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n\
         \n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n\
         not a fen ;D1 1\n",
    )
    .unwrap();
    let o = run(&exe, &["--epd", &bad.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "failures give exit status 1");
    let text = stdout(&o);
    assert!(text.contains("expected 401, got 400"), "expected vs got");
    assert!(
        text.lines().last() == Some("1 passed, 2 failed"),
        "closing line with failures"
    );

    // Bad arguments: usage and exit status 2.
    for args in [
        &[][..],
        &["startpos"][..],
        &["startpos", "x"][..],
        &["startpos", "65"][..],
        &["startpos", "3", "--bogus"][..],
        &["--epd"][..],
        &["--epd", "f.epd", "--max-nodes", "lots"][..],
        &["startpos", "3", "4"][..],
    ] {
        let o = run(&exe, args);
        assert_eq!(o.status.code(), Some(2), "perft {args:?} should exit 2");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("usage:"),
            "usage for {args:?}"
        );
    }
    let o = run(&exe, &["not a fen", "1"]);
    assert_eq!(o.status.code(), Some(1), "refused FEN exits 1");
}

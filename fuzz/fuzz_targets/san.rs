//! SAN parser: a position (first line a FEN, or two bytes choosing a test-vector FEN) and a
//! string. parse_san (lenient and strict) must not panic; a move it returns must be legal,
//! its san() must parse back to it, and strict mode must accept exactly canonical SAN.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zugzwang::SanOptions;

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((pos, opts, rest)) = common::split_input(data) else { return };
    let Ok(san) = std::str::from_utf8(rest) else { return };
    let lenient = pos.parse_san(san, SanOptions { strict: false });
    let strict = pos.parse_san(san, SanOptions { strict: true });
    let what = format!("SAN {san:?} in {:?} ({opts:?})", pos.fen());
    for (mode, res) in [("lenient", &lenient), ("strict", &strict)] {
        if let Ok(m) = *res {
            assert!(common::legal_moves(&pos).contains(m), "{what}: {mode} parse gives the illegal move {m:?}");
            common::check_notation(&pos, m, &what);
            common::check_make_unmake(&pos, m, &what);
        }
    }
    if let Ok(m) = strict {
        assert_eq!(pos.san(m), san, "{what}: strict mode accepted a non-canonical SAN");
        assert_eq!(lenient.as_ref().ok(), Some(&m), "{what}: strict accepts but lenient gives {lenient:?}");
    }
});

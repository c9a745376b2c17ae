//! UCI move parser: a position (first line a FEN, or two bytes choosing a test-vector FEN,
//! standard and Chess960) and a string. parse_uci must not panic; a move it returns must be
//! legal and its uci() (and san()) must parse back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((pos, opts, rest)) = common::split_input(data) else { return };
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = pos.parse_uci(&text) {
        let what = format!("UCI {text:?} in {:?} ({opts:?})", pos.fen());
        assert!(common::legal_moves(&pos).contains(m), "{what}: parse gives the illegal move {m:?}");
        common::check_notation(&pos, m, &what);
        common::check_make_unmake(&pos, m, &what);
    }
});

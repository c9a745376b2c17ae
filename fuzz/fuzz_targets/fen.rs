//! FEN parser: any input, read with each of the four flag combinations (chess960, relaxed),
//! must be refused cleanly or give a position that passes every check of
//! `common::check_position`: internal consistency and Zobrist key, FEN round trip, and for
//! every legal move: uci/san parse back, make/unmake restores position and key.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zugzwang::Position;

mod common;

fuzz_target!(|data: &[u8]| {
    // Lossy: invalid UTF-8 becomes U+FFFD, which the parser must refuse like any other byte.
    let text = String::from_utf8_lossy(data);
    for opts in common::ALL_OPTS {
        let Ok(pos) = Position::from_fen(&text, opts) else { continue };
        common::check_position(&pos, opts, &format!("FEN {text:?} ({opts:?})"));
    }
});

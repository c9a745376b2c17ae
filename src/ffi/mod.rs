//! The C ABI (`include/zugzwang.h`, generated from this module by cbindgen). This module is
//! the only place with `unsafe` code: NULL checks, panic guard, status codes, caller buffers,
//! opaque handles. Every export checks its pointers before any dereference and runs its body
//! inside the panic guard; enum-like inputs are taken as integers and range-checked.
#![allow(non_camel_case_types)]
// The safety contract of every export is the same and is stated once, in the header's
// "Pointers" convention (NULL or valid for the documented size; strings NUL-terminated;
// boards live), instead of a `# Safety` section repeated on each of them.
#![allow(clippy::missing_safety_doc)]
#![deny(clippy::undocumented_unsafe_blocks)]

mod board;
mod dispatch;
mod error;
mod game;
mod perft;
#[cfg(feature = "test-panic")]
mod testing;

pub use board::*;
pub use dispatch::perft_fast;
pub use error::zz_status;
pub use game::*;
pub use perft::*;
#[cfg(feature = "test-panic")]
pub use testing::zz_test_panic;

use error::*;
use std::ffi::c_char;

/// Capacity in moves that is always enough for the legal moves of any position
/// (the known maximum is 218).
pub const ZZ_MAX_MOVES: usize = 256;
/// Capacity in bytes (including the NUL) that is always enough for a FEN written by
/// zz_board_fen().
pub const ZZ_FEN_MAX: usize = 128;
/// Capacity in bytes (including the NUL) that is always enough for a UCI move string
/// written by zz_board_uci() (at most 5 characters, e.g. "e7e8q").
pub const ZZ_UCI_MAX: usize = 8;

/// White (side index 0).
pub const ZZ_COLOR_WHITE: i32 = 0;
/// Black (side index 1).
pub const ZZ_COLOR_BLACK: i32 = 1;

/// No piece (an empty square).
pub const ZZ_PIECE_TYPE_NONE: i32 = 0;
/// Pawn (piece types are numbered as in python-chess: pawn 1 … king 6).
pub const ZZ_PIECE_TYPE_PAWN: i32 = 1;
/// Knight.
pub const ZZ_PIECE_TYPE_KNIGHT: i32 = 2;
/// Bishop.
pub const ZZ_PIECE_TYPE_BISHOP: i32 = 3;
/// Rook.
pub const ZZ_PIECE_TYPE_ROOK: i32 = 4;
/// Queen.
pub const ZZ_PIECE_TYPE_QUEEN: i32 = 5;
/// King.
pub const ZZ_PIECE_TYPE_KING: i32 = 6;

/// Move kind (bits 14–15 of a zz_move): a plain move or capture, including double pushes.
pub const ZZ_MOVE_NORMAL: i32 = 0;
/// Move kind: a promotion; bits 12–13 hold the piece (0 knight, 1 bishop, 2 rook, 3 queen).
pub const ZZ_MOVE_PROMOTION: i32 = 1;
/// Move kind: an en passant capture; the destination is the en passant square.
pub const ZZ_MOVE_EN_PASSANT: i32 = 2;
/// Move kind: castling; the destination is the castling rook's square ("king takes rook").
pub const ZZ_MOVE_CASTLING: i32 = 3;

/// A move in 16 bits: bits 0–5 origin square (0–63), bits 6–11 destination square (0–63),
/// bits 12–13 promotion piece (0 knight, 1 bishop, 2 rook, 3 queen; meaningful only for
/// promotions), bits 14–15 kind (ZZ_MOVE_NORMAL, ZZ_MOVE_PROMOTION, ZZ_MOVE_EN_PASSANT,
/// ZZ_MOVE_CASTLING). Castling is encoded as the king moving onto its own rook's square, which
/// is unambiguous in Chess960 too; zz_board_uci() writes it as `e1g1` in standard chess.
/// The value 0 (a1a1) is never a legal move. Moves are plain values: nothing to free.
pub type zz_move = u16;

/// The version of the library actually loaded, e.g. "0.1.0" (static; never freed). Compare
/// with ZZ_VERSION_STRING to detect a header/library mismatch.
#[no_mangle]
pub extern "C" fn zz_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The loaded library's version as major * 1000000 + minor * 1000 + patch; compare with
/// ZZ_VERSION_NUMBER.
#[no_mangle]
pub extern "C" fn zz_version_number() -> u32 {
    const N: &str = env!("ZZ_VERSION_NUMBER");
    guard(0, || N.parse().unwrap_or(0))
}

/// Static English text for a status code (also for unknown codes). Never NULL; must not be
/// freed.
#[no_mangle]
pub extern "C" fn zz_status_str(status: i32) -> *const c_char {
    zz_status::text(status).as_ptr()
}

/// Detail of the most recent failure on the calling thread (e.g. which FEN field is wrong and
/// why), or "" if nothing has failed on this thread. Never NULL; must not be freed; valid until
/// the next zugzwang call on the same thread.
#[no_mangle]
pub extern "C" fn zz_last_error_message() -> *const c_char {
    guard(c"".as_ptr(), last_error_ptr)
}

/// Origin square (0–63) of a move.
#[no_mangle]
pub extern "C" fn zz_move_from_square(m: zz_move) -> i32 {
    (m & 63) as i32
}

/// Destination square (0–63) of a move; for castling, the castling rook's square.
#[no_mangle]
pub extern "C" fn zz_move_to_square(m: zz_move) -> i32 {
    ((m >> 6) & 63) as i32
}

/// The promotion piece type (ZZ_PIECE_TYPE_KNIGHT … ZZ_PIECE_TYPE_QUEEN) of a promotion, else
/// ZZ_PIECE_TYPE_NONE.
#[no_mangle]
pub extern "C" fn zz_move_promotion(m: zz_move) -> i32 {
    match crate::core::Move(m).promotion_role() {
        Some(r) => r as i32 + 1,
        None => ZZ_PIECE_TYPE_NONE,
    }
}

/// The kind of a move: ZZ_MOVE_NORMAL, ZZ_MOVE_PROMOTION, ZZ_MOVE_EN_PASSANT or
/// ZZ_MOVE_CASTLING.
#[no_mangle]
pub extern "C" fn zz_move_kind(m: zz_move) -> i32 {
    (m >> 14) as i32
}

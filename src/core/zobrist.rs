//! Zobrist keys with the Polyglot Random64 table, so a position's key equals the Polyglot
//! opening-book key (and python-chess's `chess.polyglot.zobrist_hash`).
//!
//! Polyglot rules: XOR the piece-square key of every piece; one key per castling right
//! (white short, white long, black short, black long); the en passant file key only when a pawn
//! of the side to move could capture en passant (pseudo-legally); the turn key when white is to
//! move.

use super::polyglot_table::POLYGLOT_RANDOM;
use super::types::{Color, Piece, Square};

/// Key of `piece` standing on `sq`.
#[inline(always)]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    let kind = 2 * piece.role.index() + (piece.color == Color::White) as usize;
    POLYGLOT_RANDOM[64 * kind + sq.index()]
}

/// Key of the castling right of `color` on `side` (0 = king side / short, 1 = queen side / long).
#[inline(always)]
pub(crate) fn castling_key(color: Color, side: usize) -> u64 {
    POLYGLOT_RANDOM[768 + 2 * color.index() + side]
}

/// Key of an en passant square on `file` (0 = a).
#[inline(always)]
pub(crate) fn en_passant_key(file: u8) -> u64 {
    POLYGLOT_RANDOM[772 + file as usize]
}

/// Key XORed in when white is to move.
#[inline(always)]
pub(crate) fn white_to_move_key() -> u64 {
    POLYGLOT_RANDOM[780]
}

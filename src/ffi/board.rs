//! `zz_board`: an opaque handle to a game (position + move history).

use super::error::*;
use super::zz_move;
use crate::core::{Board, EnPassantMode, FenFormat, FenOptions, Move, MoveList, Square, UciError};
use std::ffi::c_char;

/// A chess game: the current position and the moves played since it was set up.
///
/// Create with zz_board_new(), zz_board_from_fen() or zz_board_clone(); free exactly once
/// with zz_board_free(). Every other zz_board_* function and zz_perft, zz_perft_divide and
/// zz_perft_ex take a board: position and FEN (set_fen, fen, turn, piece_at, is_chess960),
/// moves (legal_moves, legal_moves_from, push, push_uci, push_san, pop, peek, move_stack),
/// notation (uci, parse_uci, san, san_all, lan, parse_san), game end (is_check, is_checkmate,
/// is_stalemate, insufficient material, repetition, fifty/seventy-five moves, outcome,
/// result), keys and queries (zobrist, pieces, attackers, checkers, pinned, move predicates,
/// clocks, castling rights, en passant square).
/// A board may be moved between threads; concurrent calls on one board are allowed only if
/// they all take `const zz_board *`.
pub struct zz_board {
    pub(crate) inner: Board,
}

/// FEN parse flag: Chess960 castling (X-FEN and Shredder-FEN castling fields, any king and
/// rook files); the board keeps Chess960 rules and notation.
pub const ZZ_FEN_CHESS960: u32 = 1;
/// FEN parse flag for board editors: accept impossible checks, and drop (instead of refusing)
/// castling rights and an en passant square that do not match the board.
pub const ZZ_FEN_RELAXED: u32 = 2;
/// FEN output flag: write Chess960 castling rights as rook files (Shredder-FEN, e.g. `HAha`)
/// instead of X-FEN.
pub const ZZ_FEN_SHREDDER: u32 = 4;
/// FEN output flag: write the en passant square after every double push (the FEN standard's
/// letter), not only when an en passant capture is legal.
pub const ZZ_FEN_EP_ALWAYS: u32 = 8;
/// FEN output flag: write the en passant square when a pawn of the side to move attacks it
/// (X-FEN, Polyglot's condition), legal or not.
pub const ZZ_FEN_EP_PSEUDO_LEGAL: u32 = 16;

/// ZZ_STATUS_INVALID_FEN with a message quoting the FEN (its first 100 characters) and why.
fn fen_error(fen: &str, e: crate::core::FenError) -> zz_status {
    let shown: String = fen.chars().take(100).collect();
    let more = if shown.len() < fen.len() { "..." } else { "" };
    fail(ZZ_STATUS_INVALID_FEN, format!("invalid FEN {shown:?}{more}: {e}"))
}

fn parse_flags(flags: u32) -> Result<FenOptions, zz_status> {
    if flags & !(ZZ_FEN_CHESS960 | ZZ_FEN_RELAXED) != 0 {
        return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("unknown FEN parse flags {flags:#x} (allowed: ZZ_FEN_CHESS960 | ZZ_FEN_RELAXED)")));
    }
    Ok(FenOptions { chess960: flags & ZZ_FEN_CHESS960 != 0, relaxed: flags & ZZ_FEN_RELAXED != 0 })
}

/// # Safety
/// `board` must be NULL or a live board from this library.
pub(crate) unsafe fn board_ref<'a>(board: *const zz_board) -> Result<&'a Board, zz_status> {
    non_null(board, "board")?;
    // SAFETY: non-NULL, and the caller guarantees it is a live zz_board.
    Ok(unsafe { &(*board).inner })
}

/// # Safety
/// `board` must be NULL or a live board from this library, not used by another call meanwhile.
pub(crate) unsafe fn board_mut<'a>(board: *mut zz_board) -> Result<&'a mut Board, zz_status> {
    non_null(board, "board")?;
    // SAFETY: non-NULL; the caller guarantees exclusive access to a live zz_board.
    Ok(unsafe { &mut (*board).inner })
}

fn into_handle(board: Board, out: *mut *mut zz_board) {
    let ptr = Box::into_raw(Box::new(zz_board { inner: board }));
    // SAFETY: every caller has NULL-checked `out`, which the C caller guarantees is writable.
    unsafe { put(out, ptr) };
}

/// Creates a board with the standard starting position.
///
/// On success `*out` receives a new board that the caller frees with zz_board_free().
/// Errors: ZZ_STATUS_NULL_PARAMETER if `out` is NULL.
#[no_mangle]
#[must_use]
pub extern "C" fn zz_board_new(out: *mut *mut zz_board) -> zz_status {
    guard_status(|| {
        non_null(out, "out")?;
        into_handle(Board::new(), out);
        Ok(())
    })
}

/// Creates a board from a FEN (6 fields; 4 accepted, the clocks then default to `0 1`).
///
/// `flags`: 0, or ZZ_FEN_CHESS960 and/or ZZ_FEN_RELAXED. On success `*out` receives a new board
/// the caller frees with zz_board_free(); on error `*out` is untouched.
/// Errors: ZZ_STATUS_NULL_PARAMETER (`fen` or `out` NULL), ZZ_STATUS_INVALID_ARGUMENT (unknown
/// flags), ZZ_STATUS_INVALID_STRING (not UTF-8), ZZ_STATUS_INVALID_FEN (refused; see
/// zz_last_error_message()). Validation rules: README "Semantics" (FEN in).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_from_fen(fen: *const c_char, flags: u32, out: *mut *mut zz_board) -> zz_status {
    guard_status(|| {
        non_null(out, "out")?;
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let text = unsafe { read_str(fen, "fen") }?;
        let opts = parse_flags(flags)?;
        let board = Board::from_fen(text, opts).map_err(|e| fen_error(text, e))?;
        into_handle(board, out);
        Ok(())
    })
}

/// Creates an independent copy of `board` (position and move history).
///
/// On success `*out` receives a new board the caller frees with zz_board_free().
/// Errors: ZZ_STATUS_NULL_PARAMETER.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_clone(board: *const zz_board, out: *mut *mut zz_board) -> zz_status {
    guard_status(|| {
        non_null(out, "out")?;
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        into_handle(b.clone(), out);
        Ok(())
    })
}

/// Frees a board. NULL is a harmless no-op. The board must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn zz_board_free(board: *mut zz_board) {
    guard((), || {
        if !board.is_null() {
            // SAFETY: a non-NULL board came from Box::into_raw in this library and is freed
            // exactly once (the caller's obligation).
            drop(unsafe { Box::from_raw(board) });
        }
    })
}

/// Sets the position from a FEN and clears the move history (see zz_board_from_fen() for
/// `flags`). On any error the board is unchanged.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT, ZZ_STATUS_INVALID_STRING,
/// ZZ_STATUS_INVALID_FEN.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_set_fen(board: *mut zz_board, fen: *const c_char, flags: u32) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board with exclusive access.
        let b = unsafe { board_mut(board) }?;
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let text = unsafe { read_str(fen, "fen") }?;
        let opts = parse_flags(flags)?;
        b.set_fen(text, opts).map_err(|e| fen_error(text, e))
    })
}

/// Writes the FEN of the current position into `buf[cap]` (cap in bytes; ZZ_FEN_MAX is always
/// enough). `flags`: 0 (en passant square only when an en passant capture is legal; X-FEN
/// castling in Chess960), or ZZ_FEN_SHREDDER, and at most one of ZZ_FEN_EP_ALWAYS /
/// ZZ_FEN_EP_PSEUDO_LEGAL. `*out_len` (may be NULL) receives the bytes needed including the NUL.
/// Errors: ZZ_STATUS_NULL_PARAMETER (`board`, or `buf` with cap > 0), ZZ_STATUS_INVALID_ARGUMENT
/// (flags), ZZ_STATUS_BUFFER_TOO_SMALL (nothing written but `*out_len`).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_fen(board: *const zz_board, flags: u32, buf: *mut c_char, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let known = ZZ_FEN_SHREDDER | ZZ_FEN_EP_ALWAYS | ZZ_FEN_EP_PSEUDO_LEGAL;
        if flags & !known != 0 || flags & (ZZ_FEN_EP_ALWAYS | ZZ_FEN_EP_PSEUDO_LEGAL) == (ZZ_FEN_EP_ALWAYS | ZZ_FEN_EP_PSEUDO_LEGAL) {
            return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("invalid FEN output flags {flags:#x}")));
        }
        let en_passant = if flags & ZZ_FEN_EP_ALWAYS != 0 {
            EnPassantMode::Always
        } else if flags & ZZ_FEN_EP_PSEUDO_LEGAL != 0 {
            EnPassantMode::PseudoLegal
        } else {
            EnPassantMode::Legal
        };
        let fen = b.position().fen_with(FenFormat { en_passant, shredder: flags & ZZ_FEN_SHREDDER != 0 });
        // SAFETY: the caller guarantees `buf` holds `cap` bytes and `out_len` is NULL or writable.
        unsafe { write_str(&fen, buf, cap, out_len) }
    })
}

/// The side to move: ZZ_COLOR_WHITE (0) or ZZ_COLOR_BLACK (1); -1 if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_turn(board: *const zz_board) -> i32 {
    guard(-1, || {
        // SAFETY: the caller passes NULL or a live board.
        match unsafe { board_ref(board) } {
            Ok(b) => b.position().turn() as i32,
            Err(_) => -1,
        }
    })
}

/// The piece on `square` (0–63, a1 = 0, h8 = 63): `*color_out` receives ZZ_COLOR_WHITE/BLACK
/// and `*piece_type_out` ZZ_PIECE_TYPE_PAWN … ZZ_PIECE_TYPE_KING; for an empty square
/// `*color_out` is -1 and `*piece_type_out` ZZ_PIECE_TYPE_NONE (still ZZ_STATUS_OK).
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT (square outside 0–63).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_piece_at(board: *const zz_board, square: i32, color_out: *mut i32, piece_type_out: *mut i32) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(color_out, "color_out")?;
        non_null(piece_type_out, "piece_type_out")?;
        let sq = u32::try_from(square)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| fail(ZZ_STATUS_INVALID_ARGUMENT, format!("square {square} is outside 0..63")))?;
        let (c, t) = match b.position().piece_at(sq) {
            Some(p) => (p.color as i32, p.role as i32 + 1),
            None => (-1, 0),
        };
        // SAFETY: both pointers were NULL-checked above and are writable per the contract.
        unsafe {
            put(color_out, c);
            put(piece_type_out, t);
        }
        Ok(())
    })
}

/// Writes the legal moves of the current position into `buf[cap]` (cap in moves;
/// ZZ_MAX_MOVES is always enough) and their number into `*out_len` (required). The order is
/// unspecified but stable for a given position.
/// Errors: ZZ_STATUS_NULL_PARAMETER (`board`, `out_len`, or `buf` with moves to write),
/// ZZ_STATUS_BUFFER_TOO_SMALL (`*out_len` = number of legal moves, `buf` untouched).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_legal_moves(board: *const zz_board, buf: *mut zz_move, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let mut list = MoveList::new();
        b.position().legal_moves(&mut list);
        // SAFETY: the caller guarantees `buf` holds `cap` moves and `out_len` is writable.
        unsafe { write_moves(list.iter().map(|m| m.0), buf, cap, out_len) }
    })
}

/// Plays `move` if it is legal in the current position (it must be one of the values
/// zz_board_legal_moves() gives). An illegal move is refused and the board stays as it was.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_ILLEGAL_MOVE.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_push(board: *mut zz_board, r#move: zz_move) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board with exclusive access.
        let b = unsafe { board_mut(board) }?;
        b.push(Move(r#move)).map_err(|e| fail(ZZ_STATUS_ILLEGAL_MOVE, e.to_string()))
    })
}

fn uci_error(e: UciError) -> zz_status {
    match e {
        UciError::Syntax(_) => fail(ZZ_STATUS_INVALID_UCI, e.to_string()),
        UciError::Illegal(_) => fail(ZZ_STATUS_ILLEGAL_MOVE, e.to_string()),
    }
}

/// Parses a UCI move (`e2e4`, `e7e8q`; castling `e1g1`, also `e1h1` in standard chess, and
/// king-takes-rook in Chess960) and plays it. On error the board is unchanged.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_STRING, ZZ_STATUS_INVALID_UCI (syntax),
/// ZZ_STATUS_ILLEGAL_MOVE.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_push_uci(board: *mut zz_board, uci: *const c_char) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board with exclusive access.
        let b = unsafe { board_mut(board) }?;
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let text = unsafe { read_str(uci, "uci") }?;
        b.push_uci(text).map(|_| ()).map_err(uci_error)
    })
}

/// Takes back the last move played on this board; `*out` (may be NULL) receives it.
/// Errors: ZZ_STATUS_NULL_PARAMETER (`board`), ZZ_STATUS_EMPTY_HISTORY (no move since the board
/// was created or last set from a FEN).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_pop(board: *mut zz_board, out: *mut zz_move) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board with exclusive access.
        let b = unsafe { board_mut(board) }?;
        let m = b.pop().map_err(|e| fail(ZZ_STATUS_EMPTY_HISTORY, e.to_string()))?;
        if !out.is_null() {
            // SAFETY: non-NULL and writable per the contract.
            unsafe { put(out, m.0) };
        }
        Ok(())
    })
}

/// Whether the board plays Chess960 (set up with ZZ_FEN_CHESS960): castling rules and
/// notation (X-FEN castling rights, king-takes-rook UCI castling). false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_chess960(board: *const zz_board) -> bool {
    guard(false, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().is_chess960()).unwrap_or(false)
    })
}

/// Whether the side to move is in check (FIDE Laws 3.9). false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_check(board: *const zz_board) -> bool {
    guard(false, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().is_check()).unwrap_or(false)
    })
}

/// Parses a UCI move string into the legal move it names, without playing it.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_STRING, ZZ_STATUS_INVALID_UCI (syntax),
/// ZZ_STATUS_ILLEGAL_MOVE (well-formed but not legal here).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_parse_uci(board: *const zz_board, uci: *const c_char, out: *mut zz_move) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let text = unsafe { read_str(uci, "uci") }?;
        let m = b.position().parse_uci(text).map_err(uci_error)?;
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, m.0) };
        Ok(())
    })
}

/// Writes the UCI text of `move` into `buf[cap]` (ZZ_UCI_MAX bytes always suffice): `e2e4`,
/// `e7e8q`, castling `e1g1` in standard chess and king-takes-rook in Chess960, `0000` for the
/// move 0. The move is not checked for legality. `*out_len` (may be NULL) receives the bytes
/// needed including the NUL.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_BUFFER_TOO_SMALL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_uci(board: *const zz_board, r#move: zz_move, buf: *mut c_char, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let text = b.position().uci(Move(r#move));
        // SAFETY: the caller guarantees `buf` holds `cap` bytes and `out_len` is NULL or writable.
        unsafe { write_str(&text, buf, cap, out_len) }
    })
}


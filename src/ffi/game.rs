//! Game rules through the ABI: SAN/LAN, game end and draws, outcome, Zobrist key, and the
//! queries GUIs and engines ask (pieces, attackers, checkers, pins, move predicates, history).

use super::board::{board_mut, board_ref, zz_board};
use super::error::*;
use super::zz_move;
use crate::core::{Color, Move, MoveList, Role, SanError, SanOptions, Square, Termination};
use std::ffi::c_char;

/// Capacity in bytes (including the NUL) that is always enough for a SAN or LAN string written
/// by zz_board_san() / zz_board_lan() (the longest, e.g. "e7xd8=Q#", has 8 characters).
pub const ZZ_SAN_MAX: usize = 16;

/// SAN parse flag: accept only canonical SAN, exactly as zz_board_san() writes it (no `0-0`,
/// no missing or extra `+`/`#`, `=` required, minimal disambiguation, `x` exactly on captures).
pub const ZZ_SAN_STRICT: u32 = 1;

/// zz_outcome.termination: the game is not over.
pub const ZZ_TERMINATION_NONE: i32 = 0;
/// Checkmate (FIDE Laws 5.1.1); zz_outcome.winner is the mating side.
pub const ZZ_TERMINATION_CHECKMATE: i32 = 1;
/// Stalemate (FIDE 5.2.1).
pub const ZZ_TERMINATION_STALEMATE: i32 = 2;
/// Neither side has mating material (FIDE 5.2.2; see zz_board_is_insufficient_material()).
pub const ZZ_TERMINATION_INSUFFICIENT_MATERIAL: i32 = 3;
/// 75 moves by each side without capture or pawn move (FIDE 9.6.2), automatic.
pub const ZZ_TERMINATION_SEVENTYFIVE_MOVES: i32 = 4;
/// The same position five times (FIDE 9.6.1), automatic.
pub const ZZ_TERMINATION_FIVEFOLD_REPETITION: i32 = 5;
/// 50 moves by each side without capture or pawn move (FIDE 9.3), claimed.
pub const ZZ_TERMINATION_FIFTY_MOVES: i32 = 6;
/// Threefold repetition (FIDE 9.2), claimed.
pub const ZZ_TERMINATION_THREEFOLD_REPETITION: i32 = 7;

/// The outcome of a game, written by zz_board_outcome().
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct zz_outcome {
    /// One of ZZ_TERMINATION_*; ZZ_TERMINATION_NONE while the game goes on.
    pub termination: i32,
    /// ZZ_COLOR_WHITE or ZZ_COLOR_BLACK for a decisive game, -1 for a draw or a game not over.
    pub winner: i32,
}

fn color_arg(color: i32) -> Result<Color, zz_status> {
    match color {
        0 => Ok(Color::White),
        1 => Ok(Color::Black),
        _ => Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("color {color} is not ZZ_COLOR_WHITE (0) or ZZ_COLOR_BLACK (1)"))),
    }
}

fn square_arg(square: i32) -> Result<Square, zz_status> {
    u32::try_from(square)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| fail(ZZ_STATUS_INVALID_ARGUMENT, format!("square {square} is outside 0..63")))
}

fn san_error(e: SanError) -> zz_status {
    let status = match e {
        SanError::Invalid(_) => ZZ_STATUS_INVALID_SAN,
        SanError::Illegal(_) => ZZ_STATUS_ILLEGAL_MOVE,
        SanError::Ambiguous(_) => ZZ_STATUS_AMBIGUOUS_SAN,
    };
    fail(status, e.to_string())
}

fn san_flags(flags: u32) -> Result<SanOptions, zz_status> {
    if flags & !ZZ_SAN_STRICT != 0 {
        return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("unknown SAN flags {flags:#x} (allowed: ZZ_SAN_STRICT)")));
    }
    Ok(SanOptions { strict: flags & ZZ_SAN_STRICT != 0 })
}

/// Runs a boolean query on a board: false when `board` is NULL.
fn bool_query(board: *const zz_board, f: impl FnOnce(&crate::core::Board) -> bool) -> bool {
    guard(false, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(f).unwrap_or(false)
    })
}

fn legal_move(b: &crate::core::Board, m: zz_move) -> Result<Move, zz_status> {
    let mv = Move(m);
    if mv == Move::NULL || !b.position().is_legal(mv) {
        return Err(fail(ZZ_STATUS_ILLEGAL_MOVE, format!("move {m:#06x} is not legal in this position")));
    }
    Ok(mv)
}

// ---- SAN / LAN -------------------------------------------------------------------------------

/// Writes the SAN of the legal move `move` into `buf[cap]` (ZZ_SAN_MAX bytes always suffice):
/// minimal disambiguation over the legal moves, `x` for captures, `=Q` promotions,
/// `O-O`/`O-O-O` (also in Chess960), `+`/`#` (PGN standard 8.2.3, FIDE Laws appendix C).
/// `*out_len` (may be NULL) receives the bytes needed including the NUL.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_ILLEGAL_MOVE, ZZ_STATUS_BUFFER_TOO_SMALL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_san(board: *const zz_board, r#move: zz_move, buf: *mut c_char, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let m = legal_move(b, r#move)?;
        // SAFETY: the caller guarantees `buf` holds `cap` bytes and `out_len` is NULL or writable.
        unsafe { write_str(&b.position().san(m), buf, cap, out_len) }
    })
}

/// Capacity in bytes that is always enough for zz_board_san_all() (256 moves of at most 8
/// characters plus a separator each, and the NUL).
pub const ZZ_SAN_ALL_MAX: usize = 2400;

/// Writes the SAN of every legal move, in the order zz_board_legal_moves() gives them,
/// separated by single spaces (e.g. "a3 a4 ... Nf3"; "" when there is no legal move), into
/// `buf[cap]` (ZZ_SAN_ALL_MAX bytes always suffice) — one call instead of one per move.
/// `*out_len` (may be NULL) receives the bytes needed including the NUL.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_BUFFER_TOO_SMALL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_san_all(board: *const zz_board, buf: *mut c_char, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let pos = b.position();
        let text = b.legal_moves().iter().map(|&m| pos.san(m)).collect::<Vec<_>>().join(" ");
        // SAFETY: the caller guarantees `buf` holds `cap` bytes and `out_len` is NULL or writable.
        unsafe { write_str(&text, buf, cap, out_len) }
    })
}

/// Writes the long algebraic notation of the legal move `move` (`Ng1-f3`, `e2-e4`, `e7xd8=Q+`,
/// `O-O`) into `buf[cap]` (ZZ_SAN_MAX bytes always suffice); same rules as zz_board_san().
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_ILLEGAL_MOVE, ZZ_STATUS_BUFFER_TOO_SMALL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_lan(board: *const zz_board, r#move: zz_move, buf: *mut c_char, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let m = legal_move(b, r#move)?;
        // SAFETY: the caller guarantees `buf` holds `cap` bytes and `out_len` is NULL or writable.
        unsafe { write_str(&b.position().lan(m), buf, cap, out_len) }
    })
}

/// Parses SAN into the legal move it names, without playing it. By default lenient like
/// python-chess (`0-0`, missing/extra `+`/`#`, missing `=`, missing `x`, `-` between squares,
/// over-disambiguation, `e2e4`); `flags` = ZZ_SAN_STRICT accepts canonical SAN only.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT (flags),
/// ZZ_STATUS_INVALID_STRING, ZZ_STATUS_INVALID_SAN (syntax), ZZ_STATUS_ILLEGAL_MOVE (no legal
/// move matches), ZZ_STATUS_AMBIGUOUS_SAN (several match).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_parse_san(board: *const zz_board, san: *const c_char, flags: u32, out: *mut zz_move) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let text = unsafe { read_str(san, "san") }?;
        let m = b.position().parse_san(text, san_flags(flags)?).map_err(san_error)?;
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, m.0) };
        Ok(())
    })
}

/// Parses SAN (as zz_board_parse_san()) and plays the move; `*out` (may be NULL) receives it.
/// On error the board is unchanged.
/// Errors: as zz_board_parse_san().
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_push_san(board: *mut zz_board, san: *const c_char, flags: u32, out: *mut zz_move) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board with exclusive access.
        let b = unsafe { board_mut(board) }?;
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let text = unsafe { read_str(san, "san") }?;
        let m = b.push_san(text, san_flags(flags)?).map_err(san_error)?;
        if !out.is_null() {
            // SAFETY: non-NULL and writable per the contract.
            unsafe { put(out, m.0) };
        }
        Ok(())
    })
}

// ---- game end and draws ----------------------------------------------------------------------

/// Checkmate (FIDE Laws 5.1.1): the side to move is in check and has no legal move.
/// false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_checkmate(board: *const zz_board) -> bool {
    bool_query(board, |b| b.position().is_checkmate())
}

/// Stalemate (FIDE 5.2.1): the side to move is not in check and has no legal move.
/// false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_stalemate(board: *const zz_board) -> bool {
    bool_query(board, |b| b.position().is_stalemate())
}

/// Whether `color` (ZZ_COLOR_WHITE/BLACK) cannot mate by any legal sequence, judged by
/// material as python-chess does: no pawns, rooks or queens; a lone knight only if the opponent
/// has only king and queens; bishops only if all bishops on the board share a square colour and
/// there are no pawns or knights. `*out` receives the answer.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT (color).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_has_insufficient_material(board: *const zz_board, color: i32, out: *mut bool) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let c = color_arg(color)?;
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, b.position().has_insufficient_material(c)) };
        Ok(())
    })
}

/// Dead position by material (FIDE 5.2.2): both sides have insufficient material (see
/// zz_board_has_insufficient_material()). KB vs KB with bishops on one colour is; KN vs KN is
/// not. false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_insufficient_material(board: *const zz_board) -> bool {
    bool_query(board, |b| b.position().is_insufficient_material())
}

/// Whether the current position has occurred at least `count` times (counting itself) since
/// the board was set up; positions are identical per FIDE 9.2.3 (pieces, side to move,
/// castling rights, en passant square only when an en passant capture is legal).
/// Costs O(plies since the last capture or pawn move). false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_repetition(board: *const zz_board, count: u32) -> bool {
    bool_query(board, |b| b.is_repetition(count))
}

/// Threefold repetition claim (FIDE 9.2): the position has occurred three times, or some
/// legal move makes a position occur for the third time. false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_can_claim_threefold_repetition(board: *const zz_board) -> bool {
    bool_query(board, |b| b.can_claim_threefold_repetition())
}

/// Fivefold repetition (FIDE 9.6.1): the position has occurred five times; the game is drawn.
/// false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_fivefold_repetition(board: *const zz_board) -> bool {
    bool_query(board, |b| b.is_fivefold_repetition())
}

/// Fifty-move claim (FIDE 9.3): halfmove clock >= 100, or a legal non-capture, non-pawn move
/// brings it to 100 without ending the game; never when the side to move has no legal move.
/// false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_can_claim_fifty_moves(board: *const zz_board) -> bool {
    bool_query(board, |b| b.can_claim_fifty_moves())
}

/// Seventy-five-move rule (FIDE 9.6.2): halfmove clock >= 150 and the side to move is not
/// mated (a mate on the last move takes precedence). false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_seventyfive_moves(board: *const zz_board) -> bool {
    bool_query(board, |b| b.is_seventyfive_moves())
}

/// Whether the game is over (see zz_board_outcome()); with `claim_draw` also when a fifty-move
/// or threefold-repetition draw can be claimed. false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_game_over(board: *const zz_board, claim_draw: bool) -> bool {
    bool_query(board, |b| b.is_game_over(claim_draw))
}

/// The outcome of the game into `*out`: checked in the order checkmate, insufficient material,
/// stalemate, seventy-five moves, fivefold repetition, then (if `claim_draw`) fifty moves and
/// threefold repetition. termination ZZ_TERMINATION_NONE and winner -1 while the game goes on.
/// Errors: ZZ_STATUS_NULL_PARAMETER.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_outcome(board: *const zz_board, claim_draw: bool, out: *mut zz_outcome) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let outcome = match b.outcome(claim_draw) {
            None => zz_outcome { termination: ZZ_TERMINATION_NONE, winner: -1 },
            Some(o) => zz_outcome {
                termination: match o.termination {
                    Termination::Checkmate => ZZ_TERMINATION_CHECKMATE,
                    Termination::Stalemate => ZZ_TERMINATION_STALEMATE,
                    Termination::InsufficientMaterial => ZZ_TERMINATION_INSUFFICIENT_MATERIAL,
                    Termination::SeventyfiveMoves => ZZ_TERMINATION_SEVENTYFIVE_MOVES,
                    Termination::FivefoldRepetition => ZZ_TERMINATION_FIVEFOLD_REPETITION,
                    Termination::FiftyMoves => ZZ_TERMINATION_FIFTY_MOVES,
                    Termination::ThreefoldRepetition => ZZ_TERMINATION_THREEFOLD_REPETITION,
                },
                winner: o.winner.map_or(-1, |c| c as i32),
            },
        };
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, outcome) };
        Ok(())
    })
}

/// The PGN result of the game (static string, never freed): "1-0", "0-1", "1/2-1/2", or "*"
/// while the game goes on (also for a NULL board). `claim_draw` as in zz_board_outcome().
#[no_mangle]
pub unsafe extern "C" fn zz_board_result(board: *const zz_board, claim_draw: bool) -> *const c_char {
    guard(c"*".as_ptr(), || {
        // SAFETY: the caller passes NULL or a live board.
        let text = match unsafe { board_ref(board) }.map(|b| b.result(claim_draw)) {
            Ok("1-0") => c"1-0",
            Ok("0-1") => c"0-1",
            Ok("1/2-1/2") => c"1/2-1/2",
            _ => c"*",
        };
        text.as_ptr()
    })
}

// ---- keys and queries ------------------------------------------------------------------------

/// The Zobrist key of the current position, equal to the Polyglot opening-book key (Polyglot
/// Random64 table; en passant file counted when a pawn of the side to move can capture
/// pseudo-legally). Start position: 0x463b96181691fc9c. 0 if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_zobrist(board: *const zz_board) -> u64 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().zobrist()).unwrap_or(0)
    })
}

/// Bitboard (bit i = square i) of the pieces of `color` (ZZ_COLOR_WHITE/BLACK, or -1 for
/// both) and `piece_type` (ZZ_PIECE_TYPE_PAWN … KING, or ZZ_PIECE_TYPE_NONE for every type)
/// into `*out`. Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_pieces(board: *const zz_board, color: i32, piece_type: i32, out: *mut u64) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let pos = b.position();
        let by_color = if color == -1 { pos.occupied() } else { pos.by_color(color_arg(color)?) };
        let by_type = match piece_type {
            0 => !0,
            1..=6 => pos.by_role(Role::ALL[piece_type as usize - 1]),
            _ => return Err(fail(ZZ_STATUS_INVALID_ARGUMENT, format!("piece type {piece_type} is outside 0..6"))),
        };
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, by_color & by_type) };
        Ok(())
    })
}

/// Bitboard of the pieces of `color` that attack `square` (0–63) into `*out` (pinned pieces
/// included, as in python-chess's attackers()). Errors: ZZ_STATUS_NULL_PARAMETER,
/// ZZ_STATUS_INVALID_ARGUMENT.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_attackers(board: *const zz_board, color: i32, square: i32, out: *mut u64) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let v = b.position().attackers(color_arg(color)?, square_arg(square)?);
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, v) };
        Ok(())
    })
}

/// Whether `color` attacks `square` (0–63), into `*out`. Errors: ZZ_STATUS_NULL_PARAMETER,
/// ZZ_STATUS_INVALID_ARGUMENT.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_is_attacked_by(board: *const zz_board, color: i32, square: i32, out: *mut bool) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let v = b.position().attackers(color_arg(color)?, square_arg(square)?) != 0;
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, v) };
        Ok(())
    })
}

/// Bitboard of the pieces giving check to the side to move (0 if none or `board` is NULL).
#[no_mangle]
pub unsafe extern "C" fn zz_board_checkers(board: *const zz_board) -> u64 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().checkers()).unwrap_or(0)
    })
}

/// Bitboard of the pieces of `color` pinned to their own king by an enemy rook, bishop or
/// queen (absolute pins), into `*out`. Errors: ZZ_STATUS_NULL_PARAMETER,
/// ZZ_STATUS_INVALID_ARGUMENT.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_pinned(board: *const zz_board, color: i32, out: *mut u64) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let v = b.position().pinned(color_arg(color)?);
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, v) };
        Ok(())
    })
}

/// Whether the legal move `move` gives check, into `*out`.
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_ILLEGAL_MOVE.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_gives_check(board: *const zz_board, r#move: zz_move, out: *mut bool) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let m = legal_move(b, r#move)?;
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, b.position().gives_check(m)) };
        Ok(())
    })
}

/// Whether `move` captures (en passant included, castling never). Meant for legal moves; for
/// another move it describes the squares only. false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_capture(board: *const zz_board, r#move: zz_move) -> bool {
    bool_query(board, |b| b.position().is_capture(Move(r#move)))
}

/// Whether `move` is an en passant capture (kind ZZ_MOVE_EN_PASSANT). false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_en_passant(board: *const zz_board, r#move: zz_move) -> bool {
    bool_query(board, |b| b.position().is_en_passant(Move(r#move)))
}

/// Whether `move` is castling (kind ZZ_MOVE_CASTLING). false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_castling(board: *const zz_board, r#move: zz_move) -> bool {
    bool_query(board, |b| b.position().is_castling(Move(r#move)))
}

/// Whether `move` resets the halfmove clock: a pawn move or a capture (FIDE 9.3). Meant for
/// legal moves. false if `board` is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_is_zeroing(board: *const zz_board, r#move: zz_move) -> bool {
    bool_query(board, |b| b.position().is_zeroing(Move(r#move)))
}

/// Writes the legal moves whose origin is `square` (0–63) into `buf[cap]` (cap in moves;
/// ZZ_MAX_MOVES always suffices) and their number into `*out_len` (for click-to-move GUIs).
/// Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_INVALID_ARGUMENT, ZZ_STATUS_BUFFER_TOO_SMALL.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_legal_moves_from(board: *const zz_board, square: i32, buf: *mut zz_move, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let sq = square_arg(square)?;
        let mut list = MoveList::new();
        b.position().legal_moves_from(sq.bb(), &mut list);
        // SAFETY: the caller guarantees `buf` holds `cap` moves and `out_len` is writable.
        unsafe { write_moves(list.iter().map(|m| m.0), buf, cap, out_len) }
    })
}

// ---- history and state -----------------------------------------------------------------------

/// The moves played since the board was set up (oldest first) into `buf[cap]`, their number
/// into `*out_len` (required). Errors: ZZ_STATUS_NULL_PARAMETER, ZZ_STATUS_BUFFER_TOO_SMALL
/// (`*out_len` = number of moves).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_move_stack(board: *const zz_board, buf: *mut zz_move, cap: usize, out_len: *mut usize) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        // SAFETY: the caller guarantees `buf` holds `cap` moves and `out_len` is writable.
        unsafe { write_moves(b.moves().map(|m| m.0), buf, cap, out_len) }
    })
}

/// The last move played into `*out`. Errors: ZZ_STATUS_NULL_PARAMETER,
/// ZZ_STATUS_EMPTY_HISTORY (no move since the board was set up).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_board_peek(board: *const zz_board, out: *mut zz_move) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        non_null(out, "out")?;
        let m = b.peek().ok_or_else(|| fail(ZZ_STATUS_EMPTY_HISTORY, "no move has been played on this board"))?;
        // SAFETY: NULL-checked above; writable per the contract.
        unsafe { put(out, m.0) };
        Ok(())
    })
}

/// Number of moves on the move stack (moves played since the board was set up); 0 if `board`
/// is NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_move_count(board: *const zz_board) -> u32 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.moves().len() as u32).unwrap_or(0)
    })
}

/// Plies since the start of the game as the position tells it:
/// 2 * (fullmove number - 1) + (1 if black is to move), as python-chess's ply(). 0 if NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_ply(board: *const zz_board) -> u32 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }
            .map(|b| {
                let p = b.position();
                2 * (p.fullmove_number() - 1) + (p.turn() == Color::Black) as u32
            })
            .unwrap_or(0)
    })
}

/// The halfmove clock: plies since the last capture or pawn move (FIDE 9.3). 0 if NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_halfmove_clock(board: *const zz_board) -> u32 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().halfmove_clock()).unwrap_or(0)
    })
}

/// The fullmove number: 1 at the start, incremented after each black move. 0 if NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_fullmove_number(board: *const zz_board) -> u32 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().fullmove_number()).unwrap_or(0)
    })
}

/// Castling rights as a bitboard of the rooks that may still castle (bit i = square i; e.g.
/// 0x8100000000000081 at the start), as python-chess's castling_rights. 0 if NULL.
#[no_mangle]
pub unsafe extern "C" fn zz_board_castling_rights(board: *const zz_board) -> u64 {
    guard(0, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }.map(|b| b.position().castling_rights().rooks_bb()).unwrap_or(0)
    })
}

/// The en passant square (0–63) as FEN records it: the square a pawn just passed over with a
/// double push, whether or not a capture is possible; -1 if none or `board` is NULL
/// (python-chess's ep_square).
#[no_mangle]
pub unsafe extern "C" fn zz_board_ep_square(board: *const zz_board) -> i32 {
    guard(-1, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }
            .ok()
            .and_then(|b| b.position().ep_square())
            .map_or(-1, |s| s.index() as i32)
    })
}

/// The en passant square (0–63) only if an en passant capture is legal now; else -1 (also for
/// NULL).
#[no_mangle]
pub unsafe extern "C" fn zz_board_legal_ep_square(board: *const zz_board) -> i32 {
    guard(-1, || {
        // SAFETY: the caller passes NULL or a live board.
        unsafe { board_ref(board) }
            .ok()
            .and_then(|b| b.position().legal_ep_square())
            .map_or(-1, |s| s.index() as i32)
    })
}

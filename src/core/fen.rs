//! FEN (Forsyth–Edwards Notation, PGN standard section 16.1) input with validation, and output.
//! Chess960 positions read and write X-FEN (`KQkq` for the outermost rook, a file letter
//! otherwise) and read Shredder-FEN (rook file letters, `HAha`); Shredder-FEN output on request.

use super::attacks::*;
use super::position::{CastlingRights, Position, KING_SIDE, QUEEN_SIDE};
use super::types::*;
use std::fmt::Write as _;
use thiserror::Error;

/// FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused: one variant per cause, carrying the offending text or square.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields (4 and 5 are accepted: the clocks default to `0 1`).
    #[error("FEN has {found} fields; expected 6 (board, side to move, castling, en passant, halfmove clock, fullmove number), or 4 with the clocks omitted")]
    FieldCount {
        /// Number of fields found.
        found: usize,
    },
    /// The board field does not have 8 ranks separated by `/`.
    #[error("board field has {found} ranks; expected 8 separated by '/'")]
    RankCount {
        /// Number of ranks found.
        found: usize,
    },
    /// A rank does not describe exactly 8 squares.
    #[error("board field: rank {rank} describes {squares} squares; expected 8")]
    RankLength {
        /// Rank number 1–8.
        rank: u8,
        /// Squares described.
        squares: u32,
    },
    /// A character in the board field that is neither a piece letter nor a digit 1–8.
    #[error("board field: invalid character {found:?} (expected one of PNBRQKpnbrqk or a digit 1-8)")]
    BoardChar {
        /// The character.
        found: char,
    },
    /// A digit 0 or 9, or two digits in a row (e.g. `44`).
    #[error("board field: invalid empty-square count {found:?} in rank {rank} (digits 1-8, never two in a row)")]
    BoardDigit {
        /// Rank number 1–8.
        rank: u8,
        /// The offending text.
        found: String,
    },
    /// Side to move other than `w` or `b`.
    #[error("side to move {found:?} is not 'w' or 'b'")]
    Turn {
        /// The field.
        found: String,
    },
    /// Castling field syntax (letters, order, repetition, `-` mixed with letters).
    #[error("castling field {found:?} is malformed: {why}")]
    CastlingSyntax {
        /// The field.
        found: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A castling right without the king and rook on their squares.
    #[error("castling right {right:?} needs {why}")]
    CastlingRights {
        /// The letter of the right.
        right: char,
        /// What is missing.
        why: &'static str,
    },
    /// En passant field that is not `-` or a square name.
    #[error("en passant field {found:?} is not '-' or a square such as e3")]
    EnPassantSyntax {
        /// The field.
        found: String,
    },
    /// En passant square that no double push can have produced.
    #[error("en passant square {square} is impossible: {why}")]
    EnPassantSquare {
        /// The square.
        square: Square,
        /// What is wrong.
        why: &'static str,
    },
    /// Halfmove clock not a non-negative integer.
    #[error("halfmove clock {found:?} is not a non-negative integer")]
    HalfmoveClock {
        /// The field.
        found: String,
    },
    /// Fullmove number not a non-negative integer.
    #[error("fullmove number {found:?} is not a positive integer")]
    FullmoveNumber {
        /// The field.
        found: String,
    },
    /// A side has no king.
    #[error("{color:?} has no king")]
    MissingKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one king.
    #[error("{color:?} has {count} kings; exactly one is allowed")]
    TooManyKings {
        /// The side.
        color: Color,
        /// How many.
        count: u32,
    },
    /// A pawn on rank 1 or 8.
    #[error("pawn on {square}: pawns cannot stand on rank 1 or 8")]
    PawnOnBackRank {
        /// The square.
        square: Square,
    },
    /// The side not to move is in check (its king could be captured).
    #[error("the side not to move ({color:?}) is in check")]
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
    /// A check no legal last move can have given (more than two checkers, two aligned sliders,
    /// two pawn/knight checkers, or a check the double push implied by the en passant square
    /// cannot have given). Accepted with [`FenOptions::relaxed`].
    #[error("impossible check: {why}")]
    ImpossibleCheck {
        /// What is impossible.
        why: &'static str,
    },
}

/// How to read a FEN.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FenOptions {
    /// Chess960 castling: X-FEN and Shredder-FEN castling fields, any king/rook files.
    pub chess960: bool,
    /// For board editors: accept impossible checks, and drop (rather than refuse) castling
    /// rights and an en passant square that do not match the board.
    pub relaxed: bool,
}

/// When FEN output writes the en passant square.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum EnPassantMode {
    /// Only when an en passant capture is legal (python-chess's and Stockfish's default).
    #[default]
    Legal,
    /// When a pawn of the side to move attacks the square (X-FEN, Polyglot's condition).
    PseudoLegal,
    /// After every double push (the FEN standard's letter).
    Always,
}

/// How to write a FEN.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FenFormat {
    /// En passant square policy.
    pub en_passant: EnPassantMode,
    /// Write Chess960 castling rights as rook file letters (Shredder-FEN) instead of X-FEN.
    pub shredder: bool,
}

fn parse_board(field: &str, pos: &mut Position) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        let mut prev_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d == 9 || prev_digit {
                    return Err(FenError::BoardDigit { rank: rank + 1, found: text.to_string() });
                }
                file += d;
                prev_digit = true;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    pos.put(Square::from_coords(file as u8, rank), piece);
                }
                file += 1;
                prev_digit = false;
            } else {
                return Err(FenError::BoardChar { found: c });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength { rank: rank + 1, squares: file });
        }
    }
    Ok(())
}

fn parse_clock(field: &str) -> Option<u32> {
    if field.is_empty() || field.len() > 9 || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    field.parse().ok()
}

/// The outermost rook of `color` on its back rank on `side` of the king, if any.
fn outermost_rook(pos: &Position, color: Color, side: usize) -> Option<Square> {
    let ksq = pos.king(color);
    let back = if color == Color::White { 0 } else { 7 };
    let rooks = pos.pieces(color, Role::Rook) & rank_bb(back);
    let candidates: Vec<Square> = Squares(rooks)
        .filter(|r| if side == KING_SIDE { r.file() > ksq.file() } else { r.file() < ksq.file() })
        .collect();
    if side == KING_SIDE {
        candidates.last().copied()
    } else {
        candidates.first().copied()
    }
}

fn parse_castling(field: &str, pos: &Position, opts: FenOptions) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    let syntax = |why| FenError::CastlingSyntax { found: field.to_string(), why };
    if field.is_empty() || field.len() > 4 {
        return Err(syntax("expected '-' or 1 to 4 letters"));
    }
    let mut seen_white_after_black = false;
    let mut seen = [[false; 2]; 2];
    let mut last_order: i32 = -1;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        if color == Color::White && seen[1].iter().any(|&b| b) {
            seen_white_after_black = true;
        }
        let lower = c.to_ascii_lowercase();
        let back = if color == Color::White { 0 } else { 7 };
        let ksq = pos.king(color);
        let king_ok = pos.pieces(color, Role::King) != 0 && ksq.rank() == back;
        let (side, rook) = match lower {
            'k' | 'q' => {
                let side = if lower == 'k' { KING_SIDE } else { QUEEN_SIDE };
                if !opts.chess960 {
                    // Standard chess: king on e1/e8, rook on h- or a-file.
                    let order = 2 * color.index() as i32 + side as i32;
                    if order <= last_order {
                        return Err(syntax("letters repeated or out of order (expected a subset of KQkq in that order)"));
                    }
                    last_order = order;
                    let kfile_ok = king_ok && ksq.file() == 4;
                    let rsq = Square::from_coords(if side == KING_SIDE { 7 } else { 0 }, back);
                    let rook_ok = pos.piece_at(rsq) == Some(Piece { color, role: Role::Rook });
                    if !kfile_ok || !rook_ok {
                        if opts.relaxed {
                            continue;
                        }
                        return Err(FenError::CastlingRights {
                            right: c,
                            why: if !kfile_ok { "the king on its e-file home square" } else { "a rook on its corner square" },
                        });
                    }
                    (side, rsq)
                } else {
                    match (king_ok, king_ok.then(|| outermost_rook(pos, color, side)).flatten()) {
                        (true, Some(r)) => (side, r),
                        _ => {
                            if opts.relaxed {
                                continue;
                            }
                            return Err(FenError::CastlingRights { right: c, why: "the king on its back rank and a rook on that side of it" });
                        }
                    }
                }
            }
            'a'..='h' if opts.chess960 => {
                let rsq = Square::from_coords(lower as u8 - b'a', back);
                let rook_ok = pos.piece_at(rsq) == Some(Piece { color, role: Role::Rook });
                if !king_ok || !rook_ok || rsq.file() == ksq.file() {
                    if opts.relaxed {
                        continue;
                    }
                    return Err(FenError::CastlingRights { right: c, why: "the king on its back rank and a rook on that file" });
                }
                (if rsq.file() > ksq.file() { KING_SIDE } else { QUEEN_SIDE }, rsq)
            }
            _ => return Err(syntax("invalid letter (expected K, Q, k, q, or in Chess960 a rook file A-H / a-h)")),
        };
        if seen[color.index()][side] {
            return Err(syntax("two rights for the same side"));
        }
        seen[color.index()][side] = true;
        rights.set(color, side, Some(rook));
    }
    if seen_white_after_black {
        return Err(syntax("white's rights must come before black's"));
    }
    Ok(rights)
}

impl Position {
    /// Parses a FEN with standard validation (see the crate README, "Semantics"). Accepts 4,
    /// 5 or 6 fields (missing clocks default to `0 1`); a fullmove number of 0 reads as 1.
    pub fn from_fen(fen: &str, opts: FenOptions) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split(' ').collect();
        if fields.len() < 4 || fields.len() > 6 || fields.iter().any(|f| f.is_empty()) {
            // Also refuses doubled or trailing spaces (an empty field).
            return Err(FenError::FieldCount { found: fen.split_whitespace().count() });
        }
        let mut pos = Position::empty();
        pos.chess960 = opts.chess960;
        parse_board(fields[0], &mut pos)?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn { found: other.to_string() }),
        };
        pos.set_turn(turn);

        // Board sanity: kings and pawns, before anything that needs a king square.
        for color in Color::ALL {
            let n = pos.pieces(color, Role::King).count_ones();
            if n == 0 {
                return Err(FenError::MissingKing { color });
            }
            if n > 1 {
                return Err(FenError::TooManyKings { color, count: n });
            }
        }
        let back_pawns = pos.by_role(Role::Pawn) & (rank_bb(0) | rank_bb(7));
        if back_pawns != 0 {
            return Err(FenError::PawnOnBackRank { square: lsb(back_pawns) });
        }

        let rights = parse_castling(fields[2], &pos, opts)?;
        pos.set_castling(rights);

        let ep = if fields[3] == "-" {
            None
        } else {
            let sq = Square::parse(fields[3]).ok_or_else(|| FenError::EnPassantSyntax { found: fields[3].to_string() })?;
            match ep_problem(&pos, sq) {
                None => Some(sq),
                Some(_) if opts.relaxed => None,
                Some(why) => return Err(FenError::EnPassantSquare { square: sq, why }),
            }
        };
        pos.set_ep_square(ep);

        if fields.len() >= 5 {
            pos.halfmove_clock = parse_clock(fields[4]).ok_or_else(|| FenError::HalfmoveClock { found: fields[4].to_string() })?;
        }
        if fields.len() == 6 {
            pos.fullmove_number = parse_clock(fields[5]).ok_or_else(|| FenError::FullmoveNumber { found: fields[5].to_string() })?.max(1);
        }

        // Checks.
        let them = turn.other();
        if pos.is_attacked(pos.king(them), turn, pos.occupied()) {
            return Err(FenError::OppositeCheck { color: them });
        }
        if !opts.relaxed {
            if let Some(why) = impossible_check(&pos) {
                return Err(FenError::ImpossibleCheck { why });
            }
        }
        Ok(pos)
    }

    /// The en passant square if an en passant capture is legal now.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        if !self.ep_capturable(ep) {
            return None;
        }
        let mut list = MoveList::new();
        self.legal_moves_from(pawn_attacks(self.turn.other(), ep), &mut list);
        list.iter().any(|m| m.kind() == MoveKind::EnPassant).then_some(ep)
    }

    /// The board field of the FEN (piece placement only).
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The castling field: `KQkq` in standard chess; X-FEN (or Shredder-FEN) in Chess960.
    pub fn castling_fen(&self, shredder: bool) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            for side in [KING_SIDE, QUEEN_SIDE] {
                if let Some(rook) = self.castling.rook(color, side) {
                    let kq = !self.chess960 || (!shredder && outermost_rook(self, color, side) == Some(rook));
                    let letter = match (kq, side == KING_SIDE) {
                        (true, true) => 'k',
                        (true, false) => 'q',
                        (false, _) => rook.file_char(),
                    };
                    s.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The FEN of the position with the default format (en passant square only when an en
    /// passant capture is legal; X-FEN castling in Chess960).
    pub fn fen(&self) -> String {
        self.fen_with(FenFormat::default())
    }

    /// The FEN of the position in the given format.
    pub fn fen_with(&self, format: FenFormat) -> String {
        let ep = match format.en_passant {
            EnPassantMode::Legal => self.legal_ep_square(),
            EnPassantMode::PseudoLegal => self.ep_square.filter(|&e| self.ep_capturable(e)),
            EnPassantMode::Always => self.ep_square,
        };
        let mut s = self.board_fen();
        let _ = write!(
            s,
            " {} {} {} {} {}",
            self.turn.fen_char(),
            self.castling_fen(format.shredder),
            ep.map_or("-".to_string(), |e| e.to_string()),
            self.halfmove_clock,
            self.fullmove_number
        );
        s
    }
}

/// Why `ep` cannot be the en passant square of `pos`, if it cannot.
fn ep_problem(pos: &Position, ep: Square) -> Option<&'static str> {
    let us = pos.turn();
    let (ep_rank, pawn_rank, origin_rank) = if us == Color::White { (5, 4, 6) } else { (2, 3, 1) };
    if ep.rank() != ep_rank {
        return Some(if us == Color::White { "with white to move it must be on rank 6" } else { "with black to move it must be on rank 3" });
    }
    if pos.piece_at(ep).is_some() {
        return Some("the square is occupied");
    }
    if pos.piece_at(Square::from_coords(ep.file(), origin_rank)).is_some() {
        return Some("the pawn's starting square is occupied");
    }
    if pos.piece_at(Square::from_coords(ep.file(), pawn_rank)) != Some(Piece { color: us.other(), role: Role::Pawn }) {
        return Some("no pawn that just moved two squares stands in front of it");
    }
    None
}

/// Why the check on the side to move is impossible, if it is.
fn impossible_check(pos: &Position) -> Option<&'static str> {
    let checkers = pos.checkers();
    if checkers == 0 {
        return None;
    }
    let n = checkers.count_ones();
    if n > 2 {
        return Some("more than two pieces give check");
    }
    let ksq = pos.king(pos.turn());
    let steppers = pos.by_role(Role::Pawn) | pos.by_role(Role::Knight);
    if let Some(ep) = pos.ep_square() {
        // The last move was a double push: each checker must be that pawn or a slider whose
        // line to the king ran through the pawn's starting square.
        let us = pos.turn();
        let pushed = Square::from_coords(ep.file(), if us == Color::White { 4 } else { 3 });
        let origin = Square::from_coords(ep.file(), if us == Color::White { 6 } else { 1 });
        for c in Squares(checkers) {
            if c != pushed && between(ksq, c) & origin.bb() == 0 {
                return Some("the double push implied by the en passant square cannot have given this check");
            }
        }
    }
    if n == 2 {
        let a = lsb(checkers);
        let b = lsb(checkers & (checkers - 1));
        if checkers & steppers == checkers {
            return Some("two pawns or knights give check at once");
        }
        if checkers & steppers == 0 && line(a, b) & ksq.bb() != 0 {
            return Some("two checking sliders stand on one line with the king");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trip() {
        let pos = Position::from_fen(STARTING_FEN, FenOptions::default()).unwrap();
        assert_eq!(pos.fen(), STARTING_FEN);
        assert_eq!(pos, Position::startpos());
        assert_eq!(pos.zobrist(), 0x463b96181691fc9c);
    }
}

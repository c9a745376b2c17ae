//! Standard Algebraic Notation (PGN standard section 8.2.3; FIDE Laws appendix C) out and in,
//! and long algebraic notation (LAN) out.
//!
//! Output: piece letter, minimal disambiguation over the legal moves (file, then rank, then
//! square), `x` for captures, `=Q` promotions, `O-O`/`O-O-O` (also in Chess960), `+`/`#`.
//!
//! Input is lenient by default, accepting the forms python-chess accepts: `0-0`, missing or
//! extra `+`/`#`, a missing `=` in promotions, a missing `x`, `-` between squares,
//! over-disambiguation, UCI-looking `e2e4`. [`SanOptions::strict`] accepts only the exact
//! SAN this module writes.

use super::position::{Position, KING_SIDE};
use super::types::*;
use thiserror::Error;

/// Why a SAN string did not give a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SanError {
    /// Not SAN at all (or, in strict mode, not in its canonical form).
    #[error("invalid SAN {0:?}")]
    Invalid(String),
    /// Well-formed, but no legal move matches.
    #[error("illegal SAN {0:?}: no legal move matches")]
    Illegal(String),
    /// More than one legal move matches.
    #[error("ambiguous SAN {0:?}: several legal moves match")]
    Ambiguous(String),
}

/// How to read SAN.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SanOptions {
    /// Accept only canonical SAN, exactly as [`Position::san`] writes it.
    pub strict: bool,
}

/// The parts of a SAN string that select a move.
struct SanPattern {
    castle: Option<usize>,
    /// No piece letter was written (a pawn move, or a fully specified `g1f3`).
    no_letter: bool,
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<Role>,
}

fn parse_pattern(text: &str) -> Option<SanPattern> {
    // At most one check or mate sign.
    let body = text.strip_suffix(['+', '#']).unwrap_or(text);
    match body {
        "O-O" | "0-0" => return Some(SanPattern { castle: Some(KING_SIDE), no_letter: false, role: Role::King, from_file: None, from_rank: None, to: Square::A1, promotion: None }),
        "O-O-O" | "0-0-0" => return Some(SanPattern { castle: Some(1), no_letter: false, role: Role::King, from_file: None, from_rank: None, to: Square::A1, promotion: None }),
        _ => {}
    }
    let mut b = body.as_bytes();
    let role = match b.first()? {
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => Role::Pawn,
    };
    if role != Role::Pawn {
        b = &b[1..];
    }
    // Promotion suffix: "=Q", "Q", "=q", "q". A square ends in a digit, so a trailing letter
    // is a promotion piece.
    let mut promotion = None;
    if let Some(&last) = b.last() {
        if last.is_ascii_alphabetic() {
            match Role::from_char(last as char) {
                Some(Role::Pawn) | None => return None,
                Some(r) => promotion = Some(r),
            }
            b = &b[..b.len() - 1];
            if b.last() == Some(&b'=') {
                b = &b[..b.len() - 1];
            }
        }
    }
    if b.len() < 2 {
        return None;
    }
    let to = Square::from_bytes(b[b.len() - 2], b[b.len() - 1])?;
    let mut rest = &b[..b.len() - 2];
    if let Some(&sep) = rest.last() {
        if sep == b'x' || sep == b'-' {
            rest = &rest[..rest.len() - 1];
            // A capture sign or dash needs a piece letter or an origin before it ("xe4").
            if rest.is_empty() && role == Role::Pawn {
                return None;
            }
        }
    }
    let (mut from_file, mut from_rank) = (None, None);
    match rest {
        [] => {}
        [f @ b'a'..=b'h'] => from_file = Some(f - b'a'),
        [r @ b'1'..=b'8'] => from_rank = Some(r - b'1'),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            from_file = Some(f - b'a');
            from_rank = Some(r - b'1');
        }
        _ => return None,
    }
    Some(SanPattern { castle: None, no_letter: role == Role::Pawn, role, from_file, from_rank, to, promotion })
}

impl Position {
    /// Whether `m` captures a piece (en passant included; castling never).
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            _ => self.by_color(self.turn.other()) & m.to().bb() != 0,
        }
    }

    /// The SAN of the legal move `m`, without check suffix.
    fn san_body(&self, m: Move) -> String {
        let mut s = String::with_capacity(8);
        if m.kind() == MoveKind::Castling {
            s.push_str(if m.to().file() > m.from().file() { "O-O" } else { "O-O-O" });
            return s;
        }
        let Some(piece) = self.piece_at(m.from()) else { return "--".to_string() };
        let capture = self.is_capture(m);
        if piece.role == Role::Pawn {
            if capture {
                s.push(m.from().file_char());
                s.push('x');
            }
        } else {
            s.push(piece.role.char().to_ascii_uppercase());
            if piece.role != Role::King {
                let mut list = MoveList::new();
                let others = self.pieces(self.turn, piece.role) & !m.from().bb();
                self.legal_moves_from(others, &mut list);
                let rivals: Bitboard = list
                    .iter()
                    .filter(|o| o.to() == m.to() && o.kind() == MoveKind::Normal)
                    .fold(0, |acc, o| acc | o.from().bb());
                if rivals != 0 {
                    if rivals & file_bb(m.from().file()) == 0 {
                        s.push(m.from().file_char());
                    } else if rivals & rank_bb(m.from().rank()) == 0 {
                        s.push(m.from().rank_char());
                    } else {
                        s.push(m.from().file_char());
                        s.push(m.from().rank_char());
                    }
                }
            }
            if capture {
                s.push('x');
            }
        }
        s.push_str(&m.to().to_string());
        if let Some(r) = m.promotion_role() {
            s.push('=');
            s.push(r.char().to_ascii_uppercase());
        }
        s
    }

    /// `+` if `m` gives check, `#` if it mates, else nothing.
    fn check_suffix(&self, m: Move) -> &'static str {
        let mut child = *self;
        child.play(m);
        if !child.is_check() {
            ""
        } else if child.has_legal_moves() {
            "+"
        } else {
            "#"
        }
    }

    /// The SAN of the legal move `m`, e.g. `Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`.
    /// The result is unspecified for a move that is not legal here.
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_body(m);
        s.push_str(self.check_suffix(m));
        s
    }

    /// The long algebraic notation of the legal move `m`, as GUIs show it: `Ng1-f3`, `e2-e4`,
    /// `e7xd8=Q+`, `O-O`.
    pub fn lan(&self, m: Move) -> String {
        if m.kind() == MoveKind::Castling {
            return self.san(m);
        }
        let mut s = String::with_capacity(10);
        if let Some(p) = self.piece_at(m.from()) {
            if p.role != Role::Pawn {
                s.push(p.role.char().to_ascii_uppercase());
            }
        }
        s.push_str(&m.from().to_string());
        s.push(if self.is_capture(m) { 'x' } else { '-' });
        s.push_str(&m.to().to_string());
        if let Some(r) = m.promotion_role() {
            s.push('=');
            s.push(r.char().to_ascii_uppercase());
        }
        s.push_str(self.check_suffix(m));
        s
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        !list.is_empty()
    }

    /// Parses SAN (lenient unless `opts.strict`) into the legal move it names.
    pub fn parse_san(&self, san: &str, opts: SanOptions) -> Result<Move, SanError> {
        let invalid = || SanError::Invalid(san.to_string());
        let pat = parse_pattern(san).ok_or_else(invalid)?;
        if let (true, Some(f), Some(r)) = (pat.no_letter, pat.from_file, pat.from_rank) {
            // A fully specified move without piece letter (`g1f3`, `e1g1`, `e7e8q`) names any
            // piece on that square, castling included, as in UCI.
            let mut uci = format!("{}{}", Square::from_coords(f, r), pat.to);
            if let Some(p) = pat.promotion {
                uci.push(p.char());
            }
            let m = self.parse_uci(&uci).map_err(|_| SanError::Illegal(san.to_string()))?;
            if opts.strict && self.san(m) != san {
                return Err(invalid());
            }
            return Ok(m);
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut found = None;
        let mut count = 0;
        for &m in list.iter() {
            let ok = if let Some(side) = pat.castle {
                m.kind() == MoveKind::Castling && (m.to().file() > m.from().file()) == (side == KING_SIDE)
            } else {
                m.kind() != MoveKind::Castling
                    && m.to() == pat.to
                    && self.piece_at(m.from()).map(|p| p.role) == Some(pat.role)
                    && m.promotion_role() == pat.promotion
                    && pat.from_rank.is_none_or(|r| m.from().rank() == r)
                    // A pawn move without origin file is a push (the file of its destination).
                    && match pat.from_file {
                        Some(f) => m.from().file() == f,
                        None => pat.role != Role::Pawn || m.from().file() == pat.to.file(),
                    }
            };
            if ok {
                count += 1;
                found = Some(m);
            }
        }
        let m = match (count, found) {
            (1, Some(m)) => m,
            (0, _) => return Err(SanError::Illegal(san.to_string())),
            _ => return Err(SanError::Ambiguous(san.to_string())),
        };
        if opts.strict && self.san(m) != san {
            return Err(invalid());
        }
        Ok(m)
    }
}

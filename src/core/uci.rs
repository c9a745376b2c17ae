//! UCI move notation (the Universal Chess Interface protocol's long algebraic moves):
//! `e2e4`, `e7e8q`; castling is `e1g1` (king to its destination) in standard chess and
//! king-takes-rook (`e1h1`) in Chess960. Parsing in standard chess accepts both castling forms.

use super::position::Position;
use super::types::*;
use thiserror::Error;

/// Why a UCI move string was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]` (e.g. `e2e4`, `e7e8q`).
    #[error("invalid UCI move {0:?}: expected <from><to>[n|b|r|q] such as e2e4 or e7e8q")]
    Syntax(String),
    /// Well-formed, but not a legal move in the position.
    #[error("illegal UCI move {0:?} in this position")]
    Illegal(String),
}

impl Position {
    /// The UCI string of `m` (`0000` for the null move).
    pub fn uci(&self, m: Move) -> String {
        if m == Move::NULL {
            return "0000".to_string();
        }
        let to = match m.kind() {
            MoveKind::Castling if !self.chess960 => {
                Square::from_coords(if m.to().file() > m.from().file() { 6 } else { 2 }, m.from().rank())
            }
            _ => m.to(),
        };
        let mut s = format!("{}{}", m.from(), to);
        if let Some(r) = m.promotion_role() {
            s.push(r.char());
        }
        s
    }

    /// Parses a UCI move and returns the legal move it names.
    pub fn parse_uci(&self, uci: &str) -> Result<Move, UciError> {
        let b = uci.as_bytes();
        let syntax = || UciError::Syntax(uci.to_string());
        if b.len() != 4 && b.len() != 5 {
            return Err(syntax());
        }
        let from = Square::from_bytes(b[0], b[1]).ok_or_else(syntax)?;
        let to = Square::from_bytes(b[2], b[3]).ok_or_else(syntax)?;
        let promo = match b.get(4) {
            None => None,
            Some(b'n') => Some(Role::Knight),
            Some(b'b') => Some(Role::Bishop),
            Some(b'r') => Some(Role::Rook),
            Some(b'q') => Some(Role::Queen),
            Some(_) => return Err(syntax()),
        };
        let mut list = MoveList::new();
        self.legal_moves_from(from.bb(), &mut list);
        list.iter()
            .copied()
            .find(|&m| {
                m.promotion_role() == promo
                    && (m.to() == to
                        || (m.kind() == MoveKind::Castling && !self.chess960 && self.uci(m).as_bytes()[2..4] == b[2..4]))
            })
            .ok_or_else(|| UciError::Illegal(uci.to_string()))
    }
}

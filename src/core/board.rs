//! [`Board`]: a [`Position`] with the moves played on it, so moves can be validated, pushed
//! and popped (make/unmake with undo records).

use super::fen::{FenError, FenOptions};
use super::position::{Position, Undo};
use super::types::{Move, MoveList};
use super::uci::UciError;
use thiserror::Error;

/// Why a move was refused by [`Board::push`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The move is not among the legal moves of the position.
    #[error("move {0:?} is not legal in this position")]
    Illegal(Move),
}

/// Why [`Board::pop`] failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("no move to take back: the move history is empty")]
pub struct EmptyHistory;

/// A game in progress: the current position and the stack of moves that led to it from the
/// position it was set up with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pos: Position,
    history: Vec<(Move, Undo)>,
}

impl Board {
    /// The standard starting position, no moves played.
    pub fn new() -> Board {
        Board { pos: Position::startpos(), history: Vec::new() }
    }

    /// A board set up from a FEN; see [`Position::from_fen`].
    pub fn from_fen(fen: &str, opts: FenOptions) -> Result<Board, FenError> {
        Ok(Board { pos: Position::from_fen(fen, opts)?, history: Vec::new() })
    }

    /// Replaces the position and clears the move history; on error nothing changes.
    pub fn set_fen(&mut self, fen: &str, opts: FenOptions) -> Result<(), FenError> {
        let pos = Position::from_fen(fen, opts)?;
        self.pos = pos;
        self.history.clear();
        Ok(())
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Legal moves of the current position.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        list
    }

    /// Plays `m` after checking that it is legal; an illegal move is refused and the board
    /// stays as it was.
    pub fn push(&mut self, m: Move) -> Result<(), MoveError> {
        if m == Move::NULL || !self.pos.is_legal(m) {
            return Err(MoveError::Illegal(m));
        }
        let undo = self.pos.make_move(m);
        self.history.push((m, undo));
        Ok(())
    }

    /// Parses a UCI move and plays it; on error nothing changes.
    pub fn push_uci(&mut self, uci: &str) -> Result<Move, UciError> {
        let m = self.pos.parse_uci(uci)?;
        let undo = self.pos.make_move(m);
        self.history.push((m, undo));
        Ok(m)
    }

    /// Takes back the last move and returns it.
    pub fn pop(&mut self) -> Result<Move, EmptyHistory> {
        let (m, undo) = self.history.pop().ok_or(EmptyHistory)?;
        self.pos.unmake_move(m, &undo);
        Ok(m)
    }

    /// The moves played since the board was set up, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|(m, _)| *m)
    }
}

//! [`Board`]: a [`Position`] with the moves played on it, so moves can be validated, pushed
//! and popped (make/unmake with undo records), and the rules that need the game's history can
//! be judged: repetition (FIDE Laws 9.2, 9.6.1), the fifty- and seventy-five-move rules (9.3,
//! 9.6.2), and the game's [`Outcome`].

use super::fen::{FenError, FenOptions};
use super::position::{Position, Undo};
use super::san::{SanError, SanOptions};
use super::types::{Color, Move, MoveList};
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

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// FIDE 5.1.1.
    Checkmate,
    /// FIDE 5.2.1.
    Stalemate,
    /// Neither side can mate by material (FIDE 5.2.2, python-chess's judgement).
    InsufficientMaterial,
    /// 75 moves by each side without capture or pawn move (FIDE 9.6.2), automatic.
    SeventyfiveMoves,
    /// The same position five times (FIDE 9.6.1), automatic.
    FivefoldRepetition,
    /// 50 moves by each side without capture or pawn move (FIDE 9.3), on claim.
    FiftyMoves,
    /// The same position three times, or a move that makes it so (FIDE 9.2), on claim.
    ThreefoldRepetition,
}

/// The end of a game: how, and who won (`None` for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the game ended.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// A game in progress: the current position and the stack of moves that led to it from the
/// position it was set up with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pos: Position,
    history: Vec<(Move, Undo)>,
    /// Identity keys ([`Position::identity_key`]) of the set-up position and of the position
    /// after each move: `keys.len() == history.len() + 1`.
    keys: Vec<u64>,
}

impl Board {
    /// The standard starting position, no moves played.
    pub fn new() -> Board {
        Board::with_position(Position::startpos())
    }

    /// A board starting from `pos`, no moves played.
    pub fn with_position(pos: Position) -> Board {
        Board { keys: vec![pos.identity_key()], pos, history: Vec::new() }
    }

    /// A board set up from a FEN; see [`Position::from_fen`].
    pub fn from_fen(fen: &str, opts: FenOptions) -> Result<Board, FenError> {
        Ok(Board::with_position(Position::from_fen(fen, opts)?))
    }

    /// Replaces the position and clears the move history; on error nothing changes.
    pub fn set_fen(&mut self, fen: &str, opts: FenOptions) -> Result<(), FenError> {
        *self = Board::from_fen(fen, opts)?;
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

    fn play(&mut self, m: Move) {
        let undo = self.pos.make_move(m);
        self.history.push((m, undo));
        self.keys.push(self.pos.identity_key());
    }

    /// Plays `m` after checking that it is legal; an illegal move is refused and the board
    /// stays as it was.
    pub fn push(&mut self, m: Move) -> Result<(), MoveError> {
        if m == Move::NULL || !self.pos.is_legal(m) {
            return Err(MoveError::Illegal(m));
        }
        self.play(m);
        Ok(())
    }

    /// Parses a UCI move and plays it; on error nothing changes.
    pub fn push_uci(&mut self, uci: &str) -> Result<Move, UciError> {
        let m = self.pos.parse_uci(uci)?;
        self.play(m);
        Ok(m)
    }

    /// Parses a SAN move and plays it; on error nothing changes.
    pub fn push_san(&mut self, san: &str, opts: SanOptions) -> Result<Move, SanError> {
        let m = self.pos.parse_san(san, opts)?;
        self.play(m);
        Ok(m)
    }

    /// Takes back the last move and returns it.
    pub fn pop(&mut self) -> Result<Move, EmptyHistory> {
        let (m, undo) = self.history.pop().ok_or(EmptyHistory)?;
        self.pos.unmake_move(m, &undo);
        self.keys.pop();
        Ok(m)
    }

    /// The last move played, if any.
    pub fn peek(&self) -> Option<Move> {
        self.history.last().map(|(m, _)| *m)
    }

    /// The moves played since the board was set up, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|(m, _)| *m)
    }

    /// Identity keys of the earlier positions that can equal the one at index `end` (whose
    /// halfmove clock is `clock`): every second position before it, no further back than the
    /// last capture or pawn move.
    fn same_side_keys(&self, end: usize, clock: u32) -> impl Iterator<Item = u64> + '_ {
        // Positions end-2, end-4, ... (same side to move), at most `clock` plies back.
        let reach = (clock as usize).min(end);
        (1..=reach / 2).map(move |k| self.keys[end - 2 * k])
    }

    /// How many times the current position has occurred, counting itself (identity as in
    /// FIDE 9.2.3). Costs O(plies since the last capture or pawn move).
    pub fn repetition_count(&self) -> u32 {
        let end = self.keys.len() - 1;
        let key = self.keys[end];
        1 + self.same_side_keys(end, self.pos.halfmove_clock()).filter(|&k| k == key).count() as u32
    }

    /// Whether the current position has occurred at least `count` times (including now).
    pub fn is_repetition(&self, count: u32) -> bool {
        self.repetition_count() >= count
    }

    /// Fivefold repetition (FIDE 9.6.1): the game is drawn automatically.
    pub fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Threefold repetition claim (FIDE 9.2): the position has occurred three times, or a legal
    /// move leads to a position that then occurs for the third time.
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.is_repetition(3) {
            return true;
        }
        let end = self.keys.len(); // index the position after a move would have
        let clock = self.pos.halfmove_clock() + 1;
        for &m in self.legal_moves().iter() {
            if self.pos.is_zeroing(m) {
                continue;
            }
            let mut child = self.pos;
            child.make_move(m);
            let key = child.identity_key();
            let reach = (clock as usize).min(end);
            let seen = (1..=reach / 2).filter(|k| self.keys[end - 2 * k] == key).count();
            if seen >= 2 {
                return true;
            }
        }
        false
    }

    /// Fifty-move rule claim (FIDE 9.3): the halfmove clock is at least 100, or a legal move
    /// that is not a capture or pawn move brings it to 100 (and does not mate or stalemate).
    /// Never when the side to move has no legal move.
    pub fn can_claim_fifty_moves(&self) -> bool {
        let clock = self.pos.halfmove_clock();
        let moves = self.legal_moves();
        if moves.is_empty() {
            return false;
        }
        clock >= 100
            || (clock == 99
                && moves.iter().any(|&m| {
                    // The claim is made with a move that reaches 100 without ending the game.
                    let mut child = self.pos;
                    child.make_move(m);
                    !self.pos.is_zeroing(m) && child.has_legal_moves()
                }))
    }

    /// Seventy-five-move rule (FIDE 9.6.2): the halfmove clock is at least 150 and the last
    /// move did not checkmate (a mate takes precedence).
    pub fn is_seventyfive_moves(&self) -> bool {
        self.pos.halfmove_clock() >= 150 && self.pos.has_legal_moves()
    }

    /// The outcome, if the game is over: checkmate, insufficient material, stalemate, then
    /// the automatic draws (seventy-five moves, fivefold repetition), then, with
    /// `claim_draw`, the claimable ones (fifty moves, threefold repetition). `None` while the
    /// game goes on.
    pub fn outcome(&self, claim_draw: bool) -> Option<Outcome> {
        let draw = |termination| Some(Outcome { termination, winner: None });
        if self.pos.is_checkmate() {
            return Some(Outcome { termination: Termination::Checkmate, winner: Some(self.pos.turn().other()) });
        }
        if self.pos.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        if !self.pos.has_legal_moves() {
            return draw(Termination::Stalemate);
        }
        if self.is_seventyfive_moves() {
            return draw(Termination::SeventyfiveMoves);
        }
        if self.is_fivefold_repetition() {
            return draw(Termination::FivefoldRepetition);
        }
        if claim_draw {
            if self.can_claim_fifty_moves() {
                return draw(Termination::FiftyMoves);
            }
            if self.can_claim_threefold_repetition() {
                return draw(Termination::ThreefoldRepetition);
            }
        }
        None
    }

    /// Whether the game is over (see [`Board::outcome`]).
    pub fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self, claim_draw: bool) -> &'static str {
        self.outcome(claim_draw).map_or("*", |o| o.result())
    }
}

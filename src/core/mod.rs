//! The rules core: safe Rust only, no FFI.
#![forbid(unsafe_code)]

pub mod attacks;
pub mod board;
pub mod fen;
pub mod movegen;
pub mod perft;
pub(crate) mod polyglot_table;
pub mod position;
pub mod rules;
pub mod san;
pub mod types;
pub mod uci;
pub(crate) mod zobrist;

pub use board::{Board, EmptyHistory, MoveError, Outcome, Termination};
pub use fen::{EnPassantMode, FenError, FenFormat, FenOptions, STARTING_FEN};
pub use perft::{perft, perft_divide, perft_stats, perft_with, PerftError, PerftOptions, PerftStats};
pub use position::{CastlingRights, Position, Undo, KING_SIDE, QUEEN_SIDE};
pub use types::{Bitboard, Color, Move, MoveKind, MoveList, Piece, Role, Square, Squares};
pub use san::{SanError, SanOptions};
pub use uci::UciError;

//! zugzwang: a chess rules library with a bitboard core and a C ABI.
//!
//! * [`core`] is the safe Rust rules core: squares, bitboards, attack tables, [`core::Position`]
//!   with legal move generation and make/unmake, [`core::Board`] (a position with its history),
//!   FEN and UCI, perft.
//! * `ffi` is the C ABI (`include/zugzwang.h`); it is the only module with `unsafe` code.

#![deny(unsafe_op_in_unsafe_fn)]

pub mod core;
mod ffi;

pub use crate::core::*;

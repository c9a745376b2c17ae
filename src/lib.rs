//! zugzwang: a chess rules library with a bitboard core and a C ABI.
//!
//! * [`core`] is the safe Rust rules core: squares, bitboards, attack tables, [`core::Position`]
//!   with legal move generation and make/unmake, [`core::Board`] (a position with its history),
//!   FEN and UCI, perft.
//! * [`ffi`] is the C ABI (`include/zugzwang.h`), and the only module allowed to bypass
//!   Rust's compile-time memory-safety checks (the core forbids it).
//!   Rust users have no need for it: it exists for C, C++ and Python callers.

#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod core;
pub mod ffi;

pub use crate::core::*;
pub use ffi::perft_fast;

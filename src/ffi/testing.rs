//! Test-only export (cargo feature `test-panic`, never in the header or a normal build): it
//! panics inside the panic guard, so a test can prove the guard turns a panic into
//! ZZ_STATUS_PANIC and leaves the board usable.

use super::board::{board_ref, zz_board};
use super::error::*;

/// Reads the board, then panics on purpose. Returns ZZ_STATUS_PANIC (through the guard).
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn zz_test_panic(board: *const zz_board) -> zz_status {
    guard_status(|| {
        // SAFETY: the caller passes NULL or a live board.
        let b = unsafe { board_ref(board) }?;
        let n = b.legal_moves().len();
        panic!("deliberate panic for the panic-boundary test ({n} legal moves)");
    })
}

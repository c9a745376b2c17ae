//! The panic guard: a panic inside an export becomes ZZ_STATUS_PANIC with a message, never
//! unwinds into the caller, and the board stays usable. Needs the `test-panic` feature
//! (`cargo test --features test-panic --test panic_boundary`, run by `make test`).
#![cfg(feature = "test-panic")]

use std::ffi::CStr;
use zugzwang::ffi::*;

#[test]
fn panic_becomes_status_and_board_stays_usable() {
    let mut board: *mut zz_board = std::ptr::null_mut();
    // SAFETY: every pointer passed below is either NULL-checked by the library or valid.
    unsafe {
        assert_eq!(zz_board_new(&mut board), zz_status::ZZ_STATUS_OK);
        assert_eq!(zz_board_push_uci(board, c"e2e4".as_ptr()), zz_status::ZZ_STATUS_OK);
        let mut before = [0 as std::ffi::c_char; ZZ_FEN_MAX];
        assert_eq!(zz_board_fen(board, 0, before.as_mut_ptr(), ZZ_FEN_MAX, std::ptr::null_mut()), zz_status::ZZ_STATUS_OK);

        for _ in 0..3 {
            assert_eq!(zz_test_panic(board), zz_status::ZZ_STATUS_PANIC);
            let msg = CStr::from_ptr(zz_last_error_message()).to_str().unwrap();
            assert!(msg.contains("deliberate panic"), "{msg}");
        }
        assert_eq!(zz_test_panic(std::ptr::null()), zz_status::ZZ_STATUS_NULL_PARAMETER);

        // The board is unchanged and works.
        let mut after = [0 as std::ffi::c_char; ZZ_FEN_MAX];
        assert_eq!(zz_board_fen(board, 0, after.as_mut_ptr(), ZZ_FEN_MAX, std::ptr::null_mut()), zz_status::ZZ_STATUS_OK);
        assert_eq!(CStr::from_ptr(before.as_ptr()), CStr::from_ptr(after.as_ptr()));
        let mut moves = [0u16; ZZ_MAX_MOVES];
        let mut n = 0usize;
        assert_eq!(zz_board_legal_moves(board, moves.as_mut_ptr(), ZZ_MAX_MOVES, &mut n), zz_status::ZZ_STATUS_OK);
        assert_eq!(n, 20);
        assert_eq!(zz_board_push(board, moves[0]), zz_status::ZZ_STATUS_OK);
        assert_eq!(zz_board_pop(board, std::ptr::null_mut()), zz_status::ZZ_STATUS_OK);
        let mut nodes = 0u64;
        assert_eq!(zz_perft(board, 3, &mut nodes), zz_status::ZZ_STATUS_OK);
        assert_eq!(nodes, 13_160); // perft(3) after 1. e4
        zz_board_free(board);
    }
}

"""Unit tests of the public API (no python-chess needed)."""

import copy
import ctypes
import gc
import multiprocessing
import pickle
import threading
import unittest
import weakref

import _setup  # noqa: F401

import zugzwang
from zugzwang import (
    A1, A8, B1, C1, D1, E1, E2, E4, E5, E7, E8, F1, F3, G1, H1, H8,
    BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, SQUARE_NAMES, SQUARES,
    STARTING_BOARD_FEN, STARTING_FEN, WHITE,
    AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move, Outcome, Piece,
    SquareSet, Termination,
)

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CASTLE_BOTH = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def uci_set(board: Board) -> set:
    return {m.uci() for m in board.legal_moves}


class ConstantsTest(unittest.TestCase):
    def test_colors_and_piece_types(self) -> None:
        self.assertIs(WHITE, True)
        self.assertIs(BLACK, False)
        self.assertEqual([PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING], [1, 2, 3, 4, 5, 6])
        self.assertEqual(zugzwang.PIECE_TYPES, [1, 2, 3, 4, 5, 6])
        self.assertEqual(zugzwang.COLOR_NAMES[WHITE], "white")
        self.assertEqual(zugzwang.piece_symbol(KNIGHT), "n")
        self.assertEqual(zugzwang.piece_name(QUEEN), "queen")

    def test_squares(self) -> None:
        self.assertEqual((A1, H1, A8, H8, E4), (0, 7, 56, 63, 28))
        self.assertEqual(SQUARES, list(range(64)))
        self.assertEqual(len(SQUARE_NAMES), 64)
        self.assertEqual(SQUARE_NAMES[E4], "e4")
        for sq in SQUARES:
            self.assertEqual(getattr(zugzwang, SQUARE_NAMES[sq].upper()), sq)
            self.assertEqual(zugzwang.parse_square(zugzwang.square_name(sq)), sq)
            self.assertEqual(zugzwang.square(zugzwang.square_file(sq),
                                             zugzwang.square_rank(sq)), sq)
        self.assertEqual((zugzwang.square_file(E4), zugzwang.square_rank(E4)), (4, 3))
        self.assertEqual(zugzwang.square_distance(A1, H8), 7)
        self.assertEqual(zugzwang.square_mirror(E2), E7)
        for bad in ("e9", "i1", "", "E4", None, 4):
            with self.assertRaises(ValueError):
                zugzwang.parse_square(bad)  # type: ignore[arg-type]

    def test_starting_fen(self) -> None:
        self.assertEqual(STARTING_FEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        self.assertEqual(Board().fen(), STARTING_FEN)
        self.assertEqual(Board().board_fen(), STARTING_BOARD_FEN)

    def test_exceptions_are_value_errors(self) -> None:
        for exc in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
            self.assertTrue(issubclass(exc, ValueError))


class MoveTest(unittest.TestCase):
    def test_fields_uci_and_equality(self) -> None:
        m = Move.from_uci("e2e4")
        self.assertEqual((m.from_square, m.to_square, m.promotion, m.drop), (E2, E4, None, None))
        self.assertEqual(m, Move(E2, E4))
        self.assertEqual(hash(m), hash(Move(E2, E4)))
        self.assertNotEqual(m, Move(E2, E4, QUEEN))
        self.assertNotEqual(m, "e2e4")
        self.assertEqual(m.uci(), "e2e4")
        self.assertEqual(str(m), "e2e4")
        self.assertEqual(repr(m), "Move.from_uci('e2e4')")
        p = Move.from_uci("e7e8q")
        self.assertEqual((p.promotion, p.uci()), (QUEEN, "e7e8q"))
        self.assertEqual(len({Move(E2, E4), Move.from_uci("e2e4"), p}), 2)

    def test_null_and_drop(self) -> None:
        null = Move.null()
        self.assertFalse(null)
        self.assertTrue(Move(E2, E4))
        self.assertEqual(null.uci(), "0000")
        self.assertEqual(Move.from_uci("0000"), null)
        drop = Move.from_uci("N@e4")
        self.assertEqual((drop.drop, drop.to_square, drop.uci()), (KNIGHT, E4, "N@e4"))

    def test_invalid_uci(self) -> None:
        for bad in ("", "e2", "e2e", "e2e9", "e2e4x", "e2e4qq", "e2e2", "E2E4", "i1a1", None):
            with self.assertRaises(InvalidMoveError, msg=bad):
                Move.from_uci(bad)  # type: ignore[arg-type]
        with self.assertRaises(ValueError):
            Move(64, 0)
        with self.assertRaises(ValueError):
            Move(E2, E4, promotion=7)

    def test_immutable_and_pickle(self) -> None:
        m = Move(E2, E4)
        with self.assertRaises(AttributeError):
            m.to_square = E5  # type: ignore[misc]
        self.assertEqual(pickle.loads(pickle.dumps(Move(E7, E8, QUEEN))), Move(E7, E8, QUEEN))

    def test_moves_from_a_board_are_interned(self) -> None:
        a, b = Board(), Board()
        self.assertIs(list(a.legal_moves)[0], list(b.legal_moves)[0])


class PieceTest(unittest.TestCase):
    def test_piece(self) -> None:
        p = Piece(KNIGHT, WHITE)
        self.assertEqual((p.piece_type, p.color), (KNIGHT, WHITE))
        self.assertEqual(p.symbol(), "N")
        self.assertEqual(Piece(KNIGHT, BLACK).symbol(), "n")
        self.assertEqual(p.unicode_symbol(), "\u2658")
        self.assertEqual(p.unicode_symbol(invert_color=True), "\u265e")
        self.assertEqual(Piece.from_symbol("q"), Piece(QUEEN, BLACK))
        self.assertEqual(str(p), "N")
        self.assertEqual(repr(p), "Piece.from_symbol('N')")
        self.assertEqual(len({Piece(PAWN, WHITE), Piece.from_symbol("P"), Piece(PAWN, BLACK)}), 2)
        self.assertEqual(pickle.loads(pickle.dumps(p)), p)
        for bad in ("x", "", "NN", None):
            with self.assertRaises(ValueError):
                Piece.from_symbol(bad)  # type: ignore[arg-type]
        with self.assertRaises(ValueError):
            Piece(0, WHITE)
        with self.assertRaises(AttributeError):
            p.color = BLACK  # type: ignore[misc]


class SquareSetTest(unittest.TestCase):
    def test_operations(self) -> None:
        s = SquareSet(0x8100000000000081)
        self.assertEqual(list(s), [A1, H1, A8, H8])
        self.assertEqual(list(reversed(s)), [H8, A8, H1, A1])
        self.assertEqual(len(s), 4)
        self.assertIn(A1, s)
        self.assertNotIn(B1, s)
        self.assertEqual(int(s), 0x8100000000000081)
        self.assertEqual(s, 0x8100000000000081)
        self.assertEqual(s, SquareSet([A1, H1, A8, H8]))
        self.assertEqual(s & SquareSet([A1, B1]), SquareSet([A1]))
        self.assertEqual(s | [B1], SquareSet([A1, B1, H1, A8, H8]))
        self.assertEqual(s - [A1], SquareSet([H1, A8, H8]))
        self.assertEqual(s ^ [A1, B1], SquareSet([B1, H1, A8, H8]))
        self.assertEqual(len(~s), 60)
        self.assertFalse(SquareSet())
        self.assertEqual(repr(s), "SquareSet(0x8100_0000_0000_0081)")
        self.assertEqual(str(SquareSet([A8])).splitlines()[0], "1 . . . . . . .")


class BoardBasicsTest(unittest.TestCase):
    def test_start_position(self) -> None:
        b = Board()
        self.assertEqual(b.turn, WHITE)
        self.assertEqual(b.castling_rights, 0x8100000000000081)
        self.assertIsNone(b.ep_square)
        self.assertEqual((b.halfmove_clock, b.fullmove_number, b.ply()), (0, 1, 0))
        self.assertFalse(b.chess960)
        self.assertEqual(len(b.legal_moves), 20)
        self.assertEqual(b.legal_moves.count(), 20)
        self.assertTrue(b.legal_moves)
        self.assertEqual(len(list(b.legal_moves)), 20)
        self.assertIn(Move.from_uci("g1f3"), b.legal_moves)
        self.assertNotIn(Move.from_uci("g1g3"), b.legal_moves)
        self.assertNotIn("g1f3", b.legal_moves)
        self.assertEqual(repr(b), f"Board('{STARTING_FEN}')")
        self.assertIn("Nf3", repr(b.legal_moves))

    def test_str_and_unicode(self) -> None:
        b = Board()
        lines = str(b).splitlines()
        self.assertEqual(lines[0], "r n b q k b n r")
        self.assertEqual(lines[4], ". . . . . . . .")
        self.assertEqual(lines[7], "R N B Q K B N R")
        u = b.unicode().splitlines()
        self.assertEqual(u[0], "\u265c \u265e \u265d \u265b \u265a \u265d \u265e \u265c")
        self.assertEqual(u[3], " ".join(["\u2b58"] * 8))
        bordered = b.unicode(borders=True, empty_square=".").splitlines()
        self.assertEqual(bordered[0], "  -----------------")
        self.assertEqual(bordered[-1], "   a b c d e f g h")
        self.assertTrue(bordered[1].startswith("8 |"))
        flipped = b.unicode(orientation=BLACK, empty_square=".").splitlines()
        self.assertEqual(flipped[0], "\u2656 \u2658 \u2657 \u2654 \u2655 \u2657 \u2658 \u2656")

    def test_push_pop_peek_move_stack(self) -> None:
        b = Board()
        e4 = Move.from_uci("e2e4")
        b.push(e4)
        self.assertEqual(b.turn, BLACK)
        self.assertEqual(b.ep_square, zugzwang.E3)
        self.assertEqual(b.peek(), e4)
        b.push_san("e5")
        b.push_uci("g1f3")
        self.assertEqual([m.uci() for m in b.move_stack], ["e2e4", "e7e5", "g1f3"])
        self.assertEqual(b.ply(), 3)
        self.assertEqual(b.pop(), Move.from_uci("g1f3"))
        self.assertEqual(b.pop(), Move.from_uci("e7e5"))
        self.assertEqual(b.pop(), e4)
        self.assertEqual(b.fen(), STARTING_FEN)
        with self.assertRaises(IndexError):
            b.pop()
        with self.assertRaises(IndexError):
            b.peek()
        stack = b.move_stack
        stack.append(e4)  # a copy: the board is not affected
        self.assertEqual(b.move_stack, [])

    def test_legal_moves_view_is_live(self) -> None:
        b = Board()
        view = b.legal_moves
        self.assertEqual(len(view), 20)
        b.push_san("e4")
        self.assertEqual(len(view), 20)
        self.assertIn(Move.from_uci("e7e5"), view)
        self.assertNotIn(Move.from_uci("e2e4"), view)
        b.push_san("f6")
        b.push_san("d4")
        b.push_san("g5")
        self.assertEqual(b.san(b.parse_uci("d1h5")), "Qh5#")
        moves = []
        for m in b.legal_moves:  # pushing while iterating is fine (a snapshot)
            b.push(m)
            moves.append(b.pop())
        self.assertEqual(len(moves), len(b.legal_moves))

    def test_generate_legal_moves_and_is_legal(self) -> None:
        b = Board()
        knights = list(b.generate_legal_moves(from_mask=zugzwang.BB_SQUARES[G1]))
        self.assertEqual({m.uci() for m in knights}, {"g1f3", "g1h3"})
        self.assertTrue(b.is_legal(Move(G1, F3)))
        self.assertFalse(b.is_legal(Move(G1, G1 + 16)))
        self.assertFalse(b.is_legal(Move.null()))

    def test_san_lan_uci(self) -> None:
        b = Board(KIWIPETE)
        self.assertEqual(b.san(b.parse_uci("e1g1")), "O-O")
        self.assertEqual(b.lan(b.parse_uci("e1g1")), "O-O")
        self.assertEqual(b.san(b.parse_uci("e2a6")), "Bxa6")
        self.assertEqual(b.lan(b.parse_uci("e2a6")), "Be2xa6")
        self.assertEqual(b.san(Move.from_uci("g2h3")), "gxh3")
        self.assertEqual(b.uci(b.parse_san("O-O-O")), "e1c1")
        # SAN of every legal move, in legal_moves order, in one call.
        self.assertEqual(b.san_all(), [b.san(m) for m in b.legal_moves])
        self.assertEqual(len(b.san_all()), 48)
        with self.assertRaises(IllegalMoveError):
            b.san(Move.from_uci("e1e3"))
        with self.assertRaises(IllegalMoveError):
            b.lan(Move.from_uci("e1e3"))
        with self.assertRaises(TypeError):
            b.san("e1g1")  # type: ignore[arg-type]

    def test_promotion_and_en_passant(self) -> None:
        b = Board("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1")
        self.assertEqual(sorted(m.uci() for m in b.legal_moves if m.from_square == zugzwang.B7),
                         ["b7b8b", "b7b8n", "b7b8q", "b7b8r"])
        m = b.push_san("b8=Q+")
        self.assertEqual((m.uci(), m.promotion), ("b7b8q", QUEEN))
        b.push_san("Kd7")
        self.assertEqual(b.piece_at(zugzwang.B8), Piece(QUEEN, WHITE))
        # Missing '=' is accepted (lenient), as in python-chess.
        b2 = Board("4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1")
        self.assertEqual(b2.parse_san("g1N").uci(), "g2g1n")
        ep = Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
        move = ep.parse_san("exd6")
        self.assertTrue(ep.is_en_passant(move))
        self.assertTrue(ep.is_capture(move))
        self.assertTrue(ep.is_zeroing(move))
        self.assertTrue(ep.has_legal_en_passant())
        self.assertEqual(ep.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
        ep.push(move)
        self.assertIsNone(ep.piece_at(zugzwang.D5))

    def test_castling_standard_conventions(self) -> None:
        b = Board(CASTLE_BOTH)
        self.assertIn("e1g1", uci_set(b))
        self.assertIn("e1c1", uci_set(b))
        self.assertNotIn("e1h1", uci_set(b))
        # Both king-two-squares and king-takes-rook name castling in standard chess.
        self.assertIn(Move.from_uci("e1h1"), b.legal_moves)
        self.assertIn(Move.from_uci("e1g1"), b.legal_moves)
        self.assertEqual(b.parse_uci("e1h1"), Move.from_uci("e1g1"))
        self.assertEqual(b.parse_uci("e1a1"), Move.from_uci("e1c1"))
        castle = Move(E1, G1)
        self.assertTrue(b.is_castling(castle))
        self.assertTrue(b.is_kingside_castling(castle))
        self.assertFalse(b.is_queenside_castling(castle))
        self.assertTrue(b.is_queenside_castling(Move(E1, C1)))
        self.assertFalse(b.is_capture(castle))
        self.assertEqual(b.san(Move(E1, H1)), "O-O")
        b.push(Move(E1, H1))  # a user-made king-takes-rook Move: normalised on the stack
        self.assertEqual(b.peek(), Move(E1, G1))
        self.assertEqual(b.piece_at(F1), Piece(ROOK, WHITE))
        self.assertEqual(b.king(WHITE), G1)
        b.push_san("O-O-O")
        self.assertEqual(b.king(BLACK), zugzwang.C8)
        self.assertEqual(b.piece_at(D1 + 56), Piece(ROOK, BLACK))

    def test_castling_chess960_conventions(self) -> None:
        b = Board(CASTLE_BOTH, chess960=True)
        self.assertTrue(b.chess960)
        self.assertIn("e1h1", uci_set(b))
        self.assertNotIn("e1g1", uci_set(b))
        self.assertIn(Move.from_uci("e1h1"), b.legal_moves)
        self.assertNotIn(Move.from_uci("e1g1"), b.legal_moves)  # as python-chess's is_legal
        self.assertEqual(b.parse_uci("e1g1"), Move.from_uci("e1h1"))  # as its parse_uci
        self.assertEqual(b.san(Move.from_uci("e1h1")), "O-O")
        self.assertEqual(repr(b), f"Board('{CASTLE_BOTH}', chess960=True)")
        b.push_san("O-O")
        self.assertEqual(b.peek().uci(), "e1h1")
        self.assertEqual(b.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1")
        # A Chess960 position where the king starts on b1 and a rook on a1.
        b = Board("4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", chess960=True)
        self.assertIn("b1a1", uci_set(b))
        self.assertEqual(b.san(Move.from_uci("b1a1")), "O-O-O")
        b.push_uci("b1a1")
        self.assertEqual(b.board_fen(), "4k3/8/8/8/8/8/8/2KR3R")

    def test_chess960_mode_matches_the_library(self) -> None:
        from zugzwang import _ffi
        for chess960 in (False, True):
            b = Board(CASTLE_BOTH, chess960=chess960)
            self.assertIs(_ffi.lib.zz_board_is_chess960(b._h), chess960)
            self.assertIs(_ffi.lib.zz_board_is_chess960(b.copy()._h), chess960)

    def test_chess960_positions(self) -> None:
        self.assertEqual(Board.from_chess960_pos(518).fen(), STARTING_FEN)
        b = Board.from_chess960_pos(0)
        self.assertTrue(b.chess960)
        self.assertEqual(b.board_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR")
        self.assertEqual(b.fen(shredder=True).split()[2], "HFhf")
        fens = {Board.from_chess960_pos(n).board_fen() for n in range(960)}
        self.assertEqual(len(fens), 960)
        with self.assertRaises(ValueError):
            Board.from_chess960_pos(960)

    def test_fen_flavours(self) -> None:
        b = Board()
        b.push_san("e4")
        self.assertEqual(b.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        self.assertEqual(b.fen(en_passant="fen").split()[3], "e3")
        self.assertEqual(b.fen(en_passant="xfen").split()[3], "-")
        self.assertEqual(b.fen(shredder=True).split()[2], "HAha")
        self.assertEqual(b.epd(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -")
        self.assertEqual(b.epd(hmvc=0, id="x \"y\"", bm=Move.from_uci("e7e5"), noop=None),
                         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - "
                         "hmvc 0; id \"x \\\"y\\\"\"; bm e5; noop;")
        self.assertEqual(b.epd(pv=[Move.from_uci("e7e5"), Move.from_uci("g1f3")]).split(" - ")[1],
                         "pv e5 Nf3;")
        with self.assertRaises(ValueError):
            b.fen(en_passant="sometimes")

    def test_set_fen_and_reset(self) -> None:
        b = Board()
        b.push_san("e4")
        b.set_fen(KIWIPETE)
        self.assertEqual(b.fen(), KIWIPETE)
        self.assertEqual(b.move_stack, [])
        self.assertEqual(len(b.legal_moves), 48)
        b.reset()
        self.assertEqual(b.fen(), STARTING_FEN)
        b.push_san("d4")
        b.clear_stack()
        self.assertEqual(b.move_stack, [])
        self.assertEqual(b.fen(en_passant="fen").split()[3], "d3")
        # Four fields: the clocks default to 0 1.
        self.assertEqual(Board(STARTING_FEN.rsplit(" ", 2)[0]).fen(), STARTING_FEN)

    def test_piece_queries(self) -> None:
        b = Board(KIWIPETE)
        self.assertEqual(b.piece_at(E1), Piece(KING, WHITE))
        self.assertIsNone(b.piece_at(zugzwang.B1))
        self.assertEqual(b.piece_type_at(zugzwang.E2), BISHOP)
        self.assertEqual(b.color_at(zugzwang.A6), BLACK)
        self.assertIsNone(b.color_at(zugzwang.B1))
        pm = b.piece_map()
        self.assertEqual(len(pm), 32)
        self.assertEqual(pm[E1], Piece(KING, WHITE))
        self.assertEqual(set(b.piece_map(mask=zugzwang.BB_SQUARES[E1])), {E1})
        self.assertEqual(b.king(WHITE), E1)
        self.assertEqual(b.king(BLACK), E8)
        self.assertEqual(b.pieces(ROOK, WHITE), SquareSet([A1, H1]))
        self.assertEqual(b.pieces_mask(ROOK, BLACK), zugzwang.BB_SQUARES[A8] | zugzwang.BB_SQUARES[H8])
        self.assertEqual(len(SquareSet(b.occupied)), 32)
        self.assertEqual(len(SquareSet(b.occupied_co_mask(WHITE))), 16)
        self.assertTrue(b.has_castling_rights(WHITE))
        self.assertTrue(b.has_kingside_castling_rights(BLACK))
        self.assertTrue(b.has_queenside_castling_rights(WHITE))
        with self.assertRaises(ValueError):
            b.piece_at(64)
        with self.assertRaises(ValueError):
            b.pieces(7, WHITE)

    def test_attacks_checks_pins(self) -> None:
        b = Board()
        self.assertEqual(b.attackers(WHITE, F3), SquareSet([zugzwang.E2, zugzwang.G2, G1]))
        self.assertEqual(b.attackers_mask(BLACK, F3), 0)
        self.assertTrue(b.is_attacked_by(WHITE, F3))
        self.assertFalse(b.is_attacked_by(BLACK, F3))
        self.assertEqual(b.checkers(), SquareSet())
        self.assertFalse(b.is_check())
        # Scholar's-mate-like check from h5 with the f7 pawn gone: e8 king, queen h5.
        b = Board("rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3")
        self.assertTrue(b.is_check())
        self.assertEqual(b.checkers(), SquareSet([zugzwang.H5]))
        self.assertEqual(b.checkers_mask(), zugzwang.BB_SQUARES[zugzwang.H5])
        # Pinned knight: white Nc3 pinned by Bb4 to Ke1.
        p = Board("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
        self.assertTrue(p.is_pinned(WHITE, zugzwang.C3))
        self.assertFalse(p.is_pinned(BLACK, zugzwang.B4))
        self.assertEqual(p.pinned_mask(WHITE), zugzwang.BB_SQUARES[zugzwang.C3])
        self.assertEqual(len(p.legal_moves), 5)  # king moves only
        with self.assertRaises(ValueError):
            p.attackers(WHITE, -1)

    def test_move_predicates(self) -> None:
        b = Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2")
        nxe5 = b.parse_san("Nxe5")
        self.assertTrue(b.is_capture(nxe5))
        self.assertTrue(b.is_zeroing(nxe5))
        self.assertFalse(b.is_castling(nxe5))
        self.assertFalse(b.is_en_passant(nxe5))
        self.assertFalse(b.gives_check(nxe5))
        self.assertFalse(b.is_zeroing(b.parse_san("Nc3")))
        self.assertTrue(b.is_zeroing(b.parse_san("d3")))
        c = Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
        self.assertTrue(c.gives_check(c.parse_san("Ra8")))
        with self.assertRaises(IllegalMoveError):
            c.gives_check(Move.from_uci("a1b2"))


class BoardErrorsTest(unittest.TestCase):
    def test_invalid_fen(self) -> None:
        cases = {
            "": "fields",
            "x": "fields",
            "8/8/8/8/8/8/8/8 w - - 0 1": "no king",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1": "en passant",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1": "",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1": "",
        }
        for fen, needle in cases.items():
            with self.assertRaises(ValueError, msg=fen) as ctx:
                Board(fen)
            message = str(ctx.exception)
            self.assertIn("invalid FEN", message)
            self.assertIn(needle, message)
        with self.assertRaises(ValueError):
            Board(None)
        with self.assertRaises(ValueError):
            Board(STARTING_FEN + "\0junk")
        with self.assertRaises(TypeError):
            Board(42)  # type: ignore[arg-type]

    def test_set_fen_failure_leaves_board_unchanged(self) -> None:
        b = Board()
        b.push_san("e4")
        before = b.fen()
        with self.assertRaises(ValueError):
            b.set_fen("8/8/8/8/8/8/8/8 w - - 0 1")
        self.assertEqual(b.fen(), before)
        self.assertEqual(len(b.move_stack), 1)

    def test_illegal_push_leaves_board_unchanged(self) -> None:
        b = Board()
        b.push_san("e4")
        before = (b.fen(), b.move_stack)
        for bad in (Move.from_uci("e2e4"), Move.from_uci("e7e4"), Move.null(),
                    Move.from_uci("N@e4"), Move(E2, E4, QUEEN), Move.from_uci("e8g8")):
            with self.assertRaises(IllegalMoveError, msg=bad.uci()):
                b.push(bad)
            self.assertEqual((b.fen(), b.move_stack), before)
        with self.assertRaises(TypeError):
            b.push("e7e5")  # type: ignore[arg-type]
        self.assertEqual((b.fen(), b.move_stack), before)

    def test_san_errors(self) -> None:
        b = Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")  # knights b1 and f1 can both reach d2
        with self.assertRaises(AmbiguousMoveError):
            b.parse_san("Nd2")
        self.assertEqual(b.parse_san("Nbd2").uci(), "b1d2")
        self.assertEqual(b.parse_san("Nfd2").uci(), "f1d2")
        for bad in ("Kxx", "", "e9", "Zf3", "O-O-O-O"):
            with self.assertRaises(InvalidMoveError, msg=bad):
                b.parse_san(bad)
        for illegal in ("Nc4", "Ke3x", "Qd1", "O-O"):
            with self.assertRaises((IllegalMoveError, InvalidMoveError), msg=illegal):
                b.parse_san(illegal)
        with self.assertRaises(IllegalMoveError):
            b.parse_san("Nc4")
        before = b.fen()
        for bad in ("Nd2", "Nc4", "zz"):
            with self.assertRaises(ValueError):
                b.push_san(bad)
            self.assertEqual(b.fen(), before)
            self.assertEqual(b.move_stack, [])
        with self.assertRaises(ValueError):
            b.push_san("Nbd2\0")
        # Lenient forms are accepted; strict=True refuses them.
        s = Board()
        self.assertEqual(s.parse_san("Nf3+").uci(), "g1f3")
        self.assertEqual(s.parse_san("Ng1f3").uci(), "g1f3")
        self.assertEqual(s.parse_san("e2e4").uci(), "e2e4")
        with self.assertRaises(ValueError):
            s.parse_san("Nf3+", strict=True)
        self.assertEqual(s.parse_san("Nf3", strict=True).uci(), "g1f3")

    def test_uci_errors(self) -> None:
        b = Board()
        with self.assertRaises(InvalidMoveError):
            b.parse_uci("e2e9")
        with self.assertRaises(IllegalMoveError):
            b.parse_uci("e2e5")
        with self.assertRaises(IllegalMoveError):
            b.push_uci("e1g1")
        self.assertEqual(b.parse_uci("0000"), Move.null())
        self.assertEqual(b.fen(), STARTING_FEN)

    def test_bad_arguments(self) -> None:
        b = Board()
        with self.assertRaises(ValueError):
            b.perft(-1)
        with self.assertRaises(ValueError):
            b.perft(65)
        with self.assertRaises(ValueError):
            b.perft_divide(0)
        with self.assertRaises(ValueError):
            b.is_repetition(-1)


ALL_CALLS = [
    lambda b: b.fen(), lambda b: b.set_fen(STARTING_FEN), lambda b: b.board_fen(),
    lambda b: b.epd(), lambda b: b.turn, lambda b: b.castling_rights, lambda b: b.ep_square,
    lambda b: b.halfmove_clock, lambda b: b.fullmove_number, lambda b: b.ply(),
    lambda b: list(b.legal_moves), lambda b: len(b.legal_moves), lambda b: b.legal_moves.count(),
    lambda b: Move(E2, E4) in b.legal_moves, lambda b: b.push(Move(E2, E4)), lambda b: b.pop(),
    lambda b: b.peek(), lambda b: b.move_stack, lambda b: b.push_san("e4"),
    lambda b: b.push_uci("e2e4"), lambda b: b.parse_san("e4"), lambda b: b.parse_uci("e2e4"),
    lambda b: b.san(Move(E2, E4)), lambda b: b.lan(Move(E2, E4)), lambda b: b.san_all(),
    lambda b: b.piece_at(E1), lambda b: b.piece_map(), lambda b: b.king(WHITE),
    lambda b: b.pieces(PAWN, WHITE), lambda b: b.attackers(WHITE, F3),
    lambda b: b.is_attacked_by(WHITE, F3), lambda b: b.checkers(),
    lambda b: b.is_pinned(WHITE, E2), lambda b: b.gives_check(Move(E2, E4)),
    lambda b: b.is_capture(Move(E2, E4)), lambda b: b.is_castling(Move(E2, E4)),
    lambda b: b.is_en_passant(Move(E2, E4)), lambda b: b.is_zeroing(Move(E2, E4)),
    lambda b: b.is_check(), lambda b: b.is_checkmate(), lambda b: b.is_stalemate(),
    lambda b: b.is_insufficient_material(), lambda b: b.has_insufficient_material(WHITE),
    lambda b: b.can_claim_fifty_moves(), lambda b: b.can_claim_threefold_repetition(),
    lambda b: b.is_fivefold_repetition(), lambda b: b.is_seventyfive_moves(),
    lambda b: b.is_repetition(), lambda b: b.is_game_over(), lambda b: b.outcome(),
    lambda b: b.result(), lambda b: b.copy(), lambda b: b.perft(1), lambda b: b.perft_divide(1), lambda b: b.perft(2, threads=2),
    lambda b: b.perft_stats(1),
    lambda b: zugzwang.polyglot.zobrist_hash(b), lambda b: str(b), lambda b: b.unicode(),
    lambda b: b == Board(), lambda b: pickle.dumps(b), lambda b: b.root(),
    lambda b: b.has_legal_en_passant(), lambda b: b.is_legal(Move(E2, E4)),
]


class LifetimeTest(unittest.TestCase):
    def test_close_and_context_manager(self) -> None:
        with Board() as b:
            self.assertFalse(b.closed)
            b.push_san("e4")
        self.assertTrue(b.closed)
        b.close()  # idempotent
        self.assertIn("closed", repr(b))
        with self.assertRaises(ValueError):
            with b:
                pass

    def test_every_call_after_close_raises_value_error(self) -> None:
        for i, call in enumerate(ALL_CALLS):
            b = Board()
            view = b.legal_moves
            b.close()
            with self.assertRaises(ValueError, msg=f"call #{i}"):
                call(b)
            with self.assertRaises(ValueError):
                len(view)

    def test_every_call_works_when_open(self) -> None:
        for call in ALL_CALLS:
            b = Board()
            b.push_san("d4")
            try:
                call(b)
            except (IllegalMoveError, IndexError):
                pass
            b.close()

    def test_freed_by_reference_counting(self) -> None:
        # No reference cycles: a board is freed as soon as its last reference goes.
        gc.disable()
        try:
            b = Board()
            view = b.legal_moves
            len(view), list(view), b.san_all(), b.outcome(), b.fen()
            b.push_san("e4")
            ref = weakref.ref(b)
            del b, view
            self.assertIsNone(ref())
        finally:
            gc.enable()

    def test_garbage_collection_frees(self) -> None:
        for _ in range(2000):
            b = Board()
            b.push_san("e4")
            del b


class GameEndTest(unittest.TestCase):
    def test_checkmate(self) -> None:
        b = Board()
        for san in ("f3", "e5", "g4", "Qh4#"):
            b.push_san(san)
        self.assertTrue(b.is_checkmate())
        self.assertTrue(b.is_game_over())
        self.assertEqual(b.outcome(), Outcome(Termination.CHECKMATE, BLACK))
        self.assertEqual(b.outcome().result(), "0-1")
        self.assertEqual(b.result(), "0-1")
        self.assertEqual(len(b.legal_moves), 0)
        self.assertFalse(b.legal_moves)
        self.assertEqual(b.san_all(), [])
        self.assertEqual(repr(b.outcome()),
                         "Outcome(termination=<Termination.CHECKMATE: 1>, winner=False)")

    def test_stalemate(self) -> None:
        b = Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
        self.assertTrue(b.is_stalemate())
        self.assertFalse(b.is_checkmate())
        self.assertEqual(b.outcome(), Outcome(Termination.STALEMATE, None))
        self.assertEqual(b.result(), "1/2-1/2")

    def test_insufficient_material(self) -> None:
        b = Board("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")
        self.assertTrue(b.has_insufficient_material(WHITE))
        self.assertTrue(b.has_insufficient_material(BLACK))
        self.assertTrue(b.is_insufficient_material())
        self.assertEqual(b.outcome().termination, Termination.INSUFFICIENT_MATERIAL)
        r = Board("8/8/4k3/8/8/4K3/8/R7 w - - 0 1")
        self.assertFalse(r.has_insufficient_material(WHITE))
        self.assertTrue(r.has_insufficient_material(BLACK))
        self.assertFalse(r.is_insufficient_material())
        self.assertIsNone(r.outcome())

    def test_fifty_and_seventyfive_moves(self) -> None:
        b = Board("8/8/4k3/8/8/4K3/8/R7 w - - 99 80")
        self.assertTrue(b.can_claim_fifty_moves())  # a quiet move reaches 100
        self.assertFalse(b.is_game_over())
        self.assertTrue(b.is_game_over(claim_draw=True))
        self.assertEqual(b.outcome(claim_draw=True), Outcome(Termination.FIFTY_MOVES, None))
        self.assertEqual(b.result(claim_draw=True), "1/2-1/2")
        self.assertEqual(b.result(), "*")
        c = Board("8/8/4k3/8/8/4K3/8/R7 w - - 150 120")
        self.assertTrue(c.is_seventyfive_moves())
        self.assertEqual(c.outcome(), Outcome(Termination.SEVENTYFIVE_MOVES, None))
        self.assertFalse(Board("8/8/4k3/8/8/4K3/8/R7 w - - 10 120").can_claim_fifty_moves())

    def test_repetitions(self) -> None:
        b = Board()
        shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
        for san in shuffle:
            b.push_san(san)
        self.assertTrue(b.is_repetition(2))
        self.assertFalse(b.is_repetition(3))
        b.push_san("Nf3")
        b.push_san("Nf6")
        b.push_san("Ng1")
        self.assertFalse(b.is_repetition(3))
        self.assertTrue(b.can_claim_threefold_repetition())  # Ng8 makes it the third time
        self.assertTrue(b.can_claim_draw())
        b.push_san("Ng8")
        self.assertTrue(b.is_repetition(3))
        self.assertTrue(b.is_repetition())
        self.assertEqual(b.outcome(claim_draw=True),
                         Outcome(Termination.THREEFOLD_REPETITION, None))
        self.assertIsNone(b.outcome())
        for _ in range(2):
            for san in shuffle:
                b.push_san(san)
        self.assertTrue(b.is_fivefold_repetition())
        self.assertEqual(b.outcome(), Outcome(Termination.FIVEFOLD_REPETITION, None))
        # A copy without its stack forgets the repetitions.
        self.assertFalse(b.copy(stack=False).is_repetition(2))
        self.assertTrue(b.copy().is_fivefold_repetition())

    def test_variant_methods(self) -> None:
        b = Board()
        self.assertFalse(b.is_variant_end())
        self.assertFalse(b.is_variant_win())


class CopyPickleTest(unittest.TestCase):
    def test_copy_and_equality(self) -> None:
        b = Board()
        for san in ("e4", "e5", "Nf3", "Nc6"):
            b.push_san(san)
        c = b.copy()
        self.assertEqual(c, b)
        self.assertIsNot(c, b)
        self.assertEqual(c.move_stack, b.move_stack)
        c.push_san("Bb5")
        self.assertNotEqual(c, b)
        self.assertEqual(len(b.move_stack), 4)
        self.assertEqual(copy.copy(b), b)
        self.assertEqual(copy.deepcopy(b), b)
        two = b.copy(stack=2)
        self.assertEqual(two, b)
        self.assertEqual([m.uci() for m in two.move_stack], ["g1f3", "b8c6"])
        self.assertEqual(two.root().fen(),
                         "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
                         .replace(" e6 ", " - "))
        none = b.copy(stack=False)
        self.assertEqual(none, b)
        self.assertEqual(none.move_stack, [])
        self.assertEqual(b.root().fen(), STARTING_FEN)
        self.assertEqual(b.root().move_stack, [])
        # Equality ignores the move stack but not the clocks.
        self.assertEqual(Board(), Board())
        self.assertNotEqual(Board(), Board(STARTING_FEN.replace(" 0 1", " 5 1")))
        self.assertNotEqual(Board(), "board")
        with self.assertRaises(TypeError):
            hash(Board())

    def test_pickle_round_trip(self) -> None:
        b = Board(CASTLE_BOTH)
        for uci in ("e1g1", "e8c8", "a1d1"):
            b.push_uci(uci)
        c = pickle.loads(pickle.dumps(b))
        self.assertEqual(c, b)
        self.assertEqual(c.move_stack, b.move_stack)
        self.assertEqual(c.root().fen(), CASTLE_BOTH)
        d = Board.from_chess960_pos(100)
        d.push_san("e4")
        d.push_san("d5")
        e = pickle.loads(pickle.dumps(d))
        self.assertTrue(e.chess960)
        self.assertEqual(e.fen(), d.fen())
        self.assertEqual(e.move_stack, d.move_stack)
        # The root's en passant square survives even when no capture is possible.
        f = Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        f.push_san("Nf6")
        g = pickle.loads(pickle.dumps(f))
        self.assertEqual(g.root().fen(en_passant="fen").split()[3], "e3")

    def test_multiprocessing(self) -> None:
        boards = []
        for fen in (STARTING_FEN, KIWIPETE):
            b = Board(fen)
            b.push(list(b.legal_moves)[0])
            boards.append(b)
        ctx = multiprocessing.get_context("spawn" if not hasattr(multiprocessing, "fork")
                                          else "fork")
        with ctx.Pool(2) as pool:
            results = pool.map(_perft3, boards)
        self.assertEqual(results, [b.perft(3) for b in boards])


def _perft3(board: Board) -> int:
    return board.perft(3)


class PerftTest(unittest.TestCase):
    def test_perft_and_divide(self) -> None:
        b = Board()
        self.assertEqual([b.perft(d) for d in range(5)], [1, 20, 400, 8902, 197281])
        k = Board(KIWIPETE)
        self.assertEqual(k.perft(3), 97862)
        divide = k.perft_divide(2)
        self.assertEqual(len(divide), 48)
        self.assertEqual(sum(divide.values()), 2039)
        self.assertEqual(list(divide), list(k.legal_moves))
        self.assertEqual(divide[k.parse_san("O-O")], k.copy().perft(1) and
                         _after(k, "O-O").perft(1))
        self.assertEqual(Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True).perft(2),
                         Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").perft(2))

    def test_perft_options_and_stats(self) -> None:
        k = Board(KIWIPETE)
        self.assertEqual(k.perft(3, threads=2), 97862)
        self.assertEqual(k.perft(3, hash_mb=2), 97862)
        self.assertEqual(k.perft(3, threads=2, hash_mb=2), 97862)
        # Chess Programming Wiki "Perft Results", position 2, depth 2.
        self.assertEqual(k.perft_stats(2), {
            "nodes": 2039, "captures": 351, "en_passant": 1, "castles": 91, "promotions": 0,
            "checks": 3, "discovery_checks": 0, "double_checks": 0, "checkmates": 0})
        self.assertEqual(Board().perft_stats(4, threads=2)["checkmates"], 8)
        for bad in (dict(threads=0), dict(threads=1025), dict(hash_mb=-1)):
            with self.assertRaises(ValueError, msg=bad):
                k.perft(2, **bad)

    def test_threads(self) -> None:
        results = {}

        def work(i: int) -> None:
            b = Board(KIWIPETE if i % 2 else STARTING_FEN)
            total = 0
            for m in list(b.legal_moves):
                b.push(m)
                total += len(b.legal_moves) + len(b.san_all())
                b.pop()
            results[i] = (b.perft(3), total, b.fen())

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results[0], results[2])
        self.assertEqual(results[1], results[3])
        self.assertEqual(results[1][0], 97862)


def _after(board: Board, san: str) -> Board:
    c = board.copy()
    c.push_san(san)
    return c


class PolyglotTest(unittest.TestCase):
    def test_start_key(self) -> None:
        self.assertEqual(zugzwang.polyglot.zobrist_hash(Board()), 0x463B96181691FC9C)
        b = Board()
        b.push_san("e4")
        self.assertEqual(zugzwang.polyglot.zobrist_hash(b), 0x823C9B50FD114196)
        self.assertEqual(b.zobrist_hash(), 0x823C9B50FD114196)


class VariationSanTest(unittest.TestCase):
    def test_variation_san(self) -> None:
        b = Board()
        line = [Move.from_uci(u) for u in ("e2e4", "e7e5", "g1f3")]
        self.assertEqual(b.variation_san(line), "1. e4 e5 2. Nf3")
        b.push_san("e4")
        self.assertEqual(b.variation_san([Move.from_uci("e7e5"), Move.from_uci("g1f3")]),
                         "1...e5 2. Nf3")
        with self.assertRaises(IllegalMoveError):
            b.variation_san([Move.from_uci("e2e4")])
        self.assertEqual(len(b.move_stack), 1)


class FfiTypesTest(unittest.TestCase):
    def test_handles_are_typed(self) -> None:
        from zugzwang import _ffi
        fn = _ffi.lib.zz_board_turn
        self.assertEqual(fn.argtypes, [_ffi.zz_board_p])
        with self.assertRaises(ctypes.ArgumentError):
            fn(ctypes.pointer(ctypes.c_int(3)))
        with self.assertRaises(ctypes.ArgumentError):
            fn(12345)


if __name__ == "__main__":
    unittest.main()

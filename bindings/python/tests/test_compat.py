"""Names, notation and display compared with python-chess (skipped without python-chess)."""

import unittest

import _setup  # noqa: F401

import zugzwang

try:
    import chess
except ImportError:  # pragma: no cover - CI installs python-chess
    chess = None  # type: ignore[assignment]

POSITIONS = [
    chess.STARTING_FEN if chess else "",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
]

SAN_CORPUS = [
    "e4", "e5", "Nf3", "Nf3+", "Nf3#", "Ng1f3", "Ng1-f3", "g1f3", "Nxf3", "N1f3", "Ngf3",
    "O-O", "0-0", "O-O+", "O-O-O", "0-0-0", "Kg1", "Kh1", "Ke2", "e8=Q", "e8Q", "b8=Q", "b8Q+",
    "b8=N", "bxa8=Q", "g1=Q", "g1Q", "g1=N", "exd6", "exd6e.p.", "dxc8=Q", "d8=Q", "Nd2", "Nbd2",
    "Nfd2", "Nb1d2", "Qd1", "Qxd1", "Bxa6", "Bxb5", "Be2xa6", "Rb4", "Rxb4", "Rb1", "Kb6", "Ka6",
    "Kxa6", "e3", "g3", "gxh3", "hxg3", "d1", "", "Z", "Nf9", "e2e4", "e7e5", "exf6", "--",
    "0000", "Pe4", "Pe2e4", "Ne2+", "Qh5#", "Bb5+", "axb5", "K", "@e4", "N@f3",
]


def error_name(fn):  # type: ignore[no-untyped-def]
    try:
        return ("ok", fn())
    except (chess.InvalidMoveError if chess else ValueError,
            zugzwang.InvalidMoveError):
        return ("invalid", None)
    except (chess.IllegalMoveError if chess else ValueError, zugzwang.IllegalMoveError):
        return ("illegal", None)
    except (chess.AmbiguousMoveError if chess else ValueError, zugzwang.AmbiguousMoveError):
        return ("ambiguous", None)


@unittest.skipIf(chess is None, "python-chess is not installed (pip install chess==1.11.2)")
class CompatTest(unittest.TestCase):
    def test_constants(self) -> None:
        for name in ("WHITE", "BLACK", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING",
                     "SQUARES", "SQUARE_NAMES", "FILE_NAMES", "RANK_NAMES", "PIECE_TYPES",
                     "PIECE_SYMBOLS", "PIECE_NAMES", "UNICODE_PIECE_SYMBOLS", "COLORS",
                     "COLOR_NAMES", "STARTING_FEN", "STARTING_BOARD_FEN", "BB_ALL", "BB_EMPTY",
                     "BB_SQUARES"):
            self.assertEqual(getattr(zugzwang, name), getattr(chess, name), name)
        for name in chess.SQUARE_NAMES:
            self.assertEqual(getattr(zugzwang, name.upper()), getattr(chess, name.upper()))
        for sq in chess.SQUARES:
            self.assertEqual(zugzwang.square_name(sq), chess.square_name(sq))
            self.assertEqual(zugzwang.square_file(sq), chess.square_file(sq))
            self.assertEqual(zugzwang.square_rank(sq), chess.square_rank(sq))
            self.assertEqual(zugzwang.square_mirror(sq), chess.square_mirror(sq))
            self.assertEqual(zugzwang.square_distance(sq, 27), chess.square_distance(sq, 27))
        termination_names = {t.name for t in chess.Termination}
        self.assertEqual({t.name for t in zugzwang.Termination}, termination_names)

    def test_chess960_start_positions(self) -> None:
        for n in range(960):
            self.assertEqual(zugzwang.Board.from_chess960_pos(n).fen(),
                             chess.Board.from_chess960_pos(n).fen(), n)

    def test_display(self) -> None:
        for fen in POSITIONS:
            zb, cb = zugzwang.Board(fen), chess.Board(fen)
            self.assertEqual(str(zb), str(cb))
            self.assertEqual(repr(zb), repr(cb))
            for invert in (False, True):
                for borders in (False, True):
                    for orientation in (chess.WHITE, chess.BLACK):
                        kwargs = dict(invert_color=invert, borders=borders,
                                      orientation=orientation)
                        self.assertEqual(zb.unicode(**kwargs), cb.unicode(**kwargs), kwargs)
            self.assertEqual(zb.unicode(empty_square="."), cb.unicode(empty_square="."))
            self.assertEqual(repr(zb.checkers()), repr(cb.checkers()))
            self.assertEqual(str(zb.pieces(chess.PAWN, chess.WHITE)),
                             str(cb.pieces(chess.PAWN, chess.WHITE)))
            self.assertEqual(repr(zb.pieces(chess.PAWN, chess.WHITE)),
                             repr(cb.pieces(chess.PAWN, chess.WHITE)))
            self.assertEqual({s: p.symbol() for s, p in zb.piece_map().items()},
                             {s: p.symbol() for s, p in cb.piece_map().items()})
            self.assertEqual(list(zb.piece_map()), list(cb.piece_map()))
            mask = 0x00FF_0000_0000_FF00
            self.assertEqual(list(zb.piece_map(mask=mask)), list(cb.piece_map(mask=mask)))
        self.assertEqual(repr(zugzwang.Board(chess.STARTING_FEN, chess960=True)),
                         repr(chess.Board(chess.STARTING_FEN, chess960=True)))
        self.assertEqual(repr(zugzwang.Move.from_uci("e7e8q")), repr(chess.Move.from_uci("e7e8q")))
        self.assertEqual(repr(zugzwang.Piece.from_symbol("k")), repr(chess.Piece.from_symbol("k")))
        for t in ("CHECKMATE", "FIFTY_MOVES"):
            for winner in (True, False, None):
                z = zugzwang.Outcome(zugzwang.Termination[t], winner)
                c = chess.Outcome(chess.Termination[t], winner)
                self.assertEqual(repr(z), repr(c))
                self.assertEqual(z.result(), c.result())
        for sym in "PNBRQKpnbrqk":
            zp, cp = zugzwang.Piece.from_symbol(sym), chess.Piece.from_symbol(sym)
            self.assertEqual(zp.unicode_symbol(), cp.unicode_symbol())
            self.assertEqual(zp.unicode_symbol(invert_color=True),
                             cp.unicode_symbol(invert_color=True))

    def test_epd_and_variation_san(self) -> None:
        for fen in POSITIONS:
            zb, cb = zugzwang.Board(fen), chess.Board(fen)
            cmoves = sorted(cb.legal_moves, key=lambda m: m.uci())
            line: list = []
            tmp = cb.copy()
            for _ in range(4):
                moves = sorted(tmp.legal_moves, key=lambda m: m.uci())
                if not moves:
                    break
                line.append(moves[len(moves) // 2])
                tmp.push(line[-1])
            zline = [zugzwang.Move.from_uci(m.uci()) for m in line]
            self.assertEqual(zb.variation_san(zline), cb.variation_san(line))
            ops = dict(hmvc=3, fmvn=12, id='a "quoted" \\ id', ce=1.5, noop=None,
                       bm=cmoves[0], pv=line)
            zops = dict(ops, bm=zugzwang.Move.from_uci(cmoves[0].uci()), pv=zline)
            self.assertEqual(zb.epd(**zops), cb.epd(**ops))
            self.assertEqual(zb.epd(shredder=True, en_passant="fen"),
                             cb.epd(shredder=True, en_passant="fen"))

    def test_castling_conventions(self) -> None:
        for chess960 in (False, True):
            for fen in ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                        "r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1",
                        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
                        "rn2k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1"):
                zb, cb = zugzwang.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
                for uci in ("e1g1", "e1h1", "e1c1", "e1a1", "e1f1", "e1d1", "e8g8", "e8h8",
                            "e8c8", "e8a8", "e1g2", "e1b1"):
                    where = f"{fen} chess960={chess960} {uci}"
                    zm, cm = zugzwang.Move.from_uci(uci), chess.Move.from_uci(uci)
                    self.assertEqual(zb.is_legal(zm), cb.is_legal(cm), where)
                    self.assertEqual(zm in zb.legal_moves, cm in cb.legal_moves, where)
                    zr = error_name(lambda: zb.parse_uci(uci).uci())
                    cr = error_name(lambda: cb.parse_uci(uci).uci())
                    self.assertEqual(zr, cr, where)
                    if cr[0] == "ok":
                        self.assertEqual(zb.is_castling(zm), cb.is_castling(cm), where)
                        self.assertEqual(zb.san(zm), cb.san(cm), where)
                        z2, c2 = zb.copy(), cb.copy()
                        z2.push(zm)
                        c2.push(cm)
                        self.assertEqual(z2.fen(), c2.fen(), where)
                        self.assertEqual(z2.peek(), zugzwang.Move.from_uci(c2.peek().uci()))

    def test_san_parsing_leniency(self) -> None:
        mismatches = []
        for fen in POSITIONS:
            zb, cb = zugzwang.Board(fen), chess.Board(fen)
            for san in SAN_CORPUS:
                zr = error_name(lambda: zb.parse_san(san).uci())
                cr = error_name(lambda: cb.parse_san(san).uci())
                if cr == ("ok", "0000"):
                    cr = ("invalid", None)  # python-chess's null move; zugzwang has none
                if zr != cr:
                    mismatches.append(f"{fen} parse_san({san!r}): python-chess {cr}, "
                                      f"zugzwang {zr}")
        self.assertEqual(mismatches, [], "\n".join(mismatches))

    def test_error_messages(self) -> None:
        zb, cb = zugzwang.Board(POSITIONS[5]), chess.Board(POSITIONS[5])
        for san in ("Kxx", "Nc4", "Nd2"):
            with self.assertRaises(ValueError) as zc:
                zb.parse_san(san)
            with self.assertRaises(ValueError) as cc:
                cb.parse_san(san)
            self.assertEqual(str(zc.exception), str(cc.exception))
        with self.assertRaises(ValueError) as zc:
            zb.parse_uci("e1e3")
        with self.assertRaises(ValueError) as cc:
            cb.parse_uci("e1e3")
        self.assertEqual(str(zc.exception), str(cc.exception))
        self.assertEqual(type(zc.exception).__name__, type(cc.exception).__name__)

    def test_misc_queries(self) -> None:
        for fen in POSITIONS:
            zb, cb = zugzwang.Board(fen), chess.Board(fen)
            for color in (chess.WHITE, chess.BLACK):
                self.assertEqual(zb.has_castling_rights(color), cb.has_castling_rights(color))
                self.assertEqual(zb.occupied_co_mask(color), cb.occupied_co[color])
                for sq in chess.SQUARES:
                    if cb.color_at(sq) == color:
                        self.assertEqual(zb.is_pinned(color, sq), cb.is_pinned(color, sq))
            self.assertEqual(zb.occupied, cb.occupied)
            for sq in chess.SQUARES:
                self.assertEqual(zb.piece_type_at(sq), cb.piece_type_at(sq))
                self.assertEqual(zb.color_at(sq), cb.color_at(sq))
            for stack in (True, False, 0, 1, 2):
                z2, c2 = zb.copy(), cb.copy()
                for m in sorted(c2.legal_moves, key=lambda m: m.uci())[:1]:
                    z2.push_uci(m.uci())
                    c2.push(m)
                zc, cc = z2.copy(stack=stack), c2.copy(stack=stack)
                self.assertEqual(zc.fen(), cc.fen())
                self.assertEqual([m.uci() for m in zc.move_stack],
                                 [m.uci() for m in cc.move_stack])
                self.assertEqual(zc.root().fen(), cc.root().fen())
            self.assertEqual(zb == zugzwang.Board(fen), cb == chess.Board(fen))


if __name__ == "__main__":
    unittest.main()

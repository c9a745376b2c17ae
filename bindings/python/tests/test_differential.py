"""Differential test against python-chess (the oracle) over seeded random games.

Every ply of every game compares: the legal move set, the SAN of every legal move, the FEN
(all en passant policies, Shredder castling), the draw/claim predicates, the outcome with
and without claim_draw, the result, the Polyglot key, and properties of the move played.
Game kinds: uniform random, "repeat" (quiet moves that often undo the previous one:
repetitions) and "drift" (almost only non-captures and non-pawn moves: fifty- and
seventy-five-move situations), from the standard start, Chess960 starts, and sparse
endgames (insufficient material).

``ZZ_PY_DIFF_GAMES`` sets the number of games (default 200); ``ZZ_PY_DIFF_SEED`` the base
seed. Skipped only when python-chess is not installed (``pip install chess==1.11.2``).
"""

import os
import random
import sys
import time
import unittest
from typing import List, Optional, Tuple

import _setup  # noqa: F401

import zugzwang
import zugzwang.polyglot

try:
    import chess
    import chess.polyglot
except ImportError:  # pragma: no cover - CI installs python-chess
    chess = None  # type: ignore[assignment]

GAMES = int(os.environ.get("ZZ_PY_DIFF_GAMES", "200"))
SEED = int(os.environ.get("ZZ_PY_DIFF_SEED", "20240601"))
MAX_PLIES = 300

ENDGAMES = [
    "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",          # KN v K
    "8/8/4k3/8/3b4/4K3/2B5/8 w - - 0 1",       # KB v KB (different colours)
    "8/5b2/4k3/8/8/4K3/2B5/8 w - - 0 1",       # KB v KB
    "8/8/4k3/8/8/4K3/8/R7 w - - 0 1",          # KR v K
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",         # KP v K
    "8/3n4/4k3/8/8/4K3/3N4/8 b - - 0 1",       # KN v KN
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",        # castling rights in an endgame
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",       # en passant available
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",       # promotions both ways
]


def choose(rng: random.Random, board: "chess.Board", moves: List["chess.Move"],
           style: str) -> "chess.Move":
    """Picks the next move from python-chess's legal moves sorted by UCI (so the choice does not
    depend on either library's move order). ``random``: uniform; ``repeat``: mostly quiet
    moves, often undoing the own previous move (repetitions); ``drift``: almost only quiet
    moves (non-captures, non-pawn moves: fifty- and seventy-five-move situations)."""
    if style == "repeat" and len(board.move_stack) >= 2 and rng.random() < 0.6:
        last = board.move_stack[-2]
        back = chess.Move(last.to_square, last.from_square)
        if back in moves:
            return back
    if style != "random":
        calm = [m for m in moves
                if not board.is_capture(m) and board.piece_type_at(m.from_square) != chess.PAWN]
        if calm and rng.random() < (0.93 if style == "repeat" else 0.985):
            return rng.choice(calm)
    return rng.choice(moves)


def outcome_key(outcome) -> Optional[Tuple[str, Optional[bool]]]:  # type: ignore[no-untyped-def]
    if outcome is None:
        return None
    return outcome.termination.name, outcome.winner


class Mismatch(Exception):
    pass


class DifferentialTest(unittest.TestCase):
    """zugzwang against python-chess, ply by ply."""

    def setUp(self) -> None:
        if chess is None:
            self.skipTest("python-chess is not installed (pip install chess==1.11.2); "
                          "the differential test needs it as the oracle")

    def check(self, call: str, expected: object, got: object) -> None:
        if expected != got:
            raise Mismatch(f"{call}: expected {expected!r}, got {got!r}")

    def compare_position(self, cb: "chess.Board", zb: zugzwang.Board,
                         cmoves: List["chess.Move"], every_flavour: bool) -> None:
        check = self.check
        # Legal moves and SAN of each (zugzwang's bulk SAN, in legal_moves order).
        zmoves = list(zb.legal_moves)
        check("len(legal_moves)", len(cmoves), len(zb.legal_moves))
        c_san = {cb.uci(m): cb.san(m) for m in cmoves}
        z_san = {m.uci(): s for m, s in zip(zmoves, zb.san_all())}
        check("legal moves (uci)", sorted(c_san), sorted(z_san))
        check("SAN of every legal move", c_san, z_san)
        for m in cmoves:
            zm = zugzwang.Move.from_uci(m.uci())
            check(f"{m.uci()} in legal_moves", True, zm in zb.legal_moves)
        # FEN (the other flavours every few plies: python-chess's fen() is not cheap).
        check("fen()", cb.fen(), zb.fen())
        if every_flavour:
            check("fen(en_passant='fen')", cb.fen(en_passant="fen"), zb.fen(en_passant="fen"))
            check("fen(en_passant='xfen')", cb.fen(en_passant="xfen"),
                  zb.fen(en_passant="xfen"))
            check("fen(shredder=True)", cb.fen(shredder=True), zb.fen(shredder=True))
            check("epd()", cb.epd(), zb.epd())
        # Position fields.
        check("turn", cb.turn, zb.turn)
        check("castling_rights", cb.clean_castling_rights(), zb.castling_rights)
        check("ep_square", cb.ep_square, zb.ep_square)
        check("has_legal_en_passant", cb.has_legal_en_passant(), zb.has_legal_en_passant())
        check("halfmove_clock", cb.halfmove_clock, zb.halfmove_clock)
        check("fullmove_number", cb.fullmove_number, zb.fullmove_number)
        check("ply()", cb.ply(), zb.ply())
        check("checkers", int(cb.checkers()), int(zb.checkers()))
        for color in (chess.WHITE, chess.BLACK):
            check(f"king({color})", cb.king(color), zb.king(color))
            check(f"has_insufficient_material({color})", cb.has_insufficient_material(color),
                  zb.has_insufficient_material(color))
            check(f"has_kingside_castling_rights({color})",
                  cb.has_kingside_castling_rights(color), zb.has_kingside_castling_rights(color))
            check(f"has_queenside_castling_rights({color})",
                  cb.has_queenside_castling_rights(color),
                  zb.has_queenside_castling_rights(color))
        # End conditions and draw claims.
        check("is_check", cb.is_check(), zb.is_check())
        check("is_checkmate", cb.is_checkmate(), zb.is_checkmate())
        check("is_stalemate", cb.is_stalemate(), zb.is_stalemate())
        check("is_insufficient_material", cb.is_insufficient_material(),
              zb.is_insufficient_material())
        check("is_seventyfive_moves", cb.is_seventyfive_moves(), zb.is_seventyfive_moves())
        check("is_fivefold_repetition", cb.is_fivefold_repetition(),
              zb.is_fivefold_repetition())
        c_fifty = cb.can_claim_fifty_moves()
        check("can_claim_fifty_moves", c_fifty, zb.can_claim_fifty_moves())
        c_threefold = cb.can_claim_threefold_repetition()
        check("can_claim_threefold_repetition", c_threefold,
              zb.can_claim_threefold_repetition())
        check("can_claim_draw", c_fifty or c_threefold, zb.can_claim_draw())
        check("is_repetition(2)", cb.is_repetition(2), zb.is_repetition(2))
        check("is_repetition()", cb.is_repetition(), zb.is_repetition())
        c_out = cb.outcome()
        check("outcome()", outcome_key(c_out), outcome_key(zb.outcome()))
        # python-chess's outcome(claim_draw=True), from the values computed above (its
        # definition: the automatic outcome, else fifty moves, else threefold repetition;
        # calling it again would double the cost of the threefold check).
        c_claim = c_out
        if c_claim is None and c_fifty:
            c_claim = chess.Outcome(chess.Termination.FIFTY_MOVES, None)
        if c_claim is None and c_threefold:
            c_claim = chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
        check("outcome(claim_draw=True)", outcome_key(c_claim),
              outcome_key(zb.outcome(claim_draw=True)))
        check("is_game_over()", c_out is not None, zb.is_game_over())
        check("is_game_over(claim_draw=True)", c_claim is not None,
              zb.is_game_over(claim_draw=True))
        check("result()", cb.result(), zb.result())
        check("result(claim_draw=True)", c_claim.result() if c_claim else "*",
              zb.result(claim_draw=True))
        check("polyglot.zobrist_hash", chess.polyglot.zobrist_hash(cb),
              zugzwang.polyglot.zobrist_hash(zb))

    def compare_move(self, cb: "chess.Board", zb: zugzwang.Board, move: "chess.Move") -> None:
        check = self.check
        zm = zb.parse_uci(cb.uci(move))
        check("parse_uci", move.uci(), zm.uci())
        san = cb.san(move)
        check("parse_san(san)", zm, zb.parse_san(san))
        check("san(move)", san, zb.san(zm))
        check("lan(move)", cb.lan(move), zb.lan(zm))
        check("is_capture", cb.is_capture(move), zb.is_capture(zm))
        check("is_castling", cb.is_castling(move), zb.is_castling(zm))
        check("is_kingside_castling", cb.is_kingside_castling(move), zb.is_kingside_castling(zm))
        check("is_queenside_castling", cb.is_queenside_castling(move),
              zb.is_queenside_castling(zm))
        check("is_en_passant", cb.is_en_passant(move), zb.is_en_passant(zm))
        check("is_zeroing", cb.is_zeroing(move), zb.is_zeroing(zm))
        check("gives_check", cb.gives_check(move), zb.gives_check(zm))

    def compare_board_details(self, cb: "chess.Board", zb: zugzwang.Board,
                              rng: random.Random) -> None:
        check = self.check
        check("piece_map", {s: p.symbol() for s, p in cb.piece_map().items()},
              {s: p.symbol() for s, p in zb.piece_map().items()})
        check("str(board)", str(cb), str(zb))
        for _ in range(4):
            sq = rng.randrange(64)
            for color in (chess.WHITE, chess.BLACK):
                check(f"attackers({color}, {sq})", int(cb.attackers(color, sq)),
                      int(zb.attackers(color, sq)))
                check(f"is_attacked_by({color}, {sq})", cb.is_attacked_by(color, sq),
                      zb.is_attacked_by(color, sq))
        for sq, piece in cb.piece_map().items():
            check(f"is_pinned({piece.color}, {sq})", cb.is_pinned(piece.color, sq),
                  zb.is_pinned(piece.color, sq))
        for pt in chess.PIECE_TYPES:
            check(f"pieces({pt})", int(cb.pieces(pt, cb.turn)), int(zb.pieces(pt, zb.turn)))

    def play_game(self, index: int, stats: dict) -> Optional[str]:
        rng = random.Random(SEED * 1000003 + index)
        kind = index % 8
        style = ("random", "repeat", "random", "repeat", "random", "drift", "drift",
                 "drift")[kind]
        if kind in (2, 3, 7):
            n = rng.randrange(960)
            cb = chess.Board.from_chess960_pos(n)
            zb = zugzwang.Board.from_chess960_pos(n)
            start = f"chess960 #{n}"
        elif kind in (4, 5):
            fen = rng.choice(ENDGAMES)
            cb, zb = chess.Board(fen), zugzwang.Board(fen)
            start = fen
        else:
            cb, zb = chess.Board(), zugzwang.Board()
            start = "standard start"
        played: List[str] = []
        with zb:
            try:
                self.check("from_chess960_pos / Board(fen): fen", cb.fen(), zb.fen())
                while True:
                    cmoves = list(cb.legal_moves)
                    over = cb.outcome() is not None or len(played) >= MAX_PLIES
                    self.compare_position(cb, zb, cmoves, over or len(played) % 4 == 0)
                    if over or len(played) % 16 == 0:
                        self.compare_board_details(cb, zb, rng)
                    stats["plies"] += 1
                    if over:
                        out = cb.outcome()
                        key = out.termination.name if out else "ply limit"
                        stats["ends"][key] = stats["ends"].get(key, 0) + 1
                        stats["by_kind"].setdefault(kind, []).append((key, len(played)))
                        if cb.can_claim_threefold_repetition():
                            stats["threefold"] += 1
                        if cb.can_claim_fifty_moves():
                            stats["fifty"] += 1
                        return None
                    cmoves.sort(key=lambda m: m.uci())
                    move = choose(rng, cb, cmoves, style)
                    self.compare_move(cb, zb, move)
                    played.append(cb.uci(move))
                    if len(played) % 2:
                        zb.push(zb.parse_uci(cb.uci(move)))
                    else:
                        zb.push_san(cb.san(move))
                    cb.push(move)
                    self.check("peek()", move.uci(), zb.peek().uci())
            except Mismatch as exc:
                return (f"game {index} ({start}; {style} moves), "
                        f"after {len(played)} plies [{' '.join(played)}]\n"
                        f"  FEN {cb.fen()}\n  {exc}")

    def test_random_games(self) -> None:
        stats: dict = {"plies": 0, "ends": {}, "threefold": 0, "fifty": 0, "by_kind": {}}
        failures = []
        start = time.perf_counter()
        for index in range(GAMES):
            failure = self.play_game(index, stats)
            if failure:
                failures.append(failure)
        elapsed = time.perf_counter() - start
        ends = ", ".join(f"{k} {v}" for k, v in sorted(stats["ends"].items()))
        print(f"\n[differential] {GAMES} games, {stats['plies']} plies compared, "
              f"{len(failures)} mismatching games, {elapsed:.1f} s; endings: {ends}; "
              f"threefold claimable at end {stats['threefold']}, fifty {stats['fifty']}",
              file=sys.stderr)
        if failures:
            self.fail(f"{len(failures)} of {GAMES} games differ from python-chess:\n"
                      + "\n".join(failures[:10]))


if __name__ == "__main__":
    unittest.main()

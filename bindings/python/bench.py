#!/usr/bin/env python3
"""Benchmark: zugzwang's Python binding side by side with python-chess, in one run.

Usage (from the repository root, after `cargo build --release --lib`):

    python3 bindings/python/bench.py [--seconds S] [--games N]

Prints ops/s for both libraries and the ratio (zugzwang / python-chess) for: FEN parse,
legal move generation into a list, push/pop, SAN of every legal move, random playouts to the
end with an outcome check every ply, and perft(4) from the start position (zugzwang: native
``Board.perft``; python-chess has none, so the obvious recursive push/pop perft is timed; a
bulk-counting variant is shown too). Needs python-chess (`pip install chess==1.11.2`).

Each row times the same work for both libraries: the same positions, the same seeds. For
zugzwang the legal move cache of a board is dropped before every generation that is timed,
so no row is helped by a cache python-chess does not have.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Callable, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # run from a checkout without installing

import zugzwang  # noqa: E402

try:
    import chess  # noqa: E402
except ImportError:
    sys.exit("bench.py needs python-chess: pip install chess==1.11.2")

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 2 8",
    "2r3k1/1q1nbppp/r3p3/3pP3/pPpP4/P1Q2N2/2RN1PPP/2R4K b - b3 0 23",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Calls fn (which returns how many ops it did) until `seconds` pass; returns ops/s."""
    ops = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        ops += fn()
        elapsed = time.perf_counter() - start
    return ops / elapsed


def compare(fz: Callable[[], int], fc: Callable[[], int], seconds: float,
            rounds: int = 5) -> Tuple[float, float]:
    """Best ops/s of each library over `rounds` interleaved rounds (z, c, z, c, …) of
    seconds / rounds each, so a burst of load on the machine hits both sides alike."""
    fz()  # warm up (and fill the interned-move caches)
    fc()
    best_z = best_c = 0.0
    for _ in range(rounds):
        best_z = max(best_z, rate(fz, seconds / rounds))
        best_c = max(best_c, rate(fc, seconds / rounds))
    return best_z, best_c


# -- the rows -------------------------------------------------------------------------------


def fen_parse(mod) -> Callable[[], int]:  # type: ignore[no-untyped-def]
    Board = mod.Board

    def run() -> int:
        for fen in FENS:
            Board(fen)
        return len(FENS)
    return run


def legal_list_z() -> Callable[[], int]:
    boards = [zugzwang.Board(f) for f in FENS]

    def run() -> int:
        for b in boards:
            b._invalidate()  # drop the per-position cache: time a real generation
            list(b.legal_moves)
        return len(boards)
    return run


def legal_list_c() -> Callable[[], int]:
    boards = [chess.Board(f) for f in FENS]

    def run() -> int:
        for b in boards:
            list(b.legal_moves)
        return len(boards)
    return run


def push_pop(mod) -> Callable[[], int]:  # type: ignore[no-untyped-def]
    work = []
    for fen in FENS:
        b = mod.Board(fen)
        work.append((b, list(b.legal_moves)))

    def run() -> int:
        n = 0
        for b, moves in work:
            push, pop = b.push, b.pop
            for m in moves:
                push(m)
                pop()
            n += len(moves)
        return n
    return run


def san_all_z() -> Callable[[], int]:
    boards = [zugzwang.Board(f) for f in FENS]

    def run() -> int:
        for b in boards:
            b.san_all()
        return len(boards)
    return run


def san_each_z() -> Callable[[], int]:
    boards = [zugzwang.Board(f) for f in FENS]

    def run() -> int:
        for b in boards:
            b._invalidate()
            san = b.san
            [san(m) for m in b.legal_moves]
        return len(boards)
    return run


def san_all_c() -> Callable[[], int]:
    boards = [chess.Board(f) for f in FENS]

    def run() -> int:
        for b in boards:
            san = b.san
            [san(m) for m in b.legal_moves]
        return len(boards)
    return run


def playout(mod, seed: int, games: int) -> Tuple[Callable[[], int], List[int]]:  # type: ignore[no-untyped-def]
    plies: List[int] = []

    def run() -> int:
        rng = random.Random(seed)
        total = 0
        for _ in range(games):
            b = mod.Board()
            while b.outcome() is None:
                b.push(rng.choice(list(b.legal_moves)))
            total += len(b.move_stack)
        plies.append(total)
        return total
    return run, plies


def perft_c(board: "chess.Board", depth: int) -> int:
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_c(board, depth - 1)
        board.pop()
    return nodes


def perft_c_bulk(board: "chess.Board", depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_c_bulk(board, depth - 1)
        board.pop()
    return nodes


def timed_once(fn: Callable[[], int]) -> Tuple[int, float]:
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="time per row and library (default 1)")
    parser.add_argument("--games", type=int, default=20,
                        help="random games per playout round (default 20)")
    args = parser.parse_args()
    sec = args.seconds

    rows = []

    def row(name: str, unit: str, zc: Tuple[float, float]) -> None:
        z, c = zc
        rows.append((name, unit, z, c))
        print(f"{name:<34} {unit:<10} {z:>14,.0f} {c:>14,.1f} {z / c:>9.1f}x", flush=True)

    print(f"zugzwang {zugzwang.__version__} (library {zugzwang.LIBRARY_VERSION}) vs "
          f"python-chess {chess.__version__}; Python {sys.version.split()[0]}")
    print(f"{'row':<34} {'unit':<10} {'zugzwang/s':>14} {'chess/s':>14} {'ratio':>10}")

    row("FEN parse (Board(fen))", "boards", compare(fen_parse(zugzwang), fen_parse(chess), sec))
    row("legal moves -> list", "positions", compare(legal_list_z(), legal_list_c(), sec))
    row("push + pop", "pairs", compare(push_pop(zugzwang), push_pop(chess), sec))
    row("SAN of every legal move", "positions", compare(san_all_z(), san_all_c(), sec))
    row("  (zugzwang: san() per move)", "positions", compare(san_each_z(), san_all_c(), sec))

    z_run, z_plies = playout(zugzwang, 1234, args.games)
    c_run, c_plies = playout(chess, 1234, max(1, args.games // 4))
    row("random playout + outcome()/ply", "plies", compare(z_run, c_run, 2 * sec, rounds=3))

    zb = zugzwang.Board()
    z_nodes, _ = timed_once(lambda: zb.perft(4))
    cb = chess.Board()
    c_nodes, c_time = timed_once(lambda: perft_c(cb, 4))
    if c_nodes != z_nodes:
        sys.exit(f"perft mismatch: zugzwang {z_nodes}, python-chess {c_nodes}")
    z_rate = rate(lambda: (zb.perft(4), 1)[1], sec)
    row("perft(4) start (recursive p/p)", "perfts", (z_rate, 1.0 / c_time))
    cb_nodes, cb_time = timed_once(lambda: perft_c_bulk(cb, 4))
    assert cb_nodes == z_nodes
    row("  (python-chess bulk-counting)", "perfts", (z_rate, 1.0 / cb_time))
    print(f"perft(4) = {z_nodes} nodes; python-chess {c_time:.2f} s "
          f"({cb_time:.2f} s bulk), zugzwang {1e3 / z_rate:.2f} ms")
    worst = min(z / c for name, _, z, c in rows if not name.startswith("  "))
    print(f"lowest ratio over the main rows: {worst:.1f}x")


if __name__ == "__main__":
    main()

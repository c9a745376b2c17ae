#!/usr/bin/env python3
"""Perft (move path enumeration) from Python with zugzwang's native counter.

    python3 examples/python/perft.py 5                         # start position, depth 5
    python3 examples/python/perft.py 4 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --divide
    python3 examples/python/perft.py 6 --threads 2 --hash 64   # split root moves, hash table
    python3 examples/python/perft.py 3 --stats                 # captures, checks, mates ...
    python3 examples/python/perft.py --epd tests/data/perft/standard.epd --max-nodes 5000000
    python3 examples/python/perft.py --epd tests/data/perft/chess960.epd --chess960 --max-nodes 100000

With --epd, every line ``<FEN> ;D1 n1 ;D2 n2 ...`` is checked up to --max-nodes nodes per line;
the exit status is 1 if any count differs.
"""

import argparse
import sys
import time
from pathlib import Path

try:
    import zugzwang
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
    import zugzwang


def run_one(args: argparse.Namespace) -> int:
    board = zugzwang.Board(args.fen, chess960=args.chess960)
    start = time.perf_counter()
    if args.stats:
        stats = board.perft_stats(args.depth, threads=args.threads)
        nodes = stats["nodes"]
        for name, value in stats.items():
            print(f"{name:>16} {value}")
    elif args.divide:
        divide = board.perft_divide(args.depth)
        for move, count in sorted(divide.items(), key=lambda item: item[0].uci()):
            print(f"{move.uci()}: {count}")
        nodes = sum(divide.values())
    else:
        nodes = board.perft(args.depth, threads=args.threads, hash_mb=args.hash)
    elapsed = time.perf_counter() - start
    print(f"perft({args.depth}) = {nodes} nodes in {elapsed:.3f} s "
          f"({nodes / max(elapsed, 1e-9) / 1e6:.1f} Mnps)")
    return 0


def run_epd(args: argparse.Namespace) -> int:
    failures = lines = checks = 0
    total_nodes = 0
    start = time.perf_counter()
    for line in Path(args.epd).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [part.strip() for part in line.split(";")]
        board = zugzwang.Board(fields[0], chess960=args.chess960)
        lines += 1
        for field in fields[1:]:
            if not field.startswith("D"):
                continue
            depth, expected = (int(x) for x in field[1:].split())
            if expected > args.max_nodes:
                break
            got = board.perft(depth, threads=args.threads, hash_mb=args.hash)
            checks += 1
            total_nodes += got
            if got != expected:
                failures += 1
                print(f"MISMATCH {fields[0]} depth {depth}: expected {expected}, got {got}")
    elapsed = time.perf_counter() - start
    print(f"{lines} positions, {checks} counts checked, {failures} mismatches, "
          f"{total_nodes} nodes in {elapsed:.2f} s")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("depth", type=int, nargs="?", help="plies to search")
    parser.add_argument("--fen", default=zugzwang.STARTING_FEN, help="start position")
    parser.add_argument("--chess960", action="store_true", help="Chess960 castling rules")
    parser.add_argument("--divide", action="store_true", help="count per root move")
    parser.add_argument("--stats", action="store_true", help="leaf statistics (slower)")
    parser.add_argument("--threads", type=int, default=1, help="OS threads (default 1)")
    parser.add_argument("--hash", type=int, default=0, metavar="MB",
                        help="transposition table size in MiB (default none)")
    parser.add_argument("--epd", help="check every line of a perft EPD file")
    parser.add_argument("--max-nodes", type=int, default=10_000_000,
                        help="with --epd: skip counts above this (default 10,000,000)")
    args = parser.parse_args()
    if args.epd:
        return run_epd(args)
    if args.depth is None:
        parser.error("give a depth or --epd FILE")
    return run_one(args)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Replays SAN games from a PGN-like file, or plays random games, and prints each result.

    python3 examples/python/play_games.py examples/python/games.pgn
    python3 examples/python/play_games.py --random 20 --seed 7 [--chess960]

The file format is a small subset of PGN: optional ``[Tag "value"]`` lines (``FEN`` sets up the
start position, ``Variant "Chess960"`` selects Chess960 rules), then SAN moves with optional
move numbers and ``{comments}``, ended by a result (``1-0``, ``0-1``, ``1/2-1/2`` or ``*``).
For each game the script prints the moves played, the final FEN, the result written in the file
and the one the rules give (``Board.outcome``, including claimable draws). It exits with
status 1 if a move is illegal or a stated result contradicts the position.

Written against zugzwang's python-chess-compatible API: replacing ``import zugzwang as chess``
by ``import chess`` runs it on python-chess too.
"""

import argparse
import random
import re
import sys
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

try:
    import zugzwang as chess
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
    import zugzwang as chess

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]$')
MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?")


def read_games(text: str) -> Iterator[Tuple[Dict[str, str], List[str], str]]:
    """Yields (tags, SAN moves, result) for each game of a PGN-like text."""
    tags: Dict[str, str] = {}
    moves: List[str] = []
    text = re.sub(r"\{[^}]*\}", " ", text)  # comments
    for line in text.splitlines():
        line = line.strip()
        match = TAG.match(line)
        if match:
            tags[match.group(1)] = match.group(2)
            continue
        for token in line.split():
            token = MOVE_NUMBER.sub("", token)
            if not token:
                continue
            if token in RESULTS:
                yield tags, moves, token
                tags, moves = {}, []
            else:
                moves.append(token)
    if moves:
        yield tags, moves, "*"


def describe(board: "chess.Board") -> str:
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return "*"
    how = outcome.termination.name.lower().replace("_", " ")
    return f"{outcome.result()} ({how})"


def replay(path: Path) -> int:
    failures = 0
    for number, (tags, sans, stated) in enumerate(read_games(path.read_text()), 1):
        title = tags.get("Event", f"game {number}")
        chess960 = tags.get("Variant", "").lower() in ("chess960", "fischerandom")
        board = chess.Board(tags.get("FEN", chess.STARTING_FEN), chess960=chess960)
        try:
            for san in sans:
                board.push_san(san)
        except ValueError as exc:  # InvalidMoveError, IllegalMoveError, AmbiguousMoveError
            print(f"{number}. {title}: move {len(board.move_stack) + 1} {exc}")
            failures += 1
            continue
        computed = describe(board)
        ok = stated == "*" or computed.startswith(stated)
        failures += not ok
        print(f"{number}. {title}: {len(sans)} plies, stated {stated}, rules say {computed}"
              f"{'' if ok else '  <-- MISMATCH'}")
        print(f"   final FEN {board.fen()}")
    return 1 if failures else 0


def play_random(games: int, seed: int, chess960: bool) -> int:
    rng = random.Random(seed)
    tally: Dict[str, int] = {}
    for number in range(1, games + 1):
        board = (chess.Board.from_chess960_pos(rng.randrange(960)) if chess960
                 else chess.Board())
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        outcome = board.outcome()
        how = outcome.termination.name.lower().replace("_", " ")
        tally[how] = tally.get(how, 0) + 1
        print(f"{number:4}. {outcome.result():8} {how:22} after {len(board.move_stack):4} plies"
              f"   {board.fen()}")
    print("terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", type=Path, help="PGN-like file of SAN games")
    parser.add_argument("--random", type=int, metavar="N", help="play N random games instead")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--chess960", action="store_true", help="random Chess960 games")
    args = parser.parse_args()
    if args.random:
        return play_random(args.random, args.seed, args.chess960)
    if args.file is None:
        parser.error("give a file of games or --random N")
    return replay(args.file)


if __name__ == "__main__":
    sys.exit(main())

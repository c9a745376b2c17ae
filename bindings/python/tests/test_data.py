"""The project's shared test vectors (tests/data in the repository) through the Python API:
SAN in/out, SAN rejects, FEN rejects and round trips, Polyglot keys, perft."""

import csv
import unittest
from pathlib import Path
from typing import Dict, Iterator, List

from _setup import REPO_ROOT

import zugzwang
from zugzwang import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError

DATA = REPO_ROOT / "tests" / "data"
PERFT_NODE_LIMIT = 300_000  # per line: keeps the whole file fast


def rows(path: Path) -> Iterator[Dict[str, str]]:
    lines = [line for line in path.read_text().splitlines()
             if line and not line.startswith("#")]
    yield from csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)


def epd_lines(path: Path) -> Iterator[List[str]]:
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield [part.strip() for part in line.split(";")]


@unittest.skipUnless(DATA.is_dir(), "needs a source checkout (tests/data)")
class DataTest(unittest.TestCase):
    def test_san_vectors(self) -> None:
        count = 0
        for row in rows(DATA / "san" / "san.tsv"):
            board = Board(row["fen"], chess960=row["mode"] == "chess960")
            move = board.parse_uci(row["uci"])
            self.assertEqual(board.san(move), row["san"], row)
            self.assertEqual(board.parse_san(row["san"]), move, row)
            self.assertEqual(board.parse_san(row["san"], strict=True), move, row)
            self.assertIn(row["san"], board.san_all(), row)
            count += 1
        self.assertGreater(count, 500)

    def test_san_rejects(self) -> None:
        errors = {"illegal": IllegalMoveError, "ambiguous": AmbiguousMoveError,
                  "invalid": InvalidMoveError}
        count = 0
        for row in rows(DATA / "san" / "san_reject.tsv"):
            board = Board(row["fen"], chess960=row["mode"] == "chess960")
            with self.assertRaises(errors[row["expected_error"]], msg=row):
                board.parse_san(row["san"])
            count += 1
        self.assertGreater(count, 5)

    def test_fen_rejects(self) -> None:
        count = 0
        for row in rows(DATA / "fen" / "invalid.tsv"):
            if row["expect"] != "reject":
                continue
            with self.assertRaises(ValueError, msg=row):
                Board(row["fen"])
            count += 1
        self.assertGreater(count, 50)

    def test_fen_round_trips(self) -> None:
        for row in rows(DATA / "fen" / "valid_roundtrip.tsv"):
            self.assertEqual(Board(row["fen_in"]).fen(), row["fen_out"], row)

    def test_polyglot_keys(self) -> None:
        count = 0
        for row in rows(DATA / "zobrist" / "polyglot.tsv"):
            board = Board(row["start_fen"])
            if row["uci_moves"] != "-":
                for uci in row["uci_moves"].split():
                    board.push_uci(uci)
            self.assertEqual(board.fen(), row["fen"], row)
            self.assertEqual(zugzwang.polyglot.zobrist_hash(board), int(row["key"], 16), row)
            count += 1
        self.assertGreater(count, 5)

    def test_perft_files(self) -> None:
        for name, chess960 in (("standard.epd", False), ("tricky.epd", False),
                               ("random.epd", False), ("chess960.epd", True)):
            path = DATA / "perft" / name
            if not path.is_file():
                continue
            checked = 0
            for i, parts in enumerate(epd_lines(path)):
                if name == "chess960.epd" and i % 8:
                    continue  # a sample of the 960 start positions is enough here
                board = Board(parts[0], chess960=chess960)
                for field in parts[1:]:
                    if not field.startswith("D"):
                        continue
                    depth_text, nodes_text = field[1:].split()
                    depth, nodes = int(depth_text), int(nodes_text)
                    if nodes > PERFT_NODE_LIMIT:
                        break
                    self.assertEqual(board.perft(depth), nodes, f"{name}: {parts[0]} D{depth}")
                    if depth == 1:
                        self.assertEqual(len(board.legal_moves), nodes)
                    checked += 1
            self.assertGreater(checked, 0, name)


if __name__ == "__main__":
    unittest.main()

"""The example programs in examples/python run and report what they should."""

import subprocess
import sys
import unittest

from _setup import REPO_ROOT

EXAMPLES = REPO_ROOT / "examples" / "python"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=300)


@unittest.skipUnless(EXAMPLES.is_dir(), "needs a source checkout (examples/python)")
class ExamplesTest(unittest.TestCase):
    def test_play_games_file(self) -> None:
        proc = run(str(EXAMPLES / "play_games.py"), str(EXAMPLES / "games.pgn"))
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertNotIn("MISMATCH", proc.stdout)
        self.assertIn("rules say 1-0 (checkmate)", proc.stdout)
        self.assertIn("(stalemate)", proc.stdout)
        self.assertIn("(threefold repetition)", proc.stdout)

    def test_play_random_games(self) -> None:
        proc = run(str(EXAMPLES / "play_games.py"), "--random", "3", "--chess960")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("terminations:", proc.stdout)

    def test_perft(self) -> None:
        proc = run(str(EXAMPLES / "perft.py"), "4")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("perft(4) = 197281 nodes", proc.stdout)
        proc = run(str(EXAMPLES / "perft.py"), "--epd",
                   str(REPO_ROOT / "tests" / "data" / "perft" / "standard.epd"),
                   "--max-nodes", "100000")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn(" 0 mismatches", proc.stdout)


if __name__ == "__main__":
    unittest.main()

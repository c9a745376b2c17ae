"""The Tkinter board (examples/python/gui.py), driven headless with real click events.

Clicks are ``<Button-1>``/``<ButtonRelease-1>`` events generated on the canvas at square
centres, buttons get ``<Enter>`` + press + release like a mouse; every result is checked through
the library (FEN, move stack, outcome) and on the canvas (targets, chooser, banner items).

Display: a private ``Xvfb`` (started here with ``-displayfd``) when the ``Xvfb`` program is
installed (apt package ``xvfb``); otherwise ``$DISPLAY`` if set; otherwise the tests are skipped
with a message. ``ZZ_GUI_USE_DISPLAY=1`` prefers ``$DISPLAY``; ``ZZ_GUI_REQUIRED=1`` (make
test-gui) turns a skip into a failure. The screenshot test captures the window with ImageMagick's
``import`` (apt package ``imagemagick``) into ``$ZZ_GUI_SCREENSHOT`` (default build/gui.png;
make test-gui writes docs/images/gui.png).
"""

import importlib.util
import os
import select
import shutil
import struct
import subprocess
import tempfile
import unittest
import zlib
from pathlib import Path
from typing import Optional

from _setup import REPO_ROOT

import zugzwang
from zugzwang import (A1, A5, A7, A8, B1, B8, BISHOP, C1, C4, C5, C6, D1, D6, D7, D8, E1, E2,
                      E4, E5, E7, E8, F1, F2, F3, F6, F7, F8, G1, G2, G4, G6, G8, H1, H4, H8,
                      KING, KNIGHT, QUEEN, ROOK, WHITE, BLACK, Piece, Termination)

try:
    import tkinter as tk
except ImportError:  # Python built without Tk
    tk = None  # type: ignore[assignment]

GUI_PATH = REPO_ROOT / "examples" / "python" / "gui.py"
REQUIRED = os.environ.get("ZZ_GUI_REQUIRED") == "1"
SCREENSHOT = Path(os.environ.get("ZZ_GUI_SCREENSHOT") or REPO_ROOT / "build" / "gui.png")


def skip_or_fail(reason: str) -> None:
    if REQUIRED:
        raise RuntimeError(f"ZZ_GUI_REQUIRED=1 but {reason}")
    raise unittest.SkipTest(reason)


def start_xvfb() -> "tuple[subprocess.Popen, str]":
    """Starts Xvfb on a free display number (it writes the number to a pipe)."""
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        [shutil.which("Xvfb") or "Xvfb", "-displayfd", str(write_fd), "-screen", "0",
         "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    data = b""
    try:
        while not data.endswith(b"\n"):
            ready, _, _ = select.select([read_fd], [], [], 20)
            chunk = os.read(read_fd, 16) if ready else b""
            if not chunk:
                proc.kill()
                proc.wait()
                raise RuntimeError("Xvfb did not report a display number")
            data += chunk
    finally:
        os.close(read_fd)
    return proc, f":{int(data)}"


def load_gui_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("zugzwang_gui_example", GUI_PATH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(data: bytes) -> "tuple[int, int]":
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise AssertionError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def png_colours(data: bytes) -> int:
    """Number of distinct byte values in the decompressed image data (a blank capture has
    one or two)."""
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(idat)))


@unittest.skipUnless(GUI_PATH.is_file(), "needs a source checkout (examples/python/gui.py)")
class GuiTest(unittest.TestCase):
    xvfb: Optional[subprocess.Popen] = None
    display = ""
    root: "tk.Tk"

    @classmethod
    def setUpClass(cls) -> None:
        if tk is None:
            skip_or_fail("tkinter is not available in this Python")
        use_env = os.environ.get("ZZ_GUI_USE_DISPLAY") == "1" and os.environ.get("DISPLAY")
        if shutil.which("Xvfb") and not use_env:
            cls.xvfb, cls.display = start_xvfb()
        elif os.environ.get("DISPLAY"):
            cls.display = os.environ["DISPLAY"]
        else:
            skip_or_fail("no X display for the GUI test: install Xvfb (apt-get install xvfb) "
                         "or set DISPLAY")
        try:
            cls.root = tk.Tk(screenName=cls.display)
        except tk.TclError as exc:
            cls.tearDownClass()
            skip_or_fail(f"cannot open display {cls.display}: {exc}")
        cls.root.withdraw()
        cls.gui_module = load_gui_module()

    @classmethod
    def tearDownClass(cls) -> None:
        root = getattr(cls, "root", None)
        if root is not None:
            root.destroy()
            del cls.root
        if cls.xvfb is not None:
            cls.xvfb.terminate()
            cls.xvfb.wait(timeout=20)
            cls.xvfb = None

    def setUp(self) -> None:
        self.top = tk.Toplevel(self.root)
        self.gui = self.gui_module.ChessGUI(self.top)
        self.top.update()
        self.assertTrue(self.gui.canvas.winfo_viewable(), "the board window is not shown")
        # Park the pointer away from the window: no hover highlight on the buttons.
        self.top.event_generate("<Motion>", warp=True, x=1270, y=1010)
        self.top.update()

    def tearDown(self) -> None:
        self.gui.board.close()
        self.top.destroy()
        self.root.update()

    # -- driving -----------------------------------------------------------------------------

    def click(self, square: int) -> None:
        """A real mouse click on the centre of ``square``."""
        x, y = self.gui.square_center(square)
        self.gui.canvas.event_generate("<Button-1>", x=x, y=y)
        self.gui.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
        self.top.update()

    def move(self, from_square: int, to_square: int) -> None:
        stack = len(self.gui.board.move_stack)
        self.click(from_square)
        self.assertEqual(self.gui.selected, from_square)
        self.assertIn(to_square, self.gui.targets)
        self.click(to_square)
        self.assertEqual(len(self.gui.board.move_stack), stack + 1,
                         f"{zugzwang.square_name(from_square)}-"
                         f"{zugzwang.square_name(to_square)} was not played")

    def press(self, button: "tk.Button") -> None:
        """A real mouse click on a button (enter, press, release)."""
        self.assertNotEqual(str(button.cget("state")), "disabled", button.cget("text"))
        button.event_generate("<Enter>", x=5, y=5)
        button.event_generate("<Button-1>", x=5, y=5)
        button.event_generate("<ButtonRelease-1>", x=5, y=5)
        button.event_generate("<Leave>", x=5, y=5)
        self.top.update()

    def load(self, fen: str, chess960: bool = False) -> bool:
        self.gui.fen_entry.delete(0, "end")
        self.gui.fen_entry.insert(0, fen)
        self.gui.chess960_var.set(chess960)
        self.press(self.gui.load_button)
        if self.gui.error is not None:
            return False
        with zugzwang.Board(fen, chess960=chess960) as expected:
            self.assertEqual(self.gui.board.fen(), expected.fen())
        return True

    def canvas_text(self, tag: str) -> str:
        items = self.gui.canvas.find_withtag(tag)
        self.assertEqual(len(items), 1, tag)
        return self.gui.canvas.itemcget(items[0], "text")

    def moves_shown(self) -> str:
        return " ".join(self.gui.move_list.get(0, "end"))

    def assert_game_on(self) -> None:
        self.assertIsNone(self.gui.banner)
        self.assertEqual(self.gui.canvas.find_withtag("banner"), ())

    def assert_ended(self, title: str, detail: str) -> None:
        self.assertEqual(self.gui.banner, f"{title}\n{detail}")
        self.assertEqual(self.canvas_text("banner-title"), title)
        self.assertEqual(self.canvas_text("banner-detail"), detail)
        self.assertEqual(self.gui.status.cget("text"), f"{title} ({detail})")
        # A finished game takes no more moves.
        before = self.gui.board.fen()
        for square in (E2, E7, G1, G8, E1, E8):
            self.click(square)
        self.assertIsNone(self.gui.selected)
        self.assertEqual(self.gui.board.fen(), before)

    # -- tests -------------------------------------------------------------------------------

    def test_game_with_castling_undo_flip_fen_and_promotion(self) -> None:
        gui = self.gui
        self.assertFalse(gui.flipped)
        self.click(E4)  # empty square, nothing selected: nothing happens
        self.assertIsNone(gui.selected)
        self.click(E7)  # a black piece while White moves: not selectable
        self.assertIsNone(gui.selected)
        self.click(E2)
        self.assertEqual(set(gui.targets), {zugzwang.E3, E4})
        self.assertEqual(len(gui.canvas.find_withtag("target")), 2)
        self.click(E2)  # clicking the selected piece again deselects it
        self.assertIsNone(gui.selected)
        self.assertEqual(gui.canvas.find_withtag("target"), ())
        for a, b in ((E2, E4), (E7, E5), (G1, F3), (B8, C6), (F1, C4), (F8, C5)):
            self.move(a, b)
        self.assertIn("3. Bc4", self.moves_shown())
        before_castling = gui.board.fen()

        # Castling: besides e2 and f1, the king's destination g1 and the rook on h1.
        self.click(E1)
        self.assertEqual(set(gui.targets), {E2, F1, G1, H1})
        self.assertEqual(len(gui.canvas.find_withtag("target")), 4)
        self.click(G1)
        self.assertEqual(gui.board.piece_at(G1), Piece(KING, WHITE))
        self.assertEqual(gui.board.piece_at(F1), Piece(ROOK, WHITE))
        self.assertEqual(gui.board.peek().uci(), "e1g1")
        self.assertTrue(self.gui.move_list.get("end").rstrip().endswith("4. O-O"))
        castled = gui.board.fen()

        # Undo (the button), then castle by clicking the rook instead.
        self.press(gui.undo_button)
        self.assertEqual(gui.board.fen(), before_castling)
        self.assertNotIn("O-O", self.moves_shown())
        self.move(E1, H1)
        self.assertEqual(gui.board.fen(), castled)
        self.assertEqual(gui.board.peek().uci(), "e1g1")

        # Flip: a8 is now at the bottom right; Black plays by clicks on the flipped board.
        self.press(gui.flip_button)
        self.assertTrue(gui.flipped)
        self.assertLess(gui.square_center(E1)[1], gui.square_center(E8)[1])
        self.assertGreater(gui.square_center(A8)[0], gui.square_center(H8)[0])
        self.move(D7, D6)
        self.assertEqual(gui.board.piece_at(D6), Piece(zugzwang.PAWN, BLACK))
        self.assertIn("4. O-O", self.moves_shown())
        self.assertTrue(self.moves_shown().rstrip().endswith("d6"))
        self.press(gui.flip_button)
        self.assertFalse(gui.flipped)
        self.assertEqual(gui.board.fen(), "r1bqk1nr/ppp2ppp/2np4/2b1p3/2B1P3/5N2/PPPP1PPP/"
                                          "RNBQ1RK1 w kq - 0 5")

        # The FEN field shows the position; an invalid FEN is refused with the library's
        # message and the board stays.
        self.assertEqual(gui.fen_entry.get(), gui.board.fen())
        self.assertFalse(self.load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 zero"))
        self.assertIn("Cannot load FEN", gui.status.cget("text"))
        self.assertIn('fullmove number "zero"', gui.status.cget("text"))
        self.assertEqual(len(gui.board.move_stack), 8)

        # Load a promotion position; a7-a8 opens the chooser; pick the rook.
        self.assertTrue(self.load("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"))
        self.assertEqual(self.moves_shown(), "")
        self.assertEqual(gui.status.cget("text"), "White to move")
        self.click(A7)
        self.click(A8)
        self.assertIsNotNone(gui.promotion)
        self.assertEqual(len(gui.board.move_stack), 0, "the move waits for the choice")
        choices = {move.promotion: square for square, move in gui.promotion.items()}
        self.assertEqual(set(choices), {QUEEN, ROOK, BISHOP, KNIGHT})
        self.assertEqual(choices[QUEEN], A8)
        self.assertTrue(gui.canvas.find_withtag(f"promote{ROOK}"))
        self.click(choices[ROOK])
        self.assertIsNone(gui.promotion)
        self.assertEqual(gui.board.piece_at(A8), Piece(ROOK, WHITE))
        self.assertEqual(self.moves_shown().split(), ["1.", "a8=R+"])
        self.assertEqual(gui.board.fen(), "R3k3/8/8/8/8/8/8/4K3 b - - 0 1")
        self.assertIn("Black to move, in check", gui.status.cget("text"))

        # Undo; open the chooser again and cancel it by clicking elsewhere.
        self.press(gui.undo_button)
        self.assertEqual(gui.board.fen(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
        self.click(A7)
        self.click(A8)
        self.assertIsNotNone(gui.promotion)
        self.click(H1)
        self.assertIsNone(gui.promotion)
        self.assertEqual(gui.canvas.find_withtag("promotion"), ())
        self.assertEqual(gui.board.fen(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
        # And the knight, chosen from the chooser's last square.
        self.click(A7)
        self.click(A8)
        self.click(A5)
        self.assertEqual(gui.board.piece_at(A8), Piece(KNIGHT, WHITE))
        self.assertEqual(gui.board.peek().uci(), "a7a8n")

    def test_fools_mate(self) -> None:
        gui = self.gui
        self.move(E2, E4)
        self.press(gui.new_button)  # a new game from the button
        self.assertEqual(gui.board.fen(), zugzwang.STARTING_FEN)
        for a, b in ((F2, F3), (E7, E5), (G2, G4), (D8, H4)):
            self.move(a, b)
        self.assertEqual(gui.board.fen(),
                         "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        self.assertTrue(gui.board.is_checkmate())
        self.assertEqual(gui.board.outcome().termination, Termination.CHECKMATE)
        self.assertTrue(gui.canvas.find_withtag("check"), "the mated king is marked")
        self.assert_ended("Checkmate", "Black wins, 0-1")
        self.assertEqual(self.moves_shown().split(), ["1.", "f3", "e5", "2.", "g4", "Qh4#"])
        self.press(gui.undo_button)
        self.assert_game_on()
        self.assertEqual(gui.status.cget("text"), "Black to move")

    def test_stalemate(self) -> None:
        self.assertTrue(self.load("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"))
        self.move(F1, F7)
        self.assertTrue(self.gui.board.is_stalemate())
        self.assert_ended("Stalemate", "1/2-1/2")

    def test_insufficient_material(self) -> None:
        self.assertTrue(self.load("8/8/8/4k3/8/8/3p4/4K3 w - - 0 1"))
        self.move(E1, zugzwang.D2)
        self.assertTrue(self.gui.board.is_insufficient_material())
        self.assert_ended("Draw: insufficient material", "1/2-1/2")

    def test_seventyfive_moves(self) -> None:
        self.assertTrue(self.load("8/8/8/4k3/8/8/8/R3K3 w - - 149 120"))
        self.assertIn("Draw claimable: fifty-move rule", self.gui.status.cget("text"))
        self.move(A1, zugzwang.A2)
        self.assertTrue(self.gui.board.is_seventyfive_moves())
        self.assert_ended("Draw: seventy-five-move rule", "1/2-1/2")

    def test_fifty_moves_claim(self) -> None:
        gui = self.gui
        self.assertTrue(self.load("8/8/8/4k3/8/8/8/R3K3 w - - 98 80"))
        self.assertEqual(str(gui.claim_button.cget("state")), "disabled")
        self.move(A1, zugzwang.A2)  # 99 plies: a move would reach 100, claimable
        self.assertIn("Draw claimable: fifty-move rule", gui.status.cget("text"))
        self.assert_game_on()
        self.press(gui.claim_button)
        self.assert_ended("Draw claimed: fifty-move rule", "1/2-1/2")
        self.press(gui.undo_button)  # withdraws the claim
        self.assert_game_on()
        self.assertEqual(gui.board.halfmove_clock, 99)

    def test_threefold_claim_then_fivefold(self) -> None:
        gui = self.gui
        shuffle = ((G1, F3), (G8, F6), (F3, G1), (F6, G8))
        for a, b in shuffle * 2:
            self.move(a, b)
        self.assertTrue(gui.board.can_claim_threefold_repetition())
        self.assertIn("Draw claimable: threefold repetition", gui.status.cget("text"))
        self.assertEqual(str(gui.claim_button.cget("state")), "normal")
        self.assert_game_on()  # claimable, not over: play on
        for a, b in shuffle * 2:
            self.move(a, b)
        self.assertTrue(gui.board.is_fivefold_repetition())
        self.assert_ended("Draw: fivefold repetition", "1/2-1/2")
        self.assertEqual(str(gui.claim_button.cget("state")), "disabled")

    def test_threefold_claim(self) -> None:
        gui = self.gui
        for a, b in ((G1, F3), (G8, F6), (F3, G1), (F6, G8)) * 2:
            self.move(a, b)
        self.press(gui.claim_button)
        self.assert_ended("Draw claimed: threefold repetition", "1/2-1/2")

    def test_chess960_castling_by_clicking_the_rook(self) -> None:
        gui = self.gui
        self.assertTrue(self.load("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                                  chess960=True))
        self.assertTrue(gui.board.chess960)
        self.click(E1)
        self.assertEqual(set(gui.targets), {F1, D1, G1, B1, C1})
        self.click(B1)  # king takes own rook: queenside castling
        self.assertEqual(gui.board.piece_at(C1), Piece(KING, WHITE))
        self.assertEqual(gui.board.piece_at(D1), Piece(ROOK, WHITE))
        self.assertEqual(self.moves_shown().split(), ["1.", "O-O-O"])
        self.move(E8, G8)  # kingside: the rook already stands on g8
        self.assertEqual(gui.board.piece_at(G8), Piece(KING, BLACK))
        self.assertEqual(gui.board.piece_at(F8), Piece(ROOK, BLACK))
        self.assertEqual(self.moves_shown().split(), ["1.", "O-O-O", "O-O"])
        self.press(gui.new960_button)
        self.assertTrue(gui.board.chess960)
        gui.new_game(chess960=True, scharnagl=518)
        self.assertEqual(gui.board.board_fen(), zugzwang.STARTING_BOARD_FEN)

    def test_screenshot(self) -> None:
        """Légal's mate by clicks, then a PNG of the window (for the README)."""
        importer = shutil.which("import")
        if importer is None:
            skip_or_fail("ImageMagick's import is not installed (apt-get install imagemagick)")
        gui = self.gui
        for a, b in ((E2, E4), (E7, E5), (G1, F3), (D7, D6), (F1, C4), (zugzwang.C8, G4),
                     (B1, zugzwang.C3), (zugzwang.G7, G6), (F3, E5), (G4, D1),
                     (C4, F7), (E8, E7), (zugzwang.C3, zugzwang.D5)):
            self.move(a, b)
        self.assertTrue(gui.board.is_checkmate())
        self.assert_ended("Checkmate", "White wins, 1-0")
        expected = zugzwang.Board()
        for san in "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#".split():
            expected.push_san(san)
        self.assertEqual(gui.board.fen(), expected.fen())
        self.assertEqual(" ".join(self.moves_shown().split()),
                         "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 "
                         "7. Nd5#")
        self.top.update()
        frame = self.top.wm_frame()
        width, height = self.top.winfo_width(), self.top.winfo_height()
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            shot = Path(tmp) / "gui.png"
            env = dict(os.environ, DISPLAY=self.display)
            subprocess.run([importer, "-window", frame, "-strip",
                            "-define", "png:exclude-chunks=date,time", f"png:{shot}"],
                           check=True, env=env, timeout=60)
            data = shot.read_bytes()
            self.assertEqual(png_size(data), (width, height))
            self.assertGreater(png_colours(data), 50, "the screenshot looks blank")
            shutil.copyfile(shot, SCREENSHOT)
        print(f"\n[gui] screenshot {SCREENSHOT} ({width}x{height})")


if __name__ == "__main__":
    unittest.main()

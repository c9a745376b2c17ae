#!/usr/bin/env python3
"""A chess board in Tkinter on zugzwang (standard library only, besides zugzwang itself).

    python3 examples/python/gui.py                     # standard chess
    python3 examples/python/gui.py --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    python3 examples/python/gui.py --chess960          # a random Chess960 start (or --fen ... --chess960)

Click a piece to see its legal targets (dots; rings on captures), click a target to move.
Castling: click the king, then its destination or its own rook (the only way in Chess960 when
the destination is ambiguous). A pawn reaching the last rank opens a chooser over the board:
click queen, rook, bishop or knight (or press q/r/b/n; anything else cancels).
Undo (Ctrl+Z), Flip (F), New game, New Chess960, Claim draw, and a FEN field with Load (Enter).
The move list is in SAN; the status line and a banner over the board report check, checkmate,
stalemate, the automatic draws (insufficient material, seventy-five moves, fivefold repetition)
and draws that can be claimed (fifty moves, threefold repetition).

The window is a :class:`ChessGUI` on an injectable Tk root, so tests can drive it with real
events (bindings/python/tests/test_gui.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import tkinter as tk
import tkinter.font as tkfont
from pathlib import Path
from typing import Dict, List, Optional, Tuple

try:
    import zugzwang
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
    import zugzwang

from zugzwang import BISHOP, KNIGHT, QUEEN, ROOK, WHITE, Move, Termination

LIGHT, DARK = "#f0d9b5", "#b58863"
SELECTED = "#f6f669"
LAST_MOVE = ("#cdd26a", "#aaa23a")  # on light, on dark squares
CHECK = "#e8604c"
TARGET = "#3b7d4f"
COORD = "#5a4632"
BACKGROUND = "#312e2b"

#: Solid glyphs, drawn white (with the outline glyph on top) or black.
SOLID = {1: "\u265f", 2: "\u265e", 3: "\u265d", 4: "\u265c", 5: "\u265b", 6: "\u265a"}
OUTLINE = {1: "\u2659", 2: "\u2658", 3: "\u2657", 4: "\u2656", 5: "\u2655", 6: "\u2654"}
PROMOTIONS = (QUEEN, ROOK, BISHOP, KNIGHT)
PROMOTION_KEYS = {"q": QUEEN, "r": ROOK, "b": BISHOP, "n": KNIGHT}

ENDINGS = {
    Termination.CHECKMATE: "Checkmate",
    Termination.STALEMATE: "Stalemate",
    Termination.INSUFFICIENT_MATERIAL: "Draw: insufficient material",
    Termination.SEVENTYFIVE_MOVES: "Draw: seventy-five-move rule",
    Termination.FIVEFOLD_REPETITION: "Draw: fivefold repetition",
    Termination.FIFTY_MOVES: "Draw claimed: fifty-move rule",
    Termination.THREEFOLD_REPETITION: "Draw claimed: threefold repetition",
}
GLYPH_FONTS = ("DejaVu Sans", "FreeSerif", "Noto Sans Symbols2", "Segoe UI Symbol",
               "Arial Unicode MS", "Symbola")


class ChessGUI:
    """The board window. ``root`` is the Tk root (or any container) to build into.

    Reachable for scripts and tests: ``board`` (the zugzwang Board), ``canvas``,
    ``square_center(square)`` (canvas coordinates of a square's centre, flip-aware),
    ``click_square(square)`` (what a click does), ``undo()``, ``flip()``, ``new_game()``,
    ``load_fen()``, ``claim_draw()``, ``choose_promotion(piece_type)``, ``status_text()``,
    ``banner`` (the banner text over the board, or None), ``move_list`` (a Listbox),
    ``fen_entry``, the buttons, ``selected``, ``targets`` and ``promotion``.
    """

    def __init__(self, root: tk.Misc, *, fen: Optional[str] = None, chess960: bool = False,
                 square_size: int = 64) -> None:
        self.root = root
        self.size = square_size
        self.margin = max(18, square_size // 3)
        self.band = square_size  # above the board: whose move it is, or the game-end banner
        self.top = self.margin + self.band  # y of the board's top edge
        self.board = zugzwang.Board(fen or zugzwang.STARTING_FEN, chess960=chess960)
        self.flipped = False
        self.selected: Optional[int] = None
        self.targets: Dict[int, List[Move]] = {}
        #: While the promotion chooser is open: (chooser square -> move).
        self.promotion: Optional[Dict[int, Move]] = None
        self.claimed: Optional[Termination] = None
        self.error: Optional[str] = None
        self.banner: Optional[str] = None

        if isinstance(root, (tk.Tk, tk.Toplevel)):
            root.title("zugzwang")
            root.configure(background=BACKGROUND)
        family = next((f for f in GLYPH_FONTS if f in set(tkfont.families(root))), "TkDefaultFont")
        self.glyph_font = tkfont.Font(root=root, family=family, size=-int(square_size * 0.8))
        self.coord_font = tkfont.Font(root=root, family="DejaVu Sans", size=-max(10, square_size // 6),
                                      weight="bold")
        self.banner_font = tkfont.Font(root=root, family="DejaVu Sans", size=-(square_size // 3),
                                       weight="bold")
        self.small_banner_font = tkfont.Font(root=root, family="DejaVu Sans",
                                             size=-(square_size // 4))

        side = 8 * square_size + 2 * self.margin
        self.canvas = tk.Canvas(root, width=side, height=side + self.band, highlightthickness=0,
                                background=BACKGROUND)
        self.canvas.grid(row=0, column=0, rowspan=2, padx=8, pady=8, sticky="n")
        self.canvas.bind("<Button-1>", self.on_click)

        panel = tk.Frame(root, background=BACKGROUND)
        panel.grid(row=0, column=1, sticky="nsew", padx=(0, 8), pady=8)
        self.status = tk.Label(panel, text="", anchor="w", justify="left", wraplength=260,
                               width=34, background=BACKGROUND, foreground="#eeeeee",
                               font=("DejaVu Sans", 11, "bold"))
        self.status.pack(fill="x", pady=(0, 6))
        moves = tk.Frame(panel)
        moves.pack(fill="both", expand=True)
        self.move_list = tk.Listbox(moves, height=18, width=26, activestyle="none",
                                    font=("DejaVu Sans Mono", 11), background="#262421",
                                    foreground="#dddddd", highlightthickness=0,
                                    selectbackground="#4b4847")
        scroll = tk.Scrollbar(moves, command=self.move_list.yview)
        self.move_list.configure(yscrollcommand=scroll.set)
        self.move_list.pack(side="left", fill="both", expand=True)
        scroll.pack(side="right", fill="y")

        buttons = tk.Frame(panel, background=BACKGROUND)
        buttons.pack(fill="x", pady=6)
        self.undo_button = tk.Button(buttons, text="Undo", command=self.undo)
        self.flip_button = tk.Button(buttons, text="Flip", command=self.flip)
        self.claim_button = tk.Button(buttons, text="Claim draw", command=self.claim_draw)
        self.undo_button.grid(row=0, column=0, sticky="ew")
        self.flip_button.grid(row=0, column=1, sticky="ew")
        self.claim_button.grid(row=0, column=2, sticky="ew")
        self.new_button = tk.Button(buttons, text="New game", command=self.new_game)
        self.new960_button = tk.Button(buttons, text="New Chess960",
                                       command=lambda: self.new_game(chess960=True))
        self.new_button.grid(row=1, column=0, columnspan=2, sticky="ew")
        self.new960_button.grid(row=1, column=2, sticky="ew")
        for column in range(3):
            buttons.columnconfigure(column, weight=1)

        fen_row = tk.Frame(root, background=BACKGROUND)
        fen_row.grid(row=1, column=1, sticky="sew", padx=(0, 8), pady=(0, 8))
        tk.Label(fen_row, text="FEN", background=BACKGROUND, foreground="#eeeeee").pack(
            side="left")
        self.fen_entry = tk.Entry(fen_row, width=26)
        self.fen_entry.pack(side="left", fill="x", expand=True, padx=4)
        self.fen_entry.bind("<Return>", lambda event: self.load_fen())
        self.chess960_var = tk.BooleanVar(master=root, value=chess960)
        tk.Checkbutton(fen_row, text="960", variable=self.chess960_var, background=BACKGROUND,
                       foreground="#eeeeee", selectcolor=BACKGROUND,
                       activebackground=BACKGROUND).pack(side="left")
        self.load_button = tk.Button(fen_row, text="Load", command=self.load_fen)
        self.load_button.pack(side="left")

        top = root.winfo_toplevel()
        top.bind("<Control-z>", lambda event: self.undo())
        top.bind("<Key>", self.on_key)
        self.refresh()

    # -- geometry ------------------------------------------------------------------------------

    def _cell(self, square: int) -> Tuple[int, int]:
        file, rank = square % 8, square // 8
        return (7 - file, rank) if self.flipped else (file, 7 - rank)

    def square_bbox(self, square: int) -> Tuple[int, int, int, int]:
        col, row = self._cell(square)
        x, y = self.margin + col * self.size, self.top + row * self.size
        return x, y, x + self.size, y + self.size

    def square_center(self, square: int) -> Tuple[int, int]:
        """Canvas (= widget) coordinates of the centre of ``square``, flip-aware."""
        x0, y0, _, _ = self.square_bbox(square)
        return x0 + self.size // 2, y0 + self.size // 2

    def square_at(self, x: float, y: float) -> Optional[int]:
        col, row = (int((x - self.margin) // self.size), int((y - self.top) // self.size))
        if not (0 <= col < 8 and 0 <= row < 8):
            return None
        return (row * 8 + 7 - col) if self.flipped else ((7 - row) * 8 + col)

    # -- game state ----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.claimed is not None or self.board.is_game_over()

    def ending(self) -> Optional[Tuple[str, str]]:
        """(title, detail) when the game is over, else None."""
        if self.claimed is not None:
            return ENDINGS[self.claimed], "1/2-1/2"
        outcome = self.board.outcome()
        if outcome is None:
            return None
        if outcome.termination == Termination.CHECKMATE:
            winner = "White" if outcome.winner == WHITE else "Black"
            return "Checkmate", f"{winner} wins, {outcome.result()}"
        return ENDINGS[outcome.termination], outcome.result()

    def claimable(self) -> List[str]:
        """The draws the side to move could claim now (while the game goes on)."""
        if self.is_over():
            return []
        reasons = []
        if self.board.can_claim_threefold_repetition():
            reasons.append("threefold repetition")
        if self.board.can_claim_fifty_moves():
            reasons.append("fifty-move rule")
        return reasons

    def status_text(self) -> str:
        if self.error:
            return self.error
        ending = self.ending()
        if ending:
            return f"{ending[0]} ({ending[1]})"
        text = ("White" if self.board.turn == WHITE else "Black") + " to move"
        if self.board.is_check():
            text += ", in check"
        claims = self.claimable()
        if claims:
            text += "\nDraw claimable: " + ", ".join(claims)
        return text

    # -- actions -------------------------------------------------------------------------------

    def on_click(self, event: "tk.Event[tk.Canvas]") -> None:
        self.click_at(event.x, event.y)

    def click_at(self, x: float, y: float) -> None:
        square = self.square_at(x, y)
        if self.promotion is not None:
            move = self.promotion.get(square) if square is not None else None
            if move is not None:
                self.choose_promotion(move.promotion)
            else:
                self.cancel_promotion()
            return
        if square is not None:
            self.click_square(square)

    def click_square(self, square: int) -> None:
        """Select a piece of the side to move, or move the selected piece to ``square``."""
        if self.is_over():
            return
        self.error = None
        if self.selected is not None and square in self.targets:
            moves = self.targets[square]
            if moves[0].promotion:
                self.open_promotion(square, moves)
            else:
                self.play(moves[0])
            return
        piece = self.board.piece_at(square)
        if piece is not None and piece.color == self.board.turn and square != self.selected:
            self.select(square)
        else:
            self.select(None)

    def select(self, square: Optional[int]) -> None:
        self.selected = square
        self.targets = {}
        if square is not None:
            board = self.board
            castles = []
            for move in board.legal_moves:
                if move.from_square != square:
                    continue
                if board.is_castling(move):
                    castles.append(move)
                else:
                    self.targets.setdefault(move.to_square, []).append(move)
            for move in castles:  # the king's destination and its own rook's square
                kingside = board.is_kingside_castling(move)
                rank = square // 8
                rook = move.to_square if board.chess960 else rank * 8 + (7 if kingside else 0)
                for target in (rank * 8 + (6 if kingside else 2), rook):
                    if target not in self.targets:
                        self.targets[target] = [move]
        self.refresh()

    def open_promotion(self, square: int, moves: List[Move]) -> None:
        by_piece = {move.promotion: move for move in moves}
        step = -8 if square >= 56 else 8  # from the last rank towards the middle
        self.promotion = {square + i * step: by_piece[piece]
                          for i, piece in enumerate(PROMOTIONS) if piece in by_piece}
        self.refresh()

    def choose_promotion(self, piece_type: int) -> None:
        """Completes an open promotion with ``piece_type`` (QUEEN, ROOK, BISHOP or KNIGHT)."""
        if self.promotion is None:
            return
        for move in self.promotion.values():
            if move.promotion == piece_type:
                self.promotion = None
                self.play(move)
                return

    def cancel_promotion(self) -> None:
        """Closes the chooser without moving (the pawn is deselected)."""
        self.promotion = None
        self.select(None)

    def play(self, move: Move) -> None:
        self.board.push(move)
        self.selected = None
        self.targets = {}
        self.refresh()

    def undo(self) -> None:
        """Closes an open promotion chooser, else withdraws a draw claim, else takes back the
        last move."""
        if self.promotion is not None:
            self.promotion = None
        elif self.claimed is not None:
            self.claimed = None
        elif self.board.move_stack:
            self.board.pop()
        self.selected, self.targets, self.error = None, {}, None
        self.refresh()

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.refresh()

    def claim_draw(self) -> None:
        if self.claimable():
            outcome = self.board.outcome(claim_draw=True)
            if outcome is not None:
                self.claimed = outcome.termination
            self.selected, self.targets = None, {}
            self.refresh()

    def new_game(self, *, chess960: bool = False, scharnagl: Optional[int] = None) -> None:
        if chess960:
            number = random.randrange(960) if scharnagl is None else scharnagl
            board = zugzwang.Board.from_chess960_pos(number)
        else:
            board = zugzwang.Board()
        self._set_board(board)

    def load_fen(self, fen: Optional[str] = None, *, chess960: Optional[bool] = None) -> bool:
        """Sets up ``fen`` (default: the FEN field). On an invalid FEN the board stays and the
        status shows the library's message; returns whether it loaded."""
        fen = self.fen_entry.get().strip() if fen is None else fen
        chess960 = self.chess960_var.get() if chess960 is None else chess960
        try:
            board = zugzwang.Board(fen, chess960=chess960)
        except ValueError as exc:
            self.error = f"Cannot load FEN: {exc}"
            self.refresh(keep_entry=True)
            return False
        self._set_board(board)
        return True

    def _set_board(self, board: zugzwang.Board) -> None:
        self.board.close()
        self.board = board
        self.chess960_var.set(board.chess960)
        self.selected, self.targets, self.promotion = None, {}, None
        self.claimed = self.error = None
        self.refresh()

    def on_key(self, event: "tk.Event[tk.Misc]") -> None:
        if isinstance(event.widget, tk.Entry):
            return
        key = (event.char or "").lower()
        if self.promotion is not None:
            if key in PROMOTION_KEYS:
                self.choose_promotion(PROMOTION_KEYS[key])
            else:
                self.cancel_promotion()
        elif key == "f":
            self.flip()

    # -- drawing -------------------------------------------------------------------------------

    def san_moves(self) -> List[str]:
        """The move list as rows: ``1. e4 e5``, ``1... e5`` when Black started."""
        with self.board.root() as replay:
            number, white = replay.fullmove_number, replay.turn == WHITE
            rows: List[str] = []
            for move in self.board.move_stack:
                san = replay.san(move)
                replay.push(move)
                if white:
                    rows.append(f"{number:>3}. {san}")
                elif not rows:
                    rows.append(f"{number:>3}... {san}")
                else:
                    rows[-1] = f"{rows[-1]:<13}{san}"
                if not white:
                    number += 1
                white = not white
        return rows

    def refresh(self, *, keep_entry: bool = False) -> None:
        """Redraws everything from ``board`` and the selection state."""
        c, board, size = self.canvas, self.board, self.size
        c.delete("all")
        last = board.peek() if board.move_stack else None
        check = board.king(board.turn) if board.is_check() else None
        for square in range(64):
            x0, y0, x1, y1 = self.square_bbox(square)
            light = (square // 8 + square % 8) % 2 == 1
            color = LIGHT if light else DARK
            if last is not None and square in (last.from_square, last.to_square):
                color = LAST_MOVE[0 if light else 1]
            if square == self.selected:
                color = SELECTED
            c.create_rectangle(x0, y0, x1, y1, fill=color, width=0, tags=("square",))
            if square == check:
                pad = size // 10
                c.create_oval(x0 + pad, y0 + pad, x1 - pad, y1 - pad, fill=CHECK, width=0,
                              tags=("check",))
        for i in range(8):  # coordinates
            file_sq, rank_sq = i, i * 8
            x, _ = self.square_center(file_sq)
            _, y = self.square_center(rank_sq)
            bottom = self.top + 8 * size + self.margin // 2
            c.create_text(x, bottom, text="abcdefgh"[i], fill="#bbbbbb", font=self.coord_font,
                          tags=("coord",))
            c.create_text(self.margin // 2, y, text=str(i + 1), fill="#bbbbbb",
                          font=self.coord_font, tags=("coord",))
        for square, piece in board.piece_map().items():
            self._draw_piece(square, piece.piece_type, piece.color, ("piece", f"sq{square}"))
        for square in self.targets:
            x0, y0, x1, y1 = self.square_bbox(square)
            piece = board.piece_at(square)
            tags = ("target", f"target{square}")
            if piece is None:  # a dot
                r = size // 7
                cx, cy = self.square_center(square)
                c.create_oval(cx - r, cy - r, cx + r, cy + r, fill=TARGET, width=0, tags=tags)
            elif piece.color == board.turn:  # castling: the king's own rook
                c.create_rectangle(x0 + 3, y0 + 3, x1 - 3, y1 - 3, outline=TARGET, width=4,
                                   tags=tags)
            else:  # a capture: a ring
                c.create_oval(x0 + 3, y0 + 3, x1 - 3, y1 - 3, outline=TARGET, width=5,
                              tags=tags)
        if self.promotion is not None:
            self._draw_promotion()
        ending = self.ending()
        self.banner = f"{ending[0]}\n{ending[1]}" if ending else None
        self._draw_band(ending)

        self.status.configure(text=self.status_text(),
                              foreground="#ff8a80" if self.error else "#eeeeee")
        rows = self.san_moves()
        self.move_list.delete(0, "end")
        for row in rows:
            self.move_list.insert("end", row)
        self.move_list.see("end")
        self.undo_button.configure(
            state="normal" if board.move_stack or self.claimed or self.promotion else "disabled")
        self.claim_button.configure(state="normal" if self.claimable() else "disabled")
        if not keep_entry:
            self.fen_entry.delete(0, "end")
            self.fen_entry.insert(0, board.fen(shredder=board.chess960))

    def _draw_piece(self, square: int, piece_type: int, color: bool, tags: Tuple[str, ...],
                    center: Optional[Tuple[int, int]] = None) -> None:
        x, y = center or self.square_center(square)
        y += self.size // 20  # the glyphs sit a little high
        if color == WHITE:
            self.canvas.create_text(x, y, text=SOLID[piece_type], fill="#ffffff",
                                    font=self.glyph_font, tags=tags)
            self.canvas.create_text(x, y, text=OUTLINE[piece_type], fill="#000000",
                                    font=self.glyph_font, tags=tags)
        else:
            self.canvas.create_text(x, y, text=SOLID[piece_type], fill="#000000",
                                    font=self.glyph_font, tags=tags)

    def _draw_promotion(self) -> None:
        assert self.promotion is not None
        c = self.canvas
        side = 8 * self.size
        c.create_rectangle(self.margin, self.top, self.margin + side, self.top + side,
                           fill="#000000", stipple="gray50", width=0, tags=("promotion",))
        color = self.board.turn
        for square, move in self.promotion.items():
            x0, y0, x1, y1 = self.square_bbox(square)
            c.create_oval(x0 + 2, y0 + 2, x1 - 2, y1 - 2, fill="#e8e6e1", outline="#777777",
                          width=2, tags=("promotion", f"promote{move.promotion}"))
            self._draw_piece(square, move.promotion, color, ("promotion",))

    def _draw_band(self, ending: Optional[Tuple[str, str]]) -> None:
        """The band above the board: the game-end banner, else whose move it is."""
        c, m, s = self.canvas, self.margin, self.size
        y0, y1 = m // 2, m + self.band - s // 8
        mid = (y0 + y1) // 2
        if ending is None:
            white = self.board.turn == WHITE
            text = ("White" if white else "Black") + " to move"
            if self.board.is_check():
                text += ", in check"
            r = s // 8
            c.create_oval(m, mid - r, m + 2 * r, mid + r, fill="#ffffff" if white else "#000000",
                          outline="#888888", tags=("turn",))
            c.create_text(m + 3 * r, mid, text=text, anchor="w", fill="#bbbbbb",
                          font=self.small_banner_font, tags=("turn", "turn-text"))
            return
        title, detail = ending
        c.create_rectangle(m, y0, m + 8 * s, y1, fill="#262421", outline="#e0c36c", width=3,
                           tags=("banner",))
        c.create_text(m + 4 * s, mid - s // 7, text=title, fill="#ffffff",
                      font=self.banner_font, tags=("banner", "banner-title"))
        c.create_text(m + 4 * s, mid + s // 5, text=detail, fill="#e0c36c",
                      font=self.small_banner_font, tags=("banner", "banner-detail"))

def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="A Tkinter chess board on zugzwang.")
    parser.add_argument("--fen", help="start from this FEN")
    parser.add_argument("--chess960", action="store_true",
                        help="Chess960 rules (with --fen: X-FEN/Shredder-FEN castling; "
                             "without: a random Chess960 start)")
    parser.add_argument("--size", type=int, default=64, help="square size in pixels")
    args = parser.parse_args(argv)
    if args.fen:
        try:
            zugzwang.Board(args.fen, chess960=args.chess960).close()
        except ValueError as exc:
            parser.error(str(exc))
    root = tk.Tk()
    gui = ChessGUI(root, fen=args.fen, chess960=args.chess960, square_size=args.size)
    if args.chess960 and not args.fen:
        gui.new_game(chess960=True)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

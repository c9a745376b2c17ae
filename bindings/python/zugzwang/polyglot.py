"""Polyglot opening-book keys (python-chess's ``chess.polyglot.zobrist_hash``)."""

from __future__ import annotations

from ._board import Board

__all__ = ["zobrist_hash"]


def zobrist_hash(board: Board) -> int:
    """The Polyglot Zobrist key of ``board``'s position as a 64-bit unsigned int
    (``zz_board_zobrist``): the Polyglot Random64 table, en passant counted when a pawn of the
    side to move could capture pseudo-legally. Equal to python-chess's
    ``chess.polyglot.zobrist_hash(board)``; ``0x463b96181691fc9c`` for the start position."""
    return board.zobrist_hash()

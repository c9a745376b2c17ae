"""zugzwang: a fast chess rules library (Rust, behind a C ABI) with python-chess's API.

A script written for python-chess mostly needs only its import changed::

    import zugzwang as chess

    board = chess.Board()
    board.push_san("e4")
    print(board.legal_moves.count(), board.fen(), board.outcome())

Main names: :class:`Board` (positions, moves, game rules, perft), :class:`Move`,
:class:`Piece`, :class:`SquareSet`, :class:`Outcome` / :class:`Termination`, the constants
``WHITE``/``BLACK`` (bools), ``PAWN``..``KING`` (1..6), ``A1``..``H8`` (0..63),
``STARTING_FEN``, and python-chess's exceptions (``InvalidMoveError``, ``IllegalMoveError``,
``AmbiguousMoveError``, all ValueError). ``zugzwang.polyglot.zobrist_hash(board)`` gives
Polyglot keys. See bindings/python/README.md for the differences from python-chess.

The shared library is loaded at import (bundled by ``pip install``; or ``$ZUGZWANG_LIBRARY``;
or ``target/release`` in a checkout); ImportError lists the paths tried when none is found, or
when the library's version does not match this binding.
"""

from __future__ import annotations

from . import _ffi
from ._board import Board, LegalMoveGenerator
from ._types import (
    AmbiguousMoveError, BB_ALL, BB_EMPTY, BB_SQUARES, BISHOP, BLACK, Bitboard, COLORS,
    COLOR_NAMES, Color, FILE_NAMES, IllegalMoveError, InvalidMoveError, KING, KNIGHT, Move,
    Outcome, PAWN, PIECE_NAMES, PIECE_SYMBOLS, PIECE_TYPES, Piece, PieceType, QUEEN,
    RANK_NAMES, ROOK, SQUARES, SQUARE_NAMES, STARTING_BOARD_FEN, STARTING_FEN, Square,
    SquareSet, Termination, UNICODE_PIECE_SYMBOLS, WHITE, ZugzwangError, parse_square,
    piece_name, piece_symbol, square, square_distance, square_file, square_mirror, square_name,
    square_rank,
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3,
    H3, A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6,
    G6, H6, A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
)
from ._version import __version__
from . import polyglot

#: Version of the loaded C library (``zz_version()``), e.g. ``"0.1.0"``.
LIBRARY_VERSION: str = _ffi.RUNTIME_VERSION
#: ``ZZ_VERSION_STRING`` of the C header this binding was written against.
HEADER_VERSION: str = _ffi.HEADER_VERSION

__all__ = [
    'Board', 'LegalMoveGenerator', 'LIBRARY_VERSION', 'HEADER_VERSION', '__version__',
    'polyglot', 'AmbiguousMoveError', 'BB_ALL', 'BB_EMPTY', 'BB_SQUARES', 'BISHOP', 'BLACK',
    'Bitboard', 'COLORS', 'COLOR_NAMES', 'Color', 'FILE_NAMES', 'IllegalMoveError',
    'InvalidMoveError', 'KING', 'KNIGHT', 'Move', 'Outcome', 'PAWN', 'PIECE_NAMES',
    'PIECE_SYMBOLS', 'PIECE_TYPES', 'Piece', 'PieceType', 'QUEEN', 'RANK_NAMES', 'ROOK',
    'SQUARES', 'SQUARE_NAMES', 'STARTING_BOARD_FEN', 'STARTING_FEN', 'Square', 'SquareSet',
    'Termination', 'UNICODE_PIECE_SYMBOLS', 'WHITE', 'ZugzwangError', 'parse_square',
    'piece_name', 'piece_symbol', 'square', 'square_distance', 'square_file', 'square_mirror',
    'square_name', 'square_rank', 'A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1', 'A2', 'B2',
    'C2', 'D2', 'E2', 'F2', 'G2', 'H2', 'A3', 'B3', 'C3', 'D3', 'E3', 'F3', 'G3', 'H3', 'A4',
    'B4', 'C4', 'D4', 'E4', 'F4', 'G4', 'H4', 'A5', 'B5', 'C5', 'D5', 'E5', 'F5', 'G5', 'H5',
    'A6', 'B6', 'C6', 'D6', 'E6', 'F6', 'G6', 'H6', 'A7', 'B7', 'C7', 'D7', 'E7', 'F7', 'G7',
    'H7', 'A8', 'B8', 'C8', 'D8', 'E8', 'F8', 'G8', 'H8',
]

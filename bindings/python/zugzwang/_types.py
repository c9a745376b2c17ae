"""Value types shared by the binding: colors, squares, pieces, moves, square sets, outcomes,
and the exceptions. Names and semantics follow python-chess so that ported scripts keep
working; the implementation is zugzwang's own."""

from __future__ import annotations

import enum
from ctypes import c_uint16
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, Union

Color = bool
"""A color: ``WHITE`` (``True``) or ``BLACK`` (``False``), as in python-chess."""
Square = int
"""A square index 0..63: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63."""
PieceType = int
"""A piece type 1..6: ``PAWN``, ``KNIGHT``, ``BISHOP``, ``ROOK``, ``QUEEN``, ``KING``."""
Bitboard = int
"""A set of squares as a 64-bit unsigned int: bit i set for square i."""

WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]
"""Indexed by color: ``COLOR_NAMES[WHITE] == "white"``."""

PAWN: PieceType = 1
KNIGHT: PieceType = 2
BISHOP: PieceType = 3
ROOK: PieceType = 4
QUEEN: PieceType = 5
KING: PieceType = 6
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
"""Lower-case symbol by piece type (index 0 is ``None``)."""
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
"""Name by piece type (index 0 is ``None``)."""
UNICODE_PIECE_SYMBOLS: Dict[str, str] = {
    "R": "\u2656", "r": "\u265c",
    "N": "\u2658", "n": "\u265e",
    "B": "\u2657", "b": "\u265d",
    "Q": "\u2655", "q": "\u265b",
    "K": "\u2654", "k": "\u265a",
    "P": "\u2659", "p": "\u265f",
}
"""Unicode chess symbol by ASCII piece symbol (upper case white)."""

FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
"""FEN of the standard starting position."""
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
"""Piece placement part of :data:`STARTING_FEN`."""

SQUARES: List[Square] = list(range(64))
"""All squares in index order a1, b1, …, h8."""
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]
"""Square names in index order: ``SQUARE_NAMES[0] == "a1"``."""

# A1 … H8 as module constants (also re-exported by the package).
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << sq for sq in SQUARES]
"""Single-square bitboards by square."""

_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}


def square(file_index: int, rank_index: int) -> Square:
    """The square at ``file_index`` (0 = a … 7 = h) and ``rank_index`` (0 = rank 1 … 7)."""
    return rank_index * 8 + file_index


def square_file(sq: Square) -> int:
    """The file index of a square: 0 for the a-file … 7 for the h-file."""
    return sq & 7


def square_rank(sq: Square) -> int:
    """The rank index of a square: 0 for the first rank … 7 for the eighth."""
    return sq >> 3


def square_name(sq: Square) -> str:
    """The name of a square, e.g. ``square_name(E4) == "e4"``. IndexError outside 0..63."""
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    """The square named ``name`` (``"e4"`` → ``E4``). Raises ValueError for anything else."""
    try:
        return _SQUARE_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"invalid square name: {name!r}") from None


def square_distance(a: Square, b: Square) -> int:
    """King-step (Chebyshev) distance between two squares."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_mirror(sq: Square) -> Square:
    """The square mirrored vertically (a1 ↔ a8)."""
    return sq ^ 0x38


def piece_symbol(piece_type: PieceType) -> str:
    """Lower-case symbol of a piece type, e.g. ``piece_symbol(KNIGHT) == "n"``."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """Name of a piece type, e.g. ``piece_name(KNIGHT) == "knight"``."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# Exceptions (python-chess's names; all ValueError subclasses)


class InvalidMoveError(ValueError):
    """A move string is not valid syntax (UCI or SAN)."""


class IllegalMoveError(ValueError):
    """A move is well formed but not legal in the position; the board is left unchanged."""


class AmbiguousMoveError(ValueError):
    """A SAN string matches more than one legal move (e.g. ``Nd2`` when two knights can go)."""


class ZugzwangError(RuntimeError):
    """An unexpected failure reported by the C library (e.g. a caught internal panic).

    ``status`` holds the ``zz_status`` code and ``detail`` the library's message.
    """

    def __init__(self, status: int, message: str, detail: str = "") -> None:
        super().__init__(f"{message} (status {status}){': ' + detail if detail else ''}")
        self.status = status
        self.detail = detail


# ---------------------------------------------------------------------------------------------
# Piece


class Piece:
    """A piece: ``piece_type`` (PAWN..KING = 1..6) and ``color`` (WHITE/BLACK bool).

    Immutable and hashable; equal pieces compare equal. ``Piece.from_symbol("N")`` builds one
    from its FEN letter (upper case white).
    """

    __slots__ = ("piece_type", "color")

    piece_type: PieceType
    color: Color

    def __init__(self, piece_type: PieceType, color: Color) -> None:
        if piece_type not in (1, 2, 3, 4, 5, 6):
            raise ValueError(f"invalid piece type: {piece_type!r}")
        object.__setattr__(self, "piece_type", piece_type)
        object.__setattr__(self, "color", bool(color))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Piece is immutable")

    def symbol(self) -> str:
        """FEN letter of the piece: upper case for white (``"N"``), lower case for black."""
        s = PIECE_SYMBOLS[self.piece_type]
        return s.upper() if self.color else s  # type: ignore[union-attr,return-value]

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """Unicode chess symbol (``"♘"`` for a white knight); ``invert_color`` swaps colors."""
        s = self.symbol()
        return UNICODE_PIECE_SYMBOLS[s.swapcase() if invert_color else s]

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece for a FEN letter (``"N"`` white knight, ``"n"`` black knight).

        Raises ValueError for any other string."""
        try:
            return cls(PIECE_SYMBOLS.index(symbol.lower()), symbol.isupper())
        except (ValueError, AttributeError):
            raise ValueError(f"invalid piece symbol: {symbol!r}") from None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piece):
            return self.piece_type == other.piece_type and self.color == other.color
        return NotImplemented

    def __hash__(self) -> int:
        return self.piece_type + (8 if self.color else 0)

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    def __reduce__(self) -> Tuple[type, Tuple[int, bool]]:
        return (Piece, (self.piece_type, self.color))


# Interned pieces: (piece_type, color index 0 white / 1 black) as the C ABI reports them.
PIECE_BY_ABI: Dict[Tuple[int, int], Piece] = {
    (pt, c): Piece(pt, c == 0) for pt in PIECE_TYPES for c in (0, 1)
}

# ---------------------------------------------------------------------------------------------
# Move

_KIND_PROMOTION = 1 << 14
_KIND_EN_PASSANT = 2 << 14
_KIND_CASTLING = 3 << 14

_set = object.__setattr__


class Move:
    """A move: ``from_square``, ``to_square`` (0..63), ``promotion`` (piece type or None) and
    ``drop`` (always None for standard chess; kept for python-chess compatibility).

    Moves are small immutable values: equal when the four fields are equal, hashable, and
    ``bool(Move.null())`` is False. Castling follows python-chess: in standard chess the king
    moves two squares (``e1g1``, ``Move(E1, G1)``); on a Chess960 board it "takes" its own rook
    (``e1h1``). Boards also accept the other form where python-chess does (``e1h1`` in
    standard chess; ``e1g1`` in Chess960 for ``push``/``parse_uci``). Moves produced by a
    board (``legal_moves``, ``parse_san`` …) are shared, cached objects.
    """

    __slots__ = ("from_square", "to_square", "promotion", "drop", "_code", "_cc", "_key")

    from_square: Square
    to_square: Square
    promotion: Optional[PieceType]
    drop: Optional[PieceType]
    _code: int  # zz_move this Move is tried as first (exact for Moves made by a board)
    _cc: c_uint16  # _code as a prebuilt ctypes argument
    _key: int  # from/to/promotion/drop packed: equality and hash

    def __init__(self, from_square: Square, to_square: Square,
                 promotion: Optional[PieceType] = None, drop: Optional[PieceType] = None) -> None:
        if not (0 <= from_square < 64 and 0 <= to_square < 64):
            raise ValueError(f"invalid squares: {from_square!r}, {to_square!r}")
        if promotion is not None and promotion not in (1, 2, 3, 4, 5, 6):
            raise ValueError(f"invalid promotion piece type: {promotion!r}")
        if drop is not None and drop not in (1, 2, 3, 4, 5, 6):
            raise ValueError(f"invalid drop piece type: {drop!r}")
        _set(self, "from_square", from_square)
        _set(self, "to_square", to_square)
        _set(self, "promotion", promotion)
        _set(self, "drop", drop)
        code = from_square | (to_square << 6)
        if drop is not None:
            code = 0  # never legal in standard chess
        elif promotion is not None:
            code = code | _KIND_PROMOTION | ((promotion - 2) << 12) if 2 <= promotion <= 5 else 0
        _set(self, "_code", code)
        _set(self, "_cc", c_uint16(code))  # prebuilt C argument (zz_move)
        _set(self, "_key", from_square | (to_square << 6) | ((promotion or 0) << 12)
             | ((drop or 0) << 15))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def uci(self) -> str:
        """UCI text: ``e2e4``, ``e7e8q``, ``0000`` for the null move, ``N@e4`` for a drop."""
        if self.drop is not None:
            return PIECE_SYMBOLS[self.drop].upper() + "@" + SQUARE_NAMES[self.to_square]  # type: ignore[union-attr]
        if not self._key:
            return "0000"
        text = SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square]
        if self.promotion is not None:
            text += PIECE_SYMBOLS[self.promotion]  # type: ignore[operator]
        return text

    @classmethod
    def from_uci(cls, uci: str) -> "Move":
        """Parses UCI text (``e2e4``, ``e7e8q``, ``0000``, ``N@e4``).

        Raises InvalidMoveError if the text is not UCI syntax (legality is not checked; see
        ``Board.parse_uci``)."""
        if uci == "0000":
            return cls(0, 0)
        try:
            if len(uci) == 4 and uci[1] == "@":
                drop = PIECE_SYMBOLS.index(uci[0].lower())
                return cls(_SQUARE_INDEX[uci[2:]], _SQUARE_INDEX[uci[2:]], drop=drop)
            if len(uci) in (4, 5):
                from_square = _SQUARE_INDEX[uci[0:2]]
                to_square = _SQUARE_INDEX[uci[2:4]]
                promotion = PIECE_SYMBOLS.index(uci[4]) if len(uci) == 5 else None
                if from_square != to_square:
                    return cls(from_square, to_square, promotion)
        except (KeyError, ValueError, TypeError, IndexError):
            pass
        raise InvalidMoveError(f"invalid uci: {uci!r}")

    @classmethod
    def null(cls) -> "Move":
        """The null move ``0000`` (falsy). zugzwang boards cannot play it."""
        return cls(0, 0)

    def __bool__(self) -> bool:
        return self._key != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._key == other._key
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._key != other._key
        return NotImplemented

    def __hash__(self) -> int:
        return self._key

    def __str__(self) -> str:
        return self.uci()

    def __repr__(self) -> str:
        return f"Move.from_uci({self.uci()!r})"

    def __reduce__(self) -> Tuple[type, Tuple[int, int, Optional[int], Optional[int]]]:
        return (Move, (self.from_square, self.to_square, self.promotion, self.drop))


def _decode(code: int, chess960: bool) -> Move:
    """The python-chess-style Move for a legal zz_move ``code`` on a board of the given mode."""
    from_square = code & 63
    to_square = (code >> 6) & 63
    kind = code >> 14
    promotion = None
    if kind == 1:
        promotion = ((code >> 12) & 3) + 2
    elif kind == 3 and not chess960:
        to_square = (from_square & 56) | (6 if to_square > from_square else 2)
    move = Move(from_square, to_square, promotion)
    _set(move, "_code", code)
    _set(move, "_cc", c_uint16(code))
    return move


class _MoveCache(Dict[int, Move]):
    """Interned Moves by zz_move code, for one board mode (standard or Chess960)."""

    __slots__ = ("chess960",)

    def __init__(self, chess960: bool) -> None:
        super().__init__()
        self.chess960 = chess960

    def __missing__(self, code: int) -> Move:
        move = self[code] = _decode(code, self.chess960)
        return move


MOVES_STANDARD = _MoveCache(False)
MOVES_CHESS960 = _MoveCache(True)


def candidate_codes(move: Move, chess960: bool, lenient: bool) -> List[int]:
    """Every zz_move code that ``move`` may name (at most one of them is ever legal).

    Covers the plain/promotion encoding, castling given as king-takes-rook, en passant, and the
    king-two-squares castling form (``e1g1``): in standard chess always, in Chess960 only when
    ``lenient`` (python-chess's push/parse_uci accept it there, is_legal does not)."""
    if move.drop is not None or not move._key:
        return []
    f, t = move.from_square, move.to_square
    if move.promotion is not None:
        return [move._code] if move._code else []
    base = f | (t << 6)
    codes = [base, base | _KIND_CASTLING, base | _KIND_EN_PASSANT]
    if (f == 4 or f == 60) and (not chess960 or lenient):
        if t == f + 2:
            codes.append(f | ((f + 3) << 6) | _KIND_CASTLING)
        elif t == f - 2:
            codes.append(f | ((f - 4) << 6) | _KIND_CASTLING)
    return codes


# ---------------------------------------------------------------------------------------------
# SquareSet


def _mask_of(value: Union["SquareSet", int, Iterable[int]]) -> int:
    if isinstance(value, SquareSet):
        return value.mask
    if isinstance(value, int):
        return value & BB_ALL
    mask = 0
    for sq in value:
        mask |= BB_SQUARES[sq]
    return mask


class SquareSet:
    """A minimal, immutable version of python-chess's SquareSet: a set of squares backed by a
    64-bit mask (``mask``; bit i = square i).

    Iterates squares in ascending order; supports ``len``, ``in``, ``bool``, ``int()``,
    ``==`` (with another SquareSet or an int mask), and ``& | ^ -`` / ``~`` returning new sets.
    Unlike python-chess's it is immutable (no ``add``/``discard``) and hashable.
    """

    __slots__ = ("mask",)

    mask: Bitboard

    def __init__(self, squares: Union["SquareSet", int, Iterable[int]] = 0) -> None:
        _set(self, "mask", _mask_of(squares))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SquareSet is immutable")

    def __iter__(self) -> Iterator[Square]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __reversed__(self) -> Iterator[Square]:
        mask = self.mask
        while mask:
            sq = mask.bit_length() - 1
            yield sq
            mask ^= 1 << sq

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, sq: object) -> bool:
        return isinstance(sq, int) and 0 <= sq < 64 and bool(self.mask >> sq & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SquareSet):
            return self.mask == other.mask
        if isinstance(other, int):
            return self.mask == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __and__(self, other: Union["SquareSet", int, Iterable[int]]) -> "SquareSet":
        return SquareSet(self.mask & _mask_of(other))

    def __or__(self, other: Union["SquareSet", int, Iterable[int]]) -> "SquareSet":
        return SquareSet(self.mask | _mask_of(other))

    def __xor__(self, other: Union["SquareSet", int, Iterable[int]]) -> "SquareSet":
        return SquareSet(self.mask ^ _mask_of(other))

    def __sub__(self, other: Union["SquareSet", int, Iterable[int]]) -> "SquareSet":
        return SquareSet(self.mask & ~_mask_of(other))

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __invert__(self) -> "SquareSet":
        return SquareSet(~self.mask & BB_ALL)

    def __repr__(self) -> str:
        digits = f"{self.mask:016x}"
        return "SquareSet(0x" + "_".join(digits[i:i + 4] for i in range(0, 16, 4)) + ")"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + f) & 1 else "." for f in range(8)))
        return "\n".join(rows)


# ---------------------------------------------------------------------------------------------
# Outcome


class Termination(enum.Enum):
    """How a game ended (python-chess's member names; values are the C ABI's
    ``ZZ_TERMINATION_*``). The VARIANT_* members exist for compatibility and never occur."""

    CHECKMATE = 1
    """See ``Board.is_checkmate``."""
    STALEMATE = 2
    """See ``Board.is_stalemate``."""
    INSUFFICIENT_MATERIAL = 3
    """See ``Board.is_insufficient_material``."""
    SEVENTYFIVE_MOVES = 4
    """See ``Board.is_seventyfive_moves``."""
    FIVEFOLD_REPETITION = 5
    """See ``Board.is_fivefold_repetition``."""
    FIFTY_MOVES = 6
    """See ``Board.can_claim_fifty_moves`` (only with ``claim_draw=True``)."""
    THREEFOLD_REPETITION = 7
    """See ``Board.can_claim_threefold_repetition`` (only with ``claim_draw=True``)."""
    VARIANT_WIN = 8
    """Never produced (no chess variants)."""
    VARIANT_LOSS = 9
    """Never produced (no chess variants)."""
    VARIANT_DRAW = 10
    """Never produced (no chess variants)."""


class Outcome:
    """The end of a game: ``termination`` (a :class:`Termination`) and ``winner``
    (``WHITE``, ``BLACK``, or ``None`` for a draw). Immutable; compares by value."""

    __slots__ = ("termination", "winner")

    termination: Termination
    winner: Optional[Color]

    def __init__(self, termination: Termination, winner: Optional[Color]) -> None:
        _set(self, "termination", termination)
        _set(self, "winner", winner)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Outcome is immutable")

    def result(self) -> str:
        """PGN result: ``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Outcome):
            return self.termination == other.termination and self.winner == other.winner
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.termination, self.winner))

    def __repr__(self) -> str:
        return f"Outcome(termination={self.termination!r}, winner={self.winner!r})"

    def __reduce__(self) -> Tuple[type, Tuple[Termination, Optional[Color]]]:
        return (Outcome, (self.termination, self.winner))


# Interned outcomes by the C ABI's (termination, winner) pair.
OUTCOME_BY_ABI: Dict[Tuple[int, int], Outcome] = {}
for _t in Termination:
    for _w, _winner in ((-1, None), (0, WHITE), (1, BLACK)):
        OUTCOME_BY_ABI[(_t.value, _w)] = Outcome(_t, _winner)
del _t, _w, _winner

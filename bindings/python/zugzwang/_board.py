"""``Board`` and its legal move view, over the C ABI in :mod:`zugzwang._ffi`."""

from __future__ import annotations

import ctypes
import threading
from ctypes import c_bool, c_char, c_int32, c_size_t, c_uint16, c_uint32, c_uint64
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, Type, TypeVar, Union

from . import _ffi
from ._ffi import lib as _lib
from ._types import (
    BB_ALL,
    BLACK,
    KING,
    MOVES_CHESS960,
    MOVES_STANDARD,
    OUTCOME_BY_ABI,
    PIECE_BY_ABI,
    STARTING_FEN,
    UNICODE_PIECE_SYMBOLS,
    WHITE,
    AmbiguousMoveError,
    Bitboard,
    Color,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    Piece,
    PieceType,
    Square,
    SquareSet,
    ZugzwangError,
    candidate_codes,
)

BoardT = TypeVar("BoardT", bound="Board")

# Function pointers, looked up once. Short calls go through the GIL-holding handle (releasing
# and re-taking the GIL would cost more than the call); perft through the releasing one.
_from_fen = _lib.zz_board_from_fen
_clone = _lib.zz_board_clone
_free = _lib.zz_board_free
_set_fen = _lib.zz_board_set_fen
_fen = _lib.zz_board_fen
_turn = _lib.zz_board_turn
_piece_at = _lib.zz_board_piece_at
_legal_moves = _lib.zz_board_legal_moves
_push = _lib.zz_board_push
_pop = _lib.zz_board_pop
_is_check = _lib.zz_board_is_check
_san = _lib.zz_board_san
_san_all = _lib.zz_board_san_all
_lan = _lib.zz_board_lan
_parse_san = _lib.zz_board_parse_san
_push_san = _lib.zz_board_push_san
_is_checkmate = _lib.zz_board_is_checkmate
_is_stalemate = _lib.zz_board_is_stalemate
_has_insufficient_material = _lib.zz_board_has_insufficient_material
_is_insufficient_material = _lib.zz_board_is_insufficient_material
_is_repetition = _lib.zz_board_is_repetition
_can_claim_threefold = _lib.zz_board_can_claim_threefold_repetition
_is_fivefold = _lib.zz_board_is_fivefold_repetition
_can_claim_fifty = _lib.zz_board_can_claim_fifty_moves
_is_seventyfive = _lib.zz_board_is_seventyfive_moves
_is_game_over = _lib.zz_board_is_game_over
_outcome = _lib.zz_board_outcome
_result = _lib.zz_board_result
_zobrist = _lib.zz_board_zobrist
_pieces = _lib.zz_board_pieces
_attackers = _lib.zz_board_attackers
_is_attacked_by = _lib.zz_board_is_attacked_by
_checkers = _lib.zz_board_checkers
_pinned = _lib.zz_board_pinned
_gives_check = _lib.zz_board_gives_check
_is_capture = _lib.zz_board_is_capture
_is_en_passant = _lib.zz_board_is_en_passant
_is_castling = _lib.zz_board_is_castling
_is_zeroing = _lib.zz_board_is_zeroing
_ply = _lib.zz_board_ply
_halfmove_clock = _lib.zz_board_halfmove_clock
_fullmove_number = _lib.zz_board_fullmove_number
_castling_rights = _lib.zz_board_castling_rights
_ep_square = _lib.zz_board_ep_square
_legal_ep_square = _lib.zz_board_legal_ep_square
_hot_push = _ffi.hot_push  # argtypes-free twins for the push/pop hot path (see _ffi)
_hot_pop = _ffi.hot_pop
_perft = _ffi.lib_nogil.zz_perft
_perft_divide = _ffi.lib_nogil.zz_perft_divide
_perft_ex = _ffi.lib_nogil.zz_perft_ex

_MAX_MOVES = _ffi.ZZ_MAX_MOVES
_TEXT_CAP = _ffi.ZZ_SAN_ALL_MAX  # one text buffer serves FEN, SAN, LAN and SAN-of-all
_EP_FLAGS = {"legal": 0, "fen": _ffi.ZZ_FEN_EP_ALWAYS, "xfen": _ffi.ZZ_FEN_EP_PSEUDO_LEGAL}
_RESULTS = {b"1-0": "1-0", b"0-1": "0-1", b"1/2-1/2": "1/2-1/2", b"*": "*"}
_BB_RANK_1 = 0xFF
_BB_RANK_8 = 0xFF << 56


class _Scratch:
    """Output buffers, reused by every call so a call builds no ctypes objects.

    One set per thread (``_local.s``), not per board: between a C call writing a buffer and
    Python reading it another thread may run (the GIL can switch there; perft releases it), so
    buffers shared between threads would let one thread read another's result, even when both
    only read one shared board, which the C ABI allows (tests/test_threads.py)."""

    __slots__ = ("moves", "n", "move", "text", "u64", "flag", "i1", "i2", "outcome", "entries")

    def __init__(self) -> None:
        self.moves = (c_uint16 * _MAX_MOVES)()
        self.n = c_size_t()
        self.move = c_uint16()
        self.text = (c_char * _TEXT_CAP)()
        self.u64 = c_uint64()
        self.flag = c_bool()
        self.i1 = c_int32()
        self.i2 = c_int32()
        self.outcome = _ffi.zz_outcome()
        self.entries: Optional[object] = None


class _Local(threading.local):
    """Per-thread state: ``_local.s`` is the calling thread's :class:`_Scratch` (made on the
    thread's first use)."""

    def __init__(self) -> None:
        self.s = _Scratch()


_local = _Local()


# Prebuilt ctypes arguments: passing a ctypes instance skips a conversion per call.
_C_MAX_MOVES = c_size_t(_MAX_MOVES)
_C_TEXT_CAP = c_size_t(_TEXT_CAP)
_C_SQUARE = tuple(c_int32(sq) for sq in range(64))
_C_COLOR = (c_int32(1), c_int32(0))  # indexed by python-chess color: BLACK (False), WHITE
_C_ANY = c_int32(-1)
_C_PIECE_TYPE = tuple(c_int32(pt) for pt in range(7))
_C_BOOL = (c_bool(False), c_bool(True))
_C_FEN_FLAGS = {flags: c_uint32(flags) for flags in range(32)}


def _closed() -> object:
    raise ValueError("operation on a closed Board")


def _error(status: int) -> ZugzwangError:
    return ZugzwangError(status, _ffi.status_str(status), _ffi.last_error_message())


def _encode(text: str, what: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be str, not {type(text).__name__}")
    if "\0" in text:
        raise ValueError(f"{what} contains a NUL character: {text!r}")
    return text.encode("utf-8")


def _color_arg(color: Color) -> c_int32:
    return _C_COLOR[1 if color else 0]


def _check_square(square: Square) -> int:
    if square.__class__ is not int or not 0 <= square < 64:
        if isinstance(square, int) and 0 <= square < 64:
            return int(square)
        raise ValueError(f"invalid square: {square!r}")
    return square


def _square_arg(square: Square) -> c_int32:
    return _C_SQUARE[_check_square(square)]


def _piece_type_arg(piece_type: PieceType) -> c_int32:
    if piece_type not in (1, 2, 3, 4, 5, 6):
        raise ValueError(f"invalid piece type: {piece_type!r}")
    return _C_PIECE_TYPE[piece_type]


class LegalMoveGenerator:
    """A lazy view of the legal moves of a board (``board.legal_moves``), like python-chess's.

    Nothing is computed until used; the moves of a position are then fetched in one C call
    and cached until the board changes. Supports ``len()``, iteration (a snapshot: pushing
    moves while iterating is fine), ``in`` (= ``board.is_legal``), ``bool()`` and ``count()``.
    """

    __slots__ = ("board",)

    def __init__(self, board: "Board") -> None:
        self.board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self.board._move_list())

    def __len__(self) -> int:
        return len(self.board._codes())

    def __bool__(self) -> bool:
        return bool(self.board._codes())

    def count(self) -> int:
        """Number of legal moves (python-chess's ``legal_moves.count()``)."""
        return len(self.board._codes())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self.board.is_legal(move)

    def __repr__(self) -> str:
        board = self.board
        sans = ", ".join(board.san_all()) if not board.closed else "closed"
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


class Board:
    """A chess game: a position plus the moves played since it was set up (python-chess's
    ``Board`` API over the zugzwang C library).

    ``Board()`` is the standard starting position; ``Board(fen)`` sets up any legal position
    from a FEN (four fields accepted; clocks then ``0 1``); ``chess960=True`` reads X-FEN or
    Shredder-FEN castling and keeps Chess960 castling rules and notation. An invalid FEN raises
    ValueError with the library's message (which field, and why). Positions are always legal:
    ``Board(None)`` (an empty board) is not supported.

    Differences from python-chess: every mutator validates (``push`` of an illegal move raises
    IllegalMoveError and leaves the board unchanged); null moves and variants are not
    supported; ``turn``, ``castling_rights``, ``ep_square`` and the clocks are read-only
    (use ``set_fen``); bitboard-valued queries return a minimal immutable :class:`SquareSet`.

    A board owns a C handle: ``close()`` frees it early (also as a context manager); any use
    after that raises ValueError. It is freed automatically when garbage collected. Threads:
    different boards may be used from different threads at once, and several threads may
    query one board at once (reading methods only); a method that changes the board (push,
    pop, push_san, push_uci, set_fen, reset, clear_stack, close) needs exclusive use. Boards
    pickle (root FEN + move stack), copy, and compare equal when their positions (including
    the clocks) are equal.
    """

    __slots__ = ("_h", "_hb", "_chess960", "_stack", "_legal", "_lmoves", "_cache",
                 "__weakref__")

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False) -> None:
        self._h: Optional[_ffi.zz_board] = None
        if fen is None:
            raise ValueError("zugzwang boards always hold a legal position: "
                             "an empty board (fen=None) is not supported")
        chess960 = bool(chess960)
        ptr = _ffi.zz_board_p()
        rc = _from_fen(_encode(fen, "FEN"), _ffi.ZZ_FEN_CHESS960 if chess960 else 0, ptr)
        if rc:
            raise ValueError(_ffi.last_error_message() or _ffi.status_str(rc))
        self._adopt(ptr, chess960, [])

    def _adopt(self, ptr: "ctypes._Pointer[_ffi.zz_board]", chess960: bool,
               stack: List[Move]) -> None:
        self._h = ptr.contents
        self._hb: Optional[object] = ctypes.byref(self._h)  # argument for the hot path
        self._chess960 = chess960
        self._cache = MOVES_CHESS960 if chess960 else MOVES_STANDARD
        self._stack = stack
        self._legal: Optional[List[int]] = None
        self._lmoves: Optional[Tuple[List[int], List[Move]]] = None

    @classmethod
    def _from_handle(cls: Type[BoardT], ptr: "ctypes._Pointer[_ffi.zz_board]", chess960: bool,
                     stack: List[Move]) -> BoardT:
        board = cls.__new__(cls)
        board._h = None
        board._adopt(ptr, chess960, stack)
        return board

    # -- lifetime --------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the C board now (idempotent). Any later use raises ValueError."""
        h = self._h
        if h is not None:
            self._h = self._hb = None
            self._legal = None
            _free(h)

    @property
    def closed(self) -> bool:
        """Whether ``close()`` has been called."""
        return self._h is None

    def __enter__(self: BoardT) -> BoardT:
        self._h or _closed()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self, _free=_free) -> None:  # type: ignore[no-untyped-def]
        h = getattr(self, "_h", None)
        if h is not None:
            self._h = None
            _free(h)

    # -- internals ---------------------------------------------------------------------------

    def _invalidate(self) -> None:
        self._legal = None

    def _codes(self) -> List[int]:
        """zz_move codes of the legal moves (one C call per position, then cached)."""
        codes = self._legal
        if codes is None:
            h = self._h or _closed()
            s = _local.s
            rc = _legal_moves(h, s.moves, _C_MAX_MOVES, s.n)
            if rc:
                raise _error(rc)
            codes = self._legal = s.moves[:s.n.value]
        return codes

    def _move_list(self) -> List[Move]:
        # Cached per position: valid while ``_legal`` is the codes list it was built from
        # (so push/pop only need to drop ``_legal``).
        codes = self._codes()
        cached = self._lmoves
        if cached is not None and cached[0] is codes:
            return cached[1]
        moves = list(map(self._cache.__getitem__, codes))
        self._lmoves = (codes, moves)
        return moves

    def _resolve(self, move: Move, lenient: bool) -> Optional[int]:
        """The legal zz_move code ``move`` names here, or None (python-chess semantics:
        ``lenient`` as push/parse_uci, else as is_legal)."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a zugzwang.Move, not {type(move).__name__}")
        codes = self._codes()
        code = move._code
        if code in codes and (code < 0xC000 or lenient or not self._chess960
                              or (code >> 6) & 63 == move.to_square):
            return code
        for code in candidate_codes(move, self._chess960, lenient):
            if code in codes:
                return code
        return None

    def _code_of(self, move: Move) -> int:
        """The legal code for ``move``, raising IllegalMoveError if it is not legal."""
        code = self._resolve(move, True)
        if code is None:
            raise IllegalMoveError(f"illegal move: {move.uci()!r} in {self.fen()!r}")
        return code

    def _code_or_plain(self, move: Move) -> int:
        code = self._resolve(move, True)
        return move._code if code is None else code

    def _fen_text(self, flags: int) -> str:
        s = _local.s
        rc = _fen(self._h or _closed(), _C_FEN_FLAGS[flags], s.text, _C_TEXT_CAP, None)
        if rc:
            raise _error(rc)
        return s.text.value.decode("ascii")

    # -- position ------------------------------------------------------------------------------

    @property
    def chess960(self) -> bool:
        """Whether the board uses Chess960 castling rules and notation (read-only)."""
        return self._chess960

    @property
    def turn(self) -> Color:
        """The side to move: ``WHITE`` (True) or ``BLACK`` (False). Read-only."""
        return not _turn(self._h or _closed())

    @property
    def castling_rights(self) -> Bitboard:
        """Bitboard of the rooks that may still castle (``0x8100000000000081`` at the start)."""
        return _castling_rights(self._h or _closed())

    @property
    def ep_square(self) -> Optional[Square]:
        """The en passant square after a double push, whether or not a capture is possible
        (python-chess's ``ep_square``), else None."""
        sq = _ep_square(self._h or _closed())
        return None if sq < 0 else sq

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move (FIDE 9.3)."""
        return _halfmove_clock(self._h or _closed())

    @property
    def fullmove_number(self) -> int:
        """Move number: 1 at the start, incremented after each black move."""
        return _fullmove_number(self._h or _closed())

    def ply(self) -> int:
        """Plies from the start as the position tells it: 2 * (fullmove_number - 1) + (1 if
        black is to move)."""
        return _ply(self._h or _closed())

    def has_legal_en_passant(self) -> bool:
        """Whether an en passant capture is legal now."""
        return _legal_ep_square(self._h or _closed()) >= 0

    def has_castling_rights(self, color: Color) -> bool:
        """Whether ``color`` still has any castling right."""
        return bool(self.castling_rights & (_BB_RANK_1 if color else _BB_RANK_8))

    def _side_rights(self, color: Color, kingside: bool) -> bool:
        rights = self.castling_rights & (_BB_RANK_1 if color else _BB_RANK_8)
        king = self.king(color)
        if not rights or king is None:
            return False
        return any((sq > king) == kingside for sq in SquareSet(rights))

    def has_kingside_castling_rights(self, color: Color) -> bool:
        """Whether ``color`` may still castle with a rook on the king's h-side."""
        return self._side_rights(color, True)

    def has_queenside_castling_rights(self, color: Color) -> bool:
        """Whether ``color`` may still castle with a rook on the king's a-side."""
        return self._side_rights(color, False)

    def piece_at(self, square: Square) -> Optional[Piece]:
        """The piece on ``square`` (0..63), or None if it is empty."""
        s = _local.s
        rc = _piece_at(self._h or _closed(), _square_arg(square), s.i1, s.i2)
        if rc:
            if rc == _ffi.ZZ_STATUS_INVALID_ARGUMENT:
                raise ValueError(f"invalid square: {square!r}")
            raise _error(rc)
        piece_type = s.i2.value
        return PIECE_BY_ABI[(piece_type, s.i1.value)] if piece_type else None

    def piece_type_at(self, square: Square) -> Optional[PieceType]:
        """The type (PAWN..KING) of the piece on ``square``, or None."""
        piece = self.piece_at(square)
        return piece.piece_type if piece else None

    def color_at(self, square: Square) -> Optional[Color]:
        """The color of the piece on ``square``, or None."""
        piece = self.piece_at(square)
        return piece.color if piece else None

    def piece_map(self, *, mask: Bitboard = BB_ALL) -> Dict[Square, Piece]:
        """``{square: Piece}`` for every occupied square in ``mask`` (one C call)."""
        result: Dict[Square, Piece] = {}
        rank = 7
        for row in self.board_fen().split("/"):
            sq = rank * 8
            for ch in row:
                if ch.isdigit():
                    sq += int(ch)
                else:
                    if mask >> sq & 1:
                        result[sq] = Piece.from_symbol(ch)
                    sq += 1
            rank -= 1
        return dict(sorted(result.items(), reverse=True))

    def pieces_mask(self, piece_type: PieceType, color: Color) -> Bitboard:
        """Bitboard of the pieces of ``piece_type`` and ``color``."""
        s = _local.s
        rc = _pieces(self._h or _closed(), _color_arg(color), _piece_type_arg(piece_type), s.u64)
        if rc:
            raise _error(rc)
        return s.u64.value

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        """Squares of the pieces of ``piece_type`` and ``color`` (a SquareSet)."""
        return SquareSet(self.pieces_mask(piece_type, color))

    @property
    def occupied(self) -> Bitboard:
        """Bitboard of all occupied squares."""
        s = _local.s
        rc = _pieces(self._h or _closed(), _C_ANY, _C_PIECE_TYPE[0], s.u64)
        if rc:
            raise _error(rc)
        return s.u64.value

    def occupied_co_mask(self, color: Color) -> Bitboard:
        """Bitboard of the squares occupied by ``color``."""
        s = _local.s
        rc = _pieces(self._h or _closed(), _color_arg(color), _C_PIECE_TYPE[0], s.u64)
        if rc:
            raise _error(rc)
        return s.u64.value

    def king(self, color: Color) -> Optional[Square]:
        """The square of ``color``'s king (always present on a zugzwang board)."""
        mask = self.pieces_mask(KING, color)
        return mask.bit_length() - 1 if mask else None

    def attackers_mask(self, color: Color, square: Square) -> Bitboard:
        """Bitboard of the pieces of ``color`` attacking ``square`` (pinned ones included)."""
        s = _local.s
        rc = _attackers(self._h or _closed(), _color_arg(color), _square_arg(square), s.u64)
        if rc:
            raise _error(rc)
        return s.u64.value

    def attackers(self, color: Color, square: Square) -> SquareSet:
        """Squares of the pieces of ``color`` attacking ``square`` (pinned ones included)."""
        return SquareSet(self.attackers_mask(color, square))

    def is_attacked_by(self, color: Color, square: Square) -> bool:
        """Whether any piece of ``color`` attacks ``square``."""
        s = _local.s
        rc = _is_attacked_by(self._h or _closed(), _color_arg(color), _check_square(square),
                             s.flag)
        if rc:
            raise _error(rc)
        return s.flag.value

    def checkers_mask(self) -> Bitboard:
        """Bitboard of the pieces giving check to the side to move."""
        return _checkers(self._h or _closed())

    def checkers(self) -> SquareSet:
        """Squares of the pieces giving check to the side to move."""
        return SquareSet(_checkers(self._h or _closed()))

    def pinned_mask(self, color: Color) -> Bitboard:
        """Bitboard of ``color``'s pieces pinned to their own king (absolute pins)."""
        s = _local.s
        rc = _pinned(self._h or _closed(), _color_arg(color), s.u64)
        if rc:
            raise _error(rc)
        return s.u64.value

    def is_pinned(self, color: Color, square: Square) -> bool:
        """Whether a piece of ``color`` on ``square`` is pinned to its king. False for an empty
        square or an enemy piece (python-chess also answers True for an empty square on a pin
        ray)."""
        return bool(self.pinned_mask(color) >> _check_square(square) & 1)

    # -- FEN -------------------------------------------------------------------------------------

    def fen(self, *, shredder: bool = False, en_passant: str = "legal",
            promoted: Optional[bool] = None) -> str:
        """The FEN of the position.

        ``en_passant``: ``"legal"`` (the square only when an en passant capture is legal; the
        default), ``"fen"`` (after every double push) or ``"xfen"`` (when a pawn of the side to
        move attacks it). ``shredder``: castling rights as rook files (``HAha``). ``promoted``
        is accepted and ignored (no crazyhouse). ValueError for another ``en_passant``."""
        try:
            flags = _EP_FLAGS[en_passant]
        except (KeyError, TypeError):
            raise ValueError(f"invalid en_passant: {en_passant!r}") from None
        if shredder:
            if not self._chess960:
                return self._standard_shredder_fen(flags)
            flags |= _ffi.ZZ_FEN_SHREDDER
        return self._fen_text(flags)

    def _standard_shredder_fen(self, flags: int) -> str:
        # ZZ_FEN_SHREDDER applies to Chess960 boards only; python-chess also writes rook
        # files (HAha) for standard boards, so the castling field is rewritten here.
        fields = self._fen_text(flags).split(" ")
        rights = self.castling_rights
        white = [chr(97 + sq % 8).upper() for sq in reversed(SquareSet(rights & _BB_RANK_1))]
        black = [chr(97 + sq % 8) for sq in reversed(SquareSet(rights & _BB_RANK_8))]
        fields[2] = "".join(white + black) or "-"
        return " ".join(fields)

    def _exact_fen(self) -> str:
        flags = _ffi.ZZ_FEN_EP_ALWAYS | (_ffi.ZZ_FEN_SHREDDER if self._chess960 else 0)
        return self._fen_text(flags)

    def set_fen(self, fen: str) -> None:
        """Sets the position from a FEN and clears the move stack (keeps the chess960 mode).
        Raises ValueError (the library's message) and leaves the board unchanged if refused."""
        h = self._h or _closed()
        rc = _set_fen(h, _encode(fen, "FEN"), _ffi.ZZ_FEN_CHESS960 if self._chess960 else 0)
        if rc:
            raise ValueError(_ffi.last_error_message() or _ffi.status_str(rc))
        self._stack = []
        self._invalidate()

    def board_fen(self, *, promoted: Optional[bool] = False) -> str:
        """The piece placement field of the FEN, e.g. ``STARTING_BOARD_FEN``."""
        return self.fen().split(" ", 1)[0]

    def epd(self, *, shredder: bool = False, en_passant: str = "legal",
            promoted: Optional[bool] = None,
            **operations: Union[None, str, int, float, Move, Iterable[Move]]) -> str:
        """The EPD: the first four FEN fields, then ``opcode operand;`` per operation.

        Operands: None (opcode alone), str (quoted), int/float, a Move (as SAN) or an iterable
        of Moves (a SAN variation played from this position)."""
        parts = self.fen(shredder=shredder, en_passant=en_passant).split(" ")[:4]
        text = " ".join(parts)
        ops = []
        for opcode, operand in operations.items():
            if operand is None:
                ops.append(f"{opcode};")
            elif isinstance(operand, Move):
                ops.append(f"{opcode} {self.san(operand)};")
            elif isinstance(operand, bool):
                raise ValueError(f"invalid operand for {opcode}: {operand!r}")
            elif isinstance(operand, (int, float)):
                ops.append(f"{opcode} {operand};")
            elif isinstance(operand, str):
                escaped = operand.replace("\\", "\\\\").replace('"', '\\"')
                ops.append(f'{opcode} "{escaped}";')
            else:
                board = self.copy(stack=False)
                sans = []
                try:
                    for move in operand:
                        sans.append(board.san(move))
                        board.push(move)
                finally:
                    board.close()
                ops.append(f"{opcode} {' '.join(sans)};")
        return text + (" " + " ".join(ops) if ops else "")

    # -- moves -----------------------------------------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves, as a lazy view (see :class:`LegalMoveGenerator`). A new view each
        time, as in python-chess (the board does not keep it: no reference cycle)."""
        return LegalMoveGenerator(self)

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL,
                             to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """Legal moves whose origin is in ``from_mask`` and destination in ``to_mask``."""
        for move in self._move_list():
            if from_mask >> move.from_square & 1 and to_mask >> move.to_square & 1:
                yield move

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here (python-chess's is_legal; in standard chess castling
        may be given as ``e1g1`` or ``e1h1``, in Chess960 only as king-takes-rook)."""
        return isinstance(move, Move) and self._resolve(move, False) is not None

    def san_all(self) -> List[str]:
        """SAN of every legal move, in the order of ``list(board.legal_moves)``, fetched in
        one C call."""
        s = _local.s
        rc = _san_all(self._h or _closed(), s.text, _C_TEXT_CAP, None)
        if rc:
            raise _error(rc)
        text = s.text.value.decode("ascii")
        return text.split(" ") if text else []

    @property
    def move_stack(self) -> List[Move]:
        """The moves played since the board was set up, oldest first (a copy)."""
        self._h or _closed()
        return list(self._stack)

    def push(self, move: Move) -> None:
        """Plays ``move``. Raises IllegalMoveError (board unchanged) if it is not legal, and
        TypeError for a non-Move. Castling: see :class:`Move`."""
        # Hot path: one C call. A closed board has _h None, which ctypes passes as NULL, so
        # the call fails with ZZ_STATUS_NULL_PARAMETER and _push_slow raises ValueError.
        try:
            rc = _hot_push(self._hb, move._code)
        except AttributeError:
            raise TypeError(f"expected a zugzwang.Move, not {type(move).__name__}") from None
        if rc:
            self._push_slow(move)
            return
        if move._code >= 0xC000:  # castling: keep this board's notation on the stack
            move = self._cache[move._code]
        self._stack.append(move)
        self._legal = None

    def _push_slow(self, move: Move) -> None:
        h = self._h or _closed()
        code = self._code_of(move)  # raises IllegalMoveError
        rc = _push(h, code)
        if rc:
            raise _error(rc)
        self._stack.append(self._cache[code])
        self._legal = None

    def pop(self) -> Move:
        """Takes back the last move and returns it. IndexError if the move stack is empty."""
        rc = _hot_pop(self._hb, None)  # closed: NULL, handled below
        if rc:
            self._h or _closed()
            if rc == _ffi.ZZ_STATUS_EMPTY_HISTORY:
                raise IndexError("pop from empty move stack")
            raise _error(rc)
        self._legal = None
        return self._stack.pop()

    def peek(self) -> Move:
        """The last move played. IndexError if the move stack is empty."""
        self._h or _closed()
        if not self._stack:
            raise IndexError("peek at empty move stack")
        return self._stack[-1]

    def _san_error(self, rc: int, san: str) -> Exception:
        if rc == _ffi.ZZ_STATUS_INVALID_SAN or rc == _ffi.ZZ_STATUS_INVALID_STRING:
            return InvalidMoveError(f"invalid san: {san!r}")
        if rc == _ffi.ZZ_STATUS_ILLEGAL_MOVE:
            return IllegalMoveError(f"illegal san: {san!r} in {self.fen()}")
        if rc == _ffi.ZZ_STATUS_AMBIGUOUS_SAN:
            return AmbiguousMoveError(f"ambiguous san: {san!r} in {self.fen()}")
        return _error(rc)

    def parse_san(self, san: str, *, strict: bool = False) -> Move:
        """The legal move named by SAN (without playing it). Lenient like python-chess
        (``0-0``, missing/extra ``+``/``#``, missing ``=``, over-disambiguation, ``e2e4``);
        ``strict=True`` accepts only canonical SAN. Raises InvalidMoveError (syntax),
        IllegalMoveError (no legal move matches) or AmbiguousMoveError (several match)."""
        s = _local.s
        rc = _parse_san(self._h or _closed(), _encode(san, "SAN"),
                        _ffi.ZZ_SAN_STRICT if strict else 0, s.move)
        if rc:
            raise self._san_error(rc, san)
        return self._cache[s.move.value]

    def push_san(self, san: str, *, strict: bool = False) -> Move:
        """Parses SAN as :meth:`parse_san` and plays the move; returns it. On error the board
        is unchanged."""
        s = _local.s
        rc = _push_san(self._h or _closed(), _encode(san, "SAN"),
                       _ffi.ZZ_SAN_STRICT if strict else 0, s.move)
        if rc:
            raise self._san_error(rc, san)
        move = self._cache[s.move.value]
        self._stack.append(move)
        self._legal = None
        return move

    def parse_uci(self, uci: str) -> Move:
        """The legal move named by UCI text (``e2e4``, ``e7e8q``; castling as in python-chess:
        ``e1g1`` or ``e1h1`` in standard chess, king-takes-rook or ``e1g1`` in Chess960).
        Raises InvalidMoveError (syntax) or IllegalMoveError (not legal here). ``0000`` gives
        the null move, which a zugzwang board cannot play."""
        move = Move.from_uci(uci)
        if not move:
            return move
        code = self._resolve(move, True)
        if code is None:
            raise IllegalMoveError(f"illegal uci: {uci!r} in {self.fen()}")
        return self._cache[code]

    def push_uci(self, uci: str) -> Move:
        """Parses UCI text as :meth:`parse_uci` and plays the move; returns it."""
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def uci(self, move: Move) -> str:
        """UCI text of a move in this board's convention (``e1g1`` castling in standard chess,
        king-takes-rook in Chess960)."""
        code = self._resolve(move, True)
        return self._cache[code].uci() if code is not None else move.uci()

    def san(self, move: Move) -> str:
        """SAN of a legal move: minimal disambiguation, ``x``, ``=Q``, ``O-O``, ``+``/``#``.
        Raises IllegalMoveError if the move is not legal."""
        h = self._h or _closed()
        s = _local.s
        if not isinstance(move, Move):
            raise TypeError(f"expected a zugzwang.Move, not {type(move).__name__}")
        if _san(h, move._cc, s.text, _C_TEXT_CAP, None):
            if _san(h, self._code_of(move), s.text, _C_TEXT_CAP, None):
                raise IllegalMoveError(f"illegal move: {move.uci()!r} in {self.fen()!r}")
        return s.text.value.decode("ascii")

    def lan(self, move: Move) -> str:
        """Long algebraic notation of a legal move (``Ng1-f3``, ``e7xd8=Q+``, ``O-O``).
        Raises IllegalMoveError if the move is not legal."""
        h = self._h or _closed()
        s = _local.s
        if not isinstance(move, Move):
            raise TypeError(f"expected a zugzwang.Move, not {type(move).__name__}")
        if _lan(h, move._cc, s.text, _C_TEXT_CAP, None):
            if _lan(h, self._code_of(move), s.text, _C_TEXT_CAP, None):
                raise IllegalMoveError(f"illegal move: {move.uci()!r} in {self.fen()!r}")
        return s.text.value.decode("ascii")

    def variation_san(self, variation: Iterable[Move]) -> str:
        """A line of moves from this position in SAN with move numbers (``1. e4 e5 2. Nf3``;
        ``1...e5`` when black starts). Raises IllegalMoveError at the first illegal move."""
        board = self.copy(stack=False)
        parts = []
        try:
            for move in variation:
                if not board.is_legal(move):
                    raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
                if board.turn == WHITE:
                    parts.append(f"{board.fullmove_number}. {board.san(move)}")
                elif not parts:
                    parts.append(f"{board.fullmove_number}...{board.san(move)}")
                else:
                    parts.append(board.san(move))
                board.push(move)
        finally:
            board.close()
        return " ".join(parts)

    # -- move predicates (meant for legal moves) ------------------------------------------------

    def gives_check(self, move: Move) -> bool:
        """Whether the legal ``move`` gives check. IllegalMoveError if it is not legal."""
        s = _local.s
        rc = _gives_check(self._h or _closed(), self._code_of(move), s.flag)
        if rc:
            raise _error(rc)
        return s.flag.value

    def is_capture(self, move: Move) -> bool:
        """Whether ``move`` captures (en passant included, castling never)."""
        return _is_capture(self._h or _closed(), self._code_or_plain(move))

    def is_en_passant(self, move: Move) -> bool:
        """Whether ``move`` is an en passant capture."""
        return _is_en_passant(self._h or _closed(), self._code_or_plain(move))

    def is_castling(self, move: Move) -> bool:
        """Whether ``move`` is castling (either notation, see :class:`Move`)."""
        return _is_castling(self._h or _closed(), self._code_or_plain(move))

    def is_kingside_castling(self, move: Move) -> bool:
        """Whether ``move`` is castling with the rook on the king's h-side."""
        code = self._code_or_plain(move)
        return _is_castling(self._h or _closed(), code) and (code >> 6) & 63 > code & 63

    def is_queenside_castling(self, move: Move) -> bool:
        """Whether ``move`` is castling with the rook on the king's a-side."""
        code = self._code_or_plain(move)
        return _is_castling(self._h or _closed(), code) and (code >> 6) & 63 < code & 63

    def is_zeroing(self, move: Move) -> bool:
        """Whether ``move`` resets the halfmove clock (a pawn move or a capture)."""
        return _is_zeroing(self._h or _closed(), self._code_or_plain(move))

    # -- game state ------------------------------------------------------------------------------

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        return _is_check(self._h or _closed())

    def is_checkmate(self) -> bool:
        """Checkmate: in check with no legal move."""
        return _is_checkmate(self._h or _closed())

    def is_stalemate(self) -> bool:
        """Stalemate: not in check and no legal move."""
        return _is_stalemate(self._h or _closed())

    def is_insufficient_material(self) -> bool:
        """Neither side can mate by material (python-chess's rule, see
        :meth:`has_insufficient_material`)."""
        return _is_insufficient_material(self._h or _closed())

    def has_insufficient_material(self, color: Color) -> bool:
        """Whether ``color`` cannot mate by any legal sequence, judged by material as
        python-chess does (no pawns, rooks or queens; a lone knight only if the opponent has
        only king and queens; bishops only if all bishops share a square colour and there
        are no pawns or knights)."""
        s = _local.s
        rc = _has_insufficient_material(self._h or _closed(), _color_arg(color), s.flag)
        if rc:
            raise _error(rc)
        return s.flag.value

    def is_seventyfive_moves(self) -> bool:
        """Seventy-five-move rule: halfmove clock >= 150 and the side to move is not mated."""
        return _is_seventyfive(self._h or _closed())

    def is_fivefold_repetition(self) -> bool:
        """The position has occurred five times since the board was set up."""
        return _is_fivefold(self._h or _closed())

    def can_claim_fifty_moves(self) -> bool:
        """Fifty-move claim: halfmove clock >= 100, or a legal non-zeroing move reaches it."""
        return _can_claim_fifty(self._h or _closed())

    def can_claim_threefold_repetition(self) -> bool:
        """Threefold claim: the position has occurred three times, or a legal move makes it
        occur for the third time."""
        return _can_claim_threefold(self._h or _closed())

    def can_claim_draw(self) -> bool:
        """Whether a fifty-move or threefold-repetition draw can be claimed."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def is_repetition(self, count: int = 3) -> bool:
        """Whether the current position has occurred ``count`` times (counting itself) since
        the board was set up (positions compared per FIDE 9.2.3)."""
        if count < 0:
            raise ValueError(f"invalid count: {count!r}")
        return _is_repetition(self._h or _closed(), min(count, 0xFFFF_FFFF))

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        """Whether the game is over (see :meth:`outcome`)."""
        return _is_game_over(self._h or _closed(), _C_BOOL[1 if claim_draw else 0])

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, or None while it goes on. Checked in the order checkmate,
        insufficient material, stalemate, seventy-five moves, fivefold repetition, then (with
        ``claim_draw``) fifty moves and threefold repetition."""
        out = _local.s.outcome
        rc = _outcome(self._h or _closed(), _C_BOOL[1 if claim_draw else 0], out)
        if rc:
            raise _error(rc)
        termination = out.termination
        return OUTCOME_BY_ABI[(termination, out.winner)] if termination else None

    def result(self, *, claim_draw: bool = False) -> str:
        """PGN result: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on."""
        return _RESULTS[_result(self._h or _closed(), _C_BOOL[1 if claim_draw else 0])]

    def is_variant_end(self) -> bool:
        """Always False (no chess variants)."""
        return False

    is_variant_win = is_variant_loss = is_variant_draw = is_variant_end

    def zobrist_hash(self) -> int:
        """The Polyglot Zobrist key of the position (see ``zugzwang.polyglot.zobrist_hash``)."""
        return _zobrist(self._h or _closed())

    # -- perft ---------------------------------------------------------------------------------

    def perft(self, depth: int, *, threads: int = 1, hash_mb: int = 0) -> int:
        """Leaf nodes of the legal move tree ``depth`` plies deep (native; bulk counting at the
        last ply). ``depth`` 0 gives 1. ``threads`` > 1 splits the root moves over that many OS
        threads; ``hash_mb`` > 0 adds a transposition table of that many MiB (useful from
        depth 6 or so). The GIL is released meanwhile. ValueError for a depth outside 0..64 or
        threads outside 1..1024; MemoryError if the table cannot be allocated."""
        if not isinstance(depth, int) or not 0 <= depth <= _ffi.ZZ_PERFT_MAX_DEPTH:
            raise ValueError(f"invalid perft depth: {depth!r}")
        if threads == 1 and not hash_mb:
            s = _local.s
            rc = _perft(self._h or _closed(), depth, s.u64)
            if rc:
                raise _error(rc)
            return s.u64.value
        return self._perft_ex(depth, threads, hash_mb, False).nodes

    def perft_stats(self, depth: int, *, threads: int = 1) -> Dict[str, int]:
        """Perft with leaf statistics as the Chess Programming Wiki's perft tables:
        ``{"nodes", "captures", "en_passant", "castles", "promotions", "checks",
        "discovery_checks", "double_checks", "checkmates"}`` (counts of leaves). Much slower
        than :meth:`perft` (no bulk counting)."""
        out = self._perft_ex(depth, threads, 0, True)
        return {field[0]: getattr(out, field[0]) for field in _ffi.zz_perft_stats._fields_}

    def _perft_ex(self, depth: int, threads: int, hash_mb: int,
                  stats: bool) -> "_ffi.zz_perft_stats":
        if not isinstance(depth, int) or not 0 <= depth <= _ffi.ZZ_PERFT_MAX_DEPTH:
            raise ValueError(f"invalid perft depth: {depth!r}")
        if not isinstance(threads, int) or not 1 <= threads <= 1024:
            raise ValueError(f"invalid thread count: {threads!r}")
        if not isinstance(hash_mb, int) or not 0 <= hash_mb < 1 << 32:
            raise ValueError(f"invalid hash size: {hash_mb!r}")
        options = _ffi.zz_perft_options(threads, hash_mb, stats)
        out = _ffi.zz_perft_stats()
        rc = _perft_ex(self._h or _closed(), depth, options, out)
        if rc == _ffi.ZZ_STATUS_OUT_OF_MEMORY:
            raise MemoryError(f"perft: cannot allocate a {hash_mb} MiB hash table")
        if rc:
            raise _error(rc)
        return out

    def perft_divide(self, depth: int) -> Dict[Move, int]:
        """Perft split by root move: ``{move: leaf nodes of depth - 1 after it}`` in legal
        move order; the values sum to ``perft(depth)``. ValueError for a depth outside 1..64."""
        if not isinstance(depth, int) or not 1 <= depth <= _ffi.ZZ_PERFT_MAX_DEPTH:
            raise ValueError(f"invalid perft depth: {depth!r}")
        s = _local.s
        if s.entries is None:
            s.entries = (_ffi.zz_perft_entry * _MAX_MOVES)()
        entries = s.entries
        rc = _perft_divide(self._h or _closed(), depth, entries, _C_MAX_MOVES, s.n)
        if rc:
            raise _error(rc)
        cache = self._cache
        return {cache[e.move]: e.nodes for e in entries[:s.n.value]}  # type: ignore[index]

    # -- copies, stack, pickling -------------------------------------------------------------

    def _clone_handle(self) -> "ctypes._Pointer[_ffi.zz_board]":
        ptr = _ffi.zz_board_p()
        rc = _clone(self._h or _closed(), ptr)
        if rc:
            raise _error(rc)
        return ptr

    def copy(self: BoardT, *, stack: Union[bool, int] = True) -> BoardT:
        """An independent copy. ``stack=True`` keeps the whole move stack (so repetition
        claims still see it); ``False`` keeps only the current position; an int keeps that
        many last moves."""
        if stack is True:
            return type(self)._from_handle(self._clone_handle(), self._chess960,
                                           list(self._stack))
        keep = 0 if stack is False else max(0, min(int(stack), len(self._stack)))
        if keep == len(self._stack):
            return type(self)._from_handle(self._clone_handle(), self._chess960,
                                           list(self._stack))
        tmp = type(self)._from_handle(self._clone_handle(), self._chess960, list(self._stack))
        try:
            for _ in range(keep):
                tmp.pop()
            board = type(self)(tmp._exact_fen(), chess960=self._chess960)
        finally:
            tmp.close()
        for move in self._stack[len(self._stack) - keep:]:
            board.push(move)
        return board

    def __copy__(self: BoardT) -> BoardT:
        return self.copy()

    def __deepcopy__(self: BoardT, memo: Dict[int, object]) -> BoardT:
        return self.copy()

    def root(self: BoardT) -> BoardT:
        """A new board (empty move stack) with the position before the first move played."""
        return type(self)(self._root_fen(), chess960=self._chess960)

    def _root_fen(self) -> str:
        tmp = Board._from_handle(self._clone_handle(), self._chess960, list(self._stack))
        try:
            while tmp._stack:
                tmp.pop()
            return tmp._exact_fen()
        finally:
            tmp.close()

    def clear_stack(self) -> None:
        """Forgets the move stack, keeping the current position as the new root."""
        self.set_fen(self._exact_fen())

    def reset(self) -> None:
        """Back to the standard starting position with an empty move stack."""
        self.set_fen(STARTING_FEN)

    def __reduce__(self) -> Tuple[object, Tuple[object, ...]]:
        # Every Move on the stack carries the code that was played (see push).
        codes = [move._code for move in self._stack]
        return (_restore, (type(self), self._root_fen(), self._chess960, codes))

    @classmethod
    def from_chess960_pos(cls: Type[BoardT], scharnagl: int) -> BoardT:
        """The Chess960 starting position number ``scharnagl`` (0..959; 518 is the standard
        position), as a board with ``chess960=True``."""
        if not isinstance(scharnagl, int) or not 0 <= scharnagl < 960:
            raise ValueError(f"invalid Scharnagl number: {scharnagl!r}")
        rank: List[Optional[str]] = [None] * 8
        n, light = divmod(scharnagl, 4)
        rank[2 * light + 1] = "B"
        n, dark = divmod(n, 4)
        rank[2 * dark] = "B"
        n, queen = divmod(n, 6)
        free = [i for i in range(8) if rank[i] is None]
        rank[free[queen]] = "Q"
        knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4),
                   (3, 4)][n]
        free = [i for i in range(8) if rank[i] is None]
        for k in knights:
            rank[free[k]] = "N"
        free = [i for i in range(8) if rank[i] is None]
        for i, piece in zip(free, "RKR"):
            rank[i] = piece
        white = "".join(rank)  # type: ignore[arg-type]
        fen = f"{white.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
        return cls(fen, chess960=True)

    # -- comparison and display ------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self.fen() == other.fen()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self._h is None:
            return f"<{type(self).__name__} (closed)>"
        extra = ", chess960=True" if self._chess960 else ""
        return f"{type(self).__name__}({self.fen()!r}{extra})"

    def _grid(self) -> List[List[Optional[str]]]:
        rows: List[List[Optional[str]]] = []
        for row in self.board_fen().split("/"):
            cells: List[Optional[str]] = []
            for ch in row:
                if ch.isdigit():
                    cells.extend([None] * int(ch))
                else:
                    cells.append(ch)
            rows.append(cells)
        return rows  # rank 8 first, file a first

    def __str__(self) -> str:
        return "\n".join(" ".join(c or "." for c in row) for row in self._grid())

    def unicode(self, *, invert_color: bool = False, borders: bool = False,
                empty_square: str = "\u2b58", orientation: Color = WHITE) -> str:
        """The board drawn with Unicode chess symbols, rank 8 on top (rank 1 on top with
        ``orientation=BLACK``); ``borders`` adds a grid and coordinates."""
        grid = self._grid()
        ranks = list(range(8))  # index into grid: 0 is rank 8
        files = list(range(8))
        if orientation == BLACK:
            ranks.reverse()
            files.reverse()
        lines = []
        border = "  " + "-" * 17
        for r in ranks:
            cells = []
            for f in files:
                c = grid[r][f]
                if c is None:
                    cells.append(empty_square)
                else:
                    cells.append(UNICODE_PIECE_SYMBOLS[c.swapcase() if invert_color else c])
            if borders:
                lines.append(border)
                lines.append(f"{8 - r} |" + "|".join(cells) + "|")
            else:
                lines.append(" ".join(cells))
        if borders:
            lines.append(border)
            lines.append("   " + " ".join("abcdefgh"[f] for f in files))
        return "\n".join(lines)


def _restore(cls: Type[BoardT], root_fen: str, chess960: bool, codes: List[int]) -> BoardT:
    board = cls(root_fen, chess960=chess960)
    h = board._h
    cache = board._cache
    stack = board._stack
    for code in codes:
        rc = _push(h, code)
        if rc:
            raise _error(rc)
        stack.append(cache[code])
    board._invalidate()
    return board

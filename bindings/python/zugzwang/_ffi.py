"""The ctypes layer: finds and loads the zugzwang shared library and declares its C ABI.

Everything here mirrors ``include/zugzwang.h`` (the contract): every exported function gets
``argtypes`` and ``restype``; the board handle is ``POINTER(zz_board)`` with ``zz_board`` an
opaque (field-less) ``Structure``, so ctypes refuses any other pointer type where a board is
expected. Nothing here is public API; use :mod:`zugzwang` instead.

Library search order (the first that exists is loaded; a missing library raises ImportError
listing every path tried):

1. ``$ZUGZWANG_LIBRARY`` if set (then only that path is tried);
2. the library bundled next to this file by ``pip install``;
3. in a source checkout (``bindings/python/zugzwang`` under the repository root):
   ``$CARGO_TARGET_DIR/release`` if set, then ``<root>/target/release``.

At import, the version this binding was written against (:data:`HEADER_VERSION`, equal to the
header's ``ZZ_VERSION_STRING``) is compared with the loaded library's ``zz_version()``; an
incompatible library raises ImportError.
"""

from __future__ import annotations

import ctypes
import os
import sys
from ctypes import (
    POINTER,
    Structure,
    c_bool,
    c_char_p,
    c_int32,
    c_size_t,
    c_uint16,
    c_uint32,
    c_uint64,
)
from pathlib import Path
from typing import List, Tuple

#: ``ZZ_VERSION_STRING`` of the header this binding was written against.
HEADER_VERSION = "0.1.0"

# Constants from include/zugzwang.h.
ZZ_MAX_MOVES = 256
ZZ_FEN_MAX = 128
ZZ_UCI_MAX = 8
ZZ_SAN_MAX = 16
ZZ_SAN_ALL_MAX = 2400
ZZ_PERFT_MAX_DEPTH = 64

ZZ_COLOR_WHITE = 0
ZZ_COLOR_BLACK = 1

ZZ_MOVE_NORMAL = 0
ZZ_MOVE_PROMOTION = 1
ZZ_MOVE_EN_PASSANT = 2
ZZ_MOVE_CASTLING = 3

ZZ_FEN_CHESS960 = 1
ZZ_FEN_RELAXED = 2
ZZ_FEN_SHREDDER = 4
ZZ_FEN_EP_ALWAYS = 8
ZZ_FEN_EP_PSEUDO_LEGAL = 16

ZZ_SAN_STRICT = 1

ZZ_STATUS_OK = 0
ZZ_STATUS_NULL_PARAMETER = 1
ZZ_STATUS_INVALID_ARGUMENT = 2
ZZ_STATUS_BUFFER_TOO_SMALL = 3
ZZ_STATUS_INVALID_FEN = 4
ZZ_STATUS_INVALID_UCI = 5
ZZ_STATUS_ILLEGAL_MOVE = 6
ZZ_STATUS_EMPTY_HISTORY = 7
ZZ_STATUS_INVALID_STRING = 8
ZZ_STATUS_PANIC = 9
ZZ_STATUS_INVALID_SAN = 10
ZZ_STATUS_AMBIGUOUS_SAN = 11
ZZ_STATUS_OUT_OF_MEMORY = 12


class zz_board(Structure):
    """Opaque ``struct zz_board`` (never instantiated by Python; only pointed to)."""

    _fields_ = []


class zz_outcome(Structure):
    """``struct zz_outcome``: termination (ZZ_TERMINATION_*) and winner (0, 1 or -1)."""

    _fields_ = [("termination", c_int32), ("winner", c_int32)]


class zz_perft_entry(Structure):
    """``struct zz_perft_entry``: one root move and the leaf count below it."""

    _fields_ = [("move", c_uint16), ("nodes", c_uint64)]


class zz_perft_options(Structure):
    """``struct zz_perft_options``: threads (0/1 = caller only), hash_mb (0 = none), stats."""

    _fields_ = [("threads", c_uint32), ("hash_mb", c_uint32), ("stats", c_bool)]


class zz_perft_stats(Structure):
    """``struct zz_perft_stats``: leaf count and (with options.stats) leaf statistics."""

    _fields_ = [(name, c_uint64) for name in (
        "nodes", "captures", "en_passant", "castles", "promotions", "checks",
        "discovery_checks", "double_checks", "checkmates")]


zz_board_p = POINTER(zz_board)
zz_move = c_uint16
zz_status = c_int32

_B = zz_board_p
_M = zz_move
_S = zz_status
_I32 = c_int32
_U32 = c_uint32
_U64 = c_uint64
_SZ = c_size_t
_STR = c_char_p
_BUF = POINTER(ctypes.c_char)  # char *buf: a writable buffer the caller owns
_PSZ = POINTER(c_size_t)
_PM = POINTER(zz_move)
_PB = POINTER(c_bool)
_PU64 = POINTER(c_uint64)
_PI32 = POINTER(c_int32)

# name: (restype, argtypes), in header order.
PROTOTYPES = {
    "zz_version": (c_char_p, []),
    "zz_version_number": (_U32, []),
    "zz_status_str": (c_char_p, [_I32]),
    "zz_last_error_message": (c_char_p, []),
    "zz_move_from_square": (_I32, [_M]),
    "zz_move_to_square": (_I32, [_M]),
    "zz_move_promotion": (_I32, [_M]),
    "zz_move_kind": (_I32, [_M]),
    "zz_board_new": (_S, [POINTER(_B)]),
    "zz_board_from_fen": (_S, [_STR, _U32, POINTER(_B)]),
    "zz_board_clone": (_S, [_B, POINTER(_B)]),
    "zz_board_free": (None, [_B]),
    "zz_board_set_fen": (_S, [_B, _STR, _U32]),
    "zz_board_fen": (_S, [_B, _U32, _BUF, _SZ, _PSZ]),
    "zz_board_turn": (_I32, [_B]),
    "zz_board_piece_at": (_S, [_B, _I32, _PI32, _PI32]),
    "zz_board_legal_moves": (_S, [_B, _PM, _SZ, _PSZ]),
    "zz_board_push": (_S, [_B, _M]),
    "zz_board_push_uci": (_S, [_B, _STR]),
    "zz_board_pop": (_S, [_B, _PM]),
    "zz_board_is_chess960": (c_bool, [_B]),
    "zz_board_is_check": (c_bool, [_B]),
    "zz_board_parse_uci": (_S, [_B, _STR, _PM]),
    "zz_board_uci": (_S, [_B, _M, _BUF, _SZ, _PSZ]),
    "zz_board_san": (_S, [_B, _M, _BUF, _SZ, _PSZ]),
    "zz_board_san_all": (_S, [_B, _BUF, _SZ, _PSZ]),
    "zz_board_lan": (_S, [_B, _M, _BUF, _SZ, _PSZ]),
    "zz_board_parse_san": (_S, [_B, _STR, _U32, _PM]),
    "zz_board_push_san": (_S, [_B, _STR, _U32, _PM]),
    "zz_board_is_checkmate": (c_bool, [_B]),
    "zz_board_is_stalemate": (c_bool, [_B]),
    "zz_board_has_insufficient_material": (_S, [_B, _I32, _PB]),
    "zz_board_is_insufficient_material": (c_bool, [_B]),
    "zz_board_is_repetition": (c_bool, [_B, _U32]),
    "zz_board_can_claim_threefold_repetition": (c_bool, [_B]),
    "zz_board_is_fivefold_repetition": (c_bool, [_B]),
    "zz_board_can_claim_fifty_moves": (c_bool, [_B]),
    "zz_board_is_seventyfive_moves": (c_bool, [_B]),
    "zz_board_is_game_over": (c_bool, [_B, c_bool]),
    "zz_board_outcome": (_S, [_B, c_bool, POINTER(zz_outcome)]),
    "zz_board_result": (c_char_p, [_B, c_bool]),
    "zz_board_zobrist": (_U64, [_B]),
    "zz_board_pieces": (_S, [_B, _I32, _I32, _PU64]),
    "zz_board_attackers": (_S, [_B, _I32, _I32, _PU64]),
    "zz_board_is_attacked_by": (_S, [_B, _I32, _I32, _PB]),
    "zz_board_checkers": (_U64, [_B]),
    "zz_board_pinned": (_S, [_B, _I32, _PU64]),
    "zz_board_gives_check": (_S, [_B, _M, _PB]),
    "zz_board_is_capture": (c_bool, [_B, _M]),
    "zz_board_is_en_passant": (c_bool, [_B, _M]),
    "zz_board_is_castling": (c_bool, [_B, _M]),
    "zz_board_is_zeroing": (c_bool, [_B, _M]),
    "zz_board_legal_moves_from": (_S, [_B, _I32, _PM, _SZ, _PSZ]),
    "zz_board_move_stack": (_S, [_B, _PM, _SZ, _PSZ]),
    "zz_board_peek": (_S, [_B, _PM]),
    "zz_board_move_count": (_U32, [_B]),
    "zz_board_ply": (_U32, [_B]),
    "zz_board_halfmove_clock": (_U32, [_B]),
    "zz_board_fullmove_number": (_U32, [_B]),
    "zz_board_castling_rights": (_U64, [_B]),
    "zz_board_ep_square": (_I32, [_B]),
    "zz_board_legal_ep_square": (_I32, [_B]),
    "zz_perft": (_S, [_B, _U32, _PU64]),
    "zz_perft_divide": (_S, [_B, _U32, POINTER(zz_perft_entry), _SZ, _PSZ]),
    "zz_perft_ex": (_S, [_B, _U32, POINTER(zz_perft_options), POINTER(zz_perft_stats)]),
}


def library_filename() -> str:
    """The shared library's file name on this platform (``libzugzwang.so`` on Linux)."""
    if sys.platform == "darwin":
        return "libzugzwang.dylib"
    if sys.platform in ("win32", "cygwin"):
        return "zugzwang.dll"
    return "libzugzwang.so"


def candidate_paths() -> List[Path]:
    """Paths tried, in order, when loading the library (see the module docstring)."""
    name = library_filename()
    env = os.environ.get("ZUGZWANG_LIBRARY")
    if env:
        return [Path(env)]
    here = Path(__file__).resolve().parent
    paths = [here / name]
    root = here.parent.parent.parent
    if (root / "Cargo.toml").is_file():
        target = os.environ.get("CARGO_TARGET_DIR")
        if target:
            paths.append((root / target if not os.path.isabs(target) else Path(target))
                         / "release" / name)
        paths.append(root / "target" / "release" / name)
    return paths


def _load() -> Tuple[ctypes.CDLL, Path]:
    tried = []
    for path in candidate_paths():
        tried.append(str(path))
        if path.is_file():
            try:
                return ctypes.PyDLL(str(path)), path
            except OSError as exc:
                raise ImportError(f"zugzwang: cannot load {path}: {exc}") from exc
    raise ImportError(
        "zugzwang: shared library not found; tried: " + ", ".join(tried)
        + ". Build it with `cargo build --release --lib` in the repository root, "
        "install the package with `pip install ./bindings/python`, "
        "or set ZUGZWANG_LIBRARY to its path."
    )


def _declare(cdll: ctypes.CDLL, path: Path) -> None:
    for name, (restype, argtypes) in PROTOTYPES.items():
        try:
            fn = getattr(cdll, name)
        except AttributeError as exc:
            raise ImportError(f"zugzwang: {path} lacks {name}; "
                              "the library is older than this binding") from exc
        fn.restype = restype
        fn.argtypes = argtypes


def _parse_version(text: str) -> Tuple[int, int, int]:
    major, minor, patch = (int(part) for part in text.split("-")[0].split(".")[:3])
    return major, minor, patch


def compatible(binding: str, runtime: str) -> bool:
    """Whether a library of version ``runtime`` serves a binding written for ``binding``.

    Semantic versioning: the same major version, and a minor version at least the binding's
    (for 0.x, where every minor release may break the ABI, exactly the same minor version).
    """
    b, r = _parse_version(binding), _parse_version(runtime)
    if b[0] != r[0]:
        return False
    if b[0] == 0:
        return b[1] == r[1]
    return r[1] >= b[1]


lib, library_path = _load()
_declare(lib, library_path)
#: The same library through a handle whose calls release the GIL (for long calls: perft).
#: ``lib`` itself keeps the GIL during a call: the ABI's calls take tens of nanoseconds, less
#: than releasing and re-taking the GIL, and they never call back into Python.
lib_nogil = ctypes.CDLL(str(library_path))
_declare(lib_nogil, library_path)

# The hot path of Board.push/Board.pop: zz_board_push and zz_board_pop (declared with full
# argtypes on ``lib`` like every function) once more, through a third handle *without*
# argtypes, so a call skips ctypes' two per-argument from_param calls and their allocations:
# about 0.1 us of a push+pop pair's 0.6 us of ctypes overhead. Only Board calls these, and
# only with exactly what the typed prototypes would produce: ``ctypes.byref()`` of a live
# zz_board (or None, passed as NULL, which the library refuses after Board.close()), and a
# Python int 0..65535 for the zz_move (passed as a C int: the same register contents on the
# supported ABIs) or None for the NULL ``zz_move *``. restype is declared.
_hot = ctypes.PyDLL(str(library_path))
hot_push = _hot.zz_board_push
hot_push.restype = zz_status
hot_pop = _hot.zz_board_pop
hot_pop.restype = zz_status

#: Version string of the loaded library (``zz_version()``).
RUNTIME_VERSION: str = lib.zz_version().decode("ascii")

if not compatible(HEADER_VERSION, RUNTIME_VERSION):
    raise ImportError(
        f"zugzwang: library {library_path} has version {RUNTIME_VERSION}, "
        f"but this binding was written for the {HEADER_VERSION} header"
    )


def status_str(status: int) -> str:
    """Static text for a status code (``zz_status_str``)."""
    return lib.zz_status_str(status).decode("utf-8", "replace")


def last_error_message() -> str:
    """Detail of the latest failure on this thread (``zz_last_error_message``)."""
    return lib.zz_last_error_message().decode("utf-8", "replace")

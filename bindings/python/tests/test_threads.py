"""Threads (issue 7): 8 threading.Thread workers at once must get exactly what one thread gets.

- own boards: each worker runs perft on several positions (through the GIL-releasing handle,
  so the C code of several workers really runs at once) and seeded random games (push/pop,
  FEN, SAN, outcomes, SAN replay) on boards of its own; the results must equal a
  single-threaded run of the same work;
- one shared board: 8 workers call only reading methods on one board (FEN, legal moves, SAN,
  predicates, game end, perft, copies) and must all see the single-threaded answers, and the
  board must be unchanged afterwards;
- per-thread errors: every worker makes the library fail with input naming itself (invalid
  FENs quoting the thread and attempt number, which the library's message repeats) and checks
  that the exception it gets carries its own text, never another thread's.

The switch interval is lowered while workers run so the GIL changes hands often, also between a
C call and the reading of its output. ``ZZ_PY_THREAD_ROUNDS`` (default 1) multiplies the work.
"""

import ctypes
import os
import random
import re
import sys
import threading
import unittest
from typing import Callable, List, Tuple

import _setup  # noqa: F401  (puts the checkout's package on the path)

import zugzwang
from zugzwang import _ffi

THREADS = 8
ROUNDS = max(1, int(os.environ.get("ZZ_PY_THREAD_ROUNDS", "1")))

# (FEN, depth, nodes): the standard perft positions (Chess Programming Wiki).
PERFT = [
    (zugzwang.STARTING_FEN, 4, 197281),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890),
]


def run_threads(worker: Callable[[int], object], n: int = THREADS) -> List[object]:
    """Runs ``worker(i)`` for i in 0..n-1 on n threads started together; returns the results
    in thread order and re-raises the first exception a worker raised."""
    results: List[object] = [None] * n
    errors: List[Tuple[int, BaseException]] = []
    barrier = threading.Barrier(n)

    def body(i: int) -> None:
        try:
            barrier.wait()
            results[i] = worker(i)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append((i, exc))

    threads = [threading.Thread(target=body, args=(i,), name=f"zz-worker-{i}")
               for i in range(n)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # hand the GIL over often, also in the middle of a call's work
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
            if thread.is_alive():
                raise AssertionError(f"{thread.name} did not finish")
    finally:
        sys.setswitchinterval(interval)
    if errors:
        i, exc = errors[0]
        raise AssertionError(f"worker {i} raised {exc!r}") from exc
    return results


# -- own boards -----------------------------------------------------------------------------


def perft_work(i: int) -> List[object]:
    """Perft of every position (rotated by i so workers start on different ones), plus a
    divide, a multi-threaded perft and the leaf statistics of one."""
    out: List[object] = []
    for k in range(len(PERFT)):
        fen, depth, _ = PERFT[(i + k) % len(PERFT)]
        with zugzwang.Board(fen) as board:
            out.append((fen, depth, board.perft(depth)))
            divide = board.perft_divide(depth - 1)
            out.append(sorted((m.uci(), n) for m, n in divide.items()))
    fen, depth, _ = PERFT[i % len(PERFT)]
    with zugzwang.Board(fen) as board:
        out.append(("threads=2", board.perft(depth, threads=2)))
        out.append(("stats", sorted(board.perft_stats(2).items())))
    return out


def play_game(rng: random.Random, board: zugzwang.Board, max_plies: int) -> List[object]:
    """A seeded random game on ``board``: a transcript of SAN, FEN and game-end state per ply,
    with push/pop excursions, then a full take-back and a SAN replay."""
    start = board.fen()
    log: List[object] = [start]
    sans: List[str] = []
    for _ in range(max_plies):
        outcome = board.outcome()
        log.append((board.fen(), board.is_check(), board.can_claim_fifty_moves(),
                    board.can_claim_threefold_repetition(), board.result(),
                    outcome and (outcome.termination.name, outcome.winner)))
        if outcome is not None:
            break
        moves = list(board.legal_moves)
        if rng.random() < 0.25:  # look one move ahead and take it back
            probe = rng.choice(moves)
            before = board.fen()
            board.push(probe)
            log.append(("probe", probe.uci(), board.fen(), board.legal_moves.count()))
            if board.pop() != probe or board.fen() != before:
                raise AssertionError(f"pop did not restore {before}")
        # Repetition-prone now and then: prefer moves back and forth.
        move = moves[0] if rng.random() < 0.1 else rng.choice(moves)
        san = board.san(move)
        if san not in board.san_all():
            raise AssertionError(f"{san} missing from san_all in {board.fen()}")
        sans.append(san)
        board.push(move)
    final = board.fen()
    plies = len(board.move_stack)
    end = board.outcome(claim_draw=True)
    while board.move_stack:
        board.pop()
    if board.fen() != start:
        raise AssertionError("taking every move back did not restore the start")
    for san in sans:
        board.push_san(san)
    if board.fen() != final:
        raise AssertionError("replaying the SAN did not reach the same position")
    log.append((plies, " ".join(sans), final, end and end.termination.name))
    return log


def game_work(i: int) -> List[object]:
    """Seeded random games (standard, Chess960 and an endgame) on the worker's own boards."""
    out: List[object] = []
    for game in range(6 * ROUNDS):
        rng = random.Random(1000 * i + game)
        kind = game % 3
        if kind == 0:
            board = zugzwang.Board()
        elif kind == 1:
            board = zugzwang.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = zugzwang.Board("8/5k2/8/3p4/3P4/8/2K5/R7 w - - 0 1")
        with board:
            out.append(play_game(rng, board, 400))
    return out


def own_board_work(i: int) -> Tuple[object, object]:
    return perft_work(i), game_work(i)


# -- one shared board -----------------------------------------------------------------------


def shared_board() -> zugzwang.Board:
    """Kiwipete after a few moves (so there is a move stack and repetition history)."""
    board = zugzwang.Board(PERFT[1][0])
    for san in ("Nb1", "Ng8", "Nc3", "Nf6", "Qd3"):
        board.push_san(san)
    return board


def read_all(board: zugzwang.Board) -> Tuple[object, ...]:
    """Everything a reading caller can ask a board (no method here changes it)."""
    moves = list(board.legal_moves)
    per_move = [(m.uci(), board.san(m), board.lan(m), board.uci(m), board.is_capture(m),
                 board.gives_check(m), board.is_castling(m), board.is_en_passant(m),
                 board.is_zeroing(m), m in board.legal_moves) for m in moves]
    with board.copy() as clone:
        clone_fen = clone.fen()
        clone_stack = [m.uci() for m in clone.move_stack]
    return (
        board.fen(), board.fen(shredder=True), board.fen(en_passant="fen"), board.epd(),
        board.board_fen(), str(board), board.unicode(), repr(board),
        board.san_all(), per_move, len(board.legal_moves),
        [m.uci() for m in board.move_stack], board.turn, board.castling_rights,
        board.ep_square, board.halfmove_clock, board.fullmove_number, board.ply(),
        sorted((sq, p.symbol()) for sq, p in board.piece_map().items()),
        [board.piece_at(sq) for sq in range(64)],
        [board.attackers_mask(c, sq) for c in (zugzwang.WHITE, zugzwang.BLACK)
         for sq in range(0, 64, 3)],
        [board.is_attacked_by(c, sq) for c in (zugzwang.WHITE, zugzwang.BLACK)
         for sq in range(0, 64, 5)],
        [board.pieces_mask(pt, c) for pt in range(1, 7)
         for c in (zugzwang.WHITE, zugzwang.BLACK)],
        board.occupied, board.checkers_mask(), board.pinned_mask(zugzwang.WHITE),
        board.pinned_mask(zugzwang.BLACK), board.king(zugzwang.BLACK),
        board.is_check(), board.is_checkmate(), board.is_stalemate(),
        board.is_insufficient_material(), board.has_insufficient_material(zugzwang.WHITE),
        board.can_claim_fifty_moves(), board.can_claim_threefold_repetition(),
        board.is_repetition(2), board.is_game_over(), board.outcome(),
        board.result(claim_draw=True), board.zobrist_hash(),
        zugzwang.polyglot.zobrist_hash(board), board.perft(2),
        sorted((m.uci(), n) for m, n in board.perft_divide(2).items()),
        clone_fen, clone_stack,
    )


# -- per-thread errors ----------------------------------------------------------------------

TOKEN = re.compile(r"thread-(\d+)-try-(\d+)")


def error_work(i: int) -> int:
    """Fails on purpose, again and again, with input naming this thread; checks every message
    is this thread's own. Returns the number of checked failures."""
    checked = 0
    own = zugzwang.Board()
    own_fen = own.fen()
    for k in range(400 * ROUNDS):
        token = f"thread-{i}-try-{k}"
        expected = {(str(i), str(k))}  # every token in a message must be this one
        # 1. A constructor refusing a FEN (ValueError with the library's message).
        bad = f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 {token}"
        try:
            zugzwang.Board(bad)
        except ValueError as exc:
            message = str(exc)
        else:
            raise AssertionError(f"{bad!r} was accepted")
        if set(TOKEN.findall(message)) != expected or "fullmove" not in message:
            raise AssertionError(f"worker {i} got {message!r} for {token}")
        # 2. set_fen on the worker's own board: refused, board unchanged.
        try:
            own.set_fen(f"{token}/8/8 w - - 0 1")
        except ValueError as exc:
            message = str(exc)
        else:
            raise AssertionError("set_fen accepted garbage")
        if set(TOKEN.findall(message)) != expected or own.fen() != own_fen:
            raise AssertionError(f"worker {i} got {message!r} for {token}")
        # 3. Straight through the GIL-releasing handle: other threads run while this call
        #    fails, and zz_last_error_message() must still be this thread's.
        ptr = _ffi.zz_board_p()
        rc = _ffi.lib_nogil.zz_board_from_fen(f"8/8/{token} w - - 0 1".encode(), 0,
                                              ctypes.byref(ptr))
        message = _ffi.last_error_message()
        if rc != _ffi.ZZ_STATUS_INVALID_FEN or set(TOKEN.findall(message)) != expected:
            raise AssertionError(f"worker {i} got status {rc}, {message!r} for {token}")
        # 4. Errors the binding words itself must not be mixed up either.
        try:
            own.push_san(f"Q{k % 8 + 1}")
        except zugzwang.InvalidMoveError as exc:
            if f"Q{k % 8 + 1}" not in str(exc):
                raise AssertionError(f"worker {i} got {exc!r}")
        else:
            raise AssertionError("push_san accepted garbage")
        checked += 4
    own.close()
    return checked


class OwnBoardsTest(unittest.TestCase):
    def test_perft_positions_are_right(self) -> None:
        for fen, depth, nodes in PERFT:
            with self.subTest(fen=fen), zugzwang.Board(fen) as board:
                self.assertEqual(board.perft(depth), nodes)

    def test_eight_threads_equal_one(self) -> None:
        expected = [own_board_work(i) for i in range(THREADS)]
        known = {fen: nodes for fen, _, nodes in PERFT}
        for perfts, _ in expected:
            for fen, _, nodes in perfts[0:2 * len(PERFT):2]:  # type: ignore
                self.assertEqual(nodes, known[fen])
        got = run_threads(own_board_work)
        for i in range(THREADS):
            self.assertEqual(got[i][0], expected[i][0], f"perft of worker {i}")  # type: ignore
            self.assertEqual(got[i][1], expected[i][1], f"games of worker {i}")  # type: ignore
        # The games really differ between workers (different seeds), and ended somehow.
        finals = {game[-1][2] for _, games in got for game in games}  # type: ignore
        self.assertGreater(len(finals), THREADS)


class SharedBoardTest(unittest.TestCase):
    def test_eight_threads_read_one_board(self) -> None:
        board = shared_board()
        expected = read_all(board)
        before = (board.fen(), [m.uci() for m in board.move_stack])

        def worker(i: int) -> int:
            mismatches = 0
            for _ in range(40 * ROUNDS):
                if read_all(board) != expected:
                    mismatches += 1
            return mismatches

        self.assertEqual(run_threads(worker), [0] * THREADS)
        self.assertEqual((board.fen(), [m.uci() for m in board.move_stack]), before)
        self.assertEqual(read_all(board), expected)
        board.close()

    def test_shared_board_perft_releases_the_gil_safely(self) -> None:
        board = zugzwang.Board(PERFT[0][0])
        results = run_threads(lambda i: [board.perft(4) for _ in range(2)]
                              + [sum(board.perft_divide(3).values())])
        self.assertEqual(results, [[197281, 197281, 8902]] * THREADS)
        board.close()


class ErrorsTest(unittest.TestCase):
    def test_every_thread_reads_its_own_errors(self) -> None:
        counts = run_threads(error_work)
        self.assertEqual(counts, [4 * 400 * ROUNDS] * THREADS)

    def test_errors_and_successes_interleave(self) -> None:
        # Half the workers fail continually while the other half read a shared board: the
        # readers see no error, the failing ones only their own messages.
        board = shared_board()
        expected = read_all(board)

        def worker(i: int) -> object:
            if i % 2:
                return error_work(i)
            return sum(read_all(board) == expected for _ in range(20 * ROUNDS))

        results = run_threads(worker)
        for i, result in enumerate(results):
            self.assertEqual(result, 4 * 400 * ROUNDS if i % 2 else 20 * ROUNDS, f"worker {i}")
        board.close()


class ThreadLocalBuffersTest(unittest.TestCase):
    def test_buffers_are_per_thread(self) -> None:
        from zugzwang import _board

        def worker(i: int) -> object:
            zugzwang.Board().fen()
            return _board._local.s  # kept alive by the result list

        buffers = run_threads(worker) + [_board._local.s]
        self.assertEqual(len({id(s) for s in buffers}), THREADS + 1,
                         "each thread must have its own output buffers")


if __name__ == "__main__":
    unittest.main()

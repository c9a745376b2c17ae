// One of two translation units (odr_a.cpp, odr_b.cpp) that both include the C++ header and use
// most of it, linked into test_wrapper: a function or variable defined in the header without
// `inline` would be defined twice and fail the link. Returns the number of failed checks.
#include "zugzwang.hpp"

#include <string>
#include <unordered_set>

int odr_a_run() {
    int failures = 0;
    const auto expect = [&failures](bool ok) { failures += ok ? 0 : 1; };

    zz::Board board;
    const zz::MoveList moves = board.legal_moves();
    expect(moves.size() == 20);
    std::unordered_set<zz::Move> set(moves.begin(), moves.end());
    expect(set.size() == 20);
    const zz::Move e4 = board.push_san("e4");
    expect(board.uci(e4) == "e2e4" && e4.uci() == "e2e4");
    expect(board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    const zz::Board copy = board;
    expect(copy.move_stack().size() == 1);
    expect(board.pop() == e4);
    expect(zz::square_name(zz::parse_square("g5")) == "g5");
    expect(zz::name(zz::Color::Black) == "black");
    expect(zz::version() == ZZ_VERSION_STRING);
    expect(board.perft(2) == 400);
    expect(board.outcome().result() == "*");
    try {
        board.push_uci("e2e5");
        expect(false);
    } catch (const zz::Error &e) {
        expect(e.status() == ZZ_STATUS_ILLEGAL_MOVE);
    }
    return failures;
}

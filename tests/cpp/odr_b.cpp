// The second of two translation units that include the C++ header (see odr_a.cpp). It includes
// the header twice, checking the include guard.
#include "zugzwang.hpp"
#include "zugzwang.hpp"

#include <sstream>
#include <string>

int odr_b_run() {
    int failures = 0;
    const auto expect = [&failures](bool ok) { failures += ok ? 0 : 1; };

    zz::Board board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const zz::Move oo = board.parse_san("O-O");
    expect(board.uci(oo) == "e1g1" && oo.uci() == "e1h1");
    expect(oo.kind() == zz::MoveKind::Castling && oo.to() == zz::Square::H1);
    expect(board.san_all().size() == board.legal_moves().size());
    expect(board.legal_moves_from(zz::Square::E1).contains(oo));
    board.push(oo);
    expect(board.piece_at(zz::Square::G1) == zz::Piece{zz::Color::White, zz::PieceType::King});
    expect(board.zobrist() != 0);
    std::ostringstream os;
    os << zz::Square::C3 << zz::PieceType::Queen << zz::Termination::Stalemate << oo;
    expect(os.str() == "c3queenstalematee1h1");
    const zz::Board moved = std::move(board);
    expect(board.empty() && !moved.empty());
    try {
        (void)zz::Board("garbage");
        expect(false);
    } catch (const zz::Error &e) {
        expect(e.status() == ZZ_STATUS_INVALID_FEN && zz::last_error_message() == e.what());
    }
    expect(zz::status_str(ZZ_STATUS_OK) == zz_status_str(0));
    return failures;
}

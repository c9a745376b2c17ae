// Static evaluation of zugzwang-engine: material + piece-square terms, tapered between middle
// game and endgame by the material left, plus a bishop-pair bonus and a "mop-up" term that
// drives a bare king to the edge (so won endgames end in mate instead of a fifty-move claim).
//
// Everything it knows about the position comes from the library (zz::Board::pieces()).
#ifndef ZZ_ENGINE_EVAL_HPP
#define ZZ_ENGINE_EVAL_HPP

#include "zugzwang.hpp"

namespace engine {

/// Material values in centipawns by piece type index (0 none, 1 pawn … 6 king), used for
/// move ordering (MVV-LVA) and delta pruning.
inline constexpr int kPieceValue[7] = {0, 100, 320, 330, 500, 950, 0};

/// The pieces of a position, read from the library once per search node: bitboards by color
/// (0 white, 1 black) and piece type (1 pawn … 6 king).
struct Snapshot {
    zz::Bitboard by[2][7] = {};
    zz::Bitboard side[2] = {};

    /// Reads every bitboard with zz::Board::pieces() (12 library calls).
    void read(const zz::Board &board);

    /// The piece type (1–6) of `color` on square index `sq`, or 0.
    int type_on(int color, int sq) const noexcept {
        const zz::Bitboard b = zz::Bitboard{1} << sq;
        if ((side[color] & b) == 0) {
            return 0;
        }
        for (int t = 1; t <= 6; ++t) {
            if (by[color][t] & b) {
                return t;
            }
        }
        return 0;
    }
};

/// Score of the position in centipawns from the side to move's point of view.
int evaluate(const Snapshot &s, zz::Color side_to_move) noexcept;

}  // namespace engine

#endif  // ZZ_ENGINE_EVAL_HPP

// Static evaluation (see eval.hpp). The piece-square tables are computed from simple rules
// (centralisation, pawn advance, king shelter) rather than typed in, at compile time.
#include "eval.hpp"

#include <cstdlib>

namespace engine {
namespace {

// Middle-game and endgame material values by piece type.
constexpr int kMgValue[7] = {0, 90, 320, 330, 480, 950, 0};
constexpr int kEgValue[7] = {0, 120, 300, 320, 540, 950, 0};
// Game phase weight by piece type (24 with all pieces on the board).
constexpr int kPhase[7] = {0, 0, 1, 1, 2, 4, 0};
constexpr int kMaxPhase = 24;

// 0 for the four centre squares … 6 for the corners (Manhattan distance to the centre).
constexpr int center_distance(int sq) {
    const int f = sq & 7;
    const int r = sq >> 3;
    const int df = f < 4 ? 3 - f : f - 4;
    const int dr = r < 4 ? 3 - r : r - 4;
    return df + dr;
}

struct Tables {
    // [phase 0 mg / 1 eg][piece type][square from white's side]
    int pst[2][7][64] = {};
};

constexpr Tables make_tables() {
    Tables t{};
    constexpr int pawn_mg[8] = {0, 0, 5, 10, 20, 35, 60, 0};
    constexpr int pawn_eg[8] = {0, 0, 10, 20, 35, 60, 100, 0};
    for (int sq = 0; sq < 64; ++sq) {
        const int f = sq & 7;
        const int r = sq >> 3;  // relative rank for white
        const int cd = center_distance(sq);
        const bool center_file = f == 3 || f == 4;

        // Pawns: advance; centre pawns want to leave home and stand on d4/e4/d5/e5.
        int p = pawn_mg[r];
        if (center_file) {
            p += r == 1 ? -10 : r == 2 ? 5 : (r == 3 || r == 4) ? 20 : 0;
        }
        if ((f == 0 || f == 7) && r >= 1) {
            p -= 5;
        }
        t.pst[0][1][sq] = p;
        t.pst[1][1][sq] = pawn_eg[r];

        // Knights and bishops: centralisation; minor pieces should leave the back rank.
        t.pst[0][2][sq] = 20 - 8 * cd - (r == 0 ? 10 : 0);
        t.pst[1][2][sq] = 15 - 7 * cd;
        t.pst[0][3][sq] = 10 - 4 * cd - (r == 0 ? 10 : 0);
        t.pst[1][3][sq] = 10 - 4 * cd;

        // Rooks: the seventh rank, central files.
        t.pst[0][4][sq] = (r == 6 ? 20 : 0) + (center_file ? 5 : 0);
        t.pst[1][4][sq] = r == 6 ? 15 : 0;

        // Queens: mild centralisation, stronger in the endgame.
        t.pst[0][5][sq] = 5 - 2 * cd;
        t.pst[1][5][sq] = 10 - 4 * cd;

        // King: sheltered on the back rank in the middle game, central in the endgame.
        if (r == 0) {
            constexpr int shelter[8] = {10, 20, 20, 0, -10, 0, 20, 10};
            t.pst[0][6][sq] = shelter[f];
        } else {
            t.pst[0][6][sq] = r >= 4 ? -60 : -15 * r;
        }
        t.pst[1][6][sq] = 20 - 8 * cd;
    }
    return t;
}

constexpr Tables kTables = make_tables();

int popcount(zz::Bitboard b) noexcept { return __builtin_popcountll(b); }
int lsb(zz::Bitboard b) noexcept { return __builtin_ctzll(b); }

}  // namespace

void Snapshot::read(const zz::Board &board) {
    static constexpr zz::PieceType kTypes[7] = {
        zz::PieceType::None, zz::PieceType::Pawn,  zz::PieceType::Knight, zz::PieceType::Bishop,
        zz::PieceType::Rook, zz::PieceType::Queen, zz::PieceType::King};
    for (int c = 0; c < 2; ++c) {
        side[c] = 0;
        for (int t = 1; t <= 6; ++t) {
            by[c][t] = board.pieces(static_cast<zz::Color>(c), kTypes[t]);
            side[c] |= by[c][t];
        }
    }
}

int evaluate(const Snapshot &s, zz::Color side_to_move) noexcept {
    int mg[2] = {0, 0};
    int eg[2] = {0, 0};
    int material_eg[2] = {0, 0};
    int phase = 0;
    for (int c = 0; c < 2; ++c) {
        for (int t = 1; t <= 6; ++t) {
            for (zz::Bitboard b = s.by[c][t]; b != 0; b &= b - 1) {
                const int sq = lsb(b);
                const int rel = c == 0 ? sq : sq ^ 56;  // mirror ranks for black
                mg[c] += kMgValue[t] + kTables.pst[0][t][rel];
                eg[c] += kEgValue[t] + kTables.pst[1][t][rel];
                material_eg[c] += kEgValue[t];
                phase += kPhase[t];
            }
        }
        if (popcount(s.by[c][3]) >= 2) {
            mg[c] += 30;
            eg[c] += 40;
        }
    }

    // Mop-up: a side far ahead against a pawnless opponent herds the king to the edge and
    // brings its own king closer.
    for (int c = 0; c < 2; ++c) {
        const int o = 1 - c;
        if (s.by[o][1] == 0 && material_eg[c] - material_eg[o] >= 400 && s.by[c][6] != 0 &&
            s.by[o][6] != 0) {
            const int ks = lsb(s.by[c][6]);
            const int ko = lsb(s.by[o][6]);
            const int dist = std::abs((ks & 7) - (ko & 7)) + std::abs((ks >> 3) - (ko >> 3));
            eg[c] += 12 * center_distance(ko) + 5 * (14 - dist);
        }
    }

    if (phase > kMaxPhase) {
        phase = kMaxPhase;
    }
    const int mg_score = mg[0] - mg[1];
    const int eg_score = eg[0] - eg[1];
    int score = (mg_score * phase + eg_score * (kMaxPhase - phase)) / kMaxPhase;
    if (side_to_move == zz::Color::Black) {
        score = -score;
    }
    return score + 10;  // tempo
}

}  // namespace engine

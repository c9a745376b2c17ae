// Tests of the C++ wrapper bindings/cpp/include/zugzwang.hpp against the C API's own answers.
//
//   test_wrapper DATA_DIR [MAX_NODES]
//
// DATA_DIR is tests/data. MAX_NODES (default 10000000, K/M suffixes) bounds the perft counts of
// tests/data/perft/standard.epd recomputed through the wrapper.
//
// - every Board method vs the C function it wraps, on every position of the perft EPD files
//   (standard, tricky, relaxed, random, Chess960) and along seeded random walks from them: the
//   legal moves and every per-move answer (SAN, LAN, UCI, parse back, gives_check, capture …),
//   every per-square answer (pieces, attackers, legal moves from), FEN with every output flag,
//   clocks, keys, draw and outcome queries; push/pop/peek/move_stack step by step;
// - Move decoding vs zz_move_*; Square/Color/PieceType/Piece names; MoveList container rules;
// - ownership: copy = independent clone, move, raw()/release()/adopt();
// - perft through the wrapper on the standard positions, perft_divide vs zz_perft_divide,
//   perft_ex (threads, hash, leaf statistics) vs zz_perft_ex;
// - scripted game endings (mate, stalemate, repetition, fifty/seventy-five, material);
// - every bad input throws zz::Error with the right status and the C library's message.
//
// Also linked into this program: odr_a.cpp and odr_b.cpp (two TUs that include the header and
// use it) and standalone.cpp (a TU that includes only the header).
#include "zugzwang.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "check.hpp"

int odr_a_run();  // odr_a.cpp
int odr_b_run();  // odr_b.cpp

namespace {

const char *const kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// ---------------------------------------------------------------------------------------------
// Compile-time properties

static_assert(std::is_same<zz::MoveList::iterator, zz::Move *>::value, "contiguous iterator");
static_assert(std::is_same<zz::MoveList::const_iterator, const zz::Move *>::value, "contiguous");
static_assert(zz::MoveList::capacity() == ZZ_MAX_MOVES, "capacity");
static_assert(std::is_nothrow_move_constructible<zz::Board>::value, "cheap move");
static_assert(std::is_nothrow_move_assignable<zz::Board>::value, "cheap move");
static_assert(std::is_copy_constructible<zz::Board>::value, "copy clones");
static_assert(sizeof(zz::Board) == sizeof(void *), "a Board is one pointer");
static_assert(std::is_base_of<std::runtime_error, zz::Error>::value, "Error is a runtime_error");
static_assert(zz::square(4, 3) == zz::Square::E4, "square()");
static_assert(zz::square_name(zz::Square::H8) == "h8", "square_name");
static_assert(zz::square_file(zz::Square::C7) == 2 && zz::square_rank(zz::Square::C7) == 6, "");
static_assert(zz::bit(zz::Square::A2) == 0x100, "bit()");
static_assert(zz::opposite(zz::Color::White) == zz::Color::Black, "opposite");
static_assert(zz::Piece{zz::Color::White, zz::PieceType::Knight}.symbol() == 'N', "symbol");
static_assert(zz::Piece{zz::Color::Black, zz::PieceType::Queen}.symbol() == 'q', "symbol");
static_assert(zz::Move::make(zz::Square::E7, zz::Square::E8, zz::MoveKind::Promotion,
                             zz::PieceType::Queen)
                      .promotion() == zz::PieceType::Queen,
              "Move::make");
static_assert(zz::Move().is_null() && !zz::Move(), "null move");
static_assert(zz::Outcome{zz::Termination::Checkmate, zz::Color::Black}.result() == "0-1", "");

// ---------------------------------------------------------------------------------------------
// Helpers over the raw C API (the oracle)

std::vector<zz_move> c_legal_moves(const zz_board *b) {
    zz_move buf[ZZ_MAX_MOVES];
    std::size_t n = 0;
    if (zz_board_legal_moves(b, buf, ZZ_MAX_MOVES, &n) != ZZ_STATUS_OK) {
        zzt::fail(__FILE__, __LINE__, "zz_board_legal_moves failed");
        return {};
    }
    return std::vector<zz_move>(buf, buf + n);
}

std::vector<zz_move> c_legal_moves_from(const zz_board *b, int sq) {
    zz_move buf[ZZ_MAX_MOVES];
    std::size_t n = 0;
    if (zz_board_legal_moves_from(b, sq, buf, ZZ_MAX_MOVES, &n) != ZZ_STATUS_OK) {
        zzt::fail(__FILE__, __LINE__, "zz_board_legal_moves_from failed");
        return {};
    }
    return std::vector<zz_move>(buf, buf + n);
}

// A string output of the C API, or "<status N>" when it fails.
template <typename F>
std::string c_string(F call, std::size_t cap) {
    std::vector<char> buf(cap);
    std::size_t len = 0;
    zz_status rc = call(buf.data(), cap, &len);
    if (rc != ZZ_STATUS_OK) {
        return "<status " + std::to_string(static_cast<int>(rc)) + ">";
    }
    return std::string(buf.data());
}

std::vector<zz::Move> as_moves(const zz::MoveList &list) {
    return std::vector<zz::Move>(list.begin(), list.end());
}

std::vector<zz::Move> as_moves(const std::vector<zz_move> &raw) {
    std::vector<zz::Move> out;
    for (zz_move m : raw) {
        out.push_back(zz::Move(m));
    }
    return out;
}

std::string join(const std::vector<std::string> &v) {
    std::string s;
    for (const auto &x : v) {
        if (!s.empty()) {
            s += ' ';
        }
        s += x;
    }
    return s;
}

// What a failing raw C call leaves as zz_last_error_message(), for comparison with Error::what().
template <typename F>
std::string c_error_message(F call) {
    zz_status rc = call();
    if (rc == ZZ_STATUS_OK) {
        return "<no error>";
    }
    const char *m = zz_last_error_message();
    return m[0] != '\0' ? std::string(m) : std::string(zz_status_str(rc));
}

// The zz::Error thrown by `f`, or a failed check.
template <typename F>
std::optional<zz::Error> caught(F f, int line) {
    try {
        f();
    } catch (const zz::Error &e) {
        return e;
    } catch (const std::exception &e) {
        zzt::fail(__FILE__, line, std::string("unexpected exception: ") + e.what());
        return std::nullopt;
    }
    zzt::fail(__FILE__, line, "no exception");
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Move decoding and per-move answers

void check_move_decoding(zz::Move m) {
    const zz_move r = m.raw();
    CHECK_EQ(zz::square_index(m.from()), zz_move_from_square(r));
    CHECK_EQ(zz::square_index(m.to()), zz_move_to_square(r));
    CHECK_EQ(static_cast<int>(m.promotion()), zz_move_promotion(r));
    CHECK_EQ(static_cast<int>(m.kind()), zz_move_kind(r));
    CHECK_EQ(zz::Move::make(m.from(), m.to(), m.kind(), m.promotion()), m);
}

// Every per-move method of `board` for the legal move `m` vs the C API.
void check_move_answers(const zz::Board &board, zz::Move m, bool chess960) {
    const zz_board *c = board.raw();
    const zz_move r = m.raw();
    check_move_decoding(m);

    const std::string uci = board.uci(m);
    CHECK_EQ(uci, c_string([&](char *b, std::size_t n, std::size_t *l) {
                 return zz_board_uci(c, r, b, n, l);
             }, ZZ_UCI_MAX));
    const std::string san = board.san(m);
    CHECK_EQ(san, c_string([&](char *b, std::size_t n, std::size_t *l) {
                 return zz_board_san(c, r, b, n, l);
             }, ZZ_SAN_MAX));
    CHECK_EQ(board.lan(m), c_string([&](char *b, std::size_t n, std::size_t *l) {
                 return zz_board_lan(c, r, b, n, l);
             }, ZZ_SAN_MAX));

    // Move::uci() is the encoding's text: equal to the board's except standard castling.
    if (m.kind() == zz::MoveKind::Castling && !chess960) {
        CHECK(m.uci() != uci);
        CHECK_EQ(m.uci(), std::string(zz::square_name(m.from())) +
                              std::string(zz::square_name(m.to())));
    } else {
        CHECK_EQ(m.uci(), uci);
    }
    // Both UCI forms and the SAN parse back to the move.
    CHECK_EQ(board.parse_uci(uci), m);
    CHECK_EQ(board.parse_uci(m.uci()), m);
    CHECK_EQ(board.parse_san(san), m);
    CHECK_EQ(board.parse_san(san, zz::SanFlags::Strict), m);
    zz_move parsed = 0;
    CHECK(zz_board_parse_san(c, san.c_str(), ZZ_SAN_STRICT, &parsed) == ZZ_STATUS_OK);
    CHECK_EQ(parsed, r);

    bool gives = false;
    CHECK(zz_board_gives_check(c, r, &gives) == ZZ_STATUS_OK);
    CHECK_EQ(board.gives_check(m), gives);
    CHECK_EQ(board.is_capture(m), zz_board_is_capture(c, r));
    CHECK_EQ(board.is_en_passant(m), zz_board_is_en_passant(c, r));
    CHECK_EQ(board.is_castling(m), zz_board_is_castling(c, r));
    CHECK_EQ(board.is_zeroing(m), zz_board_is_zeroing(c, r));
    CHECK_EQ(board.is_castling(m), m.kind() == zz::MoveKind::Castling);
    CHECK_EQ(board.is_en_passant(m), m.kind() == zz::MoveKind::EnPassant);
}

// ---------------------------------------------------------------------------------------------
// Every position-level method vs the C API

const zz::FenFlags kFenOutFlags[] = {
    zz::FenFlags::None,
    zz::FenFlags::Shredder,
    zz::FenFlags::EpAlways,
    zz::FenFlags::EpPseudoLegal,
    zz::FenFlags::Shredder | zz::FenFlags::EpAlways,
    zz::FenFlags::Shredder | zz::FenFlags::EpPseudoLegal,
};

const zz::PieceType kTypes[] = {zz::PieceType::Pawn, zz::PieceType::Knight, zz::PieceType::Bishop,
                                zz::PieceType::Rook, zz::PieceType::Queen, zz::PieceType::King};
const zz::Color kColors[] = {zz::Color::White, zz::Color::Black};

void check_position(const zz::Board &board, bool chess960, bool per_move) {
    const zz_board *c = board.raw();

    for (zz::FenFlags f : kFenOutFlags) {
        CHECK_EQ(board.fen(f), c_string([&](char *b, std::size_t n, std::size_t *l) {
                     return zz_board_fen(c, static_cast<std::uint32_t>(f), b, n, l);
                 }, ZZ_FEN_MAX));
    }
    CHECK_EQ(static_cast<int>(board.turn()), zz_board_turn(c));
    CHECK_EQ(board.is_check(), zz_board_is_check(c));
    CHECK_EQ(board.is_checkmate(), zz_board_is_checkmate(c));
    CHECK_EQ(board.is_stalemate(), zz_board_is_stalemate(c));
    CHECK_EQ(board.is_insufficient_material(), zz_board_is_insufficient_material(c));
    CHECK_EQ(board.zobrist(), zz_board_zobrist(c));
    CHECK_EQ(board.checkers(), zz_board_checkers(c));
    CHECK_EQ(board.castling_rights(), zz_board_castling_rights(c));
    CHECK_EQ(board.ep_square() ? zz::square_index(*board.ep_square()) : -1,
             zz_board_ep_square(c));
    CHECK_EQ(board.legal_ep_square() ? zz::square_index(*board.legal_ep_square()) : -1,
             zz_board_legal_ep_square(c));
    CHECK_EQ(board.halfmove_clock(), zz_board_halfmove_clock(c));
    CHECK_EQ(board.fullmove_number(), zz_board_fullmove_number(c));
    CHECK_EQ(board.ply(), zz_board_ply(c));
    CHECK_EQ(board.move_count(), zz_board_move_count(c));
    for (std::uint32_t n = 0; n <= 6; ++n) {
        CHECK_EQ(board.is_repetition(n), zz_board_is_repetition(c, n));
    }
    CHECK_EQ(board.is_repetition(), zz_board_is_repetition(c, 3));
    CHECK_EQ(board.can_claim_threefold_repetition(), zz_board_can_claim_threefold_repetition(c));
    CHECK_EQ(board.is_fivefold_repetition(), zz_board_is_fivefold_repetition(c));
    CHECK_EQ(board.can_claim_fifty_moves(), zz_board_can_claim_fifty_moves(c));
    CHECK_EQ(board.is_seventyfive_moves(), zz_board_is_seventyfive_moves(c));
    for (bool claim : {false, true}) {
        CHECK_EQ(board.is_game_over(claim), zz_board_is_game_over(c, claim));
        zz_outcome o{-7, -7};
        CHECK(zz_board_outcome(c, claim, &o) == ZZ_STATUS_OK);
        const zz::Outcome out = board.outcome(claim);
        CHECK_EQ(static_cast<int>(out.termination), o.termination);
        CHECK_EQ(out.winner ? static_cast<int>(*out.winner) : -1, o.winner);
        CHECK_EQ(board.result(claim), std::string_view(zz_board_result(c, claim)));
        CHECK_EQ(out.result(), board.result(claim));
        CHECK_EQ(out.is_over(), board.is_game_over(claim));
    }
    CHECK_EQ(board.is_game_over(), zz_board_is_game_over(c, false));
    CHECK(board.outcome() == board.outcome(false));

    // Bitboards by color and type, with both-colors and all-types forms.
    zz::Bitboard all_from_types = 0;
    for (zz::Color col : kColors) {
        bool insufficient = false;
        CHECK(zz_board_has_insufficient_material(c, static_cast<int>(col), &insufficient) ==
              ZZ_STATUS_OK);
        CHECK_EQ(board.has_insufficient_material(col), insufficient);
        std::uint64_t bb = 0;
        CHECK(zz_board_pinned(c, static_cast<int>(col), &bb) == ZZ_STATUS_OK);
        CHECK_EQ(board.pinned(col), bb);
        CHECK(zz_board_pieces(c, static_cast<int>(col), ZZ_PIECE_TYPE_NONE, &bb) == ZZ_STATUS_OK);
        CHECK_EQ(board.pieces(col), bb);
        CHECK_EQ(board.pieces(col, zz::PieceType::None), zz::Bitboard{0});
        for (zz::PieceType t : kTypes) {
            CHECK(zz_board_pieces(c, static_cast<int>(col), static_cast<int>(t), &bb) ==
                  ZZ_STATUS_OK);
            CHECK_EQ(board.pieces(col, t), bb);
            all_from_types |= bb;
        }
    }
    for (zz::PieceType t : kTypes) {
        std::uint64_t bb = 0;
        CHECK(zz_board_pieces(c, -1, static_cast<int>(t), &bb) == ZZ_STATUS_OK);
        CHECK_EQ(board.pieces(t), bb);
    }
    CHECK_EQ(board.pieces(zz::PieceType::None), zz::Bitboard{0});
    std::uint64_t occ = 0;
    CHECK(zz_board_pieces(c, -1, ZZ_PIECE_TYPE_NONE, &occ) == ZZ_STATUS_OK);
    CHECK_EQ(board.occupied(), occ);
    CHECK_EQ(all_from_types, occ);

    // Every square.
    for (int i = 0; i < 64; ++i) {
        const zz::Square sq = zz::square_from_index(i);
        std::int32_t col = -2, type = -2;
        CHECK(zz_board_piece_at(c, i, &col, &type) == ZZ_STATUS_OK);
        const std::optional<zz::Piece> p = board.piece_at(sq);
        if (type == ZZ_PIECE_TYPE_NONE) {
            CHECK(!p.has_value());
            CHECK(!zz::contains(occ, sq));
        } else {
            CHECK(p.has_value());
            if (p) {
                CHECK_EQ(static_cast<int>(p->color), col);
                CHECK_EQ(static_cast<int>(p->type), type);
                CHECK(zz::contains(board.pieces(p->color, p->type), sq));
            }
        }
        for (zz::Color k : kColors) {
            std::uint64_t att = 0;
            bool attacked = false;
            CHECK(zz_board_attackers(c, static_cast<int>(k), i, &att) == ZZ_STATUS_OK);
            CHECK(zz_board_is_attacked_by(c, static_cast<int>(k), i, &attacked) == ZZ_STATUS_OK);
            CHECK_EQ(board.attackers(k, sq), att);
            CHECK_EQ(board.is_attacked_by(k, sq), attacked);
        }
        CHECK(as_moves(board.legal_moves_from(sq)) == as_moves(c_legal_moves_from(c, i)));
    }

    // Legal moves, SAN of all, and per-move answers.
    const zz::MoveList moves = board.legal_moves();
    const std::vector<zz_move> c_moves = c_legal_moves(c);
    CHECK(as_moves(moves) == as_moves(c_moves));
    CHECK_EQ(moves.size(), c_moves.size());
    CHECK_EQ(moves.empty(), board.is_checkmate() || board.is_stalemate());
    const std::vector<std::string> sans = board.san_all();
    CHECK_EQ(join(sans), c_string([&](char *b, std::size_t n, std::size_t *l) {
                 return zz_board_san_all(c, b, n, l);
             }, ZZ_SAN_ALL_MAX));
    CHECK_EQ(sans.size(), moves.size());
    std::unordered_set<zz::Move> unique(moves.begin(), moves.end());
    CHECK_EQ(unique.size(), moves.size());
    if (per_move) {
        for (std::size_t i = 0; i < moves.size(); ++i) {
            check_move_answers(board, moves[i], chess960);
            if (i < sans.size()) {
                CHECK_EQ(sans[i], board.san(moves[i]));
            }
        }
    }

    // Move stack and peek.
    std::vector<zz_move> stack(board.move_count() + 1);
    std::size_t n = 0;
    CHECK(zz_board_move_stack(c, stack.data(), stack.size(), &n) == ZZ_STATUS_OK);
    stack.resize(n);
    CHECK(board.move_stack() == as_moves(stack));
    zz_move last = 0;
    if (zz_board_peek(c, &last) == ZZ_STATUS_OK) {
        CHECK_EQ(board.peek(), zz::Move(last));
        CHECK(!stack.empty() && stack.back() == last);
    } else {
        CHECK_THROWS_STATUS(board.peek(), ZZ_STATUS_EMPTY_HISTORY);
        CHECK(stack.empty());
    }
}

// ---------------------------------------------------------------------------------------------
// EPD files

struct EpdLine {
    std::string fen;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> counts;
};

std::string trim(const std::string &s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) {
        return "";
    }
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::vector<EpdLine> read_epd(const std::string &path) {
    std::ifstream in(path);
    if (!in) {
        zzt::fail(__FILE__, __LINE__, "cannot open " + path);
        return {};
    }
    std::vector<EpdLine> out;
    std::string line;
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#') {
            continue;
        }
        EpdLine e;
        std::size_t semi = line.find(';');
        e.fen = trim(line.substr(0, semi));
        while (semi != std::string::npos) {
            std::size_t next = line.find(';', semi + 1);
            std::string op = trim(line.substr(semi + 1, next == std::string::npos
                                                            ? std::string::npos
                                                            : next - semi - 1));
            semi = next;
            if (op.size() > 1 && op[0] == 'D') {
                std::istringstream is(op.substr(1));
                std::uint32_t d = 0;
                std::uint64_t n = 0;
                if (is >> d >> n) {
                    e.counts.emplace_back(d, n);
                }
            }
        }
        out.push_back(std::move(e));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Sections

void test_library_info() {
    CHECK_EQ(zz::version(), std::string_view(ZZ_VERSION_STRING));
    CHECK_EQ(zz::version_number(), static_cast<std::uint32_t>(ZZ_VERSION_NUMBER));
    for (int s = 0; s <= 12; ++s) {
        CHECK_EQ(zz::status_str(static_cast<zz_status>(s)), std::string_view(zz_status_str(s)));
    }
}

void test_value_types() {
    // Squares.
    for (int i = 0; i < 64; ++i) {
        const zz::Square s = zz::square_from_index(i);
        CHECK_EQ(zz::square_index(s), i);
        CHECK_EQ(zz::square(zz::square_file(s), zz::square_rank(s)), s);
        const std::string nm(zz::square_name(s));
        CHECK_EQ(nm.size(), std::size_t{2});
        CHECK_EQ(nm[0], static_cast<char>('a' + i % 8));
        CHECK_EQ(nm[1], static_cast<char>('1' + i / 8));
        CHECK_EQ(zz::parse_square(nm), s);
        CHECK_EQ(zz::bit(s), std::uint64_t{1} << i);
    }
    CHECK_EQ(zz::square_index(zz::Square::E4), 28);
    CHECK_EQ(zz::square_index(zz::Square::H8), 63);
    std::ostringstream os;
    os << zz::Square::G7 << ' ' << zz::Color::Black << ' ' << zz::PieceType::Knight << ' '
       << zz::Piece{zz::Color::White, zz::PieceType::Rook} << ' '
       << zz::Move::make(zz::Square::E2, zz::Square::E4) << ' ' << zz::Termination::FiftyMoves;
    CHECK_EQ(os.str(), std::string("g7 black knight R e2e4 fifty moves"));

    // Colors, piece types, pieces.
    CHECK_EQ(zz::name(zz::Color::White), std::string_view("white"));
    CHECK_EQ(zz::opposite(zz::Color::Black), zz::Color::White);
    const char *names[] = {"none", "pawn", "knight", "bishop", "rook", "queen", "king"};
    const char symbols[] = "-pnbrqk";
    for (int t = 0; t <= 6; ++t) {
        CHECK_EQ(zz::name(static_cast<zz::PieceType>(t)), std::string_view(names[t]));
        CHECK_EQ(zz::piece_type_symbol(static_cast<zz::PieceType>(t)), symbols[t]);
    }
    for (char ch : std::string("PNBRQKpnbrqk")) {
        const auto p = zz::Piece::from_symbol(ch);
        CHECK(p.has_value());
        if (p) {
            CHECK_EQ(p->symbol(), ch);
        }
    }
    CHECK(!zz::Piece::from_symbol('x').has_value());
    CHECK(!zz::Piece::from_symbol('1').has_value());
    CHECK(zz::Piece::from_symbol('n') == (zz::Piece{zz::Color::Black, zz::PieceType::Knight}));
    CHECK(zz::Piece::from_symbol('N') != (zz::Piece{zz::Color::Black, zz::PieceType::Knight}));

    // Termination names and outcome results.
    for (int t = 0; t <= 7; ++t) {
        CHECK(zz::name(static_cast<zz::Termination>(t)) != "unknown");
    }
    CHECK_EQ((zz::Outcome{zz::Termination::None, std::nullopt}.result()), std::string_view("*"));
    CHECK_EQ((zz::Outcome{zz::Termination::Stalemate, std::nullopt}.result()),
             std::string_view("1/2-1/2"));
    CHECK_EQ((zz::Outcome{zz::Termination::Checkmate, zz::Color::White}.result()),
             std::string_view("1-0"));

    // Moves: every raw 16-bit value decodes as the C API decodes it.
    for (std::uint32_t r = 0; r < 65536; ++r) {
        const zz::Move m(static_cast<zz_move>(r));
        if (zz::square_index(m.from()) != zz_move_from_square(m.raw()) ||
            zz::square_index(m.to()) != zz_move_to_square(m.raw()) ||
            static_cast<int>(m.promotion()) != zz_move_promotion(m.raw()) ||
            static_cast<int>(m.kind()) != zz_move_kind(m.raw())) {
            zzt::fail(__FILE__, __LINE__, "Move decoding differs from C for raw " +
                                              std::to_string(r));
            break;
        }
    }
    ++zzt::check_count();
    const zz::Move null_move;
    CHECK(null_move.is_null());
    CHECK_EQ(null_move.raw(), zz_move{0});
    CHECK_EQ(null_move.uci(), std::string("0000"));
    const zz::Move e2e4 = zz::Move::make(zz::Square::E2, zz::Square::E4);
    const zz::Move e7e8q = zz::Move::make(zz::Square::E7, zz::Square::E8, zz::MoveKind::Promotion,
                                          zz::PieceType::Queen);
    CHECK(e2e4 && !e2e4.is_null());
    CHECK_EQ(e2e4.uci(), std::string("e2e4"));
    CHECK_EQ(e7e8q.uci(), std::string("e7e8q"));
    CHECK_EQ(e7e8q.kind(), zz::MoveKind::Promotion);
    CHECK_EQ(e2e4.promotion(), zz::PieceType::None);
    CHECK(e2e4 != e7e8q);
    CHECK((e2e4 < e7e8q) == (e2e4.raw() < e7e8q.raw()));
    CHECK((e2e4 > e7e8q) == (e2e4.raw() > e7e8q.raw()));
    CHECK(e2e4 <= e2e4 && e2e4 >= e2e4);
    CHECK_EQ(std::hash<zz::Move>{}(e2e4), std::hash<zz::Move>{}(zz::Move(e2e4.raw())));
    std::set<zz::Move> ordered{e7e8q, e2e4, e2e4};
    CHECK_EQ(ordered.size(), std::size_t{2});
    for (zz::PieceType t : {zz::PieceType::Knight, zz::PieceType::Bishop, zz::PieceType::Rook,
                            zz::PieceType::Queen}) {
        const zz::Move m =
            zz::Move::make(zz::Square::B7, zz::Square::A8, zz::MoveKind::Promotion, t);
        CHECK_EQ(m.promotion(), t);
        CHECK_EQ(zz_move_promotion(m.raw()), static_cast<int>(t));
    }

}

void test_move_list() {
    zz::MoveList list;
    CHECK(list.empty());
    CHECK_EQ(list.size(), std::size_t{0});
    CHECK(list.begin() == list.end());
    bool threw = false;
    try {
        (void)list.at(0);
    } catch (const std::out_of_range &) {
        threw = true;
    }
    CHECK(threw);
    for (int i = 0; i < ZZ_MAX_MOVES; ++i) {
        list.push_back(zz::Move(static_cast<zz_move>(i + 1)));
    }
    CHECK_EQ(list.size(), list.capacity());
    threw = false;
    try {
        list.push_back(zz::Move(1));
    } catch (const std::length_error &) {
        threw = true;
    }
    CHECK(threw);
    CHECK(list.contains(zz::Move(256)));
    CHECK(!list.contains(zz::Move(257)));
    CHECK_EQ(list.at(9), zz::Move(10));
    CHECK_EQ(static_cast<std::size_t>(std::distance(list.begin(), list.end())), list.size());
    CHECK(list.data() == &list[0]);
    CHECK(list.raw_data() == reinterpret_cast<const zz_move *>(list.data()));
    CHECK(&*(list.begin() + 100) == &list[100]);
    std::size_t visited = 0;
    for (zz::Move m : list) {
        CHECK_EQ(m.raw(), static_cast<zz_move>(visited + 1));
        ++visited;
    }
    CHECK_EQ(visited, list.size());
    list.clear();
    CHECK(list.empty());

    // Legal moves of the start position as a list: sortable in place, range-for, copyable.
    zz::Board board;
    zz::MoveList moves = board.legal_moves();
    CHECK_EQ(moves.size(), std::size_t{20});
    std::sort(moves.begin(), moves.end());
    CHECK(std::is_sorted(moves.cbegin(), moves.cend()));
    const zz::MoveList copy = moves;
    CHECK(std::equal(copy.begin(), copy.end(), moves.begin(), moves.end()));
    std::size_t n = 0;
    for (const zz::Move &m : board.legal_moves()) {
        CHECK(moves.contains(m));
        ++n;
    }
    CHECK_EQ(n, std::size_t{20});
    // A mate has an empty list.
    zz::Board mate("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(mate.legal_moves().empty());
}

void test_ownership() {
    zz::Board a;
    CHECK(!a.empty());
    CHECK(a.raw() != nullptr);
    a.push_uci("e2e4");

    // Copy = clone: independent position and history.
    zz::Board b = a;
    CHECK(b.raw() != a.raw());
    CHECK_EQ(b.fen(), a.fen());
    CHECK_EQ(b.move_count(), 1u);
    b.push_uci("e7e5");
    CHECK_EQ(a.move_count(), 1u);
    CHECK_EQ(b.move_count(), 2u);
    CHECK(a.fen() != b.fen());
    zz::Board c = b.clone();
    CHECK(c.raw() != b.raw());
    CHECK_EQ(c.fen(), b.fen());
    CHECK(c.move_stack() == b.move_stack());
    CHECK_EQ(c.pop(), b.peek());
    CHECK_EQ(b.move_count(), 2u);

    // Copy assignment (also to self).
    c = a;
    CHECK_EQ(c.fen(), a.fen());
    CHECK(c.raw() != a.raw());
    const zz::Board &alias = c;
    c = alias;
    CHECK_EQ(c.fen(), a.fen());

    // Move: the handle travels, the source is empty.
    zz_board *handle = b.raw();
    zz::Board d = std::move(b);
    CHECK(d.raw() == handle);
    CHECK(b.empty());  // documented moved-from state
    CHECK(b.raw() == nullptr);
    CHECK_THROWS_STATUS(b.legal_moves(), ZZ_STATUS_NULL_PARAMETER);
    CHECK_THROWS_STATUS(b.fen(), ZZ_STATUS_NULL_PARAMETER);
    CHECK_THROWS_STATUS(b.push_uci("e2e4"), ZZ_STATUS_NULL_PARAMETER);
    CHECK(!b.is_check());
    CHECK_EQ(b.zobrist(), std::uint64_t{0});
    CHECK_EQ(b.result(), std::string_view("*"));
    zz::Board e = b;  // copying an empty board gives an empty board
    CHECK(e.empty());
    b = d;  // an empty board can be assigned to
    CHECK(!b.empty());
    CHECK_EQ(b.fen(), d.fen());
    zz::Board f;
    f = std::move(d);
    CHECK(f.raw() == handle);

    // release() / adopt(): ownership leaves and comes back.
    zz_board *raw = f.release();
    CHECK(f.empty());
    CHECK(raw == handle);
    CHECK_EQ(zz_board_move_count(raw), 2u);
    zz::Board g = zz::Board::adopt(raw);
    CHECK(g.raw() == raw);
    CHECK_EQ(g.move_count(), 2u);
    CHECK(zz::Board::adopt(nullptr).empty());

    // A board from the C API; from_fen() is the constructor.
    zz_board *cb = nullptr;
    CHECK(zz_board_from_fen("8/8/8/8/8/8/8/K6k w - - 0 1", 0, &cb) == ZZ_STATUS_OK);
    zz::Board h = zz::Board::adopt(cb);
    CHECK_EQ(h.fen(), std::string("8/8/8/8/8/8/8/K6k w - - 0 1"));
    CHECK_EQ(zz::Board::from_fen(kStartFen).fen(), zz::Board().fen());
    const zz::Board cst(kStartFen);
    CHECK(cst.raw() != nullptr);
}

void test_strings() {
    // string_view inputs that are not NUL-terminated are copied before the C call.
    const std::string text = "e2e4e7e5";
    const std::string_view sv(text);
    zz::Board b;
    const zz::Move m1 = b.push_uci(sv.substr(0, 4));
    CHECK_EQ(b.peek(), m1);
    CHECK_EQ(b.move_stack().back(), m1);
    CHECK_EQ(m1.uci(), std::string("e2e4"));
    const zz::Move m2 = b.push_uci(sv.substr(4, 4));
    CHECK_EQ(m2.uci(), std::string("e7e5"));
    CHECK_EQ(b.move_count(), 2u);

    const std::string fen_and_junk = std::string(kStartFen) + " XYZ";
    const zz::Board f(std::string_view(fen_and_junk).substr(0, std::strlen(kStartFen)));
    CHECK_EQ(f.fen(), std::string(kStartFen));
    CHECK_EQ(zz::parse_square(std::string_view("e4xx").substr(0, 2)), zz::Square::E4);

    const std::string sans = "Nf3Nc6";
    zz::Board s;
    const zz::Move want = s.parse_san("Nf3");
    CHECK_EQ(s.push_san(std::string_view(sans).substr(0, 3)), want);
    CHECK_EQ(s.push_san(std::string_view(sans).substr(3, 3), zz::SanFlags::Strict),
             zz::Move::make(zz::Square::B8, zz::Square::C6));

    // The stack buffer (< 256 bytes) and the heap path (longer) give the C library's answer.
    const std::string long_fen = std::string(kStartFen) + std::string(300, ' ');
    const std::string long_junk(400, 'x');
    for (const std::string *in : {&long_fen, &long_junk}) {
        zz_board *cb = nullptr;
        const zz_status rc = zz_board_from_fen(in->c_str(), 0, &cb);
        const std::string c_msg = rc == ZZ_STATUS_OK ? "" : zz_last_error_message();
        zz_board_free(cb);
        try {
            zz::Board w(*in);
            CHECK_EQ(rc, ZZ_STATUS_OK);
            CHECK_EQ(w.fen(), std::string(kStartFen));
        } catch (const zz::Error &e) {
            CHECK_EQ(e.status(), rc);
            CHECK_EQ(std::string(e.what()), c_msg);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors: the wrapper throws zz::Error with the C call's status and message.

// Runs the wrapper call (must throw status `want`) and the equivalent C call (must fail with the
// same status); the Error's what() must equal the C call's zz_last_error_message().
template <typename W, typename C>
void check_error_at(W wrapper_call, zz_status want, C c_call, int line) {
    const std::optional<zz::Error> e = caught(wrapper_call, line);
    const zz_status c_rc = c_call();
    const std::string c_msg = zz_last_error_message()[0] != '\0'
                                  ? std::string(zz_last_error_message())
                                  : std::string(zz_status_str(c_rc));
    zzt::check_count() += 4;
    if (!e) {
        return;
    }
    if (e->status() != want) {
        zzt::fail(__FILE__, line, "status " + std::to_string(static_cast<int>(e->status())) +
                                      ", expected " + std::to_string(static_cast<int>(want)) +
                                      " (" + e->what() + ")");
    }
    if (c_rc != want) {
        zzt::fail(__FILE__, line, "the C call gave status " +
                                      std::to_string(static_cast<int>(c_rc)));
    }
    if (std::string(e->what()) != c_msg) {
        zzt::fail(__FILE__, line, std::string("what() '") + e->what() + "' vs C '" + c_msg + "'");
    }
    if (e->status_str() != std::string_view(zz_status_str(want))) {
        zzt::fail(__FILE__, line, "status_str");
    }
}

#define CHECK_ERROR(wrapper_expr, want, c_expr)                                                 \
    check_error_at([&] { (void)(wrapper_expr); }, (want), [&]() -> zz_status { return (c_expr); }, \
                   __LINE__)

// A C constructor call that must fail; frees the board if it did not.
zz_status c_from_fen(const char *fen, std::uint32_t flags) {
    zz_board *b = nullptr;
    const zz_status rc = zz_board_from_fen(fen, flags, &b);
    zz_board_free(b);
    return rc;
}

void test_errors() {
    // Constructors and set_fen.
    const char *bad_fens[] = {
        "not a fen",
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",                                   // no kings
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",    // side to move
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1",    // pawn on rank 1
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",    // castling without rook
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",   // ep without pawn
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",    // clock
        "4k3/8/8/8/8/8/8/4K2R b K - 0 1 extra",                        // extra field
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                             // side not to move in check
    };
    for (const char *fen : bad_fens) {
        CHECK_ERROR(zz::Board(fen), ZZ_STATUS_INVALID_FEN, c_from_fen(fen, 0));
        CHECK_ERROR(zz::Board::from_fen(fen, zz::FenFlags::Chess960), ZZ_STATUS_INVALID_FEN,
                    c_from_fen(fen, ZZ_FEN_CHESS960));
    }
    CHECK_ERROR(zz::Board(kStartFen, static_cast<zz::FenFlags>(0x40)), ZZ_STATUS_INVALID_ARGUMENT,
                c_from_fen(kStartFen, 0x40));
    CHECK_ERROR(zz::Board(kStartFen, zz::FenFlags::Shredder), ZZ_STATUS_INVALID_ARGUMENT,
                c_from_fen(kStartFen, ZZ_FEN_SHREDDER));
    CHECK_ERROR(zz::Board("\xff\xfe/8/8"), ZZ_STATUS_INVALID_STRING, c_from_fen("\xff\xfe/8/8", 0));
    CHECK_THROWS_STATUS(zz::Board(std::string("8/8/8\0/8", 8)), ZZ_STATUS_INVALID_STRING);

    zz::Board board;
    board.push_uci("e2e4");
    const std::string fen_before = board.fen();
    const auto unchanged = [&](int line) {
        ++zzt::check_count();
        if (board.fen() != fen_before || board.move_count() != 1) {
            zzt::fail(__FILE__, line, "board changed by a failed call");
        }
    };
    zz_board *c = board.raw();

    CHECK_ERROR(board.set_fen("8/8/8/8/8/8/8/8 w - - 0 1"), ZZ_STATUS_INVALID_FEN,
                zz_board_set_fen(c, "8/8/8/8/8/8/8/8 w - - 0 1", 0));
    unchanged(__LINE__);
    CHECK_ERROR(board.set_fen(kStartFen, static_cast<zz::FenFlags>(0x100)),
                ZZ_STATUS_INVALID_ARGUMENT, zz_board_set_fen(c, kStartFen, 0x100));
    unchanged(__LINE__);
    CHECK_THROWS_STATUS(board.set_fen(std::string_view("8/8\0", 4)), ZZ_STATUS_INVALID_STRING);
    unchanged(__LINE__);

    // FEN output flags.
    char buf[ZZ_FEN_MAX];
    CHECK_ERROR(board.fen(zz::FenFlags::EpAlways | zz::FenFlags::EpPseudoLegal),
                ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_fen(c, ZZ_FEN_EP_ALWAYS | ZZ_FEN_EP_PSEUDO_LEGAL, buf, sizeof buf, nullptr));
    CHECK_ERROR(board.fen(static_cast<zz::FenFlags>(0x80)), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_fen(c, 0x80, buf, sizeof buf, nullptr));

    // Moves.
    const zz::Move e7e4 = zz::Move::make(zz::Square::E7, zz::Square::E4);
    CHECK_ERROR(board.push(zz::Move()), ZZ_STATUS_ILLEGAL_MOVE, zz_board_push(c, 0));
    unchanged(__LINE__);
    CHECK_ERROR(board.push(e7e4), ZZ_STATUS_ILLEGAL_MOVE, zz_board_push(c, e7e4.raw()));
    unchanged(__LINE__);
    for (const char *uci : {"e7e4", "e2e4", "e8e7", "a7a5q"}) {
        zz_move m = 0;
        CHECK_ERROR(board.push_uci(uci), ZZ_STATUS_ILLEGAL_MOVE, zz_board_push_uci(c, uci));
        CHECK_ERROR(board.parse_uci(uci), ZZ_STATUS_ILLEGAL_MOVE, zz_board_parse_uci(c, uci, &m));
        unchanged(__LINE__);
    }
    for (const char *uci : {"", "e7", "e9e4", "i7i5", "e7e5x", "e7e5k", "E7E5", "e7-e5", "O-O"}) {
        zz_move m = 0;
        CHECK_ERROR(board.push_uci(uci), ZZ_STATUS_INVALID_UCI, zz_board_push_uci(c, uci));
        CHECK_ERROR(board.parse_uci(uci), ZZ_STATUS_INVALID_UCI, zz_board_parse_uci(c, uci, &m));
        unchanged(__LINE__);
    }
    {
        zz_move m = 0;
        CHECK_ERROR(board.push_uci("\xff\xff"), ZZ_STATUS_INVALID_STRING,
                    zz_board_push_uci(c, "\xff\xff"));
        CHECK_ERROR(board.parse_uci("\xc3"), ZZ_STATUS_INVALID_STRING,
                    zz_board_parse_uci(c, "\xc3", &m));
        CHECK_THROWS_STATUS(board.push_uci(std::string_view("e7e5\0", 5)), ZZ_STATUS_INVALID_STRING);
        CHECK_THROWS_STATUS(board.parse_uci(std::string_view("e7\0e5", 5)), ZZ_STATUS_INVALID_STRING);
        unchanged(__LINE__);
    }

    // Notation of illegal moves.
    char sbuf[ZZ_SAN_MAX];
    bool flag = false;
    CHECK_ERROR(board.san(e7e4), ZZ_STATUS_ILLEGAL_MOVE,
                zz_board_san(c, e7e4.raw(), sbuf, sizeof sbuf, nullptr));
    CHECK_ERROR(board.san(zz::Move()), ZZ_STATUS_ILLEGAL_MOVE,
                zz_board_san(c, 0, sbuf, sizeof sbuf, nullptr));
    CHECK_ERROR(board.lan(e7e4), ZZ_STATUS_ILLEGAL_MOVE,
                zz_board_lan(c, e7e4.raw(), sbuf, sizeof sbuf, nullptr));
    CHECK_ERROR(board.gives_check(e7e4), ZZ_STATUS_ILLEGAL_MOVE,
                zz_board_gives_check(c, e7e4.raw(), &flag));

    // SAN input.
    struct SanCase {
        const char *san;
        std::uint32_t flags;
        zz_status want;
    };
    const SanCase san_cases[] = {
        {"", 0, ZZ_STATUS_INVALID_SAN},
        {"Zz9", 0, ZZ_STATUS_INVALID_SAN},
        {"e9", 0, ZZ_STATUS_INVALID_SAN},
        {"Ke7e5e4", 0, ZZ_STATUS_INVALID_SAN},
        {"Ke6", 0, ZZ_STATUS_ILLEGAL_MOVE},
        {"e4", 0, ZZ_STATUS_ILLEGAL_MOVE},
        {"O-O", 0, ZZ_STATUS_ILLEGAL_MOVE},
        {"e5+", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN},   // strict: no extra '+'
        {"e7e5", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN},  // strict: not UCI
        {"e5", 0x2, ZZ_STATUS_INVALID_ARGUMENT},
    };
    for (const SanCase &sc : san_cases) {
        zz_move m = 0;
        const auto f = static_cast<zz::SanFlags>(sc.flags);
        CHECK_ERROR(board.parse_san(sc.san, f), sc.want, zz_board_parse_san(c, sc.san, sc.flags, &m));
        CHECK_ERROR(board.push_san(sc.san, f), sc.want,
                    zz_board_push_san(c, sc.san, sc.flags, nullptr));
        unchanged(__LINE__);
    }
    CHECK_ERROR(board.parse_san("\xff"), ZZ_STATUS_INVALID_STRING,
                [&] { zz_move m; return zz_board_parse_san(c, "\xff", 0, &m); }());
    CHECK_THROWS_STATUS(board.push_san(std::string_view("e5\0", 3)), ZZ_STATUS_INVALID_STRING);
    unchanged(__LINE__);
    {
        zz::Board amb("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        zz_move m = 0;
        CHECK_ERROR(amb.parse_san("Nd2"), ZZ_STATUS_AMBIGUOUS_SAN,
                    zz_board_parse_san(amb.raw(), "Nd2", 0, &m));
        CHECK_ERROR(amb.push_san("Nd2"), ZZ_STATUS_AMBIGUOUS_SAN,
                    zz_board_push_san(amb.raw(), "Nd2", 0, nullptr));
        CHECK_EQ(amb.move_count(), 0u);
        CHECK_EQ(amb.san(amb.parse_san("Nbd2")), std::string("Nbd2"));
        zz::Board castle("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        CHECK_EQ(castle.parse_san("0-0"), castle.parse_san("O-O"));
        CHECK_ERROR(castle.parse_san("0-0", zz::SanFlags::Strict), ZZ_STATUS_INVALID_SAN,
                    zz_board_parse_san(castle.raw(), "0-0", ZZ_SAN_STRICT, &m));
    }

    // History.
    zz::Board fresh;
    CHECK_ERROR(fresh.pop(), ZZ_STATUS_EMPTY_HISTORY, zz_board_pop(fresh.raw(), nullptr));
    zz_move m = 0;
    CHECK_ERROR(fresh.peek(), ZZ_STATUS_EMPTY_HISTORY, zz_board_peek(fresh.raw(), &m));
    board.set_fen(fen_before);  // set_fen clears the history
    CHECK_ERROR(board.pop(), ZZ_STATUS_EMPTY_HISTORY, zz_board_pop(c, nullptr));
    CHECK(board.move_stack().empty());

    // Perft depth.
    std::uint64_t nodes = 0;
    zz_perft_entry entries[ZZ_MAX_MOVES];
    std::size_t n = 0;
    CHECK_ERROR(board.perft(ZZ_PERFT_MAX_DEPTH + 1), ZZ_STATUS_INVALID_ARGUMENT,
                zz_perft(c, ZZ_PERFT_MAX_DEPTH + 1, &nodes));
    CHECK_ERROR(board.perft_divide(0), ZZ_STATUS_INVALID_ARGUMENT,
                zz_perft_divide(c, 0, entries, ZZ_MAX_MOVES, &n));
    CHECK_ERROR(board.perft_divide(ZZ_PERFT_MAX_DEPTH + 1), ZZ_STATUS_INVALID_ARGUMENT,
                zz_perft_divide(c, ZZ_PERFT_MAX_DEPTH + 1, entries, ZZ_MAX_MOVES, &n));
    {
        zz_perft_stats st{};
        zz_perft_options o{};
        CHECK_ERROR(board.perft_ex(ZZ_PERFT_MAX_DEPTH + 1), ZZ_STATUS_INVALID_ARGUMENT,
                    zz_perft_ex(c, ZZ_PERFT_MAX_DEPTH + 1, &o, &st));
        zz::PerftOptions too_many;
        too_many.threads = 1025;
        o.threads = 1025;
        CHECK_ERROR(board.perft_ex(2, too_many), ZZ_STATUS_INVALID_ARGUMENT,
                    zz_perft_ex(c, 2, &o, &st));
        zz::PerftOptions huge;  // 4 PiB of hash: cannot be allocated
        huge.hash_mb = 0xffffffffu;
        o.threads = 1;
        o.hash_mb = 0xffffffffu;
        CHECK_ERROR(board.perft_ex(3, huge), ZZ_STATUS_OUT_OF_MEMORY, zz_perft_ex(c, 3, &o, &st));
    }

    // Out-of-range enum values reach C as integers and are refused there.
    const auto bad_color = static_cast<zz::Color>(2);
    const auto bad_square = static_cast<zz::Square>(64);
    const auto neg_square = static_cast<zz::Square>(-1);
    std::uint64_t bb = 0;
    std::int32_t col = 0, typ = 0;
    zz_move mbuf[ZZ_MAX_MOVES];
    CHECK_ERROR(board.has_insufficient_material(bad_color), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_has_insufficient_material(c, 2, &flag));
    CHECK_ERROR(board.pieces(bad_color, zz::PieceType::Pawn), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_pieces(c, 2, ZZ_PIECE_TYPE_PAWN, &bb));
    CHECK_ERROR(board.pieces(bad_color), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_pieces(c, 2, ZZ_PIECE_TYPE_NONE, &bb));
    CHECK_ERROR(board.pieces(static_cast<zz::PieceType>(7)), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_pieces(c, -1, 7, &bb));
    CHECK_ERROR(board.attackers(bad_color, zz::Square::E4), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_attackers(c, 2, 28, &bb));
    CHECK_ERROR(board.attackers(zz::Color::White, bad_square), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_attackers(c, 0, 64, &bb));
    CHECK_ERROR(board.is_attacked_by(zz::Color::Black, neg_square), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_is_attacked_by(c, 1, -1, &flag));
    CHECK_ERROR(board.is_attacked_by(bad_color, zz::Square::A1), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_is_attacked_by(c, 2, 0, &flag));
    CHECK_ERROR(board.pinned(bad_color), ZZ_STATUS_INVALID_ARGUMENT, zz_board_pinned(c, 2, &bb));
    CHECK_ERROR(board.piece_at(bad_square), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_piece_at(c, 64, &col, &typ));
    CHECK_ERROR(board.legal_moves_from(neg_square), ZZ_STATUS_INVALID_ARGUMENT,
                zz_board_legal_moves_from(c, -1, mbuf, ZZ_MAX_MOVES, &n));

    // Errors raised by the wrapper itself (no C call).
    CHECK_THROWS_STATUS(zz::square(8, 0), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_THROWS_STATUS(zz::square(0, -1), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_THROWS_STATUS(zz::square_from_index(64), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_THROWS_STATUS(zz::square_from_index(-1), ZZ_STATUS_INVALID_ARGUMENT);
    for (const char *s : {"", "e", "i1", "a9", "a0", "E4", "e44", "4e"}) {
        CHECK_THROWS_STATUS(zz::parse_square(s), ZZ_STATUS_INVALID_ARGUMENT);
    }
    CHECK_THROWS_STATUS(zz::Move::make(zz::Square::A7, zz::Square::A8, zz::MoveKind::Promotion),
                        ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_THROWS_STATUS(zz::Move::make(zz::Square::A7, zz::Square::A8, zz::MoveKind::Promotion,
                                       zz::PieceType::King),
                        ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_THROWS_STATUS(zz::Move::make(zz::Square::A7, zz::Square::A8, zz::MoveKind::Normal,
                                       zz::PieceType::Queen),
                        ZZ_STATUS_INVALID_ARGUMENT);

    // zz::Error is a std::runtime_error keeping the status; last_error_message() agrees.
    try {
        zz::Board("8/8/8/8/8/8/8/8 w - - 0 1");
        CHECK(false);
    } catch (const std::runtime_error &e) {
        const auto *ze = dynamic_cast<const zz::Error *>(&e);
        CHECK(ze != nullptr);
        CHECK(ze != nullptr && ze->status() == ZZ_STATUS_INVALID_FEN);
        CHECK_EQ(zz::last_error_message(), std::string(e.what()));
        const zz::Error copy = *ze;  // copyable, owns its text
        CHECK_EQ(std::string(copy.what()), std::string(e.what()));
    }
}

// ---------------------------------------------------------------------------------------------
// Scripted game endings and notation details

void test_endings() {
    // Fool's mate.
    zz::Board b;
    for (const char *uci : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
        b.push_uci(uci);
    }
    CHECK(b.is_checkmate());
    CHECK(b.is_check());
    CHECK(b.is_game_over());
    CHECK(b.outcome() == (zz::Outcome{zz::Termination::Checkmate, zz::Color::Black}));
    CHECK_EQ(b.result(), std::string_view("0-1"));
    CHECK_EQ(b.checkers(), zz::bit(zz::Square::H4));
    CHECK_EQ(b.pop().uci(), std::string("d8h4"));
    CHECK(!b.is_game_over());
    CHECK_EQ(b.san(b.parse_uci("d8h4")), std::string("Qh4#"));
    CHECK_EQ(b.lan(b.parse_uci("d8h4")), std::string("Qd8-h4#"));
    CHECK(b.gives_check(b.parse_uci("d8h4")));

    // Stalemate and insufficient material.
    const zz::Board stale("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(stale.is_stalemate());
    CHECK(stale.outcome() == (zz::Outcome{zz::Termination::Stalemate, std::nullopt}));
    CHECK_EQ(stale.result(), std::string_view("1/2-1/2"));
    const zz::Board kk("8/8/8/8/8/8/8/K6k w - - 0 1");
    CHECK(kk.is_insufficient_material());
    CHECK_EQ(kk.outcome().termination, zz::Termination::InsufficientMaterial);
    const zz::Board knk("8/8/8/8/8/8/8/KN5k w - - 0 1");
    CHECK(knk.has_insufficient_material(zz::Color::White));
    CHECK(knk.is_insufficient_material());
    const zz::Board krk("7k/8/8/8/8/8/8/KR6 w - - 0 1");
    CHECK(!krk.has_insufficient_material(zz::Color::White));
    CHECK(krk.has_insufficient_material(zz::Color::Black));
    CHECK(!krk.is_insufficient_material());

    // Repetition: knights out and back.
    zz::Board r;
    const char *cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (const char *uci : cycle) {
        r.push_uci(uci);
    }
    CHECK(r.is_repetition(2));
    CHECK(!r.is_repetition(3));
    CHECK(!r.can_claim_threefold_repetition());  // the next cycle's last move is needed
    for (const char *uci : cycle) {
        r.push_uci(uci);
    }
    CHECK(r.is_repetition(3));
    CHECK(r.can_claim_threefold_repetition());
    CHECK(!r.is_game_over());
    CHECK(r.is_game_over(true));
    CHECK(r.outcome(false) == zz::Outcome{});
    CHECK(r.outcome(true) == (zz::Outcome{zz::Termination::ThreefoldRepetition, std::nullopt}));
    CHECK_EQ(r.result(true), std::string_view("1/2-1/2"));
    CHECK_EQ(r.result(false), std::string_view("*"));
    for (int i = 0; i < 2; ++i) {
        for (const char *uci : cycle) {
            r.push_uci(uci);
        }
    }
    CHECK(r.is_fivefold_repetition());
    CHECK_EQ(r.outcome().termination, zz::Termination::FivefoldRepetition);
    CHECK_EQ(r.move_count(), 16u);
    CHECK_EQ(r.move_stack().size(), std::size_t{16});
    CHECK_EQ(r.ply(), 16u);

    // Fifty and seventy-five moves.
    const zz::Board fifty("7k/8/8/8/8/8/8/R6K w - - 100 80");
    CHECK(fifty.can_claim_fifty_moves());
    CHECK(!fifty.is_seventyfive_moves());
    CHECK(fifty.outcome() == zz::Outcome{});
    CHECK_EQ(fifty.outcome(true).termination, zz::Termination::FiftyMoves);
    const zz::Board seventyfive("7k/8/8/8/8/8/8/R6K w - - 150 110");
    CHECK(seventyfive.is_seventyfive_moves());
    CHECK_EQ(seventyfive.outcome().termination, zz::Termination::SeventyfiveMoves);
    CHECK_EQ(seventyfive.halfmove_clock(), 150u);
    CHECK_EQ(seventyfive.fullmove_number(), 110u);
    CHECK_EQ(seventyfive.ply(), 218u);

    // Keys, castling rights, en passant.
    const zz::Board start;
    CHECK_EQ(start.zobrist(), std::uint64_t{0x463b96181691fc9cULL});
    CHECK_EQ(start.castling_rights(), zz::Bitboard{0x8100000000000081ULL});
    CHECK_EQ(start.turn(), zz::Color::White);
    CHECK(start.piece_at(zz::Square::E1) == (zz::Piece{zz::Color::White, zz::PieceType::King}));
    CHECK(!start.piece_at(zz::Square::E4).has_value());
    CHECK_EQ(start.pieces(zz::Color::White, zz::PieceType::Pawn), zz::Bitboard{0xff00});
    zz::Board ep("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    CHECK(ep.ep_square() == zz::Square::F6);
    CHECK(ep.legal_ep_square() == zz::Square::F6);
    const zz::Move exf6 = ep.parse_uci("e5f6");
    CHECK_EQ(exf6.kind(), zz::MoveKind::EnPassant);
    CHECK(ep.is_en_passant(exf6) && ep.is_capture(exf6) && ep.is_zeroing(exf6));
    CHECK_EQ(ep.san(exf6), std::string("exf6"));
    zz::Board no_ep;
    no_ep.push_uci("e2e4");
    CHECK(no_ep.ep_square() == zz::Square::E3);
    CHECK(!no_ep.legal_ep_square().has_value());
    CHECK(no_ep.fen().find(" - 0 1") != std::string::npos);
    CHECK(no_ep.fen(zz::FenFlags::EpAlways).find(" e3 0 1") != std::string::npos);

    // Castling: standard UCI needs the board; Move::uci() is king-takes-rook.
    zz::Board castle("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const zz::Move oo = castle.parse_uci("e1g1");
    CHECK_EQ(castle.parse_uci("e1h1"), oo);
    CHECK_EQ(oo.kind(), zz::MoveKind::Castling);
    CHECK_EQ(oo.to(), zz::Square::H1);
    CHECK_EQ(castle.uci(oo), std::string("e1g1"));
    CHECK_EQ(oo.uci(), std::string("e1h1"));
    CHECK_EQ(castle.san(oo), std::string("O-O"));
    CHECK(castle.is_castling(oo) && !castle.is_capture(oo));
    castle.push(oo);
    CHECK_EQ(castle.fen(), std::string("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"));
    zz::Board c960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", zz::FenFlags::Chess960);
    const zz::Move oo960 = c960.parse_uci("e1h1");
    CHECK_EQ(oo960, oo);
    CHECK_EQ(c960.uci(oo960), std::string("e1h1"));
    CHECK_THROWS_STATUS(c960.parse_uci("e1g1"), ZZ_STATUS_ILLEGAL_MOVE);
    CHECK_EQ(c960.fen(zz::FenFlags::Shredder), std::string("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"));
    const zz::Board relaxed("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", zz::FenFlags::Relaxed);
    CHECK_EQ(relaxed.castling_rights(), zz::Bitboard{0});

    // Pins and attacks.
    const zz::Board pin("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    CHECK_EQ(pin.pinned(zz::Color::White), zz::bit(zz::Square::E2));
    CHECK(pin.legal_moves_from(zz::Square::E2).empty());
    CHECK_EQ(pin.attackers(zz::Color::Black, zz::Square::E2), zz::bit(zz::Square::E7));
    CHECK(pin.is_attacked_by(zz::Color::White, zz::Square::D1));
}

// ---------------------------------------------------------------------------------------------
// Every position of the EPD files, plus seeded random walks: wrapper vs C.

void walk_and_compare(const std::string &fen, zz::FenFlags flags, std::mt19937 &rng, int plies,
                      bool per_move_along_walk, unsigned long &positions) {
    const bool chess960 = (flags & zz::FenFlags::Chess960) == zz::FenFlags::Chess960;
    zz::Board board(fen, flags);
    zz_board *shadow = nullptr;  // the same game played through the raw C API
    if (zz_board_from_fen(fen.c_str(), static_cast<std::uint32_t>(flags), &shadow) !=
        ZZ_STATUS_OK) {
        zzt::fail(__FILE__, __LINE__, "C refuses a FEN the wrapper accepted: " + fen);
        return;
    }
    check_position(board, chess960, true);
    ++positions;
    std::vector<zz::Move> played;
    for (int ply = 0; ply < plies; ++ply) {
        const zz::MoveList moves = board.legal_moves();
        if (moves.empty()) {
            break;
        }
        const zz::Move m = moves[rng() % moves.size()];
        board.push(m);
        CHECK(zz_board_push(shadow, m.raw()) == ZZ_STATUS_OK);
        played.push_back(m);
        CHECK_EQ(board.fen(zz::FenFlags::EpAlways), c_string([&](char *b, std::size_t n, std::size_t *l) {
                     return zz_board_fen(shadow, ZZ_FEN_EP_ALWAYS, b, n, l);
                 }, ZZ_FEN_MAX));
        CHECK_EQ(board.zobrist(), zz_board_zobrist(shadow));
        CHECK_EQ(board.peek(), m);
        check_position(board, chess960, per_move_along_walk);
        ++positions;
    }
    CHECK(board.move_stack() == played);
    while (!played.empty()) {
        zz_move cm = 0;
        CHECK(zz_board_pop(shadow, &cm) == ZZ_STATUS_OK);
        CHECK_EQ(board.pop(), played.back());
        CHECK_EQ(cm, played.back().raw());
        played.pop_back();
    }
    CHECK_EQ(board.fen(), zz::Board(fen, flags).fen());
    CHECK_THROWS_STATUS(board.pop(), ZZ_STATUS_EMPTY_HISTORY);
    zz_board_free(shadow);
}

void test_positions(const std::string &data) {
    struct File {
        const char *name;
        zz::FenFlags flags;
        int walk;
    };
    const File files[] = {
        {"standard.epd", zz::FenFlags::None, 40},
        {"tricky.epd", zz::FenFlags::None, 8},
        {"tricky_relaxed.epd", zz::FenFlags::Relaxed, 4},
        {"random.epd", zz::FenFlags::None, 6},
        {"chess960.epd", zz::FenFlags::Chess960, 4},
    };
    std::mt19937 rng(20240611u);
    unsigned long positions = 0, fens = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (const File &f : files) {
        const std::vector<EpdLine> lines = read_epd(data + "/perft/" + f.name);
        CHECK(!lines.empty());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            try {
                // Per-move checks along the walk for every 4th line (all lines at the root).
                walk_and_compare(lines[i].fen, f.flags, rng, f.walk, i % 4 == 0, positions);
            } catch (const zz::Error &e) {
                zzt::fail(__FILE__, __LINE__, std::string(f.name) + ": " + lines[i].fen + ": " +
                                                  e.what());
            }
            ++fens;
        }
    }
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("positions: %lu FENs, %lu positions compared with the C API (%.2f s)\n", fens,
                positions, s);
}

// ---------------------------------------------------------------------------------------------
// Perft through the wrapper

std::uint64_t parse_count(const char *s) {
    char *end = nullptr;
    unsigned long long v = std::strtoull(s, &end, 10);
    if (*end == 'k' || *end == 'K') {
        v *= 1000ULL;
    } else if (*end == 'm' || *end == 'M') {
        v *= 1000000ULL;
    } else if (*end == 'g' || *end == 'G') {
        v *= 1000000000ULL;
    }
    return v;
}

void test_perft(const std::string &data, std::uint64_t max_nodes) {
    std::uint64_t total = 0;
    double seconds = 0;
    unsigned long counts = 0;
    for (const EpdLine &e : read_epd(data + "/perft/standard.epd")) {
        const zz::Board board(e.fen);
        for (const auto &dc : e.counts) {
            if (dc.second > max_nodes) {
                continue;
            }
            const auto t0 = std::chrono::steady_clock::now();
            const std::uint64_t got = board.perft(dc.first);
            seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            CHECK_MSG(got == dc.second, e.fen + " D" + std::to_string(dc.first) + ": got " +
                                            std::to_string(got) + ", expected " +
                                            std::to_string(dc.second));
            total += got;
            ++counts;
        }
        // perft_divide vs the C call and vs perft.
        for (std::uint32_t depth = 1; depth <= 3; ++depth) {
            const std::vector<zz::PerftEntry> div = board.perft_divide(depth);
            zz_perft_entry buf[ZZ_MAX_MOVES];
            std::size_t n = 0;
            CHECK(zz_perft_divide(board.raw(), depth, buf, ZZ_MAX_MOVES, &n) == ZZ_STATUS_OK);
            CHECK_EQ(div.size(), n);
            std::uint64_t sum = 0;
            const zz::MoveList moves = board.legal_moves();
            for (std::size_t i = 0; i < div.size() && i < n; ++i) {
                CHECK_EQ(div[i].move.raw(), buf[i].move);
                CHECK_EQ(div[i].nodes, buf[i].nodes);
                CHECK(i < moves.size() && moves[i] == div[i].move);
                sum += div[i].nodes;
            }
            CHECK_EQ(sum, board.perft(depth));
        }
        CHECK_EQ(board.perft(0), std::uint64_t{1});
    }
    CHECK(counts >= 20);
    std::printf("perft: %lu counts of standard.epd up to %llu nodes, %llu nodes in %.2f s "
                "(%.1f Mnps)\n",
                counts, static_cast<unsigned long long>(max_nodes),
                static_cast<unsigned long long>(total), seconds,
                seconds > 0 ? static_cast<double>(total) / seconds / 1e6 : 0.0);

    // Small counts of the other files (all castling modes, relaxed parsing).
    struct File {
        const char *name;
        zz::FenFlags flags;
    };
    unsigned long small = 0;
    for (const File &f : {File{"tricky.epd", zz::FenFlags::None},
                          File{"tricky_relaxed.epd", zz::FenFlags::Relaxed},
                          File{"chess960.epd", zz::FenFlags::Chess960}}) {
        for (const EpdLine &e : read_epd(data + "/perft/" + f.name)) {
            const zz::Board board(e.fen, f.flags);
            for (const auto &dc : e.counts) {
                if (dc.second <= 20000) {
                    CHECK_MSG(board.perft(dc.first) == dc.second,
                              std::string(f.name) + ": " + e.fen);
                    ++small;
                }
            }
        }
    }
    std::printf("perft: %lu small counts of tricky/relaxed/chess960 positions\n", small);
}

// perft_ex(): every option combination vs zz_perft_ex() and vs perft(); CPW leaf statistics.
void test_perft_ex() {
    struct Case {
        const char *fen;
        zz::FenFlags flags;
        std::uint32_t depth;
    };
    const Case cases[] = {
        {kStartFen, zz::FenFlags::None, 4},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", zz::FenFlags::None, 3},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", zz::FenFlags::None, 4},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", zz::FenFlags::None, 3},
        {"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", zz::FenFlags::Chess960, 3},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", zz::FenFlags::None, 2},  // no legal move
    };
    zz::PerftOptions options[6];
    options[1].threads = 2;
    options[2].threads = 2;
    options[2].hash_mb = 8;
    options[3].hash_mb = 4;
    options[3].threads = 0;
    options[4].stats = true;
    options[5].stats = true;
    options[5].threads = 2;
    for (const Case &c : cases) {
        const zz::Board board(c.fen, c.flags);
        const std::uint64_t nodes = board.perft(c.depth);
        for (const zz::PerftOptions &o : options) {
            const zz::PerftStats w = board.perft_ex(c.depth, o);
            zz_perft_options co{};
            co.threads = o.threads;
            co.hash_mb = o.hash_mb;
            co.stats = o.stats;
            zz_perft_stats cs{};
            CHECK(zz_perft_ex(board.raw(), c.depth, &co, &cs) == ZZ_STATUS_OK);
            CHECK_EQ(w.nodes, cs.nodes);
            CHECK_EQ(w.captures, cs.captures);
            CHECK_EQ(w.en_passant, cs.en_passant);
            CHECK_EQ(w.castles, cs.castles);
            CHECK_EQ(w.promotions, cs.promotions);
            CHECK_EQ(w.checks, cs.checks);
            CHECK_EQ(w.discovery_checks, cs.discovery_checks);
            CHECK_EQ(w.double_checks, cs.double_checks);
            CHECK_EQ(w.checkmates, cs.checkmates);
            CHECK_EQ(w.nodes, nodes);
            if (!o.stats) {
                zz::PerftStats only_nodes;
                only_nodes.nodes = nodes;
                CHECK(w == only_nodes);
            }
        }
        CHECK(board.perft_ex(c.depth) == board.perft_ex(c.depth, zz::PerftOptions{}));
        CHECK_EQ(board.perft_ex(0).nodes, std::uint64_t{1});
    }
    // Chess Programming Wiki "Perft Results": start position depth 4, Kiwipete depth 3.
    zz::PerftOptions stats;
    stats.stats = true;
    const zz::PerftStats s4 = zz::Board().perft_ex(4, stats);
    CHECK(s4.nodes == 197281 && s4.captures == 1576 && s4.en_passant == 0 && s4.castles == 0 &&
          s4.promotions == 0 && s4.checks == 469 && s4.checkmates == 8);
    const zz::PerftStats k3 =
        zz::Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .perft_ex(3, stats);
    CHECK(k3.nodes == 97862 && k3.captures == 17102 && k3.en_passant == 45 &&
          k3.castles == 3162 && k3.promotions == 0 && k3.checks == 993 && k3.checkmates == 1);
    CHECK(k3 != s4);
}

}  // namespace

int main(int argc, char **argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    if (argc < 2) {
        std::printf("usage: %s DATA_DIR [MAX_NODES]   (DATA_DIR is tests/data)\n", argv[0]);
        return 2;
    }
    const std::string data = argv[1];
    const std::uint64_t max_nodes = argc > 2 ? parse_count(argv[2]) : 10000000ULL;
    const auto t0 = std::chrono::steady_clock::now();

    try {
        test_library_info();
        test_value_types();
        test_move_list();
        test_ownership();
        test_strings();
        test_errors();
        test_endings();
        test_positions(data);
        test_perft(data, max_nodes);
        test_perft_ex();
        CHECK_EQ(odr_a_run(), 0);
        CHECK_EQ(odr_b_run(), 0);
    } catch (const std::exception &e) {
        zzt::fail(__FILE__, __LINE__, std::string("uncaught exception: ") + e.what());
    }
    std::printf("time: %.2f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return zzt::finish("test_wrapper");
}

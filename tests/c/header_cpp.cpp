// include/zugzwang.h is valid C++17: this translation unit includes it (twice, to check the include
// guard), compiles with -std=c++17 -Wall -Wextra -Wpedantic -Werror, links against the library
// (checking the extern "C" guard) and runs a few calls.
//
//   header_cpp DATA_DIR
#include "zugzwang.h"
#include "zugzwang.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>

namespace {

int failures = 0;

void check(bool ok, const char *what, int line) {
    if (!ok) {
        ++failures;
        std::printf("FAIL header_cpp.cpp:%d: %s\n", line, what);
    }
}

#define CHECK(cond) check((cond), #cond, __LINE__)

struct board_deleter {
    void operator()(zz_board *b) const noexcept { zz_board_free(b); }
};
using board_ptr = std::unique_ptr<zz_board, board_deleter>;

static_assert(std::is_same<zz_move, std::uint16_t>::value, "zz_move is a 16-bit value");
static_assert(sizeof(zz_perft_entry) >= sizeof(zz_move) + sizeof(std::uint64_t), "perft entry");
static_assert(ZZ_MAX_MOVES >= 218, "ZZ_MAX_MOVES holds the largest known move list");
static_assert(ZZ_FEN_MAX >= 90 && ZZ_UCI_MAX >= 6, "buffer bounds");
static_assert(ZZ_STATUS_OK == 0, "OK is 0");

}  // namespace

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    CHECK(std::string(zz_version()) == ZZ_VERSION_STRING);
    CHECK(zz_version_number() == static_cast<std::uint32_t>(ZZ_VERSION_NUMBER));

    zz_board *raw = nullptr;
    zz_status rc = zz_board_new(&raw);
    CHECK(rc == ZZ_STATUS_OK);
    board_ptr board(raw);

    zz_move moves[ZZ_MAX_MOVES];
    std::size_t n = 0;
    CHECK(zz_board_legal_moves(board.get(), moves, ZZ_MAX_MOVES, &n) == ZZ_STATUS_OK);
    CHECK(n == 20);

    CHECK(zz_board_push_uci(board.get(), "e2e4") == ZZ_STATUS_OK);
    CHECK(zz_board_turn(board.get()) == ZZ_COLOR_BLACK);

    char fen[ZZ_FEN_MAX];
    std::size_t len = 0;
    CHECK(zz_board_fen(board.get(), 0, fen, sizeof fen, &len) == ZZ_STATUS_OK);
    CHECK(std::strcmp(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") == 0);

    std::uint64_t nodes = 0;
    CHECK(zz_perft(board.get(), 3, &nodes) == ZZ_STATUS_OK);
    CHECK(nodes == 13160);

    zz_board *bad = nullptr;
    rc = zz_board_from_fen("not a fen", ZZ_FEN_CHESS960 | ZZ_FEN_RELAXED, &bad);
    CHECK(rc == ZZ_STATUS_INVALID_FEN);
    CHECK(bad == nullptr);
    CHECK(zz_last_error_message()[0] != '\0');
    CHECK(zz_status_str(rc)[0] != '\0');

    std::printf("header_cpp: %s\n", failures == 0 ? "ok" : "FAILED");
    return failures == 0 ? 0 : 1;
}

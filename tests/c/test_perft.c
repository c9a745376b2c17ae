/*
 * Perft through the C ABI on every position of the perft suites in tests/data/perft.
 *
 *   test_perft DATA_DIR [MAX_NODES]
 *
 * Every published ';Dn count' that is <= MAX_NODES is recomputed with zz_perft (MAX_NODES from
 * argv[2], else the environment variable ZZ_MAX_NODES, else DEFAULT_MAX_NODES, chosen so the
 * C suite runs well within CI time in release mode). Prints, per file, how many positions and
 * counts were covered and the deepest depth reached. Also cross-checks zz_perft_divide.
 */
#include "zz_test.h"

/*
 * Default budget per count: every count <= this many nodes is checked. Release build on the
 * 2-core development machine (~110 Mnps, one thread): 10M checks 5536 counts (2.8G nodes) in
 * ~27 s; 20M (every count the data files say shakmaty recomputed) checks 5932 counts (8.6G
 * nodes) in ~76 s; 5M takes ~10 s. tests/c_abi.rs passes a small budget in debug builds.
 */
#define DEFAULT_MAX_NODES 10000000ULL

typedef struct {
    const char *file;
    uint32_t flags;
} suite;

static const suite SUITES[] = {
    {"perft/standard.epd", 0},
    {"perft/tricky.epd", 0},
    {"perft/random.epd", 0},
    {"perft/tricky_relaxed.epd", ZZ_FEN_RELAXED},
    {"perft/chess960.epd", ZZ_FEN_CHESS960},
};

typedef struct {
    uint64_t nodes;
    double seconds;
    unsigned long positions, counts_checked, counts_skipped;
} totals;

static void run_suite(const char *dir, const suite *s, uint64_t budget, totals *all) {
    char path[4096];
    zz_path(dir, s->file, path, sizeof path);
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s: %s", path, strerror(errno));
    if (f == NULL) {
        return;
    }

    unsigned long per_depth[65] = {0};
    unsigned long positions = 0, checked = 0, skipped = 0, refused = 0, wrong = 0;
    unsigned long line_no = 0;
    uint32_t max_depth = 0;
    uint64_t nodes = 0;
    char *line = NULL;
    size_t cap = 0;
    zz_epd_count counts[ZZ_EPD_MAX_COUNTS];
    double start = zz_now();

    while (getline(&line, &cap, f) != -1) {
        line_no++;
        char *fen = NULL;
        size_t n = 0;
        int kind = zz_epd_parse(line, &fen, counts, &n);
        if (kind == 0) {
            continue;
        }
        CHECK_MSG(kind == 1, "%s:%lu: malformed EPD line", s->file, line_no);
        if (kind != 1) {
            continue;
        }
        positions++;
        zz_board *board = NULL;
        zz_status rc = zz_board_from_fen(fen, s->flags, &board);
        CHECK_MSG(rc == ZZ_STATUS_OK, "%s:%lu: FEN refused (%s: %s): %s", s->file, line_no,
                  zz_status_str(rc), zz_last_error_message(), fen);
        if (rc != ZZ_STATUS_OK) {
            refused++;
            continue;
        }
        bool ok = true;
        for (size_t i = 0; i < n; i++) {
            if (counts[i].count > budget || !ok) {
                skipped++;
                continue;
            }
            uint64_t got = 0;
            rc = zz_perft(board, counts[i].depth, &got);
            CHECK_MSG(rc == ZZ_STATUS_OK, "%s:%lu: zz_perft D%" PRIu32 " failed (%s: %s)",
                      s->file, line_no, counts[i].depth, zz_status_str(rc),
                      zz_last_error_message());
            CHECK_MSG(rc != ZZ_STATUS_OK || got == counts[i].count,
                      "%s:%lu: D%" PRIu32 " expected %" PRIu64 ", got %" PRIu64 ": %s", s->file,
                      line_no, counts[i].depth, counts[i].count, got, fen);
            checked++;
            nodes += got;
            per_depth[counts[i].depth]++;
            if (counts[i].depth > max_depth) {
                max_depth = counts[i].depth;
            }
            if (rc != ZZ_STATUS_OK || got != counts[i].count) {
                ok = false; /* deeper counts of a wrong position are skipped */
                wrong++;
            }
        }
        zz_board_free(board);
    }
    CHECK_MSG(!ferror(f), "error reading %s", path);
    free(line);
    fclose(f);
    double seconds = zz_now() - start;

    printf("%-26s %4lu positions, %5lu counts checked, %4lu skipped (> budget), max depth %2" PRIu32
           ", %12" PRIu64 " nodes, %7.3f s, %7.2f Mnps",
           s->file, positions, checked, skipped, max_depth, nodes, seconds,
           seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0);
    if (refused || wrong) {
        printf("  [%lu FEN refused, %lu positions wrong]", refused, wrong);
    }
    printf("\n    depths:");
    for (int d = 0; d <= 64; d++) {
        if (per_depth[d]) {
            printf(" D%d x%lu", d, per_depth[d]);
        }
    }
    printf("\n");
    all->nodes += nodes;
    all->seconds += seconds;
    all->positions += positions;
    all->counts_checked += checked;
    all->counts_skipped += skipped;
}

/* zz_perft_divide: one entry per legal move, each equal to perft(depth-1) after that move. */
static void check_divide(const char *fen, uint32_t flags, uint32_t depth) {
    zz_board *board = zz_board_or_fail(fen, flags);
    if (board == NULL) {
        return;
    }
    zz_move moves[ZZ_MAX_MOVES];
    size_t n_moves = zz_moves_of(board, moves);
    zz_perft_entry entries[ZZ_MAX_MOVES];
    size_t n = 0;
    CHECK_OK(zz_perft_divide(board, depth, entries, ZZ_MAX_MOVES, &n));
    CHECK_MSG(n == n_moves, "%s: divide gave %zu entries for %zu legal moves", fen, n, n_moves);
    uint64_t total = 0, whole = 0;
    for (size_t i = 0; i < n && i < ZZ_MAX_MOVES; i++) {
        char uci[ZZ_UCI_MAX];
        bool legal = false;
        for (size_t j = 0; j < n_moves; j++) {
            legal = legal || moves[j] == entries[i].move;
        }
        for (size_t j = 0; j < i; j++) {
            CHECK_MSG(entries[j].move != entries[i].move, "%s: move 0x%04x listed twice", fen,
                      (unsigned)entries[i].move);
        }
        CHECK_MSG(legal, "%s: divide move 0x%04x is not a legal move", fen,
                  (unsigned)entries[i].move);
        total += entries[i].nodes;

        zz_board *child = NULL;
        CHECK_OK(zz_board_clone(board, &child));
        if (child == NULL) {
            continue;
        }
        CHECK_OK(zz_board_push(child, entries[i].move));
        uint64_t sub = 0;
        CHECK_OK(zz_perft(child, depth - 1, &sub));
        CHECK_MSG(sub == entries[i].nodes,
                  "%s: %s: divide says %" PRIu64 ", perft after push says %" PRIu64, fen,
                  zz_uci_of(board, entries[i].move, uci), entries[i].nodes, sub);
        zz_board_free(child);
    }
    CHECK_OK(zz_perft(board, depth, &whole));
    CHECK_MSG(total == whole, "%s: divide sum %" PRIu64 " != perft %" PRIu64, fen, total, whole);
    printf("divide %-70s D%" PRIu32 ": %zu moves, %" PRIu64 " nodes\n", fen, depth, n, total);
    zz_board_free(board);
}

static void check_small_cases(void) {
    zz_board *b = NULL;
    CHECK_OK(zz_board_new(&b));
    if (b == NULL) {
        return;
    }
    uint64_t nodes = 12345;
    CHECK_OK(zz_perft(b, 0, &nodes));
    CHECK_MSG(nodes == 1, "perft(0) = %" PRIu64, nodes);
    CHECK_OK(zz_perft(b, 1, &nodes));
    CHECK_MSG(nodes == 20, "perft(1) = %" PRIu64, nodes);
    CHECK_OK(zz_perft(b, 4, &nodes));
    CHECK_MSG(nodes == 197281, "perft(4) = %" PRIu64, nodes);
    zz_board_free(b);

    /* Fool's mate: white is mated, no legal move at any depth >= 1. */
    b = zz_board_or_fail("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 0);
    if (b != NULL) {
        CHECK_OK(zz_perft(b, 0, &nodes));
        CHECK(nodes == 1);
        CHECK_OK(zz_perft(b, 1, &nodes));
        CHECK(nodes == 0);
        CHECK_OK(zz_perft(b, 3, &nodes));
        CHECK(nodes == 0);
        zz_board_free(b);
    }
    /* Stalemate. */
    b = zz_board_or_fail("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0);
    if (b != NULL) {
        CHECK_OK(zz_perft(b, 2, &nodes));
        CHECK(nodes == 0);
        zz_board_free(b);
    }
}

int main(int argc, char **argv) {
    zz_test_begin(argc, argv, "test_perft");
    const char *dir = argv[1];

    uint64_t budget = DEFAULT_MAX_NODES;
    const char *source = "default";
    const char *env = getenv("ZZ_MAX_NODES");
    const char *arg = argc > 2 ? argv[2] : (env != NULL && *env != '\0' ? env : NULL);
    if (arg != NULL) {
        char *end = NULL;
        errno = 0;
        unsigned long long v = strtoull(arg, &end, 10);
        if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-') {
            printf("bad MAX_NODES '%s'\n", arg);
            return 2;
        }
        budget = (uint64_t)v;
        source = argc > 2 ? "argv[2]" : "ZZ_MAX_NODES";
    }
    printf("node budget per count: %" PRIu64 " (%s)\n", budget, source);

    check_small_cases();

    check_divide("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 3);
    check_divide("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, 3);
    check_divide("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0, 4);
    check_divide("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0, 3);
    check_divide("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0, 3);
    check_divide("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                 ZZ_FEN_CHESS960, 3);
    check_divide("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1", ZZ_FEN_CHESS960, 3);

    totals all = {0, 0.0, 0, 0, 0};
    for (size_t i = 0; i < sizeof SUITES / sizeof SUITES[0]; i++) {
        run_suite(dir, &SUITES[i], budget, &all);
    }
    printf("all files: %lu positions, %lu counts checked, %lu skipped, %" PRIu64
           " nodes in %.3f s (%.2f Mnps)\n",
           all.positions, all.counts_checked, all.counts_skipped, all.nodes, all.seconds,
           all.seconds > 0 ? (double)all.nodes / all.seconds / 1e6 : 0.0);
    return zz_test_end();
}

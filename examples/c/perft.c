/*
 * perft: count the leaf nodes of the legal-move tree with zugzwang, and check EPD perft suites.
 *
 *   perft FEN DEPTH [--divide] [--stats] [--threads N] [--hash MB] [--chess960] [--relaxed]
 *   perft --epd FILE [--max-nodes N] [--threads N] [--hash MB] [--chess960] [--relaxed]
 *
 * FEN may be the word "startpos". In EPD mode every line is `<fen> ;D1 <n> ;D2 <n> ...`
 * ('#' lines and blank lines are skipped); each count whose published value is at most
 * --max-nodes is recomputed and compared. Exit status: 0 all good, 1 a failure, 2 bad arguments.
 *
 * Build (after `cargo build --release` in the repository root):
 *   cc -std=c11 -O2 -Wall -Wextra -Wpedantic -I include examples/c/perft.c \
 *      -L target/release -lzugzwang -Wl,-rpath,target/release -o perft
 *
 * Uses only the public header include/zugzwang.h. C11 plus POSIX (getline, clock_gettime).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zugzwang.h"

#define DEFAULT_MAX_NODES 10000000ULL
#define MAX_COUNTS 128 /* ;Dn entries kept per EPD line */
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static const char *program = "perft";

/* --threads / --hash / --stats; all zero = plain single-threaded zz_perft(). */
static zz_perft_options perft_opts;

/* Perft with the command line's options. */
static zz_status count_nodes(const zz_board *board, uint32_t depth, uint64_t *nodes) {
    if (perft_opts.threads <= 1 && perft_opts.hash_mb == 0) {
        return zz_perft(board, depth, nodes);
    }
    zz_perft_stats stats;
    zz_status rc = zz_perft_ex(board, depth, &perft_opts, &stats);
    if (rc == ZZ_STATUS_OK) {
        *nodes = stats.nodes;
    }
    return rc;
}

static void usage(FILE *out) {
    fprintf(out,
            "usage: %s FEN DEPTH [--divide] [--stats] [--threads N] [--hash MB] [--chess960] [--relaxed]\n"
            "       %s --epd FILE [--max-nodes N] [--threads N] [--hash MB] [--chess960] [--relaxed]\n"
            "\n"
            "  FEN            a position in Forsyth-Edwards Notation (quote it), or 'startpos'\n"
            "  DEPTH          plies to search, 0..64\n"
            "  --divide       print the node count below every root move (UCI), then the total\n"
            "  --stats        also count captures, e.p., castles, promotions, checks, discovery\n"
            "                 and double checks, mates at the leaves (slower: no bulk counting)\n"
            "  --threads N    split the root moves across N threads (default 1)\n"
            "  --hash MB      transposition table of MB MiB shared by the threads (default 0)\n"
            "  --epd FILE     check every ';Dn count' of every position line of FILE\n"
            "  --max-nodes N  EPD mode: only check counts <= N (default %llu; K/M/G suffixes)\n"
            "  --chess960     parse FENs as Chess960 (X-FEN and Shredder-FEN castling rights)\n"
            "  --relaxed      accept FENs of positions that cannot arise in a legal game\n"
            "                 (e.g. impossible checks)\n"
            "\n"
            "zugzwang %s. Exit status: 0 success, 1 failure, 2 bad arguments.\n",
            program, program, (unsigned long long)DEFAULT_MAX_NODES, zz_version());
}

static void bad_args(const char *what, const char *arg) {
    if (arg != NULL) {
        fprintf(stderr, "%s: %s: '%s'\n", program, what, arg);
    } else {
        fprintf(stderr, "%s: %s\n", program, what);
    }
    usage(stderr);
    exit(2);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double mnps(uint64_t nodes, double seconds) {
    return seconds > 0.0 ? (double)nodes / seconds / 1e6 : 0.0;
}

/* Parses a non-negative decimal integer, with an optional K/M/G suffix if allow_suffix. */
static bool parse_count(const char *s, bool allow_suffix, uint64_t *out) {
    if (s == NULL || !isdigit((unsigned char)s[0])) {
        return false;
    }
    errno = 0;
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0) {
        return false;
    }
    unsigned long long mult = 1;
    if (!allow_suffix) {
        /* no suffix */
    } else if (*end == 'k' || *end == 'K') {
        mult = 1000ULL;
        end++;
    } else if (*end == 'm' || *end == 'M') {
        mult = 1000000ULL;
        end++;
    } else if (*end == 'g' || *end == 'G') {
        mult = 1000000000ULL;
        end++;
    }
    if (*end != '\0' || (v != 0 && mult > UINT64_MAX / v)) {
        return false;
    }
    *out = (uint64_t)(v * mult);
    return true;
}

/* ------------------------------------------------------------------------------------------- */
/* Single position                                                                              */

typedef struct {
    char uci[ZZ_UCI_MAX];
    uint64_t nodes;
} divide_row;

static int compare_rows(const void *a, const void *b) {
    return strcmp(((const divide_row *)a)->uci, ((const divide_row *)b)->uci);
}

static int run_single(const char *fen, uint32_t depth, bool divide, uint32_t flags) {
    zz_board *board = NULL;
    zz_status rc = zz_board_from_fen(fen, flags, &board);
    if (rc != ZZ_STATUS_OK) {
        fprintf(stderr, "%s: cannot read FEN: %s: %s\n", program, zz_status_str(rc),
                zz_last_error_message());
        return 1;
    }

    uint64_t nodes = 0;
    double start = now_seconds();
    if (divide && depth >= 1) {
        zz_perft_entry entries[ZZ_MAX_MOVES];
        divide_row rows[ZZ_MAX_MOVES];
        size_t n = 0;
        rc = zz_perft_divide(board, depth, entries, ZZ_MAX_MOVES, &n);
        double seconds = now_seconds() - start;
        if (rc != ZZ_STATUS_OK) {
            fprintf(stderr, "%s: perft divide failed: %s: %s\n", program, zz_status_str(rc),
                    zz_last_error_message());
            zz_board_free(board);
            return 1;
        }
        for (size_t i = 0; i < n; i++) {
            rc = zz_board_uci(board, entries[i].move, rows[i].uci, sizeof rows[i].uci, NULL);
            if (rc != ZZ_STATUS_OK) {
                snprintf(rows[i].uci, sizeof rows[i].uci, "?%04x", (unsigned)entries[i].move);
            }
            rows[i].nodes = entries[i].nodes;
            nodes += entries[i].nodes;
        }
        qsort(rows, n, sizeof rows[0], compare_rows);
        for (size_t i = 0; i < n; i++) {
            printf("%s: %" PRIu64 "\n", rows[i].uci, rows[i].nodes);
        }
        printf("\nmoves: %zu\ntotal: %" PRIu64 "\n", n, nodes);
        printf("time: %.3f s, %.2f Mnps\n", seconds, mnps(nodes, seconds));
    } else if (perft_opts.stats) {
        zz_perft_stats st;
        rc = zz_perft_ex(board, depth, &perft_opts, &st);
        double seconds = now_seconds() - start;
        if (rc != ZZ_STATUS_OK) {
            fprintf(stderr, "%s: perft failed: %s: %s\n", program, zz_status_str(rc),
                    zz_last_error_message());
            zz_board_free(board);
            return 1;
        }
        printf("perft(%" PRIu32 ") = %" PRIu64 "\n", depth, st.nodes);
        printf("captures: %" PRIu64 "\ne.p.: %" PRIu64 "\ncastles: %" PRIu64
               "\npromotions: %" PRIu64 "\nchecks: %" PRIu64 "\ndiscovery checks: %" PRIu64
               "\ndouble checks: %" PRIu64 "\ncheckmates: %" PRIu64 "\n",
               st.captures, st.en_passant, st.castles, st.promotions, st.checks,
               st.discovery_checks, st.double_checks, st.checkmates);
        printf("time: %.3f s, %.2f Mnps\n", seconds, mnps(st.nodes, seconds));
    } else {
        rc = count_nodes(board, depth, &nodes);
        double seconds = now_seconds() - start;
        if (rc != ZZ_STATUS_OK) {
            fprintf(stderr, "%s: perft failed: %s: %s\n", program, zz_status_str(rc),
                    zz_last_error_message());
            zz_board_free(board);
            return 1;
        }
        printf("perft(%" PRIu32 ") = %" PRIu64 "\n", depth, nodes);
        printf("time: %.3f s, %.2f Mnps\n", seconds, mnps(nodes, seconds));
    }
    zz_board_free(board);
    return 0;
}

/* ------------------------------------------------------------------------------------------- */
/* EPD suites                                                                                   */

typedef struct {
    uint32_t depth;
    uint64_t count;
} perft_count;

static char *trim(char *s) {
    while (isspace((unsigned char)*s)) {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1])) {
        s[--n] = '\0';
    }
    return s;
}

/*
 * Splits an EPD line in place into its FEN and its ';Dn count' operations.
 * Returns 1 for a position, 0 for a blank or comment line, -1 if malformed (*why says why).
 */
static int parse_epd_line(char *line, char **fen_out, perft_count *counts, size_t *n_out,
                          const char **why) {
    char *s = trim(line);
    *n_out = 0;
    if (*s == '\0' || *s == '#') {
        return 0;
    }
    char *semi = strchr(s, ';');
    if (semi != NULL) {
        *semi = '\0';
    }
    *fen_out = trim(s);
    if (**fen_out == '\0') {
        *why = "empty FEN";
        return -1;
    }
    size_t n = 0;
    while (semi != NULL) {
        char *op = semi + 1;
        semi = strchr(op, ';');
        if (semi != NULL) {
            *semi = '\0';
        }
        op = trim(op);
        if (*op == '\0') {
            continue;
        }
        if (op[0] != 'D' || !isdigit((unsigned char)op[1])) {
            continue; /* some other EPD operation (id, comment ...): ignored */
        }
        char *end = NULL;
        errno = 0;
        unsigned long depth = strtoul(op + 1, &end, 10);
        if (errno != 0 || depth > 64 || !isspace((unsigned char)*end)) {
            *why = "bad ;Dn depth";
            return -1;
        }
        char *num = trim(end);
        if (!isdigit((unsigned char)num[0])) {
            *why = "bad ;Dn count";
            return -1;
        }
        unsigned long long count = strtoull(num, &end, 10);
        if (errno != 0 || *end != '\0') {
            *why = "bad ;Dn count";
            return -1;
        }
        if (n == MAX_COUNTS) {
            *why = "too many ;Dn operations";
            return -1;
        }
        counts[n].depth = (uint32_t)depth;
        counts[n].count = (uint64_t)count;
        n++;
    }
    *n_out = n;
    return 1;
}

/* Writes the depths as "D1-D5" when contiguous and ascending, else "D1,D2,D32". */
static void format_depths(const uint32_t *depths, size_t n, char *buf, size_t cap) {
    buf[0] = '\0';
    if (n == 0) {
        snprintf(buf, cap, "-");
        return;
    }
    bool contiguous = true;
    for (size_t i = 1; i < n; i++) {
        if (depths[i] != depths[i - 1] + 1) {
            contiguous = false;
        }
    }
    if (contiguous) {
        if (n == 1) {
            snprintf(buf, cap, "D%" PRIu32, depths[0]);
        } else {
            snprintf(buf, cap, "D%" PRIu32 "-D%" PRIu32, depths[0], depths[n - 1]);
        }
        return;
    }
    size_t used = 0;
    for (size_t i = 0; i < n && used + 1 < cap; i++) {
        int w = snprintf(buf + used, cap - used, "%sD%" PRIu32, i ? "," : "", depths[i]);
        if (w < 0) {
            break;
        }
        used += (size_t)w;
    }
}

static int run_epd(const char *path, uint64_t max_nodes, uint32_t flags) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "%s: cannot open %s: %s\n", program, path, strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t len;
    unsigned long line_no = 0, index = 0;
    unsigned long passed = 0, failed = 0, skipped = 0;
    uint64_t total_nodes = 0;
    double total_seconds = 0.0;
    perft_count counts[MAX_COUNTS];
    uint32_t checked[MAX_COUNTS];

    printf("%s (max nodes per count %" PRIu64 ")\n", path, max_nodes);
    while ((len = getline(&line, &line_cap, f)) != -1) {
        line_no++;
        char *fen = NULL;
        size_t n = 0;
        const char *why = NULL;
        int kind = parse_epd_line(line, &fen, counts, &n, &why);
        if (kind == 0) {
            continue;
        }
        index++;
        if (kind < 0) {
            printf("%5lu  line %lu: FAIL malformed EPD line: %s\n", index, line_no, why);
            failed++;
            continue;
        }

        size_t n_checked = 0;
        for (size_t i = 0; i < n; i++) {
            if (counts[i].count <= max_nodes) {
                checked[n_checked++] = counts[i].depth;
            }
        }
        if (n_checked == 0) {
            printf("%5lu  SKIP (no count <= %" PRIu64 ")  %s\n", index, max_nodes, fen);
            skipped++;
            continue;
        }

        zz_board *board = NULL;
        zz_status rc = zz_board_from_fen(fen, flags, &board);
        if (rc != ZZ_STATUS_OK) {
            printf("%5lu  FAIL FEN refused (%s: %s): %s\n", index, zz_status_str(rc),
                   zz_last_error_message(), fen);
            failed++;
            continue;
        }

        uint64_t nodes = 0;
        bool ok = true;
        char detail[256] = "";
        n_checked = 0;
        double start = now_seconds();
        for (size_t i = 0; i < n && ok; i++) {
            if (counts[i].count > max_nodes) {
                continue;
            }
            uint64_t got = 0;
            rc = count_nodes(board, counts[i].depth, &got);
            checked[n_checked++] = counts[i].depth;
            if (rc != ZZ_STATUS_OK) {
                snprintf(detail, sizeof detail, "D%" PRIu32 ": %s: %s", counts[i].depth,
                         zz_status_str(rc), zz_last_error_message());
                ok = false;
            } else if (got != counts[i].count) {
                snprintf(detail, sizeof detail,
                         "D%" PRIu32 ": expected %" PRIu64 ", got %" PRIu64, counts[i].depth,
                         counts[i].count, got);
                ok = false;
            }
            nodes += got;
        }
        double seconds = now_seconds() - start;
        zz_board_free(board);
        total_nodes += nodes;
        total_seconds += seconds;

        char depths[128];
        format_depths(checked, n_checked, depths, sizeof depths);
        printf("%5lu  %-9s %12" PRIu64 " nodes %8.3f s %8.2f Mnps  %s", index, depths, nodes,
               seconds, mnps(nodes, seconds), ok ? "PASS" : "FAIL");
        if (ok) {
            passed++;
            printf("\n");
        } else {
            failed++;
            printf(" %s  (line %lu: %s)\n", detail, line_no, fen);
        }
        fflush(stdout);
    }
    bool read_error = ferror(f) != 0;
    free(line);
    fclose(f);
    if (read_error) {
        fprintf(stderr, "%s: error reading %s\n", program, path);
        failed++;
    }

    printf("total: %" PRIu64 " nodes in %.3f s, %.2f Mnps\n", total_nodes, total_seconds,
           mnps(total_nodes, total_seconds));
    if (skipped > 0) {
        printf("%lu passed, %lu failed, %lu skipped\n", passed, failed, skipped);
    } else {
        printf("%lu passed, %lu failed\n", passed, failed);
    }
    return failed == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
    if (argc > 0 && argv[0] != NULL && argv[0][0] != '\0') {
        const char *slash = strrchr(argv[0], '/');
        program = slash != NULL ? slash + 1 : argv[0];
    }

    const char *epd = NULL;
    const char *positional[2] = {NULL, NULL};
    int n_positional = 0;
    bool divide = false, have_max = false;
    uint64_t max_nodes = DEFAULT_MAX_NODES;
    uint32_t flags = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--divide") == 0) {
            divide = true;
        } else if (strcmp(a, "--stats") == 0) {
            perft_opts.stats = true;
        } else if (strcmp(a, "--threads") == 0 || strcmp(a, "--hash") == 0) {
            uint64_t v = 0;
            if (i + 1 >= argc || !parse_count(argv[i + 1], false, &v) || v > 1024 * 1024) {
                bad_args("--threads / --hash need a number", i + 1 < argc ? argv[i + 1] : NULL);
            }
            if (a[2] == 't') {
                perft_opts.threads = (uint32_t)v;
            } else {
                perft_opts.hash_mb = (uint32_t)v;
            }
            i++;
        } else if (strcmp(a, "--chess960") == 0) {
            flags |= ZZ_FEN_CHESS960;
        } else if (strcmp(a, "--relaxed") == 0) {
            flags |= ZZ_FEN_RELAXED;
        } else if (strcmp(a, "--epd") == 0) {
            if (++i >= argc) {
                bad_args("--epd needs a file", NULL);
            }
            epd = argv[i];
        } else if (strcmp(a, "--max-nodes") == 0) {
            if (++i >= argc) {
                bad_args("--max-nodes needs a number", NULL);
            }
            if (!parse_count(argv[i], true, &max_nodes)) {
                bad_args("bad --max-nodes value", argv[i]);
            }
            have_max = true;
        } else if (strcmp(a, "--") == 0) {
            for (i++; i < argc; i++) {
                if (n_positional == 2) {
                    bad_args("unexpected argument", argv[i]);
                }
                positional[n_positional++] = argv[i];
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            bad_args("unknown option", a);
        } else {
            if (n_positional == 2) {
                bad_args("unexpected argument", a);
            }
            positional[n_positional++] = a;
        }
    }

    if (epd != NULL) {
        if (n_positional != 0) {
            bad_args("--epd takes no FEN or DEPTH", positional[0]);
        }
        if (divide || perft_opts.stats) {
            bad_args("--divide and --stats are for a single FEN, not --epd", NULL);
        }
        return run_epd(epd, max_nodes, flags);
    }
    if (have_max) {
        bad_args("--max-nodes is for --epd", NULL);
    }
    if (n_positional != 2) {
        bad_args("expected FEN and DEPTH (or --epd FILE)", NULL);
    }
    uint64_t depth = 0;
    if (!parse_count(positional[1], false, &depth) || depth > 64) {
        bad_args("DEPTH must be an integer 0..64", positional[1]);
    }
    if (divide && (perft_opts.stats || perft_opts.threads > 1 || perft_opts.hash_mb > 0)) {
        bad_args("--divide does not combine with --stats, --threads or --hash", NULL);
    }
    const char *fen = strcmp(positional[0], "startpos") == 0 ? START_FEN : positional[0];
    return run_single(fen, (uint32_t)depth, divide, flags);
}

/*
 * Shared helpers for the C tests in tests/c (included first by each test_*.c; not a test itself).
 *
 * CHECK never disappears under NDEBUG (unlike assert): a failed check is printed with its file,
 * line and expression, counted, and the test goes on; zz_test_end() turns the count into the
 * exit status. Everything is printed to stdout, line buffered, so the order survives a crash.
 */
#ifndef ZZ_TEST_H
#define ZZ_TEST_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getline, clock_gettime */
#endif

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zugzwang.h"

static unsigned long zz_checks = 0;
static unsigned long zz_failures = 0;
static const char *zz_test_name = "test";

/* Prints "FAIL file:line: what" plus an optional printf-style detail. */
static inline void zz_fail_at(const char *file, int line, const char *what) {
    zz_failures++;
    printf("FAIL %s:%d: %s\n", file, line, what);
}

#define CHECK(cond)                                                                             \
    do {                                                                                        \
        zz_checks++;                                                                            \
        if (!(cond)) {                                                                          \
            zz_fail_at(__FILE__, __LINE__, #cond);                                              \
        }                                                                                       \
    } while (0)

/* CHECK with a printf-style detail line: CHECK_MSG(a == b, "a=%d b=%d", a, b). */
#define CHECK_MSG(cond, ...)                                                                    \
    do {                                                                                        \
        zz_checks++;                                                                            \
        if (!(cond)) {                                                                          \
            zz_fail_at(__FILE__, __LINE__, #cond);                                              \
            printf("     ");                                                                    \
            printf(__VA_ARGS__);                                                                \
            printf("\n");                                                                       \
        }                                                                                       \
    } while (0)

/* Evaluates a zz_status expression once and checks it equals `expected`. */
#define CHECK_STATUS(expr, expected)                                                            \
    do {                                                                                        \
        zz_status zz_got_ = (expr);                                                             \
        zz_status zz_want_ = (expected);                                                        \
        zz_checks++;                                                                            \
        if (zz_got_ != zz_want_) {                                                              \
            zz_fail_at(__FILE__, __LINE__, #expr);                                              \
            printf("     status %d (%s), expected %d (%s); last error: %s\n", (int)zz_got_,     \
                   zz_status_str(zz_got_), (int)zz_want_, zz_status_str(zz_want_),              \
                   zz_last_error_message());                                                    \
        }                                                                                       \
    } while (0)

#define CHECK_OK(expr) CHECK_STATUS(expr, ZZ_STATUS_OK)

static inline void zz_test_begin(int argc, char **argv, const char *name) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    zz_test_name = name;
    if (argc < 2) {
        printf("usage: %s DATA_DIR   (DATA_DIR is tests/data)\n", argc > 0 ? argv[0] : name);
        exit(2);
    }
    printf("%s: zugzwang %s, data %s\n", name, zz_version(), argv[1]);
}

static inline int zz_test_end(void) {
    printf("%s: %lu checks, %lu failed\n", zz_test_name, zz_checks, zz_failures);
    return zz_failures == 0 ? 0 : 1;
}

static inline double zz_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "e4" etc.; out needs 3 bytes. Out-of-range squares give "??". */
static inline const char *zz_square_name(int32_t sq, char out[3]) {
    if (sq < 0 || sq > 63) {
        out[0] = out[1] = '?';
    } else {
        out[0] = (char)('a' + sq % 8);
        out[1] = (char)('1' + sq / 8);
    }
    out[2] = '\0';
    return out;
}

/* Builds a zz_move from its fields (see the encoding in zugzwang.h). */
static inline zz_move zz_make_move(int from, int to, int promo, int kind) {
    return (zz_move)((unsigned)from | ((unsigned)to << 6) | ((unsigned)promo << 12) |
                     ((unsigned)kind << 14));
}

/* The kind bits (14-15) of a move, read directly (zz_move_kind() is the library's accessor). */
static inline int zz_kind_bits(zz_move m) { return (int)((m >> 14) & 3u); }

/* The board's FEN (flags as given) into buf[ZZ_FEN_MAX]; "<error>" and a failed check on error. */
static inline const char *zz_fen_of(const zz_board *b, uint32_t flags, char buf[ZZ_FEN_MAX]) {
    size_t len = 0;
    zz_status rc = zz_board_fen(b, flags, buf, ZZ_FEN_MAX, &len);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, __LINE__, "zz_board_fen");
        printf("     status %d (%s): %s\n", (int)rc, zz_status_str(rc), zz_last_error_message());
        snprintf(buf, ZZ_FEN_MAX, "<error>");
    }
    return buf;
}

/* The legal moves of b into buf[ZZ_MAX_MOVES]; returns the count (0 and a failed check on error). */
static inline size_t zz_moves_of(const zz_board *b, zz_move buf[ZZ_MAX_MOVES]) {
    size_t n = 0;
    zz_status rc = zz_board_legal_moves(b, buf, ZZ_MAX_MOVES, &n);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, __LINE__, "zz_board_legal_moves");
        printf("     status %d (%s): %s\n", (int)rc, zz_status_str(rc), zz_last_error_message());
        return 0;
    }
    return n;
}

static inline int zz_compare_moves(const void *a, const void *b) {
    zz_move x = *(const zz_move *)a, y = *(const zz_move *)b;
    return (x > y) - (x < y);
}

/* Sorts a move list (to compare move sets independently of generation order). */
static inline void zz_sort_moves(zz_move *moves, size_t n) {
    qsort(moves, n, sizeof moves[0], zz_compare_moves);
}

/* UCI text of m on b (buf[ZZ_UCI_MAX]); "<error>" and a failed check on error. */
static inline const char *zz_uci_of(const zz_board *b, zz_move m, char buf[ZZ_UCI_MAX]) {
    zz_status rc = zz_board_uci(b, m, buf, ZZ_UCI_MAX, NULL);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, __LINE__, "zz_board_uci");
        printf("     move 0x%04x: status %d (%s): %s\n", (unsigned)m, (int)rc, zz_status_str(rc),
               zz_last_error_message());
        snprintf(buf, ZZ_UCI_MAX, "<err>");
    }
    return buf;
}

/* Board from a FEN, or NULL and a failed check. */
static inline zz_board *zz_board_or_fail(const char *fen, uint32_t flags) {
    zz_board *b = NULL;
    zz_status rc = zz_board_from_fen(fen, flags, &b);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, __LINE__, "zz_board_from_fen");
        printf("     %s: status %d (%s): %s\n", fen, (int)rc, zz_status_str(rc),
               zz_last_error_message());
        return NULL;
    }
    return b;
}

/* "dir/name" into out[cap]. */
static inline const char *zz_path(const char *dir, const char *name, char *out, size_t cap) {
    snprintf(out, cap, "%s/%s", dir, name);
    return out;
}

/* Strips leading and trailing white space in place. */
static inline char *zz_trim(char *s) {
    while (isspace((unsigned char)*s)) {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1])) {
        s[--n] = '\0';
    }
    return s;
}

/* ---- EPD perft lines: `<fen> ;D1 <n> ;D2 <n> ...` ---------------------------------------- */

#define ZZ_EPD_MAX_COUNTS 128

typedef struct {
    uint32_t depth;
    uint64_t count;
} zz_epd_count;

/*
 * Splits an EPD line in place. Returns 1 for a position (FEN and counts filled in), 0 for a blank
 * or '#' comment line, -1 when malformed.
 */
static inline int zz_epd_parse(char *line, char **fen_out, zz_epd_count *counts, size_t *n_out) {
    char *s = zz_trim(line);
    *n_out = 0;
    if (*s == '\0' || *s == '#') {
        return 0;
    }
    char *semi = strchr(s, ';');
    if (semi != NULL) {
        *semi = '\0';
    }
    *fen_out = zz_trim(s);
    if (**fen_out == '\0') {
        return -1;
    }
    size_t n = 0;
    while (semi != NULL) {
        char *op = semi + 1;
        semi = strchr(op, ';');
        if (semi != NULL) {
            *semi = '\0';
        }
        op = zz_trim(op);
        if (op[0] != 'D' || !isdigit((unsigned char)op[1])) {
            return -1;
        }
        char *end = NULL;
        errno = 0;
        unsigned long depth = strtoul(op + 1, &end, 10);
        if (errno != 0 || depth > 64 || !isspace((unsigned char)*end)) {
            return -1;
        }
        char *num = zz_trim(end);
        if (!isdigit((unsigned char)num[0])) {
            return -1;
        }
        unsigned long long count = strtoull(num, &end, 10);
        if (errno != 0 || *end != '\0' || n == ZZ_EPD_MAX_COUNTS) {
            return -1;
        }
        counts[n].depth = (uint32_t)depth;
        counts[n].count = (uint64_t)count;
        n++;
    }
    *n_out = n;
    return n > 0 ? 1 : -1;
}

/* ---- TSV rows ------------------------------------------------------------------------------- */

/*
 * Splits a TSV line in place into at most `max` fields (trailing '\n' / '\r' removed).
 * Returns the number of fields.
 */
static inline size_t zz_tsv_split(char *line, char **fields, size_t max) {
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) {
        line[--len] = '\0';
    }
    size_t n = 0;
    char *p = line;
    while (n < max) {
        fields[n++] = p;
        char *tab = strchr(p, '\t');
        if (tab == NULL) {
            break;
        }
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

/* ---- shared test helpers -------------------------------------------------------------------- */

/* Whether all n bytes at p equal value (buffers the library must not have touched). */
static inline bool zz_all_bytes(const void *p, unsigned char value, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        if (b[i] != value) {
            return false;
        }
    }
    return true;
}

/* A new board with the start position; exits if the library cannot create one. */
static inline zz_board *zz_start_board(void) {
    zz_board *b = NULL;
    zz_status rc = zz_board_new(&b);
    CHECK_OK(rc);
    if (rc != ZZ_STATUS_OK || b == NULL) {
        printf("cannot create a board; giving up\n");
        exit(1);
    }
    return b;
}

/*
 * Reads the TSV file dir/file; calls row(fields, n, line_no) for every data row ('#' lines,
 * blank lines and the header row, whose first field must be header_first, are skipped).
 * Returns the number of data rows, which must be > 0.
 */
static inline unsigned long zz_for_each_row(const char *dir, const char *file,
                                            const char *header_first,
                                            void (*row)(char **fields, size_t n,
                                                        unsigned long line_no)) {
    char path[4096];
    zz_path(dir, file, path, sizeof path);
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s: %s", path, strerror(errno));
    if (f == NULL) {
        return 0;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long line_no = 0, rows = 0;
    bool header_seen = false;
    while (getline(&line, &cap, f) != -1) {
        line_no++;
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r' || line[0] == '\0') {
            continue;
        }
        char *fields[16];
        size_t n = zz_tsv_split(line, fields, 16);
        if (!header_seen) {
            header_seen = true;
            CHECK_MSG(strcmp(fields[0], header_first) == 0, "%s:%lu: expected header row '%s...'",
                      file, line_no, header_first);
            continue;
        }
        rows++;
        row(fields, n, line_no);
    }
    free(line);
    fclose(f);
    CHECK_MSG(rows > 0, "%s: no data rows", file);
    printf("%s: %lu rows\n", file, rows);
    return rows;
}

#endif /* ZZ_TEST_H */

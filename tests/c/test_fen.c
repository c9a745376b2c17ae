/*
 * FEN vectors through the C ABI.
 *
 *   test_fen DATA_DIR
 *
 * - fen/valid_roundtrip.tsv: every fen_in is accepted (from_fen and set_fen) and written back
 *   (flags 0) exactly as fen_out; fen_out itself round-trips.
 * - fen/invalid.tsv: every row with expect = reject is refused with ZZ_STATUS_INVALID_FEN and a
 *   non-empty zz_last_error_message(), by zz_board_from_fen (output untouched) and by
 *   zz_board_set_fen (board's FEN unchanged). Rows with expect = optional are only reported.
 * - every FEN of the perft files: parse, write, parse again, write again gives the same text.
 */
#include "zz_test.h"

/* A recognisable non-NULL value to detect writes to a `zz_board **out` on failure. */
static char sentinel_storage;
#define SENTINEL_BOARD ((zz_board *)(void *)&sentinel_storage)

/* ---- valid_roundtrip.tsv: fen_in fen_out note ------------------------------------------------ */

static void valid_row(char **fields, size_t n, unsigned long line_no) {
    CHECK_MSG(n >= 2, "valid_roundtrip.tsv:%lu: %zu fields", line_no, n);
    if (n < 2) {
        return;
    }
    const char *fen_in = fields[0], *fen_out = fields[1];
    char buf[ZZ_FEN_MAX];

    zz_board *b = NULL;
    zz_status rc = zz_board_from_fen(fen_in, 0, &b);
    CHECK_MSG(rc == ZZ_STATUS_OK, "line %lu: refused (%s: %s): %s", line_no, zz_status_str(rc),
              zz_last_error_message(), fen_in);
    if (rc != ZZ_STATUS_OK) {
        return;
    }
    size_t len = 0;
    CHECK_OK(zz_board_fen(b, 0, buf, sizeof buf, &len));
    CHECK_MSG(strcmp(buf, fen_out) == 0, "line %lu: %s\n     wrote    %s\n     expected %s",
              line_no, fen_in, buf, fen_out);
    CHECK_MSG(len == strlen(buf) + 1, "line %lu: out_len %zu for %zu chars", line_no, len,
              strlen(buf));

    /* set_fen on a board with history gives the same result. */
    zz_board *c = NULL;
    CHECK_OK(zz_board_new(&c));
    if (c != NULL) {
        CHECK_OK(zz_board_push_uci(c, "g1f3"));
        CHECK_OK(zz_board_set_fen(c, fen_in, 0));
        CHECK_MSG(strcmp(zz_fen_of(c, 0, buf), fen_out) == 0, "line %lu: set_fen wrote %s",
                  line_no, buf);
        zz_board_free(c);
    }

    /* The output is itself a valid FEN that round-trips. */
    zz_board *d = NULL;
    rc = zz_board_from_fen(fen_out, 0, &d);
    CHECK_MSG(rc == ZZ_STATUS_OK, "line %lu: own output refused (%s): %s", line_no,
              zz_last_error_message(), fen_out);
    if (rc == ZZ_STATUS_OK) {
        CHECK_MSG(strcmp(zz_fen_of(d, 0, buf), fen_out) == 0, "line %lu: %s -> %s", line_no,
                  fen_out, buf);
        zz_board_free(d);
    }
    zz_board_free(b);
}

/* ---- invalid.tsv: fen category reason expect shakmaty ---------------------------------------- */

static unsigned long rejected_rows, optional_rows, optional_accepted;

static void invalid_row(char **fields, size_t n, unsigned long line_no) {
    CHECK_MSG(n >= 4, "invalid.tsv:%lu: %zu fields", line_no, n);
    if (n < 4) {
        return;
    }
    const char *fen = fields[0], *reason = fields[2], *expect = fields[3];
    bool must_reject = strcmp(expect, "reject") == 0;
    CHECK_MSG(must_reject || strcmp(expect, "optional") == 0, "invalid.tsv:%lu: expect '%s'",
              line_no, expect);

    zz_board *out = SENTINEL_BOARD;
    zz_status rc = zz_board_from_fen(fen, 0, &out);
    if (!must_reject) {
        optional_rows++;
        if (rc == ZZ_STATUS_OK) {
            char buf[ZZ_FEN_MAX];
            optional_accepted++;
            printf("  optional row %lu accepted as %s  (%s)\n", line_no, zz_fen_of(out, 0, buf),
                   reason);
            zz_board_free(out);
        } else {
            CHECK_MSG(rc == ZZ_STATUS_INVALID_FEN, "line %lu: status %s", line_no,
                      zz_status_str(rc));
            CHECK(out == SENTINEL_BOARD);
            printf("  optional row %lu refused: %s  (%s)\n", line_no, zz_last_error_message(),
                   reason);
        }
        return;
    }
    rejected_rows++;
    CHECK_MSG(rc == ZZ_STATUS_INVALID_FEN,
              "line %lu (%s): from_fen gave %s instead of INVALID_FEN\n     fen: %s", line_no,
              reason, zz_status_str(rc), fen);
    if (rc == ZZ_STATUS_OK) {
        zz_board_free(out);
        out = SENTINEL_BOARD;
    }
    const char *msg = zz_last_error_message();
    CHECK_MSG(msg != NULL && msg[0] != '\0', "line %lu: empty error message", line_no);
    CHECK_MSG(out == SENTINEL_BOARD, "line %lu: *out written on failure", line_no);

    /* set_fen refuses it too and leaves the board as it was (also its history). */
    zz_board *b = NULL;
    CHECK_OK(zz_board_new(&b));
    if (b == NULL) {
        return;
    }
    CHECK_OK(zz_board_push_uci(b, "e2e4"));
    char before[ZZ_FEN_MAX], after[ZZ_FEN_MAX];
    zz_fen_of(b, 0, before);
    rc = zz_board_set_fen(b, fen, 0);
    CHECK_MSG(rc == ZZ_STATUS_INVALID_FEN, "line %lu (%s): set_fen gave %s instead of INVALID_FEN",
              line_no, reason, zz_status_str(rc));
    msg = zz_last_error_message();
    CHECK_MSG(msg != NULL && msg[0] != '\0', "line %lu: empty error message after set_fen",
              line_no);
    CHECK_MSG(strcmp(zz_fen_of(b, 0, after), before) == 0, "line %lu: set_fen changed %s to %s",
              line_no, before, after);
    zz_move popped = 0;
    CHECK_OK(zz_board_pop(b, &popped));
    CHECK(popped != 0 && zz_move_from_square(popped) == 12 && zz_move_to_square(popped) == 28);
    zz_board_free(b);
}

/* ---- FENs of the perft files: parse -> write -> parse -> write is stable ---------------------- */

static void stable_file(const char *dir, const char *file, uint32_t flags) {
    char path[4096];
    zz_path(dir, file, path, sizeof path);
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s: %s", path, strerror(errno));
    if (f == NULL) {
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long positions = 0, same_text = 0, same_shredder = 0, strict_refused = 0;
    zz_epd_count counts[ZZ_EPD_MAX_COUNTS];
    uint32_t out_flags[3] = {0, ZZ_FEN_EP_ALWAYS, ZZ_FEN_EP_PSEUDO_LEGAL};
    size_t n_out_flags = 3;
    uint32_t out_flags_960[4] = {0, ZZ_FEN_SHREDDER, ZZ_FEN_EP_ALWAYS,
                                 ZZ_FEN_SHREDDER | ZZ_FEN_EP_PSEUDO_LEGAL};
    const uint32_t *outs = out_flags;
    if (flags & ZZ_FEN_CHESS960) {
        outs = out_flags_960;
        n_out_flags = 4;
    }
    while (getline(&line, &cap, f) != -1) {
        char *fen = NULL;
        size_t n = 0;
        if (zz_epd_parse(line, &fen, counts, &n) != 1) {
            continue;
        }
        zz_board *b = NULL;
        if (flags & ZZ_FEN_RELAXED) {
            /* Informational: how many need the relaxed mode (DESIGN.md refuses impossible checks). */
            if (zz_board_from_fen(fen, flags & ~ZZ_FEN_RELAXED, &b) == ZZ_STATUS_OK) {
                zz_board_free(b);
                b = NULL;
            } else {
                strict_refused++;
            }
        }
        if (zz_board_from_fen(fen, flags, &b) != ZZ_STATUS_OK) {
            continue; /* test_perft reports refused FENs */
        }
        positions++;
        char first[ZZ_FEN_MAX], second[ZZ_FEN_MAX];
        for (size_t k = 0; k < n_out_flags; k++) {
            zz_fen_of(b, outs[k], first);
            zz_board *c = NULL;
            zz_status rc = zz_board_from_fen(first, flags, &c);
            CHECK_MSG(rc == ZZ_STATUS_OK, "%s: own output (flags %u) refused (%s): %s\n     from %s",
                      file, (unsigned)outs[k], zz_last_error_message(), first, fen);
            if (rc == ZZ_STATUS_OK) {
                CHECK_MSG(strcmp(zz_fen_of(c, outs[k], second), first) == 0,
                          "%s: flags %u: %s -> %s", file, (unsigned)outs[k], first, second);
                /* The reparsed board has the same legal moves. */
                zz_move m1[ZZ_MAX_MOVES], m2[ZZ_MAX_MOVES];
                size_t n1 = zz_moves_of(b, m1), n2 = zz_moves_of(c, m2);
                zz_sort_moves(m1, n1);
                zz_sort_moves(m2, n2);
                CHECK_MSG(n1 == n2 && memcmp(m1, m2, n1 * sizeof m1[0]) == 0,
                          "%s: legal moves differ after FEN round trip: %s", file, first);
                zz_board_free(c);
            }
            if (k == 0 && strcmp(first, fen) == 0) {
                same_text++;
            }
            if (outs[k] == ZZ_FEN_SHREDDER && strcmp(first, fen) == 0) {
                same_shredder++;
            }
        }
        zz_board_free(b);
    }
    free(line);
    fclose(f);
    printf("%s: %lu FENs stable under parse/write; written back byte-identical: %lu (flags 0)",
           file, positions, same_text);
    if (flags & ZZ_FEN_CHESS960) {
        printf(", %lu (ZZ_FEN_SHREDDER)", same_shredder);
    }
    if (flags & ZZ_FEN_RELAXED) {
        printf("; %lu refused without ZZ_FEN_RELAXED", strict_refused);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    zz_test_begin(argc, argv, "test_fen");
    const char *dir = argv[1];

    zz_for_each_row(dir, "fen/valid_roundtrip.tsv", "fen_in", valid_row);
    zz_for_each_row(dir, "fen/invalid.tsv", "fen", invalid_row);
    printf("invalid.tsv: %lu reject rows checked; %lu optional rows (%lu accepted)\n",
           rejected_rows, optional_rows, optional_accepted);

    stable_file(dir, "perft/standard.epd", 0);
    stable_file(dir, "perft/tricky.epd", 0);
    stable_file(dir, "perft/random.epd", 0);
    stable_file(dir, "perft/tricky_relaxed.epd", ZZ_FEN_RELAXED);
    stable_file(dir, "perft/chess960.epd", ZZ_FEN_CHESS960);
    return zz_test_end();
}

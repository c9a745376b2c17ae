/*
 * The C ABI's contract: NULL arguments, buffers, bad input, illegal moves, history, move
 * encoding, UCI, versions, status strings, clone.
 *
 *   test_abi DATA_DIR
 */
#include "zz_test.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define EP_FEN "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
#define PROMO_W "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"
#define PROMO_B "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"
#define CASTLE_B "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
#define MATED "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
/* Chess960: king b1 between rooks a1/h1 (castling "b1a1" and "b1h1"); king g1 next to rook h1. */
#define C960_A "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
#define C960_B "r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1"
#define C960_C "1k5r/8/8/8/8/8/8/6KR w H - 0 1"

#define SQ(file, rank) ((rank) * 8 + (file))

static char sentinel_storage;
#define SENTINEL_BOARD ((zz_board *)(void *)&sentinel_storage)

/* ---- versions and status text ------------------------------------------------------------- */

static void test_version(void) {
    CHECK(zz_version() != NULL);
    CHECK_MSG(strcmp(ZZ_VERSION_STRING, zz_version()) == 0, "header %s, library %s",
              ZZ_VERSION_STRING, zz_version());
    CHECK_MSG(ZZ_VERSION_NUMBER == zz_version_number(), "header %d, library %u",
              (int)ZZ_VERSION_NUMBER, (unsigned)zz_version_number());
    CHECK(ZZ_VERSION_NUMBER == ZZ_VERSION_MAJOR * 1000000 + ZZ_VERSION_MINOR * 1000 +
                                   ZZ_VERSION_PATCH);
    char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", ZZ_VERSION_MAJOR, ZZ_VERSION_MINOR, ZZ_VERSION_PATCH);
    CHECK_MSG(strcmp(text, ZZ_VERSION_STRING) == 0, "%s vs %s", text, ZZ_VERSION_STRING);
}

static void test_status_str(void) {
    const char *texts[10];
    for (int32_t code = 0; code <= 9; code++) {
        texts[code] = zz_status_str(code);
        CHECK_MSG(texts[code] != NULL && texts[code][0] != '\0', "code %d", (int)code);
        for (int32_t j = 0; j < code && texts[code] != NULL; j++) {
            CHECK_MSG(texts[j] == NULL || strcmp(texts[j], texts[code]) != 0,
                      "codes %d and %d share the text '%s'", (int)j, (int)code, texts[code]);
        }
    }
    CHECK(ZZ_STATUS_OK == 0 && ZZ_STATUS_NULL_PARAMETER == 1 && ZZ_STATUS_INVALID_ARGUMENT == 2 &&
          ZZ_STATUS_BUFFER_TOO_SMALL == 3 && ZZ_STATUS_INVALID_FEN == 4 &&
          ZZ_STATUS_INVALID_UCI == 5 && ZZ_STATUS_ILLEGAL_MOVE == 6 &&
          ZZ_STATUS_EMPTY_HISTORY == 7 && ZZ_STATUS_INVALID_STRING == 8 && ZZ_STATUS_PANIC == 9);
    const int32_t unknown[] = {10, 12345, -1, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *t = zz_status_str(unknown[i]);
        CHECK_MSG(t != NULL && t[0] != '\0', "unknown code %d", (int)unknown[i]);
    }
    CHECK(zz_last_error_message() != NULL);
}

/* ---- NULL arguments ------------------------------------------------------------------------ */

static void test_null(void) {
    zz_board *b = zz_start_board();
    zz_board *out = SENTINEL_BOARD;
    char buf[ZZ_FEN_MAX];
    size_t len = 777;
    zz_move moves[ZZ_MAX_MOVES];
    zz_move m = 0x1234;
    int32_t color = 77, type = 77;
    uint64_t nodes = 777;
    zz_perft_entry entries[ZZ_MAX_MOVES];

    CHECK_STATUS(zz_board_new(NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK(zz_last_error_message()[0] != '\0');
    CHECK_STATUS(zz_board_from_fen(NULL, 0, &out), ZZ_STATUS_NULL_PARAMETER);
    CHECK(out == SENTINEL_BOARD);
    CHECK_STATUS(zz_board_from_fen(START_FEN, 0, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_clone(NULL, &out), ZZ_STATUS_NULL_PARAMETER);
    CHECK(out == SENTINEL_BOARD);
    CHECK_STATUS(zz_board_clone(b, NULL), ZZ_STATUS_NULL_PARAMETER);
    zz_board_free(NULL);

    CHECK_STATUS(zz_board_set_fen(NULL, START_FEN, 0), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_set_fen(b, NULL, 0), ZZ_STATUS_NULL_PARAMETER);

    memset(buf, 'Z', sizeof buf);
    CHECK_STATUS(zz_board_fen(NULL, 0, buf, sizeof buf, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777 && zz_all_bytes(buf, 'Z', sizeof buf));
    CHECK_STATUS(zz_board_fen(b, 0, NULL, sizeof buf, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777);
    /* buf NULL with cap 0 is a size query under snprintf semantics; either answer is coherent. */
    zz_status rc = zz_board_fen(b, 0, NULL, 0, &len);
    CHECK_MSG(rc == ZZ_STATUS_NULL_PARAMETER ||
                  (rc == ZZ_STATUS_BUFFER_TOO_SMALL && len == strlen(START_FEN) + 1),
              "zz_board_fen(b, 0, NULL, 0, &len) gave %s, len %zu", zz_status_str(rc), len);
    printf("zz_board_fen(buf NULL, cap 0) -> %s\n", zz_status_str(rc));
    CHECK_OK(zz_board_fen(b, 0, buf, sizeof buf, NULL)); /* out_len is optional */
    CHECK(strcmp(buf, START_FEN) == 0);

    CHECK(zz_board_turn(NULL) == -1);
    CHECK(zz_board_is_check(NULL) == false);

    CHECK_STATUS(zz_board_piece_at(NULL, 0, &color, &type), ZZ_STATUS_NULL_PARAMETER);
    CHECK(color == 77 && type == 77);
    CHECK_STATUS(zz_board_piece_at(b, 0, NULL, &type), ZZ_STATUS_NULL_PARAMETER);
    CHECK(type == 77);
    CHECK_STATUS(zz_board_piece_at(b, 0, &color, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK(color == 77);

    memset(moves, 0xAB, sizeof moves);
    len = 777;
    CHECK_STATUS(zz_board_legal_moves(NULL, moves, ZZ_MAX_MOVES, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777 && zz_all_bytes(moves, 0xAB, sizeof moves));
    CHECK_STATUS(zz_board_legal_moves(b, NULL, ZZ_MAX_MOVES, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777);
    CHECK_STATUS(zz_board_legal_moves(b, moves, ZZ_MAX_MOVES, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK(zz_all_bytes(moves, 0xAB, sizeof moves));

    zz_move e2e4 = zz_make_move(SQ(4, 1), SQ(4, 3), 0, 0);
    CHECK_STATUS(zz_board_push(NULL, e2e4), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_push_uci(NULL, "e2e4"), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_push_uci(b, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_pop(NULL, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK(m == 0x1234);
    CHECK_STATUS(zz_board_parse_uci(NULL, "e2e4", &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_parse_uci(b, NULL, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_parse_uci(b, "e2e4", NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK(m == 0x1234);

    memset(buf, 'Z', sizeof buf);
    len = 777;
    CHECK_STATUS(zz_board_uci(NULL, e2e4, buf, ZZ_UCI_MAX, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777 && zz_all_bytes(buf, 'Z', sizeof buf));
    CHECK_STATUS(zz_board_uci(b, e2e4, NULL, ZZ_UCI_MAX, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK_OK(zz_board_uci(b, e2e4, buf, ZZ_UCI_MAX, NULL)); /* out_len is optional */
    CHECK(strcmp(buf, "e2e4") == 0);

    CHECK_STATUS(zz_perft(NULL, 1, &nodes), ZZ_STATUS_NULL_PARAMETER);
    CHECK(nodes == 777);
    CHECK_STATUS(zz_perft(b, 1, NULL), ZZ_STATUS_NULL_PARAMETER);
    len = 777;
    memset(entries, 0xAB, sizeof entries);
    CHECK_STATUS(zz_perft_divide(NULL, 1, entries, ZZ_MAX_MOVES, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777 && zz_all_bytes(entries, 0xAB, sizeof entries));
    CHECK_STATUS(zz_perft_divide(b, 1, NULL, ZZ_MAX_MOVES, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_perft_divide(b, 1, entries, ZZ_MAX_MOVES, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK(zz_all_bytes(entries, 0xAB, sizeof entries));

    /* The board survived all of that untouched. */
    char fen[ZZ_FEN_MAX];
    CHECK(strcmp(zz_fen_of(b, 0, fen), START_FEN) == 0);
    CHECK_STATUS(zz_board_pop(b, NULL), ZZ_STATUS_EMPTY_HISTORY);
    zz_board_free(b);
}

/* ---- caller-owned buffers ------------------------------------------------------------------ */

static void test_buffers(void) {
    zz_board *b = zz_start_board();
    const size_t need = strlen(START_FEN) + 1;
    char buf[ZZ_FEN_MAX + 16];
    size_t len;

    const size_t small[] = {0, 1, 2, need / 2, need - 1};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        memset(buf, 'Z', sizeof buf);
        len = 777;
        CHECK_STATUS(zz_board_fen(b, 0, buf, small[i], &len), ZZ_STATUS_BUFFER_TOO_SMALL);
        CHECK_MSG(len == need, "cap %zu: out_len %zu, need %zu", small[i], len, need);
        CHECK_MSG(zz_all_bytes(buf, 'Z', sizeof buf), "cap %zu: buffer written", small[i]);
        CHECK(zz_last_error_message()[0] != '\0');
    }
    memset(buf, 'Z', sizeof buf);
    CHECK_STATUS(zz_board_fen(b, 0, buf, need - 1, NULL), ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(zz_all_bytes(buf, 'Z', sizeof buf));
    /* Exactly enough, and more than enough: nothing written past the NUL. */
    const size_t enough[] = {need, need + 1, ZZ_FEN_MAX};
    for (size_t i = 0; i < sizeof enough / sizeof enough[0]; i++) {
        memset(buf, 'Z', sizeof buf);
        len = 777;
        CHECK_OK(zz_board_fen(b, 0, buf, enough[i], &len));
        CHECK_MSG(len == need, "cap %zu: out_len %zu, need %zu", enough[i], len, need);
        CHECK(strcmp(buf, START_FEN) == 0);
        CHECK_MSG(zz_all_bytes(buf + need, 'Z', sizeof buf - need), "cap %zu: bytes past the NUL",
                  enough[i]);
    }

    /* UCI text. */
    zz_move e2e4 = zz_make_move(SQ(4, 1), SQ(4, 3), 0, 0);
    memset(buf, 'Z', sizeof buf);
    len = 777;
    CHECK_STATUS(zz_board_uci(b, e2e4, buf, 4, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 5 && zz_all_bytes(buf, 'Z', sizeof buf));
    CHECK_STATUS(zz_board_uci(b, e2e4, buf, 0, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 5 && zz_all_bytes(buf, 'Z', sizeof buf));
    CHECK_OK(zz_board_uci(b, e2e4, buf, 5, &len));
    CHECK(len == 5 && strcmp(buf, "e2e4") == 0 && zz_all_bytes(buf + 5, 'Z', sizeof buf - 5));
    memset(buf, 'Z', sizeof buf);
    CHECK_OK(zz_board_uci(b, 0, buf, ZZ_UCI_MAX, &len));
    CHECK_MSG(strcmp(buf, "0000") == 0 && len == 5, "move 0 -> '%s' len %zu", buf, len);

    zz_board *p = zz_board_or_fail(PROMO_W, 0);
    if (p != NULL) {
        zz_move a7a8q = zz_make_move(SQ(0, 6), SQ(0, 7), 3, 1);
        zz_move b7c8n = zz_make_move(SQ(1, 6), SQ(2, 7), 0, 1);
        memset(buf, 'Z', sizeof buf);
        CHECK_STATUS(zz_board_uci(p, b7c8n, buf, 5, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
        CHECK(len == 6 && zz_all_bytes(buf, 'Z', sizeof buf));
        CHECK_OK(zz_board_uci(p, b7c8n, buf, 6, &len));
        CHECK_MSG(len == 6 && strcmp(buf, "b7c8n") == 0, "'%s' %zu", buf, len);
        zz_move parsed = 0;
        CHECK_OK(zz_board_parse_uci(p, "b7c8n", &parsed));
        CHECK_MSG(parsed == b7c8n, "parsed 0x%04x, expected 0x%04x", parsed, b7c8n);
        CHECK_STATUS(zz_board_parse_uci(p, "a7a8q", &parsed), ZZ_STATUS_ILLEGAL_MOVE);
        (void)a7a8q; /* a8 is occupied by a knight: a7a8q is not legal here */
        zz_board_free(p);
    }

    /* Move lists. */
    zz_move moves[ZZ_MAX_MOVES + 4];
    const size_t short_caps[] = {0, 1, 19};
    for (size_t i = 0; i < sizeof short_caps / sizeof short_caps[0]; i++) {
        memset(moves, 0xAB, sizeof moves);
        len = 777;
        CHECK_STATUS(zz_board_legal_moves(b, moves, short_caps[i], &len),
                     ZZ_STATUS_BUFFER_TOO_SMALL);
        CHECK_MSG(len == 20, "cap %zu: out_len %zu", short_caps[i], len);
        CHECK(zz_all_bytes(moves, 0xAB, sizeof moves));
    }
    memset(moves, 0xAB, sizeof moves);
    CHECK_OK(zz_board_legal_moves(b, moves, 20, &len));
    CHECK(len == 20);
    CHECK(zz_all_bytes(moves + 20, 0xAB, sizeof moves - 20 * sizeof moves[0]));
    for (size_t i = 0; i < 20; i++) {
        CHECK(moves[i] != 0);
    }

    /* No legal moves: cap 0 is enough. */
    zz_board *mated = zz_board_or_fail(MATED, 0);
    if (mated != NULL) {
        len = 777;
        memset(moves, 0xAB, sizeof moves);
        CHECK_OK(zz_board_legal_moves(mated, moves, 0, &len));
        CHECK(len == 0 && zz_all_bytes(moves, 0xAB, sizeof moves));
        CHECK(zz_board_is_check(mated));
        zz_board_free(mated);
    }

    /* Perft divide. */
    zz_perft_entry entries[ZZ_MAX_MOVES];
    memset(entries, 0xAB, sizeof entries);
    len = 777;
    CHECK_STATUS(zz_perft_divide(b, 2, entries, 19, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 20 && zz_all_bytes(entries, 0xAB, sizeof entries));
    CHECK_STATUS(zz_perft_divide(b, 2, entries, 0, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 20 && zz_all_bytes(entries, 0xAB, sizeof entries));
    CHECK_OK(zz_perft_divide(b, 2, entries, 20, &len));
    CHECK(len == 20);
    uint64_t sum = 0;
    for (size_t i = 0; i < 20; i++) {
        sum += entries[i].nodes;
    }
    CHECK(sum == 400);
    zz_board_free(b);
}

/* ---- bad strings, flags, squares, depths ---------------------------------------------------- */

static void expect_fen_refused(const char *label, const char *fen, zz_status want1,
                               zz_status want2) {
    zz_board *out = SENTINEL_BOARD;
    zz_status rc = zz_board_from_fen(fen, 0, &out);
    CHECK_MSG(rc == want1 || rc == want2, "%s: from_fen gave %d (%s)", label, (int)rc,
              zz_status_str(rc));
    if (rc == ZZ_STATUS_OK) {
        zz_board_free(out);
    } else {
        CHECK_MSG(out == SENTINEL_BOARD, "%s: *out written on failure", label);
        CHECK_MSG(zz_last_error_message()[0] != '\0', "%s: no error message", label);
    }
    zz_board *b = zz_start_board();
    CHECK_OK(zz_board_push_uci(b, "d2d4"));
    char before[ZZ_FEN_MAX], after[ZZ_FEN_MAX];
    zz_fen_of(b, 0, before);
    rc = zz_board_set_fen(b, fen, 0);
    CHECK_MSG(rc == want1 || rc == want2, "%s: set_fen gave %d (%s)", label, (int)rc,
              zz_status_str(rc));
    CHECK_MSG(strcmp(zz_fen_of(b, 0, after), before) == 0, "%s: board changed to %s", label,
              after);
    zz_board_free(b);
}

static void test_garbage(void) {
    expect_fen_refused("empty FEN", "", ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("spaces", "     ", ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("\\xff\\xfe", "\xff\xfe", ZZ_STATUS_INVALID_STRING,
                       ZZ_STATUS_INVALID_STRING);
    expect_fen_refused("start FEN + \\xff", START_FEN "\xff", ZZ_STATUS_INVALID_STRING,
                       ZZ_STATUS_INVALID_STRING);
    expect_fen_refused("lone UTF-8 continuation byte",
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\x80",
                       ZZ_STATUS_INVALID_STRING, ZZ_STATUS_INVALID_STRING);
    expect_fen_refused("non-ASCII UTF-8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 \xc3\xa9",
                       ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_STRING);
    expect_fen_refused("control char in board",
                       "rnbqkbnr/pppp\x01ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                       ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("DEL in castling", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ\x7fkq - 0 1",
                       ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("junk after FEN", START_FEN " ;D1 20", ZZ_STATUS_INVALID_FEN,
                       ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("huge halfmove clock",
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999999 1",
                       ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("huge fullmove number",
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999999",
                       ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
    expect_fen_refused("huge digit run", "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                       ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);

    /* Very long strings: 1 MiB of repeated FEN text and of ranks. */
    size_t big = 1u << 20;
    char *s = malloc(big + 1);
    CHECK(s != NULL);
    if (s != NULL) {
        for (size_t i = 0; i < big; i++) {
            s[i] = START_FEN[i % strlen(START_FEN)];
        }
        s[big] = '\0';
        expect_fen_refused("1 MiB of FEN text", s, ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
        for (size_t i = 0; i < big; i++) {
            s[i] = (i % 2) ? '/' : '8';
        }
        expect_fen_refused("1 MiB of ranks", s, ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
        memset(s, 'K', big);
        expect_fen_refused("1 MiB of kings", s, ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_FEN);
        zz_board *b = zz_start_board();
        zz_move m = 0x1234;
        CHECK_STATUS(zz_board_parse_uci(b, s, &m), ZZ_STATUS_INVALID_UCI);
        CHECK(m == 0x1234);
        zz_board_free(b);
        free(s);
    }

    /* UCI syntax. */
    zz_board *b = zz_start_board();
    const char *bad_uci[] = {"", "e2", "e2e", "e2e4e5", "e2e9", "i2i4", "e0e1", "2e4e",
                             " e2e4", "e2e4 ", "e2-e4", "e2e4\x01", "e7e8x"};
    for (size_t i = 0; i < sizeof bad_uci / sizeof bad_uci[0]; i++) {
        zz_move m = 0x1234;
        zz_status rc = zz_board_parse_uci(b, bad_uci[i], &m);
        CHECK_MSG(rc == ZZ_STATUS_INVALID_UCI, "parse_uci('%s') gave %s", bad_uci[i],
                  zz_status_str(rc));
        CHECK(m == 0x1234);
        rc = zz_board_push_uci(b, bad_uci[i]);
        CHECK_MSG(rc == ZZ_STATUS_INVALID_UCI, "push_uci('%s') gave %s", bad_uci[i],
                  zz_status_str(rc));
    }
    const char *not_utf8[] = {"\xff\xfe", "e2e4\xff", "\xc3"};
    for (size_t i = 0; i < sizeof not_utf8 / sizeof not_utf8[0]; i++) {
        zz_move m = 0x1234;
        zz_status rc = zz_board_parse_uci(b, not_utf8[i], &m);
        CHECK_MSG(rc == ZZ_STATUS_INVALID_STRING || rc == ZZ_STATUS_INVALID_UCI,
                  "parse_uci(non-UTF-8 #%zu) gave %s", i, zz_status_str(rc));
        CHECK(m == 0x1234);
    }
    /* Well-formed but not legal here. */
    const char *illegal_uci[] = {"e2e5", "e7e5", "e1g1", "a1a8", "e3e4", "e2e4q", "a2a1"};
    for (size_t i = 0; i < sizeof illegal_uci / sizeof illegal_uci[0]; i++) {
        zz_move m = 0x1234;
        zz_status rc = zz_board_parse_uci(b, illegal_uci[i], &m);
        CHECK_MSG(rc == ZZ_STATUS_ILLEGAL_MOVE, "parse_uci('%s') gave %s", illegal_uci[i],
                  zz_status_str(rc));
        CHECK(m == 0x1234);
        rc = zz_board_push_uci(b, illegal_uci[i]);
        CHECK_MSG(rc == ZZ_STATUS_ILLEGAL_MOVE, "push_uci('%s') gave %s", illegal_uci[i],
                  zz_status_str(rc));
    }
    /* The null move is never legal. */
    zz_move m = 0x1234;
    zz_status rc = zz_board_parse_uci(b, "0000", &m);
    CHECK_MSG(rc == ZZ_STATUS_ILLEGAL_MOVE || rc == ZZ_STATUS_INVALID_UCI, "'0000' gave %s",
              zz_status_str(rc));
    CHECK(m == 0x1234);
    char fen[ZZ_FEN_MAX];
    CHECK(strcmp(zz_fen_of(b, 0, fen), START_FEN) == 0);
    CHECK_STATUS(zz_board_pop(b, NULL), ZZ_STATUS_EMPTY_HISTORY);
    zz_board_free(b);
}

static void test_invalid_arguments(void) {
    zz_board *b = zz_start_board();
    const uint32_t bad_flags[] = {1u << 20, 1u << 31, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        zz_board *out = SENTINEL_BOARD;
        CHECK_STATUS(zz_board_from_fen(START_FEN, bad_flags[i], &out),
                     ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(out == SENTINEL_BOARD);
        CHECK_STATUS(zz_board_set_fen(b, KIWIPETE, bad_flags[i]), ZZ_STATUS_INVALID_ARGUMENT);
        char buf[ZZ_FEN_MAX];
        size_t len = 777;
        memset(buf, 'Z', sizeof buf);
        CHECK_STATUS(zz_board_fen(b, bad_flags[i], buf, sizeof buf, &len),
                     ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(len == 777 && zz_all_bytes(buf, 'Z', sizeof buf));
    }
    /* The two en passant output policies exclude each other. */
    {
        char buf2[ZZ_FEN_MAX];
        CHECK_STATUS(zz_board_fen(b, ZZ_FEN_EP_ALWAYS | ZZ_FEN_EP_PSEUDO_LEGAL, buf2, sizeof buf2, NULL),
                     ZZ_STATUS_INVALID_ARGUMENT);
    }
    /* Output-only / input-only flags in the other place: report what happens (not specified). */
    zz_board *out = NULL;
    zz_status rc = zz_board_from_fen(START_FEN, ZZ_FEN_SHREDDER, &out);
    printf("from_fen with the output flag ZZ_FEN_SHREDDER -> %s\n", zz_status_str(rc));
    if (rc == ZZ_STATUS_OK) {
        zz_board_free(out);
    }
    char buf[ZZ_FEN_MAX];
    rc = zz_board_fen(b, ZZ_FEN_RELAXED, buf, sizeof buf, NULL);
    printf("zz_board_fen with the input flag ZZ_FEN_RELAXED -> %s\n", zz_status_str(rc));

    CHECK(strcmp(zz_fen_of(b, 0, buf), START_FEN) == 0);

    const int32_t bad_squares[] = {-1, 64, 65, 1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_squares / sizeof bad_squares[0]; i++) {
        int32_t color = 77, type = 77;
        CHECK_STATUS(zz_board_piece_at(b, bad_squares[i], &color, &type),
                     ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(color == 77 && type == 77);
    }

    uint64_t nodes = 777;
    CHECK(ZZ_PERFT_MAX_DEPTH == 64);
    CHECK_STATUS(zz_perft(b, 65, &nodes), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zz_perft(b, UINT32_MAX, &nodes), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK(nodes == 777);
    zz_perft_entry entries[ZZ_MAX_MOVES];
    size_t len = 777;
    memset(entries, 0xAB, sizeof entries);
    CHECK_STATUS(zz_perft_divide(b, 0, entries, ZZ_MAX_MOVES, &len), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(zz_perft_divide(b, 65, entries, ZZ_MAX_MOVES, &len), ZZ_STATUS_INVALID_ARGUMENT);
    CHECK(len == 777 && zz_all_bytes(entries, 0xAB, sizeof entries));

    /* Depth 64 is allowed (and instant when the side to move is mated). */
    zz_board *mated = zz_board_or_fail(MATED, 0);
    if (mated != NULL) {
        CHECK_OK(zz_perft(mated, 64, &nodes));
        CHECK(nodes == 0);
        CHECK_OK(zz_perft_divide(mated, 64, entries, ZZ_MAX_MOVES, &len));
        CHECK(len == 0);
        zz_board_free(mated);
    }
    zz_board_free(b);
}

/* ---- simple queries ------------------------------------------------------------------------ */

static void test_queries(void) {
    zz_board *b = zz_start_board();
    struct {
        int32_t sq, color, type;
    } expect[] = {
        {SQ(0, 0), ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_ROOK},   {SQ(1, 0), ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_KNIGHT},
        {SQ(2, 0), ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_BISHOP}, {SQ(3, 0), ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_QUEEN},
        {SQ(4, 0), ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_KING},   {SQ(4, 1), ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_PAWN},
        {SQ(4, 3), -1, ZZ_PIECE_TYPE_NONE},               {SQ(7, 6), ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_PAWN},
        {SQ(3, 7), ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_QUEEN},  {SQ(4, 7), ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_KING},
        {SQ(7, 7), ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_ROOK},   {SQ(0, 4), -1, ZZ_PIECE_TYPE_NONE},
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        int32_t color = 77, type = 77;
        char name[3];
        CHECK_OK(zz_board_piece_at(b, expect[i].sq, &color, &type));
        CHECK_MSG(color == expect[i].color && type == expect[i].type, "%s: color %d type %d",
                  zz_square_name(expect[i].sq, name), (int)color, (int)type);
    }
    int counted = 0;
    for (int32_t sq = 0; sq < 64; sq++) {
        int32_t color = 77, type = 77;
        CHECK_OK(zz_board_piece_at(b, sq, &color, &type));
        CHECK((type == ZZ_PIECE_TYPE_NONE) == (color == -1));
        CHECK(type >= ZZ_PIECE_TYPE_NONE && type <= ZZ_PIECE_TYPE_KING);
        counted += type != ZZ_PIECE_TYPE_NONE;
    }
    CHECK(counted == 32);
    CHECK(zz_board_turn(b) == ZZ_COLOR_WHITE);
    CHECK(!zz_board_is_check(b));
    CHECK_OK(zz_board_push_uci(b, "e2e4"));
    CHECK(zz_board_turn(b) == ZZ_COLOR_BLACK);
    int32_t color = 77, type = 77;
    CHECK_OK(zz_board_piece_at(b, SQ(4, 3), &color, &type));
    CHECK(color == ZZ_COLOR_WHITE && type == ZZ_PIECE_TYPE_PAWN);
    CHECK_OK(zz_board_piece_at(b, SQ(4, 1), &color, &type));
    CHECK(color == -1 && type == ZZ_PIECE_TYPE_NONE);
    zz_board_free(b);

    zz_board *c = zz_board_or_fail("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", 0);
    if (c != NULL) {
        CHECK(zz_board_is_check(c));
        CHECK(zz_board_turn(c) == ZZ_COLOR_BLACK);
        zz_board_free(c);
    }

    /* Move field accessors. */
    zz_move m = zz_make_move(SQ(4, 1), SQ(4, 3), 0, 0);
    CHECK(zz_move_from_square(m) == SQ(4, 1) && zz_move_to_square(m) == SQ(4, 3));
    CHECK(zz_move_promotion(m) == ZZ_PIECE_TYPE_NONE);
    const int32_t promo_types[4] = {ZZ_PIECE_TYPE_KNIGHT, ZZ_PIECE_TYPE_BISHOP, ZZ_PIECE_TYPE_ROOK,
                                    ZZ_PIECE_TYPE_QUEEN};
    for (int p = 0; p < 4; p++) {
        zz_move pm = zz_make_move(SQ(1, 6), SQ(2, 7), p, 1);
        CHECK_MSG(zz_move_promotion(pm) == promo_types[p], "promotion bits %d -> %d", p,
                  (int)zz_move_promotion(pm));
        CHECK(zz_move_from_square(pm) == SQ(1, 6) && zz_move_to_square(pm) == SQ(2, 7));
    }
    zz_move castle = zz_make_move(SQ(4, 0), SQ(7, 0), 0, 3);
    CHECK(zz_move_from_square(castle) == SQ(4, 0));
    CHECK_MSG(zz_move_to_square(castle) == SQ(7, 0), "castling to square %d",
              (int)zz_move_to_square(castle));
    CHECK(zz_move_promotion(castle) == ZZ_PIECE_TYPE_NONE);
    CHECK(zz_move_promotion(zz_make_move(SQ(4, 4), SQ(5, 5), 0, 2)) == ZZ_PIECE_TYPE_NONE);
    CHECK(zz_move_kind(zz_make_move(SQ(4, 1), SQ(4, 3), 0, 0)) == ZZ_MOVE_NORMAL);
    CHECK(zz_move_kind(zz_make_move(SQ(1, 6), SQ(2, 7), 3, 1)) == ZZ_MOVE_PROMOTION);
    CHECK(zz_move_kind(zz_make_move(SQ(4, 4), SQ(5, 5), 0, 2)) == ZZ_MOVE_EN_PASSANT);
    CHECK(zz_move_kind(castle) == ZZ_MOVE_CASTLING);
}

/* ---- illegal pushes and history ------------------------------------------------------------- */

static void expect_illegal(zz_board *b, zz_move m, const char *label) {
    char before[ZZ_FEN_MAX], after[ZZ_FEN_MAX];
    zz_fen_of(b, ZZ_FEN_EP_ALWAYS, before);
    zz_status rc = zz_board_push(b, m);
    CHECK_MSG(rc == ZZ_STATUS_ILLEGAL_MOVE, "%s (0x%04x): push gave %s", label, (unsigned)m,
              zz_status_str(rc));
    CHECK_MSG(strcmp(zz_fen_of(b, ZZ_FEN_EP_ALWAYS, after), before) == 0,
              "%s: board changed from %s to %s", label, before, after);
    if (rc == ZZ_STATUS_OK) {
        CHECK_OK(zz_board_pop(b, NULL));
    }
}

static void test_illegal_pushes(void) {
    zz_board *b = zz_start_board();
    expect_illegal(b, 0, "move 0");
    expect_illegal(b, 0xFFFF, "move 0xFFFF");
    expect_illegal(b, zz_make_move(SQ(4, 2), SQ(4, 3), 0, 0), "e3e4 from an empty square");
    expect_illegal(b, zz_make_move(SQ(4, 6), SQ(4, 4), 0, 0), "e7e5, black's move");
    expect_illegal(b, zz_make_move(SQ(4, 1), SQ(4, 4), 0, 0), "e2e5");
    expect_illegal(b, zz_make_move(SQ(4, 1), SQ(4, 3), 3, 0), "e2e4 with promotion bits");
    expect_illegal(b, zz_make_move(SQ(4, 1), SQ(4, 3), 3, 1), "e2e4 as a promotion");
    expect_illegal(b, zz_make_move(SQ(4, 1), SQ(4, 3), 0, 2), "e2e4 as en passant");
    expect_illegal(b, zz_make_move(SQ(4, 1), SQ(4, 3), 0, 3), "e2e4 as castling");
    expect_illegal(b, zz_make_move(SQ(4, 0), SQ(7, 0), 0, 3), "e1h1 castling (blocked)");
    expect_illegal(b, zz_make_move(SQ(6, 0), SQ(6, 0), 0, 0), "g1g1 null-like move");
    CHECK_STATUS(zz_board_pop(b, NULL), ZZ_STATUS_EMPTY_HISTORY);

    /* Moves legal in another position. */
    zz_board *k = zz_board_or_fail(KIWIPETE, 0);
    if (k != NULL) {
        zz_move km[ZZ_MAX_MOVES];
        size_t n = zz_moves_of(k, km);
        zz_move bm[ZZ_MAX_MOVES];
        size_t nb = zz_moves_of(b, bm);
        size_t tried = 0;
        for (size_t i = 0; i < n; i++) {
            bool also_legal = false;
            for (size_t j = 0; j < nb; j++) {
                also_legal = also_legal || bm[j] == km[i];
            }
            if (!also_legal) {
                char uci[ZZ_UCI_MAX];
                expect_illegal(b, km[i], zz_uci_of(k, km[i], uci));
                tried++;
            }
        }
        CHECK(tried > 30);
        /* Castling in the wrong encodings. */
        expect_illegal(k, zz_make_move(SQ(4, 0), SQ(6, 0), 0, 3), "castling with to = g1");
        expect_illegal(k, zz_make_move(SQ(4, 0), SQ(6, 0), 0, 0), "e1g1 as a plain king move");
        expect_illegal(k, zz_make_move(SQ(4, 0), SQ(7, 0), 0, 0), "e1h1 as a plain king move");
        CHECK_STATUS(zz_board_pop(k, NULL), ZZ_STATUS_EMPTY_HISTORY);
        zz_board_free(k);
    }
    zz_board *e = zz_board_or_fail(EP_FEN, 0);
    if (e != NULL) {
        expect_illegal(e, zz_make_move(SQ(4, 4), SQ(5, 5), 0, 0), "exf6 e.p. as a plain move");
        expect_illegal(e, zz_make_move(SQ(4, 4), SQ(3, 5), 0, 2), "exd6 e.p. without ep right");
        zz_board_free(e);
    }
    zz_board *p = zz_board_or_fail(PROMO_W, 0);
    if (p != NULL) {
        expect_illegal(p, zz_make_move(SQ(1, 6), SQ(1, 7), 0, 0), "b7b8 without promotion");
        expect_illegal(p, zz_make_move(SQ(1, 6), SQ(1, 7), 3, 0), "b7b8 kind 0 with bits");
        zz_board_free(p);
    }
    zz_board_free(b);
}

static void test_history(void) {
    zz_board *b = zz_start_board();
    zz_move m = 0x1234;
    CHECK_STATUS(zz_board_pop(b, &m), ZZ_STATUS_EMPTY_HISTORY);
    CHECK(m == 0x1234);
    CHECK(zz_last_error_message()[0] != '\0');
    const char *line[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"};
    const size_t n = sizeof line / sizeof line[0];
    char fens[8][ZZ_FEN_MAX];
    zz_move pushed[8];
    for (size_t i = 0; i < n; i++) {
        zz_fen_of(b, 0, fens[i]);
        CHECK_OK(zz_board_parse_uci(b, line[i], &pushed[i]));
        CHECK_OK(zz_board_push_uci(b, line[i]));
    }
    for (size_t i = n; i-- > 0;) {
        m = 0;
        CHECK_OK(zz_board_pop(b, &m));
        CHECK_MSG(m == pushed[i], "pop %zu: 0x%04x, pushed 0x%04x", i, m, pushed[i]);
        char fen[ZZ_FEN_MAX];
        CHECK_MSG(strcmp(zz_fen_of(b, 0, fen), fens[i]) == 0, "after pop %zu: %s, expected %s", i,
                  fen, fens[i]);
    }
    CHECK_STATUS(zz_board_pop(b, &m), ZZ_STATUS_EMPTY_HISTORY);
    CHECK_STATUS(zz_board_pop(b, NULL), ZZ_STATUS_EMPTY_HISTORY);

    /* set_fen starts a new history. */
    CHECK_OK(zz_board_push_uci(b, "d2d4"));
    CHECK_OK(zz_board_set_fen(b, KIWIPETE, 0));
    CHECK_STATUS(zz_board_pop(b, NULL), ZZ_STATUS_EMPTY_HISTORY);
    zz_board_free(b);

    zz_board *f = zz_board_or_fail(KIWIPETE, 0);
    if (f != NULL) {
        CHECK_STATUS(zz_board_pop(f, NULL), ZZ_STATUS_EMPTY_HISTORY);
        zz_board_free(f);
    }
}

/* ---- push/pop and UCI over every legal move -------------------------------------------------- */

static void roundtrip_position(const char *fen, uint32_t flags) {
    zz_board *b = zz_board_or_fail(fen, flags);
    if (b == NULL) {
        return;
    }
    const uint32_t out_flags[] = {0, ZZ_FEN_EP_ALWAYS,
                                  (flags & ZZ_FEN_CHESS960) ? ZZ_FEN_SHREDDER : 0};
    char before[3][ZZ_FEN_MAX], after[ZZ_FEN_MAX];
    for (size_t k = 0; k < 3; k++) {
        zz_fen_of(b, out_flags[k], before[k]);
    }
    zz_move moves[ZZ_MAX_MOVES], again[ZZ_MAX_MOVES];
    size_t n = zz_moves_of(b, moves);
    zz_sort_moves(moves, n);
    int32_t turn = zz_board_turn(b);
    unsigned kinds[4] = {0, 0, 0, 0};

    for (size_t i = 0; i < n; i++) {
        zz_move m = moves[i];
        char uci[ZZ_UCI_MAX], name[3];
        zz_uci_of(b, m, uci);
        kinds[zz_kind_bits(m)]++;

        /* Encoding and accessors agree with the UCI text. */
        CHECK(m != 0);
        CHECK(zz_move_from_square(m) == (int32_t)(m & 63u));
        CHECK(zz_move_to_square(m) == (int32_t)((m >> 6) & 63u));
        CHECK(zz_move_kind(m) == zz_kind_bits(m));
        CHECK_MSG(strncmp(uci, zz_square_name(zz_move_from_square(m), name), 2) == 0,
                  "%s: %s from %s", fen, uci, name);
        size_t ulen = strlen(uci);
        if (zz_kind_bits(m) == 1) {
            const char *letters = "nbrq";
            CHECK_MSG(ulen == 5 && uci[4] == letters[(m >> 12) & 3u], "%s: promotion %s", fen,
                      uci);
            CHECK(zz_move_promotion(m) == ZZ_PIECE_TYPE_KNIGHT + (int32_t)((m >> 12) & 3u));
        } else {
            CHECK_MSG(ulen == 4, "%s: %s", fen, uci);
            CHECK(zz_move_promotion(m) == ZZ_PIECE_TYPE_NONE);
        }
        if (zz_kind_bits(m) == 3 && !(flags & ZZ_FEN_CHESS960)) {
            /* Standard chess: e1g1 / e1c1 (king's destination), e1h1 / e1a1 also parsed. */
            int32_t to = zz_move_to_square(m);
            int32_t king_to = to > zz_move_from_square(m) ? to - 1 : to + 2;
            CHECK_MSG(strcmp(uci + 2, zz_square_name(king_to, name)) == 0, "%s: castling %s",
                      fen, uci);
            char alt[ZZ_UCI_MAX];
            snprintf(alt, sizeof alt, "%.2s%s", uci, zz_square_name(to, name));
            zz_move parsed = 0;
            CHECK_OK(zz_board_parse_uci(b, alt, &parsed));
            CHECK_MSG(parsed == m, "%s: '%s' parsed to 0x%04x, expected 0x%04x", fen, alt, parsed,
                      m);
        } else if (zz_kind_bits(m) != 1) {
            /* Everything else, Chess960 castling included (king takes rook): the to square. */
            CHECK_MSG(strcmp(uci + 2, zz_square_name(zz_move_to_square(m), name)) == 0,
                      "%s: %s to %s", fen, uci, name);
        }
        zz_move parsed = 0;
        CHECK_OK(zz_board_parse_uci(b, uci, &parsed));
        CHECK_MSG(parsed == m, "%s: '%s' parsed to 0x%04x, expected 0x%04x", fen, uci, parsed, m);

        /* push, pop: same move back, same FEN, same legal moves. */
        CHECK_OK(zz_board_push(b, m));
        CHECK(zz_board_turn(b) == 1 - turn);
        zz_board *via_uci = NULL;
        CHECK_OK(zz_board_from_fen(fen, flags, &via_uci));
        if (via_uci != NULL) {
            char f1[ZZ_FEN_MAX], f2[ZZ_FEN_MAX];
            CHECK_OK(zz_board_push_uci(via_uci, uci));
            CHECK_MSG(strcmp(zz_fen_of(via_uci, ZZ_FEN_EP_ALWAYS, f1),
                             zz_fen_of(b, ZZ_FEN_EP_ALWAYS, f2)) == 0,
                      "%s: push_uci(%s) gave %s, push gave %s", fen, uci, f1, f2);
            zz_board_free(via_uci);
        }
        zz_move popped = 0;
        CHECK_OK(zz_board_pop(b, &popped));
        CHECK_MSG(popped == m, "%s: %s: popped 0x%04x", fen, uci, popped);
        for (size_t k = 0; k < 3; k++) {
            CHECK_MSG(strcmp(zz_fen_of(b, out_flags[k], after), before[k]) == 0,
                      "%s then pop (flags %u): %s, expected %s", uci, (unsigned)out_flags[k],
                      after, before[k]);
        }
        size_t n2 = zz_moves_of(b, again);
        zz_sort_moves(again, n2);
        CHECK_MSG(n2 == n && memcmp(moves, again, n * sizeof moves[0]) == 0,
                  "%s: legal moves differ after %s + pop", fen, uci);
        CHECK(zz_board_turn(b) == turn);
    }
    CHECK_STATUS(zz_board_pop(b, NULL), ZZ_STATUS_EMPTY_HISTORY);
    printf("push/pop/uci %-66s %3zu moves (%u normal, %u promotion, %u e.p., %u castling)\n", fen,
           n, kinds[0], kinds[1], kinds[2], kinds[3]);
    zz_board_free(b);
}

/* Expects `uci` to parse to a move of the given kind from/to the given squares. */
static void expect_uci(const char *fen, uint32_t flags, const char *uci, int kind, int from,
                       int to, const char *uci_out) {
    zz_board *b = zz_board_or_fail(fen, flags);
    if (b == NULL) {
        return;
    }
    zz_move m = 0;
    zz_status rc = zz_board_parse_uci(b, uci, &m);
    CHECK_MSG(rc == ZZ_STATUS_OK, "%s: parse_uci(%s) gave %s: %s", fen, uci, zz_status_str(rc),
              zz_last_error_message());
    if (rc == ZZ_STATUS_OK) {
        CHECK_MSG(zz_kind_bits(m) == kind && zz_move_from_square(m) == from &&
                      zz_move_to_square(m) == to,
                  "%s: %s -> kind %d from %d to %d", fen, uci, zz_kind_bits(m),
                  (int)zz_move_from_square(m), (int)zz_move_to_square(m));
        char out[ZZ_UCI_MAX];
        CHECK_MSG(strcmp(zz_uci_of(b, m, out), uci_out) == 0, "%s: %s written as %s", fen, uci,
                  out);
    }
    zz_board_free(b);
}

static void test_uci_castling(void) {
    /* Standard: both forms parse to the king-takes-rook encoding, written as e1g1 / e8c8. */
    expect_uci(KIWIPETE, 0, "e1g1", 3, SQ(4, 0), SQ(7, 0), "e1g1");
    expect_uci(KIWIPETE, 0, "e1h1", 3, SQ(4, 0), SQ(7, 0), "e1g1");
    expect_uci(KIWIPETE, 0, "e1c1", 3, SQ(4, 0), SQ(0, 0), "e1c1");
    expect_uci(KIWIPETE, 0, "e1a1", 3, SQ(4, 0), SQ(0, 0), "e1c1");
    expect_uci(CASTLE_B, 0, "e8c8", 3, SQ(4, 7), SQ(0, 7), "e8c8");
    expect_uci(CASTLE_B, 0, "e8h8", 3, SQ(4, 7), SQ(7, 7), "e8g8");
    /* Chess960: king takes rook; a king step to the castling destination is a plain move. */
    expect_uci(C960_B, ZZ_FEN_CHESS960, "b1a1", 3, SQ(1, 0), SQ(0, 0), "b1a1");
    expect_uci(C960_B, ZZ_FEN_CHESS960, "b1h1", 3, SQ(1, 0), SQ(7, 0), "b1h1");
    expect_uci(C960_B, ZZ_FEN_CHESS960, "b1c1", 0, SQ(1, 0), SQ(2, 0), "b1c1");
    expect_uci(C960_C, ZZ_FEN_CHESS960, "g1h1", 3, SQ(6, 0), SQ(7, 0), "g1h1");
    /* Chess960 castling leaves the king on g1 and the rook on f1 (C960_C: king does not move). */
    zz_board *b = zz_board_or_fail(C960_C, ZZ_FEN_CHESS960);
    if (b != NULL) {
        CHECK_OK(zz_board_push_uci(b, "g1h1"));
        int32_t color = 77, type = 77;
        CHECK_OK(zz_board_piece_at(b, SQ(6, 0), &color, &type));
        CHECK(color == ZZ_COLOR_WHITE && type == ZZ_PIECE_TYPE_KING);
        CHECK_OK(zz_board_piece_at(b, SQ(5, 0), &color, &type));
        CHECK(color == ZZ_COLOR_WHITE && type == ZZ_PIECE_TYPE_ROOK);
        CHECK_OK(zz_board_piece_at(b, SQ(7, 0), &color, &type));
        CHECK(color == -1 && type == ZZ_PIECE_TYPE_NONE);
        char fen[ZZ_FEN_MAX];
        CHECK_MSG(strcmp(zz_fen_of(b, 0, fen), "1k5r/8/8/8/8/8/8/5RK1 b - - 1 1") == 0, "%s", fen);
        CHECK_OK(zz_board_pop(b, NULL));
        CHECK_MSG(strcmp(zz_fen_of(b, ZZ_FEN_SHREDDER, fen), C960_C) == 0, "%s", fen);
        zz_board_free(b);
    }
}

/* ---- clone ---------------------------------------------------------------------------------- */

static void test_clone(void) {
    zz_board *a = zz_start_board();
    CHECK_OK(zz_board_push_uci(a, "e2e4"));
    zz_board *c = SENTINEL_BOARD;
    CHECK_OK(zz_board_clone(a, &c));
    if (c == SENTINEL_BOARD || c == NULL) {
        zz_board_free(a);
        return;
    }
    CHECK(c != a);
    char fa[ZZ_FEN_MAX], fc[ZZ_FEN_MAX], fa0[ZZ_FEN_MAX];
    zz_fen_of(a, 0, fa0);
    CHECK(strcmp(zz_fen_of(c, 0, fc), fa0) == 0);

    /* Changing the clone leaves the original alone, and the other way round. */
    CHECK_OK(zz_board_push_uci(c, "e7e5"));
    CHECK(strcmp(zz_fen_of(a, 0, fa), fa0) == 0);
    CHECK_OK(zz_board_set_fen(a, KIWIPETE, 0));
    CHECK(strcmp(zz_fen_of(c, 0, fc), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2") == 0);

    /* The clone has its own copy of the history. */
    zz_move m = 0;
    CHECK_OK(zz_board_pop(c, &m));
    CHECK_OK(zz_board_pop(c, &m));
    CHECK(zz_move_from_square(m) == SQ(4, 1) && zz_move_to_square(m) == SQ(4, 3));
    CHECK(strcmp(zz_fen_of(c, 0, fc), START_FEN) == 0);
    CHECK_STATUS(zz_board_pop(c, NULL), ZZ_STATUS_EMPTY_HISTORY);

    /* Freeing the original does not affect the clone. */
    zz_board_free(a);
    CHECK_OK(zz_board_push_uci(c, "d2d4"));
    uint64_t nodes = 0;
    CHECK_OK(zz_perft(c, 3, &nodes));
    CHECK_MSG(nodes == 12435, "perft(3) after 1.d4: %" PRIu64, nodes); /* d2d4 at depth 4 */
    zz_board_free(c);
}

int main(int argc, char **argv) {
    zz_test_begin(argc, argv, "test_abi");
    test_version();
    test_status_str();
    test_null();
    test_buffers();
    test_garbage();
    test_invalid_arguments();
    test_queries();
    test_illegal_pushes();
    test_history();

    roundtrip_position(START_FEN, 0);
    roundtrip_position(KIWIPETE, 0);
    roundtrip_position(EP_FEN, 0);
    roundtrip_position("8/8/8/8/2pP4/8/8/4K2k b - d3 0 1", 0);
    roundtrip_position(PROMO_W, 0);
    roundtrip_position(PROMO_B, 0);
    roundtrip_position(CASTLE_B, 0);
    roundtrip_position("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0);
    roundtrip_position("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 0);
    roundtrip_position(C960_A, ZZ_FEN_CHESS960);
    roundtrip_position(C960_B, ZZ_FEN_CHESS960);
    roundtrip_position(C960_C, ZZ_FEN_CHESS960);
    roundtrip_position(KIWIPETE, ZZ_FEN_CHESS960);
    test_uci_castling();
    test_clone();
    return zz_test_end();
}

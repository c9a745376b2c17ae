/*
 * SAN / LAN, game termination rules, Zobrist keys and board queries through the C ABI.
 *
 *   test_game DATA_DIR
 *
 * - san/san.tsv: every row's UCI move gives exactly the expected SAN; the SAN parses back
 *   (lenient and ZZ_SAN_STRICT) to the same move; the +/#/x/O-O of the expected SAN agree
 *   with gives_check / is_capture / is_castling and with the position after the move.
 * - san/san_reject.tsv: every row is refused with the expected class of error, and push_san
 *   leaves the board unchanged.
 * - lenient vs strict SAN, garbage SAN, LAN values.
 * - scripted draws: threefold and fivefold repetition, fifty and seventy-five moves;
 *   insufficient material classes; checkmate, stalemate and game results.
 * - zobrist/polyglot.tsv: Polyglot keys after move sequences and from FENs.
 * - queries: pieces, attackers, checkers, pinned, gives_check, move predicates,
 *   legal_moves_from, move stack, clocks, castling rights, en passant squares.
 * - bad input for every function of this group.
 */
#include "zz_test.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define EP_FEN "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
#define CASTLE_W "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"

#define SQ(file, rank) ((rank) * 8 + (file))
#define BIT(sq) ((uint64_t)1 << (sq))

#define MOVE_SENTINEL ((zz_move)0xBEEF)

/* The legal move named by `uci` on b; 0 and a failed check if refused. */
static zz_move uci_move_at(const zz_board *b, const char *uci, int line) {
    zz_move m = 0;
    zz_status rc = zz_board_parse_uci(b, uci, &m);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, line, "zz_board_parse_uci");
        printf("     %s: status %d (%s): %s\n", uci, (int)rc, zz_status_str(rc),
               zz_last_error_message());
        return 0;
    }
    return m;
}
#define UCI_MOVE(b, uci) uci_move_at((b), (uci), __LINE__)

static void push_uci_at(zz_board *b, const char *uci, int line) {
    zz_status rc = zz_board_push_uci(b, uci);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, line, "zz_board_push_uci");
        printf("     %s: status %d (%s): %s\n", uci, (int)rc, zz_status_str(rc),
               zz_last_error_message());
    }
}
#define PUSH_UCI(b, uci) push_uci_at((b), (uci), __LINE__)

static void push_san_at(zz_board *b, const char *san, uint32_t flags, int line) {
    zz_status rc = zz_board_push_san(b, san, flags, NULL);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, line, "zz_board_push_san");
        printf("     %s (flags %u): status %d (%s): %s\n", san, (unsigned)flags, (int)rc,
               zz_status_str(rc), zz_last_error_message());
    }
}
#define PUSH_SAN(b, san) push_san_at((b), (san), ZZ_SAN_STRICT, __LINE__)

/* Checks the SAN (lan = false) or LAN (lan = true) of a move. */
static void expect_notation_at(const zz_board *b, zz_move m, bool lan, const char *want,
                               int line) {
    char buf[ZZ_SAN_MAX];
    size_t len = 777;
    zz_status rc = lan ? zz_board_lan(b, m, buf, sizeof buf, &len)
                       : zz_board_san(b, m, buf, sizeof buf, &len);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, line, lan ? "zz_board_lan" : "zz_board_san");
        printf("     move 0x%04x, expected '%s': status %d (%s): %s\n", (unsigned)m, want,
               (int)rc, zz_status_str(rc), zz_last_error_message());
        return;
    }
    zz_checks++;
    if (strcmp(buf, want) != 0 || len != strlen(want) + 1) {
        zz_fail_at(__FILE__, line, lan ? "LAN text" : "SAN text");
        printf("     move 0x%04x: got '%s' (out_len %zu), expected '%s'\n", (unsigned)m, buf,
               len, want);
    }
}
#define EXPECT_SAN(b, m, want) expect_notation_at((b), (m), false, (want), __LINE__)
#define EXPECT_LAN(b, m, want) expect_notation_at((b), (m), true, (want), __LINE__)

/* parse_san(san, flags) must give exactly the move `want`. */
static void expect_parse_at(const zz_board *b, const char *san, uint32_t flags, zz_move want,
                            int line) {
    zz_move got = MOVE_SENTINEL;
    zz_status rc = zz_board_parse_san(b, san, flags, &got);
    zz_checks++;
    if (rc != ZZ_STATUS_OK || got != want) {
        zz_fail_at(__FILE__, line, "zz_board_parse_san");
        printf("     '%s' (flags %u): status %d (%s) move 0x%04x, expected OK move 0x%04x; %s\n",
               san, (unsigned)flags, (int)rc, zz_status_str(rc), (unsigned)got, (unsigned)want,
               rc != ZZ_STATUS_OK ? zz_last_error_message() : "");
    }
}
#define EXPECT_PARSE(b, san, flags, want) expect_parse_at((b), (san), (flags), (want), __LINE__)

/* parse_san(san, flags) must fail with `want` (0 = "any failure"), a message, `*out` untouched;
 * push_san must fail the same way and leave the FEN and move count as they were. */
static void expect_refused_at(zz_board *b, const char *san, uint32_t flags, zz_status want,
                              int line) {
    zz_move got = MOVE_SENTINEL;
    zz_status rc = zz_board_parse_san(b, san, flags, &got);
    bool has_message = zz_last_error_message()[0] != '\0';
    zz_checks++;
    if (rc == ZZ_STATUS_OK || (want != ZZ_STATUS_OK && rc != want) || got != MOVE_SENTINEL ||
        !has_message) {
        zz_fail_at(__FILE__, line, "zz_board_parse_san refusal");
        printf("     '%s' (flags %u): status %d (%s), expected %s; move 0x%04x; message '%s'\n",
               san, (unsigned)flags, (int)rc, zz_status_str(rc),
               want != ZZ_STATUS_OK ? zz_status_str(want) : "a failure", (unsigned)got,
               zz_last_error_message());
    }
    char before[ZZ_FEN_MAX], after[ZZ_FEN_MAX];
    zz_fen_of(b, 0, before);
    uint32_t count = zz_board_move_count(b);
    got = MOVE_SENTINEL;
    zz_status rc2 = zz_board_push_san(b, san, flags, &got);
    zz_fen_of(b, 0, after);
    zz_checks++;
    if (rc2 != rc || got != MOVE_SENTINEL || strcmp(before, after) != 0 ||
        zz_board_move_count(b) != count) {
        zz_fail_at(__FILE__, line, "zz_board_push_san refusal");
        printf("     '%s' (flags %u): push status %d (%s), parse status %d; FEN %s -> %s\n", san,
               (unsigned)flags, (int)rc2, zz_status_str(rc2), (int)rc, before, after);
    }
}
#define EXPECT_REFUSED(b, san, flags, want) expect_refused_at((b), (san), (flags), (want), __LINE__)

static void expect_outcome_at(const zz_board *b, bool claim, int32_t termination, int32_t winner,
                              const char *result, int line) {
    zz_outcome o = {77, 77};
    zz_status rc = zz_board_outcome(b, claim, &o);
    const char *r = zz_board_result(b, claim);
    bool over = zz_board_is_game_over(b, claim);
    zz_checks++;
    if (rc != ZZ_STATUS_OK || o.termination != termination || o.winner != winner ||
        r == NULL || strcmp(r, result) != 0 || over != (termination != ZZ_TERMINATION_NONE)) {
        char fen[ZZ_FEN_MAX];
        zz_fail_at(__FILE__, line, "outcome");
        printf("     %s claim_draw=%d: status %s, termination %d winner %d result '%s' "
               "game_over %d; expected termination %d winner %d result '%s'\n",
               zz_fen_of(b, 0, fen), (int)claim, zz_status_str(rc), (int)o.termination,
               (int)o.winner, r != NULL ? r : "(null)", (int)over, (int)termination,
               (int)winner, result);
    }
}
#define EXPECT_OUTCOME(b, claim, term, winner, result)                                          \
    expect_outcome_at((b), (claim), (term), (winner), (result), __LINE__)

static uint32_t mode_flags(const char *mode, unsigned long line_no) {
    bool c960 = strcmp(mode, "chess960") == 0;
    CHECK_MSG(c960 || strcmp(mode, "standard") == 0, "line %lu: unknown mode '%s'", line_no,
              mode);
    return c960 ? ZZ_FEN_CHESS960 : 0;
}

/* ---- 1. san.tsv: fen uci san mode source ----------------------------------------------------- */

static void san_row(char **f, size_t n, unsigned long line_no) {
    CHECK_MSG(n >= 4, "san.tsv:%lu: %zu fields", line_no, n);
    if (n < 4) {
        return;
    }
    const char *fen = f[0], *uci = f[1], *san = f[2];
    uint32_t flags = mode_flags(f[3], line_no);
    zz_board *b = NULL;
    zz_status rc = zz_board_from_fen(fen, flags, &b);
    CHECK_MSG(rc == ZZ_STATUS_OK, "san.tsv:%lu: FEN refused (%s: %s): %s", line_no,
              zz_status_str(rc), zz_last_error_message(), fen);
    if (rc != ZZ_STATUS_OK) {
        return;
    }
    zz_move m = 0;
    rc = zz_board_parse_uci(b, uci, &m);
    CHECK_MSG(rc == ZZ_STATUS_OK, "san.tsv:%lu: UCI %s refused (%s: %s) in %s", line_no, uci,
              zz_status_str(rc), zz_last_error_message(), fen);
    if (rc != ZZ_STATUS_OK) {
        zz_board_free(b);
        return;
    }

    char buf[ZZ_SAN_MAX];
    size_t len = 777;
    rc = zz_board_san(b, m, buf, sizeof buf, &len);
    CHECK_MSG(rc == ZZ_STATUS_OK && strcmp(buf, san) == 0 && len == strlen(san) + 1,
              "san.tsv:%lu: %s %s: SAN '%s' (status %s, out_len %zu), expected '%s'", line_no,
              fen, uci, rc == ZZ_STATUS_OK ? buf : "", zz_status_str(rc), len, san);

    zz_move got = MOVE_SENTINEL;
    rc = zz_board_parse_san(b, san, 0, &got);
    CHECK_MSG(rc == ZZ_STATUS_OK && got == m,
              "san.tsv:%lu: %s: lenient parse of '%s': %s (%s) move 0x%04x, expected 0x%04x (%s)",
              line_no, fen, san, zz_status_str(rc), zz_last_error_message(), (unsigned)got,
              (unsigned)m, uci);
    got = MOVE_SENTINEL;
    rc = zz_board_parse_san(b, san, ZZ_SAN_STRICT, &got);
    CHECK_MSG(rc == ZZ_STATUS_OK && got == m,
              "san.tsv:%lu: %s: strict parse of '%s': %s (%s) move 0x%04x, expected 0x%04x (%s)",
              line_no, fen, san, zz_status_str(rc), zz_last_error_message(), (unsigned)got,
              (unsigned)m, uci);

    /* What the expected SAN says about the move, against the predicates. */
    size_t sl = strlen(san);
    bool mate = sl > 0 && san[sl - 1] == '#';
    bool check = sl > 0 && (san[sl - 1] == '+' || mate);
    bool capture = strchr(san, 'x') != NULL;
    bool castling = san[0] == 'O';
    bool gives = !check;
    rc = zz_board_gives_check(b, m, &gives);
    CHECK_MSG(rc == ZZ_STATUS_OK && gives == check, "san.tsv:%lu: %s %s: gives_check %d (%s)",
              line_no, fen, san, (int)gives, zz_status_str(rc));
    CHECK_MSG(zz_board_is_capture(b, m) == capture, "san.tsv:%lu: %s %s: is_capture", line_no,
              fen, san);
    CHECK_MSG(zz_board_is_castling(b, m) == castling, "san.tsv:%lu: %s %s: is_castling", line_no,
              fen, san);
    CHECK_MSG(zz_board_is_castling(b, m) == (zz_move_kind(m) == ZZ_MOVE_CASTLING),
              "san.tsv:%lu: is_castling vs kind", line_no);
    CHECK_MSG(zz_board_is_en_passant(b, m) == (zz_move_kind(m) == ZZ_MOVE_EN_PASSANT),
              "san.tsv:%lu: is_en_passant vs kind", line_no);
    bool pawn = castling ? false : (san[0] >= 'a' && san[0] <= 'h');
    CHECK_MSG(zz_board_is_zeroing(b, m) == (pawn || capture), "san.tsv:%lu: %s %s: is_zeroing",
              line_no, fen, san);

    /* LAN: same piece letter / castling and the same suffix. */
    char lan[ZZ_SAN_MAX];
    len = 777;
    rc = zz_board_lan(b, m, lan, sizeof lan, &len);
    CHECK_MSG(rc == ZZ_STATUS_OK, "san.tsv:%lu: zz_board_lan: %s", line_no, zz_status_str(rc));
    if (rc == ZZ_STATUS_OK) {
        size_t ll = strlen(lan);
        CHECK_MSG(len == ll + 1 && ll > 0 && lan[ll - 1] == san[sl - 1] &&
                      (castling ? strcmp(lan, san) == 0 : lan[0] == san[0]),
                  "san.tsv:%lu: %s %s: LAN '%s'", line_no, fen, san, lan);
    }

    /* Play it by SAN: the resulting position agrees with the suffix. */
    got = MOVE_SENTINEL;
    rc = zz_board_push_san(b, san, ZZ_SAN_STRICT, &got);
    CHECK_MSG(rc == ZZ_STATUS_OK && got == m, "san.tsv:%lu: push_san '%s': %s", line_no, san,
              zz_status_str(rc));
    if (rc == ZZ_STATUS_OK) {
        CHECK_MSG(zz_board_is_check(b) == check && zz_board_is_checkmate(b) == mate,
                  "san.tsv:%lu: after %s: is_check %d is_checkmate %d", line_no, san,
                  (int)zz_board_is_check(b), (int)zz_board_is_checkmate(b));
        zz_move last = 0;
        CHECK(zz_board_peek(b, &last) == ZZ_STATUS_OK && last == m);
        CHECK(zz_board_move_count(b) == 1);
    }
    zz_board_free(b);
}

/* ---- 2. san_reject.tsv: fen san reason expected_error mode ... -------------------------------- */

static void reject_row(char **f, size_t n, unsigned long line_no) {
    CHECK_MSG(n >= 5, "san_reject.tsv:%lu: %zu fields", line_no, n);
    if (n < 5) {
        return;
    }
    const char *fen = f[0], *san = f[1], *kind = f[3];
    uint32_t flags = mode_flags(f[4], line_no);
    zz_status want;
    if (strcmp(kind, "illegal") == 0) {
        want = ZZ_STATUS_ILLEGAL_MOVE;
    } else if (strcmp(kind, "ambiguous") == 0) {
        want = ZZ_STATUS_AMBIGUOUS_SAN;
    } else if (strcmp(kind, "invalid") == 0) {
        want = ZZ_STATUS_INVALID_SAN;
    } else {
        CHECK_MSG(false, "san_reject.tsv:%lu: unknown expected_error '%s'", line_no, kind);
        return;
    }
    zz_board *b = NULL;
    zz_status rc = zz_board_from_fen(fen, flags, &b);
    CHECK_MSG(rc == ZZ_STATUS_OK, "san_reject.tsv:%lu: FEN refused: %s", line_no, fen);
    if (rc != ZZ_STATUS_OK) {
        return;
    }
    printf("  reject line %lu: %s '%s' (expect %s)\n", line_no, fen, san, zz_status_str(want));
    expect_refused_at(b, san, 0, want, __LINE__);
    expect_refused_at(b, san, ZZ_SAN_STRICT, ZZ_STATUS_OK /* any failure */, __LINE__);
    zz_board_free(b);
}

/* ---- 3. lenient vs strict, garbage ---------------------------------------------------------- */

static void test_lenient_strict(void) {
    zz_board *b = zz_start_board();
    zz_move g1f3 = UCI_MOVE(b, "g1f3"), e2e4 = UCI_MOVE(b, "e2e4");
    EXPECT_PARSE(b, "Nf3", 0, g1f3);
    EXPECT_PARSE(b, "Nf3", ZZ_SAN_STRICT, g1f3);
    const char *lenient_nf3[] = {"Nf3+", "Nf3#", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "g1f3"};
    for (size_t i = 0; i < sizeof lenient_nf3 / sizeof lenient_nf3[0]; i++) {
        EXPECT_PARSE(b, lenient_nf3[i], 0, g1f3);
        EXPECT_REFUSED(b, lenient_nf3[i], ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
    }
    EXPECT_PARSE(b, "e4", ZZ_SAN_STRICT, e2e4);
    const char *lenient_e4[] = {"e2e4", "e2-e4", "e4+"};
    for (size_t i = 0; i < sizeof lenient_e4 / sizeof lenient_e4[0]; i++) {
        EXPECT_PARSE(b, lenient_e4[i], 0, e2e4);
        EXPECT_REFUSED(b, lenient_e4[i], ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
    }
    /* An x on a non-capture is not canonical. */
    EXPECT_REFUSED(b, "Nxf3", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
    /* Lenient push plays the move. */
    zz_move played = 0;
    CHECK_OK(zz_board_push_san(b, "Ng1-f3", 0, &played));
    CHECK(played == g1f3 && zz_board_move_count(b) == 1);
    zz_board_free(b);

    /* Castling written with zeros. */
    zz_board *c = zz_board_or_fail(CASTLE_W, 0);
    if (c != NULL) {
        zz_move oo = UCI_MOVE(c, "e1g1"), ooo = UCI_MOVE(c, "e1c1");
        CHECK(zz_move_kind(oo) == ZZ_MOVE_CASTLING && zz_move_kind(ooo) == ZZ_MOVE_CASTLING);
        EXPECT_PARSE(c, "O-O", ZZ_SAN_STRICT, oo);
        EXPECT_PARSE(c, "O-O-O", ZZ_SAN_STRICT, ooo);
        EXPECT_PARSE(c, "0-0", 0, oo);
        EXPECT_PARSE(c, "0-0-0", 0, ooo);
        EXPECT_REFUSED(c, "0-0", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(c, "0-0-0", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(c, "O-O+", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_PARSE(c, "O-O+", 0, oo);
        zz_board_free(c);
    }

    /* Promotion without '='. */
    zz_board *p = zz_board_or_fail("8/4P3/8/8/8/7k/8/K7 w - - 0 1", 0);
    if (p != NULL) {
        zz_move e8q = UCI_MOVE(p, "e7e8q"), e8n = UCI_MOVE(p, "e7e8n");
        EXPECT_SAN(p, e8q, "e8=Q");
        EXPECT_PARSE(p, "e8=Q", ZZ_SAN_STRICT, e8q);
        EXPECT_PARSE(p, "e8Q", 0, e8q);
        EXPECT_PARSE(p, "e7e8Q", 0, e8q);
        EXPECT_PARSE(p, "e8N", 0, e8n);
        EXPECT_REFUSED(p, "e8Q", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(p, "e8N", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        /* A promotion must name its piece. */
        EXPECT_REFUSED(p, "e8", 0, ZZ_STATUS_OK);
        EXPECT_REFUSED(p, "e8", ZZ_SAN_STRICT, ZZ_STATUS_OK);
        zz_board_free(p);
    }

    /* Captures written without x. */
    zz_board *x = zz_board_or_fail("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                                   0);
    if (x != NULL) {
        zz_move exd5 = UCI_MOVE(x, "e4d5");
        EXPECT_SAN(x, exd5, "exd5");
        EXPECT_PARSE(x, "exd5", ZZ_SAN_STRICT, exd5);
        EXPECT_PARSE(x, "ed5", 0, exd5);
        EXPECT_PARSE(x, "e4d5", 0, exd5);
        EXPECT_PARSE(x, "e4xd5", 0, exd5);
        EXPECT_REFUSED(x, "ed5", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(x, "e4xd5", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        zz_board_free(x);
    }
    zz_board *nx = zz_board_or_fail("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", 0);
    if (nx != NULL) {
        zz_move nxd5 = UCI_MOVE(nx, "c3d5");
        EXPECT_SAN(nx, nxd5, "Nxd5");
        EXPECT_PARSE(nx, "Nxd5", ZZ_SAN_STRICT, nxd5);
        EXPECT_PARSE(nx, "Nd5", 0, nxd5);
        EXPECT_REFUSED(nx, "Nd5", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        zz_board_free(nx);
    }

    /* Missing or wrong check / mate suffix (fool's mate position before 2...Qh4#). */
    zz_board *f = zz_board_or_fail("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
                                   0);
    if (f != NULL) {
        zz_move qh4 = UCI_MOVE(f, "d8h4");
        EXPECT_SAN(f, qh4, "Qh4#");
        EXPECT_PARSE(f, "Qh4#", ZZ_SAN_STRICT, qh4);
        EXPECT_PARSE(f, "Qh4", 0, qh4);
        EXPECT_PARSE(f, "Qh4+", 0, qh4);
        EXPECT_REFUSED(f, "Qh4", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(f, "Qh4+", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(f, "Qd8h4#", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        zz_board_free(f);
    }

    /* Ambiguity: lenient over-disambiguation is fine, strict needs the minimal form. */
    zz_board *a = zz_board_or_fail("8/8/1n6/3R1P2/1n6/2k2K2/3p4/r6r b - - 0 82", 0);
    if (a != NULL) {
        zz_move raf1 = UCI_MOVE(a, "a1f1");
        EXPECT_SAN(a, raf1, "Raf1+"); /* the rook on f1 checks Kf3 */
        EXPECT_PARSE(a, "Raf1+", ZZ_SAN_STRICT, raf1);
        EXPECT_PARSE(a, "Raf1", 0, raf1);
        EXPECT_REFUSED(a, "Raf1", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_PARSE(a, "Ra1f1", 0, raf1);
        EXPECT_REFUSED(a, "Ra1f1", ZZ_SAN_STRICT, ZZ_STATUS_INVALID_SAN);
        EXPECT_REFUSED(a, "R1f1", 0, ZZ_STATUS_AMBIGUOUS_SAN);
        zz_move n4d5 = UCI_MOVE(a, "b4d5");
        EXPECT_SAN(a, n4d5, "N4xd5");
        EXPECT_PARSE(a, "N4xd5", ZZ_SAN_STRICT, n4d5);
        EXPECT_PARSE(a, "Nb4xd5", 0, n4d5);
        EXPECT_REFUSED(a, "Nbxd5", 0, ZZ_STATUS_AMBIGUOUS_SAN);
        EXPECT_REFUSED(a, "Nxd5", 0, ZZ_STATUS_AMBIGUOUS_SAN);
        zz_board_free(a);
    }
}

static void test_garbage_san(void) {
    zz_board *b = zz_start_board();
    zz_board *p = zz_board_or_fail("8/4P3/8/8/8/7k/8/K7 w - - 0 1", 0);
    char long_san[1200];
    memset(long_san, 'N', sizeof long_san - 1);
    long_san[sizeof long_san - 1] = '\0';
    const char *garbage[] = {
        "",        "Zz9",   "O-O-O-O", "e9",   "i4",    "Nf9",   "N",    "x",     "=Q",
        "e4e",     "Nf3 ",  " Nf3",    "Nf3\n", "O-O-", "O--O",  "++",   "#",     "Nf3++",
        "Nf3+#",   "Nf3#+", "Kk",    "e8=",     "e8=X", "Q",     "-",     "0",    "e",     "4",
        "Nxx",     "Nf3!",  "Nf3?",    "e2e4e5", "null", long_san,
    };
    zz_board *boards[2] = {b, p};
    for (size_t bi = 0; bi < 2; bi++) {
        if (boards[bi] == NULL) {
            continue;
        }
        for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
            for (uint32_t flags = 0; flags <= ZZ_SAN_STRICT; flags++) {
                zz_move got = MOVE_SENTINEL;
                zz_status rc = zz_board_parse_san(boards[bi], garbage[i], flags, &got);
                CHECK_MSG((rc == ZZ_STATUS_INVALID_SAN || rc == ZZ_STATUS_INVALID_STRING) &&
                              got == MOVE_SENTINEL && zz_last_error_message()[0] != '\0',
                          "garbage '%.40s' (flags %u): %s, move 0x%04x", garbage[i],
                          (unsigned)flags, zz_status_str(rc), (unsigned)got);
                expect_refused_at(boards[bi], garbage[i], flags, rc == ZZ_STATUS_OK ? 0 : rc,
                                  __LINE__);
            }
        }
    }
    /* Null-move notations (python-chess returns Move.null()): never a legal move here. */
    const char *nulls[] = {"--", "0000", "Z0", "@@@@"};
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++) {
        for (uint32_t flags = 0; flags <= ZZ_SAN_STRICT; flags++) {
            EXPECT_REFUSED(b, nulls[i], flags, ZZ_STATUS_OK /* any failure */);
        }
    }
    /* Not UTF-8. */
    const char *bad_utf8[] = {"\xff", "e4\xff", "N\xc3", "\xc0\xaf"};
    for (size_t i = 0; i < sizeof bad_utf8 / sizeof bad_utf8[0]; i++) {
        for (uint32_t flags = 0; flags <= ZZ_SAN_STRICT; flags++) {
            EXPECT_REFUSED(b, bad_utf8[i], flags, ZZ_STATUS_INVALID_STRING);
        }
    }
    zz_board_free(p);
    zz_board_free(b);
}

/* ---- 4. LAN --------------------------------------------------------------------------------- */

static void test_lan(void) {
    zz_board *b = zz_start_board();
    EXPECT_LAN(b, UCI_MOVE(b, "g1f3"), "Ng1-f3");
    EXPECT_LAN(b, UCI_MOVE(b, "e2e4"), "e2-e4");
    EXPECT_LAN(b, UCI_MOVE(b, "b1c3"), "Nb1-c3");
    zz_board_free(b);

    zz_board *p = zz_board_or_fail("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", 0);
    if (p != NULL) {
        zz_move m = UCI_MOVE(p, "e7d8q");
        EXPECT_SAN(p, m, "exd8=Q+");
        EXPECT_LAN(p, m, "e7xd8=Q+");
        EXPECT_LAN(p, UCI_MOVE(p, "e7d8n"), "e7xd8=N");
        EXPECT_LAN(p, UCI_MOVE(p, "e7e8r"), "e7-e8=R+");
        EXPECT_SAN(p, UCI_MOVE(p, "e7e8b"), "e8=B");
        EXPECT_LAN(p, UCI_MOVE(p, "a1b2"), "Ka1-b2");
        zz_board_free(p);
    }
    zz_board *c = zz_board_or_fail("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 0);
    if (c != NULL) {
        EXPECT_LAN(c, UCI_MOVE(c, "e1g1"), "O-O");
        EXPECT_SAN(c, UCI_MOVE(c, "e1g1"), "O-O");
        EXPECT_LAN(c, UCI_MOVE(c, "h1h8"), "Rh1-h8+");
        zz_board_free(c);
    }
    zz_board *c2 = zz_board_or_fail("r3k3/8/8/8/8/8/8/3K4 b q - 0 1", 0);
    if (c2 != NULL) {
        /* O-O-O puts the rook on d8: check along the d-file. */
        EXPECT_LAN(c2, UCI_MOVE(c2, "e8c8"), "O-O-O+");
        EXPECT_SAN(c2, UCI_MOVE(c2, "e8c8"), "O-O-O+");
        zz_board_free(c2);
    }
    zz_board *f = zz_board_or_fail("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
                                   0);
    if (f != NULL) {
        EXPECT_LAN(f, UCI_MOVE(f, "d8h4"), "Qd8-h4#");
        zz_board_free(f);
    }
    zz_board *ep = zz_board_or_fail(EP_FEN, 0);
    if (ep != NULL) {
        zz_move m = UCI_MOVE(ep, "e5f6");
        EXPECT_SAN(ep, m, "exf6");
        EXPECT_LAN(ep, m, "e5xf6");
        zz_board_free(ep);
    }
}

/* ---- 5. scripted draws ---------------------------------------------------------------------- */

static void test_repetition(void) {
    zz_board *b = zz_start_board();
    /* Plies 1..16: Nf3 Nf6 Ng1 Ng8, four times; the start position recurs after plies 4k. */
    const char *shuffle[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    const char *shuffle_uci[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    CHECK(zz_board_is_repetition(b, 1));
    CHECK(!zz_board_is_repetition(b, 2));
    CHECK(!zz_board_can_claim_threefold_repetition(b));
    for (int ply = 1; ply <= 16; ply++) {
        if (ply % 2 == 1) {
            PUSH_SAN(b, shuffle[(ply - 1) % 4]);
        } else {
            PUSH_UCI(b, shuffle_uci[(ply - 1) % 4]);
        }
        /* The position after ply p is the one after ply p mod 4 (the cycle has length 4):
         * it has occurred after plies p, p-4, ..., p mod 4, i.e. p/4 + 1 times. */
        int occurrences = ply / 4 + 1;
        for (uint32_t k = 1; k <= 6; k++) {
            CHECK_MSG(zz_board_is_repetition(b, k) == ((int)k <= occurrences),
                      "ply %d: is_repetition(%u) = %d, occurrences %d", ply, (unsigned)k,
                      (int)zz_board_is_repetition(b, k), occurrences);
        }
        /* Threefold claim: three occurrences now, or a legal move makes a position occur for
         * the third time. Only the next shuffle move reaches a position seen before (the
         * other knight squares and sides to move never match), and after it that position
         * will have occurred (ply + 1)/4 + 1 times. */
        int next = (ply + 1) / 4 + 1;
        bool claim = occurrences >= 3 || next >= 3;
        CHECK_MSG(zz_board_can_claim_threefold_repetition(b) == claim,
                  "ply %d: can_claim_threefold = %d, expected %d", ply,
                  (int)zz_board_can_claim_threefold_repetition(b), (int)claim);
        bool five = occurrences >= 5;
        CHECK_MSG(zz_board_is_fivefold_repetition(b) == five, "ply %d: is_fivefold = %d", ply,
                  (int)zz_board_is_fivefold_repetition(b));
        if (ply == 6) {
            CHECK(!zz_board_can_claim_threefold_repetition(b));
            EXPECT_OUTCOME(b, true, ZZ_TERMINATION_NONE, -1, "*");
        }
        if (ply == 7) {
            /* Black's Ng8 would make the third occurrence of the start position. */
            CHECK(!zz_board_is_repetition(b, 3));
            CHECK(zz_board_can_claim_threefold_repetition(b));
            EXPECT_OUTCOME(b, true, ZZ_TERMINATION_THREEFOLD_REPETITION, -1, "1/2-1/2");
            EXPECT_OUTCOME(b, false, ZZ_TERMINATION_NONE, -1, "*");
        }
        if (ply == 8) {
            CHECK(zz_board_is_repetition(b, 3));
            CHECK(zz_board_can_claim_threefold_repetition(b));
            CHECK(!zz_board_is_fivefold_repetition(b));
            EXPECT_OUTCOME(b, false, ZZ_TERMINATION_NONE, -1, "*");
            EXPECT_OUTCOME(b, true, ZZ_TERMINATION_THREEFOLD_REPETITION, -1, "1/2-1/2");
        }
        if (ply == 15) {
            CHECK(!zz_board_is_fivefold_repetition(b));
            EXPECT_OUTCOME(b, false, ZZ_TERMINATION_NONE, -1, "*");
        }
        if (ply == 16) {
            CHECK(zz_board_is_fivefold_repetition(b));
            EXPECT_OUTCOME(b, false, ZZ_TERMINATION_FIVEFOLD_REPETITION, -1, "1/2-1/2");
            EXPECT_OUTCOME(b, true, ZZ_TERMINATION_FIVEFOLD_REPETITION, -1, "1/2-1/2");
        }
    }
    CHECK(zz_board_move_count(b) == 16);
    /* Taking a move back undoes the fivefold. */
    CHECK_OK(zz_board_pop(b, NULL));
    CHECK(!zz_board_is_fivefold_repetition(b));
    /* set_fen clears the history: no repetition any more. */
    CHECK_OK(zz_board_set_fen(b, START_FEN, 0));
    CHECK(!zz_board_is_repetition(b, 2));
    zz_board_free(b);

    /* An en passant square no capture can use does not make a position different (FIDE 9.2.3):
     * after 1.e4 and after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 the position is the same. */
    zz_board *e = zz_start_board();
    PUSH_SAN(e, "e4");
    uint64_t key_e4 = zz_board_zobrist(e);
    const char *line[] = {"Nf6", "Nf3", "Ng8", "Ng1"};
    for (int i = 0; i < 4; i++) {
        PUSH_SAN(e, line[i]);
    }
    CHECK_MSG(zz_board_is_repetition(e, 2), "1.e4 Nf6 2.Nf3 Ng8 3.Ng1 repeats the position after 1.e4");
    CHECK(zz_board_zobrist(e) == key_e4);
    for (int i = 0; i < 4; i++) {
        PUSH_SAN(e, line[i]);
    }
    CHECK(zz_board_is_repetition(e, 3));
    CHECK(zz_board_can_claim_threefold_repetition(e));
    zz_board_free(e);

    /* Lost castling rights make a position different: 1.Nf3 Nf6 2.Rg1 Ng8 3.Rh1 Nf6 4.Ng1 Ng8
     * has the start position's pieces but white can no longer castle kingside. */
    zz_board *r = zz_start_board();
    const char *rook_line[] = {"Nf3", "Nf6", "Rg1", "Ng8", "Rh1", "Nf6", "Ng1", "Ng8"};
    for (int i = 0; i < 8; i++) {
        PUSH_SAN(r, rook_line[i]);
    }
    CHECK(zz_board_castling_rights(r) == 0x8100000000000001ULL);
    CHECK(!zz_board_is_repetition(r, 2));
    CHECK(zz_board_zobrist(r) != 0x463b96181691fc9cULL);
    zz_board_free(r);
}

static void test_move_rules(void) {
    /* Fifty moves. */
    zz_board *b = zz_board_or_fail("4k3/8/8/8/8/8/7r/R3K2R w - - 99 80", 0);
    if (b != NULL) {
        CHECK(zz_board_halfmove_clock(b) == 99);
        CHECK(zz_board_can_claim_fifty_moves(b));
        EXPECT_OUTCOME(b, true, ZZ_TERMINATION_FIFTY_MOVES, -1, "1/2-1/2");
        EXPECT_OUTCOME(b, false, ZZ_TERMINATION_NONE, -1, "*");
        CHECK(!zz_board_is_seventyfive_moves(b));

        zz_board *c = NULL;
        CHECK_OK(zz_board_clone(b, &c));
        if (c != NULL) {
            PUSH_SAN(c, "Ra2");
            CHECK(zz_board_halfmove_clock(c) == 100);
            CHECK(zz_board_can_claim_fifty_moves(c));
            EXPECT_OUTCOME(c, true, ZZ_TERMINATION_FIFTY_MOVES, -1, "1/2-1/2");
            EXPECT_OUTCOME(c, false, ZZ_TERMINATION_NONE, -1, "*");
            CHECK(zz_board_is_game_over(c, true) && !zz_board_is_game_over(c, false));
            /* Black's capture resets the clock. */
            PUSH_SAN(c, "Rxa2");
            CHECK(zz_board_halfmove_clock(c) == 0);
            CHECK(!zz_board_can_claim_fifty_moves(c));
            EXPECT_OUTCOME(c, true, ZZ_TERMINATION_NONE, -1, "*");
            zz_board_free(c);
        }
        /* A capture from clock 99: clock 0, no claim. */
        CHECK_OK(zz_board_clone(b, &c));
        if (c != NULL) {
            PUSH_SAN(c, "Rxh2");
            CHECK(zz_board_halfmove_clock(c) == 0);
            CHECK(!zz_board_can_claim_fifty_moves(c));
            zz_board_free(c);
        }
        zz_board_free(b);
    }
    zz_board *b98 = zz_board_or_fail("4k3/8/8/8/8/8/7r/R3K2R w - - 98 80", 0);
    if (b98 != NULL) {
        CHECK(!zz_board_can_claim_fifty_moves(b98));
        EXPECT_OUTCOME(b98, true, ZZ_TERMINATION_NONE, -1, "*");
        PUSH_SAN(b98, "Ra2");
        CHECK(zz_board_halfmove_clock(b98) == 99);
        CHECK(zz_board_can_claim_fifty_moves(b98)); /* black's quiet move makes 100 */
        zz_board_free(b98);
    }
    /* A pawn move resets the clock. */
    zz_board *pw = zz_board_or_fail("4k3/p7/8/8/8/8/P7/4K2R w - - 99 80", 0);
    if (pw != NULL) {
        CHECK(zz_board_can_claim_fifty_moves(pw));
        PUSH_SAN(pw, "a4");
        CHECK(zz_board_halfmove_clock(pw) == 0);
        CHECK(!zz_board_can_claim_fifty_moves(pw));
        zz_board_free(pw);
    }
    /* Clock 100 but checkmated: no claim (no legal move), outcome checkmate. */
    zz_board *m100 = zz_board_or_fail("R3k3/8/4K3/8/8/8/8/8 b - - 100 120", 0);
    if (m100 != NULL) {
        CHECK(zz_board_is_checkmate(m100));
        CHECK(!zz_board_can_claim_fifty_moves(m100));
        EXPECT_OUTCOME(m100, true, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_WHITE, "1-0");
        zz_board_free(m100);
    }

    /* Seventy-five moves. */
    zz_board *s = zz_board_or_fail("4k3/8/8/8/8/8/8/R3K3 w - - 149 120", 0);
    if (s != NULL) {
        CHECK(!zz_board_is_seventyfive_moves(s));
        EXPECT_OUTCOME(s, false, ZZ_TERMINATION_NONE, -1, "*");
        PUSH_SAN(s, "Ra2");
        CHECK(zz_board_halfmove_clock(s) == 150);
        CHECK(zz_board_is_seventyfive_moves(s));
        EXPECT_OUTCOME(s, false, ZZ_TERMINATION_SEVENTYFIVE_MOVES, -1, "1/2-1/2");
        EXPECT_OUTCOME(s, true, ZZ_TERMINATION_SEVENTYFIVE_MOVES, -1, "1/2-1/2");
        zz_board_free(s);
    }
    zz_board *m150 = zz_board_or_fail("R3k3/8/4K3/8/8/8/8/8 b - - 150 120", 0);
    if (m150 != NULL) {
        CHECK(zz_board_is_checkmate(m150));
        CHECK(!zz_board_is_seventyfive_moves(m150));
        EXPECT_OUTCOME(m150, false, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_WHITE, "1-0");
        EXPECT_OUTCOME(m150, true, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_WHITE, "1-0");
        zz_board_free(m150);
    }
    /* Mate delivered by the move that reaches clock 150 takes precedence too. */
    zz_board *m149 = zz_board_or_fail("4k3/R7/4K3/8/8/8/8/8 w - - 149 120", 0);
    if (m149 != NULL) {
        PUSH_SAN(m149, "Ra8#");
        CHECK(zz_board_halfmove_clock(m149) == 150);
        EXPECT_OUTCOME(m149, false, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_WHITE, "1-0");
        zz_board_free(m149);
    }
    /* Order: stalemate and insufficient material come before seventy-five moves. */
    zz_board *st = zz_board_or_fail("7k/5Q2/6K1/8/8/8/8/8 b - - 200 150", 0);
    if (st != NULL) {
        EXPECT_OUTCOME(st, false, ZZ_TERMINATION_STALEMATE, -1, "1/2-1/2");
        zz_board_free(st);
    }
    zz_board *kk = zz_board_or_fail("4k3/8/8/8/8/8/8/4K3 w - - 150 150", 0);
    if (kk != NULL) {
        EXPECT_OUTCOME(kk, false, ZZ_TERMINATION_INSUFFICIENT_MATERIAL, -1, "1/2-1/2");
        zz_board_free(kk);
    }
}

/* ---- 6. insufficient material ----------------------------------------------------------------- */

static void expect_material_at(const char *fen, bool white, bool black, int line) {
    zz_board *b = NULL;
    zz_status rc = zz_board_from_fen(fen, 0, &b);
    zz_checks++;
    if (rc != ZZ_STATUS_OK) {
        zz_fail_at(__FILE__, line, "zz_board_from_fen");
        printf("     %s: %s\n", fen, zz_last_error_message());
        return;
    }
    bool w = !white, k = !black;
    zz_status rw = zz_board_has_insufficient_material(b, ZZ_COLOR_WHITE, &w);
    zz_status rb = zz_board_has_insufficient_material(b, ZZ_COLOR_BLACK, &k);
    bool both = zz_board_is_insufficient_material(b);
    zz_checks++;
    if (rw != ZZ_STATUS_OK || rb != ZZ_STATUS_OK || w != white || k != black ||
        both != (white && black)) {
        zz_fail_at(__FILE__, line, "insufficient material");
        printf("     %s: white %d (%s) black %d (%s) both %d; expected white %d black %d\n", fen,
               (int)w, zz_status_str(rw), (int)k, zz_status_str(rb), (int)both, (int)white,
               (int)black);
    }
    if (white && black) {
        expect_outcome_at(b, false, ZZ_TERMINATION_INSUFFICIENT_MATERIAL, -1, "1/2-1/2", line);
    } else {
        expect_outcome_at(b, false, ZZ_TERMINATION_NONE, -1, "*", line);
    }
    zz_board_free(b);
}
#define EXPECT_MATERIAL(fen, white, black) expect_material_at((fen), (white), (black), __LINE__)

static void test_insufficient_material(void) {
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true);     /* K v K */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true);    /* KN v K */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/4KB2 b - - 0 1", true, true);    /* KB v K */
    EXPECT_MATERIAL("4kn2/8/8/8/8/8/8/4K3 w - - 0 1", true, true);    /* K v KN */
    EXPECT_MATERIAL("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true);  /* Bf1, Bc8: both light */
    EXPECT_MATERIAL("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true, true);  /* Bc1, Be3: both dark */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, true); /* Bc1 dark, Bf1 light */
    EXPECT_MATERIAL("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false, false); /* Bf1 light, Bf8 dark */
    EXPECT_MATERIAL("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, false); /* KN v KN */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", false, true);  /* KNN v K */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, true);  /* KP v K */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, true);   /* KR v K */
    EXPECT_MATERIAL("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, true);   /* KQ v K */
    EXPECT_MATERIAL("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", false, false); /* KB v KN */
    EXPECT_MATERIAL("4kn2/8/8/8/8/8/8/3QK3 w - - 0 1", false, true);  /* KQ v KN: lone N */
    EXPECT_MATERIAL("4k3/8/8/8/8/4B3/8/2B1K3 b - - 0 1", true, true);
    EXPECT_MATERIAL("4k3/5p2/8/8/8/8/8/4KB2 w - - 0 1", false, false); /* KB v KP */
}

/* ---- 7. checkmate, stalemate, ongoing ------------------------------------------------------- */

static void test_mate_and_stalemate(void) {
    zz_board *b = zz_start_board();
    EXPECT_OUTCOME(b, false, ZZ_TERMINATION_NONE, -1, "*");
    EXPECT_OUTCOME(b, true, ZZ_TERMINATION_NONE, -1, "*");
    CHECK(!zz_board_is_checkmate(b) && !zz_board_is_stalemate(b));
    const char *fools[] = {"f3", "e5", "g4", "Qh4#"};
    for (int i = 0; i < 4; i++) {
        PUSH_SAN(b, fools[i]);
    }
    CHECK(zz_board_is_checkmate(b));
    CHECK(zz_board_is_check(b));
    CHECK(!zz_board_is_stalemate(b));
    CHECK(zz_board_is_game_over(b, false));
    CHECK(zz_board_checkers(b) == BIT(SQ(7, 3)));
    EXPECT_OUTCOME(b, false, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_BLACK, "0-1");
    EXPECT_OUTCOME(b, true, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_BLACK, "0-1");
    zz_board_free(b);

    zz_board *s = zz_board_or_fail("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0);
    if (s != NULL) {
        CHECK(zz_board_is_stalemate(s));
        CHECK(!zz_board_is_checkmate(s) && !zz_board_is_check(s));
        EXPECT_OUTCOME(s, false, ZZ_TERMINATION_STALEMATE, -1, "1/2-1/2");
        zz_board_free(s);
    }
    /* Scholar's mate, white wins. */
    zz_board *w = zz_start_board();
    const char *scholar[] = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
    for (int i = 0; i < 7; i++) {
        PUSH_SAN(w, scholar[i]);
    }
    CHECK(zz_board_is_checkmate(w));
    EXPECT_OUTCOME(w, false, ZZ_TERMINATION_CHECKMATE, ZZ_COLOR_WHITE, "1-0");
    zz_board_free(w);
}

/* ---- 8. polyglot.tsv: start_fen uci_moves fen key ------------------------------------------- */

static void zobrist_row(char **f, size_t n, unsigned long line_no) {
    CHECK_MSG(n >= 4, "polyglot.tsv:%lu: %zu fields", line_no, n);
    if (n < 4) {
        return;
    }
    char *end = NULL;
    errno = 0;
    uint64_t key = (uint64_t)strtoull(f[3], &end, 16);
    CHECK_MSG(errno == 0 && *end == '\0' && end != f[3], "polyglot.tsv:%lu: key '%s'", line_no,
              f[3]);
    zz_board *b = zz_board_or_fail(f[0], 0);
    if (b == NULL) {
        return;
    }
    if (strcmp(f[1], "-") != 0) {
        char moves[1024];
        snprintf(moves, sizeof moves, "%s", f[1]);
        for (char *tok = strtok(moves, " "); tok != NULL; tok = strtok(NULL, " ")) {
            PUSH_UCI(b, tok);
        }
    }
    char fen[ZZ_FEN_MAX];
    uint64_t got = zz_board_zobrist(b);
    CHECK_MSG(got == key, "polyglot.tsv:%lu: after '%s': key %016" PRIx64 ", expected %016" PRIx64,
              line_no, f[1], got, key);
    CHECK_MSG(strcmp(zz_fen_of(b, 0, fen), f[2]) == 0, "polyglot.tsv:%lu: FEN %s, expected %s",
              line_no, fen, f[2]);
    zz_board_free(b);
    zz_board *c = zz_board_or_fail(f[2], 0);
    if (c != NULL) {
        got = zz_board_zobrist(c);
        CHECK_MSG(got == key, "polyglot.tsv:%lu: from %s: key %016" PRIx64 ", expected %016" PRIx64,
                  line_no, f[2], got, key);
        zz_board_free(c);
    }
}

/* ---- 9. queries ----------------------------------------------------------------------------- */

static uint64_t pieces(const zz_board *b, int32_t color, int32_t type) {
    uint64_t bb = 0xDEAD;
    zz_status rc = zz_board_pieces(b, color, type, &bb);
    CHECK_MSG(rc == ZZ_STATUS_OK, "pieces(%d, %d): %s", (int)color, (int)type, zz_status_str(rc));
    return bb;
}

static uint64_t attackers(const zz_board *b, int32_t color, int32_t sq) {
    uint64_t bb = 0xDEAD;
    zz_status rc = zz_board_attackers(b, color, sq, &bb);
    CHECK_MSG(rc == ZZ_STATUS_OK, "attackers(%d, %d): %s", (int)color, (int)sq, zz_status_str(rc));
    return bb;
}

static bool attacked(const zz_board *b, int32_t color, int32_t sq) {
    bool out = false;
    zz_status rc = zz_board_is_attacked_by(b, color, sq, &out);
    CHECK_MSG(rc == ZZ_STATUS_OK, "is_attacked_by(%d, %d): %s", (int)color, (int)sq,
              zz_status_str(rc));
    return out;
}

static uint64_t pinned(const zz_board *b, int32_t color) {
    uint64_t bb = 0xDEAD;
    zz_status rc = zz_board_pinned(b, color, &bb);
    CHECK_MSG(rc == ZZ_STATUS_OK, "pinned(%d): %s", (int)color, zz_status_str(rc));
    return bb;
}

static int gives_check(const zz_board *b, zz_move m) {
    bool out = false;
    zz_status rc = zz_board_gives_check(b, m, &out);
    CHECK_MSG(rc == ZZ_STATUS_OK, "gives_check(0x%04x): %s", (unsigned)m, zz_status_str(rc));
    return rc == ZZ_STATUS_OK ? (int)out : -1;
}

static size_t moves_from(const zz_board *b, int32_t sq, zz_move *buf) {
    size_t n = 777;
    zz_status rc = zz_board_legal_moves_from(b, sq, buf, ZZ_MAX_MOVES, &n);
    CHECK_MSG(rc == ZZ_STATUS_OK, "legal_moves_from(%d): %s", (int)sq, zz_status_str(rc));
    return rc == ZZ_STATUS_OK ? n : 0;
}

static void test_queries(void) {
    zz_board *b = zz_start_board();
    /* pieces */
    CHECK(pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_PAWN) == 0xFF00ULL);
    CHECK(pieces(b, ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_PAWN) == 0x00FF000000000000ULL);
    CHECK(pieces(b, -1, ZZ_PIECE_TYPE_NONE) == 0xFFFF00000000FFFFULL);
    CHECK(pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_NONE) == 0xFFFFULL);
    CHECK(pieces(b, ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_NONE) == 0xFFFF000000000000ULL);
    CHECK(pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_KNIGHT) == 0x42ULL);
    CHECK(pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_BISHOP) == 0x24ULL);
    CHECK(pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_ROOK) == 0x81ULL);
    CHECK(pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_QUEEN) == 0x08ULL);
    CHECK(pieces(b, -1, ZZ_PIECE_TYPE_KING) == 0x1000000000000010ULL);
    CHECK(pieces(b, ZZ_COLOR_BLACK, ZZ_PIECE_TYPE_QUEEN) == BIT(SQ(3, 7)));
    /* attackers / is_attacked_by */
    CHECK(attackers(b, ZZ_COLOR_WHITE, SQ(5, 2)) == (BIT(SQ(6, 0)) | BIT(SQ(4, 1)) | BIT(SQ(6, 1))));
    CHECK(attackers(b, ZZ_COLOR_BLACK, SQ(5, 5)) == (BIT(SQ(6, 7)) | BIT(SQ(4, 6)) | BIT(SQ(6, 6))));
    CHECK(attackers(b, ZZ_COLOR_WHITE, SQ(4, 3)) == 0);
    CHECK(attackers(b, ZZ_COLOR_BLACK, SQ(5, 2)) == 0);
    /* d1 queen's own square: attacked by c1 bishop? no; by e1 king and c1? bishop moves
     * diagonally, so d1 is defended by the king only... and nothing else. */
    CHECK(attackers(b, ZZ_COLOR_WHITE, SQ(3, 0)) == BIT(SQ(4, 0)));
    CHECK(attacked(b, ZZ_COLOR_WHITE, SQ(5, 2)));
    CHECK(!attacked(b, ZZ_COLOR_WHITE, SQ(4, 3)));
    CHECK(!attacked(b, ZZ_COLOR_BLACK, SQ(4, 3)));
    CHECK(attacked(b, ZZ_COLOR_BLACK, SQ(0, 5)));
    CHECK(zz_board_checkers(b) == 0);
    CHECK(pinned(b, ZZ_COLOR_WHITE) == 0 && pinned(b, ZZ_COLOR_BLACK) == 0);
    /* legal_moves_from */
    zz_move buf[ZZ_MAX_MOVES];
    char name[ZZ_UCI_MAX];
    size_t n = moves_from(b, SQ(4, 1), buf);
    CHECK_MSG(n == 2, "e2: %zu moves", n);
    if (n == 2) {
        zz_sort_moves(buf, n);
        CHECK(strcmp(zz_uci_of(b, buf[0], name), "e2e3") == 0);
        CHECK(strcmp(zz_uci_of(b, buf[1], name), "e2e4") == 0);
    }
    n = moves_from(b, SQ(6, 0), buf);
    CHECK_MSG(n == 2, "g1: %zu moves", n);
    for (size_t i = 0; i < n && i < 2; i++) {
        CHECK(zz_move_from_square(buf[i]) == SQ(6, 0));
        CHECK(zz_move_to_square(buf[i]) == SQ(5, 2) || zz_move_to_square(buf[i]) == SQ(7, 2));
    }
    CHECK(moves_from(b, SQ(4, 0), buf) == 0); /* king */
    CHECK(moves_from(b, SQ(4, 6), buf) == 0); /* black pawn, white to move */
    CHECK(moves_from(b, SQ(4, 3), buf) == 0); /* empty */
    size_t total = 0;
    for (int32_t sq = 0; sq < 64; sq++) {
        total += moves_from(b, sq, buf);
    }
    CHECK_MSG(total == 20, "sum over squares: %zu", total);
    /* short buffer */
    zz_move small[4] = {MOVE_SENTINEL, MOVE_SENTINEL, MOVE_SENTINEL, MOVE_SENTINEL};
    size_t len = 777;
    CHECK_STATUS(zz_board_legal_moves_from(b, SQ(4, 1), small, 1, &len),
                 ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2 && small[0] == MOVE_SENTINEL);
    len = 777;
    CHECK_OK(zz_board_legal_moves_from(b, SQ(4, 1), small, 2, &len));
    CHECK(len == 2 && small[2] == MOVE_SENTINEL);
    len = 777;
    CHECK_OK(zz_board_legal_moves_from(b, SQ(4, 3), small, 0, &len));
    CHECK(len == 0);

    /* move stack, peek, clocks, castling rights, en passant */
    zz_move m = MOVE_SENTINEL;
    CHECK_STATUS(zz_board_peek(b, &m), ZZ_STATUS_EMPTY_HISTORY);
    CHECK(m == MOVE_SENTINEL);
    CHECK(zz_last_error_message()[0] != '\0');
    len = 777;
    for (size_t i = 0; i < 4; i++) {
        small[i] = MOVE_SENTINEL;
    }
    CHECK_OK(zz_board_move_stack(b, small, 4, &len));
    CHECK(len == 0 && small[0] == MOVE_SENTINEL);
    CHECK(zz_board_move_count(b) == 0);
    CHECK(zz_board_ply(b) == 0 && zz_board_halfmove_clock(b) == 0 &&
          zz_board_fullmove_number(b) == 1);
    CHECK(zz_board_castling_rights(b) == 0x8100000000000081ULL);
    CHECK(zz_board_ep_square(b) == -1 && zz_board_legal_ep_square(b) == -1);

    zz_move e4 = UCI_MOVE(b, "e2e4");
    CHECK_OK(zz_board_push(b, e4));
    CHECK(zz_board_ep_square(b) == 20);
    CHECK(zz_board_legal_ep_square(b) == -1);
    CHECK(zz_board_ply(b) == 1 && zz_board_halfmove_clock(b) == 0 &&
          zz_board_fullmove_number(b) == 1);
    zz_move e5 = 0;
    CHECK_OK(zz_board_push_san(b, "e5", ZZ_SAN_STRICT, &e5));
    CHECK(zz_board_ep_square(b) == SQ(4, 5) && zz_board_legal_ep_square(b) == -1);
    CHECK(zz_board_ply(b) == 2 && zz_board_fullmove_number(b) == 2);
    zz_move ke2 = 0;
    CHECK_OK(zz_board_push_san(b, "Ke2", ZZ_SAN_STRICT, &ke2));
    CHECK(zz_board_ep_square(b) == -1);
    CHECK(zz_board_ply(b) == 3 && zz_board_halfmove_clock(b) == 1 &&
          zz_board_fullmove_number(b) == 2);
    CHECK_MSG(zz_board_castling_rights(b) == 0x8100000000000000ULL, "castling rights %016" PRIx64,
              zz_board_castling_rights(b));
    CHECK(zz_board_move_count(b) == 3);
    CHECK_OK(zz_board_peek(b, &m));
    CHECK(m == ke2);
    zz_move stack[4] = {0, 0, 0, MOVE_SENTINEL};
    len = 777;
    CHECK_OK(zz_board_move_stack(b, stack, 4, &len));
    CHECK(len == 3 && stack[0] == e4 && stack[1] == e5 && stack[2] == ke2 &&
          stack[3] == MOVE_SENTINEL);
    zz_move tiny[2] = {MOVE_SENTINEL, MOVE_SENTINEL};
    len = 777;
    CHECK_STATUS(zz_board_move_stack(b, tiny, 2, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3 && tiny[0] == MOVE_SENTINEL && tiny[1] == MOVE_SENTINEL);
    CHECK_OK(zz_board_pop(b, NULL));
    CHECK(zz_board_move_count(b) == 2 && zz_board_castling_rights(b) == 0x8100000000000081ULL);
    CHECK_OK(zz_board_peek(b, &m));
    CHECK(m == e5);
    CHECK_OK(zz_board_set_fen(b, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq - 5 40", 0));
    CHECK(zz_board_move_count(b) == 0);
    CHECK_MSG(zz_board_ply(b) == 79, "ply %u", (unsigned)zz_board_ply(b));
    CHECK(zz_board_halfmove_clock(b) == 5 && zz_board_fullmove_number(b) == 40);
    CHECK(zz_board_castling_rights(b) == (BIT(SQ(7, 0)) | BIT(SQ(0, 7))));
    zz_board_free(b);

    /* en passant legal; the move predicates */
    zz_board *ep = zz_board_or_fail(EP_FEN, 0);
    if (ep != NULL) {
        CHECK(zz_board_ep_square(ep) == SQ(5, 5) && zz_board_legal_ep_square(ep) == SQ(5, 5));
        zz_move exf6 = UCI_MOVE(ep, "e5f6");
        CHECK(zz_move_kind(exf6) == ZZ_MOVE_EN_PASSANT);
        CHECK(zz_board_is_capture(ep, exf6) && zz_board_is_en_passant(ep, exf6));
        CHECK(zz_board_is_zeroing(ep, exf6) && !zz_board_is_castling(ep, exf6));
        zz_move nf3 = UCI_MOVE(ep, "g1f3");
        CHECK(!zz_board_is_capture(ep, nf3) && !zz_board_is_en_passant(ep, nf3));
        CHECK(!zz_board_is_zeroing(ep, nf3) && !zz_board_is_castling(ep, nf3));
        zz_move e6 = UCI_MOVE(ep, "e5e6");
        CHECK(!zz_board_is_capture(ep, e6) && zz_board_is_zeroing(ep, e6));
        CHECK(gives_check(ep, exf6) == 0);
        zz_board_free(ep);
    }
    /* A double push whose en passant capture would expose the king: ep square kept, not legal. */
    zz_board *pin_ep = zz_board_or_fail("8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1", 0);
    if (pin_ep != NULL) {
        CHECK_MSG(zz_board_ep_square(pin_ep) == SQ(3, 2) && zz_board_legal_ep_square(pin_ep) == -1,
                  "ep %d, legal ep %d", (int)zz_board_ep_square(pin_ep),
                  (int)zz_board_legal_ep_square(pin_ep));
        zz_board_free(pin_ep);
    }
    zz_board *pe = zz_board_or_fail("4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1", 0);
    if (pe != NULL) {
        PUSH_SAN(pe, "b4");
        CHECK(zz_board_ep_square(pe) == SQ(1, 2) && zz_board_legal_ep_square(pe) == SQ(1, 2));
        zz_board_free(pe);
    }

    zz_board *c = zz_board_or_fail(CASTLE_W, 0);
    if (c != NULL) {
        zz_move oo = UCI_MOVE(c, "e1g1");
        CHECK(zz_board_is_castling(c, oo) && !zz_board_is_capture(c, oo));
        CHECK(!zz_board_is_zeroing(c, oo) && !zz_board_is_en_passant(c, oo));
        zz_move rxa8 = UCI_MOVE(c, "a1a8");
        CHECK(zz_board_is_capture(c, rxa8) && zz_board_is_zeroing(c, rxa8));
        CHECK(!zz_board_is_castling(c, rxa8));
        CHECK(gives_check(c, rxa8) == 1);
        CHECK(gives_check(c, oo) == 0);
        CHECK(zz_board_castling_rights(c) == 0x8100000000000081ULL);
        n = moves_from(c, SQ(4, 0), buf);
        CHECK_MSG(n == 7, "king e1 in %s: %zu moves (5 steps + 2 castlings)", CASTLE_W, n);
        PUSH_SAN(c, "Rxa8+");
        CHECK(zz_board_castling_rights(c) == 0x8000000000000080ULL);
        CHECK(zz_board_checkers(c) == BIT(SQ(0, 7)));
        zz_board_free(c);
    }

    /* checkers: double check by rook a1 and bishop b4 */
    zz_board *dc = zz_board_or_fail("4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1", 0);
    if (dc != NULL) {
        CHECK_MSG(zz_board_checkers(dc) == (BIT(SQ(0, 0)) | BIT(SQ(1, 3))), "checkers %016" PRIx64,
                  zz_board_checkers(dc));
        CHECK(attackers(dc, ZZ_COLOR_BLACK, SQ(4, 0)) == (BIT(SQ(0, 0)) | BIT(SQ(1, 3))));
        zz_board_free(dc);
    }

    /* pinned knight */
    zz_board *pn = zz_board_or_fail("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", 0);
    if (pn != NULL) {
        CHECK(pinned(pn, ZZ_COLOR_WHITE) == BIT(SQ(4, 1)));
        CHECK(pinned(pn, ZZ_COLOR_BLACK) == 0);
        CHECK(moves_from(pn, SQ(4, 1), buf) == 0);
        /* attackers include the pinned knight (c3 from e2). */
        CHECK(attackers(pn, ZZ_COLOR_WHITE, SQ(2, 2)) == BIT(SQ(4, 1)));
        CHECK(attacked(pn, ZZ_COLOR_WHITE, SQ(2, 2)));
        CHECK(attackers(pn, ZZ_COLOR_BLACK, SQ(4, 1)) == BIT(SQ(4, 6)));
        CHECK(zz_board_checkers(pn) == 0);
        zz_board_free(pn);
    }
    /* A pinned black bishop, pinned by a white queen on the diagonal. */
    zz_board *pb = zz_board_or_fail("4k3/3b4/8/1Q6/8/8/8/4K3 b - - 0 1", 0);
    if (pb != NULL) {
        CHECK(pinned(pb, ZZ_COLOR_BLACK) == BIT(SQ(3, 6)));
        CHECK(pinned(pb, ZZ_COLOR_WHITE) == 0);
        n = moves_from(pb, SQ(3, 6), buf);
        CHECK_MSG(n == 2, "pinned bishop d7: %zu moves (c6, xb5)", n);
        zz_board_free(pb);
    }

    /* gives_check: direct, discovered, by castling, by promotion, quiet */
    zz_board *g = zz_board_or_fail("4k3/8/8/8/8/8/4N3/K3R3 w - - 0 1", 0);
    if (g != NULL) {
        CHECK(gives_check(g, UCI_MOVE(g, "e2c3")) == 1); /* discovered by Re1 */
        CHECK(gives_check(g, UCI_MOVE(g, "e2d4")) == 1);
        CHECK(gives_check(g, UCI_MOVE(g, "e2f4")) == 1);
        CHECK(gives_check(g, UCI_MOVE(g, "a1b1")) == 0);
        CHECK(gives_check(g, UCI_MOVE(g, "e1f1")) == 0);
        CHECK(gives_check(g, UCI_MOVE(g, "e2g1")) == 1);
        zz_board_free(g);
    }
    zz_board *gc = zz_board_or_fail("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 0);
    if (gc != NULL) {
        CHECK(gives_check(gc, UCI_MOVE(gc, "e1g1")) == 1); /* rook lands on f1 */
        EXPECT_SAN(gc, UCI_MOVE(gc, "e1g1"), "O-O+");
        CHECK(gives_check(gc, UCI_MOVE(gc, "h1h2")) == 0);
        CHECK(gives_check(gc, UCI_MOVE(gc, "h1h8")) == 1);
        zz_board_free(gc);
    }
    zz_board *start = zz_start_board();
    CHECK(gives_check(start, UCI_MOVE(start, "g1f3")) == 0);
    CHECK(gives_check(start, UCI_MOVE(start, "e2e4")) == 0);
    zz_board_free(start);
}

/* ---- 10. bad input ------------------------------------------------------------------------- */

static void test_bad_input(void) {
    zz_board *b = zz_start_board();
    zz_move g1f3 = UCI_MOVE(b, "g1f3");
    zz_move illegal[] = {
        0,                                     /* a1a1 */
        zz_make_move(SQ(4, 1), SQ(4, 4), 0, 0), /* e2e5 */
        zz_make_move(SQ(4, 6), SQ(4, 4), 0, 0), /* black's e7e5 */
        zz_make_move(SQ(4, 0), SQ(7, 0), 0, 3), /* O-O through pieces */
        zz_make_move(SQ(6, 0), SQ(5, 2), 0, 1), /* g1f3 as a "promotion" */
        zz_make_move(SQ(4, 1), SQ(4, 3), 0, 2), /* e2e4 as en passant */
        0xFFFF,
    };
    char buf[ZZ_SAN_MAX + 8];
    size_t len = 777;
    bool flag = true;
    uint64_t bb = 0xDEAD;
    zz_move m = MOVE_SENTINEL;

    /* san / lan */
    for (int lan = 0; lan <= 1; lan++) {
        zz_status (*fn)(const zz_board *, zz_move, char *, size_t, size_t *) =
            lan ? zz_board_lan : zz_board_san;
        const char *want = lan ? "Ng1-f3" : "Nf3";
        size_t need = strlen(want) + 1;
        memset(buf, 'Z', sizeof buf);
        len = 777;
        CHECK_STATUS(fn(NULL, g1f3, buf, sizeof buf, &len), ZZ_STATUS_NULL_PARAMETER);
        CHECK(len == 777 && zz_all_bytes(buf, 'Z', sizeof buf));
        CHECK(zz_last_error_message()[0] != '\0');
        CHECK_STATUS(fn(b, g1f3, NULL, sizeof buf, &len), ZZ_STATUS_NULL_PARAMETER);
        CHECK(len == 777);
        for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
            CHECK_STATUS(fn(b, illegal[i], buf, sizeof buf, &len), ZZ_STATUS_ILLEGAL_MOVE);
            CHECK(len == 777 && zz_all_bytes(buf, 'Z', sizeof buf));
            CHECK(zz_last_error_message()[0] != '\0');
        }
        const size_t small[] = {0, 1, need - 1};
        for (size_t i = 0; i < 3; i++) {
            memset(buf, 'Z', sizeof buf);
            len = 777;
            CHECK_STATUS(fn(b, g1f3, buf, small[i], &len), ZZ_STATUS_BUFFER_TOO_SMALL);
            CHECK_MSG(len == need && zz_all_bytes(buf, 'Z', sizeof buf),
                      "%s cap %zu: out_len %zu (need %zu)", lan ? "lan" : "san", small[i], len,
                      need);
        }
        memset(buf, 'Z', sizeof buf);
        CHECK_STATUS(fn(b, g1f3, buf, need - 1, NULL), ZZ_STATUS_BUFFER_TOO_SMALL);
        CHECK(zz_all_bytes(buf, 'Z', sizeof buf));
        memset(buf, 'Z', sizeof buf);
        len = 777;
        CHECK_OK(fn(b, g1f3, buf, need, &len));
        CHECK(len == need && strcmp(buf, want) == 0 && zz_all_bytes(buf + need, 'Z', sizeof buf - need));
        CHECK_OK(fn(b, g1f3, buf, sizeof buf, NULL)); /* out_len optional */
        CHECK(strcmp(buf, want) == 0);
    }
    /* Longest SAN in a short buffer. */
    zz_board *p = zz_board_or_fail("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", 0);
    if (p != NULL) {
        zz_move m2 = UCI_MOVE(p, "e7d8q");
        memset(buf, 'Z', sizeof buf);
        len = 777;
        CHECK_STATUS(zz_board_lan(p, m2, buf, 8, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
        CHECK(len == 9 && zz_all_bytes(buf, 'Z', sizeof buf));
        CHECK_STATUS(zz_board_san(p, m2, buf, 7, &len), ZZ_STATUS_BUFFER_TOO_SMALL);
        CHECK(len == 8 && zz_all_bytes(buf, 'Z', sizeof buf));
        zz_board_free(p);
    }

    /* parse_san / push_san */
    CHECK_STATUS(zz_board_parse_san(NULL, "Nf3", 0, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK(m == MOVE_SENTINEL);
    CHECK_STATUS(zz_board_parse_san(b, NULL, 0, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK(m == MOVE_SENTINEL);
    CHECK_STATUS(zz_board_parse_san(b, "Nf3", 0, NULL), ZZ_STATUS_NULL_PARAMETER);
    const uint32_t bad_flags[] = {2, 3, 4, 0x80000000u, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        CHECK_STATUS(zz_board_parse_san(b, "Nf3", bad_flags[i], &m), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(m == MOVE_SENTINEL);
        CHECK(zz_last_error_message()[0] != '\0');
        CHECK_STATUS(zz_board_push_san(b, "Nf3", bad_flags[i], &m), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(m == MOVE_SENTINEL && zz_board_move_count(b) == 0);
    }
    CHECK_STATUS(zz_board_push_san(NULL, "Nf3", 0, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_push_san(b, NULL, 0, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK(m == MOVE_SENTINEL && zz_board_move_count(b) == 0);
    CHECK_OK(zz_board_push_san(b, "Nf3", 0, NULL)); /* out optional */
    CHECK(zz_board_move_count(b) == 1);
    CHECK_OK(zz_board_pop(b, NULL));

    /* bool / integer getters on NULL */
    CHECK(!zz_board_is_checkmate(NULL));
    CHECK(!zz_board_is_stalemate(NULL));
    CHECK(!zz_board_is_insufficient_material(NULL));
    CHECK(!zz_board_is_repetition(NULL, 1));
    CHECK(!zz_board_is_repetition(NULL, 0));
    CHECK(!zz_board_can_claim_threefold_repetition(NULL));
    CHECK(!zz_board_is_fivefold_repetition(NULL));
    CHECK(!zz_board_can_claim_fifty_moves(NULL));
    CHECK(!zz_board_is_seventyfive_moves(NULL));
    CHECK(!zz_board_is_game_over(NULL, false) && !zz_board_is_game_over(NULL, true));
    CHECK(zz_board_result(NULL, false) != NULL && strcmp(zz_board_result(NULL, false), "*") == 0);
    CHECK(zz_board_result(NULL, true) != NULL && strcmp(zz_board_result(NULL, true), "*") == 0);
    CHECK(zz_board_zobrist(NULL) == 0);
    CHECK(zz_board_checkers(NULL) == 0);
    CHECK(!zz_board_is_capture(NULL, g1f3) && !zz_board_is_en_passant(NULL, g1f3));
    CHECK(!zz_board_is_castling(NULL, g1f3) && !zz_board_is_zeroing(NULL, g1f3));
    CHECK(zz_board_move_count(NULL) == 0 && zz_board_ply(NULL) == 0);
    CHECK(zz_board_halfmove_clock(NULL) == 0 && zz_board_fullmove_number(NULL) == 0);
    CHECK(zz_board_castling_rights(NULL) == 0);
    CHECK(zz_board_ep_square(NULL) == -1 && zz_board_legal_ep_square(NULL) == -1);
    CHECK(zz_board_is_repetition(b, 1)); /* the position itself */

    /* outcome */
    zz_outcome o = {77, 77};
    CHECK_STATUS(zz_board_outcome(NULL, false, &o), ZZ_STATUS_NULL_PARAMETER);
    CHECK(o.termination == 77 && o.winner == 77);
    CHECK_STATUS(zz_board_outcome(b, true, NULL), ZZ_STATUS_NULL_PARAMETER);

    /* has_insufficient_material */
    flag = true;
    CHECK_STATUS(zz_board_has_insufficient_material(NULL, ZZ_COLOR_WHITE, &flag),
                 ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_has_insufficient_material(b, ZZ_COLOR_WHITE, NULL),
                 ZZ_STATUS_NULL_PARAMETER);
    const int32_t bad_colors[] = {2, -2, -1, 100, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_colors / sizeof bad_colors[0]; i++) {
        int32_t col = bad_colors[i];
        flag = true;
        CHECK_STATUS(zz_board_has_insufficient_material(b, col, &flag), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(flag == true);
        bb = 0xDEAD;
        CHECK_STATUS(zz_board_attackers(b, col, SQ(5, 2), &bb), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(bb == 0xDEAD);
        flag = true;
        CHECK_STATUS(zz_board_is_attacked_by(b, col, SQ(5, 2), &flag), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(flag == true);
        bb = 0xDEAD;
        CHECK_STATUS(zz_board_pinned(b, col, &bb), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(bb == 0xDEAD);
        if (col != -1) {
            CHECK_STATUS(zz_board_pieces(b, col, ZZ_PIECE_TYPE_PAWN, &bb),
                         ZZ_STATUS_INVALID_ARGUMENT);
            CHECK(bb == 0xDEAD);
        }
        CHECK(zz_last_error_message()[0] != '\0');
    }

    /* pieces */
    CHECK_STATUS(zz_board_pieces(NULL, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_PAWN, &bb),
                 ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_pieces(b, ZZ_COLOR_WHITE, ZZ_PIECE_TYPE_PAWN, NULL),
                 ZZ_STATUS_NULL_PARAMETER);
    const int32_t bad_types[] = {7, -1, 8, 100, INT32_MIN};
    for (size_t i = 0; i < sizeof bad_types / sizeof bad_types[0]; i++) {
        bb = 0xDEAD;
        CHECK_STATUS(zz_board_pieces(b, ZZ_COLOR_WHITE, bad_types[i], &bb),
                     ZZ_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(zz_board_pieces(b, -1, bad_types[i], &bb), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(bb == 0xDEAD);
    }

    /* attackers / is_attacked_by / pinned */
    CHECK_STATUS(zz_board_attackers(NULL, ZZ_COLOR_WHITE, 0, &bb), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_attackers(b, ZZ_COLOR_WHITE, 0, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_is_attacked_by(NULL, ZZ_COLOR_WHITE, 0, &flag), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_is_attacked_by(b, ZZ_COLOR_WHITE, 0, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_pinned(NULL, ZZ_COLOR_WHITE, &bb), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_pinned(b, ZZ_COLOR_WHITE, NULL), ZZ_STATUS_NULL_PARAMETER);
    const int32_t bad_squares[] = {64, -1, 65, 1000, INT32_MIN, INT32_MAX};
    zz_move mbuf[ZZ_MAX_MOVES];
    for (size_t i = 0; i < sizeof bad_squares / sizeof bad_squares[0]; i++) {
        int32_t sq = bad_squares[i];
        bb = 0xDEAD;
        CHECK_STATUS(zz_board_attackers(b, ZZ_COLOR_WHITE, sq, &bb), ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(bb == 0xDEAD);
        flag = true;
        CHECK_STATUS(zz_board_is_attacked_by(b, ZZ_COLOR_BLACK, sq, &flag),
                     ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(flag == true);
        len = 777;
        CHECK_STATUS(zz_board_legal_moves_from(b, sq, mbuf, ZZ_MAX_MOVES, &len),
                     ZZ_STATUS_INVALID_ARGUMENT);
        CHECK(len == 777);
    }

    /* gives_check */
    flag = true;
    CHECK_STATUS(zz_board_gives_check(NULL, g1f3, &flag), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_gives_check(b, g1f3, NULL), ZZ_STATUS_NULL_PARAMETER);
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        flag = true;
        CHECK_STATUS(zz_board_gives_check(b, illegal[i], &flag), ZZ_STATUS_ILLEGAL_MOVE);
        CHECK(flag == true);
    }

    /* legal_moves_from / move_stack / peek */
    len = 777;
    CHECK_STATUS(zz_board_legal_moves_from(NULL, SQ(4, 1), mbuf, ZZ_MAX_MOVES, &len),
                 ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777);
    CHECK_STATUS(zz_board_legal_moves_from(b, SQ(4, 1), NULL, ZZ_MAX_MOVES, &len),
                 ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_move_stack(NULL, mbuf, ZZ_MAX_MOVES, &len), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_move_stack(b, mbuf, ZZ_MAX_MOVES, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK(len == 777);
    m = MOVE_SENTINEL;
    CHECK_STATUS(zz_board_peek(NULL, &m), ZZ_STATUS_NULL_PARAMETER);
    CHECK(m == MOVE_SENTINEL);
    PUSH_UCI(b, "e2e4");
    CHECK_STATUS(zz_board_peek(b, NULL), ZZ_STATUS_NULL_PARAMETER);
    CHECK_STATUS(zz_board_move_stack(b, NULL, 4, &len), ZZ_STATUS_NULL_PARAMETER);
    zz_board_free(b);
}

int main(int argc, char **argv) {
    zz_test_begin(argc, argv, "test_game");
    const char *dir = argv[1];

    unsigned long rows = zz_for_each_row(dir, "san/san.tsv", "fen", san_row);
    CHECK_MSG(rows > 800, "san.tsv: only %lu rows", rows);
    rows = zz_for_each_row(dir, "san/san_reject.tsv", "fen", reject_row);
    CHECK_MSG(rows >= 10, "san_reject.tsv: only %lu rows", rows);
    test_lenient_strict();
    test_garbage_san();
    test_lan();
    test_repetition();
    test_move_rules();
    test_insufficient_material();
    test_mate_and_stalemate();
    rows = zz_for_each_row(dir, "zobrist/polyglot.tsv", "start_fen", zobrist_row);
    CHECK_MSG(rows >= 9, "polyglot.tsv: only %lu rows", rows);
    test_queries();
    test_bad_input();
    return zz_test_end();
}

/*
 * Concurrency through the C ABI (pthreads): 8 threads run perft and seeded random games on
 * their own boards at once, and 8 threads run const calls on one shared board at once; every
 * result must equal the single-threaded run. Each thread's zz_last_error_message() must be
 * its own: threads fail with FENs naming themselves and check they read back their own text.
 *
 * usage: test_threads DATA_DIR
 */
#include "zz_test.h"

#include <pthread.h>

#define THREADS 8
#define PLIES 200

static const char *const FENS[THREADS] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
};

typedef struct {
    int id;
    uint64_t perft;         /* perft(3) of the thread's position */
    uint64_t key_checksum;  /* sum of Zobrist keys along the random game */
    char final_fen[ZZ_FEN_MAX];
    unsigned plies;
    bool restored;          /* popping every move restored the start FEN */
    unsigned error_mixups;  /* times the error message was not this thread's */
    bool ok;
} work;

static uint64_t xorshift(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void run_work(work *w) {
    zz_board *b = NULL;
    w->ok = zz_board_from_fen(FENS[w->id], 0, &b) == ZZ_STATUS_OK;
    if (!w->ok) {
        return;
    }
    char start[ZZ_FEN_MAX];
    w->ok &= zz_board_fen(b, 0, start, sizeof start, NULL) == ZZ_STATUS_OK;
    w->ok &= zz_perft(b, 3, &w->perft) == ZZ_STATUS_OK;
    uint64_t seed = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(w->id + 1);
    w->key_checksum = 0;
    w->plies = 0;
    char bad[64];
    for (unsigned ply = 0; ply < PLIES; ply++) {
        /* Fail on purpose with a message naming this thread, then read it back. */
        snprintf(bad, sizeof bad, "thread-%d-bad-fen", w->id);
        if (zz_board_set_fen(b, bad, 0) != ZZ_STATUS_INVALID_FEN ||
            strstr(zz_last_error_message(), bad) == NULL) {
            w->error_mixups++;
        }
        zz_move moves[ZZ_MAX_MOVES];
        size_t n = 0;
        w->ok &= zz_board_legal_moves(b, moves, ZZ_MAX_MOVES, &n) == ZZ_STATUS_OK;
        if (n == 0 || zz_board_is_game_over(b, false)) {
            break;
        }
        w->ok &= zz_board_push(b, moves[xorshift(&seed) % n]) == ZZ_STATUS_OK;
        w->key_checksum += zz_board_zobrist(b);
        w->plies++;
    }
    w->ok &= zz_board_fen(b, 0, w->final_fen, sizeof w->final_fen, NULL) == ZZ_STATUS_OK;
    while (zz_board_pop(b, NULL) == ZZ_STATUS_OK) {
    }
    char back[ZZ_FEN_MAX];
    w->ok &= zz_board_fen(b, 0, back, sizeof back, NULL) == ZZ_STATUS_OK;
    w->restored = strcmp(back, start) == 0;
    zz_board_free(b);
}

static void *thread_main(void *arg) {
    run_work((work *)arg);
    return NULL;
}

/* Const calls on one shared board from many threads at once. */
typedef struct {
    const zz_board *board;
    uint64_t nodes;
    zz_perft_stats stats;
    bool ok;
} shared_work;

static void *shared_main(void *arg) {
    shared_work *s = (shared_work *)arg;
    s->ok = zz_perft(s->board, 4, &s->nodes) == ZZ_STATUS_OK;
    zz_perft_options o = {0};
    o.stats = true;
    s->ok &= zz_perft_ex(s->board, 3, &o, &s->stats) == ZZ_STATUS_OK;
    return NULL;
}

int main(int argc, char **argv) {
    zz_test_begin(argc, argv, "test_threads");

    /* Single-threaded reference. */
    work expected[THREADS], got[THREADS];
    for (int i = 0; i < THREADS; i++) {
        memset(&expected[i], 0, sizeof expected[i]);
        expected[i].id = i;
        run_work(&expected[i]);
        CHECK(expected[i].ok);
        CHECK(expected[i].restored);
        CHECK(expected[i].error_mixups == 0);
    }
    CHECK(expected[0].perft == 8902);
    CHECK(expected[1].perft == 97862);

    /* The same work on 8 threads at once, several times. */
    for (int round = 0; round < 4; round++) {
        pthread_t t[THREADS];
        for (int i = 0; i < THREADS; i++) {
            memset(&got[i], 0, sizeof got[i]);
            got[i].id = i;
            CHECK(pthread_create(&t[i], NULL, thread_main, &got[i]) == 0);
        }
        for (int i = 0; i < THREADS; i++) {
            CHECK(pthread_join(t[i], NULL) == 0);
            CHECK(got[i].ok);
            CHECK_MSG(got[i].perft == expected[i].perft, "thread %d perft %" PRIu64, i, got[i].perft);
            CHECK(got[i].key_checksum == expected[i].key_checksum);
            CHECK(got[i].plies == expected[i].plies);
            CHECK(strcmp(got[i].final_fen, expected[i].final_fen) == 0);
            CHECK(got[i].restored);
            CHECK_MSG(got[i].error_mixups == 0, "thread %d read another thread's error %u times", i,
                      got[i].error_mixups);
        }
    }

    /* 8 threads reading one board at once. */
    zz_board *shared = NULL;
    CHECK_STATUS(zz_board_from_fen(FENS[1], 0, &shared), ZZ_STATUS_OK);
    pthread_t t[THREADS];
    shared_work sw[THREADS];
    for (int i = 0; i < THREADS; i++) {
        sw[i].board = shared;
        CHECK(pthread_create(&t[i], NULL, shared_main, &sw[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        CHECK(pthread_join(t[i], NULL) == 0);
        CHECK(sw[i].ok);
        CHECK(sw[i].nodes == 4085603);
        CHECK(sw[i].stats.nodes == 97862 && sw[i].stats.captures == 17102 && sw[i].stats.checkmates == 1);
    }
    zz_board_free(shared);

    /* zz_perft_ex with threads and hash from a board, matching the published count. */
    zz_board *b = NULL;
    CHECK_STATUS(zz_board_new(&b), ZZ_STATUS_OK);
    zz_perft_options o = {0};
    o.threads = 8;
    o.hash_mb = 8;
    zz_perft_stats st;
    CHECK_STATUS(zz_perft_ex(b, 5, &o, &st), ZZ_STATUS_OK);
    CHECK(st.nodes == 4865609);
    zz_board_free(b);

    return zz_test_end();
}

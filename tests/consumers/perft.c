/*
 * Consumer test (tests/consumers/run.sh): a C program using an installed or vendored zugzwang
 * the way a user would, through <zugzwang.h> only. Counts perft(4) of the start position and
 * exits non-zero unless it is 197281 and the library's version is the header's.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <zugzwang.h>

int main(void) {
    if (strcmp(zz_version(), ZZ_VERSION_STRING) != 0 || zz_version_number() != ZZ_VERSION_NUMBER) {
        fprintf(stderr, "header %s but library %s\n", ZZ_VERSION_STRING, zz_version());
        return 1;
    }
    zz_board *board = NULL;
    if (zz_board_new(&board) != ZZ_STATUS_OK) {
        fprintf(stderr, "zz_board_new: %s\n", zz_last_error_message());
        return 1;
    }
    uint64_t nodes = 0;
    zz_status rc = zz_perft(board, 4, &nodes);
    zz_board_free(board);
    if (rc != ZZ_STATUS_OK) {
        fprintf(stderr, "zz_perft: %s: %s\n", zz_status_str(rc), zz_last_error_message());
        return 1;
    }
    printf("zugzwang %s (C): perft(4) = %" PRIu64 "\n", zz_version(), nodes);
    return nodes == 197281 ? 0 : 1;
}

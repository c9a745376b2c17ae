// Consumer test (tests/consumers/run.sh): a C++ program using an installed or vendored zugzwang
// through the wrapper <zugzwang.hpp>. Counts perft(4) of the start position and exits non-zero
// unless it is 197281 (and the start position has its 20 legal moves).
#include <zugzwang.hpp>

#include <cstdint>
#include <iostream>

int main() {
    try {
        if (zz::version() != ZZ_VERSION_STRING) {
            std::cerr << "header " << ZZ_VERSION_STRING << " but library " << zz::version() << '\n';
            return 1;
        }
        const zz::Board board;
        const std::uint64_t nodes = board.perft(4);
        std::cout << "zugzwang " << zz::version() << " (C++): perft(4) = " << nodes << '\n';
        return nodes == 197281 && board.legal_moves().size() == 20 ? 0 : 1;
    } catch (const zz::Error &e) {
        std::cerr << e.status_str() << ": " << e.what() << '\n';
        return 1;
    }
}

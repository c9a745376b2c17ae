// perft: count the leaf nodes of the legal-move tree with zugzwang's C++ wrapper, and check EPD
// perft suites. The twin of examples/c/perft.c: same command line, same output, same exit codes.
//
//   perft FEN DEPTH [--divide] [--stats] [--threads N] [--hash MB] [--chess960] [--relaxed]
//   perft --epd FILE [--max-nodes N] [--threads N] [--hash MB] [--chess960] [--relaxed]
//
// FEN may be the word "startpos". In EPD mode every line is `<fen> ;D1 <n> ;D2 <n> ...`
// ('#' lines and blank lines are skipped); each count whose published value is at most
// --max-nodes is recomputed and compared. Exit status: 0 all good, 1 a failure, 2 bad arguments.
//
// Build (after `cargo build --release --lib` in the repository root):
//   g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -Iinclude -Ibindings/cpp/include
//       examples/cpp/perft.cpp -Ltarget/release -lzugzwang -Wl,-rpath,target/release -o perft
//   (one command line)
//
// Uses only bindings/cpp/include/zugzwang.hpp (which includes include/zugzwang.h).
#include "zugzwang.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

constexpr std::uint64_t kDefaultMaxNodes = 10000000ULL;
constexpr std::size_t kMaxCounts = 128;  // ;Dn entries kept per EPD line
const char *const kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::string program = "perft";

// --threads / --hash / --stats; the defaults mean plain single-threaded Board::perft().
zz::PerftOptions perft_opts = [] {
    zz::PerftOptions o;
    o.threads = 0;
    return o;
}();

// Perft with the command line's options.
std::uint64_t count_nodes(const zz::Board &board, std::uint32_t depth) {
    if (perft_opts.threads <= 1 && perft_opts.hash_mb == 0) {
        return board.perft(depth);
    }
    return board.perft_ex(depth, perft_opts).nodes;
}

void usage(std::FILE *out) {
    const char *p = program.c_str();
    std::fprintf(out,
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
                 p, p, static_cast<unsigned long long>(kDefaultMaxNodes),
                 std::string(zz::version()).c_str());
}

[[noreturn]] void bad_args(const char *what, const char *arg) {
    if (arg != nullptr) {
        std::fprintf(stderr, "%s: %s: '%s'\n", program.c_str(), what, arg);
    } else {
        std::fprintf(stderr, "%s: %s\n", program.c_str(), what);
    }
    usage(stderr);
    std::exit(2);
}

double now_seconds() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

double mnps(std::uint64_t nodes, double seconds) {
    return seconds > 0.0 ? static_cast<double>(nodes) / seconds / 1e6 : 0.0;
}

// Parses a non-negative decimal integer, with an optional K/M/G suffix if allow_suffix.
bool parse_count(const char *s, bool allow_suffix, std::uint64_t *out) {
    if (s == nullptr || !std::isdigit(static_cast<unsigned char>(s[0]))) {
        return false;
    }
    errno = 0;
    char *end = nullptr;
    unsigned long long v = std::strtoull(s, &end, 10);
    if (errno != 0) {
        return false;
    }
    unsigned long long mult = 1;
    if (!allow_suffix) {
        // no suffix
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
    *out = static_cast<std::uint64_t>(v * mult);
    return true;
}

// ---------------------------------------------------------------------------------------------
// Single position

int run_single(const std::string &fen, std::uint32_t depth, bool divide, zz::FenFlags flags) {
    zz::Board board = [&]() -> zz::Board {
        try {
            return zz::Board(fen, flags);
        } catch (const zz::Error &e) {
            std::fprintf(stderr, "%s: cannot read FEN: %s: %s\n", program.c_str(),
                         std::string(e.status_str()).c_str(), e.what());
            return zz::Board::adopt(nullptr);
        }
    }();
    if (board.empty()) {
        return 1;
    }

    std::uint64_t nodes = 0;
    const double start = now_seconds();
    if (divide && depth >= 1) {
        std::vector<zz::PerftEntry> entries;
        try {
            entries = board.perft_divide(depth);
        } catch (const zz::Error &e) {
            std::fprintf(stderr, "%s: perft divide failed: %s: %s\n", program.c_str(),
                         std::string(e.status_str()).c_str(), e.what());
            return 1;
        }
        const double seconds = now_seconds() - start;
        struct Row {
            std::string uci;
            std::uint64_t nodes;
        };
        std::vector<Row> rows;
        rows.reserve(entries.size());
        for (const zz::PerftEntry &e : entries) {
            rows.push_back(Row{board.uci(e.move), e.nodes});
            nodes += e.nodes;
        }
        std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
            return std::strcmp(a.uci.c_str(), b.uci.c_str()) < 0;
        });
        for (const Row &r : rows) {
            std::printf("%s: %" PRIu64 "\n", r.uci.c_str(), r.nodes);
        }
        std::printf("\nmoves: %zu\ntotal: %" PRIu64 "\n", rows.size(), nodes);
        std::printf("time: %.3f s, %.2f Mnps\n", seconds, mnps(nodes, seconds));
    } else if (perft_opts.stats) {
        zz::PerftStats st;
        try {
            st = board.perft_ex(depth, perft_opts);
        } catch (const zz::Error &e) {
            std::fprintf(stderr, "%s: perft failed: %s: %s\n", program.c_str(),
                         std::string(e.status_str()).c_str(), e.what());
            return 1;
        }
        const double seconds = now_seconds() - start;
        std::printf("perft(%" PRIu32 ") = %" PRIu64 "\n", depth, st.nodes);
        std::printf("captures: %" PRIu64 "\ne.p.: %" PRIu64 "\ncastles: %" PRIu64
                    "\npromotions: %" PRIu64 "\nchecks: %" PRIu64 "\ndiscovery checks: %" PRIu64
                    "\ndouble checks: %" PRIu64 "\ncheckmates: %" PRIu64 "\n",
                    st.captures, st.en_passant, st.castles, st.promotions, st.checks,
                    st.discovery_checks, st.double_checks, st.checkmates);
        std::printf("time: %.3f s, %.2f Mnps\n", seconds, mnps(st.nodes, seconds));
    } else {
        try {
            nodes = count_nodes(board, depth);
        } catch (const zz::Error &e) {
            std::fprintf(stderr, "%s: perft failed: %s: %s\n", program.c_str(),
                         std::string(e.status_str()).c_str(), e.what());
            return 1;
        }
        const double seconds = now_seconds() - start;
        std::printf("perft(%" PRIu32 ") = %" PRIu64 "\n", depth, nodes);
        std::printf("time: %.3f s, %.2f Mnps\n", seconds, mnps(nodes, seconds));
    }
    return 0;
}

// ---------------------------------------------------------------------------------------------
// EPD suites

struct PerftCount {
    std::uint32_t depth;
    std::uint64_t count;
};

std::string trim(const std::string &s) {
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) {
        b++;
    }
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) {
        e--;
    }
    return s.substr(b, e - b);
}

// Splits an EPD line into its FEN and its ';Dn count' operations.
// Returns 1 for a position, 0 for a blank or comment line, -1 if malformed (*why says why).
int parse_epd_line(const std::string &line, std::string *fen_out, std::vector<PerftCount> *counts,
                   const char **why) {
    const std::string s = trim(line);
    counts->clear();
    if (s.empty() || s[0] == '#') {
        return 0;
    }
    std::size_t semi = s.find(';');
    *fen_out = trim(s.substr(0, semi));
    if (fen_out->empty()) {
        *why = "empty FEN";
        return -1;
    }
    while (semi != std::string::npos) {
        const std::size_t next = s.find(';', semi + 1);
        const std::string op =
            trim(s.substr(semi + 1, next == std::string::npos ? std::string::npos : next - semi - 1));
        semi = next;
        if (op.empty()) {
            continue;
        }
        if (op[0] != 'D' || op.size() < 2 || !std::isdigit(static_cast<unsigned char>(op[1]))) {
            continue;  // some other EPD operation (id, comment ...): ignored
        }
        char *end = nullptr;
        errno = 0;
        const unsigned long depth = std::strtoul(op.c_str() + 1, &end, 10);
        if (errno != 0 || depth > 64 || !std::isspace(static_cast<unsigned char>(*end))) {
            *why = "bad ;Dn depth";
            return -1;
        }
        const std::string num = trim(end);
        if (num.empty() || !std::isdigit(static_cast<unsigned char>(num[0]))) {
            *why = "bad ;Dn count";
            return -1;
        }
        const unsigned long long count = std::strtoull(num.c_str(), &end, 10);
        if (errno != 0 || *end != '\0') {
            *why = "bad ;Dn count";
            return -1;
        }
        if (counts->size() == kMaxCounts) {
            *why = "too many ;Dn operations";
            return -1;
        }
        counts->push_back(PerftCount{static_cast<std::uint32_t>(depth),
                                     static_cast<std::uint64_t>(count)});
    }
    return 1;
}

// The depths as "D1-D5" when contiguous and ascending, else "D1,D2,D32" (at most 127 chars).
std::string format_depths(const std::vector<std::uint32_t> &depths) {
    if (depths.empty()) {
        return "-";
    }
    bool contiguous = true;
    for (std::size_t i = 1; i < depths.size(); i++) {
        if (depths[i] != depths[i - 1] + 1) {
            contiguous = false;
        }
    }
    if (contiguous) {
        if (depths.size() == 1) {
            return "D" + std::to_string(depths[0]);
        }
        return "D" + std::to_string(depths.front()) + "-D" + std::to_string(depths.back());
    }
    std::string out;
    for (std::size_t i = 0; i < depths.size(); i++) {
        std::string part = (i ? ",D" : "D") + std::to_string(depths[i]);
        if (out.size() + part.size() > 127) {
            out.append(part, 0, 127 - out.size());
            break;
        }
        out += part;
    }
    return out;
}

int run_epd(const char *path, std::uint64_t max_nodes, zz::FenFlags flags) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "%s: cannot open %s: %s\n", program.c_str(), path,
                     std::strerror(errno));
        return 1;
    }
    std::string line;
    unsigned long line_no = 0, index = 0;
    unsigned long passed = 0, failed = 0, skipped = 0;
    std::uint64_t total_nodes = 0;
    double total_seconds = 0.0;
    std::vector<PerftCount> counts;
    std::vector<std::uint32_t> checked;
    std::string fen;

    std::printf("%s (max nodes per count %" PRIu64 ")\n", path, max_nodes);
    while (std::getline(in, line)) {
        line_no++;
        const char *why = nullptr;
        const int kind = parse_epd_line(line, &fen, &counts, &why);
        if (kind == 0) {
            continue;
        }
        index++;
        if (kind < 0) {
            std::printf("%5lu  line %lu: FAIL malformed EPD line: %s\n", index, line_no, why);
            failed++;
            continue;
        }

        bool any = false;
        for (const PerftCount &c : counts) {
            any = any || c.count <= max_nodes;
        }
        if (!any) {
            std::printf("%5lu  SKIP (no count <= %" PRIu64 ")  %s\n", index, max_nodes,
                        fen.c_str());
            skipped++;
            continue;
        }

        zz::Board board = zz::Board::adopt(nullptr);
        try {
            board = zz::Board(fen, flags);
        } catch (const zz::Error &e) {
            std::printf("%5lu  FAIL FEN refused (%s: %s): %s\n", index,
                        std::string(e.status_str()).c_str(), e.what(), fen.c_str());
            failed++;
            continue;
        }

        std::uint64_t nodes = 0;
        bool ok = true;
        std::string detail;
        checked.clear();
        const double start = now_seconds();
        for (std::size_t i = 0; i < counts.size() && ok; i++) {
            if (counts[i].count > max_nodes) {
                continue;
            }
            std::uint64_t got = 0;
            checked.push_back(counts[i].depth);
            char buf[256];
            try {
                got = count_nodes(board, counts[i].depth);
                if (got != counts[i].count) {
                    std::snprintf(buf, sizeof buf, "D%" PRIu32 ": expected %" PRIu64 ", got %" PRIu64,
                                  counts[i].depth, counts[i].count, got);
                    detail = buf;
                    ok = false;
                }
            } catch (const zz::Error &e) {
                std::snprintf(buf, sizeof buf, "D%" PRIu32 ": %s: %s", counts[i].depth,
                              std::string(e.status_str()).c_str(), e.what());
                detail = buf;
                ok = false;
            }
            nodes += got;
        }
        const double seconds = now_seconds() - start;
        total_nodes += nodes;
        total_seconds += seconds;

        const std::string depths = format_depths(checked);
        std::printf("%5lu  %-9s %12" PRIu64 " nodes %8.3f s %8.2f Mnps  %s", index, depths.c_str(),
                    nodes, seconds, mnps(nodes, seconds), ok ? "PASS" : "FAIL");
        if (ok) {
            passed++;
            std::printf("\n");
        } else {
            failed++;
            std::printf(" %s  (line %lu: %s)\n", detail.c_str(), line_no, fen.c_str());
        }
        std::fflush(stdout);
    }
    if (in.bad()) {
        std::fprintf(stderr, "%s: error reading %s\n", program.c_str(), path);
        failed++;
    }

    std::printf("total: %" PRIu64 " nodes in %.3f s, %.2f Mnps\n", total_nodes, total_seconds,
                mnps(total_nodes, total_seconds));
    if (skipped > 0) {
        std::printf("%lu passed, %lu failed, %lu skipped\n", passed, failed, skipped);
    } else {
        std::printf("%lu passed, %lu failed\n", passed, failed);
    }
    return failed == 0 ? 0 : 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

int main(int argc, char **argv) {
    if (argc > 0 && argv[0] != nullptr && argv[0][0] != '\0') {
        const char *slash = std::strrchr(argv[0], '/');
        program = slash != nullptr ? slash + 1 : argv[0];
    }

    const char *epd = nullptr;
    const char *positional[2] = {nullptr, nullptr};
    int n_positional = 0;
    bool divide = false, have_max = false;
    std::uint64_t max_nodes = kDefaultMaxNodes;
    zz::FenFlags flags = zz::FenFlags::None;

    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return 0;
        } else if (a == "--divide") {
            divide = true;
        } else if (a == "--stats") {
            perft_opts.stats = true;
        } else if (a == "--threads" || a == "--hash") {
            std::uint64_t v = 0;
            if (i + 1 >= argc || !parse_count(argv[i + 1], false, &v) || v > 1024 * 1024) {
                bad_args("--threads / --hash need a number", i + 1 < argc ? argv[i + 1] : nullptr);
            }
            if (a[2] == 't') {
                perft_opts.threads = static_cast<std::uint32_t>(v);
            } else {
                perft_opts.hash_mb = static_cast<std::uint32_t>(v);
            }
            i++;
        } else if (a == "--chess960") {
            flags = flags | zz::FenFlags::Chess960;
        } else if (a == "--relaxed") {
            flags = flags | zz::FenFlags::Relaxed;
        } else if (a == "--epd") {
            if (++i >= argc) {
                bad_args("--epd needs a file", nullptr);
            }
            epd = argv[i];
        } else if (a == "--max-nodes") {
            if (++i >= argc) {
                bad_args("--max-nodes needs a number", nullptr);
            }
            if (!parse_count(argv[i], true, &max_nodes)) {
                bad_args("bad --max-nodes value", argv[i]);
            }
            have_max = true;
        } else if (a == "--") {
            for (i++; i < argc; i++) {
                if (n_positional == 2) {
                    bad_args("unexpected argument", argv[i]);
                }
                positional[n_positional++] = argv[i];
            }
        } else if (a.size() > 1 && a[0] == '-') {
            bad_args("unknown option", argv[i]);
        } else {
            if (n_positional == 2) {
                bad_args("unexpected argument", argv[i]);
            }
            positional[n_positional++] = argv[i];
        }
    }

    if (epd != nullptr) {
        if (n_positional != 0) {
            bad_args("--epd takes no FEN or DEPTH", positional[0]);
        }
        if (divide || perft_opts.stats) {
            bad_args("--divide and --stats are for a single FEN, not --epd", nullptr);
        }
        return run_epd(epd, max_nodes, flags);
    }
    if (have_max) {
        bad_args("--max-nodes is for --epd", nullptr);
    }
    if (n_positional != 2) {
        bad_args("expected FEN and DEPTH (or --epd FILE)", nullptr);
    }
    std::uint64_t depth = 0;
    if (!parse_count(positional[1], false, &depth) || depth > 64) {
        bad_args("DEPTH must be an integer 0..64", positional[1]);
    }
    if (divide && (perft_opts.stats || perft_opts.threads > 1 || perft_opts.hash_mb > 0)) {
        bad_args("--divide does not combine with --stats, --threads or --hash", nullptr);
    }
    const std::string fen = std::strcmp(positional[0], "startpos") == 0 ? kStartFen : positional[0];
    return run_single(fen, static_cast<std::uint32_t>(depth), divide, flags);
}

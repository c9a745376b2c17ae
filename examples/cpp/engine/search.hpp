// Search of zugzwang-engine: iterative deepening over a principal-variation search (negamax,
// alpha-beta) with a transposition table keyed by the library's Zobrist key, check extension,
// late-move reductions, killer/history ordering, MVV-LVA capture ordering and a quiescence
// search. Every rule (legal moves, check, mate, stalemate, repetition, fifty-move rule,
// insufficient material, make/unmake) is asked of the library through zz::Board.
#ifndef ZZ_ENGINE_SEARCH_HPP
#define ZZ_ENGINE_SEARCH_HPP

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval.hpp"
#include "zugzwang.hpp"

namespace engine {

inline constexpr int kMaxPly = 128;
inline constexpr int kMate = 32000;  ///< score of mate at the root; mate in p plies: kMate - p
inline constexpr int kInfinity = 32001;

/// Whether a score means a forced mate (for either side).
constexpr bool is_mate_score(int score) noexcept {
    return score >= kMate - kMaxPly || score <= -kMate + kMaxPly;
}

/// What `go` asked for. A negative time means "not given".
struct Limits {
    int depth = 0;                 ///< maximum depth in plies; 0 = no limit
    std::int64_t movetime = -1;    ///< milliseconds for this move
    std::int64_t wtime = -1;       ///< white's clock, ms
    std::int64_t btime = -1;       ///< black's clock, ms
    std::int64_t winc = 0;         ///< white's increment, ms
    std::int64_t binc = 0;         ///< black's increment, ms
    int movestogo = 0;             ///< moves to the next time control; 0 = sudden death
    std::uint64_t nodes = 0;       ///< node limit; 0 = none
    bool infinite = false;         ///< search until `stop`
};

/// Transposition table: one 16-byte entry per slot, always-replace, indexed by the low bits
/// of the position's Zobrist key (zz::Board::zobrist()) and verified with the full key.
class TranspositionTable {
public:
    enum Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

    struct Entry {
        std::uint64_t key = 0;
        std::uint16_t move = 0;
        std::int16_t score = 0;
        std::int8_t depth = 0;
        std::uint8_t bound = kNone;
    };

    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    /// Resizes to the largest power-of-two entry count within `megabytes` (at least 1 MB) and
    /// clears the table.
    void resize(std::size_t megabytes);
    /// Forgets every entry.
    void clear();
    /// The entry for `key`, or nullptr.
    const Entry *probe(std::uint64_t key) const noexcept {
        const Entry &e = table_[key & mask_];
        return e.key == key && e.bound != kNone ? &e : nullptr;
    }
    /// Stores a result (score already adjusted for mate distance from this node).
    void store(std::uint64_t key, zz::Move move, int score, int depth, Bound bound) noexcept;
    /// Permille of a sample of slots in use (UCI hashfull).
    int hashfull() const noexcept;

private:
    std::vector<Entry> table_;
    std::uint64_t mask_ = 0;
};

/// The result of a search.
struct SearchResult {
    zz::Move best;       ///< null if the root has no legal move
    zz::Move ponder;     ///< the expected reply, or null
    int score = 0;       ///< centipawns (or mate score) for the side to move
    int depth = 0;       ///< last completed iteration
    std::uint64_t nodes = 0;
};

/// One search at a time; reuse it across moves (it keeps no position between runs).
class Searcher {
public:
    /// `out` receives each output line (without newline), e.g. "info depth 5 ...".
    Searcher(TranspositionTable &tt, std::function<void(const std::string &)> out)
        : tt_(tt), out_(std::move(out)) {}

    /// Searches `root` (a copy is made; its move history is kept for repetitions) within
    /// `limits` until done or `stop` becomes true; prints "info" lines after each iteration.
    /// Always returns a legal move if there is one (at least depth 1 is completed).
    SearchResult run(const zz::Board &root, const Limits &limits, const std::atomic<bool> &stop);

    /// Clears history and killer tables (for ucinewgame).
    void reset() noexcept;

private:
    using Clock = std::chrono::steady_clock;

    int search(int depth, int alpha, int beta, int ply, bool pv_node);
    int quiesce(int alpha, int beta, int ply);
    void order(const zz::MoveList &moves, const Snapshot &s, zz::Move tt_move, int ply,
               int *scores) const;
    bool time_up();
    void update_pv(int ply, zz::Move m) noexcept;
    void report(int depth, int score);
    std::string pv_text() const;
    std::int64_t elapsed_ms() const;

    TranspositionTable &tt_;
    std::function<void(const std::string &)> out_;

    // Per run.
    zz::Board board_ = zz::Board::adopt(nullptr);
    const std::atomic<bool> *stop_ = nullptr;
    Clock::time_point start_;
    std::int64_t soft_ms_ = -1;  ///< do not start another iteration after this
    std::int64_t hard_ms_ = -1;  ///< abort the search after this
    std::uint64_t node_limit_ = 0;
    std::uint64_t nodes_ = 0;
    int seldepth_ = 0;
    bool stopped_ = false;
    bool can_stop_ = false;  ///< false during depth 1, so a move is always found
    zz::Color root_color_ = zz::Color::White;
    zz::Move root_best_;  ///< best root move so far, searched first in each iteration

    // Ordering heuristics and the principal variation (triangular table).
    zz::Move killers_[kMaxPly + 1][2] = {};
    int history_[64][64] = {};
    zz::Move pv_[kMaxPly + 1][kMaxPly + 1] = {};
    int pv_len_[kMaxPly + 1] = {};
};

}  // namespace engine

#endif  // ZZ_ENGINE_SEARCH_HPP

// Search (see search.hpp).
#include "search.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <thread>

namespace engine {

// ---------------------------------------------------------------------------------------------
// Transposition table

void TranspositionTable::resize(std::size_t megabytes) {
    if (megabytes < 1) {
        megabytes = 1;
    }
    const std::size_t bytes = megabytes * 1024 * 1024;
    std::size_t entries = 1;
    while (entries * 2 * sizeof(Entry) <= bytes) {
        entries *= 2;
    }
    table_.assign(entries, Entry{});
    mask_ = entries - 1;
}

void TranspositionTable::clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

void TranspositionTable::store(std::uint64_t key, zz::Move move, int score, int depth,
                               Bound bound) noexcept {
    Entry &e = table_[key & mask_];
    // Keep the old best move when this result has none for the same position.
    if (move.is_null() && e.key == key) {
        move = zz::Move(e.move);
    }
    e.key = key;
    e.move = move.raw();
    e.score = static_cast<std::int16_t>(score);
    e.depth = static_cast<std::int8_t>(std::clamp(depth, -1, 127));
    e.bound = bound;
}

int TranspositionTable::hashfull() const noexcept {
    const std::size_t n = std::min<std::size_t>(1000, table_.size());
    int used = 0;
    for (std::size_t i = 0; i < n; ++i) {
        used += table_[i].bound != kNone ? 1 : 0;
    }
    return static_cast<int>(used * 1000 / static_cast<int>(n));
}

namespace {

// Mate scores are stored relative to the node, not the root.
int score_to_tt(int score, int ply) {
    if (score >= kMate - kMaxPly) {
        return score + ply;
    }
    if (score <= -kMate + kMaxPly) {
        return score - ply;
    }
    return score;
}

int score_from_tt(int score, int ply) {
    if (score >= kMate - kMaxPly) {
        return score - ply;
    }
    if (score <= -kMate + kMaxPly) {
        return score + ply;
    }
    return score;
}

constexpr int kTtMoveScore = 1 << 30;
constexpr int kCaptureScore = 1 << 28;
constexpr int kKillerScore = 1 << 26;

}  // namespace

// ---------------------------------------------------------------------------------------------
// Searcher

void Searcher::reset() noexcept {
    for (auto &k : killers_) {
        k[0] = k[1] = zz::Move();
    }
    std::memset(history_, 0, sizeof history_);
}

std::int64_t Searcher::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

bool Searcher::time_up() {
    if (!can_stop_) {
        return false;
    }
    if (stop_->load(std::memory_order_relaxed) || (node_limit_ && nodes_ >= node_limit_) ||
        (hard_ms_ >= 0 && elapsed_ms() >= hard_ms_)) {
        stopped_ = true;
    }
    return stopped_;
}

void Searcher::update_pv(int ply, zz::Move m) noexcept {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) {
        pv_[ply][i] = pv_[ply + 1][i];
    }
    pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
}

// Move ordering scores: TT move, captures by MVV-LVA (and queen promotions), killers, history.
void Searcher::order(const zz::MoveList &moves, const Snapshot &s, zz::Move tt_move, int ply,
                     int *scores) const {
    const int us = static_cast<int>(board_.turn());
    const int them = 1 - us;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const zz::Move m = moves[i];
        const int from = zz::square_index(m.from());
        const int to = zz::square_index(m.to());
        int victim = 0;
        if (m.kind() == zz::MoveKind::EnPassant) {
            victim = 1;
        } else if (m.kind() != zz::MoveKind::Castling) {
            victim = s.type_on(them, to);
        }
        int sc = 0;
        if (m == tt_move) {
            sc = kTtMoveScore;
        } else if (victim != 0 || m.promotion() == zz::PieceType::Queen) {
            const int attacker = s.type_on(us, from);
            sc = kCaptureScore + kPieceValue[victim] * 16 - attacker +
                 (m.promotion() == zz::PieceType::Queen ? kPieceValue[5] * 16 : 0);
        } else if (m == killers_[ply][0]) {
            sc = kKillerScore + 1;
        } else if (m == killers_[ply][1]) {
            sc = kKillerScore;
        } else {
            sc = history_[from][to];
            if (m.kind() == zz::MoveKind::Promotion) {
                sc -= 1000;  // under-promotions last
            }
        }
        scores[i] = sc;
    }
}

namespace {

// Selection sort step: brings the best-scored remaining move to index i.
void pick(zz::MoveList &moves, int *scores, std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j) {
        if (scores[j] > scores[best]) {
            best = j;
        }
    }
    if (best != i) {
        std::swap(moves[i], moves[best]);
        std::swap(scores[i], scores[best]);
    }
}

}  // namespace

int Searcher::quiesce(int alpha, int beta, int ply) {
    ++nodes_;
    if ((nodes_ & 1023) == 0 && time_up()) {
        return 0;
    }
    if (stopped_) {
        return 0;
    }
    seldepth_ = std::max(seldepth_, ply);
    pv_len_[ply] = ply;

    Snapshot s;
    s.read(board_);
    const zz::Color stm = board_.turn();
    const bool in_check = board_.is_check();
    if (ply >= kMaxPly) {
        return evaluate(s, stm);
    }
    zz::MoveList moves = board_.legal_moves();
    if (moves.empty()) {
        return in_check ? -kMate + ply : 0;  // checkmate or stalemate, as the library says
    }
    if (board_.is_insufficient_material()) {
        return 0;
    }

    int best = -kInfinity;
    int stand_pat = 0;
    if (!in_check) {
        stand_pat = evaluate(s, stm);
        if (stand_pat >= beta) {
            return stand_pat;
        }
        alpha = std::max(alpha, stand_pat);
        best = stand_pat;
    }

    // Candidates: every evasion in check, else captures and queen promotions.
    const int them = 1 - static_cast<int>(stm);
    zz::MoveList cand;
    for (zz::Move m : moves) {
        if (in_check) {
            cand.push_back(m);
            continue;
        }
        int victim = 0;
        if (m.kind() == zz::MoveKind::EnPassant) {
            victim = 1;
        } else if (m.kind() != zz::MoveKind::Castling) {
            victim = s.type_on(them, zz::square_index(m.to()));
        }
        const bool queen_promo = m.promotion() == zz::PieceType::Queen;
        if (victim == 0 && !queen_promo) {
            continue;
        }
        // Delta pruning: even winning this piece cannot raise alpha.
        if (!queen_promo && stand_pat + kPieceValue[victim] + 200 < alpha) {
            continue;
        }
        cand.push_back(m);
    }
    int scores[ZZ_MAX_MOVES];
    order(cand, s, zz::Move(), ply, scores);
    for (std::size_t i = 0; i < cand.size(); ++i) {
        pick(cand, scores, i);
        const zz::Move m = cand[i];
        board_.push(m);
        const int score = -quiesce(-beta, -alpha, ply + 1);
        board_.pop();
        if (stopped_) {
            return 0;
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(ply, m);
                if (alpha >= beta) {
                    break;
                }
            }
        }
    }
    return best;
}

int Searcher::search(int depth, int alpha, int beta, int ply, bool pv_node) {
    pv_len_[ply] = ply;
    if (ply > 0) {
        ++nodes_;
        if ((nodes_ & 1023) == 0 && time_up()) {
            return 0;
        }
        if (stopped_) {
            return 0;
        }
        // Draws by the library's rules: a repeated position (twofold inside the search is
        // scored as the draw it can be made into) and dead material.
        if (board_.is_repetition(2) || board_.is_insufficient_material()) {
            return 0;
        }
        // Mate distance pruning.
        alpha = std::max(alpha, -kMate + ply);
        beta = std::min(beta, kMate - ply - 1);
        if (alpha >= beta) {
            return alpha;
        }
    }
    seldepth_ = std::max(seldepth_, ply);

    const bool in_check = board_.is_check();
    if (in_check) {
        ++depth;  // check extension
    }
    if (depth <= 0) {
        return quiesce(alpha, beta, ply);
    }
    if (ply >= kMaxPly) {
        Snapshot s;
        s.read(board_);
        return evaluate(s, board_.turn());
    }

    const std::uint64_t key = board_.zobrist();
    zz::Move tt_move = ply == 0 ? root_best_ : zz::Move();
    if (const TranspositionTable::Entry *e = tt_.probe(key)) {
        if (ply > 0) {
            tt_move = zz::Move(e->move);
        }
        if (!pv_node && ply > 0 && e->depth >= depth) {
            const int s = score_from_tt(e->score, ply);
            if (e->bound == TranspositionTable::kExact ||
                (e->bound == TranspositionTable::kLower && s >= beta) ||
                (e->bound == TranspositionTable::kUpper && s <= alpha)) {
                return s;
            }
        }
    }

    zz::MoveList moves = board_.legal_moves();
    if (moves.empty()) {
        return in_check ? -kMate + ply : 0;  // checkmate or stalemate
    }
    // Fifty-move rule, as the library judges it (never when mated: handled above).
    if (ply > 0 && board_.halfmove_clock() >= 100 && board_.can_claim_fifty_moves()) {
        return 0;
    }

    Snapshot s;
    s.read(board_);
    int scores[ZZ_MAX_MOVES];
    order(moves, s, tt_move, ply, scores);
    const int them = 1 - static_cast<int>(board_.turn());

    const int original_alpha = alpha;
    int best = -kInfinity;
    zz::Move best_move;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        pick(moves, scores, i);
        const zz::Move m = moves[i];
        const bool capture = (m.kind() == zz::MoveKind::EnPassant) ||
                             (m.kind() != zz::MoveKind::Castling &&
                              s.type_on(them, zz::square_index(m.to())) != 0);
        const bool quiet = !capture && m.kind() != zz::MoveKind::Promotion;

        board_.push(m);
        int score;
        if (i == 0) {
            score = -search(depth - 1, -beta, -alpha, ply + 1, pv_node);
        } else {
            // Late-move reduction for quiet moves that do not give check.
            int r = 0;
            if (depth >= 3 && i >= 3 && quiet && !in_check && !board_.is_check()) {
                r = (i >= 8 && depth >= 6) ? 2 : 1;
            }
            score = -search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
            if (!stopped_ && r > 0 && score > alpha) {
                score = -search(depth - 1, -alpha - 1, -alpha, ply + 1, false);
            }
            if (!stopped_ && score > alpha && score < beta) {
                score = -search(depth - 1, -beta, -alpha, ply + 1, true);
            }
        }
        board_.pop();
        if (stopped_) {
            return 0;  // the root keeps the best move of the moves completed so far
        }

        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(ply, m);
                if (alpha >= beta) {
                    if (quiet) {
                        if (killers_[ply][0] != m) {
                            killers_[ply][1] = killers_[ply][0];
                            killers_[ply][0] = m;
                        }
                        int &h = history_[zz::square_index(m.from())][zz::square_index(m.to())];
                        h += depth * depth;
                        if (h > (1 << 20)) {
                            for (auto &row : history_) {
                                for (int &v : row) {
                                    v /= 2;
                                }
                            }
                        }
                    }
                    break;
                }
            }
        }
    }

    const TranspositionTable::Bound bound = best >= beta             ? TranspositionTable::kLower
                                            : best > original_alpha ? TranspositionTable::kExact
                                                                     : TranspositionTable::kUpper;
    tt_.store(key, best_move, score_to_tt(best, ply), depth, bound);
    return best;
}

std::string Searcher::pv_text() const {
    // The PV in UCI as the library writes it, walking a copy of the root position.
    std::string text;
    zz::Board walk = board_;
    for (int i = 0; i < pv_len_[0]; ++i) {
        const zz::Move m = pv_[0][i];
        if (!walk.legal_moves().contains(m)) {
            break;
        }
        if (!text.empty()) {
            text += ' ';
        }
        text += walk.uci(m);
        walk.push(m);
    }
    return text;
}

void Searcher::report(int depth, int score) {
    const std::int64_t ms = elapsed_ms();
    const std::uint64_t nps = ms > 0 ? nodes_ * 1000 / static_cast<std::uint64_t>(ms) : nodes_ * 1000;
    char buf[160];
    std::string score_text;
    if (score >= kMate - kMaxPly) {
        score_text = "mate " + std::to_string((kMate - score + 1) / 2);
    } else if (score <= -kMate + kMaxPly) {
        score_text = "mate -" + std::to_string((kMate + score) / 2);
    } else {
        score_text = "cp " + std::to_string(score);
    }
    std::snprintf(buf, sizeof buf,
                  "info depth %d seldepth %d score %s nodes %" PRIu64 " nps %" PRIu64
                  " hashfull %d time %" PRId64 " pv ",
                  depth, seldepth_, score_text.c_str(), nodes_, nps, tt_.hashfull(), ms);
    out_(std::string(buf) + pv_text());
}

SearchResult Searcher::run(const zz::Board &root, const Limits &limits,
                           const std::atomic<bool> &stop) {
    start_ = Clock::now();
    board_ = root;
    stop_ = &stop;
    nodes_ = 0;
    stopped_ = false;
    can_stop_ = false;
    node_limit_ = limits.nodes;
    root_color_ = root.turn();
    for (auto &k : killers_) {
        k[0] = k[1] = zz::Move();
    }
    for (auto &row : history_) {
        for (int &v : row) {
            v /= 8;
        }
    }

    // Time budget.
    soft_ms_ = hard_ms_ = -1;
    if (limits.movetime >= 0) {
        const std::int64_t margin = std::min<std::int64_t>(10, limits.movetime / 10);
        hard_ms_ = soft_ms_ = std::max<std::int64_t>(1, limits.movetime - margin);
    } else if (!limits.infinite) {
        const bool white = root_color_ == zz::Color::White;
        const std::int64_t left = white ? limits.wtime : limits.btime;
        const std::int64_t inc = white ? limits.winc : limits.binc;
        if (left >= 0) {
            const int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
            const std::int64_t overhead = 20;
            const std::int64_t usable = std::max<std::int64_t>(1, left - overhead);
            const std::int64_t budget = usable / mtg + inc * 3 / 4;
            hard_ms_ = std::max<std::int64_t>(1, std::min(budget * 3, usable / 2));
            soft_ms_ = std::max<std::int64_t>(1, std::min(budget, hard_ms_) * 6 / 10);
        }
    }
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;

    SearchResult result;
    const zz::MoveList root_moves = root.legal_moves();
    if (root_moves.empty()) {
        return result;  // mate or stalemate: no move
    }
    result.best = root_moves[0];
    root_best_ = zz::Move();

    for (int depth = 1; depth <= max_depth; ++depth) {
        seldepth_ = 0;
        const int score = search(depth, -kInfinity, kInfinity, 0, true);
        can_stop_ = true;  // depth 1 always completes
        if (pv_len_[0] > 0 && root_moves.contains(pv_[0][0])) {
            // A stopped iteration still gives a move that was searched completely and scored
            // better than the previous best (which is searched first).
            result.best = root_best_ = pv_[0][0];
            result.ponder = pv_len_[0] > 1 ? pv_[0][1] : zz::Move();
            if (!stopped_) {
                result.score = score;
                result.depth = depth;
            }
        }
        if (stopped_) {
            break;
        }
        report(depth, score);
        if (time_up() || (soft_ms_ >= 0 && elapsed_ms() >= soft_ms_)) {
            break;
        }
        // A forced mate is found and the search has looked past it: nothing better to find.
        if (!limits.infinite && limits.depth == 0 && is_mate_score(score) &&
            depth >= 2 * (kMate - std::abs(score)) + 2) {
            break;
        }
    }
    if (stopped_) {
        // The last iteration was cut short: report the whole search's totals.
        const std::int64_t ms = elapsed_ms();
        const std::uint64_t nps =
            ms > 0 ? nodes_ * 1000 / static_cast<std::uint64_t>(ms) : nodes_ * 1000;
        out_("info nodes " + std::to_string(nodes_) + " nps " + std::to_string(nps) +
             " hashfull " + std::to_string(tt_.hashfull()) + " time " + std::to_string(ms));
    }
    // UCI: after `go infinite` the bestmove waits for `stop`.
    while (limits.infinite && !stop.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    result.nodes = nodes_;
    return result;
}

}  // namespace engine

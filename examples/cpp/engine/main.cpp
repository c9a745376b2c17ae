// zugzwang-engine: a UCI chess engine built on zugzwang's C++ wrapper.
//
// Commands: uci, isready, ucinewgame, setoption name <Hash|Clear Hash|UCI_Chess960> [value V],
// position startpos|fen <FEN> [moves m1 m2 ...], go [depth N] [movetime MS] [wtime MS]
// [btime MS] [winc MS] [binc MS] [movestogo N] [nodes N] [infinite], stop, quit; also `d`
// (print the position's FEN) for debugging. The search runs in its own thread, so `stop` and
// `quit` interrupt it; it always answers `bestmove` (`0000` when there is no legal move).
// At end of input the engine waits for a running search to finish (unless it is `infinite`),
// then exits. With UCI_Chess960 set, FENs are read as Chess960 (X-FEN/Shredder-FEN) and
// castling is written and read king-takes-rook, all by the library.
//
// Build from the repository root (after `cargo build --release --lib`):
//   g++ -std=c++17 -O2 -pthread -Iinclude -Ibindings/cpp/include examples/cpp/engine/*.cpp
//       -Ltarget/release -lzugzwang -Wl,-rpath,$PWD/target/release -o build/zugzwang-engine
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "search.hpp"
#include "zugzwang.hpp"

namespace {

const char *const kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::mutex g_out_mutex;

// Writes one line to stdout and flushes it; safe from the UCI and the search thread.
void send(const std::string &line) {
    std::lock_guard<std::mutex> lock(g_out_mutex);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

class Engine {
public:
    Engine() : tt_(16), searcher_(tt_, send) {}
    ~Engine() { stop_search(); }

    // Handles one command line; returns false for `quit`.
    bool handle(const std::string &line) {
        std::istringstream in(line);
        std::string cmd;
        if (!(in >> cmd)) {
            return true;
        }
        if (cmd == "uci") {
            send(std::string("id name zugzwang-engine ") + std::string(zz::version()));
            send("id author the zugzwang developers");
            send("option name Hash type spin default 16 min 1 max 4096");
            send("option name Clear Hash type button");
            send("option name UCI_Chess960 type check default false");
            send("uciok");
        } else if (cmd == "isready") {
            send("readyok");
        } else if (cmd == "ucinewgame") {
            stop_search();
            tt_.clear();
            searcher_.reset();
            board_ = new_start_board();
        } else if (cmd == "setoption") {
            stop_search();
            set_option(in);
        } else if (cmd == "position") {
            stop_search();
            set_position(in);
        } else if (cmd == "go") {
            stop_search();
            go(in);
        } else if (cmd == "stop") {
            stop_search();
        } else if (cmd == "ponderhit") {
            // No pondering: the search already runs on its own clock.
        } else if (cmd == "quit") {
            stop_search();
            return false;
        } else if (cmd == "d") {
            send("info string fen " + board_.fen() + (chess960_ ? " (chess960)" : ""));
        } else {
            send("info string unknown command: " + cmd);
        }
        return true;
    }

    // End of input: let a finite search finish, stop an infinite one.
    void finish() {
        if (worker_.joinable()) {
            if (infinite_) {
                stop_.store(true);
            }
            worker_.join();
        }
    }

private:
    zz::Board new_start_board() const {
        return chess960_ ? zz::Board(kStartFen, zz::FenFlags::Chess960) : zz::Board();
    }

    void stop_search() {
        if (worker_.joinable()) {
            stop_.store(true);
            worker_.join();
        }
    }

    void set_option(std::istringstream &in) {
        // setoption name <words...> [value <words...>]
        std::string tok, name, value;
        bool in_value = false;
        in >> tok;  // "name"
        while (in >> tok) {
            if (!in_value && tok == "value") {
                in_value = true;
            } else if (in_value) {
                value += (value.empty() ? "" : " ") + tok;
            } else {
                name += (name.empty() ? "" : " ") + tok;
            }
        }
        const std::string key = lower(name);
        if (key == "hash") {
            try {
                const long mb = std::stol(value);
                tt_.resize(static_cast<std::size_t>(std::clamp(mb, 1L, 4096L)));
            } catch (const std::exception &) {
                send("info string bad Hash value: " + value);
            }
        } else if (key == "clear hash") {
            tt_.clear();
        } else if (key == "uci_chess960") {
            chess960_ = lower(value) == "true";
            board_ = new_start_board();
        } else {
            send("info string unknown option: " + name);
        }
    }

    void set_position(std::istringstream &in) {
        std::string tok;
        in >> tok;
        const zz::FenFlags flags = chess960_ ? zz::FenFlags::Chess960 : zz::FenFlags::None;
        zz::Board next = zz::Board::adopt(nullptr);
        if (tok == "startpos") {
            next = new_start_board();
            in >> tok;
        } else if (tok == "fen") {
            std::string fen;
            while (in >> tok && tok != "moves") {
                fen += (fen.empty() ? "" : " ") + tok;
            }
            try {
                next = zz::Board(fen, flags);
            } catch (const zz::Error &e) {
                send("info string invalid FEN '" + fen + "': " + e.what());
                return;  // keep the previous position
            }
        } else {
            send("info string position: expected startpos or fen");
            return;
        }
        if (tok == "moves") {
            while (in >> tok) {
                try {
                    next.push_uci(tok);
                } catch (const zz::Error &e) {
                    send("info string illegal move '" + tok + "': " + e.what());
                    break;
                }
            }
        }
        board_ = std::move(next);
    }

    void go(std::istringstream &in) {
        engine::Limits limits;
        std::string tok;
        while (in >> tok) {
            auto next_int = [&in]() -> std::int64_t {
                std::int64_t v = 0;
                in >> v;
                return v;
            };
            if (tok == "depth") {
                limits.depth = static_cast<int>(next_int());
            } else if (tok == "movetime") {
                limits.movetime = next_int();
            } else if (tok == "wtime") {
                limits.wtime = next_int();
            } else if (tok == "btime") {
                limits.btime = next_int();
            } else if (tok == "winc") {
                limits.winc = next_int();
            } else if (tok == "binc") {
                limits.binc = next_int();
            } else if (tok == "movestogo") {
                limits.movestogo = static_cast<int>(next_int());
            } else if (tok == "nodes") {
                limits.nodes = static_cast<std::uint64_t>(next_int());
            } else if (tok == "mate") {
                limits.depth = static_cast<int>(2 * next_int() + 1);
            } else if (tok == "infinite") {
                limits.infinite = true;
            }
            // "ponder", "searchmoves ..." are ignored.
        }
        stop_.store(false);
        infinite_ = limits.infinite;
        worker_ = std::thread([this, limits, root = board_]() {
            const engine::SearchResult r = searcher_.run(root, limits, stop_);
            std::string line = "bestmove " + (r.best.is_null() ? std::string("0000") : root.uci(r.best));
            if (!r.best.is_null() && !r.ponder.is_null()) {
                zz::Board after = root;
                after.push(r.best);
                if (after.legal_moves().contains(r.ponder)) {
                    line += " ponder " + after.uci(r.ponder);
                }
            }
            send(line);
        });
    }

    engine::TranspositionTable tt_;
    engine::Searcher searcher_;
    zz::Board board_;
    bool chess960_ = false;
    bool infinite_ = false;
    std::atomic<bool> stop_{false};
    std::thread worker_;
};

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    try {
        Engine engine;
        std::string line;
        bool running = true;
        while (running && std::getline(std::cin, line)) {
            running = engine.handle(line);
        }
        if (running) {
            engine.finish();
        }
    } catch (const std::exception &e) {
        send(std::string("info string fatal error: ") + e.what());
        return 1;
    }
    return 0;
}

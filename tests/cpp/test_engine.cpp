// Plays examples/cpp/engine (build/zugzwang-engine) over UCI and judges it with the library.
//
//   test_engine ENGINE [--games N] [--movetime MS] [--jobs J] [--max-plies P] [--verbose]
//
// The engine is spawned with fork/exec and driven through pipes. Every move it sends is checked
// with zugzwang (through the C++ wrapper): it must be a legal move of the position, written in
// the library's canonical UCI (standard castling e1g1, Chess960 king-takes-rook), and every PV
// it prints must be a legal line.
//
// 1. Protocol: uci/uciok with the options, isready, the acceptance run (`position startpos
//    moves e2e4`, `go depth 6`), `go infinite` + `stop`, clock and node limits, bad FENs and
//    illegal moves in `position` (the engine survives), no legal move -> `bestmove 0000`,
//    castling input in both modes.
// 2. Tactics: mate in 1 (the move must checkmate, score "mate 1") and mate in 2 (the first move
//    must leave every defence answerable by a mate in 1, checked exhaustively; score
//    "mate 2") in known positions, each first verified with the library (a mate in 2 position
//    must have no mate in 1).
// 3. Self-play: N games (default 26: 20 openings, 2 set-up positions, 4 Chess960 starts) at
//    --movetime ms per move (default 20), J engines in parallel (default 2). A game ends only
//    when the library says so with claim_draw = true; reaching --max-plies (default 300) is a
//    failure. The final outcome must agree with the final position (mate: the side that moved
//    last wins, the side to move is in check with no legal move; stalemate; dead material;
//    fifty/seventy-five-move clock; repetition counts), and the game replays to the same
//    position from its start.
//
// Exit status 0 when every check passed.
#include "zugzwang.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <iterator>
#include <mutex>
#include <optional>
#include <poll.h>
#include <sstream>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

std::mutex g_print;
std::atomic<unsigned long> g_checks{0};
std::atomic<unsigned long> g_failures{0};
bool g_verbose = false;

void say(const std::string &s) {
    std::lock_guard<std::mutex> lock(g_print);
    std::printf("%s\n", s.c_str());
    std::fflush(stdout);
}

bool expect(bool ok, const std::string &what) {
    ++g_checks;
    if (!ok) {
        ++g_failures;
        say("FAIL " + what);
    }
    return ok;
}

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::vector<std::string> split(const std::string &s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    std::string tok;
    while (in >> tok) {
        out.push_back(tok);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// A child engine process on pipes

class EngineProcess {
public:
    explicit EngineProcess(const std::string &path) : path_(path) {
        int to_child[2], from_child[2];
        if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
            throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
        }
        std::vector<char> arg0(path.begin(), path.end());
        arg0.push_back('\0');
        char *argv[] = {arg0.data(), nullptr};
        pid_ = fork();
        if (pid_ < 0) {
            throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
        }
        if (pid_ == 0) {
            // Child: only async-signal-safe calls until exec.
            dup2(to_child[0], STDIN_FILENO);
            dup2(from_child[1], STDOUT_FILENO);
            execv(argv[0], argv);
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        to_ = to_child[1];
        from_ = from_child[0];
    }

    EngineProcess(const EngineProcess &) = delete;
    EngineProcess &operator=(const EngineProcess &) = delete;

    ~EngineProcess() {
        send("quit");
        close(to_);
        // Give it two seconds to exit, then kill this child (and only it).
        const auto t0 = Clock::now();
        int status = 0;
        while (waitpid(pid_, &status, WNOHANG) == 0) {
            if (seconds_since(t0) > 2.0) {
                kill(pid_, SIGKILL);
                waitpid(pid_, &status, 0);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        close(from_);
    }

    void send(const std::string &line) {
        remember("> " + line);
        const std::string data = line + "\n";
        std::size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = write(to_, data.data() + done, data.size() - done);
            if (n <= 0) {
                if (n < 0 && errno == EINTR) {
                    continue;
                }
                return;  // the engine is gone; reads will time out and report it
            }
            done += static_cast<std::size_t>(n);
        }
    }

    // The next output line, or nullopt after `timeout_ms` or at end of output.
    std::optional<std::string> read_line(int timeout_ms) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        for (;;) {
            const std::size_t nl = buf_.find('\n');
            if (nl != std::string::npos) {
                std::string line = buf_.substr(0, nl);
                buf_.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') {
                    line.pop_back();
                }
                remember("< " + line);
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
                    .count();
            if (left <= 0 || eof_) {
                return std::nullopt;
            }
            pollfd p{from_, POLLIN, 0};
            const int r = poll(&p, 1, static_cast<int>(left));
            if (r < 0 && errno == EINTR) {
                continue;
            }
            if (r <= 0) {
                return std::nullopt;
            }
            char chunk[4096];
            const ssize_t n = read(from_, chunk, sizeof chunk);
            if (n <= 0) {
                if (n < 0 && errno == EINTR) {
                    continue;
                }
                eof_ = true;
                continue;
            }
            buf_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    // Reads lines until one starts with `prefix`; the lines before it go to `before`.
    std::optional<std::string> wait_for(const std::string &prefix, int timeout_ms,
                                        std::vector<std::string> *before = nullptr) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
                    .count();
            auto line = read_line(static_cast<int>(std::max<long long>(0, left)));
            if (!line) {
                return std::nullopt;
            }
            if (line->compare(0, prefix.size(), prefix) == 0) {
                return line;
            }
            if (before != nullptr) {
                before->push_back(*line);
            }
        }
    }

    // The last lines exchanged, for failure reports.
    std::string transcript() const {
        std::string s;
        for (const auto &l : log_) {
            s += "    " + l + "\n";
        }
        return s;
    }

private:
    void remember(const std::string &l) {
        log_.push_back(l.size() > 300 ? l.substr(0, 300) + "..." : l);
        if (log_.size() > 12) {
            log_.pop_front();
        }
    }

    std::string path_;
    pid_t pid_ = -1;
    int to_ = -1;
    int from_ = -1;
    std::string buf_;
    bool eof_ = false;
    std::deque<std::string> log_;
};

// ---------------------------------------------------------------------------------------------
// Checking the engine's output with the library

// The legal move `text` names on `board`, if it is written in the board's canonical UCI.
std::optional<zz::Move> legal_canonical(const zz::Board &board, const std::string &text,
                                        std::string *why) {
    try {
        const zz::Move m = board.parse_uci(text);
        if (board.uci(m) != text) {
            *why = "'" + text + "' is legal but not canonical UCI (expected '" + board.uci(m) + "')";
            return std::nullopt;
        }
        return m;
    } catch (const zz::Error &e) {
        *why = "'" + text + "' is not a legal move: " + e.what();
        return std::nullopt;
    }
}

struct Info {
    int depth = 0;
    std::optional<int> cp;
    std::optional<int> mate;
    std::vector<std::string> pv;
};

std::optional<Info> parse_info(const std::string &line) {
    const std::vector<std::string> t = split(line);
    if (t.empty() || t[0] != "info") {
        return std::nullopt;
    }
    Info info;
    bool any = false;
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (t[i] == "depth" && i + 1 < t.size()) {
            info.depth = std::atoi(t[++i].c_str());
            any = true;
        } else if (t[i] == "score" && i + 2 < t.size()) {
            if (t[i + 1] == "cp") {
                info.cp = std::atoi(t[i + 2].c_str());
            } else if (t[i + 1] == "mate") {
                info.mate = std::atoi(t[i + 2].c_str());
            }
            i += 2;
        } else if (t[i] == "pv") {
            info.pv.assign(t.begin() + static_cast<std::ptrdiff_t>(i) + 1, t.end());
            break;
        } else if (t[i] == "string") {
            return std::nullopt;
        }
    }
    if (!any) {
        return std::nullopt;
    }
    return info;
}

// Every PV move must be legal (and canonical) in turn from `board`.
bool pv_is_legal(const zz::Board &board, const std::vector<std::string> &pv, std::string *why) {
    zz::Board walk = board;
    for (const std::string &text : pv) {
        const std::optional<zz::Move> m = legal_canonical(walk, text, why);
        if (!m) {
            return false;
        }
        walk.push(*m);
    }
    return true;
}

struct GoResult {
    std::optional<std::string> bestmove;  // the move text, if a bestmove line came
    std::vector<Info> infos;
    double seconds = 0;
};

// Sends `go_command` and waits for "bestmove"; checks the info lines' PVs against `board`.
GoResult go(EngineProcess &e, const zz::Board &board, const std::string &go_command,
            int timeout_ms, const std::string &context) {
    GoResult r;
    const auto t0 = Clock::now();
    e.send(go_command);
    std::vector<std::string> lines;
    const std::optional<std::string> best = e.wait_for("bestmove", timeout_ms, &lines);
    r.seconds = seconds_since(t0);
    for (const std::string &l : lines) {
        if (auto info = parse_info(l)) {
            std::string why;
            expect(pv_is_legal(board, info->pv, &why), context + ": illegal PV: " + why + " in '" + l + "'");
            r.infos.push_back(*info);
        }
    }
    if (!expect(best.has_value(), context + ": no bestmove within " + std::to_string(timeout_ms) +
                                      " ms\n" + e.transcript())) {
        return r;
    }
    const std::vector<std::string> t = split(*best);
    if (expect(t.size() >= 2, context + ": malformed '" + *best + "'")) {
        r.bestmove = t[1];
        if (t.size() >= 4 && t[2] == "ponder" && t[1] != "0000") {
            std::string why;
            std::optional<zz::Move> m = legal_canonical(board, t[1], &why);
            if (m) {
                zz::Board after = board;
                after.push(*m);
                expect(legal_canonical(after, t[3], &why).has_value(),
                       context + ": illegal ponder move: " + why);
            }
        }
    }
    return r;
}

// The engine's move on `board` after `go_command`; a failed check unless legal and canonical.
std::optional<zz::Move> engine_move(EngineProcess &e, const zz::Board &board,
                                    const std::string &go_command, int timeout_ms,
                                    const std::string &context, GoResult *out = nullptr) {
    GoResult r = go(e, board, go_command, timeout_ms, context);
    std::optional<zz::Move> m;
    if (r.bestmove) {
        std::string why;
        m = legal_canonical(board, *r.bestmove, &why);
        expect(m.has_value(), context + ": bestmove " + why + " in " + board.fen() + "\n" +
                                  e.transcript());
    }
    if (out != nullptr) {
        *out = std::move(r);
    }
    return m;
}

std::string position_command(const std::string &fen, const std::vector<std::string> &moves) {
    std::string cmd = fen.empty() ? "position startpos" : "position fen " + fen;
    if (!moves.empty()) {
        cmd += " moves";
        for (const std::string &m : moves) {
            cmd += " " + m;
        }
    }
    return cmd;
}

bool sync(EngineProcess &e, const std::string &context) {
    e.send("isready");
    return expect(e.wait_for("readyok", 5000).has_value(),
                  context + ": no readyok\n" + e.transcript());
}

// ---------------------------------------------------------------------------------------------
// 1. Protocol

void test_protocol(const std::string &engine_path) {
    const auto t0 = Clock::now();
    EngineProcess e(engine_path);
    e.send("uci");
    std::vector<std::string> lines;
    expect(e.wait_for("uciok", 5000, &lines).has_value(), "uci: no uciok\n" + e.transcript());
    bool name = false, chess960 = false, hash = false;
    for (const std::string &l : lines) {
        name = name || l.rfind("id name ", 0) == 0;
        chess960 = chess960 || l == "option name UCI_Chess960 type check default false";
        hash = hash || l.rfind("option name Hash type spin", 0) == 0;
    }
    expect(name && chess960 && hash, "uci: id name / UCI_Chess960 / Hash options missing");
    sync(e, "protocol");

    // The acceptance run: depth 6 after 1. e4.
    zz::Board after_e4;
    after_e4.push_uci("e2e4");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4");
    GoResult r;
    const auto m = engine_move(e, after_e4, "go depth 6", 30000, "go depth 6", &r);
    bool depth6 = false;
    for (const Info &i : r.infos) {
        depth6 = depth6 || (i.depth == 6 && (i.cp || i.mate) && !i.pv.empty());
    }
    expect(depth6, "go depth 6: no 'info depth 6 ... score ... pv ...' line");
    expect(r.infos.empty() || r.infos.back().depth == 6, "go depth 6: searched past depth 6");
    say("protocol: go depth 6 after e2e4 -> bestmove " + (m ? after_e4.uci(*m) : "?") + " in " +
        std::to_string(static_cast<int>(r.seconds * 1000)) + " ms");

    // go infinite runs until stop.
    e.send("position startpos");
    e.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    expect(!e.wait_for("bestmove", 50).has_value(), "go infinite: bestmove before stop");
    const auto stop_t0 = Clock::now();
    e.send("stop");
    std::vector<std::string> before;
    const auto best = e.wait_for("bestmove", 2000, &before);
    expect(best.has_value(), "stop: no bestmove\n" + e.transcript());
    expect(seconds_since(stop_t0) < 1.0, "stop: bestmove took more than 1 s");
    if (best) {
        std::string why;
        expect(legal_canonical(zz::Board(), split(*best).at(1), &why).has_value(),
               "stop: " + why);
    }

    // Clock and node limits.
    zz::Board start;
    GoResult clock;
    engine_move(e, start, "go wtime 3000 btime 3000 winc 0 binc 0", 3000, "go wtime", &clock);
    expect(clock.seconds < 1.5, "go wtime 3000: used " + std::to_string(clock.seconds) + " s");
    engine_move(e, start, "go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 40", 10000,
                "go movestogo");
    engine_move(e, start, "go nodes 20000", 10000, "go nodes");
    GoResult mt;
    engine_move(e, start, "go movetime 200", 3000, "go movetime 200", &mt);
    expect(mt.seconds >= 0.15 && mt.seconds < 1.2,
           "go movetime 200 answered after " + std::to_string(mt.seconds) + " s");

    // Bad input in `position`: the engine reports it and lives on.
    e.send("position fen this is not a fen");
    e.send("position startpos moves e2e4 e2e4 d2d4");  // the second move is illegal
    sync(e, "bad position");
    engine_move(e, after_e4, "go depth 2", 5000, "after an illegal move in position");
    e.send("frobnicate");
    sync(e, "unknown command");

    // No legal move: bestmove 0000.
    for (const char *fen : {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}) {
        e.send(std::string("position fen ") + fen);
        const GoResult none = go(e, zz::Board(fen), "go depth 3", 5000, "no legal move");
        expect(none.bestmove && *none.bestmove == "0000",
               std::string("no legal move: expected bestmove 0000 in ") + fen);
    }

    // Castling input: e1g1 in standard chess, king-takes-rook e1h1 with UCI_Chess960.
    const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const std::string castled = "info string fen r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1";
    e.send("position fen " + castle + " moves e1g1");
    e.send("d");
    expect(e.wait_for("info string fen", 2000) == castled, "standard castling input e1g1");
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen " + castle + " moves e1h1");
    e.send("d");
    expect(e.wait_for("info string fen", 2000) == castled + " (chess960)",
           "Chess960 castling input e1h1");
    e.send("setoption name UCI_Chess960 value false");
    sync(e, "protocol end");
    say("protocol: " + std::to_string(seconds_since(t0)).substr(0, 4) + " s");
}

// ---------------------------------------------------------------------------------------------
// 2. Tactics

bool has_mate_in_1(zz::Board &b) {
    for (zz::Move m : b.legal_moves()) {
        b.push(m);
        const bool mate = b.is_checkmate();
        b.pop();
        if (mate) {
            return true;
        }
    }
    return false;
}

// After the attacker's first move: the defender has a move, and every defence allows a mate
// in 1 (exhaustive over the library's legal moves).
bool every_defence_loses(zz::Board &b) {
    const zz::MoveList defences = b.legal_moves();
    if (defences.empty()) {
        return false;  // mate already (not a mate in 2 then) or stalemate
    }
    for (zz::Move d : defences) {
        b.push(d);
        const bool lost = has_mate_in_1(b);
        b.pop();
        if (!lost) {
            return false;
        }
    }
    return true;
}

void test_tactics(const std::string &engine_path) {
    const auto t0 = Clock::now();
    struct Puzzle {
        const char *name;
        const char *fen;
        int mate_in;
    };
    const Puzzle puzzles[] = {
        {"scholar's mate Qxf7#", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
        {"back rank Ra8#", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
        {"fool's mate Qh4#", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", 1},
        {"smothered Nf7#", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", 1},
        {"promotion a8=Q#", "7k/P7/6K1/8/8/8/8/8 w - - 0 1", 1},
        {"back rank Re1#", "4r1k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 1},
        {"Morphy's opera game Qb8+ Nxb8 Rd8#", "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 16", 2},
        {"rook ladder Rb7 Kg8 Ra8#", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2},
        {"Legal-style Nf6+ gxf6 Bxf7#", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
        {"black rook ladder Rb2 Kg1 Ra1#", "1r4k1/r7/8/8/8/8/8/7K b - - 0 1", 2},
        {"queen sacrifice Qd8+ Bxd8 Re8#", "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", 2},
    };
    EngineProcess e(engine_path);
    e.send("uci");
    expect(e.wait_for("uciok", 5000).has_value(), "tactics: no uciok");
    int solved = 0;
    for (const Puzzle &p : puzzles) {
        zz::Board board(p.fen);
        // The position is what it claims to be.
        bool valid = false;
        if (p.mate_in == 1) {
            valid = has_mate_in_1(board);
        } else {
            bool any = false;
            for (zz::Move m : board.legal_moves()) {
                board.push(m);
                any = any || every_defence_loses(board);
                board.pop();
            }
            valid = any && !has_mate_in_1(board);
        }
        if (!expect(valid, std::string("tactics: the library does not confirm '") + p.name + "'")) {
            continue;
        }
        e.send("ucinewgame");
        e.send(std::string("position fen ") + p.fen);
        GoResult r;
        const std::optional<zz::Move> m =
            engine_move(e, board, "go depth 5", 20000, std::string("tactics: ") + p.name, &r);
        if (!m) {
            continue;
        }
        const std::string played = board.san(*m);
        board.push(*m);
        const bool ok = p.mate_in == 1 ? board.is_checkmate() : every_defence_loses(board);
        const bool score_ok = !r.infos.empty() && r.infos.back().mate == p.mate_in;
        expect(ok, std::string("tactics: ") + p.name + ": the engine played " + played +
                       ", which does not mate in " + std::to_string(p.mate_in));
        expect(score_ok, std::string("tactics: ") + p.name + ": last info is not 'score mate " +
                             std::to_string(p.mate_in) + "'");
        solved += ok && score_ok ? 1 : 0;
        if (g_verbose) {
            say(std::string("tactics: ") + p.name + ": " + played);
        }
    }
    say("tactics: " + std::to_string(solved) + "/" + std::to_string(std::size(puzzles)) +
        " solved (mate in 1 and 2, each verified exhaustively), " +
        std::to_string(seconds_since(t0)).substr(0, 4) + " s");
}

// ---------------------------------------------------------------------------------------------
// 3. Self-play

struct Opening {
    const char *name;
    const char *fen;  // "" = startpos
    const char *moves;
    bool chess960;
};

const Opening kOpenings[] = {
    {"Ruy Lopez", "", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", false},
    {"Italian", "", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", false},
    {"Sicilian Najdorf", "", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", false},
    {"French Winawer", "", "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4", false},
    {"Caro-Kann advance", "", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5", false},
    {"Scandinavian", "", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5", false},
    {"Pirc", "", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6", false},
    {"Alekhine", "", "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6", false},
    {"Queen's Gambit Declined", "", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6", false},
    {"Slav", "", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6", false},
    {"Queen's Gambit Accepted", "", "d2d4 d7d5 c2c4 d5c4 e2e3 g8f6", false},
    {"King's Indian", "", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6", false},
    {"Nimzo-Indian", "", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4", false},
    {"Dutch", "", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6", false},
    {"English", "", "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5", false},
    {"Reti", "", "g1f3 d7d5 c2c4 e7e6 g2g3 g8f6", false},
    {"King's Gambit", "", "e2e4 e7e5 f2f4 e5f4 g1f3 g7g5", false},
    {"Scotch", "", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6", false},
    {"London", "", "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5", false},
    {"Larsen", "", "b2b3 e7e5 c1b2 b8c6 e2e3 d7d5", false},
    {"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "", false},
    {"rook endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "", false},
    {"Chess960 BBQNNRKR", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "", true},
    {"Chess960 RKRBBQNN", "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1", "", true},
    {"Chess960 NRBKQBRN", "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1", "", true},
    {"Chess960 QNRBKRBN", "qnrbkrbn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w FCfc - 0 1", "", true},
};

struct GameRecord {
    std::string name;
    bool chess960 = false;
    int plies = 0;  // engine moves
    zz::Outcome outcome;
    std::string result;
    int castles = 0;
    double seconds = 0;
    double max_reply = 0;
    bool ok = false;
};

// Checks that the final outcome agrees with the final position, independently of outcome().
bool outcome_consistent(const zz::Board &b, const zz::Outcome &o, std::string *why) {
    const zz::MoveList moves = b.legal_moves();
    const zz::Color mover = zz::opposite(b.turn());  // the side that moved last
    switch (o.termination) {
    case zz::Termination::Checkmate:
        if (!(b.is_check() && moves.empty() && o.winner == mover && b.checkers() != 0)) {
            *why = "checkmate: not (in check, no legal move, winner = side that moved last)";
            return false;
        }
        break;
    case zz::Termination::Stalemate:
        if (b.is_check() || !moves.empty() || o.winner) {
            *why = "stalemate: in check, has moves, or a winner";
            return false;
        }
        break;
    case zz::Termination::InsufficientMaterial:
        if (!(b.has_insufficient_material(zz::Color::White) &&
              b.has_insufficient_material(zz::Color::Black)) || o.winner) {
            *why = "insufficient material: a side has mating material";
            return false;
        }
        break;
    case zz::Termination::SeventyfiveMoves:
        if (b.halfmove_clock() < 150 || o.winner) {
            *why = "seventy-five moves with halfmove clock " + std::to_string(b.halfmove_clock());
            return false;
        }
        break;
    case zz::Termination::FivefoldRepetition:
        if (!b.is_repetition(5) || o.winner) {
            *why = "fivefold repetition: the position did not occur five times";
            return false;
        }
        break;
    case zz::Termination::FiftyMoves:
        if (b.halfmove_clock() < 99 || moves.empty() || o.winner) {
            *why = "fifty moves with halfmove clock " + std::to_string(b.halfmove_clock());
            return false;
        }
        break;
    case zz::Termination::ThreefoldRepetition:
        if (!b.can_claim_threefold_repetition() || o.winner) {
            *why = "threefold repetition not claimable";
            return false;
        }
        break;
    case zz::Termination::None:
        *why = "the game is not over";
        return false;
    }
    // Non-mate endings: the position is not a mate.
    if (o.termination != zz::Termination::Checkmate && b.is_checkmate()) {
        *why = "the final position is checkmate but the outcome says " + std::string(zz::name(o.termination));
        return false;
    }
    if (b.result(true) != o.result()) {
        *why = "result() disagrees with outcome()";
        return false;
    }
    return true;
}

GameRecord play_game(EngineProcess &e, const Opening &op, int movetime, int max_plies) {
    GameRecord g;
    g.name = op.name;
    g.chess960 = op.chess960;
    const auto t0 = Clock::now();
    const zz::FenFlags flags = op.chess960 ? zz::FenFlags::Chess960 : zz::FenFlags::None;
    const std::string start_fen = op.fen;
    zz::Board board = start_fen.empty() ? zz::Board() : zz::Board(start_fen, flags);
    std::vector<std::string> moves = split(op.moves);
    for (const std::string &m : moves) {
        board.push_uci(m);
    }

    e.send(std::string("setoption name UCI_Chess960 value ") + (op.chess960 ? "true" : "false"));
    e.send("ucinewgame");
    if (!sync(e, op.name)) {
        return g;
    }
    const std::string ctx = std::string("game '") + op.name + "'";
    while (!board.is_game_over(true)) {
        if (g.plies >= max_plies) {
            expect(false, ctx + ": reached " + std::to_string(max_plies) +
                              " plies without an end the library recognises: " + board.fen());
            return g;
        }
        e.send(position_command(start_fen, moves));
        GoResult r;
        const std::optional<zz::Move> m = engine_move(
            e, board, "go movetime " + std::to_string(movetime), movetime + 5000,
            ctx + " ply " + std::to_string(g.plies + 1), &r);
        if (!m) {
            return g;
        }
        g.max_reply = std::max(g.max_reply, r.seconds);
        g.castles += board.is_castling(*m) ? 1 : 0;
        moves.push_back(board.uci(*m));
        board.push(*m);
        ++g.plies;
    }
    g.outcome = board.outcome(true);
    g.result = std::string(g.outcome.result());
    std::string why;
    bool ok = expect(outcome_consistent(board, g.outcome, &why),
                     ctx + ": outcome " + std::string(zz::name(g.outcome.termination)) + " " +
                         g.result + " inconsistent: " + why + " (" + board.fen() + ")");
    // Replaying the UCI moves from the start reproduces the game.
    zz::Board replay = start_fen.empty() ? zz::Board() : zz::Board(start_fen, flags);
    try {
        for (const std::string &m : moves) {
            replay.push_uci(m);
        }
        ok = expect(replay.fen() == board.fen() && replay.move_stack() == board.move_stack() &&
                        replay.outcome(true) == g.outcome,
                    ctx + ": replay differs") && ok;
    } catch (const zz::Error &err) {
        ok = expect(false, ctx + ": replay failed: " + err.what()) && ok;
    }
    g.seconds = seconds_since(t0);
    g.ok = ok;
    return g;
}

void test_selfplay(const std::string &engine_path, int games, int movetime, int jobs,
                   int max_plies) {
    const auto t0 = Clock::now();
    std::vector<GameRecord> records(static_cast<std::size_t>(games));
    std::atomic<int> next{0};
    const int n_openings = static_cast<int>(std::size(kOpenings));
    auto worker = [&]() {
        try {
            EngineProcess e(engine_path);
            e.send("uci");
            if (!expect(e.wait_for("uciok", 5000).has_value(), "self-play: no uciok")) {
                return;
            }
            for (int i = next++; i < games; i = next++) {
                const Opening &op = kOpenings[i % n_openings];
                GameRecord g = play_game(e, op, movetime, max_plies);
                char line[256];
                std::snprintf(line, sizeof line,
                              "game %2d  %-26s %3d plies  %-7s %-22s castles %d  max reply %4.0f ms  %5.1f s%s",
                              i + 1, g.name.c_str(), g.plies, g.result.empty() ? "-" : g.result.c_str(),
                              std::string(zz::name(g.outcome.termination)).c_str(), g.castles,
                              g.max_reply * 1000, g.seconds, g.ok ? "" : "  FAILED");
                say(line);
                records[static_cast<std::size_t>(i)] = std::move(g);
            }
        } catch (const std::exception &ex) {
            expect(false, std::string("self-play worker: ") + ex.what());
        }
    };
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) {
        threads.emplace_back(worker);
    }
    for (auto &t : threads) {
        t.join();
    }

    int ok = 0, decisive = 0, plies = 0, castles_std = 0, castles_960 = 0;
    int by_termination[8] = {};
    for (const GameRecord &g : records) {
        ok += g.ok ? 1 : 0;
        decisive += g.outcome.winner ? 1 : 0;
        plies += g.plies;
        (g.chess960 ? castles_960 : castles_std) += g.castles;
        by_termination[static_cast<int>(g.outcome.termination) & 7]++;
    }
    expect(ok == games, "self-play: " + std::to_string(games - ok) + " games failed");
    expect(castles_std > 0, "self-play: no castling move in the standard games");
    std::string summary = "self-play: " + std::to_string(ok) + "/" + std::to_string(games) +
                          " games ok, " + std::to_string(plies) + " engine moves checked, " +
                          std::to_string(decisive) + " decisive;";
    for (int t = 1; t <= 7; ++t) {
        if (by_termination[t]) {
            summary += " " + std::string(zz::name(static_cast<zz::Termination>(t))) + " " +
                       std::to_string(by_termination[t]) + ",";
        }
    }
    summary += " castling moves " + std::to_string(castles_std) + " standard / " +
               std::to_string(castles_960) + " Chess960; " +
               std::to_string(seconds_since(t0)).substr(0, 5) + " s";
    say(summary);
}

}  // namespace

int main(int argc, char **argv) {
    std::signal(SIGPIPE, SIG_IGN);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    if (argc < 2) {
        std::printf("usage: %s ENGINE [--games N] [--movetime MS] [--jobs J] [--max-plies P] "
                    "[--verbose]\n",
                    argv[0]);
        return 2;
    }
    const std::string engine = argv[1];
    int games = static_cast<int>(std::size(kOpenings));
    int movetime = 20, jobs = 2, max_plies = 300;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
        if (a == "--games") {
            games = value();
        } else if (a == "--movetime") {
            movetime = value();
        } else if (a == "--jobs") {
            jobs = std::max(1, value());
        } else if (a == "--max-plies") {
            max_plies = value();
        } else if (a == "--verbose") {
            g_verbose = true;
        } else {
            std::printf("unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    if (access(engine.c_str(), X_OK) != 0) {
        std::printf("test_engine: %s is not an executable\n", engine.c_str());
        return 2;
    }
    const auto t0 = Clock::now();
    try {
        test_protocol(engine);
        test_tactics(engine);
        test_selfplay(engine, games, movetime, jobs, max_plies);
    } catch (const std::exception &ex) {
        expect(false, std::string("uncaught exception: ") + ex.what());
    }
    std::printf("test_engine: %lu checks, %lu failures, %.1f s: %s\n", g_checks.load(),
                g_failures.load(), seconds_since(t0), g_failures == 0 ? "ok" : "FAILED");
    return g_failures == 0 ? 0 : 1;
}

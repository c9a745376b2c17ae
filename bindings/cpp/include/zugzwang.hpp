/**
 * @file zugzwang.hpp
 * @brief Header-only C++17 wrapper of zugzwang's C ABI (include/zugzwang.h), namespace `zz`.
 *
 * Build: `g++ -std=c++17 -Iinclude -Ibindings/cpp/include app.cpp -Ltarget/release -lzugzwang`.
 * The wrapper holds no chess rules of its own: every answer comes from the C library. It adds
 * ownership (RAII), exceptions, strong types and standard containers.
 *
 * TYPES
 *
 * - zz::Board   a game (position + move history); owns its `zz_board *` through a
 *               `std::unique_ptr` with a deleter calling zz_board_free(). Copying clones the
 *               board (zz_board_clone()); moving is cheap and leaves the source empty.
 * - zz::Move    a 16-bit move value (the C `zz_move` encoding; nothing to free).
 * - zz::MoveList a fixed-capacity (ZZ_MAX_MOVES) list of moves on the stack; no heap.
 * - zz::Square, zz::Color, zz::PieceType, zz::Piece, zz::MoveKind, zz::Termination,
 *   zz::Outcome, zz::FenFlags, zz::SanFlags, zz::PerftEntry, zz::PerftOptions,
 *   zz::PerftStats, zz::Bitboard.
 * - zz::Error   the exception every failing call throws (derives from std::runtime_error).
 *
 * ERRORS
 *
 * A C call that returns a status other than ZZ_STATUS_OK throws zz::Error, which keeps that
 * `zz_status` (Error::status()) and, as its what() text, zz_last_error_message() read right
 * after the failing call (zz_status_str() when the library gave no detail). As in C, a
 * failing call leaves the board unchanged. The wrapper itself throws zz::Error for inputs it
 * must refuse before calling C (a string with an embedded NUL: ZZ_STATUS_INVALID_STRING; a
 * bad square name or index: ZZ_STATUS_INVALID_ARGUMENT), plus std::out_of_range /
 * std::length_error from MoveList::at() / MoveList::push_back() and std::bad_alloc.
 *
 * STRINGS
 *
 * Inputs are `std::string_view`; they are copied into a NUL-terminated buffer before the C
 * call (on the stack up to 255 bytes). Outputs are `std::string` (owned by the caller) or,
 * for the library's static texts (results, status texts, version), `std::string_view` into
 * static storage that stays valid for the life of the program.
 *
 * THREADS
 *
 * As in C: distinct boards may be used from different threads at once; const methods on one
 * board may run concurrently; a non-const method needs exclusive access. zz::Error captures
 * the per-thread error message at throw time, so it may be passed between threads.
 *
 * UCI AND CASTLING
 *
 * A Move stores castling as "king takes own rook" (from = king square, to = rook square).
 * Move::uci() prints exactly that (`e1h1`), which is Chess960 UCI; standard-chess UCI writes
 * the king's destination (`e1g1`), which depends on the board's rules, so use Board::uci(Move)
 * for text to show or send. Board::parse_uci()/push_uci() of a standard-chess board accept
 * both forms.
 */
#ifndef ZUGZWANG_HPP
#define ZUGZWANG_HPP

#include "zugzwang.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#if __cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L)
#error "zugzwang.hpp needs C++17 or newer"
#endif

namespace zz {

// ============================================================================================
// Errors and library information
// ============================================================================================

/**
 * The exception thrown by every failing wrapper call.
 *
 * Keeps the C status code (status()) and the detail message: what() is the
 * zz_last_error_message() of the failing call (e.g. which FEN field and why), or the static
 * zz_status_str() text when the library gave no detail. Copyable and safe to pass between
 * threads (it owns its message).
 */
class Error : public std::runtime_error {
public:
    /// An error with status `status` and the given message (what()).
    Error(zz_status status, const std::string &message)
        : std::runtime_error(message), status_(status) {}

    /// The C status code of the failure (never ZZ_STATUS_OK).
    zz_status status() const noexcept { return status_; }

    /// Static English text of status() (zz_status_str()); valid for the life of the program.
    std::string_view status_str() const noexcept { return zz_status_str(status_); }

private:
    zz_status status_;
};

/// The version of the library actually loaded, e.g. "0.1.0" (zz_version(); static text).
inline std::string_view version() noexcept { return zz_version(); }

/// The loaded library's version as major * 1000000 + minor * 1000 + patch (zz_version_number());
/// compare with ZZ_VERSION_NUMBER to detect a header/library mismatch.
inline std::uint32_t version_number() noexcept { return zz_version_number(); }

/// Static English text for a status code, also for unknown codes (zz_status_str()).
inline std::string_view status_str(zz_status status) noexcept { return zz_status_str(status); }

/// Detail of the most recent failure of a C call on the calling thread ("" if none);
/// zz_last_error_message(), copied. Note that zz::Error already carries this text.
inline std::string last_error_message() { return zz_last_error_message(); }

namespace detail {

/// Throws zz::Error for `rc`, with the calling thread's last error message.
[[noreturn]] inline void throw_status(zz_status rc) {
    const char *msg = zz_last_error_message();
    if (msg != nullptr && msg[0] != '\0') {
        throw Error(rc, std::string(msg));
    }
    throw Error(rc, std::string(zz_status_str(rc)));
}

/// Throws zz::Error unless `rc` is ZZ_STATUS_OK.
inline void check(zz_status rc) {
    if (rc != ZZ_STATUS_OK) {
        throw_status(rc);
    }
}

/**
 * A NUL-terminated copy of a string_view for a C call: on the stack up to 255 bytes, else on
 * the heap. Throws zz::Error(ZZ_STATUS_INVALID_STRING) if the text contains a NUL byte (C
 * would silently see only the part before it).
 */
class CString {
public:
    explicit CString(std::string_view s) {
        if (s.find('\0') != std::string_view::npos) {
            throw Error(ZZ_STATUS_INVALID_STRING,
                        "string argument contains a NUL byte, which C strings cannot hold");
        }
        if (s.size() < sizeof small_) {
            if (!s.empty()) {
                std::memcpy(small_, s.data(), s.size());
            }
            small_[s.size()] = '\0';
            ptr_ = small_;
        } else {
            big_.assign(s.data(), s.size());
            ptr_ = big_.c_str();
        }
    }
    CString(const CString &) = delete;
    CString &operator=(const CString &) = delete;

    const char *c_str() const noexcept { return ptr_; }

private:
    char small_[256];
    std::string big_;
    const char *ptr_ = nullptr;
};

/**
 * Runs a C string-output call `call(char *buf, size_t cap, size_t *out_len)` with a stack
 * buffer of N bytes; if the library says it is too small (it should not: N is its bound),
 * retries once with the size it asks for.
 */
template <std::size_t N, typename Call>
std::string string_out(Call &&call) {
    char buf[N];
    std::size_t len = 0;
    zz_status rc = call(buf, N, &len);
    if (rc == ZZ_STATUS_OK) {
        return std::string(buf);
    }
    if (rc != ZZ_STATUS_BUFFER_TOO_SMALL || len <= N) {
        throw_status(rc);
    }
    std::string big(len, '\0');
    check(call(&big[0], big.size(), &len));
    big.resize(std::strlen(big.c_str()));
    return big;
}

}  // namespace detail

// ============================================================================================
// Colors, piece types, pieces, squares
// ============================================================================================

/// A bitboard: bit i is set for square i (a1 = bit 0, h8 = bit 63), as in the C API.
using Bitboard = std::uint64_t;

/// A side: ZZ_COLOR_WHITE (0) or ZZ_COLOR_BLACK (1).
enum class Color : std::int8_t {
    White = ZZ_COLOR_WHITE,  ///< White, who moves first.
    Black = ZZ_COLOR_BLACK,  ///< Black.
};

/// The other color.
constexpr Color opposite(Color c) noexcept {
    return c == Color::White ? Color::Black : Color::White;
}

/// "white" or "black".
constexpr std::string_view name(Color c) noexcept {
    return c == Color::White ? std::string_view("white") : std::string_view("black");
}

/// A piece type, numbered as in the C API and python-chess (pawn 1 … king 6; None 0).
enum class PieceType : std::int8_t {
    None = ZZ_PIECE_TYPE_NONE,      ///< No piece (an empty square; "no promotion").
    Pawn = ZZ_PIECE_TYPE_PAWN,      ///< Pawn.
    Knight = ZZ_PIECE_TYPE_KNIGHT,  ///< Knight.
    Bishop = ZZ_PIECE_TYPE_BISHOP,  ///< Bishop.
    Rook = ZZ_PIECE_TYPE_ROOK,      ///< Rook.
    Queen = ZZ_PIECE_TYPE_QUEEN,    ///< Queen.
    King = ZZ_PIECE_TYPE_KING,      ///< King.
};

/// "none", "pawn", "knight", "bishop", "rook", "queen" or "king".
constexpr std::string_view name(PieceType t) noexcept {
    switch (t) {
    case PieceType::Pawn: return "pawn";
    case PieceType::Knight: return "knight";
    case PieceType::Bishop: return "bishop";
    case PieceType::Rook: return "rook";
    case PieceType::Queen: return "queen";
    case PieceType::King: return "king";
    default: return "none";
    }
}

/// The lowercase letter of a piece type ('p', 'n', 'b', 'r', 'q', 'k'); '-' for None.
constexpr char piece_type_symbol(PieceType t) noexcept {
    switch (t) {
    case PieceType::Pawn: return 'p';
    case PieceType::Knight: return 'n';
    case PieceType::Bishop: return 'b';
    case PieceType::Rook: return 'r';
    case PieceType::Queen: return 'q';
    case PieceType::King: return 'k';
    default: return '-';
    }
}

/// A colored piece (as on a square).
struct Piece {
    Color color = Color::White;        ///< Owner.
    PieceType type = PieceType::None;  ///< Kind; never None for a piece read from a board.

    /// FEN letter: uppercase for white ('N'), lowercase for black ('n'); '-' for type None.
    constexpr char symbol() const noexcept {
        char c = piece_type_symbol(type);
        return (color == Color::White && c != '-') ? static_cast<char>(c - 'a' + 'A') : c;
    }

    /// The piece of a FEN letter ('P' … 'K', 'p' … 'k'), or std::nullopt for another char.
    static constexpr std::optional<Piece> from_symbol(char c) noexcept {
        const bool white = c >= 'A' && c <= 'Z';
        const char lower = white ? static_cast<char>(c - 'A' + 'a') : c;
        PieceType t = PieceType::None;
        switch (lower) {
        case 'p': t = PieceType::Pawn; break;
        case 'n': t = PieceType::Knight; break;
        case 'b': t = PieceType::Bishop; break;
        case 'r': t = PieceType::Rook; break;
        case 'q': t = PieceType::Queen; break;
        case 'k': t = PieceType::King; break;
        default: return std::nullopt;
        }
        return Piece{white ? Color::White : Color::Black, t};
    }

    /// Same color and type.
    friend constexpr bool operator==(Piece a, Piece b) noexcept {
        return a.color == b.color && a.type == b.type;
    }
    /// Different color or type.
    friend constexpr bool operator!=(Piece a, Piece b) noexcept { return !(a == b); }
};

/// A square, numbered as in the C API: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.
enum class Square : std::int8_t {
    // clang-format off
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    // clang-format on
};

namespace detail {
inline constexpr char square_names[] =
    "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
    "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
}  // namespace detail

/// The index of a square, 0–63 (the C API's square number).
constexpr int square_index(Square s) noexcept { return static_cast<int>(s); }

/// The file of a square, 0 (a) … 7 (h).
constexpr int square_file(Square s) noexcept { return square_index(s) & 7; }

/// The rank of a square, 0 (rank 1) … 7 (rank 8).
constexpr int square_rank(Square s) noexcept { return square_index(s) >> 3; }

/// The square on `file` (0–7 = a–h) and `rank` (0–7 = 1–8).
/// @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT if either is outside 0–7.
constexpr Square square(int file, int rank) {
    if (file < 0 || file > 7 || rank < 0 || rank > 7) {
        throw Error(ZZ_STATUS_INVALID_ARGUMENT, "zz::square: file and rank must be 0..7");
    }
    return static_cast<Square>(rank * 8 + file);
}

/// The square with index `index` (0–63, a1 = 0, h8 = 63).
/// @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT if `index` is outside 0–63.
constexpr Square square_from_index(int index) {
    if (index < 0 || index > 63) {
        throw Error(ZZ_STATUS_INVALID_ARGUMENT, "zz::square_from_index: index must be 0..63");
    }
    return static_cast<Square>(index);
}

/// The name of a square, e.g. "e4" (2 characters, static storage).
constexpr std::string_view square_name(Square s) noexcept {
    return std::string_view(detail::square_names + 2 * (square_index(s) & 63), 2);
}

/// The square named by `text` ("a1" … "h8", lowercase, exactly two characters).
/// @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT for any other text.
inline Square parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') {
        throw Error(ZZ_STATUS_INVALID_ARGUMENT,
                    "zz::parse_square: not a square name: '" + std::string(text) + "'");
    }
    return static_cast<Square>((text[1] - '1') * 8 + (text[0] - 'a'));
}

/// The bitboard with only square `s` set.
constexpr Bitboard bit(Square s) noexcept { return Bitboard{1} << square_index(s); }

/// Whether `bb` has square `s` set.
constexpr bool contains(Bitboard bb, Square s) noexcept { return (bb & bit(s)) != 0; }

// ============================================================================================
// Moves
// ============================================================================================

/// The kind of a move (bits 14–15 of the encoding).
enum class MoveKind : std::uint8_t {
    Normal = ZZ_MOVE_NORMAL,        ///< A plain move or capture, including double pushes.
    Promotion = ZZ_MOVE_PROMOTION,  ///< A promotion (possibly capturing).
    EnPassant = ZZ_MOVE_EN_PASSANT, ///< An en passant capture; to() is the en passant square.
    Castling = ZZ_MOVE_CASTLING,    ///< Castling; to() is the castling rook's square.
};

/**
 * A move: a 16-bit value in the C API's encoding (zz_move): bits 0–5 origin, 6–11
 * destination, 12–13 promotion piece (0 knight … 3 queen), 14–15 kind (MoveKind). Castling is
 * "king takes own rook". The default value (raw 0, "a1a1") is the null move, never legal.
 *
 * A Move does not know the position it belongs to: legality, SAN and standard-chess UCI need a
 * Board (Board::push(), Board::san(), Board::uci()). Trivially copyable, 2 bytes, ordered by
 * its raw value, hashable (std::hash<zz::Move>).
 */
class Move {
public:
    /// The null move (raw value 0).
    constexpr Move() noexcept = default;

    /// The move with raw encoding `raw` (a value from the C API). Not checked.
    constexpr explicit Move(zz_move raw) noexcept : value_(raw) {}

    /**
     * Encodes a move from its parts, e.g. make(Square::E7, Square::E8, MoveKind::Promotion,
     * PieceType::Queen). Castling takes the castling rook's square as `to`. No legality check.
     * @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT if `promotion` is not Knight…Queen for a
     *         Promotion, or not None for another kind.
     */
    static constexpr Move make(Square from, Square to, MoveKind kind = MoveKind::Normal,
                               PieceType promotion = PieceType::None) {
        unsigned promo = 0;
        if (kind == MoveKind::Promotion) {
            if (promotion < PieceType::Knight || promotion > PieceType::Queen) {
                throw Error(ZZ_STATUS_INVALID_ARGUMENT,
                            "zz::Move::make: a promotion needs a knight, bishop, rook or queen");
            }
            promo = static_cast<unsigned>(promotion) - static_cast<unsigned>(PieceType::Knight);
        } else if (promotion != PieceType::None) {
            throw Error(ZZ_STATUS_INVALID_ARGUMENT,
                        "zz::Move::make: only a promotion has a promotion piece");
        }
        return Move(static_cast<zz_move>(static_cast<unsigned>(square_index(from)) |
                                         (static_cast<unsigned>(square_index(to)) << 6) |
                                         (promo << 12) | (static_cast<unsigned>(kind) << 14)));
    }

    /// The raw 16-bit encoding, to pass to the C API.
    constexpr zz_move raw() const noexcept { return value_; }

    /// Origin square (for castling, the king's square); as zz_move_from_square().
    constexpr Square from() const noexcept { return static_cast<Square>(value_ & 63); }

    /// Destination square; for castling the castling rook's square; as zz_move_to_square().
    constexpr Square to() const noexcept { return static_cast<Square>((value_ >> 6) & 63); }

    /// The kind of the move; as zz_move_kind().
    constexpr MoveKind kind() const noexcept { return static_cast<MoveKind>(value_ >> 14); }

    /// The promotion piece (Knight … Queen) of a promotion, else PieceType::None; as
    /// zz_move_promotion().
    constexpr PieceType promotion() const noexcept {
        return kind() == MoveKind::Promotion
                   ? static_cast<PieceType>(ZZ_PIECE_TYPE_KNIGHT + ((value_ >> 12) & 3))
                   : PieceType::None;
    }

    /// Whether this is the null move (raw 0).
    constexpr bool is_null() const noexcept { return value_ == 0; }

    /// true unless this is the null move.
    constexpr explicit operator bool() const noexcept { return value_ != 0; }

    /**
     * UCI-like text of the encoding alone: origin, destination and a lowercase promotion
     * letter ("e2e4", "e7e8q"), "0000" for the null move. Castling prints king-takes-rook
     * ("e1h1"): correct Chess960 UCI, and accepted by a standard-chess Board's parse_uci(),
     * but not the standard form "e1g1" — use Board::uci(Move) for text a GUI expects.
     */
    std::string uci() const {
        if (is_null()) {
            return "0000";
        }
        std::string s;
        s.reserve(5);
        s.append(square_name(from()));
        s.append(square_name(to()));
        if (kind() == MoveKind::Promotion) {
            s.push_back(piece_type_symbol(promotion()));
        }
        return s;
    }

    /// Same raw value.
    friend constexpr bool operator==(Move a, Move b) noexcept { return a.value_ == b.value_; }
    /// Different raw value.
    friend constexpr bool operator!=(Move a, Move b) noexcept { return a.value_ != b.value_; }
    /// Ordered by raw value (an arbitrary but fixed order, for sorted containers).
    friend constexpr bool operator<(Move a, Move b) noexcept { return a.value_ < b.value_; }
    /// Ordered by raw value.
    friend constexpr bool operator>(Move a, Move b) noexcept { return a.value_ > b.value_; }
    /// Ordered by raw value.
    friend constexpr bool operator<=(Move a, Move b) noexcept { return a.value_ <= b.value_; }
    /// Ordered by raw value.
    friend constexpr bool operator>=(Move a, Move b) noexcept { return a.value_ >= b.value_; }

private:
    zz_move value_ = 0;
};

static_assert(sizeof(Move) == sizeof(zz_move) && alignof(Move) == alignof(zz_move),
              "zz::Move has the layout of zz_move");
static_assert(std::is_standard_layout<Move>::value && std::is_trivially_copyable<Move>::value,
              "zz::Move is a plain value");

/**
 * A list of moves with fixed capacity ZZ_MAX_MOVES (256, enough for the legal moves of any
 * position), stored inline: no heap allocation. Contiguous: iterators are pointers, data()
 * is the array, range-for works. About 520 bytes; returned by value from Board::legal_moves().
 */
class MoveList {
public:
    using value_type = Move;                ///< Element type.
    using size_type = std::size_t;          ///< Size type.
    using difference_type = std::ptrdiff_t; ///< Iterator difference.
    using reference = Move &;               ///< Element reference.
    using const_reference = const Move &;   ///< Const element reference.
    using pointer = Move *;                 ///< Element pointer.
    using const_pointer = const Move *;     ///< Const element pointer.
    using iterator = Move *;                ///< Contiguous iterator.
    using const_iterator = const Move *;    ///< Contiguous const iterator.

    /// An empty list.
    MoveList() noexcept = default;

    /// Capacity in moves: ZZ_MAX_MOVES.
    static constexpr std::size_t capacity() noexcept { return ZZ_MAX_MOVES; }
    /// Number of moves.
    std::size_t size() const noexcept { return size_; }
    /// Whether the list has no move (e.g. legal_moves() of a mate or stalemate).
    bool empty() const noexcept { return size_ == 0; }

    /// The move at `i` (no bounds check; `i` < size()).
    Move &operator[](std::size_t i) noexcept { return moves_[i]; }
    /// The move at `i` (no bounds check; `i` < size()).
    const Move &operator[](std::size_t i) const noexcept { return moves_[i]; }
    /// The move at `i`. @throws std::out_of_range if `i` >= size().
    const Move &at(std::size_t i) const {
        if (i >= size_) {
            throw std::out_of_range("zz::MoveList::at: index out of range");
        }
        return moves_[i];
    }

    /// Pointer to the first move (the moves are contiguous).
    Move *data() noexcept { return moves_; }
    /// Pointer to the first move.
    const Move *data() const noexcept { return moves_; }
    /// Iterator to the first move.
    iterator begin() noexcept { return moves_; }
    /// Iterator past the last move.
    iterator end() noexcept { return moves_ + size_; }
    /// Iterator to the first move.
    const_iterator begin() const noexcept { return moves_; }
    /// Iterator past the last move.
    const_iterator end() const noexcept { return moves_ + size_; }
    /// Iterator to the first move.
    const_iterator cbegin() const noexcept { return moves_; }
    /// Iterator past the last move.
    const_iterator cend() const noexcept { return moves_ + size_; }

    /// Whether `m` is in the list (linear search).
    bool contains(Move m) const noexcept {
        for (std::size_t i = 0; i < size_; ++i) {
            if (moves_[i] == m) {
                return true;
            }
        }
        return false;
    }

    /// Appends `m`. @throws std::length_error if the list is full.
    void push_back(Move m) {
        if (size_ == ZZ_MAX_MOVES) {
            throw std::length_error("zz::MoveList::push_back: list is full");
        }
        moves_[size_++] = m;
    }

    /// Removes every move.
    void clear() noexcept { size_ = 0; }

    /// The moves as the C API's `zz_move` array (same layout), for direct C calls.
    const zz_move *raw_data() const noexcept { return reinterpret_cast<const zz_move *>(moves_); }

private:
    friend class Board;
    zz_move *raw_buffer() noexcept { return reinterpret_cast<zz_move *>(moves_); }

    Move moves_[ZZ_MAX_MOVES];
    std::size_t size_ = 0;
};

// ============================================================================================
// Flags, outcome, perft
// ============================================================================================

/**
 * FEN flags (the C API's ZZ_FEN_*), combinable with `|`. Parsing (Board(fen, flags),
 * set_fen()): Chess960, Relaxed. Writing (Board::fen()): Shredder, and at most one of
 * EpAlways / EpPseudoLegal.
 */
enum class FenFlags : std::uint32_t {
    None = 0,                              ///< Standard chess; strict parsing; default output.
    Chess960 = ZZ_FEN_CHESS960,            ///< Parse: Chess960 castling (X-FEN/Shredder-FEN).
    Relaxed = ZZ_FEN_RELAXED,              ///< Parse: editor mode (see ZZ_FEN_RELAXED).
    Shredder = ZZ_FEN_SHREDDER,            ///< Write: Chess960 rights as rook files (HAha).
    EpAlways = ZZ_FEN_EP_ALWAYS,           ///< Write: ep square after every double push.
    EpPseudoLegal = ZZ_FEN_EP_PSEUDO_LEGAL ///< Write: ep square when a pawn attacks it.
};

/// Union of two flag sets.
constexpr FenFlags operator|(FenFlags a, FenFlags b) noexcept {
    return static_cast<FenFlags>(static_cast<std::uint32_t>(a) | static_cast<std::uint32_t>(b));
}
/// Intersection of two flag sets.
constexpr FenFlags operator&(FenFlags a, FenFlags b) noexcept {
    return static_cast<FenFlags>(static_cast<std::uint32_t>(a) & static_cast<std::uint32_t>(b));
}

/// SAN parsing flags (the C API's ZZ_SAN_*).
enum class SanFlags : std::uint32_t {
    None = 0,                ///< Lenient, like python-chess (`0-0`, missing `=`, `e2e4` …).
    Strict = ZZ_SAN_STRICT,  ///< Canonical SAN only, exactly as Board::san() writes it.
};

/// Why a game ended (the C API's ZZ_TERMINATION_*).
enum class Termination : std::int32_t {
    None = ZZ_TERMINATION_NONE,                                  ///< The game goes on.
    Checkmate = ZZ_TERMINATION_CHECKMATE,                        ///< FIDE 5.1.1.
    Stalemate = ZZ_TERMINATION_STALEMATE,                        ///< FIDE 5.2.1.
    InsufficientMaterial = ZZ_TERMINATION_INSUFFICIENT_MATERIAL, ///< FIDE 5.2.2.
    SeventyfiveMoves = ZZ_TERMINATION_SEVENTYFIVE_MOVES,         ///< FIDE 9.6.2, automatic.
    FivefoldRepetition = ZZ_TERMINATION_FIVEFOLD_REPETITION,     ///< FIDE 9.6.1, automatic.
    FiftyMoves = ZZ_TERMINATION_FIFTY_MOVES,                     ///< FIDE 9.3, claimed.
    ThreefoldRepetition = ZZ_TERMINATION_THREEFOLD_REPETITION,   ///< FIDE 9.2, claimed.
};

/// "none", "checkmate", "stalemate", "insufficient material", "seventy-five moves",
/// "fivefold repetition", "fifty moves", "threefold repetition" ("unknown" otherwise).
constexpr std::string_view name(Termination t) noexcept {
    switch (t) {
    case Termination::None: return "none";
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::InsufficientMaterial: return "insufficient material";
    case Termination::SeventyfiveMoves: return "seventy-five moves";
    case Termination::FivefoldRepetition: return "fivefold repetition";
    case Termination::FiftyMoves: return "fifty moves";
    case Termination::ThreefoldRepetition: return "threefold repetition";
    }
    return "unknown";
}

/// The outcome of a game (Board::outcome()).
struct Outcome {
    Termination termination = Termination::None;  ///< Why it ended; None while it goes on.
    std::optional<Color> winner;                  ///< The winner; nullopt for a draw or no end.

    /// Whether the game is over.
    constexpr bool is_over() const noexcept { return termination != Termination::None; }

    /// PGN result: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on (static text;
    /// equal to Board::result() with the same claim_draw).
    constexpr std::string_view result() const noexcept {
        if (termination == Termination::None) {
            return "*";
        }
        if (!winner) {
            return "1/2-1/2";
        }
        return *winner == Color::White ? "1-0" : "0-1";
    }

    /// Same termination and winner.
    friend constexpr bool operator==(const Outcome &a, const Outcome &b) noexcept {
        return a.termination == b.termination && a.winner == b.winner;
    }
    /// Different termination or winner.
    friend constexpr bool operator!=(const Outcome &a, const Outcome &b) noexcept {
        return !(a == b);
    }
};

/// One root move and the number of leaf nodes below it (Board::perft_divide()).
struct PerftEntry {
    Move move;                ///< A legal root move.
    std::uint64_t nodes = 0;  ///< Leaf nodes of the subtree of depth - 1 after it.
};

/// Options of Board::perft_ex() (the C API's zz_perft_options). The defaults are one thread,
/// no hash table, no statistics (the same count as Board::perft()).
struct PerftOptions {
    std::uint32_t threads = 1;  ///< OS threads sharing the root moves (0 or 1: the calling
                                ///< thread only; at most 1024).
    std::uint32_t hash_mb = 0;  ///< Shared transposition table in MiB (0: none), allocated for
                                ///< the call and freed before it returns; ignored with `stats`.
    bool stats = false;         ///< Classify every leaf as the Chess Programming Wiki's perft
                                ///< tables do (much slower: no bulk counting).
};

/// Results of Board::perft_ex() (the C API's zz_perft_stats); all counts are of leaves, and
/// all but `nodes` are 0 unless PerftOptions::stats was set.
struct PerftStats {
    std::uint64_t nodes = 0;             ///< Leaf nodes (the perft count).
    std::uint64_t captures = 0;          ///< Leaves reached by a capture (en passant included).
    std::uint64_t en_passant = 0;        ///< Leaves reached by an en passant capture.
    std::uint64_t castles = 0;           ///< Leaves reached by castling.
    std::uint64_t promotions = 0;        ///< Leaves reached by a promotion.
    std::uint64_t checks = 0;            ///< Leaves where the side to move is in check.
    std::uint64_t discovery_checks = 0;  ///< Single checks by a piece other than the mover.
    std::uint64_t double_checks = 0;     ///< Checks given by two pieces.
    std::uint64_t checkmates = 0;        ///< Leaves where the side to move is checkmated.

    /// Every count equal.
    friend bool operator==(const PerftStats &a, const PerftStats &b) noexcept {
        return a.nodes == b.nodes && a.captures == b.captures && a.en_passant == b.en_passant &&
               a.castles == b.castles && a.promotions == b.promotions && a.checks == b.checks &&
               a.discovery_checks == b.discovery_checks && a.double_checks == b.double_checks &&
               a.checkmates == b.checkmates;
    }
    /// Some count differs.
    friend bool operator!=(const PerftStats &a, const PerftStats &b) noexcept {
        return !(a == b);
    }
};

// ============================================================================================
// Board
// ============================================================================================

/**
 * A chess game: the current position and the moves played since it was set up (a
 * `zz_board *`, owned through std::unique_ptr with a zz_board_free() deleter).
 *
 * - Copying clones the board (zz_board_clone(): position and history). Moving is cheap and
 *   leaves the source empty; an empty board may only be destroyed, assigned to, or asked
 *   raw()/release()/empty() (other methods throw zz::Error(ZZ_STATUS_NULL_PARAMETER) or
 *   return the C API's NULL default: false, 0, -1 …).
 * - Methods are the C functions without the `zz_board_` prefix (legal_moves(), push(),
 *   pop(), fen(), san(), outcome() …), plus perft()/perft_divide()/perft_ex() for
 *   zz_perft()/zz_perft_divide()/zz_perft_ex().
 * - Failing calls throw zz::Error and leave the board unchanged.
 * - Threads: const methods may run concurrently on one board; non-const ones need exclusive
 *   access; distinct boards are independent.
 */
class Board {
public:
    /// The standard starting position (zz_board_new()). @throws zz::Error on failure.
    Board() {
        zz_board *b = nullptr;
        detail::check(zz_board_new(&b));
        ptr_.reset(b);
    }

    /**
     * A board set up from a FEN (zz_board_from_fen()): six fields, or four (the clocks then
     * default to "0 1"). `flags`: FenFlags::None, or Chess960 and/or Relaxed.
     * @throws zz::Error ZZ_STATUS_INVALID_FEN (refused; what() names the field and reason),
     *         ZZ_STATUS_INVALID_ARGUMENT (flags), ZZ_STATUS_INVALID_STRING (not UTF-8, or a
     *         NUL byte inside `fen`).
     */
    explicit Board(std::string_view fen, FenFlags flags = FenFlags::None) {
        detail::CString c(fen);
        zz_board *b = nullptr;
        detail::check(zz_board_from_fen(c.c_str(), static_cast<std::uint32_t>(flags), &b));
        ptr_.reset(b);
    }

    /// Same as Board(fen, flags), named after zz_board_from_fen(). @throws as Board(fen, flags).
    static Board from_fen(std::string_view fen, FenFlags flags = FenFlags::None) {
        return Board(fen, flags);
    }

    /// Takes ownership of `owned` (a board from the C API, or NULL for an empty Board); it is
    /// freed by this Board's destructor. Do not free it yourself.
    static Board adopt(zz_board *owned) noexcept { return Board(owned, AdoptTag{}); }

    /// An independent copy: position and move history (zz_board_clone()); copying an empty
    /// board gives an empty board. @throws zz::Error on failure.
    Board(const Board &other) : ptr_(clone_raw(other.ptr_.get())) {}

    /// Replaces this board by a copy of `other` (strong guarantee). @throws as the copy.
    Board &operator=(const Board &other) {
        if (this != &other) {
            ptr_.reset(clone_raw(other.ptr_.get()));
        }
        return *this;
    }

    /// Takes `other`'s board; `other` becomes empty. No library call.
    Board(Board &&other) noexcept = default;
    /// Frees this board and takes `other`'s; `other` becomes empty.
    Board &operator=(Board &&other) noexcept = default;
    /// Frees the board (zz_board_free(); nothing for an empty Board).
    ~Board() = default;

    /// An independent copy (same as the copy constructor). @throws zz::Error on failure.
    Board clone() const { return Board(*this); }

    /// The underlying C handle (still owned by this Board; NULL if empty).
    zz_board *raw() noexcept { return ptr_.get(); }
    /// The underlying C handle for const C calls (still owned by this Board; NULL if empty).
    const zz_board *raw() const noexcept { return ptr_.get(); }
    /// Gives up ownership: returns the handle (the caller now frees it with zz_board_free())
    /// and leaves this Board empty.
    zz_board *release() noexcept { return ptr_.release(); }
    /// Whether this Board holds no board (moved from or released).
    bool empty() const noexcept { return ptr_ == nullptr; }

    // ---- FEN ------------------------------------------------------------------------------

    /**
     * Sets the position from a FEN and clears the move history (zz_board_set_fen()); flags as
     * in Board(fen, flags). On error the board is unchanged.
     * @throws zz::Error ZZ_STATUS_INVALID_FEN, ZZ_STATUS_INVALID_ARGUMENT,
     *         ZZ_STATUS_INVALID_STRING.
     */
    void set_fen(std::string_view fen, FenFlags flags = FenFlags::None) {
        detail::CString c(fen);
        detail::check(zz_board_set_fen(raw(), c.c_str(), static_cast<std::uint32_t>(flags)));
    }

    /**
     * The FEN of the current position (zz_board_fen()). `flags`: None (en passant square only
     * when an en passant capture is legal; X-FEN castling in Chess960), or Shredder and at
     * most one of EpAlways / EpPseudoLegal.
     * @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT (flags).
     */
    std::string fen(FenFlags flags = FenFlags::None) const {
        const zz_board *b = raw();
        const auto f = static_cast<std::uint32_t>(flags);
        return detail::string_out<ZZ_FEN_MAX>([&](char *buf, std::size_t cap, std::size_t *len) {
            return zz_board_fen(b, f, buf, cap, len);
        });
    }

    // ---- Position queries ------------------------------------------------------------------

    /// The side to move (zz_board_turn()).
    Color turn() const noexcept { return static_cast<Color>(zz_board_turn(raw())); }

    /// The piece on `square`, or std::nullopt if it is empty (zz_board_piece_at()).
    /// @throws zz::Error on failure (not for a valid Square).
    std::optional<Piece> piece_at(Square square) const {
        std::int32_t color = -1;
        std::int32_t type = ZZ_PIECE_TYPE_NONE;
        detail::check(zz_board_piece_at(raw(), square_index(square), &color, &type));
        if (type == ZZ_PIECE_TYPE_NONE) {
            return std::nullopt;
        }
        return Piece{static_cast<Color>(color), static_cast<PieceType>(type)};
    }

    /// Pieces of `color` and `type` (zz_board_pieces()); an empty bitboard for
    /// PieceType::None. @throws zz::Error on failure.
    Bitboard pieces(Color color, PieceType type) const {
        if (type == PieceType::None) {
            return 0;
        }
        return pieces_raw(static_cast<std::int32_t>(color), static_cast<std::int32_t>(type));
    }
    /// Pieces of `type` of both colors (zz_board_pieces() with color -1); empty for None.
    /// @throws zz::Error on failure.
    Bitboard pieces(PieceType type) const {
        if (type == PieceType::None) {
            return 0;
        }
        return pieces_raw(-1, static_cast<std::int32_t>(type));
    }
    /// All pieces of `color` (zz_board_pieces() with ZZ_PIECE_TYPE_NONE). @throws zz::Error.
    Bitboard pieces(Color color) const {
        return pieces_raw(static_cast<std::int32_t>(color), ZZ_PIECE_TYPE_NONE);
    }
    /// All pieces on the board (zz_board_pieces(-1, ZZ_PIECE_TYPE_NONE)). @throws zz::Error.
    Bitboard occupied() const { return pieces_raw(-1, ZZ_PIECE_TYPE_NONE); }

    /// Pieces of `color` attacking `square`, pinned ones included (zz_board_attackers()).
    /// @throws zz::Error on failure.
    Bitboard attackers(Color color, Square square) const {
        Bitboard out = 0;
        detail::check(zz_board_attackers(raw(), static_cast<std::int32_t>(color),
                                         square_index(square), &out));
        return out;
    }

    /// Whether `color` attacks `square` (zz_board_is_attacked_by()). @throws zz::Error.
    bool is_attacked_by(Color color, Square square) const {
        bool out = false;
        detail::check(zz_board_is_attacked_by(raw(), static_cast<std::int32_t>(color),
                                              square_index(square), &out));
        return out;
    }

    /// Pieces giving check to the side to move (zz_board_checkers()).
    Bitboard checkers() const noexcept { return zz_board_checkers(raw()); }

    /// Pieces of `color` absolutely pinned to their king (zz_board_pinned()).
    /// @throws zz::Error on failure.
    Bitboard pinned(Color color) const {
        Bitboard out = 0;
        detail::check(zz_board_pinned(raw(), static_cast<std::int32_t>(color), &out));
        return out;
    }

    /// Rooks that may still castle, as a bitboard (zz_board_castling_rights(); e.g.
    /// 0x8100000000000081 at the start).
    Bitboard castling_rights() const noexcept { return zz_board_castling_rights(raw()); }

    /// The en passant square as FEN records it (after every double push), or nullopt
    /// (zz_board_ep_square()).
    std::optional<Square> ep_square() const noexcept {
        return optional_square(zz_board_ep_square(raw()));
    }

    /// The en passant square only if an en passant capture is legal now, else nullopt
    /// (zz_board_legal_ep_square()).
    std::optional<Square> legal_ep_square() const noexcept {
        return optional_square(zz_board_legal_ep_square(raw()));
    }

    /// Plies since the last capture or pawn move (zz_board_halfmove_clock()).
    std::uint32_t halfmove_clock() const noexcept { return zz_board_halfmove_clock(raw()); }
    /// Fullmove number: 1 at the start, +1 after each black move (zz_board_fullmove_number()).
    std::uint32_t fullmove_number() const noexcept { return zz_board_fullmove_number(raw()); }
    /// Plies since the game start as the position tells it: 2 * (fullmove - 1) + (black to
    /// move) (zz_board_ply()).
    std::uint32_t ply() const noexcept { return zz_board_ply(raw()); }

    /// Polyglot Zobrist key of the position (zz_board_zobrist(); start 0x463b96181691fc9c).
    std::uint64_t zobrist() const noexcept { return zz_board_zobrist(raw()); }

    // ---- Moves -----------------------------------------------------------------------------

    /// The legal moves (zz_board_legal_moves()); order unspecified but stable per position.
    /// No heap allocation. @throws zz::Error on failure.
    MoveList legal_moves() const {
        MoveList list;
        std::size_t n = 0;
        detail::check(zz_board_legal_moves(raw(), list.raw_buffer(), MoveList::capacity(), &n));
        list.size_ = n;
        return list;
    }

    /// The legal moves starting on `square` (zz_board_legal_moves_from()).
    /// @throws zz::Error on failure.
    MoveList legal_moves_from(Square square) const {
        MoveList list;
        std::size_t n = 0;
        detail::check(zz_board_legal_moves_from(raw(), square_index(square), list.raw_buffer(),
                                                MoveList::capacity(), &n));
        list.size_ = n;
        return list;
    }

    /// Plays the legal move `move` (zz_board_push()).
    /// @throws zz::Error ZZ_STATUS_ILLEGAL_MOVE (board unchanged).
    void push(Move move) { detail::check(zz_board_push(raw(), move.raw())); }

    /**
     * Parses a UCI move and plays it (zz_board_push_uci()); returns the move played (read
     * back with zz_board_peek()). Accepts `e1g1` and `e1h1` castling in standard chess,
     * king-takes-rook in Chess960.
     * @throws zz::Error ZZ_STATUS_INVALID_UCI (syntax), ZZ_STATUS_ILLEGAL_MOVE,
     *         ZZ_STATUS_INVALID_STRING; the board is then unchanged.
     */
    Move push_uci(std::string_view uci) {
        detail::CString c(uci);
        detail::check(zz_board_push_uci(raw(), c.c_str()));
        return peek();
    }

    /// Parses SAN (see parse_san()) and plays the move; returns it (zz_board_push_san()).
    /// @throws as parse_san(); the board is then unchanged.
    Move push_san(std::string_view san, SanFlags flags = SanFlags::None) {
        detail::CString c(san);
        zz_move m = 0;
        detail::check(
            zz_board_push_san(raw(), c.c_str(), static_cast<std::uint32_t>(flags), &m));
        return Move(m);
    }

    /// Takes back the last move and returns it (zz_board_pop()).
    /// @throws zz::Error ZZ_STATUS_EMPTY_HISTORY if no move was played since set-up.
    Move pop() {
        zz_move m = 0;
        detail::check(zz_board_pop(raw(), &m));
        return Move(m);
    }

    /// The last move played (zz_board_peek()).
    /// @throws zz::Error ZZ_STATUS_EMPTY_HISTORY if no move was played since set-up.
    Move peek() const {
        zz_move m = 0;
        detail::check(zz_board_peek(raw(), &m));
        return Move(m);
    }

    /// The moves played since the board was set up, oldest first (zz_board_move_stack()).
    /// @throws zz::Error on failure; std::bad_alloc.
    std::vector<Move> move_stack() const {
        std::vector<Move> moves(zz_board_move_count(raw()));
        for (;;) {
            zz_move dummy = 0;
            zz_move *buf = moves.empty() ? &dummy : reinterpret_cast<zz_move *>(moves.data());
            std::size_t n = 0;
            zz_status rc = zz_board_move_stack(raw(), buf, moves.size(), &n);
            if (rc == ZZ_STATUS_BUFFER_TOO_SMALL && n > moves.size()) {
                moves.resize(n);
                continue;
            }
            detail::check(rc);
            moves.resize(n);
            return moves;
        }
    }

    /// Number of moves on the move stack (zz_board_move_count()).
    std::uint32_t move_count() const noexcept { return zz_board_move_count(raw()); }

    // ---- Notation --------------------------------------------------------------------------

    /// The legal move named by a UCI string, not played (zz_board_parse_uci()).
    /// @throws zz::Error ZZ_STATUS_INVALID_UCI (syntax), ZZ_STATUS_ILLEGAL_MOVE,
    ///         ZZ_STATUS_INVALID_STRING.
    Move parse_uci(std::string_view uci) const {
        detail::CString c(uci);
        zz_move m = 0;
        detail::check(zz_board_parse_uci(raw(), c.c_str(), &m));
        return Move(m);
    }

    /// UCI text of `move` for this board (zz_board_uci()): `e2e4`, `e7e8q`, castling `e1g1`
    /// in standard chess and king-takes-rook in Chess960, `0000` for the null move. Not
    /// checked for legality. @throws zz::Error on failure.
    std::string uci(Move move) const {
        const zz_board *b = raw();
        return detail::string_out<ZZ_UCI_MAX>([&](char *buf, std::size_t cap, std::size_t *len) {
            return zz_board_uci(b, move.raw(), buf, cap, len);
        });
    }

    /// SAN of the legal move `move` (zz_board_san()), e.g. "Nbd7", "exd8=Q#", "O-O".
    /// @throws zz::Error ZZ_STATUS_ILLEGAL_MOVE.
    std::string san(Move move) const {
        const zz_board *b = raw();
        return detail::string_out<ZZ_SAN_MAX>([&](char *buf, std::size_t cap, std::size_t *len) {
            return zz_board_san(b, move.raw(), buf, cap, len);
        });
    }

    /// SAN of every legal move, in legal_moves() order (zz_board_san_all(), one C call).
    /// @throws zz::Error on failure; std::bad_alloc.
    std::vector<std::string> san_all() const {
        const zz_board *b = raw();
        const std::string all =
            detail::string_out<ZZ_SAN_ALL_MAX>([&](char *buf, std::size_t cap, std::size_t *len) {
                return zz_board_san_all(b, buf, cap, len);
            });
        std::vector<std::string> out;
        std::size_t start = 0;
        while (start < all.size()) {
            std::size_t space = all.find(' ', start);
            if (space == std::string::npos) {
                space = all.size();
            }
            out.emplace_back(all, start, space - start);
            start = space + 1;
        }
        return out;
    }

    /// Long algebraic notation of the legal move `move` (zz_board_lan()): "Ng1-f3", "e7xd8=Q+".
    /// @throws zz::Error ZZ_STATUS_ILLEGAL_MOVE.
    std::string lan(Move move) const {
        const zz_board *b = raw();
        return detail::string_out<ZZ_SAN_MAX>([&](char *buf, std::size_t cap, std::size_t *len) {
            return zz_board_lan(b, move.raw(), buf, cap, len);
        });
    }

    /**
     * The legal move named by SAN, not played (zz_board_parse_san()). Lenient by default
     * (python-chess's forms); SanFlags::Strict accepts canonical SAN only.
     * @throws zz::Error ZZ_STATUS_INVALID_SAN (syntax), ZZ_STATUS_ILLEGAL_MOVE (no legal move
     *         matches), ZZ_STATUS_AMBIGUOUS_SAN (several do), ZZ_STATUS_INVALID_ARGUMENT
     *         (flags), ZZ_STATUS_INVALID_STRING.
     */
    Move parse_san(std::string_view san, SanFlags flags = SanFlags::None) const {
        detail::CString c(san);
        zz_move m = 0;
        detail::check(
            zz_board_parse_san(raw(), c.c_str(), static_cast<std::uint32_t>(flags), &m));
        return Move(m);
    }

    // ---- Move predicates -------------------------------------------------------------------

    /// Whether the legal move `move` gives check (zz_board_gives_check()).
    /// @throws zz::Error ZZ_STATUS_ILLEGAL_MOVE.
    bool gives_check(Move move) const {
        bool out = false;
        detail::check(zz_board_gives_check(raw(), move.raw(), &out));
        return out;
    }
    /// Whether `move` captures, en passant included (zz_board_is_capture()).
    bool is_capture(Move move) const noexcept { return zz_board_is_capture(raw(), move.raw()); }
    /// Whether `move` is en passant (zz_board_is_en_passant()).
    bool is_en_passant(Move move) const noexcept {
        return zz_board_is_en_passant(raw(), move.raw());
    }
    /// Whether `move` is castling (zz_board_is_castling()).
    bool is_castling(Move move) const noexcept { return zz_board_is_castling(raw(), move.raw()); }
    /// Whether `move` resets the halfmove clock: pawn move or capture (zz_board_is_zeroing()).
    bool is_zeroing(Move move) const noexcept { return zz_board_is_zeroing(raw(), move.raw()); }

    // ---- Game state ------------------------------------------------------------------------

    /// Whether the side to move is in check (zz_board_is_check()).
    bool is_check() const noexcept { return zz_board_is_check(raw()); }
    /// Checkmate (zz_board_is_checkmate()).
    bool is_checkmate() const noexcept { return zz_board_is_checkmate(raw()); }
    /// Stalemate (zz_board_is_stalemate()).
    bool is_stalemate() const noexcept { return zz_board_is_stalemate(raw()); }

    /// Whether `color` cannot mate by material (zz_board_has_insufficient_material()).
    /// @throws zz::Error on failure.
    bool has_insufficient_material(Color color) const {
        bool out = false;
        detail::check(
            zz_board_has_insufficient_material(raw(), static_cast<std::int32_t>(color), &out));
        return out;
    }
    /// Both sides have insufficient material (zz_board_is_insufficient_material()).
    bool is_insufficient_material() const noexcept {
        return zz_board_is_insufficient_material(raw());
    }

    /// Whether the current position has occurred at least `count` times since set-up,
    /// itself included (zz_board_is_repetition(); FIDE 9.2.3 identity). Cost: O(plies since
    /// the last capture or pawn move).
    bool is_repetition(std::uint32_t count = 3) const noexcept {
        return zz_board_is_repetition(raw(), count);
    }
    /// Threefold repetition claim (zz_board_can_claim_threefold_repetition()).
    bool can_claim_threefold_repetition() const noexcept {
        return zz_board_can_claim_threefold_repetition(raw());
    }
    /// Fivefold repetition (zz_board_is_fivefold_repetition()).
    bool is_fivefold_repetition() const noexcept {
        return zz_board_is_fivefold_repetition(raw());
    }
    /// Fifty-move claim (zz_board_can_claim_fifty_moves()).
    bool can_claim_fifty_moves() const noexcept { return zz_board_can_claim_fifty_moves(raw()); }
    /// Seventy-five-move rule (zz_board_is_seventyfive_moves()).
    bool is_seventyfive_moves() const noexcept { return zz_board_is_seventyfive_moves(raw()); }

    /// Whether the game is over; with `claim_draw` also when fifty moves or threefold
    /// repetition can be claimed (zz_board_is_game_over()).
    bool is_game_over(bool claim_draw = false) const noexcept {
        return zz_board_is_game_over(raw(), claim_draw);
    }

    /// The outcome (zz_board_outcome()): termination None and no winner while the game goes
    /// on; `claim_draw` as in is_game_over(). @throws zz::Error on failure.
    Outcome outcome(bool claim_draw = false) const {
        zz_outcome o{ZZ_TERMINATION_NONE, -1};
        detail::check(zz_board_outcome(raw(), claim_draw, &o));
        Outcome out;
        out.termination = static_cast<Termination>(o.termination);
        if (o.winner == ZZ_COLOR_WHITE || o.winner == ZZ_COLOR_BLACK) {
            out.winner = static_cast<Color>(o.winner);
        }
        return out;
    }

    /// PGN result: "1-0", "0-1", "1/2-1/2" or "*" (zz_board_result(); static text).
    std::string_view result(bool claim_draw = false) const noexcept {
        return zz_board_result(raw(), claim_draw);
    }

    // ---- Perft -----------------------------------------------------------------------------

    /// Leaf nodes of the legal move tree of `depth` plies (zz_perft(); single thread; depth 0
    /// gives 1). @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT (depth > ZZ_PERFT_MAX_DEPTH).
    std::uint64_t perft(std::uint32_t depth) const {
        std::uint64_t nodes = 0;
        detail::check(zz_perft(raw(), depth, &nodes));
        return nodes;
    }

    /// Perft by root move (zz_perft_divide()), one entry per legal move in legal_moves()
    /// order; the counts sum to perft(depth).
    /// @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT (depth 0 or > ZZ_PERFT_MAX_DEPTH).
    std::vector<PerftEntry> perft_divide(std::uint32_t depth) const {
        zz_perft_entry buf[ZZ_MAX_MOVES];
        std::size_t n = 0;
        detail::check(zz_perft_divide(raw(), depth, buf, ZZ_MAX_MOVES, &n));
        std::vector<PerftEntry> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out.push_back(PerftEntry{Move(buf[i].move), buf[i].nodes});
        }
        return out;
    }

    /**
     * Perft for big jobs (zz_perft_ex()): `depth` plies (0 … ZZ_PERFT_MAX_DEPTH) with threads,
     * a shared hash table and/or leaf statistics. The board is only read (other threads may
     * read it meanwhile). Blocks until done.
     * @throws zz::Error ZZ_STATUS_INVALID_ARGUMENT (depth, threads > 1024),
     *         ZZ_STATUS_OUT_OF_MEMORY (the hash table cannot be allocated).
     */
    PerftStats perft_ex(std::uint32_t depth, const PerftOptions &options = PerftOptions{}) const {
        zz_perft_options o{};
        o.threads = options.threads;
        o.hash_mb = options.hash_mb;
        o.stats = options.stats;
        zz_perft_stats s{};
        detail::check(zz_perft_ex(raw(), depth, &o, &s));
        PerftStats out;
        out.nodes = s.nodes;
        out.captures = s.captures;
        out.en_passant = s.en_passant;
        out.castles = s.castles;
        out.promotions = s.promotions;
        out.checks = s.checks;
        out.discovery_checks = s.discovery_checks;
        out.double_checks = s.double_checks;
        out.checkmates = s.checkmates;
        return out;
    }

private:
    struct Deleter {
        void operator()(zz_board *b) const noexcept { zz_board_free(b); }
    };
    struct AdoptTag {};

    Board(zz_board *owned, AdoptTag) noexcept : ptr_(owned) {}

    static zz_board *clone_raw(const zz_board *b) {
        if (b == nullptr) {
            return nullptr;
        }
        zz_board *out = nullptr;
        detail::check(zz_board_clone(b, &out));
        return out;
    }

    static std::optional<Square> optional_square(std::int32_t sq) noexcept {
        if (sq < 0 || sq > 63) {
            return std::nullopt;
        }
        return static_cast<Square>(sq);
    }

    Bitboard pieces_raw(std::int32_t color, std::int32_t type) const {
        Bitboard out = 0;
        detail::check(zz_board_pieces(raw(), color, type, &out));
        return out;
    }

    std::unique_ptr<zz_board, Deleter> ptr_;
};

// ============================================================================================
// Stream output
// ============================================================================================

/// Writes "white" / "black".
inline std::ostream &operator<<(std::ostream &os, Color c) { return os << name(c); }
/// Writes the piece type's name ("knight").
inline std::ostream &operator<<(std::ostream &os, PieceType t) { return os << name(t); }
/// Writes the piece's FEN letter ('N', 'n').
inline std::ostream &operator<<(std::ostream &os, Piece p) { return os << p.symbol(); }
/// Writes the square's name ("e4").
inline std::ostream &operator<<(std::ostream &os, Square s) { return os << square_name(s); }
/// Writes Move::uci() (castling as king-takes-rook; see Board::uci()).
inline std::ostream &operator<<(std::ostream &os, Move m) { return os << m.uci(); }
/// Writes the termination's name ("checkmate").
inline std::ostream &operator<<(std::ostream &os, Termination t) { return os << name(t); }

}  // namespace zz

namespace std {
/// Hash of a move (its raw 16-bit value), for unordered containers.
template <>
struct hash<zz::Move> {
    /// The hash of the move's raw 16-bit value.
    std::size_t operator()(zz::Move m) const noexcept {
        return std::hash<zz_move>{}(m.raw());
    }
};
}  // namespace std

#endif  // ZUGZWANG_HPP

// Minimal check macros for the C++ tests in tests/cpp (not a test itself).
//
// CHECK never disappears under NDEBUG (unlike assert): a failed check prints its file, line and
// expression (plus both values for CHECK_EQ), is counted, and the test goes on; zzt::finish()
// turns the count into the exit status.
#ifndef ZZ_TESTS_CPP_CHECK_HPP
#define ZZ_TESTS_CPP_CHECK_HPP

#include <cstdint>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include "zugzwang.hpp"

namespace zzt {

inline unsigned long &check_count() {
    static unsigned long n = 0;
    return n;
}
inline unsigned long &failure_count() {
    static unsigned long n = 0;
    return n;
}

inline void fail(const char *file, int line, const std::string &what) {
    ++failure_count();
    std::printf("FAIL %s:%d: %s\n", file, line, what.c_str());
    std::fflush(stdout);
}

template <typename T, typename = void>
struct is_streamable : std::false_type {};
template <typename T>
struct is_streamable<T, std::void_t<decltype(std::declval<std::ostream &>() << std::declval<const T &>())>>
    : std::true_type {};

template <typename T>
std::string show(const T &v) {
    if constexpr (std::is_same<T, std::uint8_t>::value || std::is_same<T, std::int8_t>::value) {
        return std::to_string(static_cast<int>(v));
    } else if constexpr (is_streamable<T>::value) {
        std::ostringstream os;
        os << v;
        return os.str();
    } else {
        return "<value>";
    }
}
template <typename T>
std::string show(const std::optional<T> &v) {
    return v ? "some(" + show(*v) + ")" : std::string("none");
}
inline std::string show(bool v) { return v ? "true" : "false"; }

/// Prints a summary and returns the exit status (0 when no check failed).
inline int finish(const char *name) {
    std::printf("%s: %lu checks, %lu failures: %s\n", name, check_count(), failure_count(),
                failure_count() == 0 ? "ok" : "FAILED");
    return failure_count() == 0 ? 0 : 1;
}

}  // namespace zzt

#define CHECK(cond)                                                                             \
    do {                                                                                        \
        ++zzt::check_count();                                                                   \
        if (!(cond)) {                                                                          \
            zzt::fail(__FILE__, __LINE__, #cond);                                               \
        }                                                                                       \
    } while (0)

#define CHECK_MSG(cond, msg)                                                                    \
    do {                                                                                        \
        ++zzt::check_count();                                                                   \
        if (!(cond)) {                                                                          \
            zzt::fail(__FILE__, __LINE__, std::string(#cond) + "  [" + (msg) + "]");            \
        }                                                                                       \
    } while (0)

#define CHECK_EQ(a, b)                                                                          \
    do {                                                                                        \
        ++zzt::check_count();                                                                   \
        const auto zzt_a_ = (a);                                                                \
        const auto zzt_b_ = (b);                                                                \
        if (!(zzt_a_ == zzt_b_)) {                                                              \
            zzt::fail(__FILE__, __LINE__,                                                       \
                      std::string(#a " == " #b "  [") + zzt::show(zzt_a_) + " vs " +            \
                          zzt::show(zzt_b_) + "]");                                             \
        }                                                                                       \
    } while (0)

// Evaluates `expr`, which must throw zz::Error with status `want`; the error's what() must be
// non-empty. Evaluates to nothing.
#define CHECK_THROWS_STATUS(expr, want)                                                         \
    do {                                                                                        \
        ++zzt::check_count();                                                                   \
        try {                                                                                   \
            (void)(expr);                                                                       \
            zzt::fail(__FILE__, __LINE__, std::string(#expr " did not throw"));                 \
        } catch (const zz::Error &zzt_e_) {                                                     \
            if (zzt_e_.status() != (want) || zzt_e_.what()[0] == '\0') {                        \
                zzt::fail(__FILE__, __LINE__,                                                   \
                          std::string(#expr ": status ") +                                      \
                              std::to_string(static_cast<int>(zzt_e_.status())) + " (" +       \
                              zzt_e_.what() + "), expected " +                                  \
                              std::to_string(static_cast<int>(want)));                          \
            }                                                                                   \
        } catch (const std::exception &zzt_e_) {                                                \
            zzt::fail(__FILE__, __LINE__,                                                       \
                      std::string(#expr " threw a non-zz::Error: ") + zzt_e_.what());           \
        }                                                                                       \
    } while (0)

#endif  // ZZ_TESTS_CPP_CHECK_HPP

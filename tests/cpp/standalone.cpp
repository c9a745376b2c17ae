// A translation unit that includes only the C++ header: it must compile on its own (every
// standard header it needs included, zugzwang.h found through -Iinclude). Linked into
// test_wrapper; it defines nothing.
#include "zugzwang.hpp"

#!/usr/bin/env bash
# Consumer tests (make test-consumers): use zugzwang the ways the README tells users to.
#
#  1. `make install` into a fresh temporary prefix; check the installed layout, the soname and
#     that the shared library exports exactly the header's zz_* functions;
#  2. a C program with pkg-config: shared (`pkg-config --cflags --libs zugzwang`) and static
#     (libzugzwang.a plus `pkg-config --static` Libs.private);
#  3. a CMake project with find_package(zugzwang CONFIG REQUIRED): C++ on zugzwang::zugzwang,
#     C++ and C on zugzwang::zugzwang_static (and incompatible versions are refused);
#  4. a CMake project with add_subdirectory(<this source tree>) (cargo is a no-op when fresh);
#  5. `make uninstall`: the prefix must be empty again;
#  6. the same install/uninstall staged with DESTDIR.
# Every program computes perft(4) of the start position and must print 197281.
#
# Environment: ZZ_MAKE (default `make`; the make target passes its own makefiles), CC, CXX.
# Needs cmake (>= 3.16), pkg-config, readelf and nm (binutils).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
read -r -a make_cmd <<<"${ZZ_MAKE:-make}"
cc=${CC:-cc}
cxx=${CXX:-c++}
for tool in cmake pkg-config readelf nm "$cc" "$cxx"; do
  command -v "$tool" >/dev/null || { echo "run.sh: '$tool' not found" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zugzwang-consumers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
mkdir "$prefix"

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
# Runs a consumer program; it must succeed and print perft(4) = 197281.
run_perft() {
  local out
  out=$("$@") || fail "$* exited with status $?"
  printf '%s\n' "$out"
  [[ $out == *"perft(4) = 197281"* ]] || fail "$*: no 'perft(4) = 197281' in its output"
}
# needed FILE: the DT_NEEDED entries of an executable, one per line.
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p'; }

header=$root/include/zugzwang.h
version=$(sed -n 's/^#define ZZ_VERSION_STRING "\(.*\)"$/\1/p' "$header")
major=$(sed -n 's/^#define ZZ_VERSION_MAJOR \([0-9]*\)$/\1/p' "$header")
[[ -n $version && -n $major ]] || fail "no ZZ_VERSION_* in $header"
soname=libzugzwang.so.$major

step "install into $prefix"
"${make_cmd[@]}" -C "$root" install PREFIX="$prefix"

lib=$prefix/lib
for f in "lib/libzugzwang.so.$version" lib/libzugzwang.a include/zugzwang.h include/zugzwang.hpp \
         lib/pkgconfig/zugzwang.pc lib/cmake/zugzwang/zugzwangConfig.cmake \
         lib/cmake/zugzwang/zugzwangConfigVersion.cmake; do
  [[ -f $prefix/$f && ! -L $prefix/$f ]] || fail "not installed as a file: $f"
done
[[ $(readlink "$lib/$soname") == "libzugzwang.so.$version" ]] || fail "$soname is not a symlink to libzugzwang.so.$version"
[[ $(readlink "$lib/libzugzwang.so") == "$soname" ]] || fail "libzugzwang.so is not a symlink to $soname"
got=$(readelf -d "$lib/libzugzwang.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[[ $got == "$soname" ]] || fail "soname is '$got', expected '$soname'"
cmp -s "$header" "$prefix/include/zugzwang.h" || fail "installed zugzwang.h differs"

# The shared library exports the header's functions and nothing else.
nm -D --defined-only "$lib/libzugzwang.so.$version" | awk '{print $NF}' | sort >"$tmp/exported"
grep -o '\bzz_[a-z0-9_]*(' "$header" | tr -d '(' | sort -u >"$tmp/declared"
if ! diff -u "$tmp/declared" "$tmp/exported"; then
  fail "the exported dynamic symbols (+) differ from the header's functions (-)"
fi
echo "exports: $(wc -l <"$tmp/exported") symbols, all zz_*, exactly the header's functions"

step "C with pkg-config, shared"
export PKG_CONFIG_PATH=$lib/pkgconfig
pkg-config --exists --print-errors "zugzwang = $version"
pc_libdir=$(pkg-config --variable=libdir zugzwang)
[[ $pc_libdir == "$lib" ]] || fail "pkg-config libdir is '$pc_libdir', expected '$lib'"
# shellcheck disable=SC2046  # pkg-config output is meant to be split
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 "$root/tests/consumers/perft.c" -o "$tmp/c_shared" \
  $(pkg-config --cflags --libs zugzwang) -Wl,-rpath,"$pc_libdir"
needed "$tmp/c_shared" | grep -qx "$soname" || fail "c_shared does not need $soname"
run_perft "$tmp/c_shared"
ldd "$tmp/c_shared" | grep -q "$lib/$soname" || fail "c_shared does not load $lib/$soname"

step "C with pkg-config, static libzugzwang.a"
static_libs=$(pkg-config --libs --static zugzwang | sed 's/-lzugzwang\b/-l:libzugzwang.a/')
echo "link flags: $static_libs"
# shellcheck disable=SC2046,SC2086
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 "$root/tests/consumers/perft.c" -o "$tmp/c_static" \
  $(pkg-config --cflags zugzwang) $static_libs
if needed "$tmp/c_static" | grep -q zugzwang; then fail "c_static depends on a shared libzugzwang"; fi
run_perft "$tmp/c_static"

step "CMake find_package"
cmake -S "$root/tests/consumers/find_package" -B "$tmp/find_package" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DZZ_EXPECT_VERSION="$version" \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx"
cmake --build "$tmp/find_package"
needed "$tmp/find_package/perft_cpp" | grep -qx "$soname" || fail "perft_cpp does not need $soname"
run_perft "$tmp/find_package/perft_cpp"
for exe in perft_cpp_static perft_c_static; do
  if needed "$tmp/find_package/$exe" | grep -q zugzwang; then fail "$exe depends on a shared libzugzwang"; fi
  run_perft "$tmp/find_package/$exe"
done

step "CMake add_subdirectory of $root"
cmake -S "$root/tests/consumers/add_subdirectory" -B "$tmp/add_subdirectory" -DCMAKE_BUILD_TYPE=Release \
  -DZUGZWANG_SOURCE_DIR="$root" -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx"
cmake --build "$tmp/add_subdirectory"
for exe in perft_cpp perft_c perft_c_static; do
  run_perft "$tmp/add_subdirectory/$exe"
done

step "uninstall from $prefix"
"${make_cmd[@]}" -C "$root" uninstall PREFIX="$prefix"
if [[ -n $(ls -A "$prefix") ]]; then
  find "$prefix" >&2
  fail "uninstall left files in $prefix"
fi

step "install and uninstall with DESTDIR"
stage=$tmp/stage
"${make_cmd[@]}" -C "$root" install PREFIX=/opt/zugzwang DESTDIR="$stage"
[[ -f $stage/opt/zugzwang/lib/libzugzwang.so.$version ]] || fail "DESTDIR install: no library in $stage/opt/zugzwang/lib"
grep -qx 'prefix=/opt/zugzwang' "$stage/opt/zugzwang/lib/pkgconfig/zugzwang.pc" || fail "DESTDIR leaked into zugzwang.pc"
if grep -rq "$stage" "$stage"; then fail "DESTDIR leaked into an installed file"; fi
"${make_cmd[@]}" -C "$root" uninstall PREFIX=/opt/zugzwang DESTDIR="$stage"
if [[ -n $(ls -A "$stage/opt/zugzwang") ]]; then
  find "$stage" >&2
  fail "DESTDIR uninstall left files"
fi

step "consumer tests passed"

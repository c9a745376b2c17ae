# zugzwang — installation, consumer tests and API docs (included by the Makefile).
#   make install   PREFIX=/usr/local [DESTDIR=/stage]   the shared library (with soname and
#                  symlinks), the static library, zugzwang.h + zugzwang.hpp, zugzwang.pc and the
#                  CMake package (zugzwangConfig.cmake, zugzwangConfigVersion.cmake)
#   make uninstall PREFIX=... [DESTDIR=...]   removes exactly those files, then the directories
#                  under PREFIX that install may have created, if they are empty
#   make test-consumers   installs into a temporary prefix and builds programs against it with
#                  pkg-config (shared and static), CMake find_package and add_subdirectory
#   make docs      HTML API reference from the headers with Doxygen (build/docs/html); fails on
#                  any Doxygen warning
#
# Works included from the Makefile or as `make -f Makefile -f mk/install.mk <target>`; uses the
# Makefile's CARGO, LIBDIR (cargo's release directory) and BUILD, and its `lib` target.

ifndef ZZ_INSTALL_MK
ZZ_INSTALL_MK := 1

CARGO   ?= cargo
LIBDIR  ?= $(CURDIR)/target/release
BUILD   ?= build
DOXYGEN ?= doxygen

PREFIX             ?= /usr/local
DESTDIR            ?=
INSTALL_LIBDIR     ?= $(PREFIX)/lib
INSTALL_INCLUDEDIR ?= $(PREFIX)/include
INSTALL_PCDIR      ?= $(INSTALL_LIBDIR)/pkgconfig
INSTALL_CMAKEDIR   ?= $(INSTALL_LIBDIR)/cmake/zugzwang
INSTALL            ?= install

# The version comes from the generated header (build.rs writes it from Cargo.toml); `=` so
# that it is read when a recipe runs, after `lib` has regenerated the header.
ZZ_VERSION = $(shell sed -n 's/^\#define ZZ_VERSION_STRING "\(.*\)"$$/\1/p' include/zugzwang.h)
ZZ_MAJOR   = $(shell sed -n 's/^\#define ZZ_VERSION_MAJOR \([0-9]*\)$$/\1/p' include/zugzwang.h)
ZZ_MINOR   = $(shell sed -n 's/^\#define ZZ_VERSION_MINOR \([0-9]*\)$$/\1/p' include/zugzwang.h)
# The ABI major version is the crate's major version: libzugzwang.so.<major>.
ZZ_SONAME  = libzugzwang.so.$(ZZ_MAJOR)
ZZ_REALSO  = libzugzwang.so.$(ZZ_VERSION)

# The system libraries a program linking libzugzwang.a needs (Rust's standard library and
# any native dependency), as rustc reports them for this very crate. A staticlib-only build has
# its own cargo fingerprint, so this does not make the normal build stale; when fresh, cargo
# replays the note from its cache in a fraction of a second. Fallbacks: rustc's answer for an
# empty staticlib (the standard library's part), then, where neither cargo nor rustc can run
# (e.g. under sudo), the list rustc gives on Linux with glibc.
ZZ_NATIVE_LIBS_LINUX := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
ZZ_NATIVE_LIBS_SH = \
	libs=$$($(CARGO) rustc --release --lib --crate-type staticlib --message-format=json \
	        -- --print native-static-libs 2>/dev/null \
	      | sed -n 's/.*"message":"native-static-libs: \([^"]*\)".*/\1/p' | head -n 1); \
	if [ -z "$$libs" ]; then \
	  echo "warning: cargo reported no native-static-libs; asking rustc about an empty staticlib" >&2; \
	  probe=$$(mktemp -d); : > "$$probe/probe.rs"; \
	  libs=$$($${RUSTC:-rustc} --crate-type staticlib --crate-name zz_probe --print native-static-libs \
	          -o "$$probe/libzz_probe.a" "$$probe/probe.rs" 2>&1 \
	        | sed -n 's/^note: native-static-libs: //p' | head -n 1); \
	  rm -rf "$$probe"; \
	fi; \
	if [ -z "$$libs" ] && [ "$$(uname -s)" = Linux ]; then \
	  libs="$(ZZ_NATIVE_LIBS_LINUX)"; \
	  echo "warning: rustc cannot run here; using the usual Linux list: $$libs" >&2; \
	fi; \
	if [ -z "$$libs" ]; then echo "error: could not obtain rustc's native-static-libs" >&2; exit 1; fi

# Paths written into zugzwang.pc: relative to ${prefix} when under PREFIX.
zz_pcpath = $(patsubst $(PREFIX)/%,$${prefix}/%,$(patsubst $(PREFIX),$${prefix},$(1)))

ZZ_INSTALLED = \
	$(INSTALL_LIBDIR)/$(ZZ_REALSO) \
	$(INSTALL_LIBDIR)/$(ZZ_SONAME) \
	$(INSTALL_LIBDIR)/libzugzwang.so \
	$(INSTALL_LIBDIR)/libzugzwang.a \
	$(INSTALL_INCLUDEDIR)/zugzwang.h \
	$(INSTALL_INCLUDEDIR)/zugzwang.hpp \
	$(INSTALL_PCDIR)/zugzwang.pc \
	$(INSTALL_CMAKEDIR)/zugzwangConfig.cmake \
	$(INSTALL_CMAKEDIR)/zugzwangConfigVersion.cmake

.PHONY: install uninstall test-consumers docs zz-install-build

# Builds the library first (the Makefile's `lib`) where cargo can run; where it cannot (e.g.
# `sudo make install` when cargo lives in the user's ~/.cargo), installs the existing build.
zz-install-build:
	@if $(CARGO) --version >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(addprefix -f ,$(MAKEFILE_LIST)) lib; \
	else \
	  echo "note: '$(CARGO)' cannot run here: installing the existing build in $(LIBDIR)"; \
	fi
	@test -f $(LIBDIR)/libzugzwang.so && test -f $(LIBDIR)/libzugzwang.a || \
	  { echo "error: no library in $(LIBDIR); build it first (make lib)" >&2; exit 1; }

install: zz-install-build
	@test -n "$(ZZ_VERSION)" && test -n "$(ZZ_MAJOR)" || { echo "error: no ZZ_VERSION_* in include/zugzwang.h" >&2; exit 1; }
	@soname=$$(readelf -d $(LIBDIR)/libzugzwang.so 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p'); \
	if [ "$$soname" != "$(ZZ_SONAME)" ]; then \
	  echo "error: $(LIBDIR)/libzugzwang.so has soname '$$soname', expected '$(ZZ_SONAME)'" >&2; \
	  echo "       (build.rs passes -Wl,-soname,libzugzwang.so.<major> to the cdylib link)" >&2; exit 1; \
	fi
	@set -e; $(ZZ_NATIVE_LIBS_SH); \
	echo "native static libs: $$libs"; \
	cmakelibs=$$(printf '%s' "$$libs" | tr -s ' ' ';'); \
	rel_lib=$$(realpath -m --relative-to="$(INSTALL_CMAKEDIR)" "$(INSTALL_LIBDIR)"); \
	rel_inc=$$(realpath -m --relative-to="$(INSTALL_CMAKEDIR)" "$(INSTALL_INCLUDEDIR)"); \
	ptr=$$(( $$(getconf LONG_BIT) / 8 )); \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	sed -e 's|@PREFIX@|$(PREFIX)|g' \
	    -e 's|@LIBDIR@|$(call zz_pcpath,$(INSTALL_LIBDIR))|g' \
	    -e 's|@INCLUDEDIR@|$(call zz_pcpath,$(INSTALL_INCLUDEDIR))|g' \
	    -e 's|@VERSION@|$(ZZ_VERSION)|g' \
	    -e "s|@NATIVE_STATIC_LIBS@|$$libs|g" cmake/zugzwang.pc.in > "$$tmp/zugzwang.pc"; \
	sed -e "s|@REL_LIBDIR@|$$rel_lib|g" -e "s|@REL_INCDIR@|$$rel_inc|g" \
	    -e 's|@VERSION@|$(ZZ_VERSION)|g' -e 's|@REALSO@|$(ZZ_REALSO)|g' -e 's|@SONAME@|$(ZZ_SONAME)|g' \
	    -e "s|@NATIVE_STATIC_LIBS@|$$cmakelibs|g" cmake/zugzwangConfig.cmake.in > "$$tmp/zugzwangConfig.cmake"; \
	sed -e 's|@VERSION@|$(ZZ_VERSION)|g' -e 's|@MAJOR@|$(ZZ_MAJOR)|g' -e 's|@MINOR@|$(ZZ_MINOR)|g' \
	    -e "s|@SIZEOF_VOID_P@|$$ptr|g" cmake/zugzwangConfigVersion.cmake.in > "$$tmp/zugzwangConfigVersion.cmake"; \
	set -x; \
	$(INSTALL) -d "$(DESTDIR)$(INSTALL_LIBDIR)" "$(DESTDIR)$(INSTALL_INCLUDEDIR)" \
	              "$(DESTDIR)$(INSTALL_PCDIR)" "$(DESTDIR)$(INSTALL_CMAKEDIR)"; \
	$(INSTALL) -m 0755 $(LIBDIR)/libzugzwang.so "$(DESTDIR)$(INSTALL_LIBDIR)/$(ZZ_REALSO)"; \
	ln -sfn $(ZZ_REALSO) "$(DESTDIR)$(INSTALL_LIBDIR)/$(ZZ_SONAME)"; \
	ln -sfn $(ZZ_SONAME) "$(DESTDIR)$(INSTALL_LIBDIR)/libzugzwang.so"; \
	$(INSTALL) -m 0644 $(LIBDIR)/libzugzwang.a "$(DESTDIR)$(INSTALL_LIBDIR)/libzugzwang.a"; \
	$(INSTALL) -m 0644 include/zugzwang.h bindings/cpp/include/zugzwang.hpp "$(DESTDIR)$(INSTALL_INCLUDEDIR)/"; \
	$(INSTALL) -m 0644 "$$tmp/zugzwang.pc" "$(DESTDIR)$(INSTALL_PCDIR)/zugzwang.pc"; \
	$(INSTALL) -m 0644 "$$tmp/zugzwangConfig.cmake" "$$tmp/zugzwangConfigVersion.cmake" "$(DESTDIR)$(INSTALL_CMAKEDIR)/"

uninstall:
	@test -n "$(ZZ_VERSION)" && test -n "$(ZZ_MAJOR)" || { echo "error: no ZZ_VERSION_* in include/zugzwang.h" >&2; exit 1; }
	rm -f $(addprefix "$(DESTDIR),$(addsuffix ",$(ZZ_INSTALLED)))
	@for d in "$(INSTALL_CMAKEDIR)" "$(INSTALL_PCDIR)" "$(INSTALL_LIBDIR)" "$(INSTALL_INCLUDEDIR)"; do \
	  while [ "$${d#$(PREFIX)/}" != "$$d" ]; do \
	    if [ -d "$(DESTDIR)$$d" ] && [ -z "$$(ls -A "$(DESTDIR)$$d")" ]; then \
	      echo "rmdir $(DESTDIR)$$d"; rmdir "$(DESTDIR)$$d"; \
	    fi; \
	    d=$$(dirname "$$d"); \
	  done; \
	done

# Install into a temporary prefix, build and run consumer programs, uninstall, check the
# prefix is empty (tests/consumers/run.sh). Needs cmake and pkg-config.
test-consumers: lib
	ZZ_MAKE="$(MAKE) $(addprefix -f ,$(MAKEFILE_LIST))" tests/consumers/run.sh

# HTML API reference: Doxygen over include/zugzwang.h, bindings/cpp/include/zugzwang.hpp and
# the guides in docs/; WARN_AS_ERROR makes any warning fail the target.
docs:
	@command -v $(DOXYGEN) >/dev/null || { echo "error: doxygen not found (apt-get install doxygen)" >&2; exit 1; }
	@mkdir -p $(BUILD)/docs
	ZZ_VERSION="$(ZZ_VERSION)" ZZ_DOCS_OUT="$(BUILD)/docs" $(DOXYGEN) docs/Doxyfile
	@echo "API docs: $(BUILD)/docs/html/index.html"

endif

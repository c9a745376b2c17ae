# zugzwang — build, demo, tests.
#   make demo   build the release library and the C perft tool, run it on the standard positions
#   make test   every test: Rust unit + integration tests, the C suite (through cargo test),
#               the C++ wrapper tests, the UCI engine's self-play test, the Python tests
#   make engine the UCI engine on zugzwang (build/zugzwang-engine)
#   make perft EPD=FILE [ARGS="--max-nodes N --chess960 --relaxed"]
#   make bench  perft throughput side by side with other move generators
#   make test-sanitize / test-valgrind / clippy / fuzz-smoke   hardening checks (run by .ci/run)
#   make test-wheel / test-gui   Python wheel in a fresh venv; Tk GUI under Xvfb (run by .ci/run)
#   make install PREFIX=... [DESTDIR=...] / make uninstall   libraries, headers, pkg-config, CMake package
#   make test-consumers   pkg-config / find_package / add_subdirectory consumers (part of make test)
#   make docs   HTML API reference with Doxygen (build/docs/html); fails on any warning

CARGO   ?= cargo
CC      ?= cc
CFLAGS  ?= -O2
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Werror
LIBDIR  := $(CURDIR)/target/release
BUILD   := build
DEMO_MAX_NODES ?= 200000000

CXX        ?= g++
CXXWARN    := -std=c++17 -Wall -Wextra -Wpedantic -Werror
CXXFLAGS   ?= -O2
CXXTEST    ?= -O1
CPPINC     := -Iinclude -Ibindings/cpp/include
LDZZ       := -L$(LIBDIR) -lzugzwang -Wl,-rpath,$(LIBDIR)
CPP_HDRS   := bindings/cpp/include/zugzwang.hpp include/zugzwang.h
ENGINE_SRC := examples/cpp/engine/main.cpp examples/cpp/engine/search.cpp examples/cpp/engine/eval.cpp
ENGINE_HDR := examples/cpp/engine/search.hpp examples/cpp/engine/eval.hpp
CPPTEST_SRC := tests/cpp/test_wrapper.cpp tests/cpp/odr_a.cpp tests/cpp/odr_b.cpp tests/cpp/standalone.cpp

PYTHON     ?= python3
VALGRIND   := valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible
SANITIZE   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

.PHONY: all lib demo test perft bench header-check clean engine perft-cpp test-rust test-cpp test-engine \
        test-sanitize test-valgrind clippy test-python python-package bench-python fuzz-smoke fuzz test-wheel test-gui

all: $(BUILD)/perft

lib:
	$(CARGO) build --release --lib

# The C tool links the shared library through the generated header only.
$(BUILD)/perft: examples/c/perft.c include/zugzwang.h lib
	@mkdir -p $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -Iinclude examples/c/perft.c -o $@ -L$(LIBDIR) -lzugzwang -Wl,-rpath,$(LIBDIR)

demo: $(BUILD)/perft
	./$(BUILD)/perft --epd tests/data/perft/standard.epd --max-nodes $(DEMO_MAX_NODES)

perft: $(BUILD)/perft
	@test -n "$(EPD)" || { echo "usage: make perft EPD=FILE [ARGS=...]"; exit 2; }
	./$(BUILD)/perft --epd $(EPD) $(ARGS)

# Side-by-side perft benchmark against cozy-chess, chess and shakmaty (interleaved rounds,
# median Mnps, ratios, callgrind instructions per node).
bench: $(BUILD)/perft
	$(CARGO) bench --bench perft
	$(PYTHON) bindings/python/bench.py

test: test-rust test-cpp test-engine test-python test-consumers

# Python binding (bindings/python): unittest suite incl. the python-chess differential test.
test-python: lib
	$(PYTHON) -m unittest discover -s bindings/python/tests

# pip-installs the binding (builds the library with cargo) and imports it outside the checkout.
python-package:
	$(PYTHON) -m pip install --quiet ./bindings/python
	cd / && $(PYTHON) -c "import zugzwang; assert zugzwang.Board().perft(4) == 197281; print('installed zugzwang', zugzwang.__version__, 'library', zugzwang._ffi.library_path)"

bench-python: lib
	$(PYTHON) bindings/python/bench.py

# The Python wheel: pip wheel, tag py3-none-<platform> with libzugzwang.so inside, installed
# into a fresh venv outside the checkout; the Python tests run against the installed copy.
test-wheel: lib
	$(PYTHON) bindings/python/tests/wheel_check.py

# The Tkinter example driven by real clicks on a private Xvfb (apt: xvfb imagemagick
# python3-tk fonts-dejavu-core); writes the README screenshot docs/images/gui.png.
test-gui: lib
	ZZ_GUI_REQUIRED=1 ZZ_GUI_SCREENSHOT=$(CURDIR)/build/gui.png $(PYTHON) -m unittest discover -s bindings/python/tests -p test_gui.py -v

test-rust: lib
	$(CARGO) test --release
	# The panic guard, through a test-only export (debug build, its own artifacts).
	$(CARGO) test --features test-panic --test panic_boundary

# C and C++ tests built with AddressSanitizer + UBSan against the library; fails if the
# sanitizer runtimes are not really linked into the test programs.
test-sanitize: lib
	ASAN_OPTIONS=allocator_may_return_null=1 ZZ_C_SANITIZE=address,undefined $(CARGO) test --release --test c_abi
	ldd target/release/c_abi/test_abi | grep -q libasan
	ldd target/release/c_abi/test_abi | grep -q libubsan
	@mkdir -p $(BUILD)/sanitize
	$(CXX) $(CXXWARN) $(CXXTEST) $(SANITIZE) $(CPPINC) $(CPPTEST_SRC) -o $(BUILD)/sanitize/test_wrapper $(LDZZ)
	ldd $(BUILD)/sanitize/test_wrapper | grep -q libasan
	ldd $(BUILD)/sanitize/test_wrapper | grep -q libubsan
	ASAN_OPTIONS=allocator_may_return_null=1 ./$(BUILD)/sanitize/test_wrapper tests/data 1M
	@echo "sanitizers: ASan and UBSan linked and clean"

# The C tests and the perft demo under valgrind: zero errors and zero leaks required.
test-valgrind: lib $(BUILD)/perft
	ZZ_C_RUNNER="$(VALGRIND)" ZZ_MAX_NODES=20000 $(CARGO) test --release --test c_abi
	$(VALGRIND) ./$(BUILD)/perft --epd tests/data/perft/standard.epd --max-nodes 200000
	$(VALGRIND) ./$(BUILD)/perft startpos 4 --threads 4 --hash 4

clippy:
	$(CARGO) clippy --release --all-targets -- -D warnings

# Coverage-guided fuzzing (cargo-fuzz/libFuzzer on stable Rust, --sanitizer none; installs
# cargo-fuzz if missing): every target for 30 s, or one target for longer.
fuzz-smoke:
	fuzz/run.sh smoke
fuzz:
	fuzz/run.sh run $(or $(FUZZ_TARGET),fen) $(or $(FUZZ_SECONDS),600)

# C++: the header-only wrapper (bindings/cpp), its tests, the UCI engine and its self-play test.
engine: $(BUILD)/zugzwang-engine
$(BUILD)/zugzwang-engine: $(ENGINE_SRC) $(ENGINE_HDR) $(CPP_HDRS) | lib
	@mkdir -p $(BUILD)
	$(CXX) $(CXXWARN) $(CXXFLAGS) -pthread $(CPPINC) $(ENGINE_SRC) -o $@ $(LDZZ)

perft-cpp: $(BUILD)/perft-cpp
$(BUILD)/perft-cpp: examples/cpp/perft.cpp $(CPP_HDRS) | lib
	@mkdir -p $(BUILD)
	$(CXX) $(CXXWARN) $(CXXFLAGS) $(CPPINC) $< -o $@ $(LDZZ)

$(BUILD)/test_wrapper: $(CPPTEST_SRC) tests/cpp/check.hpp $(CPP_HDRS) | lib
	@mkdir -p $(BUILD)
	$(CXX) $(CXXWARN) $(CXXTEST) $(CPPINC) $(CPPTEST_SRC) -o $@ $(LDZZ)

$(BUILD)/test_engine: tests/cpp/test_engine.cpp $(CPP_HDRS) | lib
	@mkdir -p $(BUILD)
	$(CXX) $(CXXWARN) $(CXXTEST) -pthread $(CPPINC) $< -o $@ $(LDZZ)

test-cpp: $(BUILD)/test_wrapper $(BUILD)/perft-cpp
	./$(BUILD)/test_wrapper tests/data
	./$(BUILD)/perft-cpp --epd tests/data/perft/standard.epd --max-nodes 5000000

test-engine: $(BUILD)/test_engine $(BUILD)/zugzwang-engine
	./$(BUILD)/test_engine $(BUILD)/zugzwang-engine

# Fails when the committed header differs from the one build.rs generates.
header-check: lib
	git diff --exit-code -- include/

clean:
	rm -rf $(BUILD)
	$(CARGO) clean

include mk/install.mk

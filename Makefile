# zugzwang — build, demo, tests.
#   make demo   build the release library and the C perft tool, run it on the standard positions
#   make test   every test: Rust unit + integration tests, the C suite (through cargo test),
#               the C++ wrapper tests and the UCI engine's self-play test
#   make engine the UCI engine on zugzwang (build/zugzwang-engine)
#   make perft EPD=FILE [ARGS="--max-nodes N --chess960 --relaxed"]
#   make bench  perft throughput side by side with other move generators

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

.PHONY: all lib demo test perft bench header-check clean engine perft-cpp test-rust test-cpp test-engine

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

test: test-rust test-cpp test-engine

test-rust: lib
	$(CARGO) test --release

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

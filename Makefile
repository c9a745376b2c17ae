# zugzwang — build, demo, tests.
#   make demo   build the release library and the C perft tool, run it on the standard positions
#   make test   every test: Rust unit + integration tests, the C suite (through cargo test)
#   make perft EPD=FILE [ARGS="--max-nodes N --chess960 --relaxed"]
#   make bench  perft throughput side by side with other move generators

CARGO   ?= cargo
CC      ?= cc
CFLAGS  ?= -O2
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Werror
LIBDIR  := $(CURDIR)/target/release
BUILD   := build
DEMO_MAX_NODES ?= 200000000

.PHONY: all lib demo test perft bench header-check clean

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

test: lib
	$(CARGO) test --release

# Fails when the committed header differs from the one build.rs generates.
header-check: lib
	git diff --exit-code -- include/

clean:
	rm -rf $(BUILD)
	$(CARGO) clean

#!/usr/bin/env bash
# Coverage-guided fuzzing of zugzwang with cargo-fuzz (libFuzzer) on the STABLE toolchain:
# `--sanitizer none` keeps libFuzzer's coverage instrumentation but drops AddressSanitizer,
# which needs nightly (-Zsanitizer). The ABI is Rust code; a finding is a panic (failed
# property check, overflow with the debug assertions cargo-fuzz enables), an abort, a
# segfault, a timeout or running out of memory.
#
#   fuzz/run.sh smoke [SECONDS]        every target for SECONDS (default 30) each; exit 1 on a
#                                      finding (make fuzz-smoke, CI)
#   fuzz/run.sh run TARGET [SECONDS] [-- LIBFUZZER_ARGS...]
#                                      one target, default 600 s
#   fuzz/run.sh replay                 run the committed corpora and regressions once each
#   fuzz/run.sh build | list
#
# Inputs: fuzz/corpus/<target>/ (seeds, committed; regenerate with fuzz/make_corpus.py) and
# fuzz/regressions/<target>/ (past findings, committed; replayed by every mode). New inputs
# go to fuzz/target/corpus-work/<target>/ (git-ignored), crash artifacts to
# fuzz/artifacts/<target>/ (git-ignored): copy a reproducer to fuzz/regressions/<target>/.
# Reproduce one: cargo fuzz run --sanitizer none TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(fen san uci abi_sequence)
CARGO_FUZZ_VERSION=${CARGO_FUZZ_VERSION:-0.13.2}
# Same flags for build and run, so `run` never rebuilds. cargo-fuzz's defaults add
# optimisation (-O), debug assertions and overflow checks.
FUZZ_FLAGS=(--sanitizer none)
# A hang of more than 10 s on one input, or 2 GiB of memory, is a finding too.
LIBFUZZER_COMMON=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)

ensure_cargo_fuzz() {
  if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz $CARGO_FUZZ_VERSION"
    cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
  fi
}

build() {
  ensure_cargo_fuzz
  echo "== building fuzz targets ($(cargo fuzz --version), $(rustc --version))"
  local t0=$SECONDS
  cargo fuzz build "${FUZZ_FLAGS[@]}"
  echo "== built in $((SECONDS - t0)) s"
}

# inputs TARGET: the corpus directories to hand libFuzzer (the writable work dir first).
inputs() {
  local t=$1 work=fuzz/target/corpus-work/$1
  mkdir -p "$work" "fuzz/corpus/$t"
  local dirs=("$work" "fuzz/corpus/$t")
  if [[ -d fuzz/regressions/$t ]]; then dirs+=("fuzz/regressions/$t"); fi
  printf '%s\n' "${dirs[@]}"
}

# fuzz TARGET SECONDS [LIBFUZZER_ARGS...]: returns non-zero on a finding.
fuzz() {
  local t=$1 secs=$2
  shift 2
  local dirs
  mapfile -t dirs < <(inputs "$t")
  echo "== fuzzing $t for $secs s"
  if ! cargo fuzz run "${FUZZ_FLAGS[@]}" "$t" "${dirs[@]}" -- \
      "${LIBFUZZER_COMMON[@]}" -max_total_time="$secs" "$@"; then
    report "$t"
    return 1
  fi
}

# replay TARGET: every committed input once, no mutation.
replay_one() {
  local t=$1 dirs=("fuzz/corpus/$t")
  if [[ -d fuzz/regressions/$t ]]; then dirs+=("fuzz/regressions/$t"); fi
  echo "== replaying ${dirs[*]}"
  # A scratch output dir first: libFuzzer writes new units only there.
  local scratch
  scratch=$(mktemp -d)
  if ! cargo fuzz run "${FUZZ_FLAGS[@]}" "$t" "$scratch" "${dirs[@]}" -- "${LIBFUZZER_COMMON[@]}" -runs=0; then
    rm -rf "$scratch"
    report "$t"
    return 1
  fi
  rm -rf "$scratch"
}

report() {
  local t=$1
  echo "!! FINDING in target '$t'. Artifacts:" >&2
  ls -t "fuzz/artifacts/$t" 2>/dev/null | head -5 | sed "s|^|   fuzz/artifacts/$t/|" >&2 || true
  local latest
  latest=$(ls -t "fuzz/artifacts/$t" 2>/dev/null | head -1 || true)
  if [[ -n $latest ]]; then
    echo "   base64 of the newest: $(base64 -w0 "fuzz/artifacts/$t/$latest")" >&2
    echo "   reproduce: cargo fuzz run --sanitizer none $t fuzz/artifacts/$t/$latest" >&2
    echo "   keep it:   mkdir -p fuzz/regressions/$t && cp fuzz/artifacts/$t/$latest fuzz/regressions/$t/" >&2
  fi
}

is_target() {
  local t
  for t in "${TARGETS[@]}"; do [[ $t == "$1" ]] && return 0; done
  return 1
}

mode=${1:-smoke}
shift || true
case $mode in
  smoke)
    secs=${1:-30}
    build
    failed=()
    for t in "${TARGETS[@]}"; do
      fuzz "$t" "$secs" || failed+=("$t")
    done
    if ((${#failed[@]})); then
      echo "!! fuzz smoke FAILED: ${failed[*]}" >&2
      exit 1
    fi
    echo "== fuzz smoke passed: ${TARGETS[*]} (${secs} s each)"
    ;;
  run)
    t=${1:?usage: fuzz/run.sh run TARGET [SECONDS] [-- LIBFUZZER_ARGS...]}
    is_target "$t" || { echo "unknown target $t (${TARGETS[*]})" >&2; exit 2; }
    shift
    secs=600
    if [[ ${1:-} =~ ^[0-9]+$ ]]; then secs=$1; shift; fi
    if [[ ${1:-} == -- ]]; then shift; fi
    build
    fuzz "$t" "$secs" "$@"
    ;;
  replay)
    build
    failed=()
    for t in "${TARGETS[@]}"; do
      replay_one "$t" || failed+=("$t")
    done
    if ((${#failed[@]})); then
      echo "!! replay FAILED: ${failed[*]}" >&2
      exit 1
    fi
    ;;
  build) build ;;
  list) printf '%s\n' "${TARGETS[@]}" ;;
  *)
    sed -n '2,20p' "$0" >&2
    exit 2
    ;;
esac

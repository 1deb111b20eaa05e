#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang and runs each for a
# while on a scratch copy of its seed corpus. Any crash, hang, sanitizer
# report or uncaught exception fails the run; libFuzzer leaves the input
# that caused it in the build directory (crash-*, timeout-*) for a regression test.
# By default each target runs a fixed number of inputs from a fixed seed on
# a fresh corpus, so the run (and CI) is the same on every machine;
#   DFPN_FUZZ_SECONDS=N  instead runs each target N seconds from a random seed,
#                        keeping the corpus it grows in the build directory.
# Usage: bash cmake/fuzz.sh [build-dir]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
seconds="${DFPN_FUZZ_SECONDS:-}"
command -v clang++ >/dev/null || { echo "fuzz: clang++ is not installed (apt-get install clang)" >&2; exit 1; }

# The build directory: build-fuzz by default, configured here for the fuzz
# targets alone; or one already configured with -DDFPN_FUZZ=ON (CI's clang
# ASan+UBSan build, cmake/test.sh), whose targets are then run.
dir="${1:-build-fuzz}"
if [ -z "${1:-}" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDFPN_FUZZ=ON \
    -DDFPN_BUILD_TESTS=OFF -DDFPN_BUILD_BENCHMARKS=OFF -DDFPN_BUILD_APPS=ON >/dev/null
elif ! grep -q "^DFPN_FUZZ:BOOL=ON" "$dir/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz: $dir is not a build configured with -DDFPN_FUZZ=ON" >&2
  exit 2
fi
cmake --build "$dir" -j"$(nproc)" --target fuzz_sgf fuzz_problem_file fuzz_proof_sgf fuzz_go_task fuzz_gtp_line fuzz_gtp

run() {  # target, runs (fixed mode), seed corpus directories...
  local target="$1" runs="$2"; shift 2
  local limit=(-runs="$runs" -seed=1)
  if [ -n "$seconds" ]; then
    limit=(-max_total_time="$seconds")
    echo "=== fuzz: $target for ${seconds} s"
  else
    rm -rf "$dir/corpus-$target"
    echo "=== fuzz: $target, $runs inputs"
  fi
  mkdir -p "$dir/corpus-$target"
  if ! (cd "$dir" && "./bin/$target" "${limit[@]}" -timeout=10 -rss_limit_mb=4096 \
          -print_final_stats=1 "corpus-$target" "${@/#/$root/}" > "fuzz-$target.log" 2>&1); then
    tail -40 "$dir/fuzz-$target.log"
    echo "=== fuzz: $target found a problem ($dir/fuzz-$target.log)"
    exit 1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs" "$dir/fuzz-$target.log"
}
# Two lanes at once (each target is one process on one core), of about
# equal length in the fixed mode.
(run fuzz_problem_file 50000 tests/fuzz/corpus/problem bench/suites/go-problems
 run fuzz_proof_sgf 50000 tests/fuzz/corpus/proof
 run fuzz_go_task 5000 tests/fuzz/corpus/go-task) &
first=$!
(run fuzz_sgf 200000 tests/fuzz/corpus/sgf bench/suites/go-problems
 run fuzz_gtp_line 200000 tests/fuzz/corpus/gtp
 run fuzz_gtp 600 tests/fuzz/corpus/gtp) &
second=$!
found=0
wait "$first" || found=1
wait "$second" || found=1
[ "$found" = 0 ] || exit 1
echo "=== fuzz: no findings"

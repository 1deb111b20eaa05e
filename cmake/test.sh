#!/usr/bin/env bash
# The README's second command: install dependencies, then build and run every
# test: the Release suite (unit tests, command-line tests, install-and-consume
# test, dfpn-dist under mpirun), the same suite under ASan+UBSan, the concurrency tests under TSan,
# and a short run of the libFuzzer targets (cmake/fuzz.sh).
#   DFPN_TEST_FAST=1  runs the Release suite only (for quick local iterations).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="$(nproc)"

bash cmake/install-deps.sh

run_suite() {  # name, build dir, ctest label regex (empty: all), targets (empty: all), cmake args...
  local name="$1" dir="$2" labels="$3" targets="$4"; shift 4
  echo "=== dfpn tests: $name ($dir), at $(( $(date +%s) - start )) s"
  cmake -S . -B "$dir" -G Ninja -DDFPN_BUILD_BENCHMARKS=ON "$@" >/dev/null
  # shellcheck disable=SC2086  # targets is a word list
  cmake --build "$dir" -j"$jobs" ${targets:+--target $targets}
  echo "=== dfpn tests: $name built, at $(( $(date +%s) - start )) s"
  local args=(--test-dir "$dir" --output-on-failure -j"$jobs" --timeout 600 --no-tests=error)
  [ -n "$labels" ] && args+=(-L "$labels")
  ctest "${args[@]}"
}

start=$(date +%s)
run_suite "Release" build-test "" "" -DCMAKE_BUILD_TYPE=Release -DDFPN_MPI=ON
if [ "${DFPN_TEST_FAST:-0}" != "1" ]; then
  # ASan+UBSan with clang, which also builds the libFuzzer targets in the
  # same tree: one instrumented build serves both (cmake/fuzz.sh below).
  CC=clang CXX=clang++ run_suite "ASan+UBSan" build-asan "unit|cli|concurrency" "" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDFPN_SANITIZE=address,undefined -DDFPN_FUZZ=ON -DDFPN_BUILD_BENCHMARKS=OFF
  # Only the concurrency tests run under TSan: build only them. (The
  # options used to sit on a line continued into a comment, which dropped
  # them: a race report now stops the run.)
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
  run_suite "TSan" build-tsan "concurrency" "tt_concurrency_tests parallel_tests" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDFPN_SANITIZE=thread -DDFPN_BUILD_BENCHMARKS=OFF -DDFPN_BUILD_APPS=OFF
  # A short run of every libFuzzer target (readers of outside input).
  echo "=== dfpn tests: fuzzing, at $(( $(date +%s) - start )) s"
  bash cmake/fuzz.sh build-asan
fi
echo "=== dfpn tests: all passed in $(( $(date +%s) - start )) s"

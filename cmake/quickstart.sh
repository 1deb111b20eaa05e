#!/usr/bin/env bash
# The README's first command: install dependencies, build (Release) and run
# the main job, which solves the default suite and prints a table.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash cmake/install-deps.sh
echo "dfpn: configuring and building (Release) in build/"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
echo
echo "dfpn: solving the default suite (build/bin/dfpn suite bench/suites/default.json)"
exec build/bin/dfpn suite bench/suites/default.json "$@"

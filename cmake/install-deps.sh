#!/usr/bin/env bash
# Installs the Debian packages dfpn needs to build, test and plot. Idempotent:
# it installs only what is missing, and says what it does.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libboost-dev          # Boost.Container, Boost.Intrusive (header-only)
  libtbb-dev            # oneTBB: parallel search
  libgtest-dev libgmock-dev googletest
  libbenchmark-dev      # Google Benchmark
  libcli11-dev          # command-line options
  nlohmann-json3-dev    # JSON results, problem and suite files
  gnuplot-nox           # plots of the scaling harness
  clang libclang-rt-14-dev  # the libFuzzer targets (cmake/fuzz.sh)
  openmpi-bin libopenmpi-dev  # dfpn-dist: job-level search over MPI (-DDFPN_MPI=ON)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "dfpn: all build dependencies are installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "dfpn: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "dfpn: installing with apt-get: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "dfpn: dependencies installed"

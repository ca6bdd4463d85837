#!/usr/bin/env bash
# Installs what building and testing hy needs on a fresh Debian bookworm
# machine (run as root): LLVM/Clang 19 (LibTooling, lit, FileCheck), OpenMP,
# GoogleTest, CMake with Ninja and Make (the install test builds with both),
# clang's sanitizer and libFuzzer runtimes (libclang-rt-19-dev,
# scripts/sanitize.sh), and the Python packages the graph cross-checks use
# (SciPy, NetworkX) and the graph-matching peers test (pygmtools, numpy backend).
set -euo pipefail
pkgs=(cmake make ninja-build g++ python3 python3-pip libclang-19-dev llvm-19-dev llvm-19-tools
      clang-19 libclang-rt-19-dev libomp-19-dev libgtest-dev zlib1g-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -c 'import scipy, networkx' 2>/dev/null ||
  python3 -m pip install -q scipy networkx 2>/dev/null ||
  python3 -m pip install -q --break-system-packages scipy networkx
python3 -c 'import pygmtools' 2>/dev/null ||
  python3 -m pip install -q pygmtools 2>/dev/null ||
  python3 -m pip install -q --break-system-packages pygmtools 2>/dev/null ||
  echo "install-deps: pygmtools not installed (gm.peers will be skipped)"

#!/usr/bin/env bash
# Builds everything and runs all tests (lit, GoogleTest, end-to-end,
# samples). Usage: scripts/test.sh [build-dir]   (default: build-test)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-test}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure -j"$(nproc)"

#!/usr/bin/env bash
# Builds everything and runs all tests (lit, GoogleTest, end-to-end,
# samples), then the sanitizer job (scripts/sanitize.sh: an ASan + UBSan
# build of hyc and the CPU tests in BUILD-DIR-san, a short libFuzzer run
# with the nvcc oracle, generated programs through the instrumented hyc);
# HY_TEST_SANITIZE=0 skips it.
# Usage: scripts/test.sh [build-dir]   (default: build-test)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-test}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)"
(cd "$build" && ctest --output-on-failure -j"$(nproc)")
if [ "${HY_TEST_SANITIZE:-1}" != 0 ]; then
  NVCC_SECONDS=${NVCC_SECONDS:-300} bash "$root/scripts/sanitize.sh" "$build-san"
fi

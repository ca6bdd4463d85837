#!/usr/bin/env bash
# Builds everything and runs all tests (lit, GoogleTest, end-to-end,
# samples), then the sanitizer job (scripts/sanitize.sh: an ASan + UBSan
# build of hyc and the CPU tests in BUILD-DIR-san, a short libFuzzer run
# with the nvcc oracle, generated programs through the instrumented hyc);
# HY_TEST_SANITIZE=0 skips it.
# --quick, for the edit-build-test loop: builds only what it runs, then the
# lit tests, the GoogleTest suites (translator and CPU runtime) and one
# end-to-end program on every target (serial, OpenMP, --check-fetch, the
# CUDA build's fallback when nvcc is there); no samples, no sanitizer job.
# Usage: scripts/test.sh [--quick] [build-dir]   (default: build-test)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
quick=0
if [ "${1:-}" = --quick ]; then quick=1; shift; fi
build=${1:-$root/build-test}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
if [ $quick = 1 ]; then
  e2e=${HY_QUICK_E2E:-reductions} # the end-to-end program (test/e2e/NAME.cpp)
  targets=(hyc hyPlugin hy_unit_tests hy_cpu_runtime_test hy_cpu_runtime_test_serial)
  for kind in serial openmp ordered checked cuda; do
    # the builds the test runs (e2e_NAME_cuda only where CMake found nvcc)
    if grep -q "e2e_${e2e}_$kind" "$build/test/e2e/CTestTestfile.cmake"; then
      targets+=("e2e_${e2e}_$kind")
    fi
  done
  cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"
  (cd "$build" && ctest --output-on-failure -j"$(nproc)" \
    -R "^(lit|unit\..*|runtime\.cpu(_serial)?\..*|e2e\.$e2e)\$")
  exit
fi
cmake --build "$build" -j"$(nproc)"
(cd "$build" && ctest --output-on-failure -j"$(nproc)")
if [ "${HY_TEST_SANITIZE:-1}" != 0 ]; then
  NVCC_SECONDS=${NVCC_SECONDS:-300} bash "$root/scripts/sanitize.sh" "$build-san"
fi

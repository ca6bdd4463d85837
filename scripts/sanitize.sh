#!/usr/bin/env bash
# The sanitizer job: one clang-19 build with ASan + UBSan (and libFuzzer's
# coverage, so the same build runs the fuzzer) of hyc, its unit tests, the
# CPU runtime tests and three e2e programs; runs them through ctest, a short
# libFuzzer run and a small differential batch of generated programs with
# the instrumented hyc. Any sanitizer report fails the job.
# Usage: scripts/sanitize.sh [BUILD_DIR=build-san] [--build-only]
#        FUZZ_SECONDS (default 60), NVCC_SECONDS (the nvcc oracle, default 600),
#        FUZZ_UNITS (default 20) in the environment.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-san}
mkdir -p "$build" && build=$(cd "$build" && pwd)
"$root/scripts/install-deps.sh"
CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DHY_SANITIZE=address,undefined -DHY_FUZZ=ON -DHY_ENABLE_CUDA=OFF -DHY_NVCC=HY_NVCC-NOTFOUND >/dev/null
e2e="stencil reductions tiles"
targets="hyc hyc_fuzz hy_unit_tests hy_cpu_runtime_test hy_cpu_runtime_test_serial hy_cpu_bounds_test"
for p in $e2e; do for k in serial openmp ordered checked; do targets+=" e2e_${p}_$k"; done; done
# shellcheck disable=SC2086
cmake --build "$build" -j"$(nproc)" --target $targets
[ "${2:-}" = --build-only ] && exit 0
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1
cd "$build"
ctest --output-on-failure -j"$(nproc)" \
  -R "^(lit|unit\..*|runtime\.cpu.*|runtime\.bounds\..*|e2e\.($(echo $e2e | tr ' ' '|')))\$"
bash "$root/test/fuzz/libfuzzer.sh" "${FUZZ_SECONDS:-60}" "$build" "${NVCC_SECONDS:-600}"
python3 "$root/test/fuzz/difftest.py" --hyc "$build/tool/hyc" --start 1 --count "${FUZZ_UNITS:-20}" \
  --units 10 --configs serial,openmp,check-fetch

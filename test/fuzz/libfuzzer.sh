#!/usr/bin/env bash
# Coverage-guided fuzzing of hyc's front end in process (tool/fuzz/hyc_fuzz.cpp,
# libFuzzer from Debian's clang 19, ASan + UBSan), seeded with the lit and
# e2e inputs and a few generated programs. Afterwards nvcc compiles the CUDA
# output of every seed and the CUDA outputs the harness saved, the latter
# for at most NVCC_SECONDS (clang cannot read CUDA 13's headers;
# test/fuzz/nvcc-oracle.sh). Prints the executions, the time and the
# findings; exits 1 on any finding.
# Usage: test/fuzz/libfuzzer.sh [SECONDS=600] [BUILD_DIR=build-san] [NVCC_SECONDS=600]
# A release needs 600 s without a finding (docs/testing.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-600}
build=${2:-$root/build-san}
mkdir -p "$build" && build=$(cd "$build" && pwd)
nvcc_secs=${3:-600}
fuzz=$build/tool/fuzz/hyc_fuzz
if [ ! -x "$fuzz" ]; then
  bash "$root/scripts/sanitize.sh" "$build" --build-only
fi
work=$build/fuzz
# The CUDA outputs of this run only (an older hyc's would be checked again).
rm -rf "$work/cuda"
mkdir -p "$work/corpus" "$work/seeds" "$work/cuda" "$work/artifacts"
for f in "$root"/test/lit/*/*.cpp "$root"/test/e2e/*.cpp; do
  cp "$f" "$work/seeds/$(basename "$(dirname "$f")")-$(basename "$f")"
done
# The fuzzer translates each input alone (no include directory of the
# e2e programs): their shared header goes in place of its #include.
for f in "$work"/seeds/e2e-*.cpp; do
  sed -i -e '/^#include "e2e_support.hpp"$/{r '"$root"'/test/e2e/e2e_support.hpp' -e 'd}' "$f"
  sed -i -e '/^#pragma once$/d' "$f"
done
# Generated seeds without the host shapes (test/fuzz/README.md) while the
# translator bugs they hit are open (test/fuzz/known.txt): the nvcc oracle has
# no list of known failures. HY_FUZZ_SHAPES=default includes them.
for s in 1 2 3 4 5; do
  python3 "$root/test/fuzz/hygen.py" "$s" --shapes "${HY_FUZZ_SHAPES:-none}" -o "$work/seeds/gen$s.cpp"
done
log=$work/libfuzzer.log
start=$(date +%s)
set +e
HY_FUZZ_CUDA_DIR=$work/cuda ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$fuzz" -max_total_time="$secs" -timeout=120 -rss_limit_mb=6144 -max_len=16384 \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$work/corpus" "$work/seeds" >"$log" 2>&1
rc=$?
set -e
end=$(date +%s)
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
crashes=$(ls "$work/artifacts" | grep -vc '^slow-unit-' || true)
echo "libfuzzer: $((end - start)) s, ${runs:-?} executions, corpus $(ls "$work/corpus" | wc -l) inputs, $crashes findings (exit $rc)"
[ "$crashes" = 0 ] || { ls "$work/artifacts"; grep -m5 -A3 "hyc_fuzz:\|ERROR:\|runtime error" "$log" || true; }

# The oracle for CUDA outputs (test/fuzz/nvcc-oracle.sh): nvcc compiles
# every seed's CUDA output and this run's distinct saved ones (until
# NVCC_SECONDS).
bad=0
NVCC_SECONDS=$nvcc_secs bash "$root/test/fuzz/nvcc-oracle.sh" "$build/tool/hyc" "$work/nvcc" "$work/cuda" || bad=1
[ "$crashes" = 0 ] && [ "$bad" = 0 ]

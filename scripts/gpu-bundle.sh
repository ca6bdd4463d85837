#!/usr/bin/env bash
# Prepares the GPU check on a machine with hyc: translates every end-to-end
# program and the samples for the serial, OpenMP and CUDA targets into .gpu/
# (ignored by git), which travels to the GPU machine where
# scripts/gpu-check.sh builds and runs them (that machine has no clang).
# Usage: [FUZZ_UNITS=N] scripts/gpu-bundle.sh [build-dir]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
hyc=$build/tool/hyc
cmake --build "$build" --target hyc -j"$(nproc)" >/dev/null
rm -rf "$root/.gpu" && mkdir -p "$root/.gpu/e2e" "$root/.gpu/fw"
translate() { # src outdir base [extra args]
  local src=$1 dir=$2 base=$3; shift 3
  for t in serial openmp cuda; do
    ext=cpp; [ $t = cuda ] && ext=cu
    "$hyc" --target=$t "$src" -o "$dir/$base.$t.$ext" -- -std=c++17 "$@"
  done
}
for f in "$root"/test/e2e/*.cpp; do
  [ -e "$f" ] || continue
  translate "$f" "$root/.gpu/e2e" "$(basename "${f%.cpp}")" -I"$root/test/e2e"
done
# The programs' shared plumbing, which their outputs include ("..."): beside
# them, where every compile of scripts/gpu-check.sh finds it.
cp "$root"/test/e2e/*.hpp "$root/.gpu/e2e/"
translate "$root/samples/floyd_warshall/fw_kernels.cpp" "$root/.gpu/fw" fw_kernels \
  -I"$root/samples/floyd_warshall" -I"$root/samples/common/include"
mkdir -p "$root/.gpu/johnson"
translate "$root/samples/johnson/johnson_kernels.cpp" "$root/.gpu/johnson" johnson_kernels \
  -I"$root/samples/johnson" -I"$root/samples/common/include"
mkdir -p "$root/.gpu/delta"
translate "$root/samples/delta_stepping/delta_kernels.cpp" "$root/.gpu/delta" delta_kernels \
  -I"$root/samples/delta_stepping" -I"$root/samples/common/include"
# Graph matching: the kernels for every target with B = 8, and the CUDA
# output for the other tiles of the benchmark (B = 4, 16, 32).
mkdir -p "$root/.gpu/gm"
# gm_zones (the set's pairs over zones) beside the kernels: the driver calls it.
for f in gm_kernels gm_zones; do
  translate "$root/samples/graph_matching/$f.cpp" "$root/.gpu/gm" $f \
    -I"$root/samples/graph_matching" -I"$root/samples/common/include"
done
for b in 4 16 32; do
  for f in gm_kernels gm_zones; do
    "$hyc" --target=cuda "$root/samples/graph_matching/$f.cpp" -o "$root/.gpu/gm/$f.b$b.cu" \
      -- -std=c++17 -DHY_GM_TILE=$b -I"$root/samples/graph_matching" -I"$root/samples/common/include"
  done
done
mkdir -p "$root/.gpu/bc"
for f in "$root"/samples/bc/bc_{shi,jia,sriram,batched,pull,common,zones}.cpp; do
  translate "$f" "$root/.gpu/bc" "$(basename "${f%.cpp}")" -I"$root/samples/bc" -I"$root/samples/common/include"
done
# Shi's threads per block are fixed at translation (HY_BC_SHI_THREADS, 128 in
# .gpu/bc): one more translation per value of the sweep bench/bc/run.sh runs.
for t in ${BC_SHI_THREADS:-32 64 256 512 1024}; do
  mkdir -p "$root/.gpu/bc/shi-$t"
  "$hyc" --target=cuda "$root/samples/bc/bc_shi.cpp" -o "$root/.gpu/bc/shi-$t/bc_shi.cuda.cu" \
    -- -std=c++17 -DHY_BC_SHI_THREADS=$t -I"$root/samples/bc" -I"$root/samples/common/include"
  echo "-DHY_BC_SHI_THREADS=$t" > "$root/.gpu/bc/shi-$t/flags" # nvcc needs it too
done
# The BC benchmark's peers, which the GPU machine cannot download:
# GAPBS_DIR=<a gapbs checkout> is copied to .gpu/gapbs (GAP's bc is built
# there), NETWORKIT_WHEELS=<dir of wheels> (pip download networkit tabulate
# --no-deps -d DIR, for the GPU machine's Python) to .gpu/wheels.
[ -z "${GAPBS_DIR:-}" ] || { mkdir -p "$root/.gpu/gapbs" && cp -r "$GAPBS_DIR"/. "$root/.gpu/gapbs/" && rm -rf "$root/.gpu/gapbs/.git"; }
[ -z "${NETWORKIT_WHEELS:-}" ] || { mkdir -p "$root/.gpu/wheels" && cp "$NETWORKIT_WHEELS"/*.whl "$root/.gpu/wheels/"; }
# Variants of the sample for GPU_CHECK_BENCH=1, none by default: each is
# NAME=FLAG[,FLAG...] with -D options of fw_kernels.hpp, e.g.
#   FW_VARIANTS="old=-DHY_FW_SUB_ROWS=4,-DHY_FW_PIVOT_THREADS=16" scripts/gpu-bundle.sh
for v in ${FW_VARIANTS:-}; do
  name=${v%%=*}; flags=$(echo "${v#*=}" | tr ',' ' ')
  mkdir -p "$root/.gpu/fw-$name"
  # shellcheck disable=SC2086
  "$hyc" --target=cuda "$root/samples/floyd_warshall/fw_kernels.cpp" -o "$root/.gpu/fw-$name/fw_kernels.cuda.cu" \
    -- -std=c++17 $flags -I"$root/samples/floyd_warshall" -I"$root/samples/common/include"
  echo "$flags" > "$root/.gpu/fw-$name/flags"
done
# Generated programs for part 6 of the GPU check, none by default:
# FUZZ_UNITS=N (FUZZ_START=S) runs the differential test of N generated
# units on the CPU (serial, OpenMP, CUDA output through nvcc on its CPU
# fallback) and bundles the programs of the units that pass, 10 a program.
# The units carry the generator's host shapes around kernels (FUZZ_SHAPES,
# default `default`; `all` adds the fetch_<op> tickets: test/fuzz/README.md),
# most of which go wrong only on the GPU. FUZZ_CONFIGS=serial skips the
# OpenMP and nvcc runs here (much faster on a 2-core machine); programs nvcc
# rejects then fail as builds on the GPU machine.
if [ "${FUZZ_UNITS:-0}" -gt 0 ]; then
  python3 "$root/test/fuzz/difftest.py" --hyc "$hyc" --start "${FUZZ_START:-1}" --count "$FUZZ_UNITS" \
    --units 10 --configs "${FUZZ_CONFIGS:-serial,openmp,cuda}" --shapes "${FUZZ_SHAPES:-default}" \
    --gpu-bundle "$root/.gpu/fuzz" | grep -v '^XFAIL' || true
fi
git -C "$root" rev-parse --short HEAD > "$root/.gpu/commit"
echo "bundled: $(ls "$root/.gpu/e2e" | wc -l) e2e files, FW, Johnson, delta and BC samples, commit $(cat "$root/.gpu/commit")"

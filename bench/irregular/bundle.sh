#!/usr/bin/env bash
# Translates the hy programs of the irregular-kernel benchmark (*.hy.cpp
# here) with hyc into .gpu/irregular/NAME.cuda.cu, which travels to the GPU
# machine (no clang there) where run.sh builds them with nvcc. Run it after
# scripts/gpu-bundle.sh, which empties .gpu/.
#   bench/irregular/bundle.sh [build-dir]     (default: build; builds hyc there)
#   HYC=/path/to/hyc bench/irregular/bundle.sh   (use that hyc, build nothing)
#   IRREGULAR_OUT=DIR                            (write there instead of .gpu/irregular)
# Exit status 1 if any program failed to translate (the others are written).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
if [ -z "${HYC:-}" ]; then
  cmake --build "$build" --target hyc -j"$(nproc)" >/dev/null || { echo "bundle.sh: building hyc failed" >&2; exit 1; }
  HYC=$build/tool/hyc
fi
out=${IRREGULAR_OUT:-$root/.gpu/irregular}
mkdir -p "$out"
status=0
for p in hist argmin append levels bfs scan; do
  rm -f "$out/$p.cuda.cu"
  if "$HYC" --target=cuda "$here/$p.hy.cpp" -o "$out/$p.cuda.cu" -- -std=c++17 \
       -I"$root/runtime/include" -I"$root/samples/common/include"; then
    echo "bundle.sh: $p.hy.cpp -> $out/$p.cuda.cu"
  else
    echo "bundle.sh: hyc failed on $p.hy.cpp" >&2
    status=1
  fi
done
git -C "$root" rev-parse --short HEAD >"$out/commit" 2>/dev/null || echo unknown >"$out/commit"
exit $status

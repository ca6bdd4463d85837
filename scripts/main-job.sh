#!/usr/bin/env bash
# The main job on an embedded default: installs what it needs, builds hyc,
# translates the Floyd-Warshall sample (samples/floyd_warshall/fw_kernels.cpp)
# for the serial, OpenMP and (when nvcc is there) CUDA targets, builds and
# runs each on a generated graph, and prints results, checksums and timings.
# On a machine with a GPU the CUDA build runs on it; elsewhere it says so and
# runs its OpenMP fallback. Usage: scripts/main-job.sh [n]   (default 2048)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-2048}
build=$root/build-main
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DHY_BUILD_TESTS=OFF >/dev/null
targets="hyc fw_serial fw_omp"
# fw_cuda exists when the CUDA toolkit (nvcc) was found.
if cmake --build "$build" --target help | grep '\bfw_cuda\b' >/dev/null; then
  targets="$targets fw_cuda"
fi
cmake --build "$build" -j"$(nproc)" --target $targets
fw=$build/samples/floyd_warshall
echo
echo "== translated sources (hyc output): $fw/hy/fw/"
ls "$fw/hy/fw/"
graph="--generate dense:n=$n,density=0.05,seed=1 --weights int:1000"
for b in fw_serial fw_omp fw_cuda; do
  [ -x "$fw/$b" ] || continue
  echo
  echo "== $b $graph"
  HY_STATS=1 "$fw/$b" $graph --repeat 3 $([ "$n" -le 2048 ] && echo --verify)
done

#!/usr/bin/env bash
# The main job on an embedded default: installs what it needs, builds hyc,
# translates the Floyd-Warshall sample (samples/floyd_warshall/fw_kernels.cpp)
# for the serial, OpenMP and (when nvcc is there) CUDA targets, builds and
# runs each on a generated graph, and prints results, checksums and timings;
# then the same for the Δ-stepping, Johnson and BC samples on smaller graphs.
# On a machine with a GPU the CUDA build runs on it; elsewhere it says so and
# runs its OpenMP fallback. Usage: scripts/main-job.sh [n]   (default 2048)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-2048}
build=$root/build-main
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DHY_BUILD_TESTS=OFF >/dev/null
targets="hyc fw_serial fw_omp delta_serial delta_omp johnson_serial johnson_omp bc_serial bc_omp gm_serial gm_omp"
# The *_cuda targets exist when the CUDA toolkit (nvcc) was found.
if cmake --build "$build" --target help | grep '\bfw_cuda\b' >/dev/null; then
  targets="$targets fw_cuda delta_cuda johnson_cuda bc_cuda gm_cuda"
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
ds=$build/samples/delta_stepping
sssp="--generate rmat:scale=16,ef=16,seed=1 --undirected --weights real --sources 4"
for b in delta_serial delta_omp delta_cuda; do
  [ -x "$ds/$b" ] || continue
  echo
  echo "== $b $sssp"
  "$ds/$b" $sssp --repeat 3 --verify
done
jn=$build/samples/johnson
apsp="--generate er:n=2000,p=0.004,seed=1 --directed --weights int:100 --negative 30 --all-sources"
for b in johnson_serial johnson_omp johnson_cuda; do
  [ -x "$jn/$b" ] || continue
  echo
  echo "== $b $apsp"
  "$jn/$b" $apsp --verify
done
bcd=$build/samples/bc
bcg="--generate ba:n=3000,m=5,seed=1 --normalized --top 5"
for b in bc_serial bc_omp bc_cuda; do
  [ -x "$bcd/$b" ] || continue
  echo
  echo "== $b $bcg"
  "$bcd/$b" $bcg --verify
done
gmd=$build/samples/graph_matching
gmg="--generate n=24,graphs=12,density=0.3,noise=0.05,seed=1 --mode set"
for b in gm_serial gm_omp gm_cuda; do
  [ -x "$gmd/$b" ] || continue
  echo
  echo "== $b $gmg"
  "$gmd/$b" $gmg
done

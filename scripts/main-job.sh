#!/usr/bin/env bash
# The main job on an embedded default: installs what it needs, builds hyc,
# translates the Floyd-Warshall sample (samples/floyd_warshall/fw_kernels.cpp)
# for the serial, OpenMP and (when nvcc is there) CUDA targets, builds and
# runs each on a generated graph, and prints results, checksums and timings;
# then the same for the Δ-stepping, Johnson and BC samples on smaller graphs.
# After each sample it prints each parallel build's speed against the
# serial one it just measured (serial time / its time; issue 28's goal on
# a 2-core machine: 1.0 or more).
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
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The time in seconds a sample's run printed ($1: the sample, its output
# on stdin): fw's median, Δ-stepping's time per source, Johnson's
# potentials and sources together, BC's median, graph matching's time.
time_of() {
  case $1 in
    fw) sed -n 's/^time: \([0-9.e+-]*\) s.*/\1/p' ;;
    delta) sed -n 's/.*, \([0-9.e+-]*\) s per source.*/\1/p' ;;
    johnson) sed -n -e 's/^potentials: .*; \([0-9.e+-]*\) s with reweighting.*/\1/p' \
                    -e 's/^sources: .*, \([0-9.e+-]*\) s (.*/\1/p' | awk '{t += $1} END {if (NR) print t}' ;;
    bc) sed -n 's/^ *time_median_s  *\([0-9.e+-]*\).*/\1/p' ;;
    gm) sed -n 's/^ *time_s  *\([0-9.e+-]*\).*/\1/p' | head -1 ;;
  esac
}
# After a sample's builds: each parallel build's speed against serial
# (serial time / its time; 1.0 or more: not slower than serial).
ratios() {
  local s=$1 ser par t
  ser=$(time_of "$s" < "$out/${s}_serial")
  [ -n "$ser" ] || return 0
  echo
  for par in omp cuda; do
    [ -f "$out/${s}_$par" ] || continue
    t=$(time_of "$s" < "$out/${s}_$par")
    [ -n "$t" ] || continue
    awk -v s="$s" -v p="$par" -v a="$ser" -v b="$t" -v n="$(nproc)" 'BEGIN {
      printf "== %s: %s/serial speed %.2fx (serial %.6f s, %s %.6f s, %d CPUs%s)\n", s,
             p == "omp" ? "OpenMP" : "CUDA", a / b, a, p == "omp" ? "OpenMP" : "CUDA", b, n,
             p == "omp" && a / b < 0.995 ? "; slower than serial" : "" }'
  done
}
fw=$build/samples/floyd_warshall
echo
echo "== translated sources (hyc output): $fw/hy/fw/"
ls "$fw/hy/fw/"
graph="--generate dense:n=$n,density=0.05,seed=1 --weights int:1000"
for b in fw_serial fw_omp fw_cuda; do
  [ -x "$fw/$b" ] || continue
  echo
  echo "== $b $graph"
  HY_STATS=1 "$fw/$b" $graph --repeat 3 $([ "$n" -le 2048 ] && echo --verify) | tee "$out/fw_${b#fw_}"
done
ratios fw
ds=$build/samples/delta_stepping
sssp="--generate rmat:scale=16,ef=16,seed=1 --undirected --weights real --sources 4"
for b in delta_serial delta_omp delta_cuda; do
  [ -x "$ds/$b" ] || continue
  echo
  echo "== $b $sssp"
  "$ds/$b" $sssp --repeat 3 --verify | tee "$out/delta_${b#delta_}"
done
ratios delta
jn=$build/samples/johnson
apsp="--generate er:n=2000,p=0.004,seed=1 --directed --weights int:100 --negative 30 --all-sources"
for b in johnson_serial johnson_omp johnson_cuda; do
  [ -x "$jn/$b" ] || continue
  echo
  echo "== $b $apsp"
  "$jn/$b" $apsp --verify | tee "$out/johnson_${b#johnson_}"
done
ratios johnson
bcd=$build/samples/bc
bcg="--generate ba:n=3000,m=5,seed=1 --normalized --top 5"
for b in bc_serial bc_omp bc_cuda; do
  [ -x "$bcd/$b" ] || continue
  echo
  echo "== $b $bcg"
  "$bcd/$b" $bcg --verify | tee "$out/bc_${b#bc_}"
done
ratios bc
gmd=$build/samples/graph_matching
gmg="--generate n=24,graphs=12,density=0.3,noise=0.05,seed=1 --mode set"
for b in gm_serial gm_omp gm_cuda; do
  [ -x "$gmd/$b" ] || continue
  echo
  echo "== $b $gmg"
  "$gmd/$b" $gmg | tee "$out/gm_${b#gm_}"
done
ratios gm

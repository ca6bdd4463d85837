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
# The samples' commands, their times and checks (shared with bench/cpu/samples.sh).
. "$root/scripts/sample-commands.sh"
# After a sample's builds: each parallel build's speed against serial
# (serial time / its time; 1.0 or more: not slower than serial).
ratios() {
  local s=$1 ser par t
  ser=$(sample_time "$s" < "$out/${s}_serial")
  [ -n "$ser" ] || return 0
  echo
  for par in omp cuda; do
    [ -f "$out/${s}_$par" ] || continue
    t=$(sample_time "$s" < "$out/${s}_$par")
    [ -n "$t" ] || continue
    awk -v s="$s" -v p="$par" -v a="$ser" -v b="$t" -v n="$(nproc)" 'BEGIN {
      printf "== %s: %s/serial speed %.2fx (serial %.6f s, %s %.6f s, %d CPUs%s)\n", s,
             p == "omp" ? "OpenMP" : "CUDA", a / b, a, p == "omp" ? "OpenMP" : "CUDA", b, n,
             p == "omp" && a / b < 0.995 ? "; slower than serial" : "" }'
  done
}
for s in fw delta johnson bc gm; do
  if [ $s = fw ]; then
    echo
    echo "== translated sources (hyc output): $build/samples/floyd_warshall/hy/fw/"
    ls "$build/samples/floyd_warshall/hy/fw/"
  fi
  for v in serial omp cuda; do
    bin=$(sample_binary "$build" $s $v)
    [ -x "$bin" ] || continue
    args=$(sample_args $s "$n")
    echo
    echo "== $(basename "$bin") $args"
    # shellcheck disable=SC2086
    HY_STATS=$([ $s = fw ] && echo 1 || echo 0) "$bin" $args | tee "$out/${s}_$v"
  done
  ratios $s
done

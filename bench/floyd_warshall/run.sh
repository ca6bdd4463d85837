#!/usr/bin/env bash
# Floyd-Warshall benchmark: builds the hand-written baselines, times them and
# the sample's builds on the bench graph (warm-up + median of repeats), checks
# that all checksums of one size agree, and writes a markdown table.
# Needs: g++ with OpenMP; nvcc + a GPU for the CUDA rows. No clang/hyc: the
# sample comes as pre-built binaries or pre-translated sources.
#
#   bench/floyd_warshall/run.sh OUT.md [options]
#     --fw-serial BIN | --fw-omp BIN | --fw-cuda BIN     sample binaries
#     --fw-omp-src FILE.cpp | --fw-cuda-src FILE.cu      hyc output of
#         samples/floyd_warshall/fw_kernels.cpp, built here with main.cpp,
#         fw_cli.cpp and the graph toolkit
#     --cpu-sizes "4096"  --gpu-sizes "4096 8192 16384"  --serial-sizes "1024"
#     --repeat 5  --seed 1  --build DIR (default: a temporary directory)
#     --commit ID   the commit the pre-translated sources came from (default:
#                   this checkout's HEAD)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmdline="$0 $*"
out=${1:?usage: run.sh OUT.md [options] (see the header of this script)}
shift
fw_serial="" fw_omp="" fw_cuda="" omp_src="" cuda_src=""
cpu_sizes="4096" gpu_sizes="4096 8192 16384" serial_sizes="1024"
repeat=5 seed=1 build="" commit=""
while [ $# -gt 0 ]; do
  case "$1" in
    --fw-serial) fw_serial=$2; shift 2 ;;
    --fw-omp) fw_omp=$2; shift 2 ;;
    --fw-cuda) fw_cuda=$2; shift 2 ;;
    --fw-omp-src) omp_src=$2; shift 2 ;;
    --fw-cuda-src) cuda_src=$2; shift 2 ;;
    --cpu-sizes) cpu_sizes=$2; shift 2 ;;
    --gpu-sizes) gpu_sizes=$2; shift 2 ;;
    --serial-sizes) serial_sizes=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --commit) commit=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 1 ;;
  esac
done
[ -n "$build" ] || build=$(mktemp -d)
mkdir -p "$build"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
have_gpu=0
if [ -x "$nvcc" ] && command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  have_gpu=1
fi

echo "== building baselines in $build"
g++ -O3 -march=native -fopenmp "$here/fw_omp_simple.cpp" -o "$build/fw_omp_simple"
g++ -O3 -march=native -fopenmp "$here/fw_omp_blocked.cpp" -o "$build/fw_omp_blocked"
if [ $have_gpu = 1 ]; then
  "$nvcc" -arch=sm_90 -O3 "$here/fw_cuda_naive.cu" -o "$build/fw_cuda_naive"
fi
# Pre-translated sample sources: link with the driver and the toolkit.
toolkit_srcs=$(ls "$root"/samples/common/src/*.cpp)
incs="-I$root/runtime/include -I$root/samples/common/include -I$root/samples/floyd_warshall"
if [ -n "$omp_src" ]; then
  echo "== building fw_omp from $omp_src"
  g++ -std=c++17 -O3 -march=native -fopenmp -DHY_GRAPH_HAVE_ZLIB=0 $incs "$omp_src" \
    "$root/samples/floyd_warshall/main.cpp" "$root/samples/floyd_warshall/fw_cli.cpp" $toolkit_srcs \
    -o "$build/fw_omp"
  fw_omp=$build/fw_omp
fi
if [ -n "$cuda_src" ] && [ $have_gpu = 1 ]; then
  echo "== building fw_cuda from $cuda_src"
  "$nvcc" -std=c++17 -arch=sm_90 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp $incs -c "$cuda_src" -o "$build/fw_kernels_cuda.o"
  g++ -std=c++17 -O3 -march=native -fopenmp -DHY_GRAPH_HAVE_ZLIB=0 $incs -c \
    "$root/samples/floyd_warshall/main.cpp" -o "$build/fw_main.o"
  g++ -std=c++17 -O3 -march=native -fopenmp -DHY_GRAPH_HAVE_ZLIB=0 $incs -c \
    "$root/samples/floyd_warshall/fw_cli.cpp" -o "$build/fw_cli.o"
  objs="$build/fw_cli.o"
  for s in $toolkit_srcs; do
    o="$build/tk_$(basename "$s" .cpp).o"
    g++ -std=c++17 -O3 -fopenmp -DHY_GRAPH_HAVE_ZLIB=0 $incs -c "$s" -o "$o"
    objs="$objs $o"
  done
  "$nvcc" -arch=sm_90 -Xcompiler -fopenmp "$build/fw_kernels_cuda.o" "$build/fw_main.o" $objs \
    -o "$build/fw_cuda"
  fw_cuda=$build/fw_cuda
fi

rows=()       # "n|variant|time|rate|ratio|transfers|compute rate|checksum"
declare -A base_time sums
status=0

# run_one GROUP VARIANT N CMD...: GROUP's first variant is its baseline.
run_one() {
  local group=$1 variant=$2 n=$3
  shift 3
  echo "== $variant n=$n: $*" >&2
  local txt
  if ! txt=$("$@" 2>/dev/null); then
    echo "run.sh: $variant n=$n failed" >&2
    status=1
    return
  fi
  local t sum tr=""
  if [[ "$txt" == "{"* ]]; then  # the sample's --json
    t=$(sed -n 's/.*"time_s": *\([0-9.e+-]*\).*/\1/p' <<<"$txt")
    tr=$(sed -n 's/.*"transfer_s": *\([0-9.e+-]*\).*/\1/p' <<<"$txt")
    sum=$(sed -n 's/.*"checksum": *"\([0-9a-f]*\)".*/\1/p' <<<"$txt")
    t=$(awk -v x="$t" 'BEGIN { printf "%.6f", x }')  # JSON keeps every digit
    [ -z "$tr" ] || tr=$(awk -v x="$tr" 'BEGIN { printf "%.6f", x }')
  else
    t=$(sed -n 's/^time: \([0-9.e+-]*\) s.*/\1/p' <<<"$txt")
    tr=$(sed -n 's/^transfers: \([0-9.e+-]*\) s.*/\1/p' <<<"$txt")
    sum=$(sed -n 's/^checksum: \([0-9a-f]*\)/\1/p' <<<"$txt")
  fi
  # Host <-> device copies (GPU rows): their time, and the rate without them.
  local tr_cell="-" crate="-"
  if [ -n "$tr" ] && awk -v x="$tr" 'BEGIN { exit !(x > 0) }'; then
    tr_cell=$tr
    crate=$(awk -v n="$n" -v t="$t" -v x="$tr" 'BEGIN { r = n*n*n/(t-x); if (r >= 1e12) printf "%.3f T/s", r/1e12; else printf "%.2f G/s", r/1e9 }')
  fi
  local key="$group/$n"
  [ -n "${base_time[$key]:-}" ] || base_time[$key]=$t
  local rate ratio
  rate=$(awk -v n="$n" -v t="$t" 'BEGIN { r = n*n*n/t; if (r >= 1e12) printf "%.3f T/s", r/1e12; else printf "%.2f G/s", r/1e9 }')
  ratio=$(awk -v b="${base_time[$key]}" -v t="$t" 'BEGIN { printf "%.2fx", b/t }')
  if [ -n "${sums[$n]:-}" ] && [ "${sums[$n]}" != "$sum" ]; then
    echo "run.sh: CHECKSUM MISMATCH at n=$n: $variant gives $sum, earlier variants ${sums[$n]}" >&2
    status=2
    sum="$sum MISMATCH"
  fi
  sums[$n]=${sums[$n]:-$sum}
  rows+=("$n|$variant|$t|$rate|$ratio|$tr_cell|$crate|$sum")
  echo "   $t s  $rate  $ratio  transfers $tr_cell  without them $crate  $sum" >&2
}

sample() { "$1" --generate "bench:n=$2,seed=$seed" --repeat "$repeat" --json --quiet; }

for n in $cpu_sizes; do
  run_one cpu omp_blocked "$n" "$build/fw_omp_blocked" "$n" "$seed" "$repeat"
  run_one cpu omp_simple "$n" "$build/fw_omp_simple" "$n" "$seed" "$repeat"
  [ -z "$fw_omp" ] || run_one cpu "fw_omp (hyc)" "$n" sample "$fw_omp" "$n"
done
for n in $serial_sizes; do
  [ -z "$fw_serial" ] || run_one serial "fw_serial (hyc)" "$n" sample "$fw_serial" "$n"
  run_one serial omp_blocked "$n" "$build/fw_omp_blocked" "$n" "$seed" "$repeat"
done
if [ $have_gpu = 1 ]; then
  for n in $gpu_sizes; do
    run_one gpu cuda_naive "$n" "$build/fw_cuda_naive" "$n" "$seed" "$repeat"
    [ -z "$fw_cuda" ] || run_one gpu "fw_cuda (hyc)" "$n" sample "$fw_cuda" "$n"
  done
else
  echo "run.sh: no nvcc/GPU: GPU rows skipped" >&2
fi

{
  echo "# Floyd-Warshall benchmark"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  if [ -n "$commit" ]; then
    echo "- commit: $commit"
  else
    echo "- commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (modified tree)')"
  fi
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) hardware threads"
  if [ $have_gpu = 1 ]; then
    echo "- GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
    echo "- nvcc: $("$nvcc" --version | tail -1)"
  fi
  echo "- graph: bench:n=N,seed=$seed (random directed, density 1/2, int32 weights 1..1000)"
  echo "- timing: one warm-up, median of $repeat runs; rate = n^3 / time; ratio = baseline time / time"
  echo "  (baseline: the first row of each size within CPU, serial and GPU groups)"
  echo "- GPU rows: time includes moving the matrix to the device and back once; 'transfers' is"
  echo "  that copy time (cuda_naive: cudaMemcpy from pageable memory; fw_cuda: the hy runtime's"
  echo "  pinned staging) and 'rate w/o transfers' = n^3 / (time - transfers)"
  echo "- command: $cmdline"
  echo
  echo "| n | variant | time (s) | rate | ratio | transfers (s) | rate w/o transfers | checksum |"
  echo "|---:|---|---:|---:|---:|---:|---:|---|"
  for r in "${rows[@]}"; do
    IFS='|' read -r n v t rate ratio tr crate sum <<<"$r"
    echo "| $n | $v | $t | $rate | $ratio | $tr | $crate | \`$sum\` |"
  done
} >"$out"
cat "$out"
exit $status

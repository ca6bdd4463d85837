#!/usr/bin/env bash
# Times the Floyd-Warshall variants that scripts/gpu-bundle.sh put in
# .gpu/fw-<name>/ (a generated fw_kernels.cuda.cu plus an optional `flags`
# file of -D options for the kernels and the driver), on the GPU machine,
# alone or from scripts/gpu-check.sh (GPU_CHECK_BENCH=1). For each
# variant: a --verify run against the triple loop, the end-to-end rate at the
# sizes in FW_SIZES (default 16384), and, when ncu is present and
# FW_NCU=1, the per-launch kernel time of each phase (Nsight Compute,
# gpu__time_duration, a few launches of a middle round), which is where
# docs/perf's "where the kernel time goes" comes from.
# Usage: bash scripts/gpu-fw-variants.sh OUTFILE
set -u
outfile=${1:-/dev/stdout}
B=/tmp/hy-gpu-build
NVCC="nvcc -arch=sm_90 -std=c++17 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp -Iruntime/include"
CXX="g++ -std=c++17 -O3 -march=native -fopenmp -Iruntime/include"
FWI="-Isamples/floyd_warshall -Isamples/common/include"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || true)
mkdir -p "$B/graph"
if ! ls "$B"/graph/*.o >/dev/null 2>&1; then  # gpu-check.sh builds these; alone, build them here
  for f in samples/common/src/*.cpp; do
    g++ -std=c++17 -O3 -DHY_GRAPH_HAVE_ZLIB=1 -Isamples/common/include -c "$f" -o "$B/graph/$(basename "${f%.cpp}").o" &
  done; wait
fi
say() { echo "$*" | tee -a "$outfile"; }
build() { # variant dir: kernels, driver, link (run in parallel below)
  local d=$1 v=${1#.gpu/fw-} flags
  flags=$(cat "$d/flags" 2>/dev/null || true)
  $NVCC $FWI $flags -c "$d/fw_kernels.cuda.cu" -o "$B/fwk_$v.o" -Xptxas -v >"$B/fw-$v-build.log" 2>&1 &&
    $CXX $FWI $flags -c samples/floyd_warshall/main.cpp -o "$B/fw_main_$v.o" 2>>"$B/fw-$v-build.log" &&
    $CXX $FWI $flags -c samples/floyd_warshall/fw_cli.cpp -o "$B/fw_cli_$v.o" 2>>"$B/fw-$v-build.log" &&
    nvcc -Xcompiler -fopenmp "$B/fwk_$v.o" "$B/fw_main_$v.o" "$B/fw_cli_$v.o" "$B"/graph/*.o -lz -o "$B/fw_cuda_$v" 2>>"$B/fw-$v-build.log"
}
for d in .gpu/fw-*; do [ -d "$d" ] && { rm -f "$B/fw_cuda_${d#.gpu/fw-}"; build "$d" & }; done
wait
for d in .gpu/fw-*; do
  [ -d "$d" ] || continue
  v=${d#.gpu/fw-}
  flags=$(cat "$d/flags" 2>/dev/null || true)
  if [ ! -x "$B/fw_cuda_$v" ]; then
    say "variant $v: build failed"; tail -5 "$B/fw-$v-build.log"; continue
  fi
  # Registers and spills of the phase-3 kernel (ptxas -v, int32 instance).
  regs=$(awk '/Compiling entry function .*hy_phase3_L[0-9]*IiE/{f=1} f&&/Used/{print; exit}' "$B/fw-$v-build.log")
  say "variant $v ($flags): phase3 ${regs#*info    : }"
  # The GPU's state before the timings (a warm GPU after the benchmark table
  # ran measurably slower in session 4's runs).
  say "  gpu: $(nvidia-smi --query-gpu=temperature.gpu,clocks.sm,power.draw --format=csv,noheader 2>/dev/null)"
  c=$(HY_DEVICE=gpu timeout 60 "$B/fw_cuda_$v" --generate dense:n=1000,density=0.3,seed=$RANDOM --weights int:100 --verify 2>&1 | grep -E 'verify')
  say "  $c"
  for n in ${FW_SIZES:-16384}; do
    HY_DEVICE=gpu timeout 120 "$B/fw_cuda_$v" --generate bench:n=$n,seed=1 --repeat 3 2>&1 |
      grep -E "rate|transfers|checksum" | sed "s/^/  n=$n: /" | tee -a "$outfile"
  done
  if [ "${FW_NCU:-0}" = 1 ] && [ -n "$ncu" ]; then
    n=${FW_NCU_SIZE:-16384}
    # Kernels launch in the order phase1, phase2, phase3 per round; skip 30
    # rounds, then take 2 rounds' launches (3 kernels each).
    HY_DEVICE=gpu timeout 300 "$ncu" --clock-control none -k regex:"hy_(phase[123]_L|p3_)" --launch-skip 90 --launch-count 6 \
      --metrics gpu__time_duration.sum,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,sm__cycles_elapsed.avg.per_second \
      --csv --print-units base "$B/fw_cuda_$v" --generate bench:n=$n,seed=1 >"$B/ncu-$v.csv" 2>&1
    python3 - "$B/ncu-$v.csv" "$n" <<'EOF' | tee -a "$outfile"
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
if not rows: print("  ncu: no rows"); sys.exit()
h = rows[0]; k = h.index("Kernel Name"); m = h.index("Metric Name"); val = h.index("Metric Value")
d = collections.defaultdict(lambda: collections.defaultdict(list))
for r in rows[1:]:
    name = r[k].split("<")[0].split("(")[0]
    d[name][r[m]].append(float(r[val].replace(",", "")))
for name, ms in d.items():
    t = ms["gpu__time_duration.sum"]
    print(f"  ncu n={sys.argv[2]} {name}: {sorted(t)[len(t)//2]/1000:.1f} us"
          f", alu {max(ms['sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active']):.0f}%"
          f", warps active {max(ms['sm__warps_active.avg.pct_of_peak_sustained_active']):.0f}%"
          f", {ms['launch__registers_per_thread'][0]:.0f} regs"
          + (f", SM {min(ms['sm__cycles_elapsed.avg.per_second'])/1e9:.2f}"
             f"-{max(ms['sm__cycles_elapsed.avg.per_second'])/1e9:.2f} GHz"
             if ms['sm__cycles_elapsed.avg.per_second'] else ""))
EOF
  fi
done

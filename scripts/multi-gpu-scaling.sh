#!/usr/bin/env bash
# The scaling runs of issue 18 in one call, on a machine with several GPUs
# (docs/perf/multi_gpu.md): from the repo root, after scripts/gpu-bundle.sh
# filled .gpu/ on a machine with hyc. Builds the samples' CUDA translations
# with MPI (-DHY_MPI, one rank per GPU: each zone takes the GPU of its local
# rank, hy/cuda/zones.cuh) and runs, for P = 1, 2, 4, 8 GPUs (as many as are
# visible):
#   FW --grid, n = 65,536 (strong scaling) and n = 131,072 (where the hosts'
#     memory holds the driver's copies; see the doc), bench: matrices;
#   Johnson (frontier form) and BC (batched design) on Kronecker scale 22
#     (rmat:scale=22,ef=16, undirected), 1,024 sources;
# and writes the table with speed-up and efficiency against P = 1 to $OUT/multi_gpu.md.
# Needs mpicxx and mpirun on the GPU machine (Open MPI or MPICH).
# Usage: [SCALING_P="1 2 4 8"] [SCALING_ONLY=fw,fwbig,apsp,bc] bash scripts/multi-gpu-scaling.sh
set -u
out=${OUT:-/tmp/hy-multi-gpu}; mkdir -p "$out"
B=/tmp/hy-multi-gpu-build; mkdir -p "$B/graph"
md=$out/multi_gpu.md
command -v mpicxx >/dev/null && command -v mpirun >/dev/null ||
  { echo "multi-gpu-scaling: no mpicxx / mpirun on this machine; the runs need an MPI (Open MPI or MPICH)" | tee "$md"; exit 2; }
[ -e .gpu/fw/fw_kernels.cuda.cu ] || { echo "multi-gpu-scaling: no .gpu/ bundle (run scripts/gpu-bundle.sh where hyc is)" >&2; exit 2; }
# NVLink multicast stays off (the machines' rule; nothing here uses NCCL yet).
export NCCL_NVLS_ENABLE=0 OMP_NUM_THREADS=${OMP_NUM_THREADS:-4}
MPIFLAGS=$(mpicxx --showme:compile 2>/dev/null || mpicxx -compile_info 2>/dev/null | cut -d' ' -f2-)
MPILIBS=$(mpicxx --showme:link 2>/dev/null || mpicxx -link_info 2>/dev/null | cut -d' ' -f2-)
NVCC="nvcc -arch=sm_90 -std=c++17 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp -Iruntime/include -DHY_MPI=1 $MPIFLAGS"
CXX="mpicxx -std=c++17 -O3 -march=native -fopenmp -Iruntime/include -DHY_MPI=1"
LINK="nvcc -Xcompiler -fopenmp"
log=$out/build.log; : >"$log"
( for f in samples/common/src/*.cpp; do g++ -std=c++17 -O3 -DHY_GRAPH_HAVE_ZLIB=1 -Isamples/common/include -c "$f" -o "$B/graph/$(basename "${f%.cpp}").o" & done; wait ) >>"$log" 2>&1
FWI="-Isamples/floyd_warshall -Isamples/common/include"
JNI="-Isamples/johnson -Isamples/common/include"
BCI="-Isamples/bc -Isamples/common/include"
( $NVCC $FWI -c .gpu/fw/fw_kernels.cuda.cu -o "$B/fwk.o" && $CXX $FWI -c samples/floyd_warshall/main.cpp -o "$B/fw_main.o" &&
  $CXX $FWI -c samples/floyd_warshall/fw_cli.cpp -o "$B/fw_cli.o" &&
  $LINK "$B/fwk.o" "$B/fw_main.o" "$B/fw_cli.o" "$B"/graph/*.o -lz $MPILIBS -o "$B/fw_mpi_cuda" ) >>"$log" 2>&1 &
( $NVCC $JNI -c .gpu/johnson/johnson_kernels.cuda.cu -o "$B/jnk.o" && $CXX $JNI -c samples/johnson/main.cpp -o "$B/jn_main.o" &&
  $LINK "$B/jnk.o" "$B/jn_main.o" "$B"/graph/*.o -lz $MPILIBS -o "$B/johnson_mpi_cuda" ) >>"$log" 2>&1 &
( for f in .gpu/bc/bc_*.cuda.cu; do $NVCC $BCI -c "$f" -o "$B/$(basename "${f%.cu}").o" & done
  for f in main bc_memory bc_scale bc_workspace; do $CXX $BCI -c "samples/bc/$f.cpp" -o "$B/bcd_$f.o" & done
  wait; $LINK "$B"/bc_*.cuda.o "$B"/bcd_*.o "$B"/graph/*.o -lz $MPILIBS -o "$B/bc_mpi_cuda" ) >>"$log" 2>&1 &
wait
gpus=$(nvidia-smi -L | wc -l)
ps=""; for p in ${SCALING_P:-1 2 4 8}; do [ "$p" -le "$gpus" ] && ps="$ps $p"; done
only=,${SCALING_ONLY:-fw,fwbig,apsp,bc},
want() { [[ "$only" == *",$1,"* ]]; }
launch() { # P binary args...: mpirun, root allowed, one rank per GPU
  local p=$1; shift
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 HY_DEVICE=gpu \
    timeout 580 mpirun -np "$p" "$@"
}
# seconds NAME P BINARY ARGS...: runs it, logs, prints the solve time
seconds() {
  local name=$1 p=$2; shift 2
  launch "$p" "$@" >"$out/$name.p$p.log" 2>&1 || { echo "failed"; return; }
  case "$name" in
    fw*) grep -o '"time_s":[0-9.e+-]*' "$out/$name.p$p.log" | head -1 | cut -d: -f2 ;;
    apsp) sed -n 's/^sources: .* in batches of [0-9]*, \([0-9.]*\) s .*/\1/p' "$out/$name.p$p.log" | head -1 ;;
    bc) sed -n "s/^  time_median_s  *\\([0-9.e+-]*\\).*/\\1/p" "$out/$name.p$p.log" | head -1 ;;
  esac
}
{
  echo "# Multi-GPU scaling (scripts/multi-gpu-scaling.sh)"
  echo
  echo "- date: $(date -u +%FT%TZ); commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "- GPUs: $gpus x $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); MPI: $(mpirun --version 2>&1 | head -1)"
  echo
  echo "| workload | P | time (s) | speed-up | efficiency |"
  echo "|---|---|---|---|---|"
} >"$md"
row() { # workload P time base
  local eff="-" sp="-"
  if [ "$3" != failed ] && [ -n "$3" ] && [ -n "$4" ] && [ "$4" != failed ]; then
    sp=$(awk -v a="$4" -v b="$3" 'BEGIN { printf "%.2f", a / b }')
    eff=$(awk -v a="$4" -v b="$3" -v p="$2" 'BEGIN { printf "%.0f %%", 100 * a / b / p }')
  fi
  echo "| $1 | $2 | ${3:-?} | $sp | $eff |" | tee -a "$md"
}
run_set() { # workload name binary args...
  local w=$1 name=$2; shift 2
  local base=""
  for p in $ps; do
    t=$(seconds "$name" "$p" "$@")
    [ "$p" = 1 ] && base=$t
    row "$w" "$p" "$t" "$base"
  done
}
want fw && run_set "FW --grid, n = 65,536 (int32)" fw "$B/fw_mpi_cuda" --generate bench:n=65536,seed=1 --grid --json --quiet
# n = 131,072: 64 GiB of int32, spread over the ranks (each holds n^2/P
# values and its panels, on the GPU and as host copies: issue 31).
want fwbig && run_set "FW --grid, n = 131,072 (int32)" fwbig "$B/fw_mpi_cuda" --generate bench:n=131072,seed=1 --grid --json --quiet
want apsp && run_set "Johnson APSP, kron scale 22, 1,024 sources" apsp "$B/johnson_mpi_cuda" \
  --generate rmat:scale=22,ef=16,seed=1 --undirected --weights int:100 --sources 1024 --batch 128 --algorithm frontier
want bc && run_set "BC (batched), kron scale 22, 1,024 sources" bc "$B/bc_mpi_cuda" \
  --generate rmat:scale=22,ef=16,seed=1 --undirected --sources random:1024 --algorithm batched --top 0
echo "table: $md"

#!/usr/bin/env bash
# The whole GPU check in one call, run from the repo root on the GPU machine
# after scripts/gpu-bundle.sh filled .gpu/: builds the CUDA runtime test, every
# end-to-end program (serial and CUDA) and the Floyd-Warshall sample with
# nvcc -arch=sm_90, runs them on the GPU (HY_DEVICE=gpu) on fresh random
# inputs, compares with the serial build, and reports transfers (HY_STATS);
# then the generated programs of .gpu/fuzz and (GPU_CHECK_SANITIZE=1) compute-sanitizer.
# Prints a summary table last; logs go to $OUT (or /tmp/hy-gpu-out).
set -u
root=$(pwd)
out=${OUT:-/tmp/hy-gpu-out}; mkdir -p "$out"
B=${GPU_CHECK_BUILD:-/tmp/hy-gpu-build}; mkdir -p "$B"
# Worklist pushes: the check builds the default, block form (docs/cuda.md
# "Worklist pushes"); GPU_CHECK_PUSH=warp builds every unit in the other.
NVCC_BASE="nvcc -arch=sm_90 -std=c++17 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp -Iruntime/include"
NVCC="$NVCC_BASE${GPU_CHECK_PUSH:+ -DHY_PUSH=$GPU_CHECK_PUSH}"
CXX="g++ -std=c++17 -O3 -march=native -fopenmp -Iruntime/include"
pass=0; fail=0; summary=()
result() { # name ok detail; printed at once too (with the seconds since the start), so that
  # a run cut by a time limit still shows what passed and where the time went
  if [ "$2" = 1 ]; then pass=$((pass+1)); summary+=("PASS $1 $3"); else fail=$((fail+1)); summary+=("FAIL $1 $3"); fi
  echo "[${SECONDS}s] ${summary[-1]}" | cut -c1-240
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader | tee "$out/gpu.txt"

# GPU_CHECK_ONLY=PART[,PART...] runs only those parts: runtime, e2e, fw,
# delta, johnson, gm, bc, ranks (several MPI ranks on the GPU), fuzz,
# mutants (the device mutants; never part of "all")
# ("samples" = fw,delta,johnson,gm,bc; default all). E.g. GPU_CHECK_ONLY=runtime,johnson,bc after a change to the runtime
# and to code that only those samples generate.
only=,${GPU_CHECK_ONLY:-all},
only=${only//,samples,/,fw,delta,johnson,gm,bc,}
want() { [ "$only" = ",all," ] || [[ "$only" == *",$1,"* ]]; }

# The MPI builds' flags (part 3f), for the prebuild too.
mpi_ok=0
if command -v mpicxx >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
  mpi_ok=1
  mpi_compile=$(mpicxx --showme:compile 2>/dev/null || mpicxx -compile_info 2>/dev/null | cut -d' ' -f2-)
  mpi_link=$(mpicxx --showme:link 2>/dev/null || mpicxx -link_info 2>/dev/null | cut -d' ' -f2-)
  # mpicxx's flags for nvcc: -I -D -L -l as they are, -Wl,... to the linker, the rest to the host compiler.
  nvflags() { local f o=""; for f in "$@"; do case $f in -I*|-D*|-L*|-l*) o+=" $f" ;; -Wl,*) o+=" -Xlinker ${f#-Wl,}" ;; *) o+=" -Xcompiler $f" ;; esac; done; echo "$o"; }
  # shellcheck disable=SC2086
  NVMPI="$NVCC -DHY_MPI=1 $(nvflags $mpi_compile)"; CXXMPI="$CXX -DHY_MPI=1 $mpi_compile"
  # shellcheck disable=SC2086
  LINKMPI="nvcc -Xcompiler -fopenmp $(nvflags $mpi_link)"
fi

# 0. nvcc takes most of the check's time: its units of every wanted part
# start here at once, on all the machine's cores, and the check goes on when
# they are done. A part uses the output it finds (have FILE) and compiles
# again only what failed here, writing the error to its own log.
have() { [ -s "$1" ]; }
# GPU_CHECK_BENCH=1 runs every benchmark of part 4, or a list of fw, gm, bc.
bench() { case ",${GPU_CHECK_BENCH:-0}," in *,1,*|*",$1,"*) return 0 ;; esac; return 1; }
pre() { rm -f "$1"; "${@:2}" >/dev/null 2>&1 & }
if [ "${GPU_CHECK_PREBUILD:-1}" = 1 ]; then
  want runtime && pre "$B/rt" $NVCC test/runtime/cuda_runtime_test.cu -o "$B/rt"
  if want e2e; then
    for cu in .gpu/e2e/*.cuda.cu; do
      [ -e "$cu" ] || continue
      n=$(basename "${cu%.cuda.cu}")
      pre "$B/$n.cuda" $NVCC "$cu" -o "$B/$n.cuda"
      pre "$B/$n.serial" $CXX ".gpu/e2e/$n.serial.cpp" -o "$B/$n.serial"
    done
  fi
  want fw && [ -e .gpu/fw/fw_kernels.cuda.cu ] &&
    pre "$B/fwk_cuda.o" $NVCC -Isamples/floyd_warshall -Isamples/common/include -c .gpu/fw/fw_kernels.cuda.cu -o "$B/fwk_cuda.o"
  want delta && [ -e .gpu/delta/delta_kernels.cuda.cu ] &&
    pre "$B/dsk_cuda.o" $NVCC -Isamples/delta_stepping -Isamples/common/include -c .gpu/delta/delta_kernels.cuda.cu -o "$B/dsk_cuda.o"
  want johnson && [ -e .gpu/johnson/johnson_kernels.cuda.cu ] &&
    pre "$B/jnk_cuda.o" $NVCC -Isamples/johnson -Isamples/common/include -c .gpu/johnson/johnson_kernels.cuda.cu -o "$B/jnk_cuda.o"
  if want gm && [ -e .gpu/gm/gm_kernels.cuda.cu ]; then
    mkdir -p "$B/gm"; cp .gpu/gm/gm_kernels.cuda.cu .gpu/gm/gm_kernels.b8.cu
    for b in 4 8 16 32; do
      pre "$B/gm/k_b$b.o" $NVCC -Isamples/graph_matching -Isamples/common/include -DHY_GM_TILE=$b -c .gpu/gm/gm_kernels.b$b.cu -o "$B/gm/k_b$b.o"
    done
  fi
  if want bc && [ -e .gpu/bc/bc_batched.cuda.cu ]; then
    for f in .gpu/bc/bc_*.cuda.cu; do
      pre "$B/$(basename "${f%.cu}").o" $NVCC -Isamples/bc -Isamples/common/include -c "$f" -o "$B/$(basename "${f%.cu}").o"
    done
  fi
  # 3f's MPI units (the links stay in 3f): one at a time there took
  # minutes of the check's time.
  if want ranks && [ $mpi_ok = 1 ]; then
    R=$B/ranks; mkdir -p "$R"
    for n in zones zone_rows; do
      [ -e ".gpu/e2e/$n.cuda.cu" ] && pre "$R/$n.o" $NVMPI ".gpu/e2e/$n.cuda.cu" -c -o "$R/$n.o"
    done
    [ -e .gpu/fw/fw_kernels.cuda.cu ] && pre "$R/fwk.o" $NVMPI -Isamples/floyd_warshall -Isamples/common/include -c .gpu/fw/fw_kernels.cuda.cu -o "$R/fwk.o"
    [ -e .gpu/johnson/johnson_kernels.cuda.cu ] && pre "$R/jnk.o" $NVMPI -Isamples/johnson -Isamples/common/include -c .gpu/johnson/johnson_kernels.cuda.cu -o "$R/jnk.o"
    for f in .gpu/bc/bc_*.cuda.cu; do
      [ -e "$f" ] && pre "$R/$(basename "${f%.cu}").o" $NVMPI -Isamples/bc -Isamples/common/include -c "$f" -o "$R/$(basename "${f%.cu}").o"
    done
    [ -e .gpu/gm/gm_kernels.cuda.cu ] && pre "$R/gmk.o" $NVMPI -Isamples/graph_matching -Isamples/common/include -c .gpu/gm/gm_kernels.cuda.cu -o "$R/gmk.o"
    [ -e .gpu/gm/gm_zones.cuda.cu ] && pre "$R/gmz.o" $NVMPI -Isamples/graph_matching -Isamples/common/include -c .gpu/gm/gm_zones.cuda.cu -o "$R/gmz.o"
  fi
  wait
fi

# 1. runtime self-test
if ! want runtime; then :
elif have "$B/rt" || $NVCC test/runtime/cuda_runtime_test.cu -o "$B/rt" 2>"$out/rt-build.log"; then
  timeout 120 "$B/rt" >"$out/runtime.log" 2>&1; rc=$?
  result runtime $([ $rc = 0 ] && echo 1 || echo 0) "$(tail -1 "$out/runtime.log")"
else result runtime 0 "build failed"; fi

# 2. end-to-end programs: serial vs CUDA on the GPU, exact output; each
# program also checks itself against host references (non-zero exit). Every
# program of test/e2e/CMakeLists.txt must be in the bundle: the GPU is the
# only place their tile copies run (CI runs the CPU fallback).
if want e2e; then
  for n in $(sed -n 's/^set(HY_E2E_PROGRAMS \(.*\) CACHE.*/\1/p' test/e2e/CMakeLists.txt); do
    [ -e ".gpu/e2e/$n.cuda.cu" ] || result "e2e.$n" 0 "not in the bundle (run scripts/gpu-bundle.sh)"
  done
fi
for cu in .gpu/e2e/*.cuda.cu; do
  [ -e "$cu" ] && want e2e || continue
  n=$(basename "${cu%.cuda.cu}")
  ( { have "$B/$n.serial" || $CXX ".gpu/e2e/$n.serial.cpp" -o "$B/$n.serial"; } &&
    { have "$B/$n.cuda" || $NVCC "$cu" -o "$B/$n.cuda"; } ) >"$out/e2e-$n.build.log" 2>&1 ||
    { result "e2e.$n" 0 "build failed"; continue; }
  ok=1
  for seed in $RANDOM $RANDOM $RANDOM; do
    timeout 60 "$B/$n.serial" $seed >"$B/$n.s.txt" 2>&1 || ok=0
    HY_DEVICE=gpu HY_SYNC=1 HY_STATS=1 timeout 60 "$B/$n.cuda" $seed >"$B/$n.c.txt" 2>"$B/$n.c.err" || ok=0
    diff -q "$B/$n.s.txt" "$B/$n.c.txt" >/dev/null || { ok=0; diff "$B/$n.s.txt" "$B/$n.c.txt" | head -20 >>"$out/e2e-$n.diff"; }
  done
  result "e2e.$n" $ok "$(grep -h 'hy stats' "$B/$n.c.err" | tail -1)"
done
# 2b. The warp form of worklist pushes (-DHY_PUSH=warp: one atomic per warp
# instead of the block's shared-memory buffer, docs/cuda.md "Worklist
# pushes"), for the programs that push, against the same serial build.
for n in ${GPU_CHECK_WARP_PUSH:-pushes graph_kernels}; do
  cu=.gpu/e2e/$n.cuda.cu
  [ -e "$cu" ] && want e2e || continue
  $NVCC_BASE -DHY_PUSH=warp "$cu" -o "$B/$n.cuda_warp" >"$out/e2e-$n.warp.build.log" 2>&1 &&
    { have "$B/$n.serial" || $CXX ".gpu/e2e/$n.serial.cpp" -o "$B/$n.serial"; } >>"$out/e2e-$n.warp.build.log" 2>&1 ||
    { result "e2e.$n.warp_push" 0 "build failed"; continue; }
  ok=1
  for seed in $RANDOM $RANDOM; do
    timeout 60 "$B/$n.serial" $seed >"$B/$n.s.txt" 2>&1 || ok=0
    HY_DEVICE=gpu HY_SYNC=1 timeout 60 "$B/$n.cuda_warp" $seed >"$B/$n.w.txt" 2>"$B/$n.w.err" || ok=0
    diff -q "$B/$n.s.txt" "$B/$n.w.txt" >/dev/null || { ok=0; diff "$B/$n.s.txt" "$B/$n.w.txt" | head -20 >>"$out/e2e-$n.warp.diff"; }
  done
  result "e2e.$n.warp_push" $ok "HY_PUSH=warp"
done

# 3. Floyd-Warshall sample
FWI="-Isamples/floyd_warshall -Isamples/common/include"
mkdir -p "$B/graph"
if ! { want fw || want delta || want johnson || want gm || want bc; }; then :; else
( for f in samples/common/src/*.cpp; do g++ -std=c++17 -O3 -DHY_GRAPH_HAVE_ZLIB=1 -Isamples/common/include -c "$f" -o "$B/graph/$(basename "${f%.cpp}").o" & done; wait ) 2>"$out/graph-build.log"
if ! want fw; then :
elif { have "$B/fwk_cuda.o" || $NVCC $FWI -c .gpu/fw/fw_kernels.cuda.cu -o "$B/fwk_cuda.o" 2>"$out/fw-build.log"; } &&
   $CXX $FWI -c .gpu/fw/fw_kernels.serial.cpp -o "$B/fwk_serial.o" 2>>"$out/fw-build.log" &&
   $CXX $FWI -c .gpu/fw/fw_kernels.openmp.cpp -o "$B/fwk_omp.o" 2>>"$out/fw-build.log" &&
   $CXX $FWI -c samples/floyd_warshall/main.cpp -o "$B/fw_main.o" 2>>"$out/fw-build.log" &&
   $CXX $FWI -c samples/floyd_warshall/fw_cli.cpp -o "$B/fw_cli.o" 2>>"$out/fw-build.log" &&
   ${CXX/ -fopenmp/} $FWI -c samples/floyd_warshall/main.cpp -o "$B/fw_main_serial.o" 2>>"$out/fw-build.log" &&
   ${CXX/ -fopenmp/} $FWI -c samples/floyd_warshall/fw_cli.cpp -o "$B/fw_cli_serial.o" 2>>"$out/fw-build.log"; then
  # The driver without OpenMP for fw_serial, so that it names its build right.
  nvcc -Xcompiler -fopenmp "$B/fwk_cuda.o" "$B/fw_main.o" "$B/fw_cli.o" "$B"/graph/*.o -lz -o "$B/fw_cuda" 2>>"$out/fw-build.log"
  g++ -fopenmp "$B/fwk_serial.o" "$B/fw_main_serial.o" "$B/fw_cli_serial.o" "$B"/graph/*.o -lz -o "$B/fw_serial"
  g++ -fopenmp "$B/fwk_omp.o" "$B/fw_main.o" "$B/fw_cli.o" "$B"/graph/*.o -lz -o "$B/fw_omp"
  cp "$B/fw_cuda" "$B/fw_omp" "$B/fw_serial" "$out/" 2>/dev/null
  seed=$RANDOM
  for spec in "dense:n=300,density=0.3,seed=$seed --weights int:50 --negative 20" \
              "dense:n=1000,density=0.05,seed=$((seed+1)) --weights int:1000" \
              "dense:n=777,density=0.2,seed=$((seed+2)) --weights real --negative 1" \
              "grid:rows=40,cols=50 --weights int:9" \
              "dense:n=400,density=0.1,seed=$((seed+3)) --weights int:30 --paths" \
              "dense:n=900,density=0.1,seed=$((seed+4)) --weights int:100 --budget 2M" \
              "dense:n=1000,density=0.05,seed=$((seed+5)) --weights int:100 --negative 20 --grid --grid-block 128"; do
    s=$(timeout 60 "$B/fw_serial" --generate $spec 2>&1 | grep checksum)
    c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 60 "$B/fw_cuda" --generate $spec 2>&1 | grep checksum)
    result "fw[$spec]" $([ -n "$s" ] && [ "$s" = "$c" ] && echo 1 || echo 0) "$c"
  done
  # File inputs (DIMACS, Matrix Market) against the triple-loop reference.
  for f in samples/floyd_warshall/Inputs/small.gr "samples/floyd_warshall/Inputs/small.mtx --weights real"; do
    c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 60 "$B/fw_cuda" $f --verify 2>&1 | grep verify)
    result "fw[$f]" $(echo "$c" | grep -q matches && echo 1 || echo 0) "$c"
  done
  st=$(HY_DEVICE=gpu HY_STATS=1 timeout 60 "$B/fw_cuda" --generate dense:n=4096,density=0.1,seed=$seed --weights int:100 2>&1 | grep 'hy stats')
  result "fw.transfers(n=4096)" $(echo "$st" | grep -q 'host->device 1 transfers.*device->host 1 transfers' && echo 1 || echo 0) "$st"
else
  result fw 0 "build failed (see fw-build.log)"
fi
fi

# 3b. Δ-stepping sample: the CUDA build on the GPU against Dijkstra
DSI="-Isamples/delta_stepping -Isamples/common/include"
if ! want delta; then :
elif [ -e .gpu/delta/delta_kernels.cuda.cu ] &&
   { have "$B/dsk_cuda.o" || $NVCC $DSI -c .gpu/delta/delta_kernels.cuda.cu -o "$B/dsk_cuda.o" 2>"$out/delta-build.log"; } &&
   $CXX $DSI -c samples/delta_stepping/main.cpp -o "$B/ds_main.o" 2>>"$out/delta-build.log" &&
   nvcc -Xcompiler -fopenmp "$B/dsk_cuda.o" "$B/ds_main.o" "$B"/graph/*.o -lz -o "$B/delta_cuda" 2>>"$out/delta-build.log"; then
  seed=$RANDOM
  for spec in "--generate rmat:scale=14,ef=16,seed=$seed --undirected --weights real --sources 4" \
              "--generate rmat:scale=14,ef=16,seed=$((seed+1)) --weights int:255 --sources 4 --delta 40" \
              "--generate grid:rows=60,cols=80,seed=$((seed+2)) --weights int:9 --sources 2" \
              "--generate er:n=3000,p=0.004,seed=$((seed+3)) --weights real --delta-sweep 0.01,0.2,100" \
              "--generate rmat:scale=13,ef=16,seed=$((seed+4)) --weights real --sources 4 --algorithm buckets" \
              "--generate grid:rows=50,cols=70,seed=$((seed+5)) --weights int:20 --sources 3 --algorithm buckets"; do
    c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 120 "$B/delta_cuda" $spec --verify 2>&1 | grep verify | tail -1)
    result "delta[$spec]" $(echo "$c" | grep -q "matches" && echo 1 || echo 0) "$c"
  done
  # Transfers per solve (the regression of issue 27: every solve copied its
  # arrays back and up again): over 4 sources x (warm-up + 3 runs) the only
  # copies back may be dist, once per source, when main reads it, plus
  # worklist counts (8 bytes each).
  st=$(HY_DEVICE=gpu HY_STATS=1 timeout 120 "$B/delta_cuda" --generate rmat:scale=14,ef=16,seed=$seed --undirected \
       --weights int:255 --sources 4 --repeat 3 --delta 32 2>&1 | grep "hy stats")
  d2h=$(echo "$st" | sed -n 's/.*device->host [0-9]* transfers (\([0-9]*\) bytes).*/\1/p')
  budget=$((4 * 16384 * 4 + 65536))
  result "delta[transfers back over 4 sources x 4 solves <= $budget bytes]" \
    $([ -n "$d2h" ] && [ "$d2h" -le "$budget" ] && echo 1 || echo 0) "${st:-no hy stats line}"
else
  result delta 0 "build failed (see delta-build.log)"
fi

# 3c. Johnson sample: the CUDA build on the GPU against Bellman-Ford
# same_summary "reachable pairs: R; diameter (...): D; checksum C" (GPU) (CPU):
# 1 when R and D are equal and C agrees to 1e-12 (real weights are summed
# in another order on the GPU; integer sums are exact).
same_summary() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a == b) { print 1; exit }
    na = split(a, x, /[:;] *|checksum /); nb = split(b, y, /[:;] *|checksum /)
    if (na != nb || x[2] != y[2] || x[4] != y[4]) { print 0; exit }
    d = x[6] - y[6]; if (d < 0) d = -d; m = y[6] < 0 ? -y[6] : y[6]
    print (d <= 1e-12 * m ? 1 : 0) }'
}
JNI="-Isamples/johnson -Isamples/common/include"
if ! want johnson; then :
elif [ -e .gpu/johnson/johnson_kernels.cuda.cu ] &&
   { have "$B/jnk_cuda.o" || $NVCC $JNI -c .gpu/johnson/johnson_kernels.cuda.cu -o "$B/jnk_cuda.o" 2>"$out/johnson-build.log"; } &&
   $CXX $JNI -c samples/johnson/main.cpp -o "$B/jn_main.o" 2>>"$out/johnson-build.log" &&
   nvcc -Xcompiler -fopenmp "$B/jnk_cuda.o" "$B/jn_main.o" "$B"/graph/*.o -lz -o "$B/johnson_cuda" 2>>"$out/johnson-build.log"; then
  seed=$RANDOM
  for spec in "--generate er:n=1500,p=0.005,seed=$seed --directed --weights int:50 --negative 30 --all-sources" \
              "--generate rmat:scale=11,ef=8,seed=$((seed+1)) --weights int:100 --negative 20 --sources 64 --window min-weight" \
              "--generate grid:rows=30,cols=40,seed=$((seed+2)) --weights real --sources 32" \
              "--input samples/floyd_warshall/Inputs/small.gr --path 1 5" \
              "--generate er:n=1200,p=0.006,seed=$((seed+3)) --directed --weights int:40 --negative 25 --sources 48 --algorithm heap" \
              "--generate rmat:scale=10,ef=8,seed=$((seed+4)) --weights int:60 --negative 10 --sources 40 --algorithm outer" \
              "--generate grid:rows=25,cols=30,seed=$((seed+5)) --weights int:9 --sources 24 --algorithm inner" \
              "--generate er:n=2000,p=0.003,seed=$((seed+6)) --directed --weights real --sources random:64 --algorithm frontier"; do
    g=$(HY_DEVICE=gpu HY_SYNC=1 timeout 120 "$B/johnson_cuda" $spec --verify 2>&1)
    c=$(echo "$g" | grep verify | tail -1)
    # --verify checks the rows of distances; the per-source summaries (made
    # on the device, read by the host) against the same build on the CPU.
    sg=$(echo "$g" | grep "^reachable pairs")
    sc=$(HY_DEVICE=cpu timeout 120 "$B/johnson_cuda" $spec 2>&1 | grep "^reachable pairs")
    same=$(same_summary "$sg" "$sc")
    result "johnson[$spec]" $(echo "$c" | grep -q "matches" && [ "$same" = 1 ] && echo 1 || echo 0) \
      "$c; summaries ${sg:-none}$([ "$same" = 1 ] || echo ", the CPU's: ${sc:-none}")"
  done
else
  result johnson 0 "build failed (see johnson-build.log)"
fi

# 3d. Graph matching sample: the CUDA builds (B = 4, 8, 16, 32) on the GPU
# against the serial build: set and labelling bit for bit (same P checksum),
# one pair with the same assignment and P within 1e-5 of the serial naive
# nest, on fresh seeds; then GPU_CHECK_BENCH=1 times it (bench/graph_matching).
GMI="-Isamples/graph_matching -Isamples/common/include"
mkdir -p "$B/gm"
if [ -e .gpu/gm/gm_kernels.cuda.cu ] && want gm &&
   $CXX $GMI -c samples/graph_matching/main.cpp -o "$B/gm/main.o" 2>"$out/gm-build.log" &&
   ${CXX/ -fopenmp/} $GMI -c samples/graph_matching/main.cpp -o "$B/gm/main_serial.o" 2>>"$out/gm-build.log" &&
   $CXX $GMI -c samples/graph_matching/gm_data.cpp -o "$B/gm/data.o" 2>>"$out/gm-build.log" &&
   $CXX $GMI -c samples/graph_matching/gm_assign.cpp -o "$B/gm/assign.o" 2>>"$out/gm-build.log" &&
   ${CXX/ -fopenmp/} $GMI -c .gpu/gm/gm_kernels.serial.cpp -o "$B/gm/k_serial.o" 2>>"$out/gm-build.log" &&
   ${CXX/ -fopenmp/} $GMI -c .gpu/gm/gm_zones.serial.cpp -o "$B/gm/z_serial.o" 2>>"$out/gm-build.log" &&
   $CXX $GMI -c .gpu/gm/gm_kernels.openmp.cpp -o "$B/gm/k_omp.o" 2>>"$out/gm-build.log" &&
   $CXX $GMI -c .gpu/gm/gm_zones.openmp.cpp -o "$B/gm/z_omp.o" 2>>"$out/gm-build.log"; then
  common="$B/gm/data.o $B/gm/assign.o $B/graph/*.o -lz"
  g++ -fopenmp "$B/gm/k_serial.o" "$B/gm/z_serial.o" "$B/gm/main_serial.o" $common -o "$B/gm/gm_serial"
  g++ -fopenmp "$B/gm/k_omp.o" "$B/gm/z_omp.o" "$B/gm/main.o" $common -o "$B/gm/gm_omp"
  cp .gpu/gm/gm_kernels.cuda.cu .gpu/gm/gm_kernels.b8.cu
  cp .gpu/gm/gm_zones.cuda.cu .gpu/gm/gm_zones.b8.cu
  for b in 4 8 16 32; do
    # The driver with the same B: it pads the pairs to multiples of B.
    ( { have "$B/gm/k_b$b.o" || $NVCC $GMI -DHY_GM_TILE=$b -c .gpu/gm/gm_kernels.b$b.cu -o "$B/gm/k_b$b.o"; } &&
      $NVCC $GMI -DHY_GM_TILE=$b -c .gpu/gm/gm_zones.b$b.cu -o "$B/gm/z_b$b.o" &&
      $CXX $GMI -DHY_GM_TILE=$b -c samples/graph_matching/main.cpp -o "$B/gm/main_b$b.o" &&
      nvcc -Xcompiler -fopenmp "$B/gm/k_b$b.o" "$B/gm/z_b$b.o" "$B/gm/main_b$b.o" $common -o "$B/gm/gm_cuda_b$b" ) >>"$out/gm-build.log" 2>&1 &
  done
  nvcc -O3 -arch=sm_90 -std=c++17 $GMI bench/graph_matching/q_cublas.cu samples/graph_matching/gm_data.cpp \
    -lcublas -o "$B/gm/q_cublas" >>"$out/gm-build.log" 2>&1 &
  wait
  seed=$RANDOM
  for b in 4 8 16 32; do
    [ -x "$B/gm/gm_cuda_b$b" ] || { result "gm.b$b" 0 "build failed (see gm-build.log)"; continue; }
    pair="--generate n=100,graphs=2,density=0.3,noise=0.05,delete=0.05,add=0.05,seed=$((seed+b))"
    timeout 120 "$B/gm/gm_serial" $pair --variant naive --output "$B/gm/ref.bin" >/dev/null 2>&1
    c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 120 "$B/gm/gm_cuda_b$b" $pair --compare "$B/gm/ref.bin" --tolerance 1e-5 2>&1 | grep -E "compare|device ")
    result "gm.b$b.pair(n=100)" $(echo "$c" | grep -q "compare *matches" && echo 1 || echo 0) "$(echo $c)"
  done
  pair="--generate n=96,graphs=2,density=0.3,noise=0.05,seed=$seed --compat product"
  timeout 120 "$B/gm/gm_serial" $pair --variant naive --output "$B/gm/ref.bin" >/dev/null 2>&1
  c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 120 "$B/gm/gm_cuda_b8" $pair --variant product --compare "$B/gm/ref.bin" --tolerance 1e-5 2>&1 | grep -E "compare")
  result "gm.product(n=96)" $(echo "$c" | grep -q "compare *matches" && echo 1 || echo 0) "$(echo $c)"
  for spec in "n=24,graphs=20,density=0.3,noise=0.05,seed=$seed --mode set" \
              "n=30,graphs=12,density=0.2,noise=0.03,seed=$((seed+1)) --mode set" \
              "n=24,graphs=10,density=0.3,noise=0.03,seed=$((seed+2)) --mode labels"; do
    s=$(timeout 120 "$B/gm/gm_serial" --generate $spec 2>&1 | grep -E "^  P ")
    c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 120 "$B/gm/gm_cuda_b8" --generate $spec 2>&1 | grep -E "^  P ")
    result "gm[$spec]" $([ -n "$s" ] && [ "$s" = "$c" ] && echo 1 || echo 0) "serial $s, cuda $c"
  done
  c=$(HY_DEVICE=gpu timeout 120 "$B/gm/gm_cuda_b8" samples/graph_matching/Inputs/house.ag samples/graph_matching/Inputs/house_perm.ag --verify 2>&1 | grep -E "verify|accuracy")
  result "gm[house.ag]" $(echo "$c" | grep -q "matches" && echo 1 || echo 0) "$(echo $c)"
else
  ! want gm || result gm 0 "build failed (see gm-build.log)"
fi

# 3e. BC sample: every design's CUDA build on the GPU against the reference
# Brandes (exact and sampled, undirected and directed, endpoints, weighted),
# and a design that does not fit refused with both numbers.
BCI="-Isamples/bc -Isamples/common/include"
bc_ok=0
if [ -e .gpu/bc/bc_batched.cuda.cu ] && want bc; then
  ( for f in .gpu/bc/bc_*.cuda.cu; do have "$B/$(basename "${f%.cu}").o" || $NVCC $BCI -c "$f" -o "$B/$(basename "${f%.cu}").o" & done
    for f in main bc_memory bc_scale bc_workspace; do $CXX $BCI -c "samples/bc/$f.cpp" -o "$B/bcd_$f.o" & done
    wait ) >"$out/bc-build.log" 2>&1
  nvcc -Xcompiler -fopenmp "$B"/bc_*.cuda.o "$B"/bcd_*.o "$B"/graph/*.o -lz -o "$B/bc_cuda" 2>>"$out/bc-build.log" && bc_ok=1
fi
if [ $bc_ok = 1 ]; then
  seed=$RANDOM
  for spec in "--generate ba:n=3000,m=5,seed=$seed --algorithm jia" \
              "--generate ba:n=3000,m=5,seed=$seed --algorithm sriram --endpoints" \
              "--generate ba:n=1500,m=3,seed=$((seed+1)) --algorithm shi" \
              "--generate ba:n=20000,m=8,seed=$((seed+2)) --algorithm batched --sources random:700 --batch 256" \
              "--generate rmat:scale=15,ef=16,seed=$((seed+3)) --undirected --algorithm batched --sources nonisolated:64" \
              "--generate rmat:scale=15,ef=16,seed=$((seed+3)) --undirected --algorithm batched --sources nonisolated:64 --direction pull" \
              "--generate rmat:scale=15,ef=16,seed=$((seed+3)) --undirected --algorithm batched --sources nonisolated:64 --direction push" \
              "--generate er:n=4000,p=0.002,directed=1,seed=$((seed+4)) --algorithm batched --endpoints" \
              "--generate er:n=3000,p=0.003,directed=1,seed=$((seed+4)) --algorithm jia --sources random:500" \
              "--generate ba:n=5000,m=4,seed=$((seed+5)) --weighted --weights int:5 --sources random:300" \
              "--generate er:n=3000,p=0.004,directed=1,seed=$((seed+6)) --weighted --weights real --sources random:200"; do
    c=$(HY_DEVICE=gpu HY_SYNC=1 timeout 300 "$B/bc_cuda" $spec --verify --top 0 2>&1 | grep verify | tail -1)
    result "bc[$spec]" $(echo "$c" | grep -q "matches" && echo 1 || echo 0) "$c"
  done
  c=$(HY_DEVICE=gpu timeout 60 "$B/bc_cuda" --generate ba:n=120000,m=4 --algorithm jia 2>&1 | grep "needs .* available")
  result "bc.too_big(jia, n=120000)" $([ -n "$c" ] && echo 1 || echo 0) "$(echo "$c" | cut -c1-160)"
elif [ -e .gpu/bc/bc_batched.cuda.cu ] && want bc; then
  result bc 0 "build failed (see bc-build.log)"
fi

# 3f. Several ranks on one GPU (issue 31): the MPI builds of the zone e2e
# programs (zones, zone_rows), of the samples' zone loops (Johnson's batches,
# BC's sources, graph matching's set) and of fw --grid run under mpirun -np 2
# and -np 4 with every rank on the one GPU (host staging, broadcasts and
# reductions across ranks), against one rank of the same build (the e2e
# programs against their serial build, as in CI). It checks the multi-rank
# GPU path for correctness; it says nothing about scaling. Needs mpicxx and
# mpirun (SKIP without them). GPU_CHECK_RANKS_DEVICE=cpu runs the same
# binaries on their CPU path (how the section was tried where there is no GPU).
if want ranks; then
  if [ $mpi_ok = 0 ]; then
    summary+=("SKIP ranks (no mpicxx / mpirun on this machine: the multi-rank GPU path was not checked)")
  else
    R=$B/ranks; mkdir -p "$R" "$B/graph"
    ls "$B"/graph/*.o >/dev/null 2>&1 ||
      ( for f in samples/common/src/*.cpp; do g++ -std=c++17 -O3 -DHY_GRAPH_HAVE_ZLIB=1 -Isamples/common/include -c "$f" -o "$B/graph/$(basename "${f%.cpp}").o" & done; wait ) 2>"$out/graph-build.log"
    rdev=${GPU_CHECK_RANKS_DEVICE:-gpu}
    oversub=""; mpirun --version 2>&1 | grep -q "Open MPI" && oversub="--oversubscribe"
    ranks_run() { # NP program args...: every rank on this machine's one GPU (or its CPU path)
      local np=$1; shift
      # shellcheck disable=SC2086
      OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 HY_DEVICE=$rdev OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} \
        timeout 300 mpirun -np "$np" $oversub "$@"
    }
    ranks_compare() { # name pattern program args...: np 2 and 4 against np 1, the lines matching pattern
      local name=$1 pat=$2 np; shift 2
      if ! ranks_run 1 "$@" >"$R/$name.np1.log" 2>&1 || ! grep -E "$pat" "$R/$name.np1.log" >"$R/$name.np1.res"; then
        cp "$R/$name.np1.log" "$out/"; result "ranks.$name" 0 "one rank failed or printed no result (see $name.np1.log)"; return
      fi
      for np in 2 4; do
        local ok=1
        ranks_run $np "$@" >"$R/$name.np$np.log" 2>&1 || ok=0
        grep -E "$pat" "$R/$name.np$np.log" >"$R/$name.np$np.res"
        cmp -s "$R/$name.np1.res" "$R/$name.np$np.res" || ok=0
        [ $ok = 1 ] || { cp "$R/$name.np$np.log" "$out/"; diff "$R/$name.np1.res" "$R/$name.np$np.res" | head -10 >"$out/ranks-$name.np$np.diff"; }
        result "ranks.$name.np$np" $ok "$(wc -l <"$R/$name.np1.res") result lines$([ $ok = 1 ] && echo " equal one rank's" || echo " differ (see ranks-$name.np$np.diff)")"
      done
    }
    # e2e programs with zone loops: every rank's output file against the serial build's.
    for n in zones zone_rows; do
      [ -e ".gpu/e2e/$n.cuda.cu" ] || { result "ranks.e2e.$n" 0 "not in the bundle (run scripts/gpu-bundle.sh)"; continue; }
      if ! { { have "$B/$n.serial" || $CXX ".gpu/e2e/$n.serial.cpp" -o "$B/$n.serial"; } &&
             { have "$R/$n.o" || $NVMPI ".gpu/e2e/$n.cuda.cu" -c -o "$R/$n.o"; } && $LINKMPI "$R/$n.o" -o "$R/$n.cuda_mpi"; } >"$out/ranks-e2e-$n.build.log" 2>&1; then
        result "ranks.e2e.$n" 0 "build failed (see ranks-e2e-$n.build.log)"; continue
      fi
      timeout 60 "$B/$n.serial" >"$R/$n.serial.txt" 2>&1
      for np in 2 4; do
        ok=1
        ranks_run $np "$R/$n.cuda_mpi" >"$R/$n.np$np.txt" 2>"$R/$n.np$np.err" || ok=0
        cmp -s "$R/$n.serial.txt" "$R/$n.np$np.txt" || { ok=0; diff "$R/$n.serial.txt" "$R/$n.np$np.txt" | head -20 >"$out/ranks-e2e-$n.np$np.diff"; cp "$R/$n.np$np.err" "$out/ranks-e2e-$n.np$np.err"; }
        result "ranks.e2e.$n.np$np" $ok "$(wc -l <"$R/$n.serial.txt") lines$([ $ok = 1 ] && echo " equal the serial build's")"
      done
    done
    seed=$RANDOM
    # fw --grid: 1, 2 and 4 ranks bit for bit (samples/floyd_warshall/tests/grid-ranks.sh, as ctest fw.grid_ranks.*).
    FWI="-Isamples/floyd_warshall -Isamples/common/include"
    if [ ! -e .gpu/fw/fw_kernels.cuda.cu ]; then result ranks.fw 0 "not in the bundle (run scripts/gpu-bundle.sh)"
    elif { { have "$R/fwk.o" || $NVMPI $FWI -c .gpu/fw/fw_kernels.cuda.cu -o "$R/fwk.o"; } && $CXXMPI $FWI -c samples/floyd_warshall/main.cpp -o "$R/fw_main.o" &&
         $CXXMPI $FWI -c samples/floyd_warshall/fw_cli.cpp -o "$R/fw_cli.o" &&
         $LINKMPI "$R/fwk.o" "$R/fw_main.o" "$R/fw_cli.o" "$B"/graph/*.o -lz -o "$R/fw_mpi_cuda"; } >"$out/ranks-fw-build.log" 2>&1; then
      for spec in "--generate bench:n=2048,seed=$seed --grid-block 256" \
                  "--generate dense:n=1000,density=0.05,seed=$((seed+1)) --weights int:100 --negative 20 --grid-block 64 --verify" \
                  "--generate grid:rows=30,cols=40,seed=$((seed+2)) --weights real --grid-block 64"; do
        # shellcheck disable=SC2086
        c=$(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 HY_DEVICE=$rdev OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} \
            timeout 600 sh samples/floyd_warshall/tests/grid-ranks.sh mpirun "$oversub" "$R/fw_mpi_cuda" "1 2 4" -- $spec --grid --quiet 2>&1)
        result "ranks.fw[$spec]" $(echo "$c" | grep -q "^OK: 4 ranks" && echo 1 || echo 0) "$(echo "$c" | grep -E '^(OK: 4|FAIL)' | tail -1 | cut -c1-200)"
      done
    else
      result ranks.fw 0 "build failed (see ranks-fw-build.log)"
    fi
    # Johnson: the batches of sources over the ranks; summaries and the check against Bellman-Ford.
    JNI="-Isamples/johnson -Isamples/common/include"
    if [ ! -e .gpu/johnson/johnson_kernels.cuda.cu ]; then result ranks.johnson 0 "not in the bundle (run scripts/gpu-bundle.sh)"
    elif { { have "$R/jnk.o" || $NVMPI $JNI -c .gpu/johnson/johnson_kernels.cuda.cu -o "$R/jnk.o"; } && $CXXMPI $JNI -c samples/johnson/main.cpp -o "$R/jn_main.o" &&
         $LINKMPI "$R/jnk.o" "$R/jn_main.o" "$B"/graph/*.o -lz -o "$R/johnson_mpi_cuda"; } >"$out/ranks-johnson-build.log" 2>&1; then
      ranks_compare johnson "^(reachable pairs|verify: )" "$R/johnson_mpi_cuda" --generate er:n=3000,p=0.003,seed=$seed \
        --directed --weights int:50 --negative 30 --sources 96 --batch 16 --verify --algorithm frontier
    else
      result ranks.johnson 0 "build failed (see ranks-johnson-build.log)"
    fi
    # BC: the sources over the ranks, the scores summed across them; the reference check.
    BCI="-Isamples/bc -Isamples/common/include"
    if [ ! -e .gpu/bc/bc_batched.cuda.cu ]; then result ranks.bc 0 "not in the bundle (run scripts/gpu-bundle.sh)"
    elif ( for f in .gpu/bc/bc_*.cuda.cu; do have "$R/$(basename "${f%.cu}").o" || $NVMPI $BCI -c "$f" -o "$R/$(basename "${f%.cu}").o" || exit 1; done
         for f in main bc_memory bc_scale bc_workspace; do $CXXMPI $BCI -c "samples/bc/$f.cpp" -o "$R/bcd_$f.o" || exit 1; done
         $LINKMPI "$R"/bc_*.cuda.o "$R"/bcd_*.o "$B"/graph/*.o -lz -o "$R/bc_mpi_cuda" ) >"$out/ranks-bc-build.log" 2>&1; then
      ranks_compare bc "^(top |  +[0-9]+  +[0-9]|  verified )" "$R/bc_mpi_cuda" --generate ba:n=3000,m=4,seed=$seed \
        --algorithm batched --sources random:200 --top 12 --verify
    else
      result ranks.bc 0 "build failed (see ranks-bc-build.log)"
    fi
    # Graph matching: the pairs of a set over the ranks, each pair's match gathered.
    GMI="-Isamples/graph_matching -Isamples/common/include"
    if [ ! -e .gpu/gm/gm_kernels.cuda.cu ]; then result ranks.gm 0 "not in the bundle (run scripts/gpu-bundle.sh)"
    elif { { have "$R/gmk.o" || $NVMPI $GMI -c .gpu/gm/gm_kernels.cuda.cu -o "$R/gmk.o"; } &&
         { have "$R/gmz.o" || $NVMPI $GMI -c .gpu/gm/gm_zones.cuda.cu -o "$R/gmz.o"; } &&
         $CXXMPI $GMI -c samples/graph_matching/main.cpp -o "$R/gm_main.o" && $CXXMPI $GMI -c samples/graph_matching/gm_data.cpp -o "$R/gm_data.o" &&
         $CXXMPI $GMI -c samples/graph_matching/gm_assign.cpp -o "$R/gm_assign.o" &&
         $LINKMPI "$R/gmk.o" "$R/gmz.o" "$R/gm_main.o" "$R/gm_data.o" "$R/gm_assign.o" "$B"/graph/*.o -lz -o "$R/gm_mpi_cuda"; } >"$out/ranks-gm-build.log" 2>&1; then
      ranks_compare gm "^ *(assignment|P|accuracy|correct|verify|pairs|q_steps) " "$R/gm_mpi_cuda" \
        --generate n=24,graphs=12,density=0.3,noise=0.05,delete=0.05,add=0.05,seed=$seed --mode set --verify
    else
      result ranks.gm 0 "build failed (see ranks-gm-build.log)"
    fi
  fi
fi

# 4. optional timings: GPU_CHECK_BENCH=1 writes the benchmark table
# ($out/floyd_warshall.md, as in docs/perf/) and times the bundled variants.
if bench fw && [ -x "$B/fw_cuda" ]; then
  # Variants first: their per-phase times compare best on a GPU that the
  # table's long runs have not warmed.
  bash scripts/gpu-fw-variants.sh "$out/bench.txt"
  bash bench/floyd_warshall/run.sh "$out/floyd_warshall.md" --build "$B/bench" \
    --fw-omp-src .gpu/fw/fw_kernels.openmp.cpp --fw-cuda-src .gpu/fw/fw_kernels.cuda.cu \
    --repeat 3 --serial-sizes "" --cpu-sizes 4096 --gpu-sizes "4096 8192 16384" \
    --commit "$(cat .gpu/commit 2>/dev/null || echo unknown)" >"$out/bench-table.log" 2>&1 ||
    echo "benchmark table: run.sh failed (see bench-table.log)" | tee -a "$out/bench.txt"
fi

# 4b. graph matching benchmark (GPU_CHECK_BENCH=1; GM_BENCH_ARGS overrides the
# sizes, e.g. GM_BENCH_ARGS='--pair 256 --qpair 2048'): $out/graph_matching.md
if bench gm && [ -x "$B/gm/gm_cuda_b8" ]; then
  # shellcheck disable=SC2086
  bash bench/graph_matching/run.sh "$out/graph_matching.md" --bin "$B/gm" \
    --commit "$(cat .gpu/commit 2>/dev/null || echo unknown)" ${GM_BENCH_ARGS:-} >"$out/gm-bench.log" 2>&1 ||
    echo "graph matching benchmark: run.sh failed (see gm-bench.log)" | tee -a "$out/bench.txt"
fi
# 4b. BC benchmark (GPU_CHECK_BENCH=1 or bc): bench/bc/run.sh with the builds
# above, GAP from .gpu/gapbs and NetworKit where they are there; writes
# $out/bc.md (docs/perf/bc.md).
if bench bc; then
  if [ $bc_ok = 1 ]; then
    gap=(); [ -d .gpu/gapbs ] && gap=(--gapbs .gpu/gapbs)
    if ! python3 -c "import networkit" 2>/dev/null && ls .gpu/wheels/*.whl >/dev/null 2>&1; then
      python3 -m pip install -q --no-index --find-links .gpu/wheels networkit >"$out/networkit-install.log" 2>&1 ||
        python3 -m pip install -q --break-system-packages --no-index --find-links .gpu/wheels networkit >>"$out/networkit-install.log" 2>&1
    fi
    nk=(); python3 -c "import networkit" 2>/dev/null && nk=(--networkit)
    bash bench/bc/run.sh "$out/bc.md" --src .gpu/bc --shi-variants .gpu/bc --bc-cuda "$B/bc_cuda" --build "$B/bcbench" \
      --commit "$(cat .gpu/commit 2>/dev/null || echo unknown)" --timeout 120 --ba-exact-n 16384 "${gap[@]}" "${nk[@]}" \
      ${BC_BENCH_ARGS:-} >"$out/bc-bench.log" 2>&1 ||
      echo "bc benchmark: run.sh failed (see bc-bench.log)" | tee -a "$out/bench.txt"
  fi
fi

# 5. compute-sanitizer (GPU_CHECK_SANITIZE=1; off by default: it multiplies
# the programs' run times, each run is cut at GPU_CHECK_SANITIZE_TIMEOUT=90 s): the e2e programs and
# the Floyd-Warshall sample under memcheck (bad addresses), racecheck
# (shared-memory races: a missing barrier is a silent wrong result that
# racecheck sees) and synccheck (barriers not reached by every thread).
# Firecracker machines support it; on gVisor it refuses the device: SKIP.
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ "${GPU_CHECK_SANITIZE:-0}" = 1 ] && [ -x "$san" ]; then
  sanitize() { # name tool command...
    local name=$1 tool=$2; shift 2
    local log="$out/sanitize-$name-$tool.log"
    HY_DEVICE=gpu timeout "${GPU_CHECK_SANITIZE_TIMEOUT:-90}" "$san" --tool "$tool" --error-exitcode 97 \
      --print-limit 20 "$@" >"$log" 2>&1
    local rc=$?
    if grep -q "Device not supported\|error 999" "$log"; then summary+=("SKIP sanitize.$tool.$name (device not supported)")
    elif [ $rc = 0 ]; then result "sanitize.$tool.$name" 1 "$(grep -m1 'ERROR SUMMARY\|RACECHECK SUMMARY' "$log")"
    else result "sanitize.$tool.$name" 0 "exit $rc: $(grep -m1 -i 'error\|hazard' "$log" | cut -c1-160)"; fi
  }
  # The tool against hy's device loops: test/runtime/sanitizer_graph_probe.cu
  # runs one kernel with barriers every thread reaches plainly, in a graph
  # and in a conditional while node's body (as hy/cuda/device_loop.cuh
  # builds it). A report for "while" alone is the tool's, not the kernel's.
  if $NVCC_BASE test/runtime/sanitizer_graph_probe.cu -o "$B/sanitizer_probe" >"$out/sanitizer-probe.build.log" 2>&1; then
    for way in plain graph while; do
      for tool in racecheck synccheck; do sanitize "probe.$way" $tool "$B/sanitizer_probe" $way; done
    done
  fi
  for exe in "$B"/*.cuda; do
    [ -x "$exe" ] || continue
    n=$(basename "${exe%.cuda}")
    for tool in memcheck racecheck synccheck; do sanitize "e2e.$n" $tool "$exe" 7; done
    # A program with device loops also with their host form (HY_DEVICE_LOOPS=0):
    # the same kernel bodies, launched one at a time (see the probe above).
    if grep -q 'device_loops()' ".gpu/e2e/$n.cuda.cu" 2>/dev/null; then
      for tool in racecheck synccheck; do HY_DEVICE_LOOPS=0 sanitize "e2e.$n.host_loops" $tool "$exe" 7; done
    fi
  done
  if [ -x "$B/fw_cuda" ]; then
    for tool in memcheck racecheck synccheck; do
      sanitize fw $tool "$B/fw_cuda" --generate dense:n=200,density=0.3,seed=5 --weights int:50
    done
  fi
  if [ -x "$B/bc_cuda" ]; then
    for tool in memcheck racecheck synccheck; do
      for alg in jia batched; do
        sanitize "bc.$alg" $tool "$B/bc_cuda" --generate ba:n=200,m=3,seed=5 --algorithm $alg --top 0
      done
      sanitize "bc.batched_pull" $tool "$B/bc_cuda" --generate ba:n=200,m=3,seed=5 --algorithm batched --direction pull --top 0
    done
  fi
fi

# 6. generated programs (test/fuzz): .gpu/fuzz/pN.cu with their serial
# meaning pN.ref, bundled by `test/fuzz/difftest.py --gpu-bundle .gpu/fuzz`
# (scripts/gpu-bundle.sh with FUZZ_UNITS=N); each must print exactly pN.ref
# on the GPU. Built in parallel on all cores.
if want fuzz && ls .gpu/fuzz/*.cu >/dev/null 2>&1; then
  mkdir -p "$B/fuzz"
  ls .gpu/fuzz/*.cu | xargs -P "$(nproc)" -I{} sh -c \
    'n=$(basename {} .cu); '"$NVCC"' -w {} -o '"$B"'/fuzz/$n >'"$B"'/fuzz/$n.build.log 2>&1 || echo $n >>'"$B"'/fuzz/build-failed'
  fz_pass=0; fz_fail=0
  for cu in .gpu/fuzz/*.cu; do
    n=$(basename "$cu" .cu)
    if [ ! -x "$B/fuzz/$n" ]; then
      fz_fail=$((fz_fail + 1)); result "fuzz.$n" 0 "build failed: $(grep -m1 error "$B/fuzz/$n.build.log")"; continue
    fi
    HY_DEVICE=gpu HY_SYNC=1 timeout 120 "$B/fuzz/$n" >"$B/fuzz/$n.out" 2>"$B/fuzz/$n.err"; rc=$?
    if [ $rc = 0 ] && cmp -s "$B/fuzz/$n.out" ".gpu/fuzz/$n.ref"; then fz_pass=$((fz_pass + 1))
    else
      fz_fail=$((fz_fail + 1))
      diff ".gpu/fuzz/$n.ref" "$B/fuzz/$n.out" | head -5 >"$out/fuzz-$n.diff"
      cp "$cu" "$out/" 2>/dev/null
      result "fuzz.$n" 0 "exit $rc: $(head -c 300 "$B/fuzz/$n.err") $(head -2 "$out/fuzz-$n.diff" | tr '\n' ' ')"
    fi
  done
  result "fuzz.programs" $([ $fz_fail = 0 ] && echo 1 || echo 0) \
    "$fz_pass of $((fz_pass + fz_fail)) programs ($(cat .gpu/fuzz/units 2>/dev/null || echo ?) units) match their serial meaning"
fi

# 7. device mutants (issue 30; only when GPU_CHECK_ONLY names "mutants"):
# test/mutation/gpu_mutants.py plants each device-side mutant of
# test/mutation/mutants.py in a copy of the runtime, builds the runtime
# test and the e2e programs that cover it, and each must be killed.
if [[ "$only" == *",mutants,"* ]]; then
  python3 test/mutation/gpu_mutants.py --build "$B/mutants" >"$out/mutants.log" 2>&1; rc=$?
  while read -r line; do
    id=${line#MUTANT }; id=${id%%:*}
    case $line in *": killed"*) result "mutant.$id" 1 "${line#*: }" ;; *) result "mutant.$id" 0 "${line#*: }" ;; esac
  done < <(grep '^MUTANT ' "$out/mutants.log")
  [ $rc = 0 ] || grep -q '^MUTANT ' "$out/mutants.log" || result "mutants" 0 "gpu_mutants.py exit $rc: $(tail -3 "$out/mutants.log" | tr '\n' ' ')"
fi

printf '%s\n' "${summary[@]}" | tee "$out/summary.txt"
echo "$pass passed, $fail failed"
[ $fail = 0 ]

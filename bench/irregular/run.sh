#!/usr/bin/env bash
# Irregular-kernel benchmark (issue 12, docs/perf/irregular.md): builds the
# hand-written references of this folder and the hy programs (*.hy.cpp, as
# hyc CUDA outputs made beforehand on a machine with hyc: bench/irregular/
# bundle.sh), runs them all in one go on the GPU, checks every result and
# that all variants of a row computed the same answer, prints the table and
# writes it as markdown.
#
#   bench/irregular/run.sh OUT.md [options]
#     --hy-dir DIR     hyc outputs hist.cuda.cu argmin.cuda.cu append.cuda.cu
#                      levels.cuda.cu bfs.cuda.cu scan.cuda.cu (default .gpu/irregular);
#                      missing ones leave their rows out, with a message
#     --cpu-only       no GPU needed (CI): build the references with nvcc,
#                      build the hy outputs that are there and run their CPU
#                      path (HY_DEVICE=cpu), and build and run the *.hy.cpp
#                      sources as serial C++ (pragmas ignored), all on small
#                      inputs; writes no table
#     --seed S         input seed (default: drawn from $RANDOM, printed)
#     --repeat N       timed repetitions / batches (default 7; CUB rows 20)
#     --scale S --ef E --sources K   BFS graph (default 22, 16, 16 roots)
#     --graph FILE.hyg a cached undirected graph instead of generating one
#     --log2n-hist 28 --log2n-argmin 28 --log2n-append 26 --levels 10000 --log2n-scan 28
#     --only LIST      comma-separated subset of hist,argmin,append,levels,bfs,scan
#     --build DIR      build directory (default: a temporary one)
#     --reuse          keep the binaries (and graph) already in --build DIR;
#                      build only what is missing (e.g. a second call with
#                      --only after a first one ran out of time)
#     --commit ID      commit the hy outputs came from (default: DIR/commit,
#                      written by bundle.sh, else HEAD here)
# The hy programs that push to worklists (append, bfs) are also built with
# -DHY_PUSH=warp: their rows hy_warp_push, hy_edges_warp_push are the warp
# form of push beside the block form (the plain hy rows), for A/B timing
# (`--only append,bfs`).
# Logs: one file per build and run under $OUT/irregular-logs when $OUT is set,
# else under the build directory. Exit status: 0 when everything built, ran
# and checked; 1 otherwise (the table marks the failing rows).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmdline="$0 $*"
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
[ $# -ge 1 ] || { usage >&2; exit 2; }
out_md=""
case "$1" in
  --cpu-only) ;;
  -h|--help) usage; exit 0 ;;
  -*) echo "run.sh: the first argument is the output file OUT.md (or --cpu-only)" >&2; exit 2 ;;
  *) out_md=$1; shift ;;
esac
hy_dir="$root/.gpu/irregular" cpu_only=0 seed="" repeat=7 scale=22 ef=16 sources=16 graph=""
log2n_hist=28 log2n_argmin=28 log2n_append=26 levels=10000 log2n_scan=28
only="hist,argmin,append,levels,bfs,scan"
build="" commit="" reuse=0
while [ $# -gt 0 ]; do
  case "$1" in
    --hy-dir) hy_dir=$2; shift 2 ;;
    --cpu-only) cpu_only=1; shift ;;
    --seed) seed=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --ef) ef=$2; shift 2 ;;
    --sources) sources=$2; shift 2 ;;
    --graph) graph=$2; shift 2 ;;
    --log2n-hist) log2n_hist=$2; shift 2 ;;
    --log2n-argmin) log2n_argmin=$2; shift 2 ;;
    --log2n-append) log2n_append=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --log2n-scan) log2n_scan=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --reuse) reuse=1; shift ;;
    --commit) commit=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
[ -n "$seed" ] || seed=$((RANDOM * 32768 + RANDOM + 1))
[ -n "$build" ] || build=$(mktemp -d /tmp/irregular-bench.XXXXXX)
mkdir -p "$build"
logs=${OUT:+$OUT/irregular-logs}
logs=${logs:-$build/logs}
mkdir -p "$logs"
want() { [[ ",$only," == *",$1,"* ]]; }

nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "run.sh: no nvcc (looked in PATH and /usr/local/cuda/bin; set NVCC)" >&2; exit 1; }
NV="$nvcc -arch=sm_90 -std=c++17 -O3"
CXX="g++ -std=c++17 -O3"
GRAPH_INC="-I$root/samples/common/include"
HY_INC="-I$root/runtime/include"
if [ $cpu_only = 0 ] && ! nvidia-smi -L >/dev/null 2>&1; then
  echo "run.sh: no GPU (nvidia-smi -L failed); use --cpu-only to only build" >&2
  exit 1
fi

status=0
failures=()
fail() { status=1; failures+=("$1"); echo "run.sh: FAILED: $1" >&2; }
# step NAME CMD...: runs CMD with its output in $logs/NAME.log; a failure
# leaves $logs/NAME.failed (so that steps run in the background count too),
# which `collect` turns into an entry of `failures`.
step() {
  local name=$1; shift
  echo "== $name" >&2
  if ! "$@" >"$logs/$name.log" 2>&1; then
    echo "$name (log: $logs/$name.log)" >"$logs/$name.failed"
    echo "run.sh: FAILED: $name (log: $logs/$name.log)" >&2
    tail -5 "$logs/$name.log" | sed 's/^/   | /' >&2
    return 1
  fi
}
collect() {
  local f
  for f in "$logs"/*.failed; do
    [ -e "$f" ] || continue
    status=1
    failures+=("$(cat "$f")")
    rm -f "$f"
  done
}
rm -f "$logs"/*.failed

# ---------------------------------------------------------------------------
# Build.
# ---------------------------------------------------------------------------
echo "== building in $build (logs in $logs)" >&2
# No stale binaries: a failed build leaves nothing to run (unless --reuse).
[ $reuse = 1 ] || rm -f "$build"/{hist_cub,argmin_cub,scan_cub,append,launch_count,bfs,hy_graph_tool} "$build"/*.hy "$build"/*.hy_warp \
  "$build"/*.serial "$build"/graph/*.o
# built FILE: true when --reuse finds FILE already there (its build is skipped).
built() { [ $reuse = 1 ] && [ -e "$1" ]; }
for p in hist_cub argmin_cub scan_cub append launch_count; do
  built "$build/$p" || step "build-$p" $NV "$here/$p.cu" -o "$build/$p" &
done
# The graph toolkit (plain C++), for the BFS programs and the graph cache.
mkdir -p "$build/graph"
tk_objs=()
for f in "$root"/samples/common/src/*.cpp; do
  o="$build/graph/$(basename "${f%.cpp}").o"
  tk_objs+=("$o")
  built "$o" || step "build-graph-$(basename "${f%.cpp}")" $CXX -fopenmp -DHY_GRAPH_HAVE_ZLIB=0 $GRAPH_INC -c "$f" -o "$o" &
done
wait
collect
built "$build/bfs" || step build-bfs $NV -Xcompiler -fopenmp $GRAPH_INC "$here/bfs.cu" "${tk_objs[@]}" -o "$build/bfs"
built "$build/hy_graph_tool" || step build-hy_graph_tool $CXX -fopenmp $GRAPH_INC "$root/samples/common/tools/hy_graph_tool.cpp" \
  "${tk_objs[@]}" -o "$build/hy_graph_tool"

# hy programs from hyc's CUDA outputs (built side by side).
hy_built=()
for p in hist argmin append levels bfs scan; do
  src="$hy_dir/$p.cuda.cu"
  if [ ! -f "$src" ]; then
    echo "== hy $p: no $src (translate bench/irregular/$p.hy.cpp with bundle.sh); its rows are left out" >&2
    continue
  fi
  extra=()
  [ $p = bfs ] && extra=($GRAPH_INC "${tk_objs[@]}")
  # The programs that push to worklists, also with the warp form of push
  # (-DHY_PUSH=warp; docs/cuda.md "Worklist pushes"): their rows *_warp_push
  # (GPU runs only; lit cuda/block-push.cpp compiles the warp form in CI).
  if [ $cpu_only = 0 ] && { [ $p = append ] || [ $p = bfs ]; } && ! built "$build/$p.hy_warp"; then
    rm -f "$build/$p.hy_warp"
    step "build-$p.hy_warp" $NV --expt-relaxed-constexpr -Xcompiler -fopenmp -DHY_PUSH=warp $HY_INC \
      "$src" "${extra[@]}" -o "$build/$p.hy_warp" &
  fi
  built "$build/$p.hy" && continue
  rm -f "$build/$p.hy"
  step "build-$p.hy" $NV --expt-relaxed-constexpr -Xcompiler -fopenmp $HY_INC "$src" "${extra[@]}" \
    -o "$build/$p.hy" &
done
wait
collect
for p in hist argmin append levels bfs scan; do
  [ -x "$build/$p.hy" ] && hy_built+=("$p")
done

# ---------------------------------------------------------------------------
# CPU-only mode: the hy sources as serial programs on small inputs.
# ---------------------------------------------------------------------------
if [ $cpu_only = 1 ]; then
  missing=""
  for h in worklist.hpp minloc.hpp update.hpp; do
    [ -f "$root/runtime/include/hy/$h" ] || missing="$missing hy/$h"
  done
  if [ -n "$missing" ]; then
    echo "== serial hy programs skipped: the runtime lacks$missing" >&2
  else
    for p in hist argmin append levels bfs scan; do
      extra=()
      [ $p = bfs ] && extra=($GRAPH_INC "${tk_objs[@]}" -fopenmp)
      step "build-$p.serial" $CXX -Wno-unknown-pragmas $HY_INC "$here/$p.hy.cpp" "${extra[@]}" \
        -o "$build/$p.serial"
    done
    k=0
    run_serial() {  # NAME ARGS...: the serial program on a small input
      local name=$1; shift
      k=$((k + 1))
      [ -x "$build/$name.serial" ] || return 0
      step "run-$name.serial-$k" "$build/$name.serial" "$@" &&
        sed -n 's/^RESULT /   /p' "$logs/run-$name.serial-$k.log" >&2
    }
    run_serial hist 16 256 "$seed" 1
    run_serial hist 16 65536 "$seed" 1
    run_serial argmin 16 "$seed" 1
    run_serial append 16 "$seed" 1
    run_serial levels 1000 1
    run_serial scan 16 "$seed" 1
    run_serial bfs --generate "rmat:scale=12,ef=16,seed=$seed" --undirected --sources 3 --seed "$seed"
  fi
  # The hyc outputs' CPU path (the OpenMP code beside each kernel) on small inputs.
  for p in "${hy_built[@]}"; do
    case $p in
      hist) args=(16 4096 "$seed" 1) ;;
      argmin) args=(16 "$seed" 1) ;;
      append) args=(16 "$seed" 1) ;;
      levels) args=(1000 1) ;;
      scan) args=(16 "$seed" 1) ;;
      bfs) args=(--generate "rmat:scale=12,ef=16,seed=$seed" --undirected --sources 3 --seed "$seed") ;;
    esac
    HY_DEVICE=cpu step "run-$p.hy-openmp" "$build/$p.hy" "${args[@]}" &&
      sed -n 's/^RESULT /   /p' "$logs/run-$p.hy-openmp.log" >&2
  done
  collect
  if [ $status = 0 ]; then
    echo "run.sh --cpu-only: everything built and the serial programs checked"
  else
    printf 'run.sh --cpu-only: %d failure(s):\n' "${#failures[@]}"
    printf '  %s\n' "${failures[@]}"
  fi
  exit $status
fi

# ---------------------------------------------------------------------------
# Run (GPU). Every program prints RESULT lines; they are collected in order.
# ---------------------------------------------------------------------------
results="$build/results.txt"
: >"$results"
hy_has() { [[ " ${hy_built[*]} " == *" $1 "* ]]; }
# run NAME CMD...: runs CMD (10 min limit), keeps its RESULT lines (with
# rename=SED-SCRIPT set, through that script: the warp-push builds' rows).
run() {
  local name=$1; shift
  echo "== run $name: $*" >&2
  timeout 600 "$@" >"$logs/run-$name.log" 2>&1
  local rc=$?
  grep '^RESULT ' "$logs/run-$name.log" | sed "${rename:-}" | tee -a "$results" | sed 's/^RESULT /   /' >&2
  if [ $rc != 0 ]; then
    fail "run $name: exit status $rc (log: $logs/run-$name.log)"
    grep -v '^RESULT ' "$logs/run-$name.log" | tail -5 | sed 's/^/   | /' >&2
  fi
}
# The warp-push builds print variant=hy...; their rows are hy..._warp_push.
warp_rows='s/ variant=\(hy[A-Za-z0-9_]*\)/ variant=\1_warp_push/'
export HY_DEVICE=gpu  # the hy programs: a missing GPU is an error, not the CPU path
nvidia-smi --query-gpu=name,driver_version,temperature.gpu,clocks.sm,power.draw --format=csv,noheader \
  >"$logs/gpu-before.txt" 2>&1

if want hist; then
  for bins in 256 4096 65536; do
    [ -x "$build/hist_cub" ] && run "hist_cub-$bins" "$build/hist_cub" "$log2n_hist" "$bins" "$seed" 20
    hy_has hist && run "hist.hy-$bins" "$build/hist.hy" "$log2n_hist" "$bins" "$seed" "$repeat"
  done
fi
if want argmin; then
  [ -x "$build/argmin_cub" ] && run argmin_cub "$build/argmin_cub" "$log2n_argmin" "$seed" 20
  hy_has argmin && run argmin.hy "$build/argmin.hy" "$log2n_argmin" "$seed" 20
fi
if want append; then
  [ -x "$build/append" ] && run append "$build/append" "$log2n_append" "$seed" 20
  hy_has append && run append.hy "$build/append.hy" "$log2n_append" "$seed" "$repeat"
  [ -x "$build/append.hy_warp" ] && rename=$warp_rows run append.hy_warp "$build/append.hy_warp" \
    "$log2n_append" "$seed" "$repeat"
fi
if want levels; then
  [ -x "$build/launch_count" ] && run launch_count "$build/launch_count" "$levels" "$repeat"
  hy_has levels && run levels.hy "$build/levels.hy" "$levels" "$repeat"
  # Issue 27: the host form of the same loop, and short loops (what each
  # execution of a device loop adds: its capture and instantiation).
  hy_has levels && run levels.hy-host-loop env HY_DEVICE_LOOPS=0 "$build/levels.hy" "$levels" "$repeat"
  hy_has levels && run levels.hy-16 "$build/levels.hy" 16 "$repeat" short-loops
  hy_has levels && run levels.hy-host-loop-16 env HY_DEVICE_LOOPS=0 "$build/levels.hy" 16 "$repeat" short-loops
fi
if want scan; then
  [ -x "$build/scan_cub" ] && run scan_cub "$build/scan_cub" "$log2n_scan" "$seed" 20
  hy_has scan && run scan.hy "$build/scan.hy" "$log2n_scan" "$seed" "$repeat"
fi
if want bfs; then
  if [ -z "$graph" ]; then
    graph="$build/rmat-$scale-$ef-$seed.hyg"
    built "$graph" || { [ -x "$build/hy_graph_tool" ] &&
      step "graph-rmat-$scale" "$build/hy_graph_tool" --generate "rmat:scale=$scale,ef=$ef,seed=$seed" \
        --undirected --type int --write "$graph" --info; }
  fi
  edges=$((ef << scale))
  bfs_args=(--input "$graph" --sources "$sources" --seed "$seed" --input-edges "$edges")
  if [ -f "$graph" ]; then
    [ -x "$build/bfs" ] && run bfs "$build/bfs" "${bfs_args[@]}" --trace
    hy_has bfs && run bfs.hy "$build/bfs.hy" "${bfs_args[@]}"
    [ -x "$build/bfs.hy_warp" ] && rename=$warp_rows run bfs.hy_warp "$build/bfs.hy_warp" "${bfs_args[@]}"
  else
    fail "bfs: no graph $graph"
  fi
fi
nvidia-smi --query-gpu=name,driver_version,temperature.gpu,clocks.sm,power.draw --format=csv,noheader \
  >"$logs/gpu-after.txt" 2>&1

# ---------------------------------------------------------------------------
# Table. Per row (kernel + parameter) the reference is: hist, argmin, scan: cub;
# append: warp; levels: memcpy_pageable; bfs: the faster hand-written one.
# Goals (issue 12): hy <= 1.2x the reference's time; levels <= 10 us per
# level; BFS >= 10 GTEPS. Answers of one row must agree.
# ---------------------------------------------------------------------------
table=$(awk '
function val(line, key,   a, n, i, kv) {
  n = split(line, a, " ")
  for (i = 1; i <= n; ++i) { split(a[i], kv, "="); if (kv[1] == key) return substr(a[i], length(key) + 2) }
  return ""
}
{ L[++n] = $0
  k = val($0, "kernel"); p = val($0, "param"); v = val($0, "variant"); t = val($0, "ms") + 0
  g = k "|" p; grp[n] = g
  if (k == "hist" || k == "argmin" || k == "scan") isref = v == "cub"
  else if (k == "append") isref = v == "warp"
  else if (k == "levels") isref = v == "memcpy_pageable"
  else isref = k == "bfs" && v !~ /^hy/
  if (isref && (!(g in ref) || t < ref[g])) { ref[g] = t; refname[g] = v }
  a = val($0, "answer")
  if (!(g in ans)) ans[g] = a; else if (ans[g] != a) bad[g] = 1
}
END {
  for (i = 1; i <= n; ++i) {
    line = L[i]; g = grp[i]
    k = val(line, "kernel"); v = val(line, "variant"); p = val(line, "param"); t = val(line, "ms") + 0
    r = val(line, "rate") + 0; u = val(line, "unit"); c = val(line, "check")
    if (c == "ok" && (g in bad)) c = "ANSWERS DIFFER"
    size = val(line, "size")
    if (k == "hist") size = sprintf("2^%d ints, %s bins", log(size) / log(2) + 0.5, substr(p, 6))
    else if (k == "argmin") size = sprintf("2^%d floats", log(size) / log(2) + 0.5)
    else if (k == "scan") size = sprintf("2^%d ints", log(size) / log(2) + 0.5)
    else if (k == "append") size = sprintf("2^%d items", log(size) / log(2) + 0.5)
    else if (k == "levels") size = size " levels"
    else if (k == "bfs") { split(p, q, ","); size = sprintf("%s, %s, %s", q[1], q[2], q[3]) }
    time = k == "levels" ? sprintf("%.2f us/level", t * 1000) : sprintf("%.4f ms", t)
    rate = k == "levels" ? "-" : k == "bfs" ? sprintf("%.2f GTEPS", r) : sprintf("%.1f %s", r, u)
    ratio = (g in ref && ref[g] > 0) ? sprintf("%.2fx", t / ref[g]) : "-"
    goal = "-"; met = "-"
    if (v ~ /^hy/) {
      if (k == "levels") { goal = "<= 10 us/level"; met = t * 1000 <= 10 ? "yes" : "**no**" }
      else if (k == "bfs") { goal = ">= 10 GTEPS"; met = r >= 10 ? "yes" : "**no**" }
      else if (g in ref) { goal = "<= 1.2x " refname[g]; met = t <= 1.2 * ref[g] ? "yes" : "**no**" }
    } else if (g in ref && refname[g] == v) {
      v = v " (ref)"
    }
    if (c != "ok") met = "**" c "**"
    printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", k, size, v, time, rate, ratio, goal, met
  }
}' "$results")
collect
grep -q 'check=FAIL' "$results" && fail "a program's check failed (see the table)"
grep -q 'ANSWERS DIFFER' <<<"$table" && fail "variants of one row computed different answers"

gpu=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)
[ -n "$commit" ] || [ ! -f "$hy_dir/commit" ] || commit="$(cat "$hy_dir/commit") (hy outputs)"
if [ -z "$commit" ]; then
  commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (modified tree)')"
fi
{
  echo "# Irregular kernels (issue 12): measured speed"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $commit"
  echo "- GPU: $gpu; before: $(cat "$logs/gpu-before.txt"); after: $(cat "$logs/gpu-after.txt")"
  echo "- nvcc: $("$nvcc" --version | tail -1); CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) threads"
  echo "- command: \`$cmdline\` (seed $seed)"
  echo "- references (bench/irregular/): \`hist_cub.cu\`, \`argmin_cub.cu\`, \`scan_cub.cu\` (CUB of the toolkit: DeviceScan::InclusiveSum),"
  echo "  \`append.cu\` (warp = one atomic per warp and step, the reference; warp_batched = 8 items"
  echo "  per thread and a warp scan; block = a block scan per 2048 items, staged writes),"
  echo "  hy rows *_warp_push: the same hyc output built with -DHY_PUSH=warp (pushes aggregated"
  echo "  per warp instead of per block; docs/cuda.md, \"Worklist pushes\"),"
  echo "  \`launch_count.cu\` (per level: a one-thread kernel, then the count back by pageable"
  echo "  cudaMemcpy = the reference, pinned cudaMemcpyAsync + sync, host-mapped memory the host"
  echo "  spins on, a CUDA graph; launch_sync / launch_only without a copy), \`bfs.cu\`"
  echo "  (edge_balanced = scan of frontier degrees and 2048-arc tiles; twc = thread / warp /"
  echo "  block per vertex by degree, the shape of bfs.hy.cpp's hy row; its hy_edges row is the"
  echo "  edge-balanced one written in hy: a scan of the frontier's degrees, hy::csr_row per edge;"
  echo "  hy_chunks the same with one hy::csr_row per 8 consecutive edges, walking forward)."
  echo "- hy rows: \`*.hy.cpp\` translated by hyc (--target=cuda), built with"
  echo "  \`nvcc -arch=sm_90 -O3 --expt-relaxed-constexpr\`."
  echo "- timing: references with CUDA events around each call (median of 20, after warm-up);"
  echo "  hy programs with std::chrono around host loops, ended by reading a result on the host"
  echo "  (hist, append, scan: median of $repeat batches of 10 calls, scan reading its total each call; argmin: median of 20 calls, each"
  echo "  returns its result; levels: whole loop / levels; BFS: per root, mean over roots)."
  echo "  BFS: $sources roots with arcs, Graph500 R-MAT scale $scale, edge factor $ef, undirected"
  echo "  (both arcs, self-loops and duplicates dropped); GTEPS = $edges input edges / mean time."
  echo "- checks: every program poisons its outputs and compares with a serial CPU computation;"
  echo "  all variants of a row must print the same answer (histogram digest, argmin index,"
  echo "  kept count and digest, reached vertices over all roots)."
  echo
  echo "| kernel | size | variant | time | rate | vs ref | goal | met |"
  echo "|---|---|---|---:|---:|---:|---|---|"
  echo "$table"
  if [ ${#failures[@]} -gt 0 ]; then
    echo
    echo "Failures in this run:"
    printf -- '- %s\n' "${failures[@]}"
  fi
} >"${out_md:-/dev/stdout}"
[ -n "$out_md" ] && cat "$out_md"
[ -n "${OUT:-}" ] && [ -n "$out_md" ] && cp "$out_md" "$OUT/" 2>/dev/null
exit $status

#!/usr/bin/env bash
# Betweenness-centrality benchmark (issue 14): builds the sample from
# pre-translated sources (or takes built binaries), runs the three workloads
# of the issue's performance table with their peers in the same run, and
# writes a markdown table stamped with the commit, the devices and the
# command. Needs g++ with OpenMP; nvcc and a GPU for the GPU rows; python3
# with NetworKit for its rows; a gapbs checkout for GAP's. No clang/hyc.
#
#   bench/bc/run.sh OUT.md [options]
#     --src DIR             hyc output of samples/bc (bc_*.openmp.cpp, bc_*.cuda.cu,
#                           as scripts/gpu-bundle.sh leaves in .gpu/bc), built here
#     --bc-omp BIN | --bc-cuda BIN | --tool BIN   built sample binaries, hy_graph_tool
#     1. seed 003's experiment (all sources, every design):
#     --sizes "500 2000 10000 30000"  --densities "2 10 60"  --designs "shi jia sriram batched"
#     2. Graph500 Kronecker, time per source (sampled sources with arcs):
#     --kron-scale 22  --kron-sources 64 (GPU)  --kron-cpu-sources 16  --gapbs DIR
#     3. BA n, m: exact BC extrapolated from sampled sources (n / K x their time):
#     --ba-n 1048576  --ba-m 8  --ba-sources 2048 (GPU)  --ba-cpu-sources 32
#     --networkit (NetworKit: its exact parallel Brandes on BA n = --ba-exact-n against ours,
#                  same graph; its sampled estimator, EstimateBetweenness, on the large graph)
#     --ba-exact-n 32768   --ba-exact-cpu (also bc_omp on the exact run)
#     1b. Shi's threads per block on the seed's graph (n = 5000, about 50,000 arcs):
#     --shi-variants DIR    DIR/shi-T/bc_shi.cuda.cu per T (scripts/gpu-bundle.sh); with --src
#     --timeout S (per run, default 300)  --build DIR  --commit ID  --skip 1,1b,2,3 (sections)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmdline="$0 $*"
out=${1:?usage: run.sh OUT.md [options] (see the header of this script)}
shift
src="" bc_omp="" bc_cuda="" tool="" build="" commit="" skip=""
sizes="500 2000 10000 30000" densities="2 10 60" designs="shi jia sriram batched"
kron_scale=22 kron_sources=64 kron_cpu_sources=16 gapbs=""
ba_n=1048576 ba_m=8 ba_sources=2048 ba_cpu_sources=32 networkit=0 timeout_s=300 shi_variants="" ba_exact_n=32768 ba_exact_cpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --src) src=$2; shift 2 ;;
    --bc-omp) bc_omp=$2; shift 2 ;;
    --bc-cuda) bc_cuda=$2; shift 2 ;;
    --tool) tool=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --densities) densities=$2; shift 2 ;;
    --designs) designs=$2; shift 2 ;;
    --kron-scale) kron_scale=$2; shift 2 ;;
    --kron-sources) kron_sources=$2; shift 2 ;;
    --kron-cpu-sources) kron_cpu_sources=$2; shift 2 ;;
    --gapbs) gapbs=$2; shift 2 ;;
    --ba-n) ba_n=$2; shift 2 ;;
    --ba-m) ba_m=$2; shift 2 ;;
    --ba-sources) ba_sources=$2; shift 2 ;;
    --ba-cpu-sources) ba_cpu_sources=$2; shift 2 ;;
    --networkit) networkit=1; shift ;;
    --ba-exact-n) ba_exact_n=$2; shift 2 ;;
    --ba-exact-cpu) ba_exact_cpu=1; shift ;;
    --shi-variants) shi_variants=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --commit) commit=$2; shift 2 ;;
    --skip) skip=$2; shift 2 ;;
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
threads=${OMP_NUM_THREADS:-$(nproc)}
skipped() { [[ " ${skip//,/ } " == *" $1 "* ]]; } # --skip "1 2" or 1,2

# --- build: the toolkit, hy_graph_tool, the sample from hyc's output -------
incs="-I$root/runtime/include -I$root/samples/common/include -I$root/samples/bc"
CXX="g++ -std=c++17 -O3 -march=native -fopenmp -DHY_GRAPH_HAVE_ZLIB=0 $incs"
if [ -z "$tool" ] || { [ -n "$src" ] && [ -z "$bc_omp" ]; }; then
  echo "== building the graph toolkit in $build" >&2
  mkdir -p "$build/tk"
  for s in "$root"/samples/common/src/*.cpp; do
    $CXX -c "$s" -o "$build/tk/$(basename "$s" .cpp).o" &
  done
  wait
  for s in main bc_memory bc_scale bc_workspace; do
    $CXX -c "$root/samples/bc/$s.cpp" -o "$build/$s.o" &
  done
  $CXX "$root/samples/common/tools/hy_graph_tool.cpp" "$build"/tk/*.o -o "$build/hy_graph_tool" &
  wait
  [ -n "$tool" ] || tool=$build/hy_graph_tool
fi
drv="$build/main.o $build/bc_memory.o $build/bc_scale.o $build/bc_workspace.o $build/tk/*.o"
if [ -n "$src" ] && [ -z "$bc_omp" ]; then
  echo "== building bc_omp from $src" >&2
  $CXX "$src"/bc_*.openmp.cpp $drv -o "$build/bc_omp" && bc_omp=$build/bc_omp
fi
if [ -n "$src" ] && [ -z "$bc_cuda" ] && [ $have_gpu = 1 ]; then
  echo "== building bc_cuda from $src" >&2
  for f in "$src"/bc_*.cuda.cu; do
    "$nvcc" -std=c++17 -arch=sm_90 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp $incs \
      -c "$f" -o "$build/$(basename "$f" .cu).o" &
  done
  wait
  "$nvcc" -arch=sm_90 -Xcompiler -fopenmp "$build"/bc_*.cuda.o $drv -o "$build/bc_cuda" && bc_cuda=$build/bc_cuda
fi
main=$bc_cuda main_label="bc_cuda"
[ $have_gpu = 1 ] && [ -n "$bc_cuda" ] || { main=$bc_omp; main_label="bc_omp"; }
[ -n "$main" ] || { echo "run.sh: no sample binary (give --src or --bc-omp)" >&2; exit 1; }

# json FIELD: the field of the sample's --json line in $txt.
json() { sed -n 's/.*"'"$1"'": *\("\([^"]*\)"\|\([0-9.e+-]*\)\|\(true\|false\|null\)\).*/\2\3\4/p' <<<"$txt" | head -1; }
status=0
# run_bc LABEL CMD...: runs the sample with --json; sets txt and rc.
run_bc() {
  shift
  echo "== $*" >&2
  txt=$(timeout "$timeout_s" "$@" --json --top 0 2>&1); rc=$?
  [ $rc = 0 ] || echo "   exit $rc: $(tail -2 <<<"$txt" | tr '\n' ' ')" >&2
}
fmt() { awk -v x="$1" -v s="$2" 'BEGIN { if (x == "") print "-"; else printf "%.*f", s, x }'; }
hr() { awk -v b="$1" 'BEGIN { if (b >= 2^30) printf "%.2f GiB", b / 2^30; else printf "%.1f MiB", b / 2^20 }'; }

# --- 1. seed 003's experiment ------------------------------------------------
rows1=()
if ! skipped 1; then
  for n in $sizes; do
    for d in $densities; do
      beta=$(( d / 2 > 0 ? d / 2 : 1 ))
      g="$build/ba_${n}_${d}.hyg"
      "$tool" --generate "ba:n=$n,m=$beta,seed=$n" --write "$g" >/dev/null || { status=1; continue; }
      ref=""
      for design in $designs; do
        run_bc "$design" "$main" --input "$g" --algorithm "$design"
        need=$(grep -o "$design needs [0-9]* bytes" <<<"$txt" | head -1 | awk '{print $3}')
        seedb=$(grep -o "formula for $design: [^=]* = [0-9]* bytes" <<<"$txt" | awk '{print $(NF-1)}')
        fits_seed="-"
        [ -z "$seedb" ] || fits_seed=$(awk -v b="$seedb" 'BEGIN { print (b <= 2818572288 ? "yes" : "no") }')
        if [ $rc = 4 ]; then
          rows1+=("$n|$d|-|$design|does not fit|-|-|$(hr "${need:-0}")|$fits_seed|-")
          continue
        elif [ $rc = 124 ]; then
          rows1+=("$n|$d|-|$design|over ${timeout_s} s|-|-|$(hr "${need:-0}")|$fits_seed|-"); continue
        elif [ $rc != 0 ]; then
          status=1; rows1+=("$n|$d|-|$design|FAILED (exit $rc)|-|-|-|-|-"); continue
        fi
        t=$(json time_median_s) arcs=$(json arcs) sum=$(json checksum) mteps=$(json mteps)
        if [ -z "$ref" ]; then ref=$sum
        elif ! awk -v a="$sum" -v b="$ref" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 * (b < 0 ? -b : b)) }'; then
          sum="$sum MISMATCH"; status=2
        fi
        rows1+=("$n|$d|$arcs|$design|$(fmt "$t" 4)|$(fmt "$(awk -v t="$t" -v n="$n" 'BEGIN { print 1000 * t / n }')" 4)|$(fmt "$mteps" 0)|$(hr "$need")|$fits_seed|$sum")
      done
    done
  done
fi

# --- 1b. Shi's threads per block ----------------------------------------------
rows1b=()
if ! skipped 1b && [ -n "$shi_variants" ] && [ -n "$src" ] && [ $have_gpu = 1 ]; then
  g="$build/ba_5000_10.hyg"
  "$tool" --generate "ba:n=5000,m=5,seed=5000" --write "$g" >/dev/null
  for f in "$src"/bc_{jia,sriram,batched,pull,common,zones}.cuda.cu; do
    o="$build/sweep_$(basename "$f" .cu).o"
    [ -e "$o" ] || "$nvcc" -std=c++17 -arch=sm_90 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp $incs -c "$f" -o "$o" &
  done
  for d in "$shi_variants"/shi-*/ "$src"/; do
    t=$(basename "$d"); t=${t#shi-}; [ "$d" = "$src/" ] && t=default
    # shellcheck disable=SC2046 # the translation's -D flags, for nvcc too
    "$nvcc" -std=c++17 -arch=sm_90 -O3 --expt-relaxed-constexpr -Xcompiler -fopenmp $incs \
      $(cat "$d/flags" 2>/dev/null) -c "$d/bc_shi.cuda.cu" -o "$build/sweep_shi_$t.o" &
  done
  wait
  for o in "$build"/sweep_shi_*.o; do
    t=$(basename "$o" .o); t=${t#sweep_shi_}
    "$nvcc" -arch=sm_90 -Xcompiler -fopenmp "$o" "$build"/sweep_bc_*.o $drv -o "$build/bc_shi_$t" || continue
    run_bc shi "$build/bc_shi_$t" --input "$g" --algorithm shi
    [ $rc = 0 ] || { status=1; continue; }
    tpb=$(grep -o "threads per block: [0-9]*" <<<"$txt" | awk '{print $4}')
    rows1b+=("$tpb|$(fmt "$(json time_median_s)" 4)|$(fmt "$(json mteps)" 0)|$(json checksum)")
  done
fi

# --- 2. Kronecker, time per source --------------------------------------------
rows2=()
if ! skipped 2; then
  g="$build/kron$kron_scale.hyg"
  "$tool" --generate "rmat:scale=$kron_scale,ef=16,seed=1" --undirected --type int --write "$g" >/dev/null || status=1
  if [ -n "$gapbs" ]; then
    echo "== building GAP's bc in $gapbs" >&2
    if make -C "$gapbs" bc >/dev/null 2>&1; then
      k=$kron_cpu_sources
      echo "== gapbs bc -g $kron_scale -k 16 -i $k -n 3" >&2
      gtxt=$(timeout "$timeout_s" "$gapbs/bc" -g "$kron_scale" -k 16 -i "$k" -n 3 2>&1)
      gt=$(sed -n 's/^Average Time: *\([0-9.]*\).*/\1/p' <<<"$gtxt")
      [ -n "$gt" ] && gap_ms=$(awk -v t="$gt" -v k="$k" 'BEGIN { print 1000 * t / k }') &&
        rows2+=("GAP bc ($threads CPU threads, its own Kronecker graph)|$k|$(fmt "$gap_ms" 2)|1.00x|-|-")
    else
      echo "run.sh: building GAP's bc failed" >&2
    fi
  fi
  # cuda-push: every BFS level a push step (the form before the direction
  # optimisation, issue 27), on the same graph in the same run.
  for v in omp cuda cuda-push; do
    bin=$bc_omp k=$kron_cpu_sources goal="ahead of GAP" dir=auto
    [ $v != omp ] && { bin=$bc_cuda k=$kron_sources goal="<= 10 ms / source"; [ $have_gpu = 1 ] || continue; }
    [ $v = cuda-push ] && dir=push
    [ -n "$bin" ] || continue
    run_bc "$v" "$bin" --input "$g" --algorithm batched --sources "nonisolated:$k" --direction $dir
    [ $rc = 0 ] || { status=1; rows2+=("bc_$v batched|$k|FAILED|-|$goal|no"); continue; }
    ms=$(awk -v t="$(json per_source_s)" 'BEGIN { print 1000 * t }')
    vs="-" met="-"
    [ -z "${gap_ms:-}" ] || vs=$(awk -v g="$gap_ms" -v m="$ms" 'BEGIN { printf "%.2fx", g / m }')
    if [ $v = cuda ]; then
      [[ "$(json device)" == GPU* ]] && met=$(awk -v m="$ms" 'BEGIN { print (m <= 10 ? "yes" : "no") }')
    elif [ -n "${gap_ms:-}" ]; then met=$(awk -v g="$gap_ms" -v m="$ms" 'BEGIN { print (m < g ? "yes" : "no") }'); fi
    rows2+=("bc_${v%-push} batched ($(json device), batch $(json batch), --direction $dir: $(json pull_levels) of $(json levels) levels pulled)|$k|$(fmt "$ms" 2)|$vs|$goal|$met")
  done
fi

# --- 3a. BA, exact BC against NetworKit's exact parallel Brandes -------------
rows3a=()
if ! skipped 3 && [ $networkit = 1 ]; then
  g="$build/ba$ba_exact_n.hyg" el="$build/ba$ba_exact_n.el"
  "$tool" --generate "ba:n=$ba_exact_n,m=$ba_m,seed=2" --type int --write "$g" >/dev/null &&
    "$tool" --input "$g" --write "$el" >/dev/null || status=1
  echo "== NetworKit Betweenness (exact, parallel) on $el" >&2
  nk=$(timeout "$timeout_s" python3 - "$el" <<'EOF'
import sys, time
import networkit as nk
g = nk.graphio.EdgeListReader(" ", 0, commentPrefix="#", continuous=True, directed=False).read(sys.argv[1])
if g.isWeighted():  # the file carries the generator's weights; BC here is by hops
    g = nk.graphtools.toUnweighted(g)
t0 = time.time()
b = nk.centrality.Betweenness(g, False)
b.run()
print(time.time() - t0, nk.getMaxNumberOfThreads(), sum(b.scores()) / 2)  # undirected: not halved
EOF
  ) || nk=""
  nk_exact="" nk_sum=""
  if [ -n "$nk" ]; then
    read -r nk_exact nk_thr nk_sum <<<"$nk"
    rows3a+=("NetworKit Betweenness ($nk_thr threads)|$(fmt "$nk_exact" 3)|1.00x|-|-|-")
  else
    echo "run.sh: NetworKit's exact run did not finish (pip install networkit; --timeout)" >&2
  fi
  for v in omp cuda; do
    bin=$bc_omp goal="-"
    [ $v = omp ] && [ $ba_exact_cpu = 0 ] && continue
    [ $v = cuda ] && { bin=$bc_cuda goal=">= 20x NetworKit"; [ $have_gpu = 1 ] || continue; }
    [ -n "$bin" ] || continue
    run_bc "$v" "$bin" --input "$g" --algorithm batched
    [ $rc = 0 ] || { status=1; rows3a+=("bc_$v batched|FAILED|-|-|$goal|no"); continue; }
    t=$(json time_median_s) sum=$(json checksum) vs="-" met="-" same="-"
    if [ -n "$nk_exact" ]; then
      vs=$(awk -v a="$nk_exact" -v b="$t" 'BEGIN { printf "%.2fx", a / b }')
      same=$(awk -v a="$sum" -v b="$nk_sum" 'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= 1e-9 * b ? "yes" : "NO") }')
      [ "$same" = yes ] || status=2
      [ $v = cuda ] && [[ "$(json device)" == GPU* ]] && met=$(awk -v a="$nk_exact" -v b="$t" 'BEGIN { print (a / b >= 20 ? "yes" : "no") }')
    fi
    rows3a+=("bc_$v batched ($(json device), batch $(json batch))|$(fmt "$t" 3)|$vs|$same|$goal|$met")
  done
fi

# --- 3. BA, exact BC extrapolated --------------------------------------------
rows3=()
if ! skipped 3; then
  g="$build/ba$ba_n.hyg"
  "$tool" --generate "ba:n=$ba_n,m=$ba_m,seed=1" --type int --write "$g" >/dev/null || status=1
  nk_s=""
  if [ $networkit = 1 ]; then
    el="$build/ba$ba_n.el"
    "$tool" --input "$g" --write "$el" >/dev/null
    k=$ba_cpu_sources
    echo "== NetworKit EstimateBetweenness($k sources, parallel) on $el" >&2
    nk_s=$(timeout "$timeout_s" python3 - "$el" "$k" "$ba_n" <<'EOF'
import sys, time
import networkit as nk
path, k, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
g = nk.graphio.EdgeListReader(" ", 0, commentPrefix="#", continuous=True, directed=False).read(path)
if g.isWeighted():  # the file carries the generator's weights; BC here is by hops
    g = nk.graphtools.toUnweighted(g)
t0 = time.time()
nk.centrality.EstimateBetweenness(g, k, False, True).run()
print((time.time() - t0) / k, nk.getMaxNumberOfThreads())
EOF
    ) || nk_s=""
    if [ -n "$nk_s" ]; then
      nk_ps=${nk_s% *} nk_thr=${nk_s#* }
      rows3+=("NetworKit EstimateBetweenness ($nk_thr threads; its sampled estimator)|$k|$(fmt "$(awk -v t="$nk_ps" 'BEGIN { print 1000 * t }')" 2)|$(fmt "$(awk -v t="$nk_ps" -v n="$ba_n" 'BEGIN { print t * n }')" 0)|1.00x|-|-")
    else
      echo "run.sh: NetworKit did not run (pip install networkit)" >&2
    fi
  fi
  for v in omp cuda; do
    bin=$bc_omp k=$ba_cpu_sources goal="-"
    [ $v = cuda ] && { bin=$bc_cuda k=$ba_sources goal="(3a)"; [ $have_gpu = 1 ] || continue; }
    [ -n "$bin" ] || continue
    run_bc "$v" "$bin" --input "$g" --algorithm batched --sources "random:$k"
    [ $rc = 0 ] || { status=1; rows3+=("bc_$v batched|$k|FAILED|-|-|$goal|no"); continue; }
    ps=$(json per_source_s)
    vs="-" met="-"
    [ -z "${nk_ps:-}" ] || vs=$(awk -v a="$nk_ps" -v b="$ps" 'BEGIN { printf "%.2fx", a / b }')
    rows3+=("bc_$v batched ($(json device), batch $(json batch))|$k|$(fmt "$(awk -v t="$ps" 'BEGIN { print 1000 * t }')" 3)|$(fmt "$(awk -v t="$ps" -v n="$ba_n" 'BEGIN { print t * n }')" 0)|$vs|$goal|$met")
  done
fi

{
  echo "# Betweenness centrality benchmark"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  if [ -n "$commit" ]; then echo "- commit: $commit"
  else echo "- commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (modified tree)')"; fi
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) hardware threads, OMP_NUM_THREADS=${OMP_NUM_THREADS:-unset}"
  if [ $have_gpu = 1 ]; then
    echo "- GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
    echo "- nvcc: $("$nvcc" --version | tail -1)"
  fi
  echo "- command: \`$cmdline\`"
  echo "- timing: the sample's own (one warm-up batch, then the whole run; the run's arrays and"
  echo "  their device copies are made before it); MTEPS = arcs x sources / time"
  if [ ${#rows1[@]} -gt 0 ]; then
    echo
    echo "## 1. Seed 003's experiment: Barabasi-Albert graphs, all sources, every design ($main_label)"
    echo
    echo "BA graphs of the toolkit (\`ba:n=N,m=d/2\`, undirected: d arcs per vertex). Memory: what the"
    echo "design allocates here (double path counts and dependencies); 'seed 3 GB': whether the seed's"
    echo "own formula (4-byte entries, all n sources) fits the 2.625 GB its Tesla M2050 had."
    echo
    echo "| n | d | arcs | design | time (s) | per source (ms) | MTEPS | memory | seed 3 GB | checksum |"
    echo "|---:|---:|---:|---|---:|---:|---:|---:|---|---|"
    for r in "${rows1[@]}"; do IFS='|' read -r a b c dd e f g2 h i j <<<"$r"; echo "| $a | $b | $c | $dd | $e | $f | $g2 | $h | $i | $j |"; done
  fi
  if [ ${#rows1b[@]} -gt 0 ]; then
    echo
    echo "## 1b. Shi's threads per block (seed 003's figure 5: n = 5000, ~50,000 edges; 128 was best)"
    echo
    echo "\`ba:n=5000,m=5\` (49,970 arcs), all sources, one build per value of HY_BC_SHI_THREADS."
    echo
    echo "| threads per block | time (s) | MTEPS | checksum |"
    echo "|---:|---:|---:|---|"
    printf '%s\n' "${rows1b[@]}" | sort -t'|' -k1,1n | while IFS='|' read -r a b c dd; do echo "| $a | $b | $c | $dd |"; done
  fi
  if [ ${#rows2[@]} -gt 0 ]; then
    echo
    echo "## 2. Graph500 Kronecker scale $kron_scale, edge factor 16, time per source"
    echo
    echo "Ours: \`rmat:scale=$kron_scale,ef=16,seed=1 --undirected\` (self-loops and duplicates dropped),"
    echo "sources drawn among the vertices with arcs (\`--sources nonisolated:K\`), as GAP picks them."
    echo
    echo "| variant | sources | ms / source | vs GAP | goal | met |"
    echo "|---|---:|---:|---:|---|---|"
    for r in "${rows2[@]}"; do IFS='|' read -r a b c dd e f <<<"$r"; echo "| $a | $b | $c | $dd | $e | $f |"; done
  fi
  if [ ${#rows3a[@]} -gt 0 ]; then
    echo
    echo "## 3a. Exact BC on BA n = $ba_exact_n, m = $ba_m: NetworKit's parallel Brandes against ours"
    echo
    echo "The same graph file; every source. 'same': the sums agree to 1e-9 (NetworKit's unnormalised"
    echo "undirected scores are twice NetworkX's)."
    echo
    echo "| variant | time (s) | vs NetworKit | same | goal | met |"
    echo "|---|---:|---:|---|---|---|"
    for r in "${rows3a[@]}"; do IFS='|' read -r a b c dd e f <<<"$r"; echo "| $a | $b | $c | $dd | $e | $f |"; done
  fi
  if [ ${#rows3[@]} -gt 0 ]; then
    echo
    echo "## 3. Exact BC on BA n = $ba_n, m = $ba_m, extrapolated"
    echo
    echo "Exact BC on this graph is n single-source passes, more than a run here may take; each variant"
    echo "times K random sources and the table extrapolates (time per source x n). NetworKit has no"
    echo "exact BC over chosen sources: its row is EstimateBetweenness (K single-source passes with"
    echo "Sanders et al.'s scaling), slower per source than its exact Brandes; the goal is judged in 3a."
    echo
    echo "| variant | sources timed | ms / source | exact BC (s, extrapolated) | vs NetworKit | goal | met |"
    echo "|---|---:|---:|---:|---:|---|---|"
    for r in "${rows3[@]}"; do IFS='|' read -r a b c dd e f h <<<"$r"; echo "| $a | $b | $c | $dd | $e | $f | $h |"; done
  fi
} >"$out"
cat "$out"
exit $status

#!/usr/bin/env bash
# Graph-matching benchmark (issue 15): times the sample's builds on the
# issue's four workloads, runs the hand-written cuBLAS baseline of the Q step
# in the same run, checks that the builds agree (same assignment checksum)
# and writes a markdown table. Needs g++ (OpenMP); nvcc, cuBLAS and a GPU for
# the GPU rows (skipped otherwise).
#
#   bench/graph_matching/run.sh OUT.md [options]
#     --bin DIR       gm_serial, gm_omp and (GPU) gm_cuda_b4 .. gm_cuda_b32,
#                     q_cublas (scripts/gpu-check.sh builds them so; a CMake
#                     build directory's samples/graph_matching works for the
#                     CPU rows)
#     --set "G N"     all pairs of G graphs x N vertices (default "150 24")
#     --pair N        one pair, N vertices, the whole schedule (default 512)
#     --serial-q-steps K  the serial pair row times K Q steps (after one
#                     warm-up step) and multiplies the time per step by the
#                     Q steps of the whole schedule, counted by the B=8
#                     build's full run (GPU, else OpenMP); it leaves out the
#                     O(n^2) softassign, so it is a lower bound of the serial
#                     time (default 1; at n = 512 one round is minutes)
#     --serial-rounds R  with --serial-q-steps 0: the serial pair run stops
#                     after R beta rounds, scaled to all rounds; rounds end
#                     early as P converges, so this overestimates (default 1)
#     --omp-q-steps K  the same for the OpenMP pair row (beta rounds end
#                     early as P converges, so a first round, with the most
#                     steps, scaled to all rounds overestimates the time)
#     --parts "set pair qstep labels"  the workloads to run (default all)
#     --omp-rounds R  the same for the OpenMP pair run (default 0: the whole
#                     schedule; at n = 512 that is minutes on 16 cores)
#     --serial-graphs G  the serial set and labelling rows use G graphs and
#                     are extrapolated by the number of pairs (default 40;
#                     0: the full set), so the serial rows take minutes
#     --qpair N       one Q step of a pair of N vertices (default 4096)
#     --labels "G N"  common labelling of G graphs x N vertices (default "100 24")
#     --tiles "4 8 16 32"  the GPU builds to time on the pair
#     --qtiles "8"    the GPU builds whose n^4 Q step is timed at --qpair (one
#                     step after a warm-up: ~1.5 min each at n = 4096)
#     --repeat R (default 3)   --commit ID   --no-serial (skip serial rows)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmdline="$0 $*"
out=${1:?usage: run.sh OUT.md [options] (see the header of this script)}
shift
bin="" set_w="150 24" pair_n=512 serial_rounds=1 omp_rounds=0 qpair=4096 labels_w="100 24"
tiles="4 8 16 32" qtiles="8" repeat=3 commit="" serial=1 serial_graphs=40 serial_q_steps=1 omp_q_steps=0
parts="set pair qstep labels"
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --set) set_w=$2; shift 2 ;;
    --pair) pair_n=$2; shift 2 ;;
    --serial-rounds) serial_rounds=$2; shift 2 ;;
    --omp-rounds) omp_rounds=$2; shift 2 ;;
    --serial-q-steps) serial_q_steps=$2; shift 2 ;;
    --omp-q-steps) omp_q_steps=$2; shift 2 ;;
    --parts) parts=$2; shift 2 ;;
    --serial-graphs) serial_graphs=$2; shift 2 ;;
    --qpair) qpair=$2; shift 2 ;;
    --labels) labels_w=$2; shift 2 ;;
    --tiles) tiles=$2; shift 2 ;;
    --qtiles) qtiles=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --commit) commit=$2; shift 2 ;;
    --no-serial) serial=0; shift ;;
    *) echo "run.sh: unknown option $1" >&2; exit 1 ;;
  esac
done
[ -n "$bin" ] || { echo "run.sh: --bin DIR is required" >&2; exit 1; }
have_gpu=0
if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && [ -x "$bin/gm_cuda_b8" ]; then have_gpu=1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rows=()   # "workload|variant|time|ratio|accuracy|assignment"
status=0
declare -A ref_sum base

json() { sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p" <<<"$1"; }

# run_one KEY VARIANT TIMEKEY CMD...: KEY's first row is the ratio's base
# (the serial build; its time extrapolated where so stated).
run_one() {
  local key=$1 variant=$2 tkey=$3; shift 3
  echo "== $key $variant: $*" >&2
  local txt
  if ! txt=$(HY_DEVICE=${HY_DEVICE_FOR:-} "$@" --json --quiet 2>"$work/err"); then
    echo "run.sh: $key $variant failed: $(tail -3 "$work/err")" >&2; status=1; return
  fi
  local t acc sum
  t=$(json "$txt" "$tkey"); acc=$(json "$txt" accuracy); sum=$(json "$txt" assignment)
  [ -n "$sum" ] || sum=$(json "$txt" Q_sum)
  if [ -n "${SCALE:-}" ]; then  # a smaller run, extrapolated: no checksum to compare
    t=$(awk -v t="$t" -v s="$SCALE" 'BEGIN { printf "%.9g", t * s }'); sum="-"
  fi
  [ -n "${base[$key]:-}" ] || base[$key]=$t
  if [ "$sum" != "-" ] && [ -n "${ref_sum[$key]:-}" ] && [ "$sum" != "${ref_sum[$key]}" ] && [[ "$key" != q* ]]; then
    echo "run.sh: ASSIGNMENT MISMATCH in $key: $variant gives $sum, the first row ${ref_sum[$key]}" >&2
    status=2; sum="$sum MISMATCH"
  fi
  [ "$sum" = "-" ] || ref_sum[$key]=${ref_sum[$key]:-$sum}
  local ratio
  ratio=$(awk -v b="${base[$key]}" -v t="$t" 'BEGIN { printf "%.1fx", b/t }')
  rows+=("$key|$variant|$(awk -v t="$t" 'BEGIN { printf "%.6g", t }')|$ratio|${acc:--}|$sum")
  echo "   $t s  $ratio  accuracy ${acc:--}  $sum" >&2
}

read -r sg sn <<<"$set_w"
read -r lg ln <<<"$labels_w"
gen="density=0.3,noise=0.03,delete=0.05,add=0.05,seed=1"
setk="set ${sg}x${sn}"
pairk="pair n=$pair_n"
qk="qstep n=$qpair"
labk="labels ${lg}x${ln}"
R=$repeat
part() { [[ " $parts " == *" $1 "* ]]; }

# 1. all pairs of a set, one block per pair
# serial on a subset of the graphs, scaled by the number of pairs
serial_part() { # G_full -> "G_used SCALE LABEL"
  local full=$1 used=$serial_graphs
  if [ "$used" = 0 ] || [ "$used" -ge "$full" ]; then echo "$full - serial"; return; fi
  echo "$used $(awk -v f="$full" -v u="$used" 'BEGIN { printf "%.9g", f*(f-1)/(u*(u-1)) }') serial,_${used}_graphs_extrapolated"
}
if part set && [ $serial = 1 ]; then
  read -r g_used sc lbl <<<"$(serial_part "$sg")"
  SCALE=${sc#-} run_one "$setk" "${lbl//_/ }" time_s "$bin/gm_serial" --generate "n=$sn,graphs=$g_used,$gen" --mode set
fi
part set && run_one "$setk" "OpenMP ($(nproc) threads)" time_s "$bin/gm_omp" --generate "n=$sn,graphs=$sg,$gen" --mode set --repeat $R
[ $have_gpu = 0 ] || ! part set || HY_DEVICE_FOR=gpu run_one "$setk" "CUDA (hyc)" time_s "$bin/gm_cuda_b8" --generate "n=$sn,graphs=$sg,$gen" --mode set --repeat $R

# 2. one pair, the whole schedule; serial on its first rounds (or Q steps), extrapolated
pair_q_steps() { # the Q steps of the pair's whole schedule, from a full run of the B=8 build
  local txt
  if [ $have_gpu = 1 ]; then txt=$(HY_DEVICE=gpu "$bin/gm_cuda_b8" --generate "n=$pair_n,graphs=2,$gen" --json --quiet)
  else txt=$("$bin/gm_omp" --generate "n=$pair_n,graphs=2,$gen" --json --quiet); fi
  json "$txt" q_steps
}
if ! part pair || [ $serial = 0 ]; then :
elif [ "$serial_q_steps" -gt 0 ]; then
  steps=${steps:-$(pair_q_steps)}
  [ -n "$steps" ] || { echo "run.sh: the B=8 build's pair run did not report its Q steps" >&2; exit 1; }
  SCALE=$steps run_one "$pairk" "serial, $serial_q_steps Q step(s) x the schedule's $steps (extrapolated; softassign left out)" \
    q_step_s "$bin/gm_serial" --generate "n=$pair_n,graphs=2,$gen" --q-steps "$serial_q_steps"
else
  SCALE=1 run_one "$pairk" "serial, $serial_rounds round(s) extrapolated" extrapolated_s \
    "$bin/gm_serial" --generate "n=$pair_n,graphs=2,$gen" --rounds "$serial_rounds"
fi
if ! part pair; then :
elif [ "$omp_q_steps" -gt 0 ]; then
  steps=${steps:-$(pair_q_steps)}
  SCALE=$steps run_one "$pairk" "OpenMP reordered B=8, $omp_q_steps Q step(s) x the schedule's $steps (extrapolated; softassign left out)" \
    q_step_s "$bin/gm_omp" --generate "n=$pair_n,graphs=2,$gen" --q-steps "$omp_q_steps"
elif [ "$omp_rounds" -gt 0 ]; then
  SCALE=1 run_one "$pairk" "OpenMP reordered B=8, $omp_rounds round(s) extrapolated" extrapolated_s \
    "$bin/gm_omp" --generate "n=$pair_n,graphs=2,$gen" --rounds "$omp_rounds"
else
  run_one "$pairk" "OpenMP reordered B=8" time_s "$bin/gm_omp" --generate "n=$pair_n,graphs=2,$gen"
fi
if [ $have_gpu = 1 ] && part pair; then
  for b in $tiles; do
    [ -x "$bin/gm_cuda_b$b" ] || continue
    HY_DEVICE_FOR=gpu run_one "$pairk" "CUDA reordered B=$b" time_s "$bin/gm_cuda_b$b" --generate "n=$pair_n,graphs=2,$gen" --repeat $R
  done
fi

# 3. one Q step of a large pair against cuBLAS, twice: with the separable
# compatibility w1 w2 (the sample's product form: two n^3 products, against
# 2 SGEMMs), and with Gold & Rangarajan's 1 - 3|w1 - w2| on weights of 8
# levels (the n^4 nest, against 16 SGEMMs). The Q sums must agree (1e-4).
qgen="n=$qpair,graphs=2,$gen,levels=8"
qkp="qstep n=$qpair, c2 = w1 w2"
qkg="qstep n=$qpair, c2 = 1-3 abs(w1-w2)"  # no "|": rows are |-separated
check_q() { # the last row's Q sum against REF
  local hs
  hs=$(echo "${rows[-1]}" | cut -d'|' -f6)
  awk -v a="$hs" -v b="$1" 'BEGIN { d = (a-b)/b; if (d < 0) d = -d; if (d > 1e-4) exit 1 }' ||
    { echo "run.sh: Q sums differ: hyc $hs, cuBLAS $1" >&2; status=2; }
}
if ! part qstep; then :
elif [ $have_gpu = 1 ] && [ -x "$bin/q_cublas" ]; then
  "$bin/gm_serial" --generate "$qgen" --write-graphs "$work" >/dev/null
  run_one "$qkp" "cuBLAS, 2 SGEMMs" q_step_s "$bin/q_cublas" "$work/g0.ag" "$work/g1.ag" 0 $R
  ref=$(json "$("$bin/q_cublas" "$work/g0.ag" "$work/g1.ag" 0 1)" Q_sum)
  HY_DEVICE_FOR=gpu run_one "$qkp" "CUDA product form (hyc), 20 steps a call" q_step_s "$bin/gm_cuda_b8" --generate "$qgen" \
    --compat product --variant product --q-steps 20
  check_q "$ref"
  run_one "$qkg" "cuBLAS, 16 SGEMMs (8 levels)" q_step_s "$bin/q_cublas" "$work/g0.ag" "$work/g1.ag" 8 $R
  ref=$(json "$("$bin/q_cublas" "$work/g0.ag" "$work/g1.ag" 8 1)" Q_sum)
  for b in $qtiles; do
    [ -x "$bin/gm_cuda_b$b" ] || continue
    HY_DEVICE_FOR=gpu run_one "$qkg" "CUDA reordered nest B=$b" q_step_s "$bin/gm_cuda_b$b" --generate "$qgen" --q-steps 1
    check_q "$ref"
  done
else
  run_one "$qkp" "OpenMP product form (no GPU)" q_step_s "$bin/gm_omp" --generate "$qgen" \
    --compat product --variant product --q-steps $R
  run_one "$qkg" "OpenMP reordered nest B=8 (no GPU)" q_step_s "$bin/gm_omp" --generate "$qgen" --q-steps 1
fi

# 4. common labelling
if part labels && [ $serial = 1 ]; then
  read -r g_used sc lbl <<<"$(serial_part "$lg")"
  SCALE=${sc#-} run_one "$labk" "${lbl//_/ }" time_s "$bin/gm_serial" --generate "n=$ln,graphs=$g_used,$gen" --mode labels
fi
part labels && run_one "$labk" "OpenMP ($(nproc) threads)" time_s "$bin/gm_omp" --generate "n=$ln,graphs=$lg,$gen" --mode labels --repeat $R
[ $have_gpu = 0 ] || ! part labels || HY_DEVICE_FOR=gpu run_one "$labk" "CUDA (hyc)" time_s "$bin/gm_cuda_b8" --generate "n=$ln,graphs=$lg,$gen" --mode labels --repeat $R

{
  echo "# Graph matching benchmark"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "- commit: ${commit:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) hardware threads"
  if [ $have_gpu = 1 ]; then
    echo "- GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
  else
    echo "- GPU: none (GPU rows skipped)"
  fi
  echo "- graphs: \`--generate n=N,graphs=G,$gen\` (the Q-step pair also levels=8); defaults of Gold & Rangarajan"
  echo "- timing: median of $R runs after a warm-up (serial: one run); ratio = first row of the workload / time;"
  if [ "$serial_q_steps" -gt 0 ]; then
    echo "  the serial pair row times $serial_q_steps Q step(s) and is scaled by the Q steps of the whole schedule (extrapolated,"
    echo "  a lower bound: the softassign's O(n^2) iterations are left out);"
  else
    echo "  the serial pair row stops after $serial_rounds beta round(s) and is scaled to all rounds (extrapolated);"
  fi
  echo "  serial set/labelling rows with fewer graphs are scaled by the number of pairs (extrapolated, no checksum);"
  echo "  Q step rows: one step from P = 1/n, the ratio is cuBLAS time / time (>= 0.5x is the issue's goal);"
  echo "  hyc's Q-step times are N steps in one call divided by N (Q's copy back to the host, once, included);"
  echo "  'c2 = w1 w2' is the separable compatibility (--compat product), 'c2 = 1-3 abs(w1-w2)' Gold & Rangarajan's;"
  echo "  'assignment' is the checksum of every discrete assignment (the same within a workload), for Q steps the sum of Q"
  echo "- command: $cmdline"
  echo
  echo "| workload | variant | time (s) | ratio | accuracy | assignment / Q sum |"
  echo "|---|---|---:|---:|---:|---|"
  for r in "${rows[@]}"; do
    IFS='|' read -r k v t ratio acc sum <<<"$r"
    echo "| $k | $v | $t | $ratio | $acc | \`$sum\` |"
  done
} >"$out"
cat "$out"
exit $status

#!/usr/bin/env bash
# The nvcc oracle of the fuzzing (issue 17: every accepted input's output
# compiles). clang 19 cannot read CUDA 13's headers, so the libFuzzer harness
# only saves its CUDA outputs; this compiles them with nvcc. What it checks:
#   1. every seed of the checked-in corpus (test/lit/*/*.cpp, test/e2e/*.cpp,
#      generated programs 1..5), translated here by HYC --target=cuda from
#      where it lies (its Inputs/ resolve) -- always, whatever the time;
#   2. every CUDA output saved in SAVED_DIR (a libFuzzer run's), in name
#      order, until NVCC_SECONDS (default 600) have passed since the start;
# each distinct output (by content) compiled once, nproc at a time. Prints
# the counts; exits 1 if nvcc rejects an output or hyc crashes on a seed.
# Usage: test/fuzz/nvcc-oracle.sh HYC WORK_DIR [SAVED_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
hyc=$1 work=$2 saved=${3:-}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc" ] || { echo "nvcc-oracle: no nvcc, nothing checked"; exit 0; }
start=$(date +%s)
deadline=$((start + ${NVCC_SECONDS:-600}))
jobs=$(nproc)
rm -rf "$work" && mkdir -p "$work/seeds" "$work/out"

# 1. The seeds' CUDA outputs.
seeds=("$root"/test/lit/*/*.cpp "$root"/test/e2e/*.cpp)
for s in 1 2 3 4 5; do
  # without the host shapes while the bugs in known.txt are open (libfuzzer.sh)
  python3 "$root/test/fuzz/hygen.py" "$s" --shapes "${HY_FUZZ_SHAPES:-none}" -o "$work/seeds/gen$s.cpp"
  seeds+=("$work/seeds/gen$s.cpp")
done
translate() { # SEED: writes out/seed-DIR-NAME.cu, or .refused / .crash
  local name out rc
  name=seed-$(basename "$(dirname "$1")")-$(basename "$1" .cpp)
  out=$work/out/$name
  set +e
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$hyc" --target=cuda "$1" -o "$out.cu" -- -std=c++17 \
    >"$out.hyc.log" 2>&1
  rc=$?
  set -e
  if [ "$rc" = 0 ]; then rm -f "$out.hyc.log"
  elif [ "$rc" = 1 ] && grep -q "error:" "$out.hyc.log"; then mv "$out.hyc.log" "$out.refused"; rm -f "$out.cu"
  else mv "$out.hyc.log" "$out.crash"; rm -f "$out.cu"
  fi
}
export -f translate
export hyc work
printf '%s\0' "${seeds[@]}" | xargs -0 -n1 -P"$jobs" bash -c 'translate "$0"'
crashes=$(find "$work/out" -name '*.crash' | wc -l)
for c in "$work"/out/*.crash; do
  [ -e "$c" ] && { echo "nvcc-oracle: hyc crashed on ${c%.crash}:"; tail -5 "$c"; }
done

# 2. The saved outputs; 3. one list of distinct outputs, seeds first.
list=$work/list
: >"$list"
declare -A seen
add() { # FILE KIND
  local h
  h=$(sha1sum <"$1" | cut -c1-40)
  [ -n "${seen[$h]:-}" ] && return 0
  seen[$h]=1
  printf '%s %s\n' "$2" "$1" >>"$list"
}
for cu in $(ls "$work"/out/*.cu 2>/dev/null | sort); do add "$cu" seed; done
nseed=$(wc -l <"$list")
if [ -n "$saved" ] && [ -d "$saved" ]; then
  for cu in $(ls "$saved"/*.cu 2>/dev/null | sort); do add "$cu" run; done
fi
nrun=$(($(wc -l <"$list") - nseed))

compile() { # KIND FILE: FILE.ok, FILE.rejected (nvcc's log) or FILE.skipped
  if [ "$1" = run ] && [ "$(date +%s)" -ge "$deadline" ]; then : >"$2.skipped"; return 0; fi
  if "$nvcc" -x cu -arch=sm_90 -std=c++17 --expt-relaxed-constexpr -Xcompiler -fopenmp -w \
       -I"$root/runtime/include" -I"$root/test/e2e" -c "$2" -o /dev/null >"$2.nvcc.log" 2>&1; then
    rm -f "$2.nvcc.log"; : >"$2.ok"
  else
    mv "$2.nvcc.log" "$2.rejected"
  fi
}
export -f compile
export nvcc root deadline
xargs -a "$list" -n2 -P"$jobs" bash -c 'compile "$0" "$1"'

ok=0 rejected=0 skipped=0
while read -r kind cu; do
  if [ -e "$cu.ok" ]; then ok=$((ok + 1))
  elif [ -e "$cu.skipped" ]; then skipped=$((skipped + 1))
  else
    rejected=$((rejected + 1))
    src=$cu
    [ "$kind" = run ] && src=${cu%.cu}.input.cpp
    echo "nvcc-oracle: nvcc rejects the CUDA output of $src ($cu):"
    grep -m3 error "$cu.rejected" || true
  fi
done <"$list"
refused=$(find "$work/out" -name '*.refused' | wc -l)
echo "nvcc-oracle: ${#seeds[@]} seeds ($nseed distinct CUDA outputs, $refused refused with an error," \
     "$crashes crashes), $nrun distinct saved outputs; nvcc compiled $ok, rejected $rejected," \
     "not checked $skipped (NVCC_SECONDS=${NVCC_SECONDS:-600}), $(($(date +%s) - start)) s"
[ "$rejected" = 0 ] && [ "$crashes" = 0 ]

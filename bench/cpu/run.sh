#!/usr/bin/env bash
# CPU benchmark (docs/perf/cpu.md): the kernels of every e2e program
# (through the drivers here, which call them on inputs larger than the
# tests'), of the Floyd-Warshall, Δ-stepping and Johnson samples, and the
# halo stencil and histogram of issue 16, each translated by hyc for the
# serial and OpenMP targets, built with the same compiler flags, and timed
# (median of --repeat runs after a warm-up): serial; OpenMP on 1 thread
# (ratio to serial: the goal is within 10 %); OpenMP on each count of
# --threads (speed-up over serial). Every build's checksum must equal the
# serial one. Prints a markdown table and puts it into --doc (default
# docs/perf/cpu.md) under a heading for this machine ("N CPUs, model"),
# replacing the previous table of the same machine.
#
#   bench/cpu/run.sh [--threads "2 4 8 16"] [--scale N] [--repeat N]
#                    [--programs "stencil hist"] [--build DIR] [--hyc PATH]
#                    [--cxx g++] [--cxxflags "-O3 -march=native"] [--doc FILE | --no-doc]
#                    [--clock wall|cpu] [--stat median|min] [--rounds N]
#                    [--translate-only | --build-only]
#
# --clock cpu: the serial and 1-thread columns (and their ratio) are the
# process's CPU time instead of wall-clock time: on a machine shared with
# other work a 1-thread run's CPU time is what it cost, its wall time also
# what the neighbours took. The thread columns stay wall-clock.
# --stat min: the fastest run instead of the median. --rounds N: run the
# builds in turn N times (serial, 1 thread, threads, serial, ...) and take
# the median of the rounds' medians (or the least time).
#
# --build-only: translate and compile every build, run nothing (ctest
# bench.cpu_builds does so at -O0: the drivers still fit the kernels).
#
# This 2-CPU machine, a few minutes (docs/perf/cpu.md):
#     bench/cpu/run.sh --repeat 3 --clock cpu --stat min --rounds 3
# A 16-core machine (hyc built in build/), about 5 minutes:
#     bench/cpu/run.sh --scale 2 --threads "4 16"
# Without hyc there: translate here, carry the folder, build and run there:
#     bench/cpu/run.sh --translate-only --build build/bench-cpu      # here
#     bench/cpu/run.sh --build build/bench-cpu --scale 2 --threads "4 16"   # there
# OMP_PROC_BIND=close and OMP_PLACES=cores are set unless already set.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmdline="bench/cpu/run.sh$(printf ' %q' "$@")"
hyc=${HYC:-$root/build/tool/hyc} threads="" scale=1 repeat=5 build="" doc=$root/docs/perf/cpu.md
programs="stencil floyd rows tiles reductions graph_kernels scatter fw delta johnson halo hist"
cxx=${CXX:-g++} cxxflags="-O3 -march=native -DNDEBUG" translate_only=0 build_only=0 clock=wall stat=median rounds=1
while [ $# -gt 0 ]; do
  case "$1" in
    --hyc) hyc=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    --cxx) cxx=$2; shift 2 ;;
    --cxxflags) cxxflags=$2; shift 2 ;;
    --doc) doc=$2; shift 2 ;;
    --no-doc) doc=""; shift ;;
    --clock) clock=$2; shift 2 ;;
    --stat) stat=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --translate-only) translate_only=1; shift ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,39p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$clock" in wall|cpu) ;; *) echo "run.sh: --clock wall or cpu" >&2; exit 2 ;; esac
case "$stat" in median|min) ;; *) echo "run.sh: --stat median or min" >&2; exit 2 ;; esac
ncpu=$(nproc)
[ -n "$threads" ] || threads=$ncpu
if [ -z "$build" ]; then build=$(mktemp -d); trap 'rm -rf "$build"' EXIT; fi
mkdir -p "$build" && build=$(cd "$build" && pwd) # absolute: the builds run elsewhere
export OMP_PROC_BIND=${OMP_PROC_BIND:-close} OMP_PLACES=${OMP_PLACES:-cores}
read -r -a flags <<<"$cxxflags"
includes=(-I"$root/runtime/include" -I"$here" -I"$root/test/e2e" -I"$root/samples/common/include"
          -I"$root/samples/floyd_warshall" -I"$root/samples/delta_stepping" -I"$root/samples/johnson")

# The annotated source of a program, and its driver here ("" when the
# annotated source is its own driver).
source_of() {
  case "$1" in
    fw) echo "$root/samples/floyd_warshall/fw_kernels.cpp" ;;
    delta) echo "$root/samples/delta_stepping/delta_kernels.cpp" ;;
    johnson) echo "$root/samples/johnson/johnson_kernels.cpp" ;;
    halo|hist) echo "$here/$1.hy.cpp" ;;
    *) echo "$root/test/e2e/$1.cpp" ;;
  esac
}
driver_of() {
  case "$1" in
    halo|hist) echo "" ;;
    *) echo "$here/$1.cpp" ;;
  esac
}

translate() { # program target -> the translation in $build
  local src gen
  src=$(source_of "$1") gen=$build/$1.$2.cpp
  if [ -x "$hyc" ]; then
    "$hyc" --target="$2" "$src" -o "$gen" -- -std=c++17 "${includes[@]}" >&2
  elif [ ! -f "$gen" ]; then
    echo "run.sh: no hyc at $hyc and no $gen (build hyc, pass --hyc, or translate elsewhere with --translate-only)" >&2
    exit 2
  fi
  echo "$gen"
}

compile() { # program target -> binary
  local gen drv bin
  gen=$(translate "$1" "$2") drv=$(driver_of "$1") bin=$build/$1.$2
  if [ -n "$drv" ]; then
    "$cxx" -std=c++17 "${flags[@]}" -fopenmp "${includes[@]}" -DHY_SOURCE="\"$gen\"" "$drv" -o "$bin"
  else
    "$cxx" -std=c++17 "${flags[@]}" -fopenmp "${includes[@]}" "$gen" -o "$bin"
  fi
  echo "$bin"
}

if [ "$translate_only" = 1 ]; then
  [ -x "$hyc" ] || { echo "run.sh: no hyc at $hyc" >&2; exit 2; }
  for p in $programs; do translate "$p" serial >/dev/null; translate "$p" openmp >/dev/null; done
  echo "run.sh: translations in $build"
  exit 0
fi

# Every build first, as many at a time as there are CPUs (on a 16-core host
# the 24 compiles at -O3 took longer than the runs); a failed one stops here.
for p in $programs; do
  for t in serial openmp; do
    rm -f "$build/$p.$t"
    compile "$p" "$t" >/dev/null &
    while [ "$(jobs -rp | wc -l)" -ge "$ncpu" ]; do wait -n || true; done
  done
done
wait
for p in $programs; do
  for t in serial openmp; do
    [ -x "$build/$p.$t" ] || { echo "run.sh: $p ($t) did not build" >&2; exit 1; }
  done
done
if [ "$build_only" = 1 ]; then
  echo "run.sh: every build in $build"
  exit 0
fi

# Runs a binary, appending its lines "name size median fastest cpu-median
# cpu-least checksum" to FILE.
run() { # binary threads(serial|N) file
  if [ "$2" = serial ]; then "$1" "$scale" "$repeat" >>"$3"
  else OMP_NUM_THREADS=$2 "$1" "$scale" "$repeat" >>"$3"; fi
}

# The time of part NAME in FILE over the rounds: the median of the rounds'
# medians, or the least of their least times; wall-clock or CPU time.
# Prints "size seconds checksum" (checksum "differs" if the rounds disagree).
pick() { # file name clock stat
  awk -v name="$2" -v clock="$3" -v stat="$4" '
    $1 == name {
      v = clock == "cpu" ? (stat == "min" ? $6 : $5) : (stat == "min" ? $4 : $3)
      t[++n] = v; size = $2
      if (n == 1) sum = $7; else if ($7 != sum) sum = "differs"
    }
    END {
      if (!n) { print "? ? missing"; exit }
      for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (t[j] < t[i]) { x = t[i]; t[i] = t[j]; t[j] = x }
      r = stat == "min" ? t[1] : (n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2)
      printf "%s %.6f %s\n", size, r, sum
    }' "$1"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

rows=$build/rows.md status=0
{
  printf '| program | size | serial s | OpenMP 1 thread s | 1 thread / serial |'
  for t in $threads; do [ "$t" = 1 ] || printf ' %s threads s | speed-up |' "$t"; done
  printf '\n|---|---|---:|---:|---:|'
  for t in $threads; do [ "$t" = 1 ] || printf -- '---:|---:|'; done
  printf '\n'
} >"$rows"
for p in $programs; do
  ser=$build/$p.serial omp=$build/$p.openmp
  rm -f "$build/$p".*.out
  # Rounds alternate the builds, so that a busy spell of the machine falls
  # on all of them.
  for ((r = 0; r < rounds; ++r)); do
    run "$ser" serial "$build/$p.serial.out"
    run "$omp" 1 "$build/$p.1.out"
    for t in $threads; do [ "$t" = 1 ] || run "$omp" "$t" "$build/$p.$t.out"; done
  done
  for name in $(awk '!seen[$1]++ { print $1 }' "$build/$p.serial.out"); do
    read -r size s_ser c_ser < <(pick "$build/$p.serial.out" "$name" "$clock" "$stat")
    read -r _ s_one c_one < <(pick "$build/$p.1.out" "$name" "$clock" "$stat")
    read -r _ w_ser _ < <(pick "$build/$p.serial.out" "$name" wall "$stat")
    flag=""
    [ "$c_ser" != differs ] || { flag=" (serial runs differ)"; status=1; }
    [ "$c_one" = "$c_ser" ] || { flag=" (checksum differs)"; status=1; }
    r=$(ratio "$s_one" "$s_ser")
    awk -v r="$r" 'BEGIN { exit !(r > 1.10) }' && r="**$r**"
    row="| $name | $size | $s_ser | $s_one$flag | $r |"
    for t in $threads; do
      [ "$t" = 1 ] && continue
      read -r _ s_t c_t < <(pick "$build/$p.$t.out" "$name" wall "$stat")
      flag=""
      [ "$c_t" = "$c_ser" ] || { flag=" (checksum differs)"; status=1; }
      row="$row $s_t$flag | $(ratio "$w_ser" "$s_t") |"
    done
    echo "$row" >>"$rows"
    echo "$row" >&2
  done
done

cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD 2>/dev/null || commit="$commit (with uncommitted changes)"
title="$ncpu CPUs, ${cpu:-unknown CPU}"
table=$build/table.md
{
  echo "### $title"
  echo
  echo "Command: \`$cmdline\`; scale $scale; $([ "$stat" = min ] && echo "the fastest" || echo "the median") of $repeat runs (after a warm-up)$([ "$rounds" -gt 1 ] && echo " in each of $rounds rounds") in seconds;"
  if [ "$clock" = cpu ]; then
    echo "serial and 1 thread: CPU time of the process; thread counts: wall-clock time (speed-up over serial's wall-clock time)."
  else
    echo "wall-clock time."
  fi
  echo "Commit: $commit; $(date -u +%Y-%m-%d); $("$cxx" --version | head -1), \`$cxxflags -fopenmp\`;"
  echo "OMP_PROC_BIND=$OMP_PROC_BIND, OMP_PLACES=$OMP_PLACES. Bold: OpenMP on 1 thread more than 10 % slower than serial."
  echo
  cat "$rows"
} >"$table"
cat "$table"
if [ -n "$doc" ]; then
  # Replace this machine's section (from its heading to the next heading or
  # the end) or append one.
  touch "$doc"
  awk -v title="### $title" -v table="$table" '
    function emit() { while ((getline l < table) > 0) print l; close(table); print "" }
    $0 == title { emit(); skip = 1; done = 1; next }
    skip && /^#/ { skip = 0 }
    !skip { print }
    END { if (!done) { print ""; emit() } }' "$doc" >"$doc.new"
  mv "$doc.new" "$doc"
  echo "run.sh: wrote the table into $doc" >&2
fi
exit $status

#!/usr/bin/env bash
# The main job's sample commands as a benchmark (issue 28: "the OpenMP build
# and the CUDA build's CPU fallback at or above serial speed on a fresh
# 2-core machine, default environment"). scripts/main-job.sh runs each
# command once; this script runs the serial, OpenMP and CUDA (its CPU
# fallback when there is no GPU) builds of every sample in turn --rounds
# times, so that a busy spell of a shared machine falls on all of them,
# checks that each run verified, and prints one table: the median time of
# each build, the range over the rounds, and serial time / its time.
# No OpenMP variable is set: the users' default environment.
#
#   bench/cpu/samples.sh [--build DIR] [--rounds N] [--samples "fw delta ..."]
#                        [--doc FILE]
#
# --build: a CMake build of this tree with the sample targets built
# (default build/; e.g. ninja -C build delta_serial delta_omp delta_cuda ...).
# --doc FILE: also append the table, the commit, the machine and the
# command to FILE (docs/perf/cpu.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmdline="bench/cpu/samples.sh$(printf ' %q' "$@")"
build=$root/build rounds=3 samples="fw delta johnson bc gm" doc=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --samples) samples=$2; shift 2 ;;
    --doc) doc=$2; shift 2 ;;
    *) echo "samples.sh: unknown argument '$1' (see the comment at the top)" >&2; exit 2 ;;
  esac
done
# shellcheck source=../../scripts/sample-commands.sh
. "$root/scripts/sample-commands.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for r in $(seq "$rounds"); do
  for s in $samples; do
    for v in serial omp cuda; do
      bin=$(sample_binary "$build" "$s" "$v")
      [ -x "$bin" ] || continue
      log=$out/$s.$v.$r
      # shellcheck disable=SC2046
      if ! "$bin" $(sample_args "$s" 2048) > "$log" 2>&1; then
        echo "samples.sh: $s $v failed in round $r:" >&2; tail -5 "$log" >&2; exit 1
      fi
      if ! sample_verified "$s" < "$log"; then
        echo "samples.sh: $s $v did not verify in round $r:" >&2; tail -5 "$log" >&2; exit 1
      fi
      key=$(sample_key "$s" < "$log")
      if [ "$v" = serial ]; then echo "$key" > "$out/$s.key"
      elif [ -f "$out/$s.key" ] && [ "$key" != "$(cat "$out/$s.key")" ]; then
        echo "samples.sh: $s $v's result differs from serial's in round $r" >&2; exit 1
      fi
      t=$(sample_time "$s" < "$log")
      [ -n "$t" ] || { echo "samples.sh: no time in the output of $s $v" >&2; exit 1; }
      echo "$s $v $r $t" >> "$out/times"
      echo "round $r: $s $v $t s" >&2
    done
  done
done

table() {
  echo "| sample | serial s | OpenMP s | OpenMP / serial speed | CUDA build s | CUDA / serial speed |"
  echo "|---|---:|---:|---:|---:|---:|"
  for s in $samples; do
    awk -v s="$s" '
      function med(v, n,   i, j, t) { # sort v[1..n], return the median
        for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
      $1 == s { n[$2]++; t[$2, n[$2]] = $4 }
      END {
        if (!n["serial"]) exit
        for (k in n) { delete v; for (i = 1; i <= n[k]; i++) v[i] = t[k, i]
          m[k] = med(v, n[k]); lo[k] = v[1]; hi[k] = v[n[k]] }
        cell["serial"] = sprintf("%.4g (%.4g-%.4g)", m["serial"], lo["serial"], hi["serial"])
        for (k in n) if (k != "serial") {
          cell[k] = sprintf("%.4g (%.4g-%.4g)", m[k], lo[k], hi[k])
          ratio[k] = sprintf("%s%.2fx%s", m["serial"] / m[k] < 1 ? "**" : "", m["serial"] / m[k], m["serial"] / m[k] < 1 ? "**" : "") }
        printf "| %s | %s | %s | %s | %s | %s |\n", s, cell["serial"], cell["omp"], ratio["omp"], cell["cuda"], ratio["cuda"]
      }' "$out/times"
  done
}
table | tee "$out/table"
if [ -n "$doc" ]; then
  {
    echo
    echo "Commit $(git -C "$root" rev-parse --short HEAD); $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1); load before: $(cut -d' ' -f1-3 /proc/loadavg); default environment; command: \`$cmdline\`."
    echo "Median of $rounds rounds (range); bold: slower than serial."
    echo
    cat "$out/table"
  } >> "$doc"
fi

#!/bin/sh
# Smoke test of bench/floyd_warshall/run.sh on the CPU (no GPU rows): builds
# the hand-written baselines, times them and the sample's serial and OpenMP
# builds on a tiny bench graph, and checks the table it writes: every row,
# one checksum for all, the commit given with --commit. The script is what
# the GPU machine runs to produce docs/perf/, where a broken script costs
# device time.
# usage: fw_table.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fw=$build/samples/floyd_warshall
bash "$src/bench/floyd_warshall/run.sh" "$tmp/table.md" --build "$tmp/b" \
  --fw-serial "$fw/fw_serial" --fw-omp "$fw/fw_omp" \
  --cpu-sizes 128 --serial-sizes 128 --gpu-sizes "" --repeat 1 --commit smoke-1234 \
  >"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
cat "$tmp/table.md"
grep -q '^- commit: smoke-1234$' "$tmp/table.md"
rows=$(grep -c '^| 128 |' "$tmp/table.md")
[ "$rows" = 5 ] || { echo "expected 5 rows of n = 128, got $rows"; exit 1; }
for v in omp_blocked omp_simple 'fw_omp (hyc)' 'fw_serial (hyc)'; do
  grep -q "| 128 | $v |" "$tmp/table.md" || { echo "missing row: $v"; exit 1; }
done
sums=$(grep '^| 128 |' "$tmp/table.md" | awk -F'|' '{print $9}' | sort -u | wc -l)
[ "$sums" = 1 ] || { echo "checksums differ"; exit 1; }
! grep -q MISMATCH "$tmp/table.md"
echo "fw_table: ok"

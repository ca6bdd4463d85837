#!/bin/sh
# Smoke test of bench/bc/run.sh on the CPU (no GPU rows, no GAP, no
# NetworKit): tiny graphs through every design of seed 003's sweep, the
# Kronecker and BA rows of the sample's OpenMP build, and the table it writes
# (every row, one checksum per graph, the commit given). The script is what
# the GPU machine runs to produce docs/perf/bc.md, where a broken script costs
# device time.
# usage: bc_table.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OMP_WAIT_POLICY=passive bash "$src/bench/bc/run.sh" "$tmp/table.md" --build "$tmp/b" \
  --bc-omp "$build/samples/bc/bc_omp" --tool "$build/samples/common/hy_graph_tool" \
  --sizes 200 --densities "2 6" --kron-scale 9 --kron-cpu-sources 4 --ba-n 1024 --ba-cpu-sources 8 \
  --commit smoke-1234 >"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
cat "$tmp/table.md"
grep -q '^- commit: smoke-1234$' "$tmp/table.md"
for d in 2 6; do
  rows=$(grep -c "^| 200 | $d |" "$tmp/table.md")
  [ "$rows" = 4 ] || { echo "expected 4 rows of d = $d, got $rows"; exit 1; }
done
grep -q '^| bc_omp batched .*| 4 | [0-9.]* |' "$tmp/table.md" || { echo "no Kronecker row"; exit 1; }
grep -q '^| bc_omp batched .*| 8 | [0-9.]* | [0-9]* |' "$tmp/table.md" || { echo "no BA row"; exit 1; }
! grep -q 'MISMATCH\|FAILED' "$tmp/table.md"
echo "bc_table: ok"

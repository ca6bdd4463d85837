#!/bin/sh
# fw --grid on 1, 2, 4 ... MPI ranks against each other (issue 31): every
# run's result lines (graph, unreachable pairs and distance sum, checksum,
# compare, verify) must equal the first run's, bit for bit, and each run must
# report the peak memory of as many zones as it had ranks. The zones build
# only their own blocks, so this checks that the pieces add up to the whole.
# usage: grid-ranks.sh MPIEXEC "FLAGS" BIN "NPS" -- ARGS...
set -u
[ $# -ge 5 ] || { echo "usage: $0 MPIEXEC FLAGS BIN NPS -- ARGS..." >&2; exit 2; }
mpiexec=$1; flags=$2; bin=$3; nps=$4; shift 4
[ "$1" = "--" ] || { echo "$0: no '--' before the arguments" >&2; exit 2; }
shift
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
first=""
for np in $nps; do
  # shellcheck disable=SC2086
  "$mpiexec" -np "$np" $flags "$bin" "$@" > "$dir/all.$np" 2>&1
  rc=$?
  [ $rc = 0 ] || { cat "$dir/all.$np"; echo "FAIL: $np ranks: exited with $rc" >&2; exit 1; }
  grep -E '^(graph|unreachable pairs|checksum|compare|verify):' "$dir/all.$np" > "$dir/res.$np"
  grep -q '^checksum:' "$dir/res.$np" || { cat "$dir/all.$np"; echo "FAIL: $np ranks: no checksum line" >&2; exit 1; }
  zones=$(sed -n 's/^memory: .*peak resident per zone (MiB)://p' "$dir/all.$np" | wc -w)
  [ "$zones" -eq "$np" ] || { cat "$dir/all.$np"; echo "FAIL: $np ranks: peak memory of $zones zones" >&2; exit 1; }
  if [ -z "$first" ]; then
    first=$np
  else
    diff -u "$dir/res.$first" "$dir/res.$np" || { echo "FAIL: $np ranks differ from $first" >&2; exit 1; }
  fi
  echo "OK: $np ranks: $(grep '^checksum' "$dir/res.$np"); $(grep '^memory' "$dir/all.$np")"
done

#!/bin/sh
# A sample's zone loops over MPI ranks against one process: runs REF (the
# OpenMP build, one zone) and MPI_BIN under the launcher with the same
# arguments, keeps the lines matching PATTERN (results, not timings) and
# diffs them; both must exit 0 and the kept lines must not be empty.
# usage: compare-ranks.sh PATTERN REF MPI_BIN LAUNCHER... -- ARGS...
set -u
[ $# -ge 5 ] || { echo "usage: $0 PATTERN REF MPI_BIN LAUNCHER... -- ARGS..." >&2; exit 2; }
pattern=$1; ref=$2; bin=$3; shift 3
launcher=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do launcher="$launcher $1"; shift; done
[ $# -gt 0 ] || { echo "$0: no '--' before the arguments" >&2; exit 2; }
shift
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
"$ref" "$@" > "$dir/ref.all" 2>&1
rc=$?
[ $rc = 0 ] || { cat "$dir/ref.all"; echo "FAIL: $ref exited with $rc" >&2; exit 1; }
# shellcheck disable=SC2086
$launcher "$bin" "$@" > "$dir/out.all" 2>&1
rc=$?
[ $rc = 0 ] || { cat "$dir/out.all"; echo "FAIL: $launcher $bin exited with $rc" >&2; exit 1; }
grep -E "$pattern" "$dir/ref.all" > "$dir/ref"
grep -E "$pattern" "$dir/out.all" > "$dir/out"
[ -s "$dir/ref" ] || { cat "$dir/ref.all"; echo "FAIL: no line of $ref matches '$pattern'" >&2; exit 1; }
diff -u "$dir/ref" "$dir/out" || { echo "FAIL: $launcher $bin differs from $ref" >&2; exit 1; }
echo "OK: $(wc -l < "$dir/ref") result lines identical: $ref and$launcher $bin"

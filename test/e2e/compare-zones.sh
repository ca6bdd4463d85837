#!/bin/sh
# Runs a program built with MPI zones under an MPI launcher and diffs its
# output with the serial build's (zone 0 prints; every rank must exit 0).
# usage: compare-zones.sh SERIAL LAUNCHER... PROGRAM   (e.g. SERIAL mpiexec -n 2 prog)
set -u
[ $# -ge 3 ] || { echo "usage: $0 SERIAL LAUNCHER... PROGRAM" >&2; exit 2; }
serial=$1; shift
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
"$serial" > "$dir/ref" || { echo "FAIL: $serial exited with $?" >&2; exit 1; }
[ -s "$dir/ref" ] || { echo "FAIL: $serial printed nothing" >&2; exit 1; }
"$@" > "$dir/out" || { echo "FAIL: $* exited with $?" >&2; exit 1; }
diff -u "$dir/ref" "$dir/out" || { echo "FAIL: $* differs from $serial" >&2; exit 1; }
echo "OK: $(wc -l < "$dir/ref") lines identical: $serial and $*"

#!/bin/sh
# Runs the builds of one e2e program and diffs their outputs exactly.
# usage: compare.sh SERIAL OPENMP [OTHER...]
# SERIAL runs once (the reference); OPENMP runs with 1, 2 and 3 threads
# (one thread takes the loops' versions for one thread; HY_E2E_THREADS lists
# other counts);
# each OTHER (e.g. a --check-fetch build) runs once. Any non-zero exit or
# any difference fails the test. The tests' inputs are small: the parallel
# builds run with HY_OMP_MIN_WORK=0 (every kernel on the OpenMP team, none
# on the calling thread for being small), and OPENMP once more, on 2
# threads, with the default threshold (hy/omp_work.hpp).
set -u
[ $# -ge 2 ] || { echo "usage: $0 SERIAL OPENMP [OTHER...]" >&2; exit 2; }
serial=$1; omp=$2; shift 2
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
"$serial" > "$dir/ref" || { echo "FAIL: $serial exited with $?" >&2; exit 1; }
[ -s "$dir/ref" ] || { echo "FAIL: $serial printed nothing" >&2; exit 1; }
status=0
run() { # name env-threads binary
  if [ -n "$2" ]; then OMP_NUM_THREADS=$2 "$3" > "$dir/$1"; else "$3" > "$dir/$1"; fi
  check $? "$@"
}
check() { # exit-status name threads binary
  rc=$1; shift
  if [ $rc -ne 0 ]; then echo "FAIL: $3 (threads ${2:-default}) exited with $rc" >&2; status=1; return; fi
  if ! diff -u "$dir/ref" "$dir/$1"; then echo "FAIL: $3 (threads ${2:-default}) differs from $serial" >&2; status=1; fi
}
env -u HY_OMP_MIN_WORK OMP_NUM_THREADS=2 "$omp" > "$dir/ompsmall"
check $? ompsmall "2, small kernels on the calling thread" "$omp"
export HY_OMP_MIN_WORK=0
threads=${HY_E2E_THREADS:-1 2 3}
for t in $threads; do run "omp$t" "$t" "$omp"; done
i=0
for other in "$@"; do i=$((i + 1)); run "other$i" "" "$other"; done
[ $status -eq 0 ] && echo "OK: $(wc -l < "$dir/ref") lines identical across serial, OpenMP (threads: $threads; 2 with small kernels on the calling thread) and $# other build(s)"
exit $status

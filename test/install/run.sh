#!/bin/sh
# Installs the build tree to a temporary prefix, builds test/install as an
# outside project with find_package(hy), runs its serial and OpenMP (and,
# when the build has a CUDA compiler, CUDA with the CPU fallback) binaries
# and compares. Every one of them must have been built: a missing binary is
# a failure, not a skip.
# usage: run.sh BUILD_DIR SOURCE_DIR [CUDA_COMPILER]
set -eu
build=$1; src=$2; cuda=${3:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
set -- -DCMAKE_PREFIX_PATH="$tmp/prefix"
[ -n "$cuda" ] && set -- "$@" -DCMAKE_CUDA_COMPILER="$cuda"
cmake -S "$src/test/install" -B "$tmp/build" "$@" >/dev/null
cmake --build "$tmp/build" -j2 >/dev/null
want="$(( (0 + 3699) * 3700 / 2 * 3 )) $((3699 * 3))"
exes="scale_serial scale_omp"
[ -n "$cuda" ] && exes="$exes scale_cuda"
for exe in $exes; do
  [ -x "$tmp/build/$exe" ] || { echo "FAIL: $exe was not built"; exit 1; }
  got=$("$tmp/build/$exe" 2>/dev/null)
  [ "$got" = "$want" ] || { echo "FAIL: $exe printed '$got', want '$want'"; exit 1; }
  echo "OK: $exe $got"
done

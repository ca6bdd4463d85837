#!/bin/sh
# Installs the build tree to a temporary prefix, builds test/install as an
# outside project with find_package(hy), runs its serial and OpenMP (and,
# when nvcc is there, CUDA with the CPU fallback) binaries and compares.
# usage: run.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
cmake -S "$src/test/install" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/build" -j2 >/dev/null
want="$(( (0 + 3699) * 3700 / 2 * 3 )) $((3699 * 3))"
for exe in scale_serial scale_omp scale_cuda; do
  [ -x "$tmp/build/$exe" ] || continue
  got=$("$tmp/build/$exe" 2>/dev/null)
  [ "$got" = "$want" ] || { echo "FAIL: $exe printed '$got', want '$want'"; exit 1; }
  echo "OK: $exe $got"
done

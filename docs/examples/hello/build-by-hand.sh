#!/bin/sh
# hello without CMake: the commands of docs/getting-started.md, run by the
# ctest test docs.hello_by_hand. Translates hello.cpp for each target,
# compiles and runs each build, and checks that they print the same sum.
# usage: build-by-hand.sh HYC INCLUDE_DIR [NVCC]   (INCLUDE_DIR holds hy/hy.hpp)
set -eu
abs() { case $1 in /*) echo "$1" ;; */*) echo "$PWD/$1" ;; *) echo "$1" ;; esac; }
hyc=$(abs "$1"); inc=$(abs "$2"); nvcc=${3:-}
src=$(cd "$(dirname "$0")" && pwd)/hello.cpp
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
cd "$out"

"$hyc" --target=serial "$src" -o hello.serial.cpp
g++ -O2 -std=c++17 -I"$inc" hello.serial.cpp -o hello_serial

"$hyc" --target=openmp "$src" -o hello.omp.cpp
g++ -O2 -std=c++17 -fopenmp -I"$inc" hello.omp.cpp -o hello_omp

builds="hello_serial hello_omp"
if [ -n "$nvcc" ]; then
  "$hyc" --target=cuda "$src" -o hello.cu
  "$nvcc" -O2 -arch=sm_90 -std=c++17 --expt-relaxed-constexpr -Xcompiler -fopenmp \
    -I"$inc" hello.cu -o hello_cuda
  builds="$builds hello_cuda"
fi

want=$(./hello_serial | head -n 1)
for b in $builds; do
  got=$(./"$b" 2>/dev/null | head -n 1)
  [ "$got" = "$want" ] || { echo "FAIL: $b printed '$got', hello_serial '$want'"; exit 1; }
  echo "OK: $b: $got"
done

#!/bin/sh
# One CUDA output of the project compiled by nvcc with every warning an
# error, host (-Xcompiler -Wall,-Werror) and device (-Werror all-warnings):
#   compile.sh NVCC OUT.o FILE.cu [nvcc flags...]
#   compile.sh NVCC OUT.o FILE.cpp HYC [nvcc flags...]  (translated first)
# The ctests cuda_warnings.* (CMakeLists.txt here) run it on every CUDA
# translation the build makes and on the docs' example.
set -eu
nvcc=$1; out=$2; src=$3; shift 3
case "$src" in
*.cpp)
  hyc=$1; shift
  "$hyc" --target=cuda "$src" -o "$out.cu" -- -std=c++17
  src=$out.cu ;;
esac
exec "$nvcc" -std=c++17 --expt-relaxed-constexpr -Xcompiler -fopenmp \
  -Werror all-warnings -Xcompiler -Wall,-Werror "$@" -c "$src" -o "$out"

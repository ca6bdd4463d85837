// A --check-fetch build stops at the first access outside its tile and
// names the access's source location; without the option it runs through.
// (An offset known at translation time is checked there instead: see
// diag/fetch-bounds.cpp; this one depends on the command line.)
// RUN: %hyc --target=serial --check-fetch %s -o %t.chk.cpp
// RUN: %cxx -std=c++17 -I%hy_inc %t.chk.cpp -o %t.chk
// RUN: not --crash %t.chk 2>&1 | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.omp.cpp
// RUN: %cxx -std=c++17 -fopenmp -I%hy_inc %t.omp.cpp -o %t.omp && %t.omp
#include <hy/hy.hpp>

int main(int argc, char **) {
  const int shift = argc; // 1
  hy::array<int, 1> a(64), b(64);
#pragma hy parallel for
  for (int blk = 0; blk < 4; ++blk) {
#pragma hy parallel fetch(a : 8 : blk * 8 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t)
// CHECK: check-fetch-run.cpp:[[@LINE+1]]:24: error: access outside its fetch tile (tile index 8, tile extent 8)
      b(blk * 8 + t) = a(blk * 8 + t + shift);
  }
  return b(0);
}

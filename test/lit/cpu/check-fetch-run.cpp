// A --check-fetch build stops at the first access outside its tile and
// names the access's source location, the array and the dimension; without
// the option it runs through. (An offset known at translation time is
// checked there instead: see diag/fetch-bounds.cpp; this one depends on the
// command line.) With an argument, the 2-D tile overflows in dimension 1.
// RUN: %hyc --target=serial --check-fetch %s -o %t.chk.cpp
// RUN: %cxx -std=c++17 -I%hy_inc %t.chk.cpp -o %t.chk
// RUN: not --crash %t.chk 2>&1 | FileCheck %s
// RUN: not --crash %t.chk two 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %hyc --target=openmp %s -o %t.omp.cpp
// RUN: %cxx -std=c++17 -fopenmp -I%hy_inc %t.omp.cpp -o %t.omp && %t.omp && %t.omp two
#include <hy/hy.hpp>

static int grid(int shift) {
  hy::array<int, 2> m(16, 16), out(16, 16);
  m.fill(1);
#pragma hy parallel for
  for (int bi = 0; bi < 2; ++bi)
#pragma hy parallel fetch(m : 8, 8 : bi * 8, 0 : i, j)
#pragma hy parallel for into(threads)
    for (int i = 0; i < 8; ++i)
#pragma hy parallel for into(threads)
      for (int j = 0; j < 8; ++j)
// TWO: check-fetch-run.cpp:[[@LINE+1]]:30: error: access to 'm' outside its fetch tile in dimension 1 (tile index 8, tile extent 8)
        out(bi * 8 + i, j) = m(bi * 8 + i, j + shift - 1);
  return out(0, 0);
}

int main(int argc, char **) {
  if (argc > 1)
    return grid(argc) - 1;
  const int shift = argc; // 1
  hy::array<int, 1> a(64), b(64);
#pragma hy parallel for
  for (int blk = 0; blk < 4; ++blk) {
#pragma hy parallel fetch(a : 8 : blk * 8 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t)
// CHECK: check-fetch-run.cpp:[[@LINE+1]]:24: error: access to 'a' outside its fetch tile in dimension 0 (tile index 8, tile extent 8)
      b(blk * 8 + t) = a(blk * 8 + t + shift);
  }
  return b(0);
}

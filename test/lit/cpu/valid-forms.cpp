// Valid programs hyc once refused: a range-for over a local C array in a
// kernel (its hidden '__range' variable was taken for a raw pointer of the
// user's), and a reduction variable that a local of the loop body shadows
// (reported as "not declared outside the loop"). Every target translates
// them; the OpenMP and serial outputs compute the serial values (the CUDA
// output compiles with nvcc where it is installed).
// RUN: %hyc --target=serial %s -o %t.ser.cpp && %cxx -std=c++17 -I%hy_inc %t.ser.cpp -o %t.ser
// RUN: %t.ser | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -std=c++17 -fopenmp -I%hy_inc %t.omp.cpp -o %t.omp
// RUN: %t.omp | FileCheck %s
// RUN: %hyc --target=cuda %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// CHECK: 5550 4950 4352
#include <hy/hy.hpp>
#include <cstdio>

int main() {
  hy::array<int, 1> a(100), b(64);
#pragma hy parallel for
  for (int i = 0; i < 100; ++i) {
    int w[3] = {1, 2, 3};
    int s = 0;
    for (int x : w)
      s += x;
    a(i) = s + i;
  }
  long t = 0;
  for (int i = 0; i < 100; ++i)
    t += a(i);

  long s = 0;
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < 100; ++i) {
    s += i;
    {
      int s = 3;
      a(i) = s;
    }
  }

  long u = 0;
#pragma hy parallel for reduction(+ : u)
  for (int blk = 0; blk < 2; ++blk)
#pragma hy parallel for into(threads) reduction(+ : u)
    for (int th = 0; th < 32; ++th) {
      const int w[4] = {th, th + 1, th + 2, th + 3};
      int m = 0;
      for (const int &x : w)
        m += x;
      b(blk * 32 + th) = m;
      u += m;
    }
  std::printf("%ld %ld %ld\n", t, s, u);
}

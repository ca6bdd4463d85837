// g++ counts an OpenMP loop's iterations in the index's type and runs none
// when that count overflows; bounds known only at run time can make it do
// so (a start below 0, a bound above it). The OpenMP output (and the CUDA
// output's CPU path) checks such a loop's range first and stops with an
// error naming the loop, instead of silently skipping it; a start >= 0
// with a step of 1 cannot overflow and is left as written.
// RUN: %hyc --target=openmp --no-line-directives %s | FileCheck %s
// RUN: %hyc --target=cuda --no-line-directives %s | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.omp.cpp
// RUN: %cxx -std=c++17 -fopenmp -I%hy_inc %t.omp.cpp -o %t.omp
// RUN: %t.omp 1 | FileCheck %s -check-prefix=OK
// RUN: not --crash %t.omp 2 2>&1 | FileCheck %s -check-prefix=INT
// RUN: not --crash %t.omp 3 2>&1 | FileCheck %s -check-prefix=LONG
// RUN: not --crash %t.omp 4 2>&1 | FileCheck %s -check-prefix=DOWN
#include <hy/hy.hpp>
#include <cstdio>
#include <cstdlib>

template <class I> long long up(I lo, I hi, long long step) {
  long long s = 0;
// CHECK: for (I i = hy::omp_start<I>(lo, hi, (long long)(step), true, false, "omp-range.cpp:[[@LINE+2]]:3"); i < hi; i += step)
#pragma hy parallel for reduction(+ : s)
  for (I i = lo; i < hi; i += step)
    s += 1;
  return s;
}

long long down(int hi, int lo) {
  long long s = 0;
// CHECK: for (int i = hy::omp_start<int>(hi, lo, 1, false, true, "omp-range.cpp:[[@LINE+2]]:3"); i >= lo; --i)
#pragma hy parallel for reduction(+ : s)
  for (int i = hi; i >= lo; --i)
    s += 1;
  return s;
}

long long plain(int n, unsigned m) {
  long long s = 0;
// CHECK: for (int i = 0; i < n; ++i)
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += 1;
// CHECK: for (unsigned i = m; i > 2; i -= 3)
#pragma hy parallel for reduction(+ : s)
  for (unsigned i = m; i > 2; i -= 3)
    s += 1;
  return s;
}

int main(int argc, char **argv) {
  int c = std::atoi(argv[1]);
  // 40 + 4 + 11 + 13 iterations
  if (c == 1)
    std::printf("%lld\n", up<int>(-1000000000, 1000000000, 50000000) +
                              up<long long>(-(1LL << 61), 1LL << 61, 1LL << 60) +
                              down(5, -5) + plain(10, 10));
// OK: 68
// INT: omp-range.cpp:23:3: error: this 'parallel for' loop runs from -2000000000 to 2000000000 by 100000000, further than its index type counts
  if (c == 2)
    std::printf("%lld\n", up<int>(-2000000000, 2000000000, 100000000));
// LONG: omp-range.cpp:23:3: error: this 'parallel for' loop runs from -4611686018427387904 to 4611686018427387914 by 2305843009213693952
  if (c == 3)
    std::printf("%lld\n", up<long long>(-(1LL << 62), (1LL << 62) + 10, 1LL << 61));
// DOWN: omp-range.cpp:32:3: error: this 'parallel for' loop runs from 2000000000 to -2000000000 by -1
  if (c == 4)
    std::printf("%lld\n", down(2000000000, -2000000000));
}

// Translator bugs that generated programs found (test/fuzz), each as the
// family it belongs to; every case's CUDA output compiles with nvcc.
// RUN: %hyc --target=cuda --no-line-directives %s 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck %s -check-prefix=WARN < %t.err
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu 2>/dev/null && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// RUN: %hyc --target=openmp %s -o %t.cpp 2>/dev/null && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
#include <hy/hy.hpp>

// A fetched array the kernel does not use otherwise: the kernel still takes
// it (the tile is copied from it), and a warning says the copy is useless.
// CHECK-LABEL: __global__ void __launch_bounds__(8) hy_unusedFetch_L{{[0-9]+}}(hy::cuda::view<int, 1> a, hy::cuda::view<int, 1> b, long long hy_trip0) {
// CHECK: hy_unusedFetch_L{{[0-9]+}}<<<{{.*}}>>>(hy::cuda::device(a, hy::cuda::read,
void unusedFetch(const hy::array<int, 1> &a, hy::array<int, 1> &b) {
#pragma hy parallel for
  for (int bl = 0; bl < 4; ++bl)
// WARN: [[@LINE+1]]:1: warning: 'a' is fetched, but the kernel does not use it: the copy into fast memory costs time and changes nothing
#pragma hy parallel fetch(a : 8 : bl * 8 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t)
      b(bl * 8 + t) = t;
}

// Increments written `i = i - 1`, `j = 2 + j`, `k = k + 1` in a template:
// nvcc's front end prints them again as `i = (i - 1)` for the host
// compiler, whose OpenMP refuses that. The CPU path of the CUDA output
// writes them as compound assignments (and runs such thread loops in order
// rather than as SIMD lanes, whose header is the loop's as written).
// CHECK-LABEL: template <class T> void down(
// CHECK: _Pragma("omp parallel for collapse(2) firstprivate(n, a) schedule(static) if(hy::omp_worth({{.*}}))")
// CHECK-NEXT: for (int i = n - 1; i >= 0; i -= (1))
// CHECK: for (int j = hy::omp_start<int>(0, n, 2, true, false, "fuzz-cases.cpp:[[@LINE+6]]:5"); j < n; j += (2))
// CHECK: for (int k = 0; k < 16; k += (1))
template <class T> void down(hy::array<T, 2> &a, int n) {
#pragma hy parallel for
  for (int i = n - 1; i >= 0; i = i - 1)
#pragma hy parallel for
    for (int j = 0; j < n; j = 2 + j)
#pragma hy parallel for into(threads)
      for (int k = 0; k < 16; k = k + 1)
        a(i, j + k % 2) = i;
}
template void down<int>(hy::array<int, 2> &, int);

// The innermost block loop of a nest is not collapsed into the omp loop
// when its body has no loop: collapsed, its index comes from a division of
// the combined index and the compiler does not vectorise it (a 2-D
// element-wise kernel ran 2.6x slower on one thread than the serial
// build). It stays collapsed when the loops around it have a constant
// product of iterations below 64 (too few for the team), or when its body
// has a loop (that loop is the one that vectorises). Only the OpenMP
// target: the CUDA target's grid, and its CPU fallback, keep the collapse.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=CUDA
#include <hy/hy.hpp>

// OMP-LABEL: void add(
// CUDA-LABEL: void add(
void add(hy::array<float, 2> &c, const hy::array<float, 2> &a, int n, int m) {
// OMP: _Pragma("omp parallel for firstprivate(n, m, c, a) schedule(static) if(hy::omp_worth((long long)(n) * (long long)(m), 6))") // #pragma hy parallel for
// OMP-NEXT: for (int i = 0; i < n; ++i)
// OMP-NEXT: // #pragma hy parallel for (runs inside each omp iteration)
// CUDA: omp parallel for collapse(2)
// REPORT: vector-inner.cpp:[[@LINE+1]]:1: remark: OpenMP 'parallel for' over the loop over 'i', schedule(static); the loop over 'j' runs inside each iteration (not collapsed, so that the compiler can vectorise it: its body has no loop); per-thread copies (firstprivate): n, m, views of c, a [-Rhy]
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for
    for (int j = 0; j < m; ++j)
      c(i, j) = 2 * a(i, j) + c(i, j);
}

// Few iterations outside (4 channels): collapsed.
// OMP-LABEL: void channels(
void channels(hy::array<float, 2> &c, int n) {
// OMP: _Pragma("omp parallel for collapse(2) firstprivate(n, c) schedule(static)
#pragma hy parallel for
  for (int ch = 0; ch < 4; ++ch)
#pragma hy parallel for
    for (int j = 0; j < n; ++j)
      c(ch, j) = 0;
// 128 outside: enough for the team, the inner loop vectorises.
// OMP: _Pragma("omp parallel for firstprivate(n, c) schedule(static)
#pragma hy parallel for
  for (int r = 0; r < 128; ++r)
#pragma hy parallel for
    for (int j = 0; j < n; ++j)
      c(r, j) = 1;
}

// The innermost block loop has a loop inside (here thread loops, which
// become SIMD lanes): the nest is collapsed.
// OMP-LABEL: void tiles(
void tiles(hy::array<float, 2> &c, int n) {
// OMP: _Pragma("omp parallel for collapse(2) firstprivate(n, c) schedule(static)
#pragma hy parallel for
  for (int bi = 0; bi < n / 16; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < n / 16; ++bj)
#pragma hy parallel for into(threads)
      for (int i = 0; i < 16; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < 16; ++j)
          c(bi * 16 + i, bj * 16 + j) = 0;
}

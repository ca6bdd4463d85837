// Small loops on the calling thread (docs/language.md, "Small loops, host
// loops and waiting"): every OpenMP kernel carries an if clause,
// hy::omp_worth of its iterations and `work`, the estimated operations of
// one iteration; a kernel with a second version (array reductions) takes
// it below the threshold; bounds with side effects get no test. The report
// gives each kernel's estimate, and names the host loop around a kernel
// (a region per iteration of it). The CUDA target's CPU fallback carries
// the same test (no report); serial output has none.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=CUDA
// CUDA: omp parallel for firstprivate(n, a) schedule(static) if(hy::omp_worth((long long)(n), 4))
// NONE-NOT: omp_worth({{[(0-9]}}
#include <hy/hy.hpp>
#include <vector>

// Four operations an iteration: the call a(i), '*', the call a(i), '='.
// OMP-LABEL: void scale(
void scale(hy::array<float, 1> &a, int n) {
// OMP: _Pragma("omp parallel for firstprivate(n, a) schedule(static) if(hy::omp_worth((long long)(n), 4))")
// REPORT: small-loops.cpp:[[@LINE+1]]:1: remark: runs on the calling thread when iterations x 4 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 16384 iterations) [-Rhy]
#pragma hy parallel for
  for (int i = 0; i < n; ++i) a(i) = 2 * a(i);
}

// A loop inside of unknown length counts 8 times its condition (3: '<',
// row[...], '+'), increment (1) and body (5), plus its start row[v] (1).
// OMP-LABEL: void rows(
void rows(const std::vector<int> &row, const hy::array<float, 1> &w, hy::array<float, 1> &s, int n) {
// OMP: if(hy::omp_worth((long long)(n), 73))")
// REPORT: small-loops.cpp:[[@LINE+1]]:1: remark: runs on the calling thread when iterations x 73 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 898 iterations) [-Rhy]
#pragma hy parallel for
  for (int v = 0; v < n; ++v)
    for (int e = row[v]; e < row[v + 1]; ++e)
      s(v) = s(v) + w(e);
}

// Collapsed loops: the product of their trip counts; a constant trip
// count is known at translation time, and the report says where it runs.
// A loop inside of constant length counts that many times (4 x 4).
// OMP-LABEL: void grid(
void grid(hy::array<int, 2> &g, int n) {
// OMP: if(hy::omp_worth((long long)(n) * 16, 16))")
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for
    for (int j = 0; j < 16; ++j)
      for (int k = 0; k < 4; ++k)
        g(i, j) += k;
// OMP: if(hy::omp_worth(64, 2))")
// REPORT: small-loops.cpp:[[@LINE+1]]:1: remark: runs on the calling thread when iterations x 2 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 32768 iterations); its 64 iterations run on the calling thread by default [-Rhy]
#pragma hy parallel for
  for (int i = 0; i < 64; ++i)
    g(0, i) = i;
// OMP: if(hy::omp_worth(1000000, 3))")
// REPORT: small-loops.cpp:[[@LINE+1]]:1: remark: runs on the calling thread when iterations x 3 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 21846 iterations); its 1000000 iterations run on the team by default [-Rhy]
#pragma hy parallel for
  for (int i = 0; i < 1000000; ++i)
    g(1, i % 16) = i;
}

// A start other than 0 or a step other than 1: hy::trips counts them.
// OMP-LABEL: void strided(
void strided(hy::array<float, 1> &a, int lo, int n) {
// OMP: if(hy::omp_worth((long long)hy::trips((int)(lo), (n), 3), 2))")
#pragma hy parallel for
  for (int i = lo; i < n; i += 3) a(i) = 0;
}

// An array reduction has a second version for one thread; a small loop
// takes it too (plain updates, no atomics, no fork).
// OMP-LABEL: void histogram(
void histogram(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
// OMP: if (!hy::one_thread() && hy::omp_worth((long long)(n), 4)) [&
// REPORT: small-loops.cpp:[[@LINE+1]]:1: remark: runs on the calling thread (its version for one thread) when iterations x 4 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 16384 iterations) [-Rhy]
#pragma hy parallel for reduction(+ : hist)
  for (int i = 0; i < n; ++i) hist(key(i) & 15) += 1;
}

// Bounds with side effects: a second evaluation would repeat them.
// OMP-LABEL: void effects(
void effects(hy::array<float, 1> &a, int n) {
// OMP: _Pragma("omp parallel for firstprivate(a) schedule(static)") //
// REPORT: small-loops.cpp:[[@LINE+1]]:1: remark: always runs on the OpenMP team, however small: its bounds have side effects, which a second evaluation would repeat [-Rhy]
#pragma hy parallel for
  for (int i = 0; i < n--; ++i) a(i) = 1;
}

// A kernel inside a host loop that is not one parallel region (a return
// leaves it): a parallel region at each of its iterations, with its own
// test. In a host loop that is one region a kernel has none
// (host-regions.cpp).
// OMP-LABEL: void rounds(
void rounds(hy::array<float, 1> &a, int n, int steps) {
  for (int s = 0; s < steps; ++s) {
// OMP: _Pragma("omp parallel for firstprivate(n, a) schedule(static) if(hy::omp_worth((long long)(n), 4))")
// REPORT: small-loops.cpp:[[@LINE+2]]:1: remark: runs on the calling thread when iterations x 4 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 16384 iterations) [-Rhy]
// REPORT-NEXT: small-loops.cpp:[[@LINE+1]]:1: remark: inside the host loop of line [[@LINE-3]]: a parallel region (fork, join, barrier) at each of its iterations; the host loop is not one region: a 'return' (line [[@LINE+4]]) would leave the region [-Rhy]
#pragma hy parallel for
    for (int i = 0; i < n; ++i) a(i) = a(i) + 1;
    if (a(0) > 10)
      return;
  }
}

// On the CPU the threads of a block are vector lanes: the innermost thread loop
// moves inside the serial loops whose headers are the same for every thread,
// per-thread variables get one copy per lane, and each innermost loop is
// `omp simd`. Nests that do not fit keep their threads in order, and so does
// everything with --no-simd-lanes. The outputs compute the same values.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp --no-line-directives --no-simd-lanes %s | %strip | FileCheck %s -check-prefix=ORDER
// RUN: %hyc --target=openmp %s -o %t.lanes.cpp && %cxx -std=c++17 -O2 -fopenmp -I%hy_inc %t.lanes.cpp -o %t.lanes
// RUN: %hyc --target=openmp --no-simd-lanes %s -o %t.order.cpp && %cxx -std=c++17 -O2 -fopenmp -I%hy_inc %t.order.cpp -o %t.order
// RUN: %t.lanes > %t.1 && %t.order > %t.2 && diff %t.1 %t.2
#include <hy/hy.hpp>
#include <cstdio>

constexpr int T = 8, R = 2;

// ORDER-LABEL: void blocked(
void blocked(hy::array<int, 2> &d, int nb, int reps) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
#pragma hy parallel for into(threads)
    for (int ty = 0; ty < T; ++ty)
#pragma hy parallel for into(threads)
      for (int tx = 0; tx < T; ++tx) {
// Small constant loops stay inside the lanes, unrolled (HY_UNROLL: GCC
// unrolls them only at -O3 by itself); the loop over k, the same for every
// lane, goes outside.
// CHECK: { // threads tx as SIMD lanes
// CHECK-NEXT: int acc[2][8];
// CHECK-NEXT: _Pragma("omp simd") for (int tx = 0; tx < T; ++tx) { HY_UNROLL for (int a = 0; a < R; ++a)
// CHECK-NEXT: acc[a][tx] = d(b * T + ty, tx * R + a); }
// ORDER-NOT: as SIMD lanes
        int acc[R];
        for (int a = 0; a < R; ++a)
          acc[a] = d(b * T + ty, tx * R + a);
// CHECK-NEXT: for (int k = 0; k < reps; ++k) {
// CHECK-NEXT: const int s = k + 1;
        for (int k = 0; k < reps; ++k) {
          const int s = k + 1;
          for (int a = 0; a < R; ++a)
            acc[a] = acc[a] * 2 + s + tx;
        }
// CHECK: acc[a][tx] = acc[a][tx] * 2 + s + tx;
        for (int a = 0; a < R; ++a)
          d(b * T + ty, tx * R + a) = acc[a];
      }
}

// A reduction over the threads keeps them in order.
int total(const hy::array<int, 2> &d, int nb) {
  int all = 0;
#pragma hy parallel for reduction(+ : all)
  for (int b = 0; b < nb; ++b) {
    int s = 0;
// CHECK-LABEL: // #pragma hy parallel for into(threads) reduction(+ : s)
// CHECK-NEXT: for (int t = 0; t < T * T * R; ++t)
#pragma hy parallel for into(threads) reduction(+ : s)
    for (int t = 0; t < T * T * R; ++t)
      s += d(b * T + t / (T * R), t % (T * R)) % 7;
    all += s;
  }
  return all;
}

// A per-thread scalar initialised from an element of a per-thread array: the
// lane subscript goes after the initializer's last token too.
void columns(hy::array<int, 2> &d, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
// CHECK-LABEL: { // threads c as SIMD lanes
// CHECK: int v[32][8];
// CHECK: _Pragma("omp simd") for (int c = 0; c < T; ++c) { dk[c] = v[k][c]; }
#pragma hy parallel for into(threads)
    for (int c = 0; c < T; ++c) {
      int v[32];
      for (int r = 0; r < 32; ++r) v[r] = d(b * T + r % T, c);
      for (int k = 0; k < 32; ++k) {
        const int dk = v[k];
        for (int r = 0; r < 32; ++r) v[r] = v[r] < dk + 1 ? v[r] : dk + 1;
      }
      for (int r = 0; r < 32; ++r) d(b * T + r % T, c) = v[r];
    }
}

// A `continue` or `break` that belongs to the thread loop, or to a serial
// loop that would be distributed over the lanes, would act on the wrong loop
// inside a lane loop: such nests keep their threads in order.
// CHECK-LABEL: void skips(
// CHECK-NOT: as SIMD lanes
// CHECK: for (int t = 0; t < T; ++t) {
// CHECK-NEXT: int x = d(b, t);
// CHECK-NEXT: if (x % 3 == 0)
// CHECK-NEXT: continue;
// CHECK: for (int t = 0; t < T; ++t) {
// CHECK-NEXT: int acc = d(b, t + T);
// CHECK-NEXT: for (int k = 0; k < nb + 1; ++k) {
// CHECK: { // threads t as SIMD lanes
// CHECK-NEXT: int y[8];
// CHECK-LABEL: int main(
void skips(hy::array<int, 2> &d, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel for into(threads)
    for (int t = 0; t < T; ++t) {
      int x = d(b, t);
      if (x % 3 == 0)
        continue;
      d(b, t) = x * 2;
    }
#pragma hy parallel for into(threads)
    for (int t = 0; t < T; ++t) {
      int acc = d(b, t + T);
      for (int k = 0; k < nb + 1; ++k) {
        if (acc > 20)
          break;
        acc += k + 1;
      }
      d(b, t + T) = acc;
    }
#pragma hy parallel for into(threads)
    for (int t = 0; t < T; ++t) {
      int y = 0;
      for (int k = 0; k < 6; ++k) {  // inner jumps of a leaf are fine
        if (k == t % 4)
          continue;
        y += k;
      }
      d(b, t) += y;
    }
  }
}

int main() {
  int nb = 3;
  hy::array<int, 2> d(nb * T, T * R);
  for (int i = 0; i < nb * T; ++i)
    for (int j = 0; j < T * R; ++j)
      d(i, j) = (i * 31 + j * 7) % 11;
  blocked(d, nb, 3);
  columns(d, nb);
  skips(d, nb);
  std::printf("%d %d %d\n", total(d, nb), d(0, 0), d(nb * T - 1, T * R - 1));
}

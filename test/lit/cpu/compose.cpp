// Rewrites that edit the same expression compose: SIMD-lane subscripts,
// --check-fetch index checks, array-reduction updates (per-thread copies or
// atomics), lane loops built from the rewritten text, on every CPU output
// and in the CUDA file's CPU fallback. Each form once broke the output
// (`+ (bj * T)[j]`, a line holding only `}`, `hy::atomic_add(&(y(j)), s)[j]`);
// every build must compile and print the serial program's numbers.
// RUN: %hyc --target=serial %s -o %t.ser.cpp && %cxx -std=c++17 -O1 -I%hy_inc %t.ser.cpp -o %t.ser
// RUN: %hyc --target=serial --check-fetch %s -o %t.sck.cpp && %cxx -std=c++17 -O1 -I%hy_inc %t.sck.cpp -o %t.sck
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -std=c++17 -O1 -fopenmp -I%hy_inc %t.omp.cpp -o %t.omp
// RUN: %hyc --target=openmp --check-fetch %s -o %t.ock.cpp && %cxx -std=c++17 -O1 -fopenmp -I%hy_inc %t.ock.cpp -o %t.ock
// RUN: %hyc --target=openmp --check-fetch --no-line-directives %s -o %t.ock2.cpp && %cxx -std=c++17 -O1 -fopenmp -I%hy_inc %t.ock2.cpp -o %t.ock2
// RUN: %hyc --target=openmp --no-simd-lanes --check-fetch %s -o %t.ord.cpp && %cxx -std=c++17 -O1 -fopenmp -I%hy_inc %t.ord.cpp -o %t.ord
// RUN: %t.ser > %t.ref
// RUN: %t.sck | diff %t.ref -
// RUN: env OMP_NUM_THREADS=3 %t.omp | diff %t.ref -
// RUN: env OMP_NUM_THREADS=2 %t.ock | diff %t.ref -
// RUN: env OMP_NUM_THREADS=1 %t.ock2 | diff %t.ref -
// RUN: env OMP_NUM_THREADS=2 %t.ord | diff %t.ref -
// The CUDA file's CPU fallback (HY_DEVICE=cpu), with --check-fetch:
// RUN: %if nvcc %{ %hyc --target=cuda --check-fetch %s -o %t.cu && %nvcc -I%hy_inc %t.cu -o %t.cuda %}
// RUN: %if nvcc %{ env HY_DEVICE=cpu OMP_NUM_THREADS=2 %t.cuda | diff %t.ref - %}
// The lanes and checks of the form, as OpenMP prints them:
// RUN: %hyc --target=openmp --check-fetch --no-line-directives %s | %strip | FileCheck %s
#include <hy/hy.hpp>
#include <cstdio>

constexpr int T = 8;

// A per-thread index: recomputed in each lane loop, checked inside.
// CHECK-LABEL: void copyTile(
// CHECK: _Pragma("omp simd") for (int j = 0; j < T; ++j) { int c = bj * T + j; out(bi * T + i, c) = in(hy::tile_index_checked((bi * T + i) - (bi * T), (T), "compose.cpp:{{[0-9]+}}:32", "in", 0) + (bi * T), hy::tile_index_checked((c) - (bj * T), (T), "compose.cpp:{{[0-9]+}}:32", "in", 1) + (bj * T)) * 2; }
void copyTile(const hy::array<int, 2> &in, hy::array<int, 2> &out, int nb) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj)
#pragma hy parallel fetch(in : T, T : bi * T, bj * T : i, j)
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j) {
          int c = bj * T + j;
          out(bi * T + i, c) = in(bi * T + i, c) * 2;
        }
}

// A per-thread index computed in steps: a per-lane copy would make the
// access a gather, so the threads run in order; the check still applies.
// (hyc cannot see that c differs between threads: disjoint says so.)
// CHECK-LABEL: void stepped(
// CHECK-NOT: SIMD lanes
// CHECK: out(bi * T + i, c) = in(hy::tile_index_checked(
// CHECK-LABEL: void rowSums(
void stepped(const hy::array<int, 2> &in, hy::array<int, 2> &out, int nb) {
#pragma hy parallel for disjoint(out)
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj)
#pragma hy parallel fetch(in : T, T : bi * T, bj * T : i, j)
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j) {
          int c = bj * T;
          c += (j + i) % T;
          out(bi * T + i, c) = in(bi * T + i, c) + 1;
        }
}

// An array-reduction update at the end of a thread loop whose value reads a
// checked tile: per-thread copies on the CPU, the check inside the update.
void rowSums(const hy::array<int, 2> &in, hy::array<long long, 1> &y, int nb) {
#pragma hy parallel for reduction(+ : y)
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel fetch(in : T, T * nb : bi * T, 0 : j)
#pragma hy parallel for into(threads)
    for (int j = 0; j < T; ++j) {
      long long s = 0;
      for (int k = 0; k < T * nb; ++k)
        s += in(bi * T + j, k);
      y(j) += s;
    }
}

// A privatized tile of the reduction array, checked, plus a uniform value
// and a serial loop bound read from a checked tile inside lanes.
void privatizedTile(const hy::array<int, 2> &in, hy::array<int, 1> &hist, hy::array<int, 2> &out,
                    int nb) {
#pragma hy parallel for reduction(+ : hist)
  for (int bi = 0; bi < nb; ++bi) {
#pragma hy parallel fetch(hist : 16 : 0 : j)
#pragma hy parallel for into(threads)
    for (int j = 0; j < T; ++j)
      hist(in(bi, j) % 16) += 1;
#pragma hy parallel fetch(in : 1, T : bi, 0 : j)
#pragma hy parallel for into(threads)
    for (int j = 0; j < T; ++j) {
      const int first = in(bi, 0);
      int acc[2];
      for (int a = 0; a < 2; ++a)
        acc[a] = a;
      for (int k = 0; k < in(bi, 1) % 3 + 20; ++k)
        for (int a = 0; a < 2; ++a)
          acc[a] += first + in(bi, j) + k;
      out(bi, j) = acc[0] + acc[1];
    }
  }
}

int main() {
  const int nb = 3, n = nb * T;
  hy::array<int, 2> in(n, n), out(n, n), out2(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      in(i, j) = (i * 37 + j * 11) % 101;
  copyTile(in, out, nb);
  stepped(in, out2, nb);
  hy::array<long long, 1> y(T);
  rowSums(in, y, nb);
  hy::array<int, 1> hist(16);
  hy::array<int, 2> out3(nb, T);
  privatizedTile(in, hist, out3, nb);
  long long cs = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      cs = cs * 31 + out(i, j) + 7 * out2(i, j);
  for (int j = 0; j < T; ++j)
    cs = cs * 31 + y(j);
  for (int b = 0; b < 16; ++b)
    cs = cs * 31 + hist(b);
  for (int b = 0; b < nb; ++b)
    for (int j = 0; j < T; ++j)
      cs = cs * 31 + out3(b, j);
  std::printf("%lld\n", cs);
}

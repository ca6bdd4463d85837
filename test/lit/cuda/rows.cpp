// Register rows: a constant loop of thread code that only moves a run of a
// per-thread array to or from consecutive elements of an array in global
// memory becomes one hy::cuda::load_row / store_row call (vectors where the
// run is aligned for them), keeping the loop's line count. Loops that do
// anything else, or whose element is in a tile, stay loops. The OpenMP and
// serial outputs keep every loop as written.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=CUDA
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

constexpr int RY = 2, RX = 4;
#define ROW_START(c) ((c) * RX)
#define COPY_ROW(dst, src) for (int b = 0; b < RX; ++b) dst[b] = src(0, b)

// CUDA-LABEL: hy_subtile_L{{[0-9]+}}(
// A run's start is the last index without the loop's index (`c + b`,
// `b + c`, or just `b`); the row is the local array without its last
// subscript.
// CUDA: hy::cuda::load_row<4>(acc[a], C, r + a, c);
// CUDA-EMPTY:
// CUDA-NEXT: hy::cuda::load_row<4>(col, A, r, c + 1);
// CUDA-NEXT: hy::cuda::load_row<4>(flat, A, r + 1, 0);
// CUDA: hy::cuda::store_row<4>(acc[a], C, r + a, c);
// Not runs: a computed value, a start that is not 0, a step of 2, the loop
// index in another subscript, an explicit conversion, a loop written in a
// macro, an index declared outside the loop (its value after the loop is
// used). A macro use as the run's start is copied as written.
// CUDA: _Pragma("unroll") for (int b = 0; b < RX; ++b) col[b] = 2 * A(r, c + b);
// CUDA-NEXT: _Pragma("unroll") for (int b = 1; b < RX; ++b) col[b] = A(r, c + b);
// CUDA-NEXT: _Pragma("unroll") for (int b = 0; b < RX; b += 2) col[b] = A(r, c + b);
// CUDA-NEXT: _Pragma("unroll") for (int b = 0; b < RX; ++b) col[b] = A(r + b, c + b);
// CUDA-NEXT: _Pragma("unroll") for (int b = 0; b < RX; ++b) col[b] = (float)A(r, c + b);
// CUDA-NEXT: _Pragma("unroll") COPY_ROW(col, A);
// CUDA-NEXT: int q;
// CUDA-NEXT: _Pragma("unroll") for (q = 0; q < RX; ++q) col[q] = A(r, c + q);
// CUDA: hy::cuda::store_row<4>(col, A, r + 2, ROW_START(tx));
// OMP-LABEL: void subtile(
// A per-thread array used inside a macro (COPY_ROW) has no per-lane form:
// the CPU runs this nest's threads in order (it used to print COPY_ROW[tx]).
// OMP: // #pragma hy parallel for into(threads) (threads of a block: in order on the CPU)
// OMP: acc[a][b] = C(r + a, c + b);
// OMP-NOT: load_row
template <class W>
void subtile(hy::array<W, 2> &C, hy::array<float, 2> &A, int n) {
#pragma hy parallel for
  for (int bi = 0; bi < n; ++bi)
#pragma hy parallel for into(threads)
    for (int tx = 0; tx < 16; ++tx) {
      const int r = bi * RY * 4, c = tx * RX;
      W acc[RY][RX];
      float col[RX], flat[RX];
      for (int a = 0; a < RY; ++a)
        for (int b = 0; b < RX; ++b)
          acc[a][b] = C(r + a, c + b);
      for (int b = 0; b < RX; ++b) col[b] = A(r, b + c + 1);
      for (int b = 0; b < RX; ++b) flat[b] = A(r + 1, b);
      for (int a = 0; a < RY; ++a)
        for (int b = 0; b < RX; ++b)
          acc[a][b] += col[b] + flat[b];
      for (int a = 0; a < RY; ++a)
        for (int b = 0; b < RX; ++b)
          C(r + a, c + b) = acc[a][b];
      for (int b = 0; b < RX; ++b) col[b] = 2 * A(r, c + b);
      for (int b = 1; b < RX; ++b) col[b] = A(r, c + b);
      for (int b = 0; b < RX; b += 2) col[b] = A(r, c + b);
      for (int b = 0; b < RX; ++b) col[b] = A(r + b, c + b);
      for (int b = 0; b < RX; ++b) col[b] = (float)A(r, c + b);
      COPY_ROW(col, A);
      int q;
      for (q = 0; q < RX; ++q) col[q] = A(r, c + q);
      col[0] += q;
      for (int b = 0; b < RX; ++b) A(r + 2, ROW_START(tx) + b) = col[b];
    }
}

// An element in a tile is a shared-memory access, which nvcc vectorises
// itself; a 1-D std::vector works like a 1-D array.
// CUDA-LABEL: hy_tiled_L{{[0-9]+}}(
// CUDA: _Pragma("unroll") for (int b = 0; b < 4; ++b) v[b] = hy_tile0_x[
// CUDA: hy::cuda::store_row<4>(v, y, bi * 64 + t * 4);
void tiled(const std::vector<int> &x, std::vector<int> &y, int n) {
#pragma hy parallel for
  for (int bi = 0; bi < n; ++bi)
#pragma hy parallel fetch(x : 64 : bi * 64 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 16; ++t) {
      int v[4];
      for (int b = 0; b < 4; ++b) v[b] = x[bi * 64 + t * 4 + b];
      for (int b = 0; b < 4; ++b) y[bi * 64 + t * 4 + b] = v[b];
    }
}

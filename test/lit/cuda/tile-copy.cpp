// The general tile copy: every tile that is not a constant 2-D tile of a
// hy::array (1-D, 3-D, std::vector, runtime sizes) is copied by a loop over
// the block's threads, in array order (neighbouring threads, neighbouring
// elements), each element stored at its place in the tile's permuted order
// and guarded against the array's extents. A tile the statement writes is
// copied back the same way after a barrier; a read-only one is not. (The
// constant 2-D path, tile_load/tile_store, is in fetch.cpp; the GPU check
// runs these copies in test/e2e/tiles.cpp.)
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

// 1-D hy::array, written.
// CHECK-LABEL: hy_scale1_L{{[0-9]+}}(
// CHECK: { __syncthreads(); /* fetch a -> hy_tile0_a */ for (int hy_e = hy_tid; hy_e < 64; hy_e += hy_nthreads) { const int hy_a0 = hy_e; if ((unsigned long long)((b * 64) + hy_a0) < (unsigned long long)a.extent(0)) hy_tile0_a[hy_a0] = a((b * 64) + hy_a0); } __syncthreads(); if (const int t = (int)threadIdx.x; true)
// CHECK-NEXT: hy_tile0_a[((b * 64 + t) - (b * 64))] = hy_tile0_a[((b * 64 + t) - (b * 64))] * 3 + 1; __syncthreads(); for (int hy_e = hy_tid; hy_e < 64; hy_e += hy_nthreads) { const int hy_a0 = hy_e; if ((unsigned long long)((b * 64) + hy_a0) < (unsigned long long)a.extent(0)) a((b * 64) + hy_a0) = hy_tile0_a[hy_a0]; } }
void scale1(hy::array<int, 1> &a, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(a : 64 : b * 64 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      a(b * 64 + t) = a(b * 64 + t) * 3 + 1;
  }
}

// std::vector, written (the kernel sees it as a 1-D view).
// CHECK-LABEL: hy_vscale_L{{[0-9]+}}(
// CHECK: hy_tile0_v[((b * 32 + t) - (b * 32))] *= 0.5; __syncthreads(); for (int hy_e = hy_tid; hy_e < 32; hy_e += hy_nthreads) { const int hy_a0 = hy_e; if ((unsigned long long)((b * 32) + hy_a0) < (unsigned long long)v.extent(0)) v((b * 32) + hy_a0) = hy_tile0_v[hy_a0]; } }
void vscale(std::vector<double> &v, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(v : 32 : b * 32 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 32; ++t)
      v[b * 32 + t] *= 0.5;
  }
}

// 3-D, written, stored in the order (x, z, y): the element at array offset
// (hy_a0, hy_a1, hy_a2) goes to tile position (hy_a2, hy_a0, hy_a1), and the
// statement's c(z', y, x) to the same place.
// CHECK-LABEL: hy_cube_L{{[0-9]+}}(
// CHECK: __shared__ __align__(16) unsigned char hy_smem[(((8 * 2 * 4) * sizeof(float) + 15) / 16 * 16)];
// CHECK: { __syncthreads(); /* fetch c -> hy_tile0_c */ for (int hy_e = hy_tid; hy_e < 2 * 4 * 8; hy_e += hy_nthreads) { const int hy_a2 = hy_e % 8; const int hy_a1 = (hy_e / 8) % 4; const int hy_a0 = ((hy_e / 8) / 4); if ((unsigned long long)((2 * b) + hy_a0) < (unsigned long long)c.extent(0) && (unsigned long long)((0) + hy_a1) < (unsigned long long)c.extent(1) && (unsigned long long)((0) + hy_a2) < (unsigned long long)c.extent(2)) hy_tile0_c[((hy_a2) * 2 + hy_a0) * 4 + hy_a1] = c((2 * b) + hy_a0, (0) + hy_a1, (0) + hy_a2); } __syncthreads();
// CHECK: hy_tile0_c[((((x) - (0))) * 2 + ((2 * b + z) - (2 * b))) * 4 + ((y) - (0))] += 1.0f; __syncthreads(); for (int hy_e = hy_tid; hy_e < 2 * 4 * 8; hy_e += hy_nthreads) { const int hy_a2 = hy_e % 8; const int hy_a1 = (hy_e / 8) % 4; const int hy_a0 = ((hy_e / 8) / 4); if ((unsigned long long)((2 * b) + hy_a0) < (unsigned long long)c.extent(0) && (unsigned long long)((0) + hy_a1) < (unsigned long long)c.extent(1) && (unsigned long long)((0) + hy_a2) < (unsigned long long)c.extent(2)) c((2 * b) + hy_a0, (0) + hy_a1, (0) + hy_a2) = hy_tile0_c[((hy_a2) * 2 + hy_a0) * 4 + hy_a1]; } }
void cube(hy::array<float, 3> &c, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(c : 2, 4, 8 : 2 * b, 0, 0 : z, y : 2, 0, 1)
#pragma hy parallel for into(threads)
    for (int z = 0; z < 2; ++z)
#pragma hy parallel for into(threads)
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 8; ++x)
          c(2 * b + z, y, x) += 1.0f;
  }
}

// A runtime height, written, stored transposed (1, 0): dynamic shared
// memory, the runtime size in the element count and as the pitch.
// CHECK-LABEL: hy_cols_L{{[0-9]+}}(
// CHECK: extern __shared__ __align__(16) unsigned char hy_smem[];
// CHECK: { __syncthreads(); /* fetch d -> hy_tile0_d */ for (int hy_e = hy_tid; hy_e < (w) * 16; hy_e += hy_nthreads) { const int hy_a1 = hy_e % 16; const int hy_a0 = (hy_e / 16); if ((unsigned long long)((0) + hy_a0) < (unsigned long long)d.extent(0) && (unsigned long long)((b * 16) + hy_a1) < (unsigned long long)d.extent(1)) hy_tile0_d[(hy_a1) * (w) + hy_a0] = d((0) + hy_a0, (b * 16) + hy_a1); } __syncthreads();
// CHECK: hy_tile0_d[(((b * 16 + c) - (b * 16))) * (w) + ((r) - (0))] += hy_tile0_d[(((b * 16 + c) - (b * 16))) * (w) + ((r - 1) - (0))]; __syncthreads(); for (int hy_e = hy_tid; hy_e < (w) * 16; hy_e += hy_nthreads) { const int hy_a1 = hy_e % 16; const int hy_a0 = (hy_e / 16); if ((unsigned long long)((0) + hy_a0) < (unsigned long long)d.extent(0) && (unsigned long long)((b * 16) + hy_a1) < (unsigned long long)d.extent(1)) d((0) + hy_a0, (b * 16) + hy_a1) = hy_tile0_d[(hy_a1) * (w) + hy_a0]; } }
void cols(hy::array<int, 2> &d, int nb, int w) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(d : w, 16 : 0, b * 16 : c : 1, 0)
#pragma hy parallel for into(threads)
    for (int c = 0; c < 16; ++c)
      for (int r = 1; r < w; ++r)
        d(r, b * 16 + c) += d(r - 1, b * 16 + c);
  }
}

// A runtime width in array order, written.
// CHECK-LABEL: hy_rowsw_L{{[0-9]+}}(
// CHECK: hy_tile0_d[(((b) - (b))) * (w) + ((x) - (0))] *= 3; __syncthreads(); for (int hy_e = hy_tid; hy_e < 1 * (w); hy_e += hy_nthreads) { const int hy_a1 = hy_e % (w); const int hy_a0 = (hy_e / (w)); if ((unsigned long long)((b) + hy_a0) < (unsigned long long)d.extent(0) && (unsigned long long)((0) + hy_a1) < (unsigned long long)d.extent(1)) d((b) + hy_a0, (0) + hy_a1) = hy_tile0_d[(hy_a0) * (w) + hy_a1]; } }
void rowsw(hy::array<long long, 2> &d, int n, int w) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel fetch(d : 1, w : b, 0 : x)
#pragma hy parallel for into(threads)
    for (int x = 0; x < 64; ++x)
      if (x < w)
        d(b, x) *= 3;
  }
}

// Read-only, transposed, runtime height: copied in, never back.
// CHECK-LABEL: hy_sums_L{{[0-9]+}}(
// CHECK: /* fetch d -> hy_tile0_d */ for (int hy_e = hy_tid; hy_e < (w) * 16; hy_e += hy_nthreads) { const int hy_a1 = hy_e % 16; const int hy_a0 = (hy_e / 16); if ({{.*}}) hy_tile0_d[(hy_a1) * (w) + hy_a0] = d((0) + hy_a0, (b * 16) + hy_a1); } __syncthreads();
// CHECK: s(b * 16 + c) = acc;
// CHECK-NEXT: } }
// CHECK-NOT: = hy_tile0_d[
// CHECK-LABEL: void sums(
void sums(const hy::array<int, 2> &d, hy::array<int, 1> &s, int nb, int w) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(d : w, 16 : 0, b * 16 : c : 1, 0)
#pragma hy parallel for into(threads)
    for (int c = 0; c < 16; ++c) {
      int acc = 0;
      for (int r = 0; r < w; ++r)
        acc += d(r, b * 16 + c);
      s(b * 16 + c) = acc;
    }
  }
}

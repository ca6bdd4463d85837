// Shared-memory tiles: static buffer for constant sizes (rows of 128 bytes
// padded by one 16-byte vector), vectorised copies through tile_load, the
// transposed tile of a permuted fetch, several fetches of one array matched
// by origin, write-back only of a written tile (and no barrier after a
// statement with nothing to write back), sibling fetches sharing bytes,
// dynamic shared memory for runtime sizes, and --check-fetch on the GPU.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=cuda --no-line-directives --check-fetch %s | %strip | FileCheck %s -check-prefix=CHK
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// RUN: %if nvcc %{ %hyc --target=cuda --check-fetch %s -o %t.chk.cu && %nvcc -I%hy_inc -c %t.chk.cu -o %t.chk.o %}
#include <hy/hy.hpp>
#include <algorithm>

constexpr int B = 32;

// CHECK-LABEL: hy_relax_L{{[0-9]+}}(hy::cuda::view<int, 2> D, int nb, int o, long long hy_trip0, long long hy_trip1) {
// Three 32x36 int tiles stacked: 3 x 4608 bytes.
// CHECK: __shared__ __align__(16) unsigned char hy_smem[(((32 * 36) * sizeof(int) + 15) / 16 * 16) + (((32 * 36) * sizeof(int) + 15) / 16 * 16) + (((32 * 36) * sizeof(int) + 15) / 16 * 16)];
// CHECK-NEXT: int *const hy_tile0_D = reinterpret_cast<int *>(hy_smem + 0);
// One barrier before and one after the three copies in (unrolled over the
// block's 32 x 32 threads, one wait for all); the column tile is transposed
// and, going through registers, copied after the asynchronous ones.
// CHECK: { __syncthreads(); /* fetch D -> hy_tile0_D */ hy::cuda::tile_load<32, 32, 36, false, 1024>(hy_tile0_D, D, rb, cb); /* fetch D -> hy_tile2_D */ hy::cuda::tile_load<32, 32, 36, false, 1024>(hy_tile2_D, D, o, cb); /* fetch D -> hy_tile1_D */ hy::cuda::tile_load<32, 32, 36, true, 1024>(hy_tile1_D, D, rb, o); hy::cuda::tile_wait(); __syncthreads();
// Accesses go to the tile their origin names; the transposed one swaps indices.
// CHECK: hy_tile0_D[(((rb + y) - (rb))) * 36 + ((cb + x) - (cb))] = std::min(hy_tile0_D[(((rb + y) - (rb))) * 36 + ((cb + x) - (cb))], hy_tile1_D[(((o + k) - (o))) * 36 + ((rb + y) - (rb))] + hy_tile2_D[(((o + k) - (o))) * 36 + ((cb + x) - (cb))]);
// Only the written tile goes back.
// CHECK: __syncthreads(); hy::cuda::tile_store<32, 32, 36, false, 1024>(hy_tile0_D, D, rb, cb); }
// CHECK-NOT: tile_store
// CHK: hy_tile0_D[((hy::tile_index_checked((rb + y) - (rb), 32, "fetch.cpp:[[@LINE+18]]:13", "D", 0))) * 36
// CHECK-LABEL: void relax(
// CHECK-NOT: check_fetch_aliases
void relax(hy::array<int, 2> &D, int nb, int p) {
  const int o = p * B;
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj) {
      const int rb = bi * B, cb = bj * B;
#pragma hy parallel fetch(D : B, B : rb, cb : y, x)
#pragma hy parallel fetch(D : B, B : rb, o : y, x : 1, 0)
#pragma hy parallel fetch(D : B, B : o, cb : y, x)
      for (int k = 0; k < B; ++k) {
#pragma hy parallel for into(threads)
        for (int y = 0; y < B; ++y)
#pragma hy parallel for into(threads)
          for (int x = 0; x < B; ++x)
            D(rb + y, cb + x) = std::min(D(rb + y, cb + x), D(rb + y, o + k) + D(o + k, cb + x));
      }
    }
}

// Two fetches one after the other share their bytes; a runtime size makes
// the buffer dynamic, sized at the launch.
// CHECK-LABEL: hy_halo_L{{[0-9]+}}(
// CHECK: extern __shared__ __align__(16) unsigned char hy_smem[];
// CHECK-NEXT: float *const hy_tile0_in = reinterpret_cast<float *>(hy_smem + 0);
// CHECK-NEXT: float *const hy_tile1_in = reinterpret_cast<float *>(hy_smem + 0);
// A fetch that writes nothing back ends without a barrier: the next copy
// into the same bytes starts with its own, and what the statement wrote
// elsewhere stays pending, so the last nest, which reads other threads'
// elements of `out`, still gets one.
// CHECK: out(b * 64 + t) = hy_tile0_in[{{.*}}]; }
// CHECK-NOT: __syncthreads
// CHECK: { __syncthreads(); /* fetch in -> hy_tile1_in */
// CHECK: out(b * 64 + t) += hy_tile1_in[((b * 64 + t % w) - (b * 64))]; }
// CHECK-NOT: __syncthreads
// CHECK: __syncthreads(); if (const int t = (int)threadIdx.x; true)
// CHECK-NEXT: back(b * 64 + t) = out(b * 64 + 63 - t);
// The launch checks that the fetched array is not also passed under another
// name (a kernel with one array, like relax above, has nothing to check).
// CHECK-LABEL: void halo(
// CHECK: hy::cuda::check_fetch_aliases({hy::cuda::span_of(in, "in", true), hy::cuda::span_of(out, "out", false), hy::cuda::span_of(back, "back", false)}, "fetch.cpp:[[@LINE+4]]:1 (#pragma hy parallel for)");
// CHECK-NEXT: const size_t hy_smem_bytes = hy::cuda::max_size(
void halo(const hy::array<float, 1> &in, hy::array<float, 1> &out, hy::array<float, 1> &back,
          int n, int w) {
#pragma hy parallel for
  for (int b = 0; b < n / 64; ++b) {
#pragma hy parallel fetch(in : 64 + 2 : b * 64 - 1 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      out(b * 64 + t) = in(b * 64 - 1 + t) + in(b * 64 + t + 1);
#pragma hy parallel fetch(in : w : b * 64 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      out(b * 64 + t) += in(b * 64 + t % w);
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      back(b * 64 + t) = out(b * 64 + 63 - t);
  }
}

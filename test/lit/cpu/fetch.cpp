// Fetch does nothing on the CPU (a comment marks it); --check-fetch
// bounds-checks every access the GPU would redirect to a tile.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,OMP
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,SER
// RUN: %hyc --target=openmp --no-line-directives --check-fetch %s | %strip | FileCheck %s -check-prefix=CHK
// RUN: %hyc --target=serial --check-fetch %s -o %t.cpp && %cxx -std=c++17 -fsyntax-only -I%hy_inc %t.cpp
#include <hy/hy.hpp>

// COMMON-LABEL: void stencil(
// CHK-LABEL: void stencil(
void stencil(const hy::array<float, 2> &in, hy::array<float, 2> &out, int nb) {
  const int B = 16;
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj) {
      int oi = bi * B, oj = bj * B;
// OMP: // #pragma hy parallel fetch(in : B + 2, B + 2 : oi, oj : i, j) (no copy on the CPU)
// SER-NOT: fetch
#pragma hy parallel fetch(in : B + 2, B + 2 : oi, oj : i, j)
      {
#pragma hy parallel for into(threads)
        for (int i = 0; i < B; ++i)
#pragma hy parallel for into(threads)
          for (int j = 0; j < B; ++j)
// COMMON: out(oi + i, oj + j) = in(oi + i + 1, oj + j) + in(oi + i, oj + j + 1);
// CHK: out(oi + i, oj + j) = in(hy::tile_index_checked((oi + i + 1) - (oi), (B + 2), "fetch.cpp:[[@LINE+1]]:35", "in", 0) + (oi), hy::tile_index_checked((oj + j) - (oj), (B + 2), "fetch.cpp:[[@LINE+1]]:35", "in", 1) + (oj)) + in(hy::tile_index_checked((oi + i) - (oi), (B + 2), "fetch.cpp:[[@LINE+1]]:60", "in", 0) + (oi), hy::tile_index_checked((oj + j + 1) - (oj), (B + 2), "fetch.cpp:[[@LINE+1]]:60", "in", 1) + (oj));
            out(oi + i, oj + j) = in(oi + i + 1, oj + j) + in(oi + i, oj + j + 1);
      }
    }
}

// A permuted fetch (transpose) keeps the access as written on the CPU.
// COMMON-LABEL: void transpose(
void transpose(const hy::array<int, 2> &a, hy::array<int, 2> &t, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
// OMP: // #pragma hy parallel fetch(a : 8, 4 : 0, b * 4 : r : 1, 0) (no copy on the CPU)
#pragma hy parallel fetch(a : 8, 4 : 0, b * 4 : r : 1, 0)
#pragma hy parallel for into(threads)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 8; ++c)
// COMMON: t(b * 4 + r, c) = a(c, b * 4 + r);
        t(b * 4 + r, c) = a(c, b * 4 + r);
  }
}

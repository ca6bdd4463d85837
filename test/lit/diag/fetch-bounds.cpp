// An access whose offset from its tile's origin has constant bounds (a
// constant plus loop indices with constant ranges) is checked against the
// tile at translation time, for every target: the tile fetched without its
// halo and read one row above is an error with the offsets it reaches. What
// depends on values known only at run time (a guarded access, a runtime
// offset) is left to --check-fetch (cpu/check-fetch-run.cpp).
// RUN: not %hyc --target=cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=openmp %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

constexpr int T = 16;

void noHalo(const hy::array<float, 2> &in, hy::array<float, 2> &out, int nb) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj)
// CHECK-DAG: fetch-bounds.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(in : T, T : bi * T + 1, bj * T + 1 : i, j)
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j) {
          const int r = bi * T + 1 + i, c = bj * T + 1 + j;
// CHECK-DAG: fetch-bounds.cpp:[[@LINE+1]]:23: error: this access to 'in' reaches offsets -1 to 14 from its tile's origin in dimension 0, but the tile's extent there is 16 (offsets 0 to 15): on the GPU it would read and write outside the tile; fetch a larger tile (a halo, with the origin moved) or change the access
          out(r, c) = in(r - 1, c) + in(r, c) + in(r, c + 1);
// CHECK-DAG: fetch-bounds.cpp:[[@LINE-1]]:49: error: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 1
        }
}

// The same stencil with its halo, a guarded access and a runtime offset:
// no error here; the guarded access is a warning.
void halo(const hy::array<float, 2> &in, hy::array<float, 2> &out, int nb, int shift) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj)
#pragma hy parallel fetch(in : T + 2, T + 2 : bi * T, bj * T : i, j)
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j) {
          const int r = bi * T + 1 + i, c = bj * T + 1 + j;
          float s = in(r - 1, c) + in(r + 1, c) + in(r, c - 1) + in(r, c + 1);
          if (i > 0)
// CHECK-DAG: fetch-bounds.cpp:[[@LINE+1]]:18: warning: this access to 'in' reaches offsets -1 to 14 from its tile's origin in dimension 0 when every iteration of the loops around it runs, but the tile's extent there is 18; the condition on 'i' around it may keep it inside
            s += in(r - 2, c);
          out(r, c) = s + in(r, c + shift);
        }
}

// A serial loop inside the statement: its range counts too.
void rowsOfTile(const hy::array<int, 2> &a, hy::array<int, 1> &sum, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
// CHECK-DAG: fetch-bounds.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(a : 8, 8 : b * 8, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) {
      int s = 0;
      for (int k = 0; k <= 8; ++k)
// CHECK-DAG: fetch-bounds.cpp:[[@LINE+1]]:14: error: this access to 'a' reaches offsets 0 to 8 from its tile's origin in dimension 1, but the tile's extent there is 8 (offsets 0 to 7)
        s += a(b * 8 + t, k);
      sum(b * 8 + t) = s;
    }
}

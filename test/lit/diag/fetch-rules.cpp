// Fetch rules checked on the model: block-uniform origins, no fetch under
// thread-dependent control flow, a thread nest around a fetch gives each
// thread one iteration (constant trip counts), and each access to a
// fetched array inside the statement matches exactly one tile.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void origin(hy::array<float, 2> &A, hy::array<float, 2> &B, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 16; ++t) {
// CHECK: [[@LINE+1]]:39: error: fetch origin depends on 't', which differs between the threads of a block; the origin must be block-uniform
#pragma hy parallel fetch(A : 1, 16 : t, 0 : t)
      B(b, t) = A(t, t);
      int r = t / 2;
// CHECK: [[@LINE+1]]:42: error: fetch origin depends on 'r', which differs between the threads of a block; the origin must be block-uniform
#pragma hy parallel fetch(A : 1, 16 : b, r : t)
      B(b, t) += A(b, r + t);
    }
}

void divergent(hy::array<float, 2> &A, hy::array<float, 2> &B, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 16; ++t) {
// CHECK: [[@LINE+1]]:11: error: 'parallel fetch' under control flow that depends on 't', which differs between threads; a fetch is block-collective
      if (t < 8) {
#pragma hy parallel fetch(A : 1, 16 : b, 0 : t)
        B(b, t) = A(b, t);
      }
      int m = t % 3;
// CHECK: [[@LINE+1]]:14: error: 'parallel fetch' under control flow that depends on 'm'
      while (m-- > 0) {
#pragma hy parallel fetch(A : 1, 16 : b, 0 : t)
        B(b, t) += A(b, t);
      }
      // A serial loop whose counter does not depend on the thread is fine.
      for (int k = 0; k < n; ++k) {
        int o = k * 16;
#pragma hy parallel fetch(A : 1, 16 : b, o : t)
        B(b, t) += A(b, o + t);
      }
    }
}

void nestShape(hy::array<float, 2> &A, hy::array<float, 2> &B, int n, int w) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
#pragma hy parallel for into(threads)
// CHECK: [[@LINE+1]]:5: error: a thread nest that contains a 'parallel fetch' must give each thread exactly one iteration: the trip count of the loop over 't' is not a constant
    for (int t = 0; t < w; ++t) {
#pragma hy parallel fetch(A : 1, 16 : b, 0 : t)
      B(b, t) = A(b, t);
    }
}

void tiles(hy::array<float, 2> &D, hy::array<float, 2> &E, int nb) {
  const int S = 8;
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi) {
    int o = bi * S;
#pragma hy parallel fetch(D : S, S : o, 0 : i, j)
#pragma hy parallel fetch(D : S, S : 0, o : i, j)
    {
#pragma hy parallel for into(threads)
      for (int i = 0; i < S; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < S; ++j)
// An origin of 0 matches any index: D(o + i, j) is in the first tile and
// D(i, o + j) in the second; D(i * 2, j) is in neither.
// CHECK: [[@LINE+3]]:25: error: access to 'D' matches no fetch tile of this statement; with several tiles of one array each index must be written as that tile's origin + offset
// CHECK: [[@LINE-10]]:1: note: tile fetched here
// CHECK: [[@LINE-10]]:1: note: tile fetched here
          E(o + i, j) = D(i * 2, j) + D(o + i, j) + D(i, o + j);
    }
#pragma hy parallel fetch(D : S, S : o, o : i)
#pragma hy parallel fetch(D : S, S : o, o : i)
    {
#pragma hy parallel for into(threads)
      for (int i = 0; i < S; ++i)
// CHECK: [[@LINE+3]]:25: error: access to 'D' matches more than one fetch tile
// CHECK: [[@LINE-6]]:1: note: tile fetched here
// CHECK: [[@LINE-6]]:1: note: tile fetched here
          E(o + i, 0) = D(o + i, o);
    }
  }
}

// A thread loop that holds a fetch gives every thread one iteration, and all
// of them must reach the fetch: no `continue` of that loop (an inner loop may
// use its own).
void skip(hy::array<float, 2> &C, const hy::array<float, 2> &A, int nb) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 16; ++t) {
      if (t == 3)
// CHECK: [[@LINE+1]]:9: error: 'continue' in a thread loop that contains a 'parallel fetch': every thread must run the whole body, so that all of them reach the fetch; use if/else instead
        continue;
      float s = 0;
      for (int q = 0; q < 64; q += 16) {
        if (q == 32)
          continue;
#pragma hy parallel fetch(A : 16, 16 : bi * 16, q : t)
        for (int k = 0; k < 16; ++k) s += A(bi * 16 + k, q + k);
      }
      C(bi * 16 + t, 0) = s;
    }
}

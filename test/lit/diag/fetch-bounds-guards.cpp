// The static tile bounds check under conditions (issue 26, family 5). A
// condition inside the fetched statement can only keep an access from
// running, so the loops' ranges still bound an offset whose variables it
// does not mention: an edge guard on the column (c < w), a flag, a
// condition around a loop, is no reason to skip the check of the row. A
// condition that mentions a variable the offset of a dimension is made of
// (the thread index i, the row r computed from it, a serial loop's k) may
// keep the access inside: a warning (-Why-fetch-bounds) that points at
// --check-fetch. Both on every target.
// RUN: not %hyc --target=cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %hyc --target=openmp %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %hyc --target=serial -Wno-hy-fetch-bounds %s -o %t.ser.cpp 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: warning:
// QUIET: error: this access to 'in' reaches offsets 1 to 16
#include <hy/hy.hpp>

constexpr int T = 16;

// A tile one row too small (T rows, the access reads row r + 1).
void edgeGuards(const hy::array<float, 2> &in, hy::array<float, 2> &out, int h, int w, int nb,
                int flag) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(in : T, T : bi * T, bj * T : i, j)
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j) {
          const int r = bi * T + i, c = bj * T + j;
          // The column's guard does not involve the row: an error.
          if (c < w)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:25: error: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 0, but the tile's extent there is 16 (offsets 0 to 15)
            out(r, c) = in(r + 1, c);
          // Nor does a flag, in nested ifs.
          if (flag > 0) {
            if (c + 1 < w)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:28: error: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 0
              out(r, c) += in(r + 1, c);
          }
          // A ternary on the column.
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:36: error: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 0
          out(r, c) += c < w - 1 ? in(r + 1, c) : 0.0f;
          // The edge guard on the row: it may keep r + 1 inside (it does
          // not in a block away from the edge), so a warning.
          if (r < h && c < w)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:26: warning: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 0 when every iteration of the loops around it runs, but the tile's extent there is 16; the condition on 'r' around it may keep it inside, which hyc does not check: build with --check-fetch to check it at run time, or fetch a larger tile [-Why-fetch-bounds]
            out(r, c) -= in(r + 1, c);
          // A condition on the thread index itself, in a ternary.
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:36: warning: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 0 {{.*}}the condition on 'i' around it
          out(r, c) += i + 1 < T ? in(r + 1, c) : 0.0f;
          // && guards its right side.
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:50: warning: this access to 'in' reaches offsets 1 to 16 from its tile's origin in dimension 0 {{.*}}the condition on 'i' around it
          out(r, c) += (i < T - 1 && flag > 0 && in(r + 1, c) > 0.0f) ? 1.0f : 0.0f;
        }
}

// Loops under conditions, in a 2-D tile whose columns a serial loop walks
// one too far.
void rows(const hy::array<int, 2> &a, hy::array<int, 1> &sum, int nb, int lim) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(a : 8, 8 : b * 8, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) {
      int s = 0;
      // The condition is on the row, the column's offset is k's: an error.
      if (b * 8 + t < lim)
        for (int k = 0; k <= 8; ++k)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:16: error: this access to 'a' reaches offsets 0 to 8 from its tile's origin in dimension 1
          s += a(b * 8 + t, k);
      // A condition on k inside the loop: a warning.
      for (int k = 0; k <= 8; ++k)
        if (k < lim)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:16: warning: this access to 'a' reaches offsets 0 to 8 from its tile's origin in dimension 1 {{.*}}the condition on 'k' around it
          s += a(b * 8 + t, k);
      // A loop that may end early: a warning.
      for (int k = 0; k <= 8; ++k) {
        if (k == lim)
          break;
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:14: warning: this access to 'a' reaches offsets 0 to 8 from its tile's origin in dimension 1 {{.*}}the condition on 'k' around it
        s += a(b * 8 + t, k);
      }
      // A counter the loop increments follows k: a warning.
      int seen = 0;
      for (int k = 0; k <= 8; ++k) {
        if (seen < 8)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:16: warning: this access to 'a' reaches offsets 0 to 8 from its tile's origin in dimension 1 {{.*}}the condition on 'seen' around it
          s += a(b * 8 + t, k);
        ++seen;
      }
      // A loop under a condition on other data: the loop's range holds.
      for (int k = 0; k <= 8; ++k)
        for (int left = lim; left > 100; left -= 50)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:16: error: this access to 'a' reaches offsets 0 to 8 from its tile's origin in dimension 1
          s += a(b * 8 + t, k);
      sum(b * 8 + t) = s;
    }
}

// A 1-D tile.
void line(const hy::array<int, 1> &a, hy::array<int, 1> &out, int nb, int flag) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(a : 8 : b * 8 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) {
      int x = 0;
      if (flag != 0)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:13: error: this access to 'a' reaches offsets 1 to 8 from its tile's origin in dimension 0
        x = a(b * 8 + t + 1);
      if (t < 7)
// CHECK-DAG: fetch-bounds-guards.cpp:[[@LINE+1]]:14: warning: this access to 'a' reaches offsets 1 to 8 from its tile's origin in dimension 0 {{.*}}the condition on 't' around it
        x += a(b * 8 + t + 1);
      out(b * 8 + t) = x;
    }
}

// In range whatever the conditions: nothing to say.
void inside(const hy::array<int, 1> &a, hy::array<int, 1> &out, int nb, int flag) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
#pragma hy parallel fetch(a : 9 : b * 8 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t)
      out(b * 8 + t) = flag ? a(b * 8 + t + 1) : (t > 2 ? a(b * 8 + t) : 0);
}

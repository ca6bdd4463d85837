// Writes that two iterations may share: a warning named hy-race, with the
// parallel loop whose index the write does not separate; no warning for the
// forms hyc can prove one-to-one (tiles, linearised indices, strided rows,
// skewed indices, branches on a block index, CSR row walks, items of a
// worklist filled with distinct items), for writes that all store one
// invariant value to an array the kernel does not read, for reduction
// arrays, or for
// arrays named in disjoint(...). -Wno-hy-race silences it, -Werror and
// -Werror=hy-race make it an error, also when given after '--'.
// RUN: %hyc --target=openmp %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %hyc --target=openmp -Wno-hy-race %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=QUIET --allow-empty
// RUN: not %hyc --target=openmp -Werror %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=WERROR
// RUN: not %hyc --target=openmp -Werror=hy-race %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=WERROR
// RUN: not %hyc --target=openmp %s -o %t.cpp -- -std=c++17 -Werror 2>&1 | FileCheck %s -check-prefix=WERROR
// RUN: %hyc --target=openmp %s -o %t.cpp -- -std=c++17 -Wno-hy-race 2>&1 | FileCheck %s -check-prefix=QUIET --allow-empty
// RUN: %hyc --target=openmp -Werror -Wno-error=hy-race -Wno-hy-unused-clause %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=NOERR
// QUIET-NOT: hy-race
// WERROR: error: different iterations of the parallel loops around this write may write the same element of 'hist' {{.*}} [-Werror,-Why-race]
// NOERR: warning: {{.*}} [-Why-race]
#include <hy/hy.hpp>
#include <hy/worklist.hpp>
#include <vector>

// The forgotten reduction clause of a histogram.
void histogram(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+3]]:5: warning: different iterations of the parallel loops around this write may write the same element of 'hist' (its index depends on 'key', read from memory); name it in 'reduction(OP : hist)' if the writes combine values, or in 'disjoint(hist)' on the loop if no two iterations write one element [-Why-race]
  // CHECK: races.cpp:[[@LINE+1]]:3: note: 'i' is the index of this parallel loop
  for (int i = 0; i < n; ++i)
    hist(key(i)) += 1;
}

// Every thread of a block writes the block's element.
void allThreads(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for into(threads)
    // CHECK: races.cpp:[[@LINE+3]]:7: warning: {{.*}} of 'a' (its indices do not use 't'){{.*}} [-Why-race]
    // CHECK: races.cpp:[[@LINE+1]]:5: note: 't' is the index of this parallel loop
    for (int t = 0; t < 32; ++t)
      a(i) = t;
}

// Overlapping windows: i + k and i' + k' meet.
void windows(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+4]]:7: warning: {{.*}} of 'a' (hyc cannot show that its indices differ for different values of 'i'){{.*}} [-Why-race]
  // CHECK: races.cpp:[[@LINE+1]]:3: note: 'i' is the index of this parallel loop
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k)
      a(i + k) = k;
}

// Proved one-to-one: no warning.
constexpr int T = 16;
void tiles(const hy::array<float, 2> &in, hy::array<float, 2> &out, int nb) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj) {
      const int oi = bi * T, oj = bj * T;
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j)
          out(oi + i, oj + j) = in(oi + i, oj + j) * 2;
    }
}

void linear(std::vector<long long> &out, int problems, int len) {
#pragma hy parallel for
  for (int p = 0; p < problems; ++p) {
    int base = p * len;
#pragma hy parallel for into(threads)
    for (int t = 0; t < len; ++t)
      out[base + t] = t;
  }
}

void rows(hy::array<int, 2> &d, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
#pragma hy parallel for into(threads)
    for (int ty = 0; ty < 4; ++ty)
#pragma hy parallel for into(threads)
      for (int tx = 0; tx < 8; ++tx)
        for (int a = 0; a < 2; ++a)
          for (int c = 0; c < 2; ++c)
            d(b * 8 + ty * 2 + a, tx + c * 8) = a + c;
}

void skewed(hy::array<int, 2> &d, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for
    for (int j = 0; j < n; ++j)
      d(i, i + j) = j;
}

void sides(hy::array<int, 2> &d, int n) {
#pragma hy parallel for
  for (int side = 0; side < 2; ++side)
#pragma hy parallel for
    for (int t = 0; t < n; ++t) {
      if (side == 0)
        d(0, t) = t;
      else
        d(1, t) = -t;
    }
}

// In a loop of two iterations x != C leaves one value of x only when C is
// one of its values.
void twoSides(hy::array<int, 1> &first, int k) {
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for
    for (int side = 1; side < 3; ++side) {
      if (side != 1)
        first(b) = side;
      // CHECK: races.cpp:[[@LINE+2]]:9: warning: {{.*}} of 'first' {{.*}} [-Why-race]
      if (side != 0)
        first(2 * k + b) = side;
    }
}

// A remainder of a non-negative affine value is a digit of known span:
// b * T + (k + 3) % T determines b (a serial k rotating inside the block).
void rotated(hy::array<int, 1> &out, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
    for (int k = 0; k < T; ++k)
      out(b * T + (k + 3) % T) = k;
}

// Walks of one CSR row: e from off(u) to off(u + 1) lies in row u, and rows
// do not overlap (offsets do not decrease), so w2(e) is written once; also
// through locals, with <= off(u + 1) - 1, and a lane's offset with stride 32.
void rowWalks(const hy::array<long long, 1> &off, const hy::array<float, 1> &w,
              hy::array<float, 1> &w2, hy::array<float, 1> &w3, hy::array<float, 1> &w4,
              int n) {
#pragma hy parallel for
  for (int u = 0; u < n; ++u)
    for (long long e = off(u); e < off(u + 1); ++e)
      w2(e) = w(e) * 2;
#pragma hy parallel for
  for (int u = 0; u < n; ++u) {
    const long long first = off(u), last = off(u + 1);
    for (long long e = first; e <= last - 1; ++e)
      w3(e) = w(e) + 1;
  }
#pragma hy parallel for
  for (int u = 0; u < n; ++u)
#pragma hy parallel for into(threads)
    for (int lane = 0; lane < 32; ++lane)
      for (long long e = off(u) + lane; e < off(u + 1); e += 32)
        w4(e) = w(e);
}

// Not a row walk: two rows (u and u + 2 meet), a lane stride that lanes
// share, and offsets the kernel writes.
void notRowWalks(hy::array<long long, 1> &off, const hy::array<float, 1> &w,
                 hy::array<float, 1> &w2, int n) {
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+4]]:7: warning: {{.*}} of 'w2' (its index depends on 'off', read from memory){{.*}} [-Why-race]
  // CHECK: races.cpp:[[@LINE+1]]:3: note: 'u' is the index of this parallel loop
  for (int u = 0; u < n; ++u)
    for (long long e = off(u); e < off(u + 2); ++e)
      w2(e) = w(e);
#pragma hy parallel for
  for (int u = 0; u < n; ++u)
#pragma hy parallel for into(threads)
    // CHECK: races.cpp:[[@LINE+4]]:9: warning: {{.*}} of 'w2' (its index depends on 'off', read from memory){{.*}} [-Why-race]
    // CHECK: races.cpp:[[@LINE+1]]:5: note: 'lane' is the index of this parallel loop
    for (int lane = 0; lane < 32; ++lane)
      for (long long e = off(u) + lane; e < off(u + 1); e += 16)
        w2(e) = w(e);
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+4]]:7: warning: {{.*}} of 'w2' (its index depends on 'off', read from memory){{.*}} [-Why-race]
  // CHECK: races.cpp:[[@LINE+1]]:3: note: 'u' is the index of this parallel loop
  for (int u = 0; u < n; ++u) {
    for (long long e = off(u); e < off(u + 1); ++e)
      w2(e) = w(e);
    off(u) = 0;
  }
}

// A worklist filled with distinct items (one push per iteration, of the
// parallel index, after clear()): a later kernel's writes at its items are
// disjoint; size reads in between are fine.
void compacted(const hy::array<int, 1> &a, hy::array<int, 1> &out, hy::worklist<int> &wl,
               int n) {
  wl.clear();
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    if (a(i) > 0)
      wl.push(i);
  const int count = static_cast<int>(wl.size());
#pragma hy parallel for
  for (int f = 0; f < count; ++f) {
    const int v = wl(f);
    out(v) = out(v) + a(v);
  }
}

// Not distinct: pushes in a serial loop, two pushes, pushes of data, a
// list not cleared before it is filled.
void notCompacted(const hy::array<int, 1> &a, hy::array<int, 1> &out, hy::worklist<int> &wl,
                  int n) {
  wl.clear();
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 2; ++k)
      wl.push(i);
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+2]]:5: warning: {{.*}} of 'out' (its index depends on 'wl', read from memory){{.*}} [-Why-race]
  for (int f = 0; f < (int)wl.size(); ++f)
    out(wl(f)) = f + 1;
  wl.clear();
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    wl.push(i);
    if (a(i) > 1)
      wl.push(i + 1);
  }
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+2]]:5: warning: {{.*}} of 'out' (its index depends on 'wl', read from memory){{.*}} [-Why-race]
  for (int f = 0; f < (int)wl.size(); ++f)
    out(wl(f)) = f + 2;
  wl.clear();
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    wl.push(a(i));
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+2]]:5: warning: {{.*}} of 'out' (its index depends on 'wl', read from memory){{.*}} [-Why-race]
  for (int f = 0; f < (int)wl.size(); ++f)
    out(wl(f)) = f + 3;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    wl.push(i);
#pragma hy parallel for
  // CHECK: races.cpp:[[@LINE+2]]:5: warning: {{.*}} of 'out' (its index depends on 'wl', read from memory){{.*}} [-Why-race]
  for (int f = 0; f < (int)wl.size(); ++f)
    out(wl(f)) = f + 4;
}

// A branch fixes an index also as a conjunct, or as a disjunct of its else.
void conjunct(hy::array<int, 1> &first, hy::array<int, 2> &d, bool on, int k, int n) {
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for
    for (int v = 0; v < n; ++v) {
      if (on && v == 0)
        first(b) = b;
      if (v != 0 || !on) {
        d(b, v) = v;
      } else {
        first(b) = -b;
      }
    }
}

HY_HD inline int peek(const hy::array<char, 1> &v, int i) { return v(i); }

// Writes that all store one loop-invariant value, of an array the kernel
// does not read: any order leaves the same value (a BFS's visited flags).
void sameValue(const hy::array<int, 1> &col, hy::array<char, 1> &visited,
               hy::array<int, 1> &count, int m) {
#pragma hy parallel for
  for (int e = 0; e < m; ++e)
    visited(col(e)) = 1;
  const int two = 2;
#pragma hy parallel for
  for (int e = 0; e < m; ++e) {
    if (col(e) > 5)
      visited(col(e)) = two;
    else
      visited(col(e) + 1) = two;
  }
// Not so: two values, a read of the array, a value of the iteration.
#pragma hy parallel for
  for (int e = 0; e < m; ++e) {
    // CHECK: races.cpp:[[@LINE+1]]:5: warning: {{.*}} of 'visited' {{.*}} [-Why-race]
    visited(col(e)) = 1;
    // CHECK: races.cpp:[[@LINE+1]]:5: warning: {{.*}} of 'visited' {{.*}} [-Why-race]
    visited(col(e) / 2) = 0;
  }
#pragma hy parallel for
  for (int e = 0; e < m; ++e)
    // CHECK: races.cpp:[[@LINE+1]]:24: warning: {{.*}} of 'visited' {{.*}} [-Why-race]
    if (!visited(0)) { visited(col(e)) = 1; }
#pragma hy parallel for
  for (int e = 0; e < m; ++e)
    // CHECK: races.cpp:[[@LINE+1]]:5: warning: {{.*}} of 'count' {{.*}} [-Why-race]
    count(col(e)) = e;
// A read of the whole array, through a helper, is a read too.
#pragma hy parallel for
  for (int e = 0; e < m; ++e) {
    // CHECK: races.cpp:[[@LINE+1]]:5: warning: {{.*}} of 'visited' {{.*}} [-Why-race]
    visited(col(e)) = 1;
    count(e) = peek(visited, e);
  }
}

// The programmer's promise, and the reduction that was meant.
int pick(int u, int k) { return (u * 7 + k) % 1000; }
void promised(hy::array<int, 1> &out, hy::array<int, 1> &hist, const hy::array<int, 1> &key,
              int n) {
#pragma hy parallel for disjoint(out) reduction(+ : hist)
  for (int u = 0; u < n; ++u) {
    out(pick(u, 0)) = u;
    hist(key(u)) += 1;
  }
}

void unusedClause(hy::array<int, 1> &a, const hy::array<int, 1> &b, int n) {
  // CHECK: races.cpp:[[@LINE+1]]:34: warning: 'disjoint(b)' names no array that this loop writes [-Why-unused-clause]
#pragma hy parallel for disjoint(b)
  for (int i = 0; i < n; ++i)
    a(i) = b(i);
}

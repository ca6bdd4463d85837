// A `parallel for` whose index is declared outside the loop leaves that
// variable with a value that differs between targets, so reading it after
// the loop is an error (at the read, with a note at the loop). Writing it
// first, or an index declared in the loop, is fine.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

int block_index(hy::array<float, 1> &a, int n) {
  int i;
#pragma hy parallel for
  for (i = 0; i < n; ++i)
    a(i) *= 2;
// CHECK: index-after-loop.cpp:[[@LINE+2]]:10: error: 'i' is the index of a 'parallel for' loop and is read here, after it
// CHECK: index-after-loop.cpp:[[@LINE-3]]:3: note: the 'parallel for' loop is here
  return i;
}

void thread_index(hy::array<float, 2> &a, hy::array<int, 1> &last, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
    int t;
#pragma hy parallel for into(threads)
    for (t = 0; t < 64; ++t)
      a(b, t) += 1;
// CHECK: index-after-loop.cpp:[[@LINE+2]]:15: error: 't' is the index of a 'parallel for' loop and is read here, after it
// CHECK: index-after-loop.cpp:[[@LINE-3]]:5: note: the 'parallel for' loop is here
    last(b) = t;
  }
}

// Fine: written before it is read again, or declared in the loop.
int rewritten(hy::array<float, 1> &a, int n) {
  int i;
#pragma hy parallel for
  for (i = 0; i < n; ++i)
    a(i) *= 2;
  i = n - 1;
#pragma hy parallel for
  for (int j = 0; j < n; ++j)
    a(j) += 1;
  return i;
}

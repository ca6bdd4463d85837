// Loop-nest structure: into(threads) needs an enclosing block loop, nested
// parallel loops must be perfectly nested, at most 3 thread dimensions,
// no block loop inside thread loops.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void outside(hy::array<int, 1> &a, int n) {
// CHECK: [[@LINE+1]]:25: error: 'into(threads)' loop outside a block-level 'parallel for'
#pragma hy parallel for into(threads)
  for (int i = 0; i < n; ++i) a(i) = 0;
  for (int r = 0; r < 2; ++r) {
// CHECK: [[@LINE+1]]:25: error: 'into(threads)' loop outside a block-level 'parallel for'
#pragma hy parallel for into(threads)
    for (int i = 0; i < n; ++i) a(i) = r;
  }
}

void imperfectBlocks(hy::array<int, 2> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    a(i, 0) = 0;
// CHECK: [[@LINE+2]]:1: error: a block-level 'parallel for' inside another one must be perfectly nested (the only statement of the outer loop's body)
// CHECK: [[@LINE-3]]:3: note: enclosing loop is here
#pragma hy parallel for
    for (int j = 1; j < n; ++j) a(i, j) = 1;
  }
}

void imperfectThreads(hy::array<int, 2> &a, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel for into(threads)
    for (int i = 0; i < 8; ++i) {
      int x = i;
// CHECK: [[@LINE+2]]:1: error: an 'into(threads)' loop inside another one must be perfectly nested (the only statement of the outer loop's body)
// CHECK: [[@LINE-3]]:5: note: enclosing loop is here
#pragma hy parallel for into(threads)
      for (int j = 0; j < 8; ++j) a(b, i * 8 + j) = x;
    }
  }
}

void blockInThreads(hy::array<int, 2> &a, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel for into(threads)
    for (int i = 0; i < 8; ++i) {
      a(b, i) = 0;
// CHECK: [[@LINE+2]]:1: error: block-level 'parallel for' inside an 'into(threads)' loop
// CHECK: [[@LINE-3]]:5: note: enclosing loop is here
#pragma hy parallel for
      for (int j = 0; j < 8; ++j) a(b, j) = 1;
    }
  }
}

void fourThreadDims(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
#pragma hy parallel for into(threads)
    for (int i = 0; i < 2; ++i)
#pragma hy parallel for into(threads)
      for (int j = 0; j < 2; ++j)
#pragma hy parallel for into(threads)
        for (int k = 0; k < 2; ++k)
// CHECK: [[@LINE+1]]:1: error: more than 3 perfectly nested 'into(threads)' loops
#pragma hy parallel for into(threads)
          for (int l = 0; l < 2; ++l) a(b) += i + j + k + l;
}

// Loops of 'parallel for' must be canonical; each error points at the part
// of the header (or body) that is not.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void init(hy::array<int, 1> &a, int n) {
  int i = 0, j = 0;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:7: error: a 'parallel for' loop must initialise one integer index ('int i = lo' or 'i = lo')
  for (; i < n; ++i) a(i) = 0;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:8: error: a 'parallel for' loop must initialise one integer index
  for (int k = 0, l = 0; k < n; ++k) a(k) = l;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:8: error: a 'parallel for' loop must initialise one integer index
  for (i = 0, j = 0; i < n; ++i) a(i) = j;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:15: error: loop index 'x' must have integer type, not 'double'
  for (double x = 0; x < n; x += 1) a(0) = 1;
}

void cond(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:19: error: loop condition must compare index 'i' with a loop-invariant bound using <, <=, >, >= or !=
  for (int i = 0; i == n; ++i) a(i) = 0;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:19: error: loop condition must compare index 'i'
  for (int i = 0; i * 2 < n; ++i) a(i) = 0;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:7: error: loop condition must compare index 'i'
  for (int i = 0;; ++i) a(i) = 0;
}

void inc(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:26: error: loop increment must be ++, --, += or -= of index 'i' by a loop-invariant step
  for (int i = 1; i < n; i *= 2) a(i) = 0;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:26: error: loop increment must be ++, --, += or -= of index 'i'
  for (int i = 0; i < n; n++) a(i) = 0;
#pragma hy parallel for
// CHECK: [[@LINE+1]]:31: error: loop step is zero
  for (int i = 0; i < n; i += 0) a(i) = 0;
}

void modified(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    a(i) = 0;
// CHECK: [[@LINE+1]]:5: error: loop index 'i' is modified in the body of a 'parallel for' loop
    i += 1;
  }
}

void variant(hy::array<int, 1> &a, int n, int s) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:23: error: loop bound uses 'n', which is modified inside the loop; it must be loop-invariant
  for (int i = 0; i < n; ++i) {
    a(i) = 0;
    n--;
  }
#pragma hy parallel for
// CHECK: [[@LINE+1]]:31: error: loop step uses 's', which is modified inside the loop; it must be loop-invariant
  for (int i = 0; i < n; i += s) {
    int &r = s;
    a(i) = r++;
  }
}

void inner(hy::array<int, 2> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for into(threads)
// CHECK: [[@LINE+1]]:21: error: loop condition must compare index 'j'
    for (int j = 0; a(i, j) != 0; ++j) a(i, j) = 1;
}

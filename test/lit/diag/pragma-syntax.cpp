// Malformed '#pragma hy' lines: each is reported at the offending token.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
// A stale output file is removed too.
// RUN: echo stale > %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void f(hy::array<int, 1> &a, int n) {
  int s = 0;
// CHECK: [[@LINE+1]]:37: error: expected ':' after the reduction operator
#pragma hy parallel for reduction(+ s)
  for (int i = 0; i < n; ++i) s += a(i);
// CHECK: [[@LINE+1]]:35: error: invalid reduction operator '-'; expected one of + * min max & | ^ && ||
#pragma hy parallel for reduction(- : s)
  for (int i = 0; i < n; ++i) s -= a(i);
// CHECK: [[@LINE+1]]:39: error: expected a variable name in 'reduction'
#pragma hy parallel for reduction(+ : 3)
  for (int i = 0; i < n; ++i) s += a(i);
// CHECK: [[@LINE+1]]:40: error: expected ')' after the reduction variables
#pragma hy parallel for reduction(+ : s
  for (int i = 0; i < n; ++i) s += a(i);
// CHECK: [[@LINE+1]]:30: error: expected 'threads' or 'devices' in 'into(...)'
#pragma hy parallel for into(blocks)
  for (int i = 0; i < n; ++i) a(i) = 0;
// CHECK: [[@LINE+1]]:39: error: duplicate 'into' clause
#pragma hy parallel for into(threads) into(threads)
  for (int i = 0; i < n; ++i) a(i) = 0;
// CHECK: [[@LINE+1]]:12: error: expected 'parallel for', 'parallel fetch' or 'scan' after '#pragma hy'
#pragma hy for
  for (int i = 0; i < n; ++i) a(i) = 0;
// CHECK: [[@LINE+1]]:21: error: expected 'parallel for', 'parallel fetch' or 'scan' after '#pragma hy'
#pragma hy parallel loop
  for (int i = 0; i < n; ++i) a(i) = 0;
// CHECK: [[@LINE+1]]:26: error: 'parallel fetch' takes 4 or 5 ':'-separated parts (array : sizes : origins : thread indices [: permutation]); found 3
#pragma hy parallel fetch(a : 4 : 0)
  a(0) = 1;
// CHECK: [[@LINE+1]]:31: error: expected an expression in the size list of 'parallel fetch'
#pragma hy parallel fetch(a : , 4 : 0 : t)
  a(0) = 1;
// CHECK: [[@LINE+1]]:43: error: permutation entries of 'parallel fetch' must be integer literals
#pragma hy parallel fetch(a : 4 : 0 : t : x)
  a(0) = 1;
// CHECK: [[@LINE+1]]:40: error: expected ')' to close 'parallel fetch('
#pragma hy parallel fetch(a : 4 : 0 : t
  a(0) = 1;
}

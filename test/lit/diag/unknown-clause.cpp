// Clauses hy does not have (OpenMP spellings included) are rejected, and
// left out: the rest of the pragma and its loop are still checked.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void f(hy::array<int, 1> &a, int n) {
// CHECK: [[@LINE+1]]:25: error: unknown clause 'collapse' in '#pragma hy parallel for'; expected 'into', 'min_blocks', 'reduction', 'disjoint', 'scratch' or 'gather'
#pragma hy parallel for collapse(2)
  for (int i = 0; i < n; ++i) a(i) = 0;
// CHECK: [[@LINE+1]]:39: error: unknown clause 'schedule' in '#pragma hy parallel for'; expected 'into', 'min_blocks', 'reduction', 'disjoint', 'scratch' or 'gather'
#pragma hy parallel for into(threads) schedule(static)
  for (int i = 0; i < n; ++i) a(i) = 0;
// CHECK: [[@LINE+1]]:25: error: unknown clause ',' in '#pragma hy parallel for'
#pragma hy parallel for , reduction(+ : n)
  for (int i = 0; i < n; ++i) a(i) = 0;
// The loops are still checked without the bad clauses: a thread loop
// outside a block loop is an error of its own.
// CHECK: [[@LINE-7]]:25: error: 'into(threads)' loop outside a block-level 'parallel for'
}

// A 'parallel for' pragma must be followed by a 'for' loop in the same block.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void f(hy::array<int, 1> &a, int n) {
  int i = 0;
// CHECK: [[@LINE+1]]:1: error: '#pragma hy parallel for' must be followed by a 'for' loop
#pragma hy parallel for
  while (i < n) {
// CHECK: [[@LINE-1]]:3: note: the statement that follows the pragma is here
    a(i) = 0;
    ++i;
  }
// CHECK: [[@LINE+1]]:1: error: '#pragma hy parallel for' must be followed by a 'for' loop
#pragma hy parallel for
  a(0) = 1;
// CHECK: [[@LINE-1]]:3: note: the statement that follows the pragma is here
  {
    a(1) = 2;
// CHECK: [[@LINE+1]]:1: error: '#pragma hy parallel for' is not followed by a statement in the same block
#pragma hy parallel for
  }
// CHECK: [[@LINE+2]]:1: error: a loop may carry only one '#pragma hy parallel for'
#pragma hy parallel for
#pragma hy parallel for
  for (int j = 0; j < n; ++j) a(j) = 0;
}

// CHECK: [[@LINE+1]]:1: error: '#pragma hy' outside a function body
#pragma hy parallel for
int g;

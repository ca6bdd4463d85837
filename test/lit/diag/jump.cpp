// An iteration of a parallel loop cannot be left by break, return or goto
// (continue, and break out of an inner serial loop or switch, are fine).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

int jump(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (a(i) < 0)
// CHECK: [[@LINE+1]]:7: error: 'break' may not leave a 'parallel for' loop
      break;
    a(i) = 1;
    for (int j = 0; j < n; ++j)
      if (a(j) == i)
        break;
    switch (a(i)) {
    case 0: break;
    default: continue;
    }
  }
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:5: error: 'return' may not leave a 'parallel for' loop
    return a(i);
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 4; ++t) {
      if (a(t) == 0)
// CHECK: [[@LINE+1]]:9: error: 'break' may not leave a 'parallel for' loop
        break;
      if (a(t) == 1)
// CHECK: [[@LINE+1]]:9: error: 'goto' may not leave a 'parallel for' loop
        goto out;
    }
out:
  return 0;
}

// The syntax of `reduction(inscan, OP : x)` and `#pragma hy scan`, errors at
// their tokens (docs/language.md, "Scans"); a loop whose separator was
// refused has none.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

void syntax(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0;
// CHECK: [[@LINE+1]]:17: error: expected 'inclusive' or 'exclusive' after '#pragma hy scan'
#pragma hy scan sum
// CHECK: [[@LINE+1]]:42: error: expected ',' after 'inscan'
#pragma hy parallel for reduction(inscan + : sum)
  for (int i = 0; i < n; ++i)
    sum += in(i);
// CHECK: [[@LINE+2]]:66: error: 'sum' is named in a reduction clause of this loop already; a variable takes one reduction per loop
// CHECK: [[@LINE+1]]:47: note: 'sum' is first named here
#pragma hy parallel for reduction(inscan, + : sum) reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
// CHECK: [[@LINE+1]]:32: error: 'inclusive' of '#pragma hy scan' names one variable
#pragma hy scan inclusive(sum, sum)
    out(i) = sum;
  }
// CHECK: [[@LINE+1]]:30: error: expected ')' after the 'exclusive' variable
#pragma hy scan exclusive(sum
// CHECK: [[@LINE+1]]:32: error: expected end of '#pragma hy scan'
#pragma hy scan exclusive(sum) sum
  out(0) = sum;
}

// The driver's own errors: a message that says what is wrong, a non-zero
// exit status, and no output file left behind.
// RUN: not %hyc --target=foo %s 2>&1 | FileCheck %s -check-prefix=TARGET
// TARGET: hyc: error: unknown target 'foo' (expected serial, openmp or cuda)
// RUN: rm -f %t.out && not %hyc %s.missing -o %t.out 2>&1 | FileCheck %s -check-prefix=MISSING --implicit-check-not=error
// RUN: not test -e %t.out
// MISSING: hyc: error: no such file: '{{.*}}driver.cpp.missing'
// RUN: not %hyc %s -o %t.nodir/sub/out.cpp 2>&1 | FileCheck %s -check-prefix=WRITE
// WRITE: hyc: error: cannot write '{{.*}}out.cpp':
// RUN: %hyc %s -o %t.ok.cpp && test -s %t.ok.cpp
#include <hy/hy.hpp>

void twice(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

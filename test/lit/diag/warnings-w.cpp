// The compiler's warning switches after '--' apply to hyc's warnings as to
// clang's: -w silences every warning (also one -Werror would make an
// error), -Werror makes them errors; hyc's own -Wno-<name> and -Werror
// before '--' as before.
// RUN: %hyc %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=WARN
// WARN: warnings-w.cpp:[[@LINE+9]]:39: warning: reduction variable 's' is not used in the loop [-Why-unused-clause]
// WARN: warnings-w.cpp:[[@LINE+11]]:5: warning: different iterations of the parallel loops around this write may write the same element of 'a'
// RUN: %hyc %s -o %t.cpp -- -w 2>&1 | count 0
// RUN: %hyc -Werror %s -o %t.cpp -- -w 2>&1 | count 0
// RUN: not %hyc %s -o %t.cpp -- -Werror 2>&1 | FileCheck %s -check-prefix=ERR
// ERR: warnings-w.cpp:[[@LINE+4]]:39: error: reduction variable 's' is not used in the loop [-Werror,-Why-unused-clause]
#include <hy/hy.hpp>
void f(hy::array<int, 1> &a, int n) {
  int s = 0;
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
// Iterations i and i + 1 write one element.
    a(i / 2) = i;
}

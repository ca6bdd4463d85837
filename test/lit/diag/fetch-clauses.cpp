// A 'parallel fetch' of an unknown name: clang reports it at the name in the
// pragma line (the array and the size/origin expressions are parsed as
// real C++ through the fetch probe).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void unknownName(hy::array<float, 2> &A, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
// CHECK: [[@LINE+1]]:27: error: use of undeclared identifier 'Q'
#pragma hy parallel fetch(Q : 8, 8 : b * 8, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b * 8 + t, 0) = 1;
  }
}

// hyc copies an annotated loop's source text, so an #if ... #endif group must
// lie wholly inside a `parallel for` loop or wholly outside it. Groups inside
// the loop, around it, or in code that is not annotated are fine; one that
// the loop's boundary cuts in two is an error at its directive on the inside.
// RUN: not %hyc %s -- -DWIDE 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s -- -DWIDE 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out -- -DWIDE && not test -e %t.out
#include <hy/hy.hpp>

void fine(hy::array<float, 2> &a, int n) {
#ifdef WIDE
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
#if defined(SCALE)
    const float s = 2;
#elif defined(WIDE)
    const float s = 3;
#else
    const float s = 4;
#endif
#pragma hy parallel for into(threads)
    for (int j = 0; j < 64; ++j)
      a(i, j) *= s;
  }
#endif
}

void cut(hy::array<float, 1> &a, int n) {
#ifdef WIDE
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    a(i) = 1;
// CHECK: [[@LINE+2]]:2: error: this '#else' belongs to an '#if' on the other side of an annotated loop's boundary
// CHECK: [[@LINE-4]]:1: note: the annotated loop starts here
#else
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    a(i) = 2;
#endif
  }
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+2]]:2: error: this '#if' belongs to an '#endif' on the other side of an annotated loop's boundary
// CHECK: [[@LINE-3]]:1: note: the annotated loop starts here
#if 1
    a(i) += 1;
  a(0) = 0;
#endif
}

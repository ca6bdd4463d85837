// hyc rewrites some accesses in the source text: those of a fetched array
// (to its tile) and the updates of an array reduction variable (to atomics).
// It cannot rewrite inside a macro expansion, so such an access written in a
// macro (its body or an argument) is an error; other uses of macros are fine.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

#define AT(i, j) D(i, j)
#define TWICE(x) ((x) + (x))
#define SQ(x) ((x) * (x))
#define BUMP(h, i) h(i) += 1

void tiles(hy::array<float, 2> &D, hy::array<float, 2> &E, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
    const int o = b * 16;
#pragma hy parallel fetch(D : 16, 16 : o, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 16; ++t)
      for (int k = 0; k < 16; ++k) {
// CHECK: [[@LINE+2]]:9: error: access to 'D' comes from a macro expansion; hyc redirects the accesses of a fetched array to its tile by rewriting the source text
// CHECK: note: expanded from macro 'AT'
        AT(o + t, k) += 1;
// CHECK: [[@LINE+1]]:29: error: access to 'D' comes from a macro expansion
        E(o + t, k) = TWICE(D(o + t, k));
        const float s = SQ(E(o + t, k));  // not fetched: fine
        D(o + t, k) += s;
      }
  }
}

void hist(hy::array<int, 1> &h, const hy::array<int, 1> &v, int n) {
#pragma hy parallel for reduction(+ : h)
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:5: error: this update of array reduction variable 'h' comes from a macro expansion; hyc turns it into an atomic update
    BUMP(h, v(i) % 8);
}

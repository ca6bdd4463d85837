// Every target: an array reduction variable passed to a function of the file
// is updated there only with hy::fetch_<op> of the reduction's operator
// (atomic on every target), directly or through further such functions. A
// plain update (`h(i) += 1`), an update of another operator, or a helper
// that writes a plain array (not a reduction) is refused at the argument:
// hyc turns only the kernel's own text into atomics. Worklists passed to a
// function that only pushes are pushed to (diag/worklist*.cpp).
// RUN: not %hyc --target=openmp %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=serial %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

void plus_one(hy::array<int, 1> &h, int i) { h(i) += 1; }
void fetch_one(hy::array<int, 1> &h, int i) { hy::fetch_add(h(i), 1); }
void lower(hy::array<int, 1> &h, int i, int v) { hy::fetch_min(h(i), v); }
void passes_on(hy::array<int, 1> &h, int i) { fetch_one(h, i); }
void set(hy::array<int, 1> &out, int i) { out(i) = i; }

void kernels(hy::array<int, 1> &h, hy::array<int, 1> &out, int n) {
#pragma hy parallel for reduction(+ : h)
  for (int i = 0; i < n; ++i) {
    fetch_one(h, i % 7); // fine
    passes_on(h, i % 5); // fine
// CHECK: [[@LINE+1]]:14: error: 'h' is an array reduction variable of operator '+', and 'plus_one' updates it other than with the matching hy::fetch_<op> (or passes it on to a function that does): hyc makes only the kernel's own updates atomic
    plus_one(h, i % 3);
// CHECK: [[@LINE+1]]:11: error: 'h' is an array reduction variable of operator '+', and 'lower' updates it
    lower(h, i % 3, i);
  }
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:9: error: 'out' is declared outside this 'parallel for' loop and written inside it
    set(out, i);
}

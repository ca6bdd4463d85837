// Errors of the irregular-kernel forms (worklists and privatized tiles:
// worklists.cpp): value-with-location reductions take their type's
// operator, one variable takes one operator per kernel, hy::fetch_<op>
// needs the array's reduction clause (and not a scalar's).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

void locOps(const hy::array<float, 1> &a, int n) {
  hy::minloc<float, int> lo;
  hy::maxloc<float, int> hi;
// CHECK: [[@LINE+1]]:35: error: 'lo' is a hy::minloc, which reduces with 'min' (the smallest value and, among equal values, the smallest index); found 'max'
#pragma hy parallel for reduction(max : lo)
  for (int i = 0; i < n; ++i)
    lo.update(a(i), i);
// CHECK: [[@LINE+1]]:35: error: 'hi' is a hy::maxloc, which reduces with 'max' (the largest value and, among equal values, the smallest index); found '+'
#pragma hy parallel for reduction(+ : hi)
  for (int i = 0; i < n; ++i)
    hi.update(a(i), i);
// A minloc used in a kernel without a clause is data the kernel may not take.
// CHECK: [[@LINE+3]]:5: error: kernel uses 'lo' of type 'hy::minloc<float, int>'; kernels may use arithmetic scalars, enums, hy::array, hy::worklist and std::vector of arithmetic types (and hy::minloc / hy::maxloc as reduction variables)
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    lo.update(a(i), i);
}

void mismatch(hy::array<int, 1> &d, const hy::array<int, 1> &e, int n) {
  int flag = 0;
#pragma hy parallel for reduction(min : d) reduction(| : flag)
  for (int b = 0; b < n; ++b)
// CHECK: [[@LINE+5]]:53: error: 'd' is reduced with '+' here and with 'min' by another loop of this kernel; a variable takes one reduction operator in a kernel
// CHECK: [[@LINE-3]]:41: note: the other reduction of 'd' is here
// CHECK: [[@LINE+3]]:70: error: 'flag' is reduced with '^' here and with '|' by another loop of this kernel; a variable takes one reduction operator in a kernel
// CHECK: [[@LINE-5]]:58: note: the other reduction of 'flag' is here
// The update is of the thread loop's '+', not the kernel's 'min':
#pragma hy parallel for into(threads) reduction(+ : d) reduction(^ : flag)
    for (int t = 0; t < 32; ++t) {
// CHECK: [[@LINE+1]]:7: error: 'd' is an array reduction variable of operator 'min'; update its elements only as d(...) = min(d(...), e) or hy::fetch_min(d(...), e)
      d(e(b * 32 + t)) += 1;
      flag ^= t;
    }
}

void fetchOps(hy::array<int, 1> &d, hy::array<int, 1> &c, const hy::array<int, 1> &e, int n) {
  int s = 0;
#pragma hy parallel for reduction(min : d) reduction(+ : s)
  for (int i = 0; i < n; ++i) {
    int mine = 0;
    hy::fetch_add(mine, 1); // the iteration's own variable: fine
// CHECK: [[@LINE+1]]:9: error: hy::fetch_add updates 'c' from several iterations at once; name it in 'reduction(+ : c)' on this loop or an enclosing one
    if (hy::fetch_add(c(e(i)), 1) == 0)
      mine = 1;
// CHECK: [[@LINE+1]]:5: error: hy::fetch_max combines with 'max', but 'd' is an array reduction variable of operator 'min'
    hy::fetch_max(d(e(i)), i);
// CHECK: [[@LINE+1]]:5: error: hy::fetch_add returns the value before the update, but reduction variable 's' is private to each thread inside the loop, so that value is not the serial one; update it with s += e (to hand out positions, push to a hy::worklist)
    hy::fetch_add(s, mine);
// CHECK: [[@LINE+1]]:19: error: hy::fetch_min on 'd': the first argument must be an element of an array reduction variable (d(i)) or a variable local to the iteration
    hy::fetch_min(*&d(e(i)), i);
  }
}


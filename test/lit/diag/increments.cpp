// Increments of an array reduction's elements: hist(i)++ and the like are
// hist(i) += 1 / += -1 for '+' (cpu/increments.cpp, cuda/increments.cpp);
// refused where their value is used (it would be the element after this
// one update, not the serial value), for other operators, and from a macro.
// RUN: not %hyc %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

#define BUMP(x) (x)++

void refused(hy::array<int, 1> &hist, hy::array<int, 1> &prod, hy::array<int, 1> &out, int n) {
#pragma hy parallel for reduction(+ : hist) reduction(* : prod)
  for (int i = 0; i < n; ++i) {
// CHECK-DAG: increments.cpp:[[@LINE+1]]:15: error: 'hist' is an array reduction variable of operator '+'; update its elements only as hist(...) += e or hist(...) = hist(...) + e or hist(...)++ or hist(...)-- (as statements) or hy::fetch_add(hist(...), e)
    out(i) = (hist(i % 4)++);
// CHECK-DAG: increments.cpp:[[@LINE+1]]:17: error: 'hist' is an array reduction variable of operator '+'
    out(i) += --hist(i % 4);
// CHECK-DAG: increments.cpp:[[@LINE+1]]:5: error: 'prod' is an array reduction variable of operator '*'; update its elements only as prod(...) *= e or prod(...) = prod(...) * e
    prod(i % 4)++;
// CHECK-DAG: increments.cpp:[[@LINE+1]]:5: error: this update of array reduction variable 'hist' comes from a macro expansion
    BUMP(hist(i % 4));
  }
}

// Accepted: as a statement, cast to void, in a comma's left side is not.
void accepted(hy::array<int, 1> &hist, int n) {
#pragma hy parallel for reduction(+ : hist)
  for (int i = 0; i < n; ++i) {
    hist(i % 4)++;
    (void)--hist(i % 4);
    if (i % 2)
      ++hist(0);
    else
      hist(1)--;
  }
}

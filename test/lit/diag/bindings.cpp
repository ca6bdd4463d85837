// Structured bindings name parts of a variable, not variables: a reduction
// into one cannot be combined (OpenMP's clause needs a variable; hyc once
// dropped the reduction silently, wrong code on OpenMP), and a kernel that
// reads one would need the whole object. Both are errors on every target.
// RUN: not %hyc --target=openmp %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <utility>

long reduce(hy::array<int, 1> &a, int n) {
  std::pair<long, long> p{0, 0};
  auto &[s, t] = p;
// CHECK: [[@LINE+1]]:39: error: reduction variable 's' is a structured binding, which a reduction cannot combine into (OpenMP and the GPU need a variable); reduce into a variable and assign it to 's' after the loop
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += a(i);
  return p.first + t;
}

void read(hy::array<int, 1> &a, int n) {
  auto [lo, hi] = std::pair<int, int>{1, 2};
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:12: error: kernel uses structured binding 'lo', which names a part of a variable declared outside the kernel; copy it into a variable before the loop
    a(i) = lo;
}

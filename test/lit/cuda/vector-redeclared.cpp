// A local std::vector that a kernel uses is declared anew in each iteration
// (or call): hyc follows its declaration with hy::cuda::forget, since the
// runtime finds a vector's device copy by the vector's address, which the
// new vector (and often its heap buffer) shares with the old one; without
// it the kernel read the first iteration's values (found by e2e omp_regions
// on an H200). Not for vectors the kernels do not use, static or reference
// locals, or a for-init declaration. A static local escapes after its
// declaration, not at the top of the function (where it does not exist yet).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// OMP-NOT: cuda::forget(
#include <hy/hy.hpp>
#include <vector>

// CHECK-LABEL: void shifts(
void shifts(hy::array<int, 1> &a, int n) {
  for (int s = 0; s < 3; ++s) {
    // CHECK: std::vector<int> shift(1, s + 1); hy::cuda::forget(shift);
    std::vector<int> shift(1, s + 1);
    // CHECK: std::vector<int> unused(2, s);{{$}}
    std::vector<int> unused(2, s);
    // CHECK: std::vector<int> &same = shift;{{$}}
    std::vector<int> &same = shift;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += shift[0] + same[0] - 2 * s;
    a(0) += static_cast<int>(unused.size());
  }
}

// CHECK-LABEL: void kept(
void kept(hy::array<int, 1> &a, int n) {
  // CHECK: static std::vector<int> table(4, 1); hy_scope.escape(table);{{$}}
  static std::vector<int> table(4, 1);
  // CHECK: for (std::vector<int> w(1, 2); (hy::cuda::host(w, hy::cuda::read), w[0] < 4);
  for (std::vector<int> w(1, 2); w[0] < 4; ++w[0]) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += table[0] + w[0];
  }
}

// CHECK-LABEL: void inLambda(
void inLambda(hy::array<int, 1> &a, int n) {
  auto step = [&](int s) {
    // CHECK: std::vector<int> d(1, s); hy::cuda::forget(d);
    std::vector<int> d(1, s);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += d[0];
  };
  step(1);
  step(2);
}

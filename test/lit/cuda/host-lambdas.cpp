// A kernel inside a lambda belongs to the lambda: its arrays are the
// lambda's parameters (or what it captures), so the lambda gets its own
// resident scope, escapes and syncs, and the enclosing function never names
// the lambda's parameters (nvcc refused their escapes there). A call
// of such a lambda is a call that launches kernels. Members: a stored
// lambda called later, one called from another lambda, a generic lambda, a
// lambda inside a lambda, one called at once.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s --implicit-check-not="escape(p)" --implicit-check-not="host(p,"
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

void bump(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += i;
}

// CHECK-LABEL: int lambdas(hy::array<int, 1> &b, int n) { hy::cuda::resident_scope hy_scope; hy_scope.escape(b);
// CHECK-NEXT: auto fill = [n](hy::array<int, 1> &q) { hy::cuda::resident_scope hy_scope; hy_scope.escape(q);
// CHECK: hy::cuda::host(q, hy::cuda::read); return q(1);
// CHECK: auto twice = [&](hy::array<int, 1> &r) { hy::cuda::resident_scope hy_scope; hy_scope.escape(r);
// CHECK-NEXT: fill(r);
// CHECK-NEXT: bump(r, n);
// CHECK-NEXT: hy::cuda::host(r, hy::cuda::read); return r(2);
// CHECK: auto scale = [n](hy::array<int, 1> &s, auto k) { hy::cuda::resident_scope hy_scope; hy_scope.escape(s);
// The CPU path of a generic lambda's kernel goes through nvcc's front end,
// which reprints `i = i + 1` in a form g++'s OpenMP refuses (found by the
// generator's lambda shape, seed 9):
// CHECK: for (int i = 0; i < n; i += (1))
// CHECK: hy::cuda::host(s, hy::cuda::read); return s(0);
// CHECK: auto outer = [n](hy::array<int, 1> &u) { hy::cuda::resident_scope hy_scope; hy_scope.escape(u);
// CHECK-NEXT: auto inner = [n](hy::array<int, 1> &w) { hy::cuda::resident_scope hy_scope; hy_scope.escape(w);
// CHECK: hy::cuda::host(u, hy::cuda::read); return u(3);
// CHECK: int t = fill(b);
// CHECK-NEXT: t += twice(b);
// CHECK-NEXT: t += scale(b, 2) + scale(b, 3L);
// CHECK-NEXT: t += outer(b);
// CHECK-NEXT: [&] { hy::cuda::resident_scope hy_scope; hy_scope.escape(b);
// CHECK: hy::cuda::host(b, hy::cuda::read); return t + b(4);
int lambdas(hy::array<int, 1> &b, int n) {
  auto fill = [n](hy::array<int, 1> &q) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      q(i) = i;
    return q(1);
  };
  auto twice = [&](hy::array<int, 1> &r) {
    fill(r);
    bump(r, n);
    return r(2);
  };
  auto scale = [n](hy::array<int, 1> &s, auto k) {
    const int f = static_cast<int>(k);
#pragma hy parallel for
    for (int i = 0; i < n; i = i + 1)
      s(i) *= f;
    return s(0);
  };
  auto outer = [n](hy::array<int, 1> &u) {
    auto inner = [n](hy::array<int, 1> &w) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        w(i) += 1;
    };
    inner(u);
    return u(3);
  };
  int t = fill(b);
  t += twice(b);
  t += scale(b, 2) + scale(b, 3L);
  t += outer(b);
  [&] {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      b(i) -= 1;
  }();
  return t + b(4);
}

// What hyc puts in front of a statement that is the whole body of a loop or
// branch stays inside it: a range-for's or for's reference to an array
// handed to a function that launches kernels escapes at the start of the
// body, which is braced when it is a single statement (it became the body
// and the call ran once after the loop, on an outer `x`). Members: for,
// range-for, nested range-for, while, do, if/else, case, a lambda body,
// with and without braces; an if's init-statement escapes in its condition.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

struct pack {
  hy::array<int, 1> A;
};

void step(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += i;
}
int bumped(hy::array<int, 1> &a, int n) {
  step(a, n);
  return 1;
}

// CHECK-LABEL: int bodies(std::vector<hy::array<int, 1>> &as, std::vector<pack> &ps, hy::array<int, 1> &a, int n) {
// CHECK: for (auto &x : as)
// CHECK-NEXT: { hy_scope.escape(x); step(x, n); }
// CHECK: for (auto &x : as) { hy_scope.escape(x);
// CHECK-NEXT: step(x, n);
// CHECK: for (int r = 0; r < 2; ++r)
// CHECK-NEXT: for (auto &y : as)
// CHECK-NEXT: { hy_scope.escape(y); step(y, r); }
// CHECK: for (hy::array<int, 1> &z = ps[0].A; n < 0;)
// CHECK-NEXT: { hy_scope.escape(z); step(z, n); }
// CHECK: if (hy::array<int, 1> &w = ps[1].A; (hy_scope.escape(w), n > 1))
// CHECK-NEXT: step(w, n);
// CHECK: while (bumped(a, n) && t < 3)
// CHECK-NEXT: { hy::cuda::host(a, hy::cuda::read); t += a(t); }
// CHECK: if (bumped(a, n))
// CHECK-NEXT: { hy::cuda::host(a, hy::cuda::read); t += a(0); }
// CHECK-NEXT: else
// CHECK-NEXT: { hy::cuda::host(a, hy::cuda::read); t -= a(1); }
// CHECK: do
// CHECK-NEXT: { hy::cuda::host(a, hy::cuda::read); t += a(2); }
// CHECK-NEXT: while (bumped(a, n) && t < 0);
// CHECK: switch (bumped(a, n)) {
// CHECK-NEXT: case 1:
// CHECK-NEXT: hy::cuda::host(a, hy::cuda::read); t += a(1);
// CHECK: auto each = [&](pack &p) { step(p.A, n); };
// CHECK: for (auto &p : ps)
// CHECK-NEXT: each(p);
int bodies(std::vector<hy::array<int, 1>> &as, std::vector<pack> &ps, hy::array<int, 1> &a, int n) {
  hy::array<int, 1> &x = a;
  step(a, n);
  for (auto &x : as)
    step(x, n);
  for (auto &x : as) {
    step(x, n);
  }
  for (int r = 0; r < 2; ++r)
    for (auto &y : as)
      step(y, r);
  for (hy::array<int, 1> &z = ps[0].A; n < 0;)
    step(z, n);
  if (hy::array<int, 1> &w = ps[1].A; n > 1)
    step(w, n);
  int t = x(0);
  while (bumped(a, n) && t < 3)
    t += a(t);
  if (bumped(a, n))
    t += a(0);
  else
    t -= a(1);
  do
    t += a(2);
  while (bumped(a, n) && t < 0);
  switch (bumped(a, n)) {
  case 1:
    t += a(1);
    break;
  }
  auto each = [&](pack &p) { step(p.A, n); };
  for (auto &p : ps)
    each(p);
  return t;
}

// An element of a local container does not escape: the container dies
// before the function's scope ends, and the escape's sync would then touch
// a dead array (a crash on the GPU; the generator's containers shape).
// CHECK-LABEL: int localRange(int n) {
// CHECK-NOT: escape(
// CHECK: return local[0](1) + r(2);
int localRange(int n) {
  std::vector<hy::array<int, 1>> local(2, hy::array<int, 1>(n));
  for (auto &y : local)
    step(y, n);
  hy::array<int, 1> &r = local[1];
  step(r, n);
  return local[0](1) + r(2);
}

// A kernel that is itself the body of a range-for over arrays: the escape
// goes in front of its pragma, inside the braces (it landed inside the
// kernel's text; the generator's bodies shape).
// CHECK-LABEL: void kernelBody(std::vector<hy::array<int, 1>> &as, int n) {
// CHECK: for (auto &x : as)
// CHECK-NEXT: { hy_scope.escape(x); // #pragma hy parallel for  ->  kernel
// CHECK: x(i) += i * 2; }();
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: {{^}} }
// CHECK-NEXT: {{^}}}
void kernelBody(std::vector<hy::array<int, 1>> &as, int n) {
  for (auto &x : as)
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      x(i) += i * 2;
}

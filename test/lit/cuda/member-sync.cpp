// Host code of a function that launches kernels syncs the arrays it
// reaches through members (`s.A`, `ws.next`) as it syncs the variables the
// kernels use: the kernels may have used the same array under another name
// (a local reference, a callee's parameter), so its newest data may be on
// the device. Found by the BC sample on an H200 (`ws.next.clear()` after a
// kernel pushed to `next`). Members: an element read, a worklist clear, a
// worklist size, a member passed to a function hyc does not see, one
// reached through a pointer; binding a reference is no use. Functions
// without kernels sync too (they may run between a caller's launches); a
// range-for syncs its range, not the variable the compiler adds; a call of
// a lambda syncs what the lambda touches of the caller's, not the lambda's
// own parameters.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s --implicit-check-not=__range --implicit-check-not="host(St"
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

struct state {
  hy::array<int, 1> A;
  hy::worklist<int> next;
  std::vector<int> V;
};

void elsewhere(hy::array<int, 1> &a); // another translation unit

// CHECK-LABEL: int run(state &s, state *p, int n) {
// CHECK: hy::array<int, 1> &A = s.A; hy_scope.escape(A);
// CHECK: hy::cuda::host(s.A, hy::cuda::read); int first = s.A(0);
// CHECK: hy::cuda::host_size(s.next); int pushed = (int)s.next.size();
// CHECK: hy::cuda::host(s.next, hy::cuda::overwrite); s.next.clear();
// CHECK: hy::cuda::host(s.A, hy::cuda::read_write); elsewhere(s.A);
// CHECK: hy::cuda::host(p->A, hy::cuda::read); return first + pushed + p->A(1);
int run(state &s, state *p, int n) {
  hy::array<int, 1> &A = s.A;
  hy::worklist<int> &next = s.next;
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    A(i) = i;
    if (i % 2)
      next.push(i);
  }
  int first = s.A(0);
  int pushed = (int)s.next.size();
  s.next.clear();
  elsewhere(s.A);
  return first + pushed + p->A(1);
}

// CHECK-LABEL: void fill(state &s, int v) {
// CHECK-NEXT: hy::cuda::host(s.V, hy::cuda::read_write); for (int &x : s.V)
void fill(state &s, int v) {
  for (int &x : s.V)
    x = v;
}

// CHECK-LABEL: int total(std::vector<int> &a, int n) {
// A range-for by value reads the elements.
// CHECK: hy::cuda::host(a, hy::cuda::read); for (int x : a)
// CHECK: hy::cuda::host(a, hy::cuda::read); return t + add(a);
int total(std::vector<int> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a[i] += 1;
  int t = 0;
  for (int x : a)
    t += x;
  auto add = [&](const std::vector<int> &St) { return St[0] + a[1]; };
  return t + add(a);
}

// A lambda that hands its own parameter to a function that launches
// kernels is a resident function of its own: it escapes its parameter in
// its own scope, and its caller hands `a` to it as to any such call. The
// caller never names the lambda's parameter (out of scope there; nvcc
// refused `p`).
void bump(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += i;
}
// CHECK-LABEL: void viaLambda(hy::array<int, 1> &a, int n) { hy::cuda::resident_scope hy_scope; hy_scope.escape(a);
// CHECK-NEXT: auto g = [&](hy::array<int, 1> &p) { hy::cuda::resident_scope hy_scope; hy_scope.escape(p); bump(p, n); };
// CHECK-NEXT: {{^}} g(a);
void viaLambda(hy::array<int, 1> &a, int n) {
  auto g = [&](hy::array<int, 1> &p) { bump(p, n); };
  g(a);
}

// A local reference to a local object does not escape: the object is gone
// when the function's scope ends (a sync then would touch a dead array).
// CHECK-LABEL: int scratch(state &s, int n) {
// CHECK: hy::array<int, 1> &A = s.A; hy_scope.escape(A);
// CHECK-NOT: escape(T)
// CHECK: return T(0) + A(0);
int scratch(state &s, int n) {
  hy::array<int, 1> &A = s.A;
  state tmp;
  tmp.A = hy::array<int, 1>(n);
  hy::array<int, 1> &T = tmp.A;
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    T(i) = i;
    A(i) = i;
  }
  return T(0) + A(0);
}

// Members of the object in a member function: kernels take them through
// local references, host code names them plainly or through `this`.
// CHECK-LABEL: int run() {
// CHECK: hy::cuda::host(A, hy::cuda::read_write); A(0) += 1; hy::cuda::host(this->q, hy::cuda::overwrite); this->q.clear();
// A non-const member called on a member array writes it (the device copy
// is then stale), a const one only reads it.
// CHECK-NEXT: hy::cuda::host(A, hy::cuda::read_write); A.data()[1] = 5;
// CHECK: hy::cuda::host(A, hy::cuda::read_write); hy::cuda::host_size(q); hy::cuda::host(this->A, hy::cuda::read_write); return (int)q.size() + A(0) + this->A(1) + peek();
// CHECK-LABEL: int peek() const {
// CHECK-SAME: hy::cuda::host(A, hy::cuda::read); return A(2) + A.data()[3];
struct solver {
  hy::array<int, 1> A;
  hy::worklist<int> q;
  int n = 0;
  int run() {
    hy::array<int, 1> &a = A;
    hy::worklist<int> &w = q;
    const int m = n;
#pragma hy parallel for
    for (int i = 0; i < m; ++i) {
      a(i) = i;
      w.push(i);
    }
    A(0) += 1; this->q.clear();
    A.data()[1] = 5;
    return (int)q.size() + A(0) + this->A(1) + peek();
  }
  int peek() const { return A(2) + A.data()[3]; }
};

// In a template, host code reaching an array through a member of an object
// of dependent type (`sm.s(0)` on a `summ<W> sm`, `this->A(0)` in a class
// template) syncs it as the same code outside a template does: the pattern
// cannot tell an array member from a member function, so the syncs come
// from the function's instantiations. Found on an H200: the Johnson
// sample's per-source summaries (`sm.sum(b)` after a kernel filled them)
// were read from the host's stale copy, so every summary was 0.
// Members: an element read, a worklist's size, a worklist clear, a member of
// `this` and of a member object, a member function call left alone; a
// template with no instantiation gets no syncs for them (nothing says what
// they are); a member that is an array in one instantiation and not in
// another gets a warning and no sync (which would not compile for the other).
// RUN: %hyc --target=cuda --no-line-directives %s 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

template <class W> struct summ {
  explicit summ(int k) : s(k), w(k) {}
  hy::array<double, 1> s;
  hy::worklist<W> w;
  int f(int x) const { return x; }
};

template <class W> void fill(summ<W> &o, int k) {
  hy::array<double, 1> &s = o.s;
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
    s(b) = b;
}

// CHECK-LABEL: template <class W> double a(int k) {
// CHECK: fill(sm, k);
// CHECK-NEXT: hy::cuda::host(sm.s, hy::cuda::read); double t = sm.s(0) + sm.f(1);
// CHECK-NEXT: hy::cuda::host_size(sm.w); int n = (int)sm.w.size();
// CHECK-NEXT: hy::cuda::host(sm.w, hy::cuda::overwrite); sm.w.clear();
template <class W> double a(int k) {
  summ<W> sm(k);
  fill(sm, k);
  double t = sm.s(0) + sm.f(1);
  int n = (int)sm.w.size();
  sm.w.clear();
  return t + n;
}
template double a<int>(int);
template double a<float>(int);

// CHECK-LABEL: double get(int k) {
// CHECK: fill(m, k);
// CHECK-NEXT: hy::cuda::host(m.s, hy::cuda::read_write); hy::cuda::host(this->A, hy::cuda::read_write); return this->A(0) + m.s(1);
template <class W> struct holder {
  hy::array<W, 1> A;
  summ<W> m;
  double get(int k) {
    fill(m, k);
    return this->A(0) + m.s(1);
  }
};
template struct holder<int>;

// CHECK-LABEL: template <class W> double never(int k) {
// CHECK: fill(sm, k);
// CHECK-NEXT: return sm.s(0);
template <class W> double never(int k) {
  summ<W> sm(k);
  fill(sm, k);
  return sm.s(0);
}

// A member that is an array in one instantiation and a function object in
// the other: no sync (host(b.v, ...) would not compile for `ident`).
struct ident {
  double operator()(int i) const { return i; }
};
template <class T> struct box {
  T v;
};
// CHECK-LABEL: template <class T> double pick(box<T> &b, summ<int> &s, int k) {
// CHECK: fill(s, k);
// CHECK-NEXT: return b.v(0);
template <class T> double pick(box<T> &b, summ<int> &s, int k) {
  fill(s, k);
  return b.v(0); // WARN: [[@LINE]]:10: warning: 'b.v' is an array in some instantiations of this template and not in others{{.*}}[-Why-host-sync]
}
template double pick(box<hy::array<double, 1>> &, summ<int> &, int);
template double pick(box<ident> &, summ<int> &, int);

// What a kernel may call on a std::vector and a hy::worklist besides
// indexing: empty(), front(), back(), at(i) and range iteration, on const
// and non-const containers, also in templates. The checks took them for
// writes of the whole container (non-const), and the device views lacked
// them, so nvcc refused the CUDA output; hy::worklist had no front(), back()
// or at() on the host. `v.at(i)` is the element v[i] (a write through it is
// an element write), `v.empty()` of a vector reads its size only, and a
// range-for reads the elements (writes them through a non-const
// reference: every iteration would, a race).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s --check-prefix=OMP
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %hyc --target=serial %s -o %t.s.cpp && %cxx -std=c++17 -fsyntax-only -I%hy_inc %t.s.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

void const_members(const std::vector<int> &v, const hy::worklist<int> &w, hy::array<int, 1> &out) {
#pragma hy parallel for
  for (int i = 0; i < 10; ++i) {
    int s = 0;
    if (!v.empty())
      s += v.front() + v.back() + v.at(i);
    for (int x : v)
      s += x;
    if (!w.empty())
      s += w.front() + w.back() + w.at(0);
    for (const int &x : w)
      s += x;
    out(i) = s;
  }
}
// CHECK: hy_const_members_L{{[0-9]+}}<<<{{.*}}(hy::cuda::device(v, hy::cuda::read,
// CHECK-SAME: hy::cuda::device(w, hy::cuda::read,
// CHECK-SAME: hy::cuda::device(out, hy::cuda::read_write,

// Non-const: the same reads, and at(i) written as an element.
// OMP-LABEL: void mutable_members(
void mutable_members(std::vector<int> &v, hy::worklist<int> &w, hy::array<int, 1> &out) {
#pragma hy parallel for
  for (int i = 0; i < 10; ++i) {
    int s = v.empty() ? 0 : v.front() + v.back();
    for (int x : v)
      s += x;
    s += w.empty() ? 0 : w.front() + w.back() + w.at(0);
    for (int x : w)
      s += x;
    out(i) = s;
  }
// The vector's view is private to each thread: at() and empty() are on it.
// OMP: [&, v = hy::view_of(v)]
#pragma hy parallel for
  for (int i = 0; i < 10; ++i)
    v.at(i) = v.empty() ? 0 : i;
}
// CHECK: hy_mutable_members_L{{[0-9]+}}<<<{{.*}}(hy::cuda::device(v, hy::cuda::read,
// CHECK-SAME: hy::cuda::device(w, hy::cuda::read,
// CHECK: hy_mutable_members_L{{[0-9]+}}<<<{{.*}}(hy::cuda::device(v, hy::cuda::read_write,

// In a template, where the calls are unresolved.
template <class T>
void dependent_members(std::vector<T> &v, hy::worklist<T> &w, hy::array<T, 1> &out) {
#pragma hy parallel for
  for (int i = 0; i < 10; ++i) {
    T s = v.empty() ? T(0) : v.front() + v.back() + v.at(i);
    for (T x : w)
      s += x;
    out(i) = s + (w.empty() ? T(0) : w.at(0));
  }
#pragma hy parallel for
  for (int i = 0; i < 10; ++i)
    v.at(i) = T(i);
}
// CHECK: hy_dependent_members_L{{[0-9]+}}<T><<<{{.*}}(hy::cuda::device(v, hy::cuda::read,
// CHECK-SAME: hy::cuda::device(w, hy::cuda::read,
// CHECK: hy_dependent_members_L{{[0-9]+}}<T><<<{{.*}}(hy::cuda::device(v, hy::cuda::read_write,

void run(std::vector<int> &v, hy::worklist<int> &w, hy::array<int, 1> &out,
         std::vector<double> &vd, hy::worklist<double> &wd, hy::array<double, 1> &od) {
  const_members(v, w, out);
  mutable_members(v, w, out);
  dependent_members(vd, wd, od);
}

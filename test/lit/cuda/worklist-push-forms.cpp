// A push to a worklist is a push however it is written: `w.push(v)` on a
// hy::worklist<T> of dependent T (an unresolved call in the template), or
// a call of a helper of the file whose parameter is only pushed to (also a
// helper template calling another). Each was taken for a write of the whole
// worklist ("declared outside this loop and written inside it"). The launch
// passes the list for appending and the kernel publishes its count.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// The helper templates are instantiated with a hy::worklist on the CPU path
// too (host code): nvcc's #20014-D about that is switched off for them
// (nv_exec_check_disable), so the output builds with every warning an error.
// RUN: %if nvcc %{ %nvcc -Werror all-warnings -Xcompiler -Wall,-Werror -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_dependent_L{{[0-9]+}}(
// CHECK: w.publish();
template <class T>
void dependent(const hy::array<T, 1> &a, hy::worklist<T> &w) {
#pragma hy parallel for
  for (int i = 0; i < 100; ++i)
    if (a(i) > T(0))
      w.push(a(i));
}
// CHECK: hy::cuda::device(w, hy::cuda::append,

// CHECK: _Pragma("nv_exec_check_disable") template <class W, class T> __host__ __device__ void add(W &w, T v) { w.push(v); }
template <class W, class T> void add(W &w, T v) { w.push(v); }
template <class W, class T> void add_two(W &w, T v) {
  add(w, v);
  add(w, v + 1);
}

// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_helper_L{{[0-9]+}}(
// CHECK: w.publish();
void helper(const hy::array<int, 1> &a, hy::worklist<int> &w) {
#pragma hy parallel for
  for (int i = 0; i < 100; ++i)
    if (a(i) > 0)
      add(w, a(i));
}
// CHECK: hy::cuda::device(w, hy::cuda::append,

// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_helper_dependent_L{{[0-9]+}}(
// CHECK: w.publish();
template <class T>
void helper_dependent(const hy::array<T, 1> &a, hy::worklist<T> &w) {
#pragma hy parallel for
  for (int i = 0; i < 100; ++i)
    if (a(i) > T(0))
      add_two(w, a(i));
}
// CHECK: hy::cuda::device(w, hy::cuda::append,

void run(hy::array<int, 1> &a, hy::worklist<int> &w, hy::array<float, 1> &b,
         hy::worklist<float> &wf) {
  dependent(a, w);
  dependent(b, wf);
  helper(a, w);
  helper_dependent(b, wf);
}

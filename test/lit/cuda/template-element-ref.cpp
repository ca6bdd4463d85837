// In a template, a call whose callee is not resolved yet (its arguments
// depend on the template's parameters) may still take an array element by
// non-const reference: hy::fetch_<op>(a(i), v), a helper template of the
// file (swap_elems(a(i), a(j)), bump(a(i), v)). Such a call writes the array: the launch
// passes it read_write (so the host gets the kernel's result back) and a
// privatized tile is added back into the array after its thread loop.
// Found by the generated programs on an H200 (units 30019 and 30090: the
// results of hy::fetch_add into a fetched tile and hy::fetch_max stayed on
// the device). Calls whose candidates take const T& (std::max) still read.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp --no-line-directives %s -o %t.cpp && %cxx -std=c++17 -fopenmp -I%hy_inc -fsyntax-only %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <algorithm>

template <class T> void bump(T &x, T v) { x += v; }
template <class T> void swap_elems(T &x, T &y) {
  T t = x;
  x = y;
  y = t;
}

// CHECK-LABEL: hy_tile_fetch_add_L{{[0-9]+}}(
template <class E>
void tile_fetch_add(hy::array<E, 1> &a, int s) {
#pragma hy parallel for reduction(+ : a)
  for (int b = 0; b < 9; ++b) {
#pragma hy parallel fetch(a : 37 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 16; ++t)
      hy::fetch_add(a((b * 16 + t * 7 + s) % 37), E(s));
  }
}
// CHECK: hy::fetch_add(hy_tile0_a[
// The tile goes back into the array after the thread loop.
// CHECK: __syncthreads(); for (int hy_e = hy_tid; hy_e < 37; hy_e += hy_nthreads) {{.*}}hy_tile0_a[hy_a0]
// CHECK: hy::cuda::device(a, hy::cuda::read_write,

// CHECK-LABEL: hy_global_fetch_max_L{{[0-9]+}}(
template <class E>
void global_fetch_max(hy::array<E, 1> &a, int s) {
#pragma hy parallel for reduction(max : a)
  for (int i = 0; i < 100; ++i)
    hy::fetch_max(a((i * 7 + s) % 64), E(i));
}
// CHECK: hy::cuda::device(a, hy::cuda::read_write,

// CHECK-LABEL: hy_swap_pairs_L{{[0-9]+}}(
template <class E>
void swap_pairs(hy::array<E, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < 50; ++i)
    swap_elems(a(2 * i), a(2 * i + 1));
}
// CHECK: hy::cuda::device(a, hy::cuda::read_write,

// CHECK-LABEL: hy_helper_bump_L{{[0-9]+}}(
template <class E>
void helper_bump(hy::array<E, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < 50; ++i)
    bump(a(i), E(1));
}
// CHECK: hy::cuda::device(a, hy::cuda::read_write,

// CHECK-LABEL: hy_max_reads_L{{[0-9]+}}(
template <class E>
void max_reads(const hy::array<E, 1> &a, hy::array<E, 1> &out) {
#pragma hy parallel for
  for (int i = 0; i < 50; ++i)
    out(i) = std::max(a(i), a(i + 1));
}
// CHECK: hy::cuda::device(a, hy::cuda::read,
// CHECK-SAME: hy::cuda::device(out, hy::cuda::read_write,

void run(hy::array<int, 1> &a, hy::array<float, 1> &f) {
  tile_fetch_add(a, 3);
  global_fetch_max(f, 2);
  swap_pairs(a);
  helper_bump(a);
  max_reads(a, a);
}

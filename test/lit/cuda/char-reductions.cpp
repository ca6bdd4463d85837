// Reductions of the character types: wchar_t and char32_t (4 bytes) and
// char16_t were accepted but the device reduce had no shuffle for them
// (a static_assert in nvcc); block_reduce now moves every integral type of
// up to 8 bytes through an int or long long. char8_t (C++20) across
// blocks is an error on CUDA (diag/kernel-types.cpp).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

// CHECK: hy::cuda::block_combine<hy::cuda::op::add>(hy_red_s,
wchar_t sum_w(const hy::array<wchar_t, 1> &a) {
  wchar_t s = 0;
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < 100; ++i)
    s += a(i);
  return s;
}
// CHECK: hy::cuda::block_combine<hy::cuda::op::bxor>(hy_red_s,
char32_t xor_32(const hy::array<char32_t, 1> &a) {
  char32_t s = 0;
#pragma hy parallel for reduction(^ : s)
  for (int i = 0; i < 100; ++i)
    s ^= a(i);
  return s;
}
// CHECK: hy::cuda::block_combine<hy::cuda::op::min>(hy_red_s,
char16_t min_16(const hy::array<char16_t, 1> &a) {
  char16_t s = 0xffff;
#pragma hy parallel for reduction(min : s)
  for (int i = 0; i < 100; ++i)
    s = a(i) < s ? a(i) : s;
  return s;
}
// Across a block's threads only (no device accumulator).
template <class C> void rows(const hy::array<C, 2> &a, hy::array<C, 1> &out) {
#pragma hy parallel for
  for (int r = 0; r < 10; ++r) {
    C m = 0;
#pragma hy parallel for into(threads) reduction(max : m)
    for (int t = 0; t < 64; ++t)
      m = a(r, t) > m ? a(r, t) : m;
    out(r) = m;
  }
}
void run(hy::array<wchar_t, 2> &a, hy::array<wchar_t, 1> &o, hy::array<char32_t, 2> &b,
         hy::array<char32_t, 1> &p) {
  rows(a, o);
  rows(b, p);
}

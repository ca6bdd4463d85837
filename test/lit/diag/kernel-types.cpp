// CUDA: what a kernel cannot have, with what to write instead: a variable of
// the function named only in decltype or sizeof (in the loop, or in an alias
// before it that the kernel copies: of a generic lambda's `auto` parameter,
// of a reduction variable), where the kernel has no such variable or holds
// an array as its view; a char8_t reduction across blocks, whose device
// accumulator nvcc (13.0) cannot pass to a kernel. The CPU targets take all.
// RUN: not %hyc --target=cuda %s -- -std=c++20 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %hyc --target=openmp %s -o %t.cpp -- -std=c++20 && %cxx -std=c++20 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
#include <hy/hy.hpp>

template <class T>
void only_in_decltype(hy::array<T, 1> &a, hy::array<T, 1> &b) {
#pragma hy parallel for
  for (int i = 0; i < 100; ++i) {
// CHECK: kernel-types.cpp:[[@LINE+1]]:14: error: kernel names variable 'a' of the function only in decltype or sizeof
    decltype(a(i)) y = b(i);
    y += T(1);
  }
}

template <class T>
T alias_of_reduction(const hy::array<T, 1> &a) {
  hy::minloc<T, int> m;
// CHECK: kernel-types.cpp:[[@LINE+1]]:23: error: kernel names variable 'm' of the function only in decltype or sizeof
  using ML = decltype(m);
#pragma hy parallel for reduction(min : m)
  for (int i = 0; i < 100; ++i) {
    ML c(a(i), i);
    m.update(c.value, c.index);
  }
  return m.value;
}

void lambda_alias(hy::array<float, 1> &out) {
  auto gl = [&](auto scale) {
// CHECK: kernel-types.cpp:[[@LINE+1]]:24: error: kernel names variable 'scale' of the function only in decltype or sizeof
    using S = decltype(scale);
#pragma hy parallel for
    for (int i = 0; i < 100; ++i)
      out(i) = float(S(i) * S(2));
  };
  gl(3);
}

char8_t xor_8(const hy::array<char8_t, 1> &a) {
  char8_t s = 0;
// CHECK: kernel-types.cpp:[[@LINE+1]]:39: error: reduction variable 's' has type 'char8_t', whose device accumulator nvcc cannot pass to a kernel
#pragma hy parallel for reduction(^ : s)
  for (int i = 0; i < 100; ++i)
    s ^= a(i);
  return s;
}

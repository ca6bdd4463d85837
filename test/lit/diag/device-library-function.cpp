// CUDA: a kernel (or a function of the file it calls) that calls a function
// of the system's C++ library that is not constexpr and not of the math
// library (std::swap in C++17, std::sort, std::accumulate) is an error at
// the call: nvcc compiles those for the host only and rejected hyc's output.
// In a template the call on dependent arguments names an overload set:
// it is an error when every candidate is such a function. Math functions
// (std::sqrt, sqrtf, std::fmin, std::isnan, abs), constexpr ones
// (std::max, std::min) and printf compile on the GPU: the last part of the
// test builds them with nvcc. The CPU targets accept the whole program.
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu -- -std=c++17 -DONLY_GOOD && %nvcc -DONLY_GOOD -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <utility>

inline int sum3(const int *p) { return std::accumulate(p, p + 3, 0); }

void plain(hy::array<int, 1> &a, hy::array<float, 1> &f) {
#pragma hy parallel for
  for (int i = 0; i < 50; ++i) {
#ifndef ONLY_GOOD
// CHECK-DAG: [[@LINE+1]]:5: error: this kernel runs on the GPU and calls 'std::swap' of the system's C++ library, which nvcc compiles for the host only (on the GPU: constexpr library functions and the math library): write the operation out, or call a function of the annotated file
    std::swap(a(2 * i), a(2 * i + 1));
#endif
    f(i) = std::sqrt(f(i)) + sqrtf(f(i)) + std::fmin(f(i), 1.0f) + std::max(f(i), 2.0f) +
           std::abs(f(i)) + (std::isnan(f(i)) ? 1.0f : 0.0f);
  }
}

void called(hy::array<int, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < 50; ++i) {
#ifndef ONLY_GOOD
    int three[3] = {i, i, i};
// CHECK-DAG: [[@LINE-19]]:40: error: 'sum3', which a kernel calls, runs on the GPU and calls 'std::accumulate' of the system's C++ library
    a(i) = sum3(three);
#endif
    if (a(i) < 0)
      printf("negative at %d\n", i);
  }
}

template <class E>
void swap_pairs(hy::array<E, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < 50; ++i) {
#ifndef ONLY_GOOD
// CHECK-DAG: [[@LINE+1]]:5: error: this kernel runs on the GPU and calls 'std::swap' of the system's C++ library
    std::swap(a(2 * i), a(2 * i + 1));
#endif
    a(2 * i) = std::max(a(2 * i), a(2 * i + 1)); // constexpr: fine
  }
}

void run(hy::array<int, 1> &a, hy::array<float, 1> &f) {
  plain(a, f);
  called(a);
  swap_pairs(a);
}

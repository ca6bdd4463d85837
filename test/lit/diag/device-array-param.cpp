// CUDA: a kernel holds its arrays as views (hy::cuda::view), so a function
// of the file that takes a hy::array, std::vector or worklist cannot be
// given one from a kernel (nvcc finds no conversion): an error at the
// argument that says how to write the function; a template parameter takes
// the view. The CPU targets accept the program. Found by the libFuzzer job
// (a kernel calling `peek(const hy::array<char, 1> &, int)`).
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu -- -std=c++17 -DONLY_GOOD && %nvcc -DONLY_GOOD -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

HY_HD inline int peek(const hy::array<char, 1> &v, int i) { return v(i); }
HY_HD inline double first(const std::vector<double> &v) { return v[0]; }
template <class A> HY_HD int look(const A &v, int i) { return v(i); }

void kernels(hy::array<char, 1> &visited, std::vector<double> &w, hy::array<int, 1> &count, int m) {
#pragma hy parallel for
  for (int e = 0; e < m; ++e) {
#ifndef ONLY_GOOD
// CHECK: [[@LINE+2]]:21: error: this kernel passes array 'visited' whole to 'peek', whose parameter 'v' has type 'const hy::array<char, 1> &'; on the GPU a kernel holds its arrays as views
// CHECK: [[@LINE+1]]:58: error: this kernel passes array 'w' whole to 'first'
    count(e) = peek(visited, e) + static_cast<int>(first(w));
#endif
    count(e) += look(visited, e); // a template: fine
  }
}

// CUDA: a kernel holds its arrays as views (hy::cuda::view), so a function
// of the file that takes a hy::array or std::vector (here marked HY_HD by
// hand) cannot be given one from a kernel: it gets a twin over the views
// that the kernel's call picks (cuda/array-helpers.cpp), and the original,
// host code now, loses its HY_HD (else nvcc would compile its calls of
// hy::array's host members for the device). A template parameter takes the
// view as before. Found by the libFuzzer job (a kernel calling
// `peek(const hy::array<char, 1> &, int)`), then an error (issue 29 item 2).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu -- -std=c++17 && %nvcc -Werror all-warnings -Xcompiler -Wall,-Werror -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

// CHECK: {{^}} inline int peek(const hy::array<char, 1> &v, int i) { return v(i); }
// CHECK: {{^}}HY_HD inline int peek(const hy::cuda::view<char, 1> v, int i) { return v(i); }
// CHECK: {{^}} inline double first(const std::vector<double> &v) { return v[0]; }
// CHECK: {{^}}HY_HD inline double first(const hy::cuda::view<double, 1> v) { return v[0]; }
HY_HD inline int peek(const hy::array<char, 1> &v, int i) { return v(i); }
HY_HD inline double first(const std::vector<double> &v) { return v[0]; }
template <class A> HY_HD int look(const A &v, int i) { return v(i); }

void kernels(hy::array<char, 1> &visited, std::vector<double> &w, hy::array<int, 1> &count, int m) {
#pragma hy parallel for
  for (int e = 0; e < m; ++e) {
    count(e) = peek(visited, e) + static_cast<int>(first(w));
    count(e) += look(visited, e); // a template: fine
  }
}

// CUDA: code that runs on the GPU cannot create an object of a library type
// whose constructor or destructor has no device version (std::vector,
// std::string, std::unique_ptr, hy::array: they own host memory): an error
// at the object, once per object, in kernels and in the functions they
// call; nvcc refused the output ("calling a __host__ function from a
// __global__ function"). Library types that are constexpr or HY_HD
// (std::array, std::pair, hy::minloc) stay accepted. The CPU targets
// accept the program. Found by the nvcc oracle of test/fuzz (a kernel-local
// hy::array in the zones lit input).
// Kernels are checked first (CHECK), then the functions they call (DEVICE):
// RUN: not %hyc --target=cuda %s 2> %t.err
// RUN: FileCheck %s < %t.err && FileCheck %s -check-prefix=DEVICE < %t.err
// RUN: grep -c "error:" %t.err | FileCheck %s -check-prefix=COUNT
// COUNT: 5
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu -- -std=c++17 -DONLY_GOOD && %nvcc -DONLY_GOOD -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

int sizeOf(int i) {
#ifndef ONLY_GOOD
// DEVICE: [[@LINE+1]]:15: error: 'sizeOf', which a kernel calls, runs on the GPU and creates 's' of type 'std::string', whose 'std::basic_string<char>::basic_string' has no device version (a library type that owns host memory, or a function neither constexpr nor HY_HD): create it outside the loop and pass it in, or use a fixed-size local array or a struct of this file
  std::string s(3, 'x');
  return static_cast<int>(s.size()) + i;
#else
  return i;
#endif
}

void kernels(hy::array<int, 1> &out, hy::array<int, 1> &in, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
#ifndef ONLY_GOOD
// CHECK: [[@LINE+1]]:22: error: this kernel runs on the GPU and creates 'v' of type 'std::vector<int>', whose 'std::vector<int>::vector' has no device version
    std::vector<int> v(4, i);
// CHECK: [[@LINE+1]]:23: error: this kernel runs on the GPU and creates 'scratch' of type 'hy::array<int, 1>', whose 'hy::array<int, 1>::array' has no device version
    hy::array<int, 1> scratch(8);
// Only the destructor is the host's (the default constructor is constexpr).
// CHECK: [[@LINE+1]]:26: error: this kernel runs on the GPU and creates 'p' of type 'std::unique_ptr<int>', whose 'std::unique_ptr<int>::~unique_ptr' has no device version
    std::unique_ptr<int> p;
// CHECK: [[@LINE+1]]:19: error: this kernel runs on the GPU and creates a temporary of type 'std::string', whose 'std::basic_string<char>::~basic_string' has no device version
    out(i) = (int)std::string("ab").size() + v[1] + scratch(0) + (p ? 1 : 0) + sizeOf(i);
#endif
    std::array<int, 3> three{i, i + 1, i + 2};
    std::pair<int, int> two(i, 2 * i);
    hy::minloc<int, int> best(in(i), i);
    out(i) += three[1] + two.second + best.value;
  }
}

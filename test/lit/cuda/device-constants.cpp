// CUDA: constants at namespace scope (or static members) that device code
// needs get a copy of their exact value where it runs: a function a kernel
// calls gets them at the start of its body when it indexes an array, binds a
// reference to one, or reads one nvcc cannot (not constexpr and not an
// integer, like `const float`); a kernel gets them in its preamble. A
// qualified name (`tbl::kTable`) is then named plainly. Helpers in headers
// marked HY_HD or constexpr may be called.
// RUN: %hyc --target=cuda --no-line-directives %s -- -std=c++17 -I%S/Inputs | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu -- -std=c++17 -I%S/Inputs && %nvcc -I%hy_inc -I%S/Inputs -c %t.cu -o %t.o %}
// RUN: %hyc --target=openmp %s -o %t.cpp -- -std=c++17 -I%S/Inputs && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc -I%S/Inputs %t.cpp
#include "device-helpers.h"
#include <algorithm>

namespace tbl {
constexpr int kTable[4] = {1, 2, 3, 4};
}
const float kWeights[2] = {0.5f, 1.5f}; // const, not constexpr: copied too
const double kScale = 1.5;
constexpr double kCap = 2.5;
constexpr int kSmall = 3; // read by value: nvcc takes its value as it is
struct Lut {
  static constexpr int kArr[3] = {7, 8, 9};
};

// CHECK-LABEL: __host__ __device__ float lookup(int i) {
// CHECK-SAME: static constexpr int kTable[4] = {1, 2, 3, 4};
// CHECK-SAME: static constexpr int kArr[3] = {7, 8, 9};
// CHECK-SAME: static constexpr float kWeights[2] = {0x1p-1f, 0x1.8p0f};
// CHECK-SAME: static constexpr double kCap = 0x1.4p1;
// CHECK-SAME: static constexpr double kScale = 0x1.8p0;
// CHECK-NOT: kSmall =
// CHECK-NEXT: return kTable[i % 4] + kArr[i % 3] + kWeights[i % 2] + std::min(kCap, 3.0) + kScale + kSmall;
float lookup(int i) {
  return tbl::kTable[i % 4] + Lut::kArr[i % 3] + kWeights[i % 2] + std::min(kCap, 3.0) + kScale + kSmall;
}

// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_apply_L{{[0-9]+}}(
// CHECK-NEXT: static constexpr float kWeights[2] = {0x1p-1f, 0x1.8p0f};
// CHECK-NEXT: constexpr double kScale = 0x1.8p0;
// CHECK: a(i) = markedHelper(a(i)) + square(a(i)) + kScale + kWeights[i % 2] + lookup(i);
void apply(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = markedHelper(a(i)) + square(a(i)) + kScale + kWeights[i % 2] + lookup(i);
}

// CUDA: what code that runs on the GPU may do, checked in kernels and in
// the functions of the file they call, transitively (errors that nvcc would
// otherwise give on hyc's output, or silent differences): no exceptions, no
// RTTI, no non-constant globals, no 'long double', no reduction of 128-bit
// integers, and calls only to functions nvcc compiles for the device. The
// CPU targets accept the same input.
// Kernels are checked first (KERNEL), then the functions they call (DEVICE):
// RUN: not %hyc --target=cuda %s -- -std=c++17 -I%S/Inputs 2> %t.err
// RUN: FileCheck %s -check-prefix=KERNEL < %t.err && FileCheck %s -check-prefix=DEVICE < %t.err
// RUN: grep -c "error:" %t.err | FileCheck %s -check-prefix=COUNT
// COUNT: 12
// RUN: %hyc --target=openmp %s -o %t.cpp -- -std=c++17 -I%S/Inputs && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc -I%S/Inputs %t.cpp
#include "device-helpers.h"
#include <stdexcept>
#include <typeinfo>

float gScale = 2;
struct Counters { static int hits; };
int Counters::hits = 0;

float readsGlobal(float x) {
// DEVICE: [[@LINE+2]]:14: error: 'readsGlobal', which a kernel calls, runs on the GPU and uses the non-constant global variable 'gScale', which has no copy there: pass its value as a parameter (or make it constexpr)
// DEVICE: [[@LINE+1]]:33: error: 'readsGlobal', which a kernel calls, runs on the GPU and uses the non-constant global variable 'hits'
  return x * gScale + Counters::hits;
}
float throws(float x) {
  if (x < 0)
// DEVICE: [[@LINE+1]]:5: error: 'throws', which a kernel calls, runs on the GPU, where C++ exceptions do not exist: report the error another way (a flag or a value the host checks)
    throw std::runtime_error("negative");
  return x;
}
float catches(float x) {
// DEVICE: [[@LINE+1]]:3: error: 'catches', which a kernel calls, runs on the GPU, where C++ exceptions do not exist
  try {
    return x;
  } catch (...) {
    return 0;
  }
}
float rtti(float x) {
// DEVICE: [[@LINE+2]]:10: error: 'rtti', which a kernel calls, runs on the GPU, which has no run-time type information (typeid, dynamic_cast): decide the type another way
// DEVICE: [[@LINE+1]]:23: error: 'rtti', which a kernel calls, runs on the GPU, which has no run-time type information
  return typeid(x) == typeid(float) ? x : 0;
}
// Checked transitively: a kernel calls `deeper`, which calls readsGlobal.
float deeper(float x) { return readsGlobal(x) + throws(x) + catches(x) + rtti(x); }

void kernels(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
// KERNEL: [[@LINE+3]]:12: error: this kernel runs on the GPU and calls 'plainHelper', defined in 'device-helpers.h', which hyc does not rewrite: mark it HY_HD (from <hy/hy.hpp>) or constexpr, or define it in the annotated file
// KERNEL: [[@LINE+2]]:32: error: this kernel runs on the GPU and calls 'plainTemplate', defined in 'device-helpers.h'
// KERNEL: [[@LINE+1]]:54: error: this kernel runs on the GPU and calls 'Meters::Meters', defined in 'device-helpers.h'
    a(i) = plainHelper(a(i)) + plainTemplate(a(i)) + Meters(a(i)).v;
    a(i) += markedHelper(a(i)) + constexprHelper(a(i)) + deeper(a(i));
    if (a(i) < 0)
// KERNEL: [[@LINE+1]]:7: error: this kernel runs on the GPU, where C++ exceptions do not exist
      throw 1;
  }
}

long double longDouble(hy::array<double, 1> &a, int n) {
  long double s = 0;
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
// KERNEL: [[@LINE+1]]:7: error: this kernel runs on the GPU, where nvcc computes 'long double' as 'double' (and lays out its arrays otherwise), so it would not compute the values of the CPU: use double
    s += a(i);
  return s;
}

__int128 wide(hy::array<int, 1> &a, int n) {
  __int128 s = 0;
// KERNEL: [[@LINE+1]]:39: error: reduction variable 's' has type '__int128', which the GPU cannot combine (its shuffles and atomics take values of up to 8 bytes): reduce into a 'long long' or 'unsigned long long'
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += a(i);
  return s;
}

// A kernel that the checks reject (an error of its own, a race that
// -Werror makes one, a bad clause beside them) is not translated, but its
// other problems are still reported in the same run, each once: on the
// CUDA target its device code (a call without a body, an exception,
// 'long double', what the functions it calls do, helpers that take arrays,
// reduction types the GPU cannot combine), and on every target the shared
// memory of its tiles (an error for CUDA, a warning for the CPU targets and
// the clang plugin: test/lit/plugin/rejected-kernel.cpp runs this file).
// RUN: not %hyc --target=cuda --cuda-arch=sm_86 %s -o %t.cu -- -std=c++17 -Werror=hy-race 2>&1 | FileCheck %s --check-prefixes=CHECK,CUDA --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %hyc --target=serial --cuda-arch=sm_86 %s -o %t.cpp -- -std=c++17 -Werror=hy-race 2>&1 | FileCheck %s --check-prefixes=CHECK,CPU --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cu
// RUN: not test -e %t.cpp
#include <hy/hy.hpp>
#include <stdexcept>
#include <typeinfo>

float external(float);
int counter;

// A function that a rejected kernel and a good one both call: its problem
// once.
float scaled(float x) {
  // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:14: error: 'scaled', which a kernel calls, runs on the GPU and uses the non-constant global variable 'counter', which has no copy there
  return x * counter;
}

// A helper that takes an array and is a member (no device version can be
// made of it).
struct Table {
  // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:16: error: 'Table::first' is a member function that takes array 'a' by reference
  static float first(const hy::array<float, 1> &a) { return a(0); }
};

float written(hy::array<float, 1> &a, int n) {
  float last = 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    // CHECK-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it
    last = a(i);
    // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:12: error: function 'external' is called in a kernel but has no body in this translation unit
    a(i) = external(a(i));
    // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:17: error: this kernel runs on the GPU, where nvcc computes 'long double' as 'double'
    long double wide = a(i);
    a(i) = static_cast<float>(wide);
  }
  return last;
}

void racy(hy::array<float, 1> &a, const hy::array<float, 1> &b, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    // CHECK-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:5: error: different iterations of the parallel loops around this write may write the same element of 'a' {{.*}} [-Werror,-Why-race]
    a(0) = b(i);
    // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:19: error: this kernel runs on the GPU, where C++ exceptions do not exist
    if (b(i) < 0) throw std::runtime_error("negative");
    // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:17: error: this kernel runs on the GPU, which has no run-time type information
    if (b(i) && typeid(b).name()[0] == 'N')
      a(i) = scaled(b(i));
    a(i) = a(i) + Table::first(b);
  }
}

void good(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = scaled(a(i));
}

// A bad clause beside the loop's own error: the reduction the GPU cannot
// combine and the call are reported too.
__int128 wide(hy::array<long long, 1> &a, int n) {
  __int128 sum = 0;
  long long last = 0;
// CHECK-DAG: rejected-kernel-device.cpp:[[@LINE+2]]:25: error: unknown clause 'colapse' in '#pragma hy parallel for'
// CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:50: error: reduction variable 'sum' has type '__int128', which the GPU cannot combine
#pragma hy parallel for colapse(2) reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    sum += a(i);
    // CHECK-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it
    last = a(i);
    // CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:12: error: function 'external' is called in a kernel but has no body in this translation unit
    a(i) = external(a(i));
  }
  return sum + last;
}

// 160 x 160 floats: 104960 bytes of tiles, over sm_86's 101376.
float tiled(hy::array<float, 2> &a, int n) {
  float last = 0;
// CUDA-DAG: rejected-kernel-device.cpp:[[@LINE+3]]:3: error: fetch tiles of this kernel need 104960 bytes of shared memory per block; the limit of sm_86 is 101376 bytes
// CPU-DAG: rejected-kernel-device.cpp:[[@LINE+2]]:3: warning: fetch tiles of this kernel need 104960 bytes of shared memory per block; the limit of sm_86 is 101376 bytes, so the CUDA build of this source will fail (--cuda-arch names the GPU) [-Why-shared-memory]
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
    // CHECK-DAG: rejected-kernel-device.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it
    last = b;
#pragma hy parallel fetch(a : 160, 160 : b * 160, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 160; ++t)
      a(b * 160 + t, t) += 1;
  }
  return last;
}

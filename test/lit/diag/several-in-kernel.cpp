// Every independent problem of one kernel is reported, not only the
// first: each bad clause of a pragma (the parser reports it, leaves the
// clause out and keeps the rest, so the loop is still checked), and then
// the loop's own errors and warnings: a write to an outer scalar, two
// different racy writes, a push_back, a call without a body on the GPU.
// The variables a bad reduction clause names are not reported again as
// written (its error says what is wrong), and a reduction clause whose
// variables could not be read silences the loop's outer-scalar writes.
// RUN: not %hyc --target=openmp %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %hyc --target=cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefixes=CHECK,CUDA --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cpp
#include <hy/hy.hpp>
#include <vector>

float external(float);

float several(hy::array<int, 1> &hist, const hy::array<int, 1> &key, std::vector<int> &out,
              int n) {
  float last = 0;
  int total = 0;
// CHECK-DAG: several-in-kernel.cpp:[[@LINE+3]]:25: error: unknown clause 'colapse' in '#pragma hy parallel for'
// CHECK-DAG: several-in-kernel.cpp:[[@LINE+2]]:46: error: invalid reduction operator '-'
// CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:68: error: 'min_blocks' takes an integer from 1 to 32
#pragma hy parallel for colapse(2) reduction(- : total) min_blocks(99)
  for (int i = 0; i < n; ++i) {
    // CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it
    last = i;
    total += i;
    // CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:5: warning: different iterations of the parallel loops around this write may write the same element of 'hist' ({{.*}} [-Why-race]
    hist(key(i)) += 1;
    // CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:5: warning: different iterations of the parallel loops around this write may write the same element of 'hist' ({{.*}} [-Why-race]
    hist(key(i) / 2) = 0;
    // CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:5: error: 'out' is declared outside this 'parallel for' loop and grows here
    out.push_back(i);
  }
  return last + total;
}

// A bad clause and a call nvcc cannot compile for the GPU: both.
void clauseAndCall(hy::array<float, 1> &a, int n) {
// CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:25: error: unknown clause 'shared' in '#pragma hy parallel for'
#pragma hy parallel for shared(a)
  for (int i = 0; i < n; ++i)
    // CUDA-DAG: several-in-kernel.cpp:[[@LINE+1]]:12: error: function 'external' is called in a kernel but has no body in this translation unit
    a(i) = external(a(i));
}

// A reduction clause whose variables cannot be read: the writes to outer
// scalars are not reported (they may be its own), the rest is.
int unreadable(std::vector<int> &out, int n) {
  int s = 0;
// CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:39: error: expected a variable name in 'reduction'
#pragma hy parallel for reduction(+ : )
  for (int i = 0; i < n; ++i) {
    s += i;
    // CHECK-DAG: several-in-kernel.cpp:[[@LINE+1]]:5: error: 'out' is declared outside this 'parallel for' loop and grows here
    out.push_back(i);
  }
  return s;
}

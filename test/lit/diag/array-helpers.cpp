// CUDA: functions that take arrays by reference, called from kernels, get
// a device twin over the kernel's views (cuda/array-helpers.cpp); the forms
// a twin cannot be made of are errors at their place: a member function, an
// array by value, a use of the array parameter a view has no counterpart
// of (its address, a reference or copy kept, an operator, a member the view
// lacks), a function of a header hyc does not rewrite or of another
// translation unit, two twins of one signature, and what any device code
// may not do (a call of a host function). The CPU targets accept it all.
// The call of a function of another translation unit is found first
// (with the functions kernels call), then the twins' clash; what device
// code may not do (objects of host memory, host calls) with the kernels'
// and functions' other device checks; these are ELSE, the rest in order:
// RUN: not %hyc --target=cuda %s -- -std=c++17 -I%S/Inputs 2> %t.err
// RUN: FileCheck %s --check-prefix=ELSE < %t.err
// RUN: grep -v -e "'elsewhere' is defined" -e "creates 'copy'" -e "creates a temporary" -e "calls 'headerPlain'" -e "'same' and another" %t.err | FileCheck %s --implicit-check-not=error:
// RUN: %hyc --target=openmp %s -o %t.cpp -- -std=c++17 -I%S/Inputs && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc -I%S/Inputs %t.cpp
#include "array-helpers.h"
#include <vector>

struct Table {
// CHECK: [[@LINE+1]]:14: error: 'Table::lookup' is a member function that takes array 'a' by reference; a kernel calls it with its view of the array
  static int lookup(const hy::array<int, 1> &a, int i) { return a(i); }
};

// CHECK: [[@LINE+1]]:38: error: 'byValue', which a kernel calls, takes array 'a' by value: on the CPU that copies the array in every call, and on the GPU, where the kernel holds the array as a view, there is no copy to make; take it by reference ('const hy::array<int, 1> &a' when it only reads it)
int byValue(int i, hy::array<int, 1> a) { return a(i); }

int uses(const hy::array<int, 1> &a, const std::vector<int> &v, int i) {
// CHECK: [[@LINE+1]]:20: error: 'uses', which a kernel calls, uses its array parameter 'a' to take its address; on the GPU 'a' is the kernel's view of the array
  const auto *p = &a;
// CHECK: [[@LINE+1]]:32: error: 'uses', which a kernel calls, uses its array parameter 'a' to initialize 'r', which would hold it beyond the call
  const hy::array<int, 1> &r = a;
// CHECK: [[@LINE+2]]:28: error: 'uses', which a kernel calls, uses its array parameter 'a' to make a copy of it
// ELSE-DAG: [[@LINE+1]]:21: error: 'uses', which a kernel calls, runs on the GPU and creates 'copy' of type 'hy::array<int, 1>', whose 'hy::array<int, 1>::array' has no device version
  hy::array<int, 1> copy = a;
// CHECK: [[@LINE+1]]:20: error: 'uses', which a kernel calls, uses its array parameter 'v' in a call of its member 'data'
  const int *raw = v.data();
  return p->size() + r(i) + copy(i) + raw[i];
}

// Defined in another translation unit.
int elsewhere(const hy::array<int, 1> &a, int i);

// Two twins of one signature: both would take hy::cuda::view<int, 1>.
int same(const hy::array<int, 1> &a) { return a(0); }
// ELSE-DAG: [[@LINE+1]]:5: error: 'same' and another function of this name, which kernels both call with arrays, would have the same device version
int same(const std::vector<int> &v) { return v[0]; }

int callsHost(const hy::array<int, 1> &a, int i) {
// ELSE-DAG: [[@LINE+1]]:10: error: 'callsHost', which a kernel calls, runs on the GPU and calls 'headerPlain', defined in 'array-helpers.h'
  return headerPlain(a(i));
}

void kernels(const hy::array<int, 1> &a, const std::vector<int> &v, const std::vector<int> &cv,
             hy::array<int, 1> &out, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
// The copy for byValue is one more object of host memory:
// ELSE-DAG: [[@LINE+1]]:47: error: this kernel runs on the GPU and creates a temporary of type 'hy::array<int, 1>'
    out(i) = Table::lookup(a, i) + byValue(i, a) + uses(a, v, i) + same(a) + same(cv) +
             callsHost(a, i) + headerLook(a, i);
// CHECK: [[@LINE+2]]:26: error: this passes array 'a' to 'headerPeek', whose parameter 'a' has type 'const hy::array<int, 1> &', and 'headerPeek' is defined in 'array-helpers.h', which hyc does not rewrite; on the GPU a kernel holds its arrays as views
// ELSE-DAG: [[@LINE+1]]:44: error: this passes array 'a' to 'elsewhere', whose parameter 'a' has type 'const hy::array<int, 1> &', and 'elsewhere' is defined in another translation unit
    out(i) += headerPeek(a, i) + elsewhere(a, i);
  }
}

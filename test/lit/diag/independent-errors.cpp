// One run reports every independent error: a C++ error in one function
// leaves out only that function (its pragmas are not checked), an
// annotation error in one kernel leaves out only that kernel, and the
// CUDA printer still checks the kernels that passed (shared memory, calls
// without a body). A clean kernel among them adds nothing.
// RUN: not %hyc --target=cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cu
#include <hy/hy.hpp>

float external(float);

void cxxError(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK-DAG: independent-errors.cpp:[[@LINE+1]]:12: error: use of undeclared identifier 'undeclared'
    a(i) = undeclared(i);
}

float annotationError(hy::array<float, 1> &a, int n) {
  float last = 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK-DAG: independent-errors.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it
    last = a(i);
  return last;
}

void pragmaError(hy::array<float, 1> &a, int n) {
// CHECK-DAG: independent-errors.cpp:[[@LINE+1]]:25: error: unknown clause 'colapse' in '#pragma hy parallel for'
#pragma hy parallel for colapse(2)
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}

void tooBig(hy::array<double, 2> &a, int n) {
// CHECK-DAG: independent-errors.cpp:[[@LINE+2]]:3: error: fetch tiles of this kernel need {{[0-9]+}} bytes of shared memory per block; the limit of sm_90 is 232448 bytes
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel fetch(a : 128, 256 : b * 128, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t)
      a(b * 128 + t, 0) += 1;
  }
}

void noBody(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK-DAG: independent-errors.cpp:[[@LINE+1]]:12: error: function 'external' is called in a kernel but has no body in this translation unit
    a(i) = external(a(i));
}

void clean(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

// hy's clang plugin reports hyc's errors during an ordinary compile, with
// hyc's text at the same places (the same CHECK lines for both), every
// independent one, and the compile fails (no object file).
// REQUIRES: hy-plugin
// RUN: not %clangxx -fplugin=%hy_plugin -std=c++17 -I%hy_inc -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.o
// RUN: not %hyc --target=serial %s -o %t.cpp -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <hy/hy.hpp>

float outer(hy::array<float, 1> &a, int n) {
  float last = 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    // CHECK-DAG: errors.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it; iterations must be independent (name it in 'reduction(OP : last)' if it is a reduction)
    last = a(i);
  // CHECK-DAG: errors.cpp:[[@LINE-5]]:9: note: 'last' is declared here
  return last;
}

void clause(hy::array<float, 1> &a, int n) {
  // CHECK-DAG: errors.cpp:[[@LINE+1]]:25: error: unknown clause 'colapse' in '#pragma hy parallel for'
#pragma hy parallel for colapse(2)
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}

void threads(hy::array<float, 1> &a, int n) {
  // CHECK-DAG: errors.cpp:[[@LINE+1]]:25: error: 'into(threads)' loop outside a block-level 'parallel for'
#pragma hy parallel for into(threads)
  for (int t = 0; t < n; ++t)
    a(t) = 0;
}

void cxxError(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    // CHECK-DAG: errors.cpp:[[@LINE+1]]:12: error: use of undeclared identifier 'undeclared'
    a(i) = undeclared(i);
}

void clean(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

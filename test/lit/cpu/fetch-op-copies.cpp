// The OpenMP target's per-thread copies of an array reduction
// (hy::privatize) and hy::fetch_<op> (issue 26, family 4): a copy would hand
// back the thread's partial value, so an array that a kernel updates with
// hy::fetch_<op> keeps one atomic per update (the call itself), whether the
// result is used or not; the same array updated with += goes to copies.
// RUN: %hyc --target=openmp --report --no-line-directives %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -std=c++17 -fopenmp -I%hy_inc -fsyntax-only %t.cpp
#include <hy/hy.hpp>

// REPORT: fetch-op-copies.cpp:[[@LINE+2]]:39: remark: array reduction 'count' (+): one atomic per update; hy::fetch_<op> returns the value the other iterations left, so every update stays atomic
void tickets(const hy::array<int, 1> &key, hy::array<int, 1> &count, hy::array<int, 1> &ticket, int n) {
#pragma hy parallel for reduction(+ : count)
  for (int i = 0; i < n; ++i)
    ticket(i) = hy::fetch_add(count(key(i) % 16), 1);
}
// CHECK-LABEL: void tickets(
// CHECK-NOT: hy::privatize
// CHECK: ticket(i) = hy::fetch_add(count(key(i) % 16), 1);

// REPORT: fetch-op-copies.cpp:[[@LINE+2]]:41: remark: array reduction 'count' (min): one atomic per update; hy::fetch_<op> returns
void unused(const hy::array<int, 1> &key, hy::array<int, 1> &count, int n) {
#pragma hy parallel for reduction(min : count)
  for (int i = 0; i < n; ++i)
    hy::fetch_min(count(key(i) % 16), i);
}
// CHECK-LABEL: void unused(
// CHECK-NOT: hy::privatize
// CHECK: hy::fetch_min(count(key(i) % 16), i);

// REPORT: fetch-op-copies.cpp:[[@LINE+2]]:39: remark: array reduction 'count' (+): per-thread copies
void plain(const hy::array<int, 1> &key, hy::array<int, 1> &count, int n) {
#pragma hy parallel for reduction(+ : count)
  for (int i = 0; i < n; ++i)
    count(key(i) % 16) += 1;
}
// CHECK-LABEL: void plain(
// CHECK: hy::privatize<hy::ops::add>(count,

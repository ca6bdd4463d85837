// Where zone loops ('into(devices)') may stand: host loops that enclose
// kernels, one level, without 'min_blocks' (structure; zones-rules.cpp has
// the data rules).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <vector>

void in_kernel(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
// CHECK: [[@LINE+2]]:25: error: 'into(devices)' loop inside a kernel; a zone loop is host code whose iterations may launch kernels, so it must enclose them
// CHECK: :[[@LINE-2]]:3: note: enclosing loop is here
#pragma hy parallel for into(devices)
    for (int i = 0; i < n; ++i)
      a(i) = b;
  }
}

void in_threads(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 4; ++t) {
// CHECK: [[@LINE+1]]:25: error: 'into(devices)' loop inside a kernel
#pragma hy parallel for into(devices)
      for (int i = 0; i < n; ++i)
        a(i) = b + t;
    }
}
// CHECK: :[[@LINE-9]]:3: note: enclosing loop is here

void nested(hy::array<int, 1> &a, int n) {
#pragma hy parallel for into(devices) reduction(+ : a)
  for (int p = 0; p < n; ++p)
// CHECK: [[@LINE+2]]:25: error: 'into(devices)' loop inside another 'into(devices)' loop; zones are one level
// CHECK: :[[@LINE-2]]:3: note: enclosing loop is here
#pragma hy parallel for into(devices)
    for (int q = 0; q < n; ++q)
      a(q) += p;
}


void clauses(hy::array<int, 1> &a, int n) {
// CHECK: [[@LINE+1]]:39: error: 'min_blocks' on an 'into(devices)' loop; put it on the outermost block loop of a kernel
#pragma hy parallel for into(devices) min_blocks(2)
  for (int p = 0; p < n; ++p)
    a(p) += 1;
}

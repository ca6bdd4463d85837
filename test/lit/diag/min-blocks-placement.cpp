// 'min_blocks(N)' belongs on the outermost block-level loop of a kernel.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

void f(hy::array<int, 2> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:25: error: 'min_blocks' must be on the outermost 'parallel for' of the kernel
#pragma hy parallel for min_blocks(2)
    for (int j = 0; j < n; ++j) a(i, j) = 0;
// CHECK: note: enclosing loop is here
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:39: error: 'min_blocks' applies to the block-level loops of a kernel, not to an 'into(threads)' loop
#pragma hy parallel for into(threads) min_blocks(2)
    for (int j = 0; j < n; ++j) a(i, j) = 0;
}

// 'min_blocks(N)' takes an integer literal from 1 to 32, once (placement:
// min-blocks-placement.cpp).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

void f(hy::array<int, 2> &a, int n) {
// CHECK: [[@LINE+1]]:36: error: 'min_blocks' takes an integer from 1 to 32 (blocks per multiprocessor); found '0'
#pragma hy parallel for min_blocks(0)
  for (int i = 0; i < n; ++i) a(i, 0) = 0;
// CHECK: [[@LINE+1]]:36: error: 'min_blocks' takes an integer from 1 to 32 (blocks per multiprocessor); found '33'
#pragma hy parallel for min_blocks(33)
  for (int i = 0; i < n; ++i) a(i, 0) = 0;
// CHECK: [[@LINE+1]]:36: error: expected an integer literal in 'min_blocks(...)'
#pragma hy parallel for min_blocks(n)
  for (int i = 0; i < n; ++i) a(i, 0) = 0;
// CHECK: [[@LINE+1]]:39: error: duplicate 'min_blocks' clause
#pragma hy parallel for min_blocks(2) min_blocks(2)
  for (int i = 0; i < n; ++i) a(i, 0) = 0;
// CHECK: [[@LINE+1]]:37: error: expected ')' after the 'min_blocks' value
#pragma hy parallel for min_blocks(2
  for (int i = 0; i < n; ++i) a(i, 0) = 0;
}

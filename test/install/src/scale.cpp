// The outside project's annotated source: scales rows in blocks of threads.
// Its shape comes from a quoted include beside it, its factor from a compile
// definition through a C++20 consteval function: hyc must see all three.
#include "scale_shape.h"
#include <hy/hy.hpp>
#include <cstdio>

consteval int factor() { return SCALE_FACTOR; }

int main() {
  const int f = factor();
  hy::array<int, 2> a(kRows, kCols);
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j)
      a(i, j) = i * kCols + j;
  long long sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < kRows; ++i)
#pragma hy parallel for into(threads)
    for (int j = 0; j < kCols; ++j) {
      a(i, j) *= f;
      sum += a(i, j);
    }
  std::printf("%lld %d\n", sum, a(kRows - 1, kCols - 1));
  return 0;
}

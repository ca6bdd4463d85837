// A clean annotated source for lit tests that need one (driver/sarif.cpp).
#include <hy/hy.hpp>

void twice(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

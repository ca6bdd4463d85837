// An annotated header with a template kernel (lit: diag/headers.cpp).
#pragma once
#include <hy/hy.hpp>

template <class T>
void inc(hy::array<T, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < a.extent(0); ++i)
    a(i) += 1;
}

// An annotated header beside the output hyc is asked to write (lit: diag/headers.cpp).
#pragma once
#include <hy/hy.hpp>

template <class T>
void inc(hy::array<T, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < a.extent(0); ++i)
    a(i) += 1;
}

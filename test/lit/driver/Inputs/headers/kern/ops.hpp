// A header-only library of template kernels (lit: driver/headers.cpp): hyc
// translates it for each target beside the translated sources that include
// it; it includes another annotated header from its own directory.
#pragma once
#include "detail.hpp"
#include <hy/hy.hpp>

namespace kern {

template <class T>
void scale(hy::array<T, 1> &a, T f) {
#pragma hy parallel for
  for (int i = 0; i < (int)a.extent(0); ++i)
    a(i) = detail::twice(a(i)) * f;
}

template <class T>
struct Summer {
  static T sum(const hy::array<T, 1> &a) {
    T s = 0;
#pragma hy parallel for reduction(+ : s)
    for (int i = 0; i < (int)a.extent(0); ++i)
      s += a(i);
    return s;
  }
};

} // namespace kern

// The annotated header kern/ops.hpp includes (lit: driver/headers.cpp):
// an include guard, a template kernel and a constexpr helper.
#ifndef KERN_DETAIL_HPP
#define KERN_DETAIL_HPP
#include <hy/hy.hpp>

namespace kern::detail {

template <class T>
constexpr T twice(T x) { return x + x; }

template <class T>
void fill(hy::array<T, 1> &a, T step) {
#pragma hy parallel for
  for (int i = 0; i < (int)a.extent(0); ++i)
    a(i) = i * step;
}

} // namespace kern::detail
#endif

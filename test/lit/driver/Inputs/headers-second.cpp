// The second source of lit test driver/headers.cpp: it includes the same
// annotated header and instantiates the same templates.
#include <kern/ops.hpp>

float part(int n) {
  hy::array<float, 1> a(n);
  kern::detail::fill(a, 1.0f);
  kern::scale(a, 2.0f);
  return kern::Summer<float>::sum(a);
}

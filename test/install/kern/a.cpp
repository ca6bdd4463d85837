// One of two annotated sources of kernapp that include the header-only
// kernel library <kern/ops.hpp> and instantiate the same templates.
#include <kern/ops.hpp>

int sum_a(int n) {
  hy::array<int, 1> a(n);
  kern::ramp(a);
  return kern::total(a);
}

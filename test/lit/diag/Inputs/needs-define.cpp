// Translates only with -DHY_FROM_DATABASE=1, which the compile_commands.json
// that driver.cpp writes next to it supplies.
#include <hy/hy.hpp>
#if !HY_FROM_DATABASE
#error "compiled without the flags of compile_commands.json"
#endif

void twice(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

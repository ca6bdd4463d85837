// The OpenMP output's shape of a loop whose array reduction has per-thread
// copies (hy::privatize, CpuKernel.cpp): a region, each thread's handle,
// the work-sharing loop, the combine. Shared by the runtime tests that run
// such loops (cpu_privatize_test.cpp, identity_test.cpp).
#pragma once

#include <hy/hy.hpp>

namespace hy_test {

// Runs update(handle, i) for i in [0, trips); returns the mode chosen.
template <class Op, class A, class F>
hy::privatize_mode runPrivatizedLoop(A &a, long long trips, F update) {
  auto privs = hy::privatize<Op>(a, trips);
  hy::privatize_mode m = privs.chosen();
#if defined(_OPENMP)
#pragma omp parallel
#endif
  {
    auto mine = privs.enter();
#if defined(_OPENMP)
#pragma omp for schedule(static)
#endif
    for (long long i = 0; i < trips; ++i)
      update(mine, i);
    privs.combine(mine);
  }
  return m;
}

} // namespace hy_test

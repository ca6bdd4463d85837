// Names the generated code needs for itself: everything hyc prints is named
// `hy_...`, so in a file with kernels a name of that form is an error at its
// declaration (`const long long hy_trip0 = hy::trips(0, hy_trip0, 1)` would
// read the wrong variable), on every target; on the CUDA target, so is a
// name of a CUDA built-in variable that the kernels use.
// RUN: not %hyc --target=serial %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s -- -DCUDA_NAMES 2>&1 | FileCheck %s -check-prefix=CUDA --implicit-check-not=error:
// RUN: %hyc --target=openmp %s -- -DNO_KERNEL > /dev/null
// A file without kernels translates to itself, whatever its names:
// RUN: %hyc --target=cuda %s -- -DNO_KERNEL | FileCheck %s -check-prefix=SAME
// SAME: int hy_count = 0;
#include <hy/hy.hpp>

#if defined(NO_KERNEL)
int hy_count = 0;
#elif defined(CUDA_NAMES)
void builtins(hy::array<int, 1> &a, int n) {
// CUDA: [[@LINE+2]]:7: error: 'threadIdx' is the name of a CUDA built-in variable, which the generated kernels use: rename this
// CUDA: [[@LINE+1]]:22: error: 'blockDim' is the name of a CUDA built-in variable
  int threadIdx = 1, blockDim = 2;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = threadIdx + blockDim;
}
#else
// CHECK: [[@LINE+1]]:6: error: 'hy_helper': names that start with 'hy_' are reserved for the code hyc generates (kernel parameters, trip counts, tiles), where this one could be taken for another: rename it
void hy_helper() {}

void names(hy::array<int, 2> &a, int n) {
// CHECK: [[@LINE+1]]:7: error: 'hy_trip0': names that start with 'hy_' are reserved
  int hy_trip0 = n, ok = 1;
#pragma hy parallel for
  for (int i = 0; i < hy_trip0; ++i)
#pragma hy parallel for into(threads)
    for (int j = 0; j < 16; ++j) {
// CHECK: [[@LINE+1]]:11: error: 'hy_tid': names that start with 'hy_' are reserved
      int hy_tid = j;
      a(i, j) = hy_tid + ok;
    }
}

#endif

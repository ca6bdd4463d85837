// The shared memory of a kernel's tiles against the GPU that --cuda-arch
// names (default sm_90, 227 KiB per block): over the limit it is an error
// for the CUDA target and a warning (hy-shared-memory) for the CPU targets,
// which copy no tiles but translate the same source as the GPU build.
// RUN: %hyc --target=cuda %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=NONE --allow-empty
// RUN: not %hyc --target=cuda --cuda-arch=sm_86 %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=CUDA
// RUN: %hyc --target=openmp --cuda-arch=sm_86 %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=CPU
// RUN: %hyc --target=serial --cuda-arch=86 %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=CPU
// RUN: %hyc --target=openmp --cuda-arch=sm_86 -Wno-hy-shared-memory %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=NONE --allow-empty
// RUN: not %hyc --target=openmp --cuda-arch=sm_86 -Werror=hy-shared-memory %s -o %t.cpp
// A list as CMake's CUDA_ARCHITECTURES gives it: the smallest GPU named.
// RUN: not %hyc --target=cuda --cuda-arch=90-real,86-virtual %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=CUDA
// RUN: not %hyc --target=cuda "--cuda-arch=90;86" %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=CUDA
// RUN: %hyc --target=cuda --cuda-arch=80-real,90 %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=NONE --allow-empty
// RUN: %hyc --target=cuda --cuda-arch=native %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=NONE --allow-empty
// NONE-NOT: shared memory
#include <hy/hy.hpp>

// 160 x 160 floats: 104960 bytes, over sm_86's 101376, under sm_90's 232448.
void big(hy::array<float, 2> &a, int n) {
// CUDA: shared-budget.cpp:[[@LINE+3]]:3: error: fetch tiles of this kernel need 104960 bytes of shared memory per block; the limit of sm_86 is 101376 bytes
// CPU: shared-budget.cpp:[[@LINE+2]]:3: warning: fetch tiles of this kernel need 104960 bytes of shared memory per block; the limit of sm_86 is 101376 bytes, so the CUDA build of this source will fail (--cuda-arch names the GPU) [-Why-shared-memory]
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel fetch(a : 160, 160 : b * 160, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 160; ++t)
      a(b * 160 + t, t) += 1;
  }
}

// --report lists, for each kernel, its grid and block, shared memory, the
// arrays it moves and the fetches it contains.
// RUN: %hyc --target=cuda --report=%t.rep %s -o %t.cu
// RUN: FileCheck %s < %t.rep
// RUN: %hyc --target=openmp --report=- %s -o %t.cpp 2>&1 | FileCheck %s
#include <hy/hy.hpp>

// CHECK: report.cpp:[[@LINE+6]]:1: #pragma hy parallel for
// CHECK-NEXT: kernel hy_smooth_L{{[0-9]+}}: grid (n) x 4 blocks, block 64x1x1 threads, shared memory static, 272 bytes
// CHECK-NEXT: array in: read on the device; copied to the GPU only when the host copy is newer
// CHECK-NEXT: array out: read and written on the device; copied to the GPU only when the host copy is newer, back to the host
// CHECK-NEXT: report.cpp:[[@LINE+6]]:1: #pragma hy parallel fetch(in : 66 : r * 256 + c * 64 - 1 : t)
void smooth(const hy::array<float, 1> &in, hy::array<float, 1> &out, int n) {
#pragma hy parallel for
  for (int r = 0; r < n; ++r)
#pragma hy parallel for
    for (int c = 0; c < 4; ++c) {
#pragma hy parallel fetch(in : 66 : r * 256 + c * 64 - 1 : t)
#pragma hy parallel for into(threads)
      for (int t = 0; t < 64; ++t) {
        const int i = r * 256 + c * 64 + t;
        out(i) = in(i - 1) + in(i) + in(i + 1);
      }
    }
}

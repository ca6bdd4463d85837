// Errors only the CUDA target reports: shared memory over the sm_90 limit
// (with the byte count), a thread nest around a fetch that does not span the
// block, and a kernel calling a function with no body. The OpenMP target
// accepts the same file.
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.cu && not %hyc --target=cuda %s -o %t.cu && not test -e %t.cu
// RUN: %hyc --target=openmp %s -o %t.cpp
#include <hy/hy.hpp>

float external(float);

void tooBig(hy::array<double, 2> &a, int n) {
// CHECK-DAG: [[@LINE+2]]:3: error: fetch tiles of this kernel need 264192 bytes of shared memory per block; the limit of sm_90 is 232448 bytes
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel fetch(a : 128, 256 : b * 128, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t)
      a(b * 128 + t, 0) += 1;
  }
}

void shape(hy::array<float, 2> &c, const hy::array<float, 2> &a, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
#pragma hy parallel for into(threads)
    for (int i = 0; i < 64; ++i)
      c(b, i) = 0;
// CHECK-DAG: [[@LINE+2]]:5: error: a thread nest that contains a 'parallel fetch' must give each thread exactly one iteration: its shape is 16x1x1 but the block is 64x1x1
#pragma hy parallel for into(threads)
    for (int i = 0; i < 16; ++i) {
      float s = 0;
      for (int k = 0; k < n; k += 16) {
#pragma hy parallel fetch(a : 1, 16 : b, k : i)
        for (int kk = 0; kk < 16; ++kk) s += a(b, k + kk);
      }
      c(b, i) += s;
    }
  }
}

void noBody(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK-DAG: [[@LINE+1]]:12: error: function 'external' is called in a kernel but has no body in this translation unit; kernels may call functions defined here and the math library
    a(i) = external(a(i));
}

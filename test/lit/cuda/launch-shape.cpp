// Every launch tells the runtime its sizes (hy::cuda::launch_shape: grid,
// block, dynamic shared memory), so that a refused launch or a fault inside
// the kernel is reported with the pragma's position and those sizes
// (runtime/include/hy/cuda/faults.cuh, docs/runtime-cuda.md).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

// CHECK-LABEL: void rows(
void rows(hy::array<float, 2> &a, int n, int m) {
// CHECK: hy_rows_L{{[0-9]+}}<<<dim3(hy::cuda::grid_dim(hy_trip0, 0)), dim3(128, 1, 1), 0>>>(
// CHECK-NEXT: hy::cuda::after_launch("launch-shape.cpp:[[@LINE+1]]:1 (#pragma hy parallel for)", hy::cuda::launch_shape{dim3(hy::cuda::grid_dim(hy_trip0, 0)), dim3(128, 1, 1), 0});
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for into(threads)
    for (int j = 0; j < 128; ++j)
      a(i, j) += 1;
}

// A tile of a runtime size: dynamic shared memory, its bytes in the shape.
// CHECK-LABEL: void tiles(
void tiles(hy::array<int, 1> &v, int len, int blocks) {
// CHECK: const size_t hy_smem_bytes =
// CHECK: <<<{{.*}}, hy_smem_bytes>>>(
// CHECK-NEXT: hy::cuda::after_launch("launch-shape.cpp:[[@LINE+1]]:1 (#pragma hy parallel for)", hy::cuda::launch_shape{{{.*}}, hy_smem_bytes});
#pragma hy parallel for
  for (int b = 0; b < blocks; ++b)
#pragma hy parallel fetch(v : len : b * len : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < len; ++t)
      v(b * len + t) *= 2;
}

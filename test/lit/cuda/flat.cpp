// A kernel without thread loops gives every thread its own iteration of the
// innermost block loop (blocks of 256 threads): no leader guards, no
// barriers, and each thread's reduction value goes into the block combine.
// Kernels with thread loops keep one block per iteration.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=cuda --report=- %s -o /dev/null 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

// CHECK-LABEL: // Kernel hy_scale_L{{[0-9]+}}
// CHECK-NEXT: // block 256x1x1 threads, shared memory 0 bytes
// CHECK: for (long long hy_b0 = (long long)blockIdx.x * blockDim.x + threadIdx.x; hy_b0 < hy_trip0; hy_b0 += (long long)gridDim.x * blockDim.x) {
// CHECK-NOT: __syncthreads
// CHECK-NOT: hy_leader) {
// CHECK: hy::cuda::block_combine<hy::cuda::op::add>(hy_red_sum, hy::cuda::op::add::apply(hy_sum_t, sum), hy::cuda::op::add::identity<double>());
// CHECK-LABEL: double scale(
// A reduction across blocks caps the grid at the blocks the GPU holds at
// once: each thread strides over more iterations, fewer blocks combine.
// CHECK: <<<dim3(hy::cuda::grid_dim(std::min((hy_trip0 + 255) / 256, (long long)hy::cuda::resident_grid((const void *)hy_scale_L{{[0-9]+}}, 256, 0)), 0)), dim3(256, 1, 1), 0>>>
// REPORT: kernel hy_scale_L{{[0-9]+}}: grid (n) iterations, one per thread (no thread loops), in blocks of 256x1x1 threads
double scale(hy::array<float, 1> &a, hy::array<float, 1> &b, int n) {
  double sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    a(i) = 2 * a(i);
    b(i) = a(i) + 1;
    sum += b(i);
  }
  return sum;
}

// Two block loops: the inner one is spread over threads, the outer over
// blockIdx.y.
// CHECK-LABEL: // Kernel hy_grid2_L{{[0-9]+}}
// CHECK: for (long long hy_b0 = blockIdx.y; hy_b0 < hy_trip0; hy_b0 += gridDim.y) {
// CHECK: for (long long hy_b1 = (long long)blockIdx.x * blockDim.x + threadIdx.x; hy_b1 < hy_trip1; hy_b1 += (long long)gridDim.x * blockDim.x) {
// CHECK: <<<dim3(hy::cuda::grid_dim((hy_trip1 + 255) / 256, 0), hy::cuda::grid_dim(hy_trip0, 1)), dim3(256, 1, 1), 0>>>
void grid2(hy::array<int, 2> &m) {
#pragma hy parallel for
  for (int i = 0; i < m.extent(0); ++i)
#pragma hy parallel for
    for (int j = 0; j < m.extent(1); ++j)
      m(i, j) = i - j;
}

// With a thread loop the kernel keeps one block per iteration.
// CHECK-LABEL: // Kernel hy_rows_L{{[0-9]+}}
// CHECK-NEXT: // block 64x1x1 threads
// CHECK: for (long long hy_b0 = blockIdx.x; hy_b0 < hy_trip0; hy_b0 += gridDim.x) {
// CHECK: if (hy_leader) { r(i) = 0; }
void rows(hy::array<int, 2> &m, hy::array<int, 1> &r) {
#pragma hy parallel for
  for (int i = 0; i < m.extent(0); ++i) {
    r(i) = 0;
#pragma hy parallel for into(threads)
    for (int j = 0; j < 64; ++j)
      m(i, j) = j;
  }
}

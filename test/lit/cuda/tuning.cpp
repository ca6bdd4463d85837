// Code-generation choices that tune a kernel for the GPU without changing
// what it computes: 'min_blocks(N)' becomes __launch_bounds__(threads, N)
// (and is only a comment on the CPU; with static shared memory the launch
// also reserves the L1/shared split for N blocks), and a serial loop of 32 or more
// constant steps in thread code whose body is straight-line once the small
// loops in it unroll gets '#pragma unroll 8'; shorter loops unroll fully, and
// so do loops of up to 64 steps whose index subscripts a per-thread array
// (it stays in registers; a loop that only copies such an array to or from
// an array in global memory is a register row instead, cuda/rows.cpp);
// loops with other loops inside stay as written.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,CUDA
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,OMP
// RUN: %hyc --target=cuda --report=- %s -o %t.cu 2>&1 | FileCheck %s -check-prefix=REPORT
// The CUDA output compiles with nvcc where it is installed.
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -fopenmp -fsyntax-only -I%hy_inc %t.omp.cpp
#include <hy/hy.hpp>

// CUDA-LABEL: // Kernel hy_dot_L{{[0-9]+}} from tuning.cpp:{{[0-9]+}}:1: #pragma hy parallel for min_blocks(4)
// CUDA: __global__ void __launch_bounds__(64, 4) hy_dot_L{{[0-9]+}}(
// CUDA: _Pragma("unroll 8") for (int k = 0; k < 64; ++k) {
// CUDA-NEXT: _Pragma("unroll") for (int a = 0; a < 4; ++a) acc[a] += x(i, k) * y(k, t * 4 + a);
// CUDA: _Pragma("unroll") for (int k = 0; k < 16; ++k) acc[0] += x(i, k);
// CUDA: _Pragma("unroll") for (int r = 0; r < 64; ++r) col[r] = 2 * x(i, r);
// CUDA: for (int k = 0; k < 64; ++k) {
// CUDA-NEXT: int s = 0;
// CUDA-NEXT: for (int q = 0; q < n; ++q) s += x(i, q);
// COMMON-LABEL: void dot(
// REPORT: tuning.cpp:[[@LINE+8]]:1: remark: CUDA kernel hy_dot_L{{[0-9]+}}: grid (n) blocks, block 64x1x1 threads
// REPORT: tuning.cpp:[[@LINE+7]]:25: remark: min_blocks(4): registers limited to what 4 resident blocks per multiprocessor allow (__launch_bounds__) [-Rhy]
void dot(const hy::array<float, 2> &x, const hy::array<float, 2> &y, hy::array<float, 2> &z, int n) {
// OMP: [&, n, x = hy::view_of(x), y = hy::view_of(y), z = hy::view_of(z)] { _Pragma("omp parallel for firstprivate(n, x, y, z) schedule(static) if(hy::omp_worth({{.*}}))") // #pragma hy parallel for min_blocks(4)
// A per-thread array with an initializer keeps the thread loop as written
// on the CPU (no SIMD-lane form): the declaration stays one statement.
// OMP: for (int t = 0; t < 64; ++t) {
// OMP-NEXT: float acc[4] = {0, 0, 0, 0};
#pragma hy parallel for min_blocks(4)
  for (int i = 0; i < n; ++i)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t) {
      float acc[4] = {0, 0, 0, 0};
      for (int k = 0; k < 64; ++k) {
        for (int a = 0; a < 4; ++a) acc[a] += x(i, k) * y(k, t * 4 + a);
      }
      for (int k = 0; k < 16; ++k) acc[0] += x(i, k);
      float col[64];
      for (int r = 0; r < 64; ++r) col[r] = 2 * x(i, r);
      for (int r = 0; r < 64; ++r) acc[2] += col[r];
      for (int k = 0; k < 64; ++k) {
        int s = 0;
        for (int q = 0; q < n; ++q) s += x(i, q);
        acc[1] += s;
      }
      for (int a = 0; a < 4; ++a) z(i, t * 4 + a) = acc[a];
    }
}

// With static shared memory, min_blocks(N) also asks for the L1/shared
// split that holds N blocks' tiles, before each launch; the CPU ignores it.
// CUDA-LABEL: void scaled(
// CUDA: hy::cuda::reserve_shared((const void *)hy_scaled_L{{[0-9]+}}, {{.*}}sizeof(float){{.*}}, 3, "tuning.cpp:[[@LINE+4]]:1 (#pragma hy parallel for min_blocks(3))");
// CUDA-NEXT: hy_scaled_L{{[0-9]+}}<<<
// OMP-NOT: reserve_shared
void scaled(const hy::array<float, 1> &x, hy::array<float, 1> &y, int n) {
#pragma hy parallel for min_blocks(3)
  for (int b = 0; b < n; ++b)
#pragma hy parallel fetch(x : 32 : b * 32 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 32; ++t)
      y(b * 32 + t) = 2 * x(b * 32 + t);
}

// The CUDA target's kernels and launches, and the OpenMP output of the same
// input: grid-stride block loops, strided thread loops (one iteration per
// thread, without a loop, where a nest has the block's shape), barriers only where a
// later part reads what an earlier one wrote, leader-only array writes at
// block level, reductions, device functions, data coherence. Kernels are
// printed before the function that contains their loop, so the CUDA checks of
// a kernel stand above that function.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,CUDA
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,OMP
// The CUDA output compiles with nvcc where it is installed.
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <algorithm>

// CUDA: __host__ __device__ float twice(float x)
float twice(float x) { return 2 * x; }

// CUDA-LABEL: // Kernel hy_scale_L{{[0-9]+}} from kernels.cpp:{{[0-9]+}}:1: #pragma hy parallel for
// CUDA-NEXT: // block 256x1x1 threads, shared memory 0 bytes
// CUDA-NEXT: __global__ void __launch_bounds__(256) hy_scale_L{{[0-9]+}}(hy::cuda::view<float, 2> a, int n, int m, long long hy_trip0) {
// CUDA: for (long long hy_b0 = blockIdx.x; hy_b0 < hy_trip0; hy_b0 += gridDim.x) {
// CUDA-NEXT: const int i = (0) + (int)hy_b0;
// CUDA: for (int j = (0) + (int)threadIdx.x; j < (m); j += (int)blockDim.x)
// CUDA: a(i, j) = twice(a(i, j));
// COMMON-LABEL: void scale(
// CUDA-SAME: { hy::cuda::resident_scope hy_scope; hy_scope.escape(a);
void scale(hy::array<float, 2> &a, int n, int m) {
// CUDA: if (hy::cuda::use_gpu()) {
// CUDA: const long long hy_trip0 = hy::trips((int)(0), (n), 1);
// CUDA-NEXT: const long long hy_nblocks = hy_trip0;
// CUDA: hy_scale_L{{[0-9]+}}<<<dim3(hy::cuda::grid_dim(hy_trip0, 0)), dim3(256, 1, 1), 0>>>(hy::cuda::device(a, hy::cuda::read_write, "{{.*}}"), n, m, hy_trip0);
// CUDA-NEXT: hy::cuda::after_launch(
// CUDA: } else {
// COMMON: [&, n, m, a = hy::view_of(a)] { _Pragma("omp parallel for firstprivate(n, m, a) schedule(static){{.*}}") // #pragma hy parallel for
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
#pragma hy parallel for into(threads)
    for (int j = 0; j < m; ++j)
      a(i, j) = twice(a(i, j));
// The host reads a after the kernel: a sync first.
// CUDA: hy::cuda::host(a, hy::cuda::read); float first = a(0, 0);
// OMP: {{^}} float first = a(0, 0);
  float first = a(0, 0);
  (void)first;
}

// Two thread nests: the second reads what the first wrote (a barrier); the
// block-level write of another array runs in the leader thread, with no
// barrier before it. The block is 128x8: the 2-D nest uses both dimensions,
// the 1-D nest all 1024 threads through the linear thread id.
// CUDA-LABEL: __global__ void __launch_bounds__(1024) hy_phases_L{{[0-9]+}}(
// CUDA: for (int j = (0) + (int)threadIdx.y; j < (8); j += (int)blockDim.y)
// CUDA: for (int k = (0) + (int)threadIdx.x; k < (32); k += (int)blockDim.x)
// CUDA-NEXT: a(i, j * 32 + k) = j + k;
// CUDA: __syncthreads(); for (int j = (0) + (int)hy_tid; j < (256); j += (int)hy_nthreads)
// CUDA-NEXT: b(i, j) = a(i, 255 - j);
// CUDA-NEXT: if (hy_leader) { c(i) = i; }
// COMMON-LABEL: void phases(
void phases(hy::array<int, 2> &a, hy::array<int, 2> &b, hy::array<int, 1> &c, int n) {
// CUDA: dim3(128, 8, 1)
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
#pragma hy parallel for into(threads)
    for (int j = 0; j < 8; ++j)
#pragma hy parallel for into(threads)
      for (int k = 0; k < 32; ++k)
        a(i, j * 32 + k) = j + k;
#pragma hy parallel for into(threads)
    for (int j = 0; j < 256; ++j)
      b(i, j) = a(i, 255 - j);
    c(i) = i;
  }
}

// Reductions: across blocks (a scalar), across a block's threads (a block
// local), and array elements (atomics).
// CUDA-LABEL: __global__ void __launch_bounds__(64) hy_sums_L{{[0-9]+}}(hy::cuda::view<int, 2> a, hy::cuda::view<int, 1> lo, int n, long long *hy_red_total, long long hy_trip0) {
// CUDA: long long total = hy::cuda::op::add::identity<long long>();
// CUDA-NEXT: long long hy_total_t = hy::cuda::op::add::identity<long long>();
// CUDA: int hy_rowmax_t0 = hy::cuda::op::max::identity<int>(); if (const int j = (int)threadIdx.x; true)
// CUDA-NEXT: hy_rowmax_t0 = std::max(hy_rowmax_t0, a(i, j)); rowmax = hy::cuda::op::max::apply(rowmax, hy::cuda::block_reduce<hy::cuda::op::max>(hy_rowmax_t0));
// CUDA-NEXT: if (hy_leader) { hy::cuda::atomic_min(&(lo(i % 4)), rowmax); }
// CUDA-NEXT: total += rowmax;
// CUDA: hy::cuda::block_combine<hy::cuda::op::add>(hy_red_total, hy_total_t, total);
// COMMON-LABEL: long long sums(
long long sums(const hy::array<int, 2> &a, hy::array<int, 1> &lo, int n) {
  long long total = 0;
// CUDA: hy::cuda::reduction<hy::cuda::op::add, long long> hy_red_total(
// CUDA: hy::cuda::device(a, hy::cuda::read, {{.*}}hy::cuda::device(lo, hy::cuda::read_write,
// CUDA: total = hy::cuda::op::add::apply(total, hy_red_total.result());
// COMMON: _Pragma("omp parallel") { auto hy_priv_lo = hy_privs_lo.enter(); { _Pragma("omp for reduction(+ : total) firstprivate(n, a, lo) schedule(static)")
#pragma hy parallel for reduction(+ : total) reduction(min : lo)
  for (int i = 0; i < n; ++i) {
    int rowmax = 0;
#pragma hy parallel for into(threads) reduction(max : rowmax)
    for (int j = 0; j < 64; ++j)
      rowmax = std::max(rowmax, a(i, j));
// COMMON: hy_priv_lo.update(&(lo(i % 4)), rowmax);
    lo(i % 4) = std::min(lo(i % 4), rowmax);
    total += rowmax;
  }
  return total;
}

// Collapsed block loops: up to three take one grid dimension each (innermost
// -> x), so no block divides to find its indices; a fourth shares x through
// one linear index.
// CUDA-LABEL: hy_grids_L{{[0-9]+}}(hy::cuda::view<int, 3> v, int s, long long hy_trip0, long long hy_trip1, long long hy_trip2) {
// CUDA: for (long long hy_b0 = blockIdx.z; hy_b0 < hy_trip0; hy_b0 += gridDim.z) {
// CUDA-NEXT: const int i = (0) + (int)hy_b0;
// CUDA-NEXT: for (long long hy_b1 = blockIdx.y; hy_b1 < hy_trip1; hy_b1 += gridDim.y) {
// CUDA-NEXT: const int j = (1) + (int)hy_b1 * 2;
// CUDA-NEXT: for (long long hy_b2 = blockIdx.x; hy_b2 < hy_trip2; hy_b2 += gridDim.x) {
// CUDA-NEXT: const int k = (0) + (int)hy_b2;
// CUDA: v(i, j, k) = s;
// CUDA-NEXT: {{[}][}][}]}}
// CUDA-LABEL: hy_grids_L{{[0-9]+}}(
// CUDA-SAME: long long hy_nblocks) {
// CUDA: for (long long hy_b = blockIdx.x; hy_b < hy_nblocks; hy_b += gridDim.x) {
// COMMON-LABEL: void grids(
void grids(hy::array<int, 3> &v, int s) {
// CUDA: const long long hy_trip0 = hy::trips((int)(0), (v.extent(0)), 1);
// CUDA: const long long hy_nblocks = hy_trip0 * hy_trip1 * hy_trip2;
// CUDA: <<<dim3(hy::cuda::grid_dim(hy_trip2, 0), hy::cuda::grid_dim(hy_trip1, 1), hy::cuda::grid_dim(hy_trip0, 2)), dim3(32, 1, 1), 0>>>
// OMP: [&, s, v = hy::view_of(v)] { _Pragma("omp parallel for collapse(3) firstprivate(s, v) schedule(static) if(hy::omp_worth({{.*}}))")
#pragma hy parallel for
  for (int i = 0; i < v.extent(0); ++i)
#pragma hy parallel for
    for (int j = 1; j < v.extent(1); j += 2)
#pragma hy parallel for
      for (int k = 0; k < v.extent(2); ++k)
#pragma hy parallel for into(threads)
        for (int t = 0; t < 32; ++t)
          if (t == 0)
            v(i, j, k) = s;
// CUDA: <<<hy::cuda::grid_dim(hy_nblocks, 0), dim3(32, 1, 1), 0>>>
// OMP: [&, s, v = hy::view_of(v)] { _Pragma("omp parallel for collapse(4) firstprivate(s, v) schedule(static) if(hy::omp_worth({{.*}}))")
#pragma hy parallel for
  for (int i = 0; i < 2; ++i)
#pragma hy parallel for
    for (int j = 0; j < 3; ++j)
#pragma hy parallel for
      for (int k = 0; k < 4; ++k)
#pragma hy parallel for
        for (int l = 0; l < 5; ++l)
#pragma hy parallel for into(threads)
          for (int t = 0; t < 32; ++t)
            if (t == 0)
              v(i, j, k + l) = s + l;
}

// A nest whose trip counts are the block's shape gives each thread one
// iteration and is printed without a loop; a `continue` of the nest keeps
// the loop form, where it means what it means in the source.
// CUDA-LABEL: __global__ void __launch_bounds__(64) hy_clamp_L{{[0-9]+}}(
// CUDA: if (const int j = (int)threadIdx.x; true)
// CUDA-NEXT: a(i, j) = std::min(a(i, j), 100);
// CUDA: for (int j = (0) + (int)threadIdx.x; j < (64); j += (int)blockDim.x) {
// CUDA-NEXT: if (a(i, j) < 0)
// CUDA-NEXT: continue;
// COMMON-LABEL: void clamp(
void clamp(hy::array<int, 2> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
#pragma hy parallel for into(threads)
    for (int j = 0; j < 64; ++j)
      a(i, j) = std::min(a(i, j), 100);
#pragma hy parallel for into(threads)
    for (int j = 0; j < 64; ++j) {
      if (a(i, j) < 0)
        continue;
      a(i, j) = a(i, j) / 2;
    }
  }
}

// Code hyc puts in front of a statement that is a whole branch of an `if`
// (a leader-only write, a one-iteration nest, a host sync) is braced with
// it, so that the `else` after it still belongs to that `if`.
// CUDA-LABEL: __global__ void __launch_bounds__(32) hy_branches_L{{[0-9]+}}(
// CUDA: if (i % 2 == 0)
// CUDA-NEXT: { if (hy_leader) { c(i) = 1; } }
// CUDA-NEXT: else
// CUDA: { if (const int t = (int)threadIdx.x; true)
// CUDA-NEXT: a(i, t) = 2; }
// COMMON-LABEL: int branches(
int branches(hy::array<int, 2> &a, hy::array<int, 1> &c, int n, bool gpu) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (i % 2 == 0)
      c(i) = 1;
    else
#pragma hy parallel for into(threads)
      for (int t = 0; t < 32; ++t)
        a(i, t) = 2;
  }
  if (gpu)
    branches(a, c, n - 1, false);
  else
// CUDA: { hy::cuda::host(c, hy::cuda::read_write); c(0) = 5; }
    c(0) = 5;
  return c(0);
}

// A host loop around a kernel: its condition runs on the host after each
// launch, so it gets the host sync inside it (a sync in front of the loop
// would cover only the first test). On the OpenMP target the loop is one
// parallel region (the reduction array's copies shared by the team).
// COMMON-LABEL: int rounds(
// CUDA: while ((hy::cuda::host(changed, hy::cuda::read), changed(0) != 0)) {
// CUDA-NEXT: hy::cuda::host(changed, hy::cuda::read_write); changed(0) = 0;
// OMP: bool hy_go = static_cast<bool>(changed(0) != 0), hy_stay, hy_team; while (hy_go) {
int rounds(hy::array<int, 1> &d, hy::array<int, 1> &changed, int n) {
  int r = 0;
  changed(0) = 1;
  while (changed(0) != 0) {
    changed(0) = 0;
#pragma hy parallel for reduction(max : changed)
    for (int i = 1; i < n; ++i)
      if (d(i - 1) + 1 < d(i)) {
        d(i) = d(i - 1) + 1;
        changed(0) = std::max(changed(0), 1);
      }
    ++r;
  }
  return r;
}

// In a switch around a kernel the host sync goes after a case label, where
// that case's code starts.
// COMMON-LABEL: int modes(
// CUDA: case 1:
// CUDA-NEXT: hy::cuda::host(a, hy::cuda::read_write); a(0) = 7;
int modes(hy::array<int, 1> &a, int n, int mode) {
  switch (mode) {
  case 0:
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) = 1;
    break;
  case 1:
    a(0) = 7;
    break;
  default:
    break;
  }
  return a(0);
}

// A lambda held in a variable reads the arrays its body uses when it is
// called: the host sync goes in front of the call (it used to read the stale
// host copy after the kernel), or of a statement that passes it on, not in
// front of its definition (which would download the array for nothing, in
// every iteration of a host loop), unless the lambda copies the array when
// it is defined.
// COMMON-LABEL: int after_lambda(
// CUDA: int total = 0;
// CUDA-NEXT: auto show = [&]() { total += a(0); };
// CUDA-NEXT: auto bump = [&a](int k) { a(k) += 1; };
// CUDA-NEXT: auto twice = [&] { show(); return total; };
// CUDA: hy::cuda::host(a, hy::cuda::read); auto first = [a] { return a(0); };
// CUDA-NEXT: hy::cuda::host(a, hy::cuda::read); show();
// CUDA-NEXT: hy::cuda::host(a, hy::cuda::read_write); bump(1);
// CUDA-NEXT: hy::cuda::host(a, hy::cuda::read); apply_to(show);
// CUDA-NEXT: hy::cuda::host(a, hy::cuda::read); return twice() + first();
template <class F> void apply_to(F f) { f(); }
int after_lambda(hy::array<int, 1> &a, int n) {
  int total = 0;
  auto show = [&]() { total += a(0); };
  auto bump = [&a](int k) { a(k) += 1; };
  auto twice = [&] { show(); return total; };
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = i + 1;
  auto first = [a] { return a(0); };
  show();
  bump(1);
  apply_to(show);
  return twice() + first();
}

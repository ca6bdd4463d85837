// Scans (docs/language.md "Scans", docs/cuda.md "Scans"): the serial output
// is the loop as written; the OpenMP output (and the CUDA output's CPU
// path) one region with two passes over a chunk per thread, the loop's text
// kept in place (the scan phase under `hy_pass == 1`); the CUDA output a
// single-pass kernel over tiles (input phase per item from the identity,
// hy::cuda::block_scan with decoupled look-back, scan phase per item) and a
// launch with its tiles' states, the total combined into the variable.
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=SERIAL
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp %s -o %t.omp.cpp
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=CUDA
// RUN: %hyc --target=openmp --report=- %s -o /dev/null 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %hyc --target=cuda --report=- %s -o /dev/null 2>&1 | FileCheck %s -check-prefix=CUREPORT
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// CUDA: #include <hy/cuda.cuh>
// CUDA-NEXT: #include <hy/cuda/scan.cuh>
#include <hy/hy.hpp>
#include <algorithm>

// SERIAL-LABEL: long long prefix(
// SERIAL: long long sum = 0;
// SERIAL-EMPTY:
// SERIAL-NEXT: for (int i = 0; i < n; ++i) {
// SERIAL-NEXT: sum += in(i);
// SERIAL-EMPTY:
// SERIAL-NEXT: out(i) = sum;

// An inclusive sum of ints into long longs.
// CUDA-LABEL: __global__ void __launch_bounds__(hy::cuda::scan_shape<long long>::threads) hy_prefix_L{{[0-9]+}}(hy::cuda::view<int, 1> in, hy::cuda::view<long long, 1> out, int n, long long *hy_red_sum, cub::ScanTileState<long long> hy_scan_state, long long hy_scan_init, long long hy_trip0) {
// CUDA: using hy_scan = hy::cuda::block_scan<hy::cuda::op::add, long long>;
// CUDA-NEXT: __shared__ typename hy_scan::storage hy_scan_smem;
// CUDA-NEXT: long long hy_items[hy_scan::items];
// CUDA: for (int hy_k = 0; hy_k < hy_scan::items; ++hy_k) {
// CUDA-NEXT: long long sum = hy::cuda::op::add::identity<long long>();
// CUDA: const long long hy_b0 = hy_scan::position(hy_k);
// CUDA-NEXT: if (hy_b0 < hy_trip0) {
// CUDA-NEXT: const int i = (0) + (int)hy_b0; (void)i;
// CUDA-NEXT: sum += in(i);
// CUDA: hy_items[hy_k] = sum;
// CUDA: hy_scan::inclusive(hy_items, hy_scan_state, hy_scan_smem, hy_red_sum);
// CUDA: long long sum = hy::cuda::op::add::apply(hy_scan_init, hy_items[hy_k]); (void)sum;
// CUDA: out(i) = sum;
long long prefix(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0;
// CUDA: if (hy::cuda::use_gpu()) {
// CUDA-NEXT: const long long hy_trip0 = hy::trips((int)(0), (n), 1);
// CUDA-NEXT: hy::cuda::reduction<hy::cuda::op::add, long long> hy_red_sum(
// CUDA-NEXT: if (hy_trip0 > 0) {
// CUDA-NEXT: hy::cuda::scan_tiles<long long> hy_scan_tiles(hy_trip0,
// CUDA-NEXT: hy_prefix_L{{[0-9]+}}<<<hy_scan_tiles.grid(), dim3(hy::cuda::scan_shape<long long>::threads), 0>>>({{.*}}, hy_red_sum.ptr(), hy_scan_tiles.state(), sum, hy_trip0);
// CUDA: sum = hy::cuda::op::add::apply(sum, hy_red_sum.result());
// CUDA: } else {
// CUDA-NEXT: [&, n, in = hy::view_of(in), out = hy::view_of(out)] { const long long hy_scan_n = hy::trips((int)(0), (n), 1); hy::scan_parts<hy::ops::add, long long> hy_scan_parts(sum);
// OMP: [&, n, in = hy::view_of(in), out = hy::view_of(out)] { const long long hy_scan_n = hy::trips((int)(0), (n), 1); hy::scan_parts<hy::ops::add, long long> hy_scan_parts(sum); long long hy_scan_total = sum; _Pragma("omp parallel firstprivate(n, in, out) if(hy::omp_worth(hy_scan_n, {{[0-9]+}}))") { const long long hy_lo = hy_scan_parts.first(hy_scan_n), hy_hi = hy_scan_parts.last(hy_scan_n); for (int hy_pass = hy_scan_parts.first_pass(); hy_pass < 2; ++hy_pass) { long long sum = hy_scan_parts.start(hy_pass); // #pragma hy parallel for reduction(inscan, + : sum)
// OMP-NEXT: for (long long hy_b = hy_lo; hy_b < hy_hi; ++hy_b) { const int i = (0) + (int)hy_b; {
// OMP-NEXT: sum += in(i);
// OMP-NEXT: if (hy_pass == 1) { // #pragma hy scan inclusive(sum)
// OMP-NEXT: out(i) = sum;
// OMP-NEXT: } } } hy_scan_parts.end(hy_pass, sum, hy_scan_total); } } sum = hy_scan_total; }();
// CUREPORT: scan.cpp:[[@LINE+3]]:1: remark: CUDA kernel hy_prefix_L{{[0-9]+}}: a single-pass inclusive scan of 'sum' (+): (n) iterations in tiles of hy::cuda::scan_shape<T>::threads x items, one block each;
// CUREPORT: scan.cpp:[[@LINE+2]]:47: remark: reduction(inscan, + : sum): the last tile stores the total, which the host reads after the launch and combines into 'sum'
// REPORT: scan.cpp:[[@LINE+1]]:1: remark: scan of 'sum' (+, inclusive): one OpenMP region, a contiguous chunk of iterations per thread in two passes
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
#pragma hy scan inclusive(sum)
    out(i) = sum;
  }
  return sum;
}

// An exclusive running maximum of doubles, a loop counting down by 3: the
// scan phase comes first, `hy_pass == 1` opens at the body's brace.
// CUDA-LABEL: hy_before_L{{[0-9]+}}(
// CUDA: using hy_scan = hy::cuda::block_scan<hy::cuda::op::max, double>;
// CUDA: double hi = hy::cuda::op::max::identity<double>();
// CUDA: const int i = (n - 1) + (int)hy_b0 * -3; (void)i;
// CUDA-NEXT: hi = std::max(hi, a(i));
// CUDA: hy_scan::exclusive(hy_items, hy_scan_state, hy_scan_smem, hy_red_hi);
// CUDA: double hi = hy::cuda::op::max::apply(hy_scan_init, hy_items[hy_k]); (void)hi;
// CUDA: b(i) = hi;
double before(const hy::array<double, 1> &a, hy::array<double, 1> &b, int n) {
  double hi = -1e300;
// OMP: for (long long hy_b = hy_lo; hy_b < hy_hi; ++hy_b) { const int i = (n - 1) + (int)hy_b * -3; { if (hy_pass == 1) {
// OMP-NEXT: b(i) = hi;
// OMP-NEXT: } // #pragma hy scan exclusive(hi)
// OMP-NEXT: hi = std::max(hi, a(i));
// REPORT: scan.cpp:[[@LINE+1]]:1: remark: scan of 'hi' (max, exclusive)
#pragma hy parallel for reduction(inscan, max : hi)
  for (int i = n - 1; i >= 0; i -= 3) {
    b(i) = hi;
#pragma hy scan exclusive(hi)
    hi = std::max(hi, a(i));
  }
  return hi;
}

// In a template, over a worklist's items: the trip count is read on the host.
// CUDA-LABEL: __global__ void __launch_bounds__(hy::cuda::scan_shape<T>::threads) hy_offsets_L{{[0-9]+}}(
template <class T>
T offsets(const hy::worklist<int> &items, const hy::array<T, 1> &deg, hy::array<T, 1> &off) {
  T total = 0;
// CUDA: hy::cuda::host_size(items);
// CUDA-NEXT: const long long hy_trip0 = hy::trips((int)(0), ((int)items.size()), 1);
#pragma hy parallel for reduction(inscan, + : total)
  for (int f = 0; f < (int)items.size(); ++f) {
    total += deg(items(f));
#pragma hy scan inclusive(total)
    off(f + 1) = total;
  }
  return total;
}

template int offsets<int>(const hy::worklist<int> &, const hy::array<int, 1> &, hy::array<int, 1> &);

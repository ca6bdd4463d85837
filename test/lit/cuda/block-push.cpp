// Worklist pushes aggregated per block (docs/cuda.md, "Worklist pushes"):
// a buffer in shared memory per list, `w.push(x)` through it, the flush
// check at the top of each iteration of the innermost grid loop (a kernel
// of one iteration per thread walks its grid loop a block at a time), the
// flush before publish(), the grid capped at the resident blocks. Pushes
// that keep the warp form say why in the report: through a helper, in a
// macro, in a scan kernel. -DHY_PUSH=warp compiles the same output in
// the warp form.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=cuda --report=- %s -o /dev/null 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -Werror all-warnings -Xcompiler -Wall,-Werror -I%hy_inc -c %t.cu -o %t.o %}
// RUN: %if nvcc %{ %nvcc -DHY_PUSH=warp -Werror all-warnings -Xcompiler -Wall,-Werror -I%hy_inc -c %t.cu -o %t.o %}
// RUN: %if nvcc %{ not %nvcc -DHY_PUSH=lanes -I%hy_inc -c %t.cu -o %t.o 2>&1 | FileCheck %s -check-prefix=BADFORM %}
// BADFORM: HY_PUSH must be warp or block
#include <hy/hy.hpp>

// One iteration per thread, several pushes per thread from a loop over the
// arcs, two lists: the grid loop goes a block at a time.
// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_expand_L{{[0-9]+}}(
// CHECK: const long long hy_trip0 = {{.*}}frontier.size(){{.*}}; // read on the device
// CHECK-NEXT: // Pushes aggregated per block (hy/cuda/block_push.cuh): a buffer in shared memory per list.
// CHECK-NEXT: __shared__ hy::cuda::push_buffer<int, 256> hy_pushbuf_even;
// CHECK-NEXT: hy::cuda::block_push<int, 256> hy_push_even{even, &hy_pushbuf_even};
// CHECK-NEXT: __shared__ hy::cuda::push_buffer<int, 256> hy_pushbuf_odd;
// CHECK-NEXT: hy::cuda::block_push<int, 256> hy_push_odd{odd, &hy_pushbuf_odd};
// CHECK-NEXT: hy::cuda::push_start(hy_push_even, hy_push_odd);
// CHECK-NEXT: for (long long hy_f0 = (long long)blockIdx.x * blockDim.x; hy_f0 < hy_trip0; hy_f0 += (long long)gridDim.x * blockDim.x) {
// CHECK-NEXT: hy::cuda::push_flush_if_full(hy_push_even, hy_push_odd);
// CHECK-NEXT: if (const long long hy_b0 = hy_f0 + threadIdx.x; hy_b0 < hy_trip0) {
// CHECK: hy_push_even.push(col(e));
// CHECK: hy_push_odd.push(col(e));
// CHECK: {{^ *[}][}]$}}
// CHECK-NEXT: hy::cuda::push_flush(hy_push_even, hy_push_odd);
// CHECK-NEXT: even.publish();
// CHECK-NEXT: odd.publish();
void expand(const hy::array<int, 1> &off, const hy::array<int, 1> &col,
            const hy::worklist<int> &frontier, hy::worklist<int> &even, hy::worklist<int> &odd) {
// REPORT: block-push.cpp:[[@LINE+2]]:1: remark: CUDA kernel hy_expand_L{{[0-9]+}}:
// REPORT: block-push.cpp:[[@LINE+1]]:1: remark: worklist even: pushed (aggregated per block: a shared-memory buffer of hy::cuda::push_buffer<T, 256>::items items, written out at the top of a grid-loop iteration when half full and at the kernel's end, one atomic each time); its count is published to the host at the kernel's end [-Rhy]
#pragma hy parallel for
  for (int f = 0; f < (int)frontier.size(); ++f) {
    const int u = frontier(f);
    for (int e = off(u); e < off(u + 1); ++e)
      if (col(e) % 2 == 0)
// REPORT: block-push.cpp:[[@LINE+1]]:9: remark: push to 'even': aggregated per block (a shared-memory buffer of the block, written to the list with one atomic when half full and at the kernel's end; -DHY_PUSH=warp: one atomic per warp) [-Rhy]
        even.push(col(e));
      else
// REPORT: block-push.cpp:[[@LINE+1]]:9: remark: push to 'odd': aggregated per block
        odd.push(col(e));
  }
}

// A block per row with a thread loop: the grid loop is the block's already;
// the leader pushes the row, a block-level `continue` skips rows.
// CHECK-LABEL: __global__ void __launch_bounds__(64) hy_rows_L{{[0-9]+}}(
// CHECK: hy::cuda::push_start(hy_push_kept, hy_push_seen);
// CHECK-NEXT: for (long long hy_b0 = blockIdx.x; hy_b0 < hy_trip0; hy_b0 += gridDim.x) {
// CHECK-NEXT: hy::cuda::push_flush_if_full(hy_push_kept, hy_push_seen);
// CHECK: if (hy_leader) { hy_push_seen.push(i); }
// CHECK: hy_push_kept.push(i * c + j);
// CHECK: hy::cuda::push_flush(hy_push_kept, hy_push_seen);
// The grid: at most the resident blocks (each gathers many rows' pushes).
// CHECK: hy_rows_L{{[0-9]+}}<<<dim3(hy::cuda::grid_dim(hy::cuda::push_grid(hy_trip0, (long long)hy::cuda::resident_grid((const void *)hy_rows_L{{[0-9]+}}, 64, 0)), 0)), dim3(64, 1, 1), 0>>>
void rows(const hy::array<int, 2> &m, hy::worklist<int> &kept, hy::worklist<int> &seen, int r,
          int c) {
#pragma hy parallel for
  for (int i = 0; i < r; ++i) {
    if (i % 5 == 0)
      continue;
    seen.push(i);
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      for (int j = t; j < c; j += 64)
        if (m(i, j) > 600)
          kept.push(i * c + j);
  }
}

// The warp form: through a helper of the file; the kernel's own push to
// the same list is per block.
template <class W> void addTwice(W &w, int v) {
  w.push(v);
  w.push(-v);
}
// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_mixed_L{{[0-9]+}}(
// CHECK: hy_push_out.push(i);
// CHECK: addTwice(out, i);
void mixed(int n, hy::worklist<int> &out) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (i % 3 == 0)
      out.push(i);
    else
// REPORT: block-push.cpp:[[@LINE+1]]:16: remark: push to 'out': aggregated per warp (one atomic per group of converged lanes), not per block: it is pushed to inside a function the kernel calls [-Rhy]
      addTwice(out, i);
  }
}

// A push written in a macro keeps the warp form (hyc does not rewrite
// inside macros), and so does the kernel without a block push.
#define PUSH_BOTH(w, x) w.push(x), w.push(-(x))
// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_macro_L{{[0-9]+}}(
// CHECK-NOT: push_buffer
// CHECK: PUSH_BOTH(out, i);
// CHECK-NOT: push_flush
// CHECK: out.publish();
void macro(int n, hy::worklist<int> &out) {
// REPORT: block-push.cpp:[[@LINE+1]]:1: remark: worklist out: pushed (one atomic per warp); its count is published to the host at the kernel's end [-Rhy]
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// REPORT: block-push.cpp:[[@LINE+1]]:5: remark: push to 'out': aggregated per warp (one atomic per group of converged lanes), not per block: the push is written in a macro [-Rhy]
    PUSH_BOTH(out, i);
}

// A template over the element type.
// CHECK-LABEL: __global__ void __launch_bounds__(256) hy_scaled_L{{[0-9]+}}(
// CHECK: __shared__ hy::cuda::push_buffer<T, 256> hy_pushbuf_out;
// CHECK-NEXT: hy::cuda::block_push<T, 256> hy_push_out{out, &hy_pushbuf_out};
template <class T> void scaled(const hy::array<T, 1> &a, T limit, hy::worklist<T> &out) {
#pragma hy parallel for
  for (int i = 0; i < (int)a.size(); ++i)
    for (int k = 1; k <= 3; ++k)
      if (a(i) * T(k) < limit)
        out.push(a(i) * T(k));
}

// A scan kernel keeps the warp form.
// REPORT: block-push.cpp:[[@LINE+8]]:1: remark: worklist big: pushed (one atomic per warp); its count is published to the host at the kernel's end [-Rhy]
// CHECK-LABEL: hy_scanned_L{{[0-9]+}}(
// CHECK-NOT: push_buffer
// CHECK: big.push(f);
// CHECK: big.publish();
long long scanned(const hy::array<int, 1> &deg, hy::array<long long, 1> &ends,
                  hy::worklist<int> &big, int n) {
  long long total = 0;
#pragma hy parallel for reduction(inscan, + : total)
  for (int f = 0; f < n; ++f) {
    total += deg(f);
#pragma hy scan inclusive(total)
    ends(f) = total;
// REPORT: block-push.cpp:[[@LINE+1]]:21: remark: push to 'big': aggregated per warp (one atomic per group of converged lanes), not per block: a scan kernel's blocks end in the scan's own shared memory [-Rhy]
    if (deg(f) > 8) big.push(f);
  }
  return total;
}

void run(hy::array<double, 1> &a, hy::worklist<double> &w) { scaled(a, 3.0, w); }

// Irregular kernels on the CUDA target and the OpenMP output of the same
// input: array reductions on thread loops become atomics on both; a scalar
// reduced by a thread loop and declared outside the kernel is also combined
// across blocks; hy::minloc reductions (an OpenMP user-defined reduction);
// hy::fetch_<op> stays as written; worklists in kernels and their host
// syncs (count only, nothing before clear, nothing for a swap); a grid loop
// sized on the device; a privatized tile.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,CUDA
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,OMP
// RUN: %hyc --target=cuda --report=- %s -o /dev/null 2>&1 | FileCheck %s -check-prefix=REPORT
// REPORT: irregular.cpp:[[#FLOOP:]]:1: remark: loop over 'f': trip count read on the device (worklist size or array element); grid sized to it when the host knows the count, else the resident blocks [-Rhy]
// REPORT: irregular.cpp:[[#FLOOP]]:1: remark: worklist next: pushed (aggregated per block: a shared-memory buffer of hy::cuda::push_buffer<T, 256>::items items, written out at the top of a grid-loop iteration when half full and at the kernel's end, one atomic each time); its count is published to the host at the kernel's end [-Rhy]
// REPORT: remark: tile of 'hist': 256 int, 1024 bytes of static shared memory; privatized: starts from the identity of '+', combined into the array with one atomic per touched element per block [-Rhy]
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <algorithm>
#include <utility>
#include <vector>

// Thread-level min updates and an || flag the host loop reads: the flag is
// reduced over the block's threads and then across blocks.
// CUDA-LABEL: __global__ void __launch_bounds__(64) hy_relax_L{{[0-9]+}}(hy::cuda::view<int, 1> off, hy::cuda::view<int, 1> col, hy::cuda::view<int, 1> dist, int n, int *hy_red_changed, long long hy_trip0) {
// CUDA: int changed = hy::cuda::op::lor::identity<int>();
// CUDA: int hy_changed_t0 = hy::cuda::op::lor::identity<int>(); if (const int t = (int)threadIdx.x; true) {
// CUDA: hy::cuda::atomic_min(&(dist(v)), dist(u) + 1);
// CUDA-NEXT: hy_changed_t0 = 1;
// CUDA: } changed = hy::cuda::op::lor::apply(changed, hy::cuda::block_reduce<hy::cuda::op::lor>(hy_changed_t0));
// CUDA: hy::cuda::block_combine<hy::cuda::op::lor>(hy_red_changed, hy_changed_t, changed);
// COMMON-LABEL: int relax(
int relax(const hy::array<int, 1> &off, const hy::array<int, 1> &col, hy::array<int, 1> &dist,
          int n) {
  int rounds = 0, changed = 1;
// CUDA: while (changed) {
  while (changed) {
    changed = 0;
// CUDA: hy::cuda::reduction<hy::cuda::op::lor, int> hy_red_changed(
// CUDA: <<<dim3(hy::cuda::grid_dim(std::min(hy_trip0, (long long)hy::cuda::resident_grid((const void *)hy_relax_L{{[0-9]+}}, 64, 0)), 0)), dim3(64, 1, 1), 0>>>
// CUDA: changed = hy::cuda::op::lor::apply(changed, hy_red_changed.result());
// The host loop is one parallel region (docs/language.md, "Host loops"):
// the kernel is a work-sharing loop, its version by the team's size.
// OMP: if (!hy::team_of_one()) [&, n, off = hy::view_of(off), col = hy::view_of(col), dist = hy::view_of(dist)] { _Pragma("omp for reduction(|| : changed) schedule(static)") // #pragma hy parallel for
#pragma hy parallel for
    for (int b = 0; b < (n + 63) / 64; ++b)
// The thread loop updates shared data atomically: it stays in order (no
// SIMD lanes) on the CPU.
// OMP: // #pragma hy parallel for into(threads) reduction(min : dist) reduction(|| : changed) (threads of a block: in order on the CPU)
// OMP-NEXT: for (int t = 0; t < 64; ++t) {
#pragma hy parallel for into(threads) reduction(min : dist) reduction(|| : changed)
      for (int t = 0; t < 64; ++t) {
        const int u = b * 64 + t;
        if (u < n)
          for (int e = off(u); e < off(u + 1); ++e) {
            const int v = col(e);
            if (dist(u) + 1 < dist(v)) {
// OMP: hy::atomic_min(&(dist(v)), dist(u) + 1);
              dist(v) = std::min(dist(v), dist(u) + 1);
              changed = 1;
            }
          }
      }
    ++rounds;
  }
  return rounds;
}

// The smallest value and its first index: hy::minloc through the reduction
// machinery on CUDA, an OpenMP user-defined reduction whose combiner is
// the type's update on the CPU.
// CUDA-LABEL: __global__ void __launch_bounds__(256) hy_argmin_L{{[0-9]+}}(hy::cuda::view<float, 1> a, int n, hy::minloc<float, int> *hy_red_best, long long hy_trip0) {
// CUDA: hy::minloc<float, int> best = hy::cuda::op::min::identity<hy::minloc<float, int>>();
// CUDA: best.update(a(i), i);
// COMMON-LABEL: int argmin(
int argmin(const hy::array<float, 1> &a, int n) {
  hy::minloc<float, int> best;
// CUDA: hy::cuda::reduction<hy::cuda::op::min, hy::minloc<float, int>> hy_red_best(
// CUDA: best = hy::cuda::op::min::apply(best, hy_red_best.result());
// OMP: [&, n, a = hy::view_of(a)] { _Pragma("omp declare reduction(hy_min_best_{{[0-9]+}} : hy::minloc<float, int> : omp_out.update(omp_in.value, omp_in.index)) initializer(omp_priv = hy::minloc<float, int>())") _Pragma("omp parallel for reduction(hy_min_best_{{[0-9]+}} : best) firstprivate(n, a) schedule(static) if(hy::omp_worth({{.*}}))") // #pragma hy parallel for reduction(min : best)
#pragma hy parallel for reduction(min : best)
  for (int i = 0; i < n; ++i)
    best.update(a(i), i);
  return best.index;
}

// A frontier BFS: the block loop's bound is the worklist's count, read by
// the kernel; the host reads nothing to launch it;
// next is launched as `append`: the kernel publishes its count at the end.
// hy::fetch_min stays as written (atomic by itself); pushes go through the
// block's buffer (lit cuda/block-push.cpp), flushed before the publication.
// CUDA-LABEL: __global__ void __launch_bounds__(256) hy_bfs_L{{[0-9]+}}(hy::cuda::view<int, 1> off, hy::cuda::view<int, 1> col, hy::cuda::view<int, 1> depth, hy::cuda::worklist_view<int> frontier, hy::cuda::worklist_view<int> next, int level) {
// CUDA: const long long hy_trip0 = hy::trips((int)(0), ((int)frontier.size()), 1); // read on the device
// CUDA: if (depth(v) > level + 1 && hy::fetch_min(depth(v), level + 1) > level + 1)
// CUDA-NEXT: hy_push_next.push(v);
// The kernel's last block publishes next's count for the host.
// CUDA: hy::cuda::push_flush(hy_push_next);
// CUDA-NEXT: next.publish();
// CUDA-NEXT: }
// COMMON-LABEL: void bfs(
void bfs(const hy::array<int, 1> &off, const hy::array<int, 1> &col, hy::array<int, 1> &depth,
         hy::worklist<int> &frontier, hy::worklist<int> &next) {
  int level = 0;
// Only the count comes back for the loop's condition.
// CUDA: while ((hy::cuda::host_size(frontier), frontier.size() > 0)) {
// OMP: { hy::region_error hy_err; bool hy_go = static_cast<bool>(frontier.size() > 0), hy_stay, hy_team; while (hy_go) {
  while (frontier.size() > 0) {
// CUDA-NOT: const long long hy_trip0
// The grid is the frontier's size when the host knows it (it read the count
// for the loop's condition), capped at the resident blocks; else the
// resident blocks.
// CUDA: hy_bfs_L{{[0-9]+}}<<<dim3(hy::cuda::grid_dim((hy::cuda::size_known(frontier) ? std::min<long long>((hy::trips((int)(0), ((int)frontier.size()), 1)), (long long)hy::cuda::resident_grid((const void *)hy_bfs_L{{[0-9]+}}, 256, 0)) : (long long)hy::cuda::resident_grid((const void *)hy_bfs_L{{[0-9]+}}, 256, 0)), 0)), dim3(256, 1, 1), 0>>>({{.*}}hy::cuda::device(frontier, hy::cuda::read, {{.*}}), hy::cuda::device(next, hy::cuda::append, {{.*}}), level);
// OMP: if (depth(v) > level + 1 && hy::fetch_min(depth(v), level + 1) > level + 1)
#pragma hy parallel for reduction(min : depth)
    for (int f = 0; f < (int)frontier.size(); ++f) {
      const int u = frontier(f);
#pragma hy parallel for into(threads)
      for (int e = off(u); e < off(u + 1); ++e) {
        const int v = col(e);
        if (depth(v) > level + 1 && hy::fetch_min(depth(v), level + 1) > level + 1)
          next.push(v);
      }
    }
// A swap moves no data; before clear() nothing is downloaded.
// CUDA: {{^}} std::swap(frontier, next);
// CUDA-NEXT: hy::cuda::host(next, hy::cuda::overwrite); next.clear();
    std::swap(frontier, next);
    next.clear();
    ++level;
  }
}

// Two std::vectors swapped: their device copies are found by address, so
// they are swapped too.
// COMMON-LABEL: void pingPong(
void pingPong(std::vector<float> &a, std::vector<float> &b, int steps) {
  const int n = static_cast<int>(a.size());
  for (int s = 0; s < steps; ++s) {
#pragma hy parallel for
    for (int i = 1; i < n - 1; ++i)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
// CUDA: hy::cuda::swap_mirrors(a, b); std::swap(a, b);
// OMP: {{^}} _Pragma("omp masked") { std::swap(a, b); }
    std::swap(a, b);
  }
}

// A histogram through a privatized tile: the tile starts from the identity,
// updates are shared-memory atomics, and the block's non-zero bins are
// added to the array at the end.
// CUDA-LABEL: __global__ void __launch_bounds__(256) hy_histogram_L{{[0-9]+}}(
// CUDA: /* privatized hist -> hy_tile0_hist */ for (int hy_e = hy_tid; hy_e < 256; hy_e += hy_nthreads) hy_tile0_hist[hy_e] = hy::cuda::op::add::identity<int>(); __syncthreads();
// CUDA: hy::cuda::atomic_add(&(hy_tile0_hist[((key(i) & 255) - (0))]), 1); __syncthreads(); for (int hy_e = hy_tid; hy_e < 256; hy_e += hy_nthreads) { const int hy_a0 = hy_e; const int hy_v = hy_tile0_hist[hy_a0]; if ((unsigned long long)((0) + hy_a0) < (unsigned long long)hist.extent(0) && !(hy_v == hy::cuda::op::add::identity<int>())) hy::cuda::atomic_add(&hist((0) + hy_a0), hy_v); } }
// COMMON-LABEL: void histogram(
// OMP: hy_priv_hist.update(&(hist(key(i) & 255)), 1);
void histogram(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
#pragma hy parallel for reduction(+ : hist)
  for (int b = 0; b < (n + 1023) / 1024; ++b)
#pragma hy parallel fetch(hist : 256 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 256; ++t)
      for (int i = b * 1024 + t; i < std::min(n, b * 1024 + 1024); i += 256)
        hist(key(i) & 255) += 1;
}

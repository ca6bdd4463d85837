// Host loops that stay on the device (issue 27): a loop whose body holds
// kernels and otherwise only scalar statements, worklist clear() and swap is
// printed a second time as one CUDA graph (hy::cuda::device_loop: a
// conditional while node around the kernels and one-thread step kernels),
// in front of the host form that HY_DEVICE_LOOPS=0 and the CPU fallback
// take. The kernels get a variant <name>_dl that reads the loop's values from
// the state struct; the loop's statements become step kernels with the names
// rewritten to the state's members. Loops that cannot stay on the device keep
// their host form, and the report names the statement that stopped them.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=cuda --report=- %s -o /dev/null 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// OMP-NOT: hy_dl
// OMP: frontier.size() > 0
#include <hy/hy.hpp>
#include <cstdio>
#include <utility>

// A worklist level loop: swap, clear, a level counter the kernel reads.
// CHECK: struct hy_dloop{{[0-9]+}}_L[[#@LINE+39]]_state {
// CHECK-NEXT: alignas(16) int level;
// CHECK-NEXT: alignas(16) hy::cuda::worklist_view<int> frontier;
// CHECK-NEXT: alignas(16) hy::cuda::worklist_view<int> next;
// CHECK: __global__ void __launch_bounds__(256) hy_bfs_L{{[0-9]+}}_dl(hy_dloop{{[0-9]+}}_L{{[0-9]+}}_state *hy_s, hy::cuda::view<int, 1> off, hy::cuda::view<int, 1> col, hy::cuda::view<int, 1> depth) {
// CHECK-NEXT: hy::cuda::worklist_view<int> frontier = hy_s->frontier;
// CHECK-NEXT: hy::cuda::worklist_view<int> next = hy_s->next;
// CHECK-NEXT: int level = hy_s->level;
// CHECK: __global__ void __launch_bounds__(1) hy_dloop{{[0-9]+}}_L{{[0-9]+}}_first(hy_dloop{{[0-9]+}}_L{{[0-9]+}}_state *hy_s, cudaGraphConditionalHandle hy_h) {
// CHECK-NEXT: const bool hy_more = (hy_s->frontier.size() > 0);
// CHECK-NEXT: hy::cuda::loop_continue(hy_h, hy_more);
// CHECK: _next(hy_dloop{{[0-9]+}}_L{{[0-9]+}}_state *hy_s, cudaGraphConditionalHandle hy_h) {
// CHECK: hy::cuda::loop_swap(hy_s->frontier, hy_s->next);
// CHECK: hy::cuda::loop_clear(hy_s->next);
// CHECK: ++hy_s->level;
// CHECK-NEXT: const bool hy_more = (hy_s->frontier.size() > 0);
// CHECK-NEXT: hy::cuda::loop_continue(hy_h, hy_more);
// CHECK-LABEL: void bfs(
void bfs(const hy::array<int, 1> &off, const hy::array<int, 1> &col, hy::array<int, 1> &depth,
         hy::worklist<int> &frontier, hy::worklist<int> &next) {
  int level = 0;
// CHECK: if (hy::cuda::device_loops()) {
// CHECK: static hy::cuda::device_loop_site hy_dl_site;
// CHECK: hy_ls.level = level;
// CHECK-NEXT: hy_ls.frontier = hy::cuda::device(frontier, hy::cuda::read_write, {{.*}});
// CHECK-NEXT: const auto *const hy_items_frontier = hy_ls.frontier.items;
// CHECK: (void)hy::cuda::device(off, hy::cuda::read, {{.*}});
// CHECK: (void)hy::cuda::device(depth, hy::cuda::read_write, {{.*}});
// The kernel's grid is the resident blocks (the counts change on the
// device); the values each launch is given go through keyed(): the next
// execution of the loop runs this graph again if they are the same.
// CHECK: hy_bfs_L{{[0-9]+}}_dl<<<hy_dl.keyed(dim3(hy::cuda::grid_dim((long long)hy::cuda::resident_grid((const void *)hy_bfs_L{{[0-9]+}}, 256, 0), 0))), dim3(256, 1, 1), 0, hy_dl.stream()>>>(hy_dl.state(), hy_dl.keyed(hy::cuda::device(off, {{.*}})), hy_dl.keyed(hy::cuda::device(col, {{.*}})), hy_dl.keyed(hy::cuda::device(depth, {{.*}})));
// CHECK: hy_ls = hy_dl.run();
// CHECK: level = hy_ls.level;
// CHECK-NEXT: hy::cuda::finish_device_loop<int>({&frontier, &next}, {hy_items_frontier, hy_items_next}, {hy_ls.frontier, hy_ls.next}, {{.*}});
// The host form stays, as before.
// CHECK-NEXT: } else
// CHECK-NEXT: while ((hy::cuda::host_size(frontier), frontier.size() > 0)) {
// REPORT: device-loops.cpp:[[#@LINE+1]]:3: remark: host loop stays on the device: one CUDA graph launch for the whole loop (a conditional while node around kernel hy_bfs_L{{[0-9]+}} and 1 one-thread step kernel per iteration), no read back per iteration; state on the device: level, frontier, next; HY_DEVICE_LOOPS=0 takes the host form [-Rhy]
  while (frontier.size() > 0) {
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
    std::swap(frontier, next);
    next.clear();
    ++level;
  }
}

// A changed flag reduced by the kernel: the accumulator is the state's
// member; the statement before the kernel runs in the first step and at the
// end of each iteration, when the loop goes on.
// CHECK: struct hy_dloop{{[0-9]+}}_L[[#@LINE+22]]_state {
// CHECK-NEXT: alignas(16) bool changed;
// CHECK-NEXT: alignas(16) int rounds;
// CHECK: _dl(hy_dloop{{[0-9]+}}_L{{[0-9]+}}_state *hy_s, hy::cuda::view<int, 1> src, hy::cuda::view<int, 1> dst, hy::cuda::view<int, 1> dist, int m, long long hy_trip0) {
// CHECK-NEXT: bool *const hy_red_changed = &hy_s->changed;
// CHECK: hy::cuda::block_combine<hy::cuda::op::lor>(hy_red_changed,
// CHECK: _first(
// CHECK-NEXT: const bool hy_more = (hy_s->changed);
// CHECK-NEXT: if (hy_more) { // the next iteration's first statements
// CHECK-NEXT: // line [[#@LINE+14]]
// CHECK-NEXT: hy_s->changed = false;
// CHECK: _next(
// CHECK: ++hy_s->rounds;
// CHECK-NEXT: const bool hy_more = (hy_s->changed);
// CHECK-LABEL: int relax(
// CHECK: changed = hy_ls.changed;
// CHECK-NEXT: rounds = hy_ls.rounds;
int relax(const hy::array<int, 1> &src, const hy::array<int, 1> &dst, hy::array<int, 1> &dist,
          int m) {
  int rounds = 0;
  bool changed = true;
// REPORT: device-loops.cpp:[[#@LINE+1]]:3: remark: host loop stays on the device: {{.*}}; state on the device: changed, rounds;
  while (changed) {
    changed = false;
#pragma hy parallel for reduction(min : dist) reduction(|| : changed)
    for (int e = 0; e < m; ++e)
      if (dist(src(e)) + 1 < dist(dst(e))) {
        dist(dst(e)) = std::min(dist(dst(e)), dist(src(e)) + 1);
        changed = true;
      }
    ++rounds;
  }
  return rounds;
}

// A do-while: a counter held by reference, a value computed from it that
// the kernel reads (from the state, not a by-value parameter), a step
// between two kernels.
// CHECK: struct hy_dloop{{[0-9]+}}_L[[#@LINE+16]]_state {
// CHECK-NEXT: alignas(16) int p;
// CHECK-NEXT: alignas(16) int stamp;
// CHECK: _dl(hy_dloop{{[0-9]+}}_L{{[0-9]+}}_state *hy_s, hy::cuda::view<int, 1> a, int n, long long hy_trip0) {
// CHECK-NEXT: int p = hy_s->p;
// CHECK: _first(
// CHECK-NEXT: // line [[#@LINE+11]]
// CHECK-NEXT: hy_s->p = ++hy_s->stamp;
// CHECK-NEXT: hy::cuda::loop_continue(hy_h, true);
// CHECK: _step1(
// CHECK-NEXT: // line [[#@LINE+11]]
// CHECK-NEXT: hy_s->k += 2;
// CHECK-LABEL: void stamps(
// CHECK: stamp = hy_ls.stamp;
void stamps(hy::array<int, 1> &a, int n, int &stamp) {
  int k = 0;
  do {
    const int p = ++stamp;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += p;
    k += 2;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) -= 1;
  } while (k < 6);
}

// Loops that keep their host form: the report names the statement.
void fallbacks(hy::array<int, 1> &a, int n, hy::worklist<int> &w) {
  int s = 0;
  for (int r = 0; r < 3; ++r) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
// REPORT: device-loops.cpp:[[#@LINE+1]]:10: remark: the host loop of line [[#@LINE-4]] keeps its host form (a launch per kernel and a read back per iteration): a use of an element of 'a' on the host ('a(0)') [-Rhy]
    s += a(0);
  }
  for (int r = 0; r < 3; ++r) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
// REPORT: device-loops.cpp:[[#@LINE+1]]:5: remark: the host loop of line [[#@LINE-4]] keeps its host form {{.*}}: an 'if' statement ('if (s > 100) break')
    if (s > 100) break;
  }
  while (s < 10) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
// REPORT: device-loops.cpp:[[#@LINE+1]]:5: remark: the host loop of line [[#@LINE-4]] keeps its host form {{.*}}: a call ('std::printf("%d\n", s)')
    std::printf("%d\n", s);
    ++s;
  }
// REPORT: device-loops.cpp:[[#@LINE+3]]:5: remark: host loop stays on the device: {{.*}}; state on the device: r;
// REPORT: device-loops.cpp:[[#@LINE+2]]:5: remark: the host loop of line [[#@LINE+1]] keeps its host form {{.*}}: a kernel in a nested host loop (line [[#@LINE+2]])
  for (int t = 0; t < 2; ++t)
    for (int r = 0; r < 2; ++r) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += r;
    }
// REPORT: device-loops.cpp:[[#@LINE+2]]:5: remark: the host loop of line [[#@LINE+1]] keeps its host form {{.*}}: a kernel inside a nested statement ('if (s > 0) {...'): only kernels directly in the loop's body
  while (w.size() > 0) {
    if (s > 0) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += 1;
    }
    w.clear();
  }
  const int m = 4;
  for (int r = 0; r < 3; ++r) {
// REPORT: device-loops.cpp:[[#@LINE+1]]:1: remark: the host loop of line [[#@LINE-1]] keeps its host form {{.*}}: the trip count of the loop over 'i' reads 'r', which the loop changes
#pragma hy parallel for
    for (int i = 0; i < r + m; ++i)
      a(i) += 1;
  }
}

// In a function template: the state is one struct for every instantiation
// (its members may not depend on a template parameter), the kernel's variant
// is a template like the kernel.
// CHECK: struct hy_dloop{{[0-9]+}}_L[[#@LINE+11]]_state {
// CHECK-NEXT: alignas(16) int r;
// CHECK: template <class T>
// CHECK-NEXT: __global__ void __launch_bounds__(256) hy_templ_L{{[0-9]+}}_dl(hy_dloop{{[0-9]+}}_L{{[0-9]+}}_state *hy_s, hy::cuda::view<T, 1> a, int n, long long hy_trip0) {
// CHECK-LABEL: void templ(
// CHECK: hy_templ_L{{[0-9]+}}_dl<T><<<
// REPORT: device-loops.cpp:[[#@LINE+5]]:3: remark: host loop stays on the device: {{.*}}; state on the device: r;
template <class T>
void templ(hy::array<T, 1> &a, int n) {
  int r = 0;
  T x = 0;
  while (r < 3) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
    ++r;
  }
// REPORT: device-loops.cpp:[[#@LINE+5]]:7: remark: the host loop of line [[#@LINE+1]] keeps its host form {{.*}}: a use of 'x', which is not an arithmetic scalar
  while (x < 3) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
    ++x;
  }
}
template void templ<int>(hy::array<int, 1> &, int);

// A scan kernel: its tiles' state and its total are set up by the host at
// each launch.
void prefix_rounds(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  int r = 0;
  long long sum = 0;
  while (r < 3) {
// REPORT: device-loops.cpp:[[#@LINE+1]]:1: remark: the host loop of line [[#@LINE-1]] keeps its host form {{.*}}: its kernel {{[a-z_A-Z0-9]+}} is a scan, whose tiles and total the host sets up at each launch
#pragma hy parallel for reduction(inscan, + : sum)
    for (int i = 0; i < n; ++i) {
      sum += in(i);
#pragma hy scan inclusive(sum)
      out(i) = sum;
    }
    ++r;
  }
}

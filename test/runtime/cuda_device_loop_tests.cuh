// hy::cuda::device_loop (device_loop.cuh) tested the way hyc's device form
// uses it: a BFS level loop on a path whose levels all run inside one graph
// launch (state struct, first step, kernel reading the state, step with
// swap/clear/increment), a loop of zero iterations, the worklists' host
// objects and counts afterwards (an odd and an even number of swaps), the
// executable graph run again when the launches are given the same values
// (made anew, or updated in place with HY_DEVICE_LOOP_UPDATE=1, when not),
// and one launch counted per loop. Included by cuda_runtime_test.cu
// (report, WHERE, hc).
#pragma once

namespace dl_test {

struct state {
  alignas(16) int level;
  alignas(16) hc::worklist_view<int> frontier;
  alignas(16) hc::worklist_view<int> next;
};

__global__ void first(state *s, cudaGraphConditionalHandle h) {
  hc::loop_continue(h, s->frontier.size() > 0);
}

// Each vertex u of the frontier reaches u + 1 (a path of n vertices).
__global__ void expand(state *s, hc::view<int, 1> depth) {
  const hc::worklist_view<int> frontier = s->frontier, next = s->next;
  const int level = s->level;
  const long long n = (long long)frontier.size();
  for (long long f = blockIdx.x * (long long)blockDim.x + threadIdx.x; f < n;
       f += (long long)gridDim.x * blockDim.x) {
    const int v = frontier(f) + 1;
    if (v < depth.extent(0) && depth(v) > level + 1) {
      depth(v) = level + 1;
      next.push(v);
    }
  }
}

__global__ void next_step(state *s, cudaGraphConditionalHandle h) {
  hc::loop_swap(s->frontier, s->next);
  hc::loop_clear(s->next);
  ++s->level;
  hc::loop_continue(h, s->frontier.size() > 0);
}

// The levels of a path of n vertices from `src`, as hyc's device form runs them.
inline int levels(hc::device_loop_site &site, hy::array<int, 1> &depth,
                  hy::worklist<int> &frontier, hy::worklist<int> &next, int src) {
  hc::host(depth, hc::overwrite);
  for (int i = 0; i < (int)depth.extent(0); ++i)
    depth(i) = 1 << 30;
  hc::host(frontier, hc::overwrite);
  frontier.clear();
  hc::host(next, hc::overwrite);
  next.clear();
  if (src >= 0) {
    depth(src) = 0;
    frontier.push(src);
  }
  int level = 0;
  state ls{};
  ls.level = level;
  ls.frontier = hc::device(frontier, hc::read_write, WHERE);
  const int *const b0 = ls.frontier.items;
  ls.next = hc::device(next, hc::read_write, WHERE);
  const int *const b1 = ls.next.items;
  const auto dd = hc::device(depth, hc::read_write, WHERE);
  {
    hc::device_loop<state> dl(site, ls, WHERE);
    dl.begin_first();
    first<<<1, 1, 0, dl.stream()>>>(dl.state(), dl.handle());
    dl.launched(WHERE);
    dl.end_first();
    dl.begin_body();
    expand<<<4, 64, 0, dl.stream()>>>(dl.state(), dl.keyed(dd));
    dl.launched(WHERE);
    next_step<<<1, 1, 0, dl.stream()>>>(dl.state(), dl.handle());
    dl.launched(WHERE);
    dl.end_body();
    ls = dl.run();
  }
  level = ls.level;
  hc::finish_device_loop<int>({&frontier, &next}, {b0, b1}, {ls.frontier, ls.next}, WHERE);
  return level;
}

} // namespace dl_test

static void test_device_loop() {
  const int n = 301;
  hy::array<int, 1> depth(n);
  hy::worklist<int> frontier(n), next(n);
  const hy::worklist<int> *fa = &frontier;
  const int *fdata = frontier.data(), *ndata = next.data();
  hc::device_loop_site site;
  auto s0 = hc::stats();
  const int lv = dl_test::levels(site, depth, frontier, next, 0);
  auto d = hc::stats() - s0;
  hc::host(depth, hc::read);
  hc::host_size(frontier);
  hc::host_size(next);
  bool ok = lv == n; // n - 1 expansions, then one with nothing new
  for (int i = 0; i < n; ++i)
    ok = ok && depth(i) == i;
  report("device_loop.path_levels", ok, "levels " + std::to_string(lv));
  // n swaps (odd): the host objects' storage was swapped back to match.
  report("device_loop.lists_after", frontier.size() == 0 && next.size() == 0 &&
                                        &frontier == fa &&
                                        (lv % 2 ? frontier.data() == ndata && next.data() == fdata
                                                : frontier.data() == fdata && next.data() == ndata),
         "frontier " + std::to_string(frontier.size()) + " next " + std::to_string(next.size()));
  report("device_loop.one_launch", d.launches == 1, "launches " + std::to_string(d.launches));
  // Again from the middle.
  const int lv2 = dl_test::levels(site, depth, frontier, next, 150);
  hc::host(depth, hc::read);
  bool ok2 = lv2 == n - 150;
  for (int i = 0; i < n; ++i)
    ok2 = ok2 && depth(i) == (i < 150 ? 1 << 30 : i - 150);
  report("device_loop.second_run", ok2, "levels " + std::to_string(lv2));
  // The same launch values: the executable graph of the first run again.
  report("device_loop.graph_reused", site.runs == 2 && site.instantiations == 1 && site.reuses == 1,
         "instantiations " + std::to_string(site.instantiations));
  // Nothing in the frontier: zero iterations, the state comes back as it went.
  const int lv3 = dl_test::levels(site, depth, frontier, next, -1);
  hc::host(depth, hc::read);
  hc::host_size(frontier);
  bool ok3 = lv3 == 0 && frontier.size() == 0;
  for (int i = 0; i < n; ++i)
    ok3 = ok3 && depth(i) == 1 << 30;
  report("device_loop.zero_iterations", ok3, "levels " + std::to_string(lv3));
  // Another array: other launch values, a graph of its own (or, with
  // HY_DEVICE_LOOP_UPDATE=1, the last one updated in place).
  hy::array<int, 1> depth2(n);
  const int lv4 = dl_test::levels(site, depth2, frontier, next, 0);
  hc::host(depth2, hc::read);
  bool ok4 = lv4 == n;
  for (int i = 0; i < n; ++i)
    ok4 = ok4 && depth2(i) == i;
  report("device_loop.other_array", ok4 && site.runs == 4 && site.reuses == 2 &&
                                        site.instantiations == (hc::update_in_place() ? 1u : 2u),
         "levels " + std::to_string(lv4) + ", instantiations " +
             std::to_string(site.instantiations));
  // After the loop the lists work as usual on the host.
  hc::host(frontier, hc::read_write);
  frontier.push(7);
  hc::host_size(frontier);
  report("device_loop.host_push_after", frontier.size() == 1 && frontier(0) == 7);
}

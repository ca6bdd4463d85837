// Brandes' betweenness centrality as Sriram et al. put it on a GPU (seed
// 003's "Sriram's algorithm"), written as serial C++ with hy's parallelism
// in the margin.
//
// As in Jia's design, all sources at once, one block per source with its own
// rows of d, sigma and delta. But the threads go over the *vertices*
// (vertex-parallel over adjacency lists): in the forward phase a thread
// whose vertex lies on the current level walks its adjacency list, so a
// level costs n checks plus the arcs of its own vertices, not all m arcs;
// the price is load imbalance when one vertex of a level has a much larger
// degree than the others (seed 003: why this design trails Jia's on sparse
// graphs). The backward phase pulls: a vertex on level l sums what its
// successors on level l + 1 pass it, so no two threads write one element and
// no atomics are needed.
//
// Memory: adjacency lists (m + n entries), the output, k rows of n for each
// auxiliary array: the seed's 16n^2 + 8n + 4m with 4-byte entries; here
// the offsets are 64-bit and the rows int, double, double.
#include "bc_kernels.hpp"

#include <algorithm>

namespace bc {

constexpr int kBlockThreads = 1024; // the most CUDA allows, as in the seed

void sriram(const graph &g, const int *sources, int k, bool endpoints, workspace &ws,
            hy::array<double, 1> &bc, run_info &info) {
  const int n = g.n;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  hy::array<int, 2> &d = ws.d; // a row per source: levels,
  hy::array<double, 2> &sigma = ws.sigma, &delta = ws.delta; // path counts, dependencies
  set_sources(ws, sources, k);
  start_rows(ws, d, k, kUnreached);
  const hy::array<int, 1> &source = ws.source;
  int depth = 0;

#pragma hy parallel for reduction(min : d) reduction(+ : sigma) reduction(max : depth)
  for (int b = 0; b < k; ++b) { // one source per block
    int level = 0;
    bool more = true;
    while (more) { // forward: the vertices of a level walk their arcs
      more = false;
#pragma hy parallel for into(threads) reduction(|| : more)
      for (int t = 0; t < kBlockThreads; ++t)
        for (int u = t; u < n; u += kBlockThreads) {
          if (d(b, u) != level)
            continue;
          for (long long e = off(u); e < off(u + 1); ++e) {
            const int v = col(e);
            int dv = d(b, v);
            if (dv == kUnreached) { // claim v: only the first caller sees it unreached
              dv = hy::fetch_min(d(b, v), level + 1);
              if (dv == kUnreached) {
                dv = level + 1;
                more = true;
              }
            }
            if (dv == level + 1)
              sigma(b, v) += sigma(b, u);
          }
        }
      ++level;
    }
    depth = std::max(depth, level - 1);
    for (int l = level - 2; l > 0; --l) { // backward: level l pulls from l + 1
#pragma hy parallel for into(threads)
      for (int t = 0; t < kBlockThreads; ++t)
        for (int v = t; v < n; v += kBlockThreads) {
          if (d(b, v) != l)
            continue;
          double pulled = 0;
          for (long long e = off(v); e < off(v + 1); ++e) {
            const int w = col(e);
            if (d(b, w) == l + 1)
              pulled += (1.0 + delta(b, w)) / sigma(b, w);
          }
          delta(b, v) = sigma(b, v) * pulled;
        }
    }
  }
  info.depth = std::max(info.depth, depth);
  add_dependencies(d, delta, source, k, kUnreached, endpoints, bc);
}

} // namespace bc

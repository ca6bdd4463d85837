// Brandes' betweenness centrality as Jia et al. put it on a GPU (seed 003's
// "Jia's algorithm"), written as serial C++ with hy's parallelism in the
// margin.
//
// All sources at once, one block per source: every block has its own copy
// of the auxiliary arrays (a row of d, sigma and delta each), so no block
// ever waits for another and one launch does the whole computation. Inside
// a block the threads sweep the edge list (edge-parallel, as Shi's
// kernels, kBlockThreads threads: the seed used the most a block allows):
// the forward phase discovers the next level and counts shortest paths,
// the backward phase passes dependencies from each level to the one above
// along the arcs that join consecutive levels. Such an arc is exactly a
// shortest-path arc, so no predecessor array is needed (the seed still
// counts an n^2 one for this design; see the README's memory table).
//
// Memory: the edge list (8m bytes), the output, and k rows of n for each
// auxiliary array: with 4-byte entries the seed's 16n^2 + 8m + 4n; here
// the rows are int, double, double (20kn) and the output double.
#include "bc_kernels.hpp"

#include <algorithm>

namespace bc {

// Threads of a block, the most CUDA allows (seed 003: "a thread block
// always used the maximum number of threads").
constexpr int kBlockThreads = 1024;

void jia(const graph &g, const int *sources, int k, bool endpoints, workspace &ws,
         hy::array<double, 1> &bc, run_info &info) {
  const long long m = g.m;
  const hy::array<int, 1> &src = g.src, &dst = g.dst;
  hy::array<int, 2> &d = ws.d; // a row per source: levels,
  hy::array<double, 2> &sigma = ws.sigma, &delta = ws.delta; // path counts, dependencies
  set_sources(ws, sources, k);
  start_rows(ws, d, k, kUnreached);
  const hy::array<int, 1> &source = ws.source;
  int depth = 0;

#pragma hy parallel for reduction(min : d) reduction(+ : sigma, delta) reduction(max : depth)
  for (int b = 0; b < k; ++b) { // one source per block
    int level = 0;
    bool more = true;
    while (more) { // forward: level by level over all arcs
      more = false;
#pragma hy parallel for into(threads) reduction(|| : more)
      for (int t = 0; t < kBlockThreads; ++t)
        for (long long e = t; e < m; e += kBlockThreads) {
          const int u = src(e);
          if (d(b, u) != level)
            continue;
          const int v = dst(e);
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
      ++level;
    }
    depth = std::max(depth, level - 1);
    for (int l = level - 1; l > 1; --l) { // backward: level l passes to l - 1
#pragma hy parallel for into(threads)
      for (int t = 0; t < kBlockThreads; ++t)
        for (long long e = t; e < m; e += kBlockThreads) {
          const int v = dst(e);
          if (d(b, v) != l)
            continue;
          const int u = src(e);
          if (d(b, u) == l - 1)
            delta(b, u) += sigma(b, u) / sigma(b, v) * (1.0 + delta(b, v));
        }
    }
  }
  info.depth = std::max(info.depth, depth);
  add_dependencies(d, delta, source, k, kUnreached, endpoints, bc);
}

} // namespace bc

// Brandes' betweenness centrality as Shi and Zhang put it on a GPU (seed
// 003's "Shi's algorithm"), written as serial C++ with hy's parallelism in
// the margin.
//
// One source at a time. The forward phase is a level-synchronous BFS: each
// level is one launch over *all* arcs of the edge list (edge-parallel, the
// grid covers the arcs in blocks of HY_BC_SHI_THREADS threads); an arc
// (u, v) whose tail u is on the current level discovers v and adds u's
// shortest-path count to v's, and marks u as a predecessor of v in the n x n
// predecessor matrix P. P is bool, not a bit array: seed 003 measured that
// the atomics a bit array needs cost more than the memory it saves. The
// "another level" flag is reduced per block in shared memory and combined
// once per block (the seed's optimisation over the original's global flag):
// `reduction(|| : more)` on the thread loop does exactly that.
//
// The backward phase walks the levels from the deepest up, again one launch
// over all arcs per level: an arc (u, v) with v on the level and P(v, u) set
// passes v's dependency to u, and clears P(v, u) so that the matrix is clean
// for the next source without an n^2 reset.
//
// Memory (seed 003): the edge list (8m bytes), the output, three arrays of
// n and the n^2-byte matrix: n^2 + 8m + 16n with 4-byte counts; here the
// path counts and dependencies are doubles (28n instead of 16n).
#include "bc_kernels.hpp"

#include <algorithm>
#include <vector>

#ifndef HY_BC_SHI_THREADS
#define HY_BC_SHI_THREADS 128 // seed 003's best on its GPU; a translation-time knob
#endif

namespace bc {

int shi_threads() { return HY_BC_SHI_THREADS; }

void shi(const graph &g, const int *sources, int k, bool endpoints, workspace &ws,
         hy::array<double, 1> &bc, run_info &info) {
  constexpr int T = HY_BC_SHI_THREADS;
  const int n = g.n;
  const long long m = g.m, blocks = (m + T - 1) / T;
  const hy::array<int, 1> &src = g.src, &dst = g.dst;
  hy::array<int, 2> &d = ws.d;            // BFS level of each vertex (row 0)
  hy::array<double, 2> &sigma = ws.sigma; // number of shortest paths from the source
  hy::array<double, 2> &delta = ws.delta; // dependency of the source on each vertex
  hy::array<bool, 2> &P = ws.P;           // P(v, u): u precedes v on a shortest path
  std::vector<double> reachedBy(k);       // endpoints: what each source reaches

  for (int i = 0; i < k; ++i) {
    const int s = sources[i];
#pragma hy parallel for
    for (int v = 0; v < n; ++v) {
      d(0, v) = v == s ? 0 : kUnreached;
      sigma(0, v) = v == s ? 1.0 : 0.0;
      delta(0, v) = 0.0;
    }
    // Forward: level by level over all arcs.
    int level = 0;
    bool more = true;
    while (more) {
      more = false;
#pragma hy parallel for reduction(min : d) reduction(+ : sigma)
      for (long long b = 0; b < blocks; ++b)
#pragma hy parallel for into(threads) reduction(|| : more)
        for (int t = 0; t < T; ++t) {
          const long long e = b * T + t;
          if (e >= m)
            continue;
          const int u = src(e);
          if (d(0, u) != level)
            continue;
          const int v = dst(e);
          int dv = d(0, v);
          if (dv == kUnreached) { // claim v: only the first caller sees it unreached
            dv = hy::fetch_min(d(0, v), level + 1);
            if (dv == kUnreached) {
              dv = level + 1;
              more = true;
            }
          }
          if (dv == level + 1) {
            sigma(0, v) += sigma(0, u);
            P(v, u) = true;
          }
        }
      ++level;
    }
    info.depth = std::max(info.depth, level - 1);
    // Backward: from the deepest level up, dependencies flow to predecessors.
    for (int l = level - 1; l > 0; --l) {
      // One arc per (u, v) (the toolkit drops duplicate arcs by default), so
      // each thread clears its own flag P(v, u).
#pragma hy parallel for reduction(+ : delta) disjoint(P)
      for (long long b = 0; b < blocks; ++b)
#pragma hy parallel for into(threads)
        for (int t = 0; t < T; ++t) {
          const long long e = b * T + t;
          if (e >= m)
            continue;
          const int v = dst(e);
          if (d(0, v) != l)
            continue;
          const int u = src(e);
          if (!P(v, u))
            continue;
          P(v, u) = false; // clean for the next source
          delta(0, u) += sigma(0, u) / sigma(0, v) * (1.0 + delta(0, v));
        }
    }
    const double end = endpoints ? 1.0 : 0.0;
    long long reached = 0;
#pragma hy parallel for reduction(+ : reached)
    for (int v = 0; v < n; ++v)
      if (d(0, v) != kUnreached && v != s) {
        bc(v) += delta(0, v) + end;
        reached += 1;
      }
    reachedBy[i] = static_cast<double>(reached);
  }
  if (endpoints)
    for (int i = 0; i < k; ++i)
      bc(sources[i]) += reachedBy[i];
}

} // namespace bc

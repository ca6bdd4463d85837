// Johnson's all-pairs shortest paths (seed 001), written once as serial C++
// with hy's parallelism in the margin. This is the file to read first.
//
// 1. Potentials: Bellman-Ford from an added vertex joined to every vertex
//    by a 0-weight arc, so h(v) starts at 0 everywhere; every round relaxes
//    all arcs in parallel (`reduction(min : h)`), and the rounds stop as
//    soon as nothing changes (`reduction(|| : changed)`). A change in round
//    n means a negative cycle.
// 2. Reweighting: w'(u, v) = w(u, v) + h(u) - h(v) >= 0, so Dijkstra applies;
//    d(u, v) = d'(u, v) - h(u) + h(v).
// 3. Dijkstra from every source, many sources at once: a block per source
//    (the seed's "many small problems" layout keeps the GPU full), its
//    threads over the vertices. Each round finds the smallest tentative
//    distance m among unsettled vertices (hy::minloc over the block's
//    threads, the seed's Thrust min_element), then settles, in parallel,
//    every unsettled vertex whose distance no unsettled vertex can improve
//    any more and relaxes its arcs (seed 001's outer-loop
//    parallelisation). A vertex v is safe when d(v) <= m + Δ: any path
//    through an unsettled vertex costs at least m plus an arc into v, so Δ
//    is the least arc weight of the graph, or (per vertex) the least weight
//    of the arcs into v, which settles more vertices per round.
#include "johnson_kernels.hpp"

#include <hy_graph/types.hpp>

#include <algorithm>
#include <cstdint>

namespace apsp {

template <class W>
bool potentials(const graph<W> &g, hy::array<W, 1> &h, long long &rounds) {
  const int n = g.n;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<W, 1> &w = g.w;
  h.fill(W(0)); // the added vertex reaches every vertex by a 0-weight arc
  bool changed = true;
  for (rounds = 0; changed && rounds <= n; ++rounds) {
    changed = false;
#pragma hy parallel for reduction(min : h) reduction(|| : changed)
    for (int u = 0; u < n; ++u) {
      const W hu = h(u);
      for (long long e = off(u); e < off(u + 1); ++e) {
        const int v = col(e);
        if (hu + w(e) < h(v)) {
          h(v) = std::min(h(v), hu + w(e));
          changed = true;
        }
      }
    }
  }
  return !changed; // still changing after n + 1 rounds: a negative cycle
}

template <class W>
void reweight(const graph<W> &g, const hy::array<W, 1> &h, graph<W> &g2,
              hy::array<W, 1> &minIn) {
  const int n = g.n;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<W, 1> &w = g.w;
  hy::array<W, 1> &w2 = g2.w;
  minIn.fill(hy::graph::infinity<W>());
#pragma hy parallel for reduction(min : minIn)
  for (int u = 0; u < n; ++u)
    for (long long e = off(u); e < off(u + 1); ++e) {
      const int v = col(e);
      // >= 0 in exact arithmetic; a double sum may round a hair below 0
      w2(e) = std::max(W(0), w(e) + h(u) - h(v));
      minIn(v) = std::min(minIn(v), w2(e));
    }
}

template <class W>
long long dijkstra_rows(const graph<W> &g2, const hy::array<W, 1> &minIn, window win,
                        const hy::array<int, 1> &sources, int k, hy::array<W, 2> &D) {
  const int n = g2.n;
  const hy::array<long long, 1> &off = g2.off;
  const hy::array<int, 1> &col = g2.col;
  const hy::array<W, 1> &w = g2.w;
  const W inf = hy::graph::infinity<W>();
  // The least arc weight of the graph, for the uniform window.
  W least = inf;
#pragma hy parallel for reduction(min : least)
  for (int v = 0; v < n; ++v)
    least = std::min(least, minIn(v));
  const bool perVertex = win == window::per_vertex;
  hy::array<unsigned char, 2> settled(k, n);
  long long longest = 0;

#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for into(threads)
    for (int v = 0; v < n; ++v) {
      D(b, v) = v == sources(b) ? W(0) : inf;
      settled(b, v) = 0;
    }
#pragma hy parallel for reduction(min : D) reduction(max : longest)
  for (int b = 0; b < k; ++b) { // one source per block
    long long round = 0;
    bool more = true;
    while (more) {
      hy::minloc<W, int> m; // the smallest unsettled tentative distance
#pragma hy parallel for into(threads) reduction(min : m)
      for (int v = 0; v < n; ++v)
        if (!settled(b, v) && D(b, v) < inf)
          m.update(D(b, v), v);
      more = !m.empty();
      if (more) {
        ++round;
#pragma hy parallel for into(threads)
        for (int v = 0; v < n; ++v) {
          const W window = perVertex ? minIn(v) : least;
          if (settled(b, v) || D(b, v) == inf || D(b, v) > m.value + window)
            continue;
          settled(b, v) = 1;
          const W dv = D(b, v);
          for (long long e = off(v); e < off(v + 1); ++e)
            D(b, col(e)) = std::min(D(b, col(e)), dv + w(e));
        }
      }
    }
    longest = std::max(longest, round);
  }
  return longest;
}

template bool potentials(const graph<std::int32_t> &, hy::array<std::int32_t, 1> &, long long &);
template bool potentials(const graph<double> &, hy::array<double, 1> &, long long &);
template void reweight(const graph<std::int32_t> &, const hy::array<std::int32_t, 1> &,
                       graph<std::int32_t> &, hy::array<std::int32_t, 1> &);
template void reweight(const graph<double> &, const hy::array<double, 1> &, graph<double> &,
                       hy::array<double, 1> &);
template long long dijkstra_rows(const graph<std::int32_t> &, const hy::array<std::int32_t, 1> &,
                                 window, const hy::array<int, 1> &, int,
                                 hy::array<std::int32_t, 2> &);
template long long dijkstra_rows(const graph<double> &, const hy::array<double, 1> &, window,
                                 const hy::array<int, 1> &, int, hy::array<double, 2> &);

} // namespace apsp

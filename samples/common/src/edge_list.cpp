// Edge-list transformations: policies (self-loops, duplicates), expansion of
// undirected edges into arcs, reinterpretation as undirected.
#include "hy_graph/edge_list.hpp"

#include <algorithm>
#include <utility>

#include "instantiate.hpp"

namespace hy::graph {

template <class W>
void apply_policy(edge_list<W>& g, const edge_policy& p) {
  auto& e = g.edges;
  if (p.self_loops == self_loop_policy::drop)
    e.erase(std::remove_if(e.begin(), e.end(), [](const edge<W>& x) { return x.u == x.v; }),
            e.end());
  if (p.duplicates == duplicate_policy::keep) return;
  // Canonical key of an edge: (u, v), or (min, max) for undirected lists.
  const bool und = !g.directed;
  auto key = [und](const edge<W>& x) {
    return und && x.u > x.v ? std::make_pair(x.v, x.u) : std::make_pair(x.u, x.v);
  };
  // Stable sort keeps "first read" first among duplicates.
  std::stable_sort(e.begin(), e.end(),
                   [&](const edge<W>& a, const edge<W>& b) { return key(a) < key(b); });
  std::size_t out = 0;
  for (std::size_t i = 0; i < e.size();) {
    std::size_t j = i;
    edge<W> best = e[i];
    for (; j < e.size() && key(e[j]) == key(e[i]); ++j)
      if (p.duplicates == duplicate_policy::keep_min && e[j].w < best.w) best = e[j];
    e[out++] = best;
    i = j;
  }
  e.resize(out);
}

template <class W>
edge_list<W> to_arcs(const edge_list<W>& g) {
  if (g.directed) return g;
  edge_list<W> r;
  r.n = g.n;
  r.directed = true;
  r.weighted = g.weighted;
  r.edges.reserve(g.edges.size() * 2);
  for (const auto& x : g.edges) {
    r.edges.push_back(x);
    if (x.u != x.v) r.edges.push_back({x.v, x.u, x.w});
  }
  return r;
}

template <class W>
edge_list<W> make_undirected(edge_list<W> g) {
  g.directed = false;
  return g;
}

template <class W>
vid max_vertex_plus_one(const edge_list<W>& g) {
  vid m = -1;
  for (const auto& x : g.edges) m = std::max({m, x.u, x.v});
  return m + 1;
}

#define INST(W)                                                        \
  template void apply_policy<W>(edge_list<W>&, const edge_policy&);   \
  template edge_list<W> to_arcs<W>(const edge_list<W>&);              \
  template edge_list<W> make_undirected<W>(edge_list<W>);             \
  template vid max_vertex_plus_one<W>(const edge_list<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph

// The edge list: what readers produce and generators emit, before it is
// turned into CSR or a dense matrix. Holds arcs as read; `directed == false`
// means each stored edge stands for both directions (stored once).
#pragma once

#include <vector>

#include "hy_graph/types.hpp"

namespace hy::graph {

template <class W>
struct edge {
  vid u;
  vid v;
  W w;
  friend bool operator==(const edge& a, const edge& b) {
    return a.u == b.u && a.v == b.v && a.w == b.w;
  }
};

template <class W>
struct edge_list {
  vid n = 0;              // number of vertices (ids are 0 .. n-1)
  bool directed = true;   // false: every edge means u -> v and v -> u
  bool weighted = true;   // false: the source had no weights (all are 1)
  std::vector<edge<W>> edges;

  eid size() const { return static_cast<eid>(edges.size()); }
  void add(vid u, vid v, W w) { edges.push_back({u, v, w}); }
};

// Applies the self-loop and duplicate policies in place. For an undirected
// list, u-v and v-u are the same edge. Edge order is kept for `keep`; with
// `drop`/`keep_min` the result is sorted by (min(u,v), max(u,v)) for undirected
// and (u, v) for directed lists.
template <class W>
void apply_policy(edge_list<W>& g, const edge_policy& p);

// Directed list with both arcs of every undirected edge (self-loops once).
// A directed input is returned unchanged.
template <class W>
edge_list<W> to_arcs(const edge_list<W>& g);

// Reinterprets a directed list as undirected: each arc becomes an edge.
// Antiparallel arcs u->v, v->u become duplicates (see apply_policy).
template <class W>
edge_list<W> make_undirected(edge_list<W> g);

// Largest vertex id + 1 over the edges (0 for no edges).
template <class W>
vid max_vertex_plus_one(const edge_list<W>& g);

}  // namespace hy::graph

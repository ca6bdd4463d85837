// Dense n x n distance matrix for all-pairs shortest paths (Floyd-Warshall),
// row-major, with infinity<W>() for "no edge / no path".
#pragma once

#include <cstddef>
#include <vector>

#include "hy_graph/csr.hpp"
#include "hy_graph/edge_list.hpp"

namespace hy::graph {

template <class W>
struct dense_matrix {
  vid n = 0;
  std::vector<W> d;  // d[i * n + j]

  dense_matrix() = default;
  explicit dense_matrix(vid n_, W fill = infinity<W>())
      : n(n_), d(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), fill) {}
  W& operator()(vid i, vid j) { return d[static_cast<std::size_t>(i) * n + j]; }
  const W& operator()(vid i, vid j) const { return d[static_cast<std::size_t>(i) * n + j]; }
  W* data() { return d.data(); }
  const W* data() const { return d.data(); }
};

// Distance matrix of a graph: d(i,i) = 0, d(u,v) = lightest edge u -> v
// (duplicates always collapse to the minimum), infinity elsewhere. Undirected
// edges fill both d(u,v) and d(v,u). Self-loops: with self_loop_policy::keep a
// negative self-loop sets d(u,u) = w (a negative cycle); non-negative ones are
// irrelevant to shortest paths. With drop they are ignored.
template <class W>
dense_matrix<W> to_dense(const edge_list<W>& g, self_loop_policy loops = self_loop_policy::drop);
template <class W>
dense_matrix<W> to_dense(const csr<W>& g, self_loop_policy loops = self_loop_policy::drop);

// Directed edge list of the finite off-diagonal entries (diagonal entries
// other than 0 become self-loops).
template <class W>
edge_list<W> from_dense(const dense_matrix<W>& m);

}  // namespace hy::graph

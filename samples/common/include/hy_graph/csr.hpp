// Compressed sparse row graph: the form the sparse samples (Johnson,
// delta-stepping, betweenness) and the reference algorithms work on.
#pragma once

#include <vector>

#include "hy_graph/edge_list.hpp"

namespace hy::graph {

// Arcs of vertex u are cols[offsets[u] .. offsets[u+1]) with weights at the
// same positions. An undirected graph stores both arcs of each edge and has
// directed == false (its adjacency is symmetric).
template <class W>
struct csr {
  vid n = 0;
  bool directed = true;
  bool weighted = true;
  std::vector<eid> offsets{0};  // n + 1 entries
  std::vector<vid> cols;        // m entries
  std::vector<W> weights;       // m entries

  eid num_arcs() const { return static_cast<eid>(cols.size()); }
  eid degree(vid u) const { return offsets[u + 1] - offsets[u]; }
  eid begin(vid u) const { return offsets[u]; }
  eid end(vid u) const { return offsets[u + 1]; }
};

// Builds CSR from an edge list: applies the policy, expands undirected edges
// into both arcs, and sorts each row by column (stable for equal columns).
template <class W>
csr<W> to_csr(const edge_list<W>& g, const edge_policy& p = {});

// Back to an edge list. For an undirected CSR each edge is emitted once
// (as u <= v); for a directed one every arc is emitted.
template <class W>
edge_list<W> to_edge_list(const csr<W>& g);

// Throws std::invalid_argument if the arrays are inconsistent (sizes,
// monotone offsets, column range). Used by the binary reader and tests.
template <class W>
void validate(const csr<W>& g);

}  // namespace hy::graph

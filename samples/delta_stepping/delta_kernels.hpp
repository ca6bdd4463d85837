// The interface of delta_kernels.cpp (the annotated Δ-stepping kernels) to
// the driver: the graph split into light and heavy arcs, and the solver.
#pragma once

#include <hy/hy.hpp>
#include <hy/worklist.hpp>
#include <hy_graph/csr.hpp>

namespace ds {

// A CSR graph whose arcs are split by weight: light (w <= delta) and heavy
// (w > delta), each with its own offsets, as Δ-stepping relaxes them in
// different phases.
template <class W>
struct split_graph {
  int n = 0;
  W delta{};
  hy::array<long long, 1> loff, hoff; // n + 1 offsets
  hy::array<int, 1> lcol, hcol;
  hy::array<W, 1> lw, hw;
};

template <class W>
split_graph<W> split(const hy::graph::csr<W> &g, W delta);

// What one solve did: buckets processed, light phases (relaxation rounds
// of a bucket's light arcs), heavy phases.
struct run_stats {
  long long buckets = 0, light_phases = 0, heavy_phases = 0;
};

// Shortest distances from `source` (infinity<W>() if unreachable) into dist
// (n entries), by the seed's vertex-centric buckets: each vertex carries the
// index of the bucket it is queued in, and every phase looks at all vertices.
template <class W>
void delta_stepping(const split_graph<W> &g, int source, hy::array<W, 1> &dist, run_stats &st);

// The worklists of the worklist form, allocated once for a graph and reused
// by every source (allocating them per solve would cost more than a solve).
struct worklist_space {
  worklist_space() = default;
  template <class W>
  explicit worklist_space(const split_graph<W> &g);
  hy::worklist<int> front, next, taken, far, rest, warps, blocks;
  hy::array<long long, 1> claim; // stamps: the phase or bucket that queued a vertex last
  hy::array<long long, 1> seen;  // stamps: the bucket that took a vertex last
  long long stamp = 0;
};

// The same by worklists: a phase costs its own vertices and arcs (the
// current bucket in a hy::worklist, later buckets in a far pile), and the
// arcs of a vertex are relaxed by a thread, a warp or a block by its degree.
template <class W>
void delta_worklist(const split_graph<W> &g, int source, hy::array<W, 1> &dist,
                    worklist_space &ws, run_stats &st);

} // namespace ds

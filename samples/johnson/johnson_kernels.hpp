// The interface of johnson_kernels.cpp (the annotated kernels of Johnson's
// all-pairs shortest paths) to the driver.
#pragma once

#include <hy/hy.hpp>
#include <hy/worklist.hpp>

#include <cstdint>
#include <vector>

namespace apsp {

// A CSR graph as the kernels take it (int32 vertex ids, int64 arc offsets).
template <class W>
struct graph {
  int n = 0;
  hy::array<long long, 1> off; // n + 1
  hy::array<int, 1> col;
  hy::array<W, 1> w;
};

// Bellman-Ford from a vertex joined to every vertex by a 0-weight arc:
// h(v) = the least weight of a path ending in v. False if a negative cycle
// keeps lowering them after n rounds.
template <class W>
bool potentials(const graph<W> &g, hy::array<W, 1> &h, long long &rounds);

// w'(u, v) = w(u, v) + h(u) - h(v) >= 0 into g2.w (same arcs), and
// minIn(v) = the least w' of an arc into v (infinity if none).
template <class W>
void reweight(const graph<W> &g, const hy::array<W, 1> &h, graph<W> &g2,
              hy::array<W, 1> &minIn);

// How far beyond the current minimum a round settles vertices (seed 001's
// outer-loop parallelisation): by the least arc weight of the graph, or by
// each vertex's least incoming weight (never less, usually more).
enum class window { min_weight, per_vertex };

// Shortest distances under w' from each of sources[0..k) into row b of D
// (k x n), a block per source: rounds settle every unsettled vertex within
// the window of the smallest tentative distance and relax its arcs in
// parallel. Returns the rounds of the longest row.
template <class W>
long long dijkstra_rows(const graph<W> &g2, const hy::array<W, 1> &minIn, window win,
                        const hy::array<int, 1> &sources, int k, hy::array<W, 2> &D);

// The same rows by seed 001's inner-loop parallelisation: a round settles
// the one closest unsettled vertex (Dijkstra's order) and relaxes its arcs
// in parallel. Returns the rounds of the longest row.
template <class W>
long long inner_rows(const graph<W> &g2, const hy::array<int, 1> &sources, int k,
                     hy::array<W, 2> &D);

// The worklists and stamps of the frontier form for batches of k sources
// of an n-vertex graph (each pile holds each (source, vertex) pair once).
struct frontier_space {
  frontier_space() = default;
  frontier_space(int n, int k);
  hy::worklist<int> front, next, far, rest; // items: b * n + v
  hy::array<int, 2> claim;                  // k x n stamps
};

// The same rows by the frontier form: every source of the batch runs a
// near-far Δ-stepping over (source, vertex) pairs at once, so the work
// follows the arcs relaxed instead of n per round. k * n must fit an int.
// Returns the phases (relaxation rounds) the batch took.
template <class W>
long long frontier_rows(const graph<W> &g2, W delta, const hy::array<int, 1> &sources, int k,
                        hy::array<W, 2> &D, frontier_space &fs);

// The per-source heaps of the heap form (k x n each).
struct heap_space {
  heap_space() = default;
  heap_space(int n, int k) : heap(k, n), pos(k, n) {}
  hy::array<int, 2> heap, pos;
};

// The same rows by a serial Dijkstra per source (indexed binary heap), the
// sources in parallel: the CPU form (no atomics, each arc relaxed once per
// source). Returns the most vertices a source settled.
template <class W>
long long heap_rows(const graph<W> &g2, const hy::array<int, 1> &sources, int k,
                    hy::array<W, 2> &D, heap_space &hs);

// Per-source summaries of rows of distances in the reweighted graph,
// reduced on the device: the sum of the true finite distances d(s, v) =
// D(b, v) - h(s) + h(v), how many vertices are reachable (s included) and
// the largest finite distance (the eccentricity).
template <class W>
struct row_summary {
  explicit row_summary(int k) : sum(k), reached(k), ecc(k) {}
  hy::array<double, 1> sum;
  hy::array<long long, 1> reached;
  hy::array<W, 1> ecc;
};

template <class W>
void summaries(const hy::array<W, 2> &D, const hy::array<W, 1> &h,
               const hy::array<int, 1> &sources, int k, row_summary<W> &out);

// The parallelisations above, as the driver names them.
enum class method { frontier, heap, outer, inner };

// What solve_batches gives for sources[0 .. ns): for the b-th source of batch
// t (source number t * batch + b) its summary (sum(t, b), reached(t, b),
// ecc(t, b)) and, with keepRows, its distances in the reweighted graph
// rows(t, b, 0 .. n-1).
template <class W>
struct batch_results {
  hy::array<double, 2> sum;
  hy::array<long long, 2> reached;
  hy::array<W, 2> ecc;
  hy::array<W, 3> rows;
  // Per batch t: the rounds (phases, vertices) it took and its seconds
  // (from its first kernel to its summaries on the host), so that two runs
  // of the benchmark can be compared batch by batch.
  hy::array<long long, 1> rounds;
  hy::array<double, 1> seconds;
};

// All sources in batches of `batch`, the batches over all zones (MPI ranks;
// the last section of johnson_kernels.cpp), by `how`; every zone gets every
// batch's results.
// Returns the most rounds (phases, vertices) a batch took.
template <class W>
long long solve_batches(const graph<W> &g2, const hy::array<W, 1> &h, const hy::array<W, 1> &minIn,
                        const std::vector<int> &sources, int batch, method how, window win,
                        W delta, bool keepRows, batch_results<W> &out);

} // namespace apsp

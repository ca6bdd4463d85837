// Reference algorithms the samples verify against: simple, textbook, serial.
// Distances use infinity<W>() for unreachable vertices.
#pragma once

#include <vector>

#include "hy_graph/csr.hpp"
#include "hy_graph/dense.hpp"

namespace hy::graph {

// Dijkstra with a binary heap (std::priority_queue, lazy deletion).
// Throws std::invalid_argument on a negative weight.
template <class W>
std::vector<W> dijkstra(const csr<W>& g, vid source);

template <class W>
struct bellman_ford_result {
  std::vector<W> dist;
  bool negative_cycle = false;  // a negative cycle is reachable from source
};
// Bellman-Ford: at most n-1 rounds over all arcs (stops early when nothing
// changes), then one more round to detect a reachable negative cycle.
template <class W>
bellman_ford_result<W> bellman_ford(const csr<W>& g, vid source);

// BFS levels (hop counts); -1 for unreachable vertices.
template <class W>
std::vector<vid> bfs_levels(const csr<W>& g, vid source);

// Brandes betweenness centrality, unnormalised, over shortest paths by hop
// count (weighted = false) or by weight (weighted = true, weights > 0 and
// ties compared exactly). Sums over the given sources, or over all vertices
// when `sources` is empty. For an undirected graph (csr::directed == false)
// the sums are halved, so results equal NetworkX's
// betweenness_centrality(normalized=False).
template <class W>
std::vector<double> betweenness(const csr<W>& g, bool weighted,
                                const std::vector<vid>& sources = {});
// The sums before any scaling: over the ordered pairs (s, t) of the given
// sources (all vertices when empty), undirected graphs not halved. With
// `endpoints`, a path also counts for its end t (+1 for every reached t)
// and a source s gains the number of vertices it reaches (NetworkX's
// _accumulate_endpoints). betweenness() is this halved for undirected graphs.
template <class W>
std::vector<double> betweenness_sums(const csr<W>& g, bool weighted, const std::vector<vid>& sources,
                                     bool endpoints);

class progress;
// Triple-loop Floyd-Warshall on a distance matrix, in place (for small n).
// Returns false if a negative cycle exists (some d(i,i) < 0 afterwards).
// `p` (optional, total n) is updated after every step k.
template <class W>
bool floyd_warshall(dense_matrix<W>& d, progress* p = nullptr);
template <class W>
bool has_negative_cycle(const dense_matrix<W>& d);

}  // namespace hy::graph

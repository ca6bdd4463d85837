// Deterministic graph generators (same seed -> same graph everywhere):
// R-MAT/Kronecker (Graph500), Barabasi-Albert, Erdos-Renyi G(n,p) and G(n,m),
// 2-D grids and dense random graphs for APSP.
#pragma once

#include <cstdint>
#include <string>

#include "hy_graph/dense.hpp"
#include "hy_graph/edge_list.hpp"

namespace hy::graph {

// Edge weights: uniform integers in [1, max] or uniform reals in [0, 1).
struct weight_spec {
  enum kind_t { integer, real } kind = integer;
  std::int64_t max = 100;
  // "int:W" or "real" (also "int" = int:100, "unit" = all weights 1 as int:1).
  static weight_spec parse(const std::string& s);
  std::string str() const;
};

// Weight number `index` of a stream seeded by `seed` (counter-based, so any
// edge's weight can be drawn independently and in parallel).
template <class W>
W draw_weight(const weight_spec& ws, std::uint64_t seed, std::uint64_t index);

// R-MAT with Graph500 defaults: 2^scale vertices, edge_factor * 2^scale
// directed edges (self-loops and duplicates kept, as Graph500 generates them),
// vertex labels randomly permuted. Counter-based randomness: the result does
// not depend on the number of threads.
struct rmat_params {
  int scale = 16;
  int edge_factor = 16;
  double a = 0.57, b = 0.19, c = 0.19;  // d = 1 - a - b - c
  std::uint64_t seed = 1;
  bool permute = true;
};
template <class W>
edge_list<W> generate_rmat(const rmat_params& p, const weight_spec& ws = {});

// Barabasi-Albert: starts from a clique on m+1 vertices, then each new vertex
// attaches to m distinct existing vertices chosen with probability
// proportional to degree. Undirected, simple; m(m+1)/2 + (n-m-1)m edges.
template <class W>
edge_list<W> generate_ba(vid n, int m, std::uint64_t seed, const weight_spec& ws = {});

// Erdos-Renyi G(n, p): each possible edge independently with probability p
// (geometric skipping, O(n + m) time). Undirected pairs u < v, or ordered
// pairs u != v when directed.
template <class W>
edge_list<W> generate_er_p(vid n, double p, bool directed, std::uint64_t seed,
                           const weight_spec& ws = {});
// Erdos-Renyi G(n, m): m distinct edges chosen uniformly (no self-loops).
template <class W>
edge_list<W> generate_er_m(vid n, eid m, bool directed, std::uint64_t seed,
                           const weight_spec& ws = {});

// rows x cols grid, vertex r*cols + c, 4-neighbour (plus both diagonals when
// `diagonal`), undirected.
template <class W>
edge_list<W> generate_grid(vid rows, vid cols, bool diagonal, std::uint64_t seed,
                           const weight_spec& ws = {});

// Dense random directed graph for APSP: each ordered pair i != j is an edge
// with probability `density`. The matrix form avoids an n^2 edge list.
template <class W>
dense_matrix<W> generate_dense_matrix(vid n, double density, std::uint64_t seed,
                                      const weight_spec& ws = {});
// Entry (i, j) of that matrix on its own (counter-based, like the whole):
// a process that holds only some blocks of the matrix generates just those
// (fw --grid, where each MPI rank keeps its own blocks).
template <class W>
class dense_entries {
 public:
  dense_entries(vid n, double density, std::uint64_t seed, const weight_spec& ws = {});
  W operator()(vid i, vid j) const;  // infinity<W>() for no edge, 0 on the diagonal
  vid size() const { return n_; }

 private:
  vid n_;
  std::uint64_t threshold_, key_, wseed_;
  weight_spec ws_;
};
template <class W>
dense_matrix<W> generate_dense_matrix(const dense_entries<W>& entries);  // all of them
template <class W>
edge_list<W> generate_dense(vid n, double density, std::uint64_t seed,
                            const weight_spec& ws = {});

}  // namespace hy::graph

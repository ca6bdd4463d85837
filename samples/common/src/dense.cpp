// Conversions between graphs and the dense APSP distance matrix.
#include "hy_graph/dense.hpp"

#include <algorithm>
#include <stdexcept>

#include "instantiate.hpp"

namespace hy::graph {

namespace {
template <class W>
void put(dense_matrix<W>& m, vid u, vid v, W w, self_loop_policy loops) {
  if (u < 0 || u >= m.n || v < 0 || v >= m.n)
    throw std::invalid_argument("to_dense: edge outside the vertex range");
  if (u == v) {
    if (loops == self_loop_policy::keep) m(u, u) = std::min(m(u, u), w);
    return;
  }
  m(u, v) = std::min(m(u, v), w);
}
}  // namespace

template <class W>
dense_matrix<W> to_dense(const edge_list<W>& g, self_loop_policy loops) {
  dense_matrix<W> m(g.n);
  for (vid i = 0; i < g.n; ++i) m(i, i) = W{0};
  for (const auto& e : g.edges) {
    put(m, e.u, e.v, e.w, loops);
    if (!g.directed) put(m, e.v, e.u, e.w, loops);
  }
  return m;
}

template <class W>
dense_matrix<W> to_dense(const csr<W>& g, self_loop_policy loops) {
  dense_matrix<W> m(g.n);
  for (vid i = 0; i < g.n; ++i) m(i, i) = W{0};
  for (vid u = 0; u < g.n; ++u)
    for (eid k = g.begin(u); k < g.end(u); ++k) put(m, u, g.cols[k], g.weights[k], loops);
  return m;
}

template <class W>
edge_list<W> from_dense(const dense_matrix<W>& m) {
  edge_list<W> g;
  g.n = m.n;
  g.directed = true;
  for (vid i = 0; i < m.n; ++i)
    for (vid j = 0; j < m.n; ++j) {
      W w = m(i, j);
      if (is_infinite(w) || (i == j && w == W{0})) continue;
      g.add(i, j, w);
    }
  return g;
}

#define INST(W)                                                                       \
  template dense_matrix<W> to_dense<W>(const edge_list<W>&, self_loop_policy);       \
  template dense_matrix<W> to_dense<W>(const csr<W>&, self_loop_policy);             \
  template edge_list<W> from_dense<W>(const dense_matrix<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph

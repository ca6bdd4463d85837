// Conversions between edge lists and CSR, and a consistency check of CSR
// arrays (used on binary input, which is not otherwise checked).
#include "hy_graph/csr.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "instantiate.hpp"

namespace hy::graph {

template <class W>
csr<W> to_csr(const edge_list<W>& in, const edge_policy& p) {
  edge_list<W> g = in;
  apply_policy(g, p);
  if (!g.directed) g = to_arcs(g);
  csr<W> r;
  r.n = in.n;
  r.directed = in.directed;
  r.weighted = in.weighted;
  const std::size_t m = g.edges.size();
  r.offsets.assign(static_cast<std::size_t>(r.n) + 1, 0);
  for (const auto& x : g.edges) {
    if (x.u < 0 || x.u >= r.n || x.v < 0 || x.v >= r.n)
      throw std::invalid_argument("to_csr: edge " + std::to_string(x.u) + " -> " +
                                  std::to_string(x.v) + " outside [0, " + std::to_string(r.n) +
                                  ")");
    ++r.offsets[x.u + 1];
  }
  std::partial_sum(r.offsets.begin(), r.offsets.end(), r.offsets.begin());
  r.cols.resize(m);
  r.weights.resize(m);
  std::vector<eid> pos(r.offsets.begin(), r.offsets.end() - 1);
  for (const auto& x : g.edges) {
    eid k = pos[x.u]++;
    r.cols[k] = x.v;
    r.weights[k] = x.w;
  }
  // Sort each row by column, stably (duplicates keep their order).
  std::vector<std::pair<vid, W>> row;
  for (vid u = 0; u < r.n; ++u) {
    eid b = r.offsets[u], e = r.offsets[u + 1];
    if (std::is_sorted(r.cols.begin() + b, r.cols.begin() + e)) continue;
    row.clear();
    for (eid k = b; k < e; ++k) row.emplace_back(r.cols[k], r.weights[k]);
    std::stable_sort(row.begin(), row.end(),
                     [](const auto& a, const auto& c) { return a.first < c.first; });
    for (eid k = b; k < e; ++k) {
      r.cols[k] = row[k - b].first;
      r.weights[k] = row[k - b].second;
    }
  }
  return r;
}

template <class W>
edge_list<W> to_edge_list(const csr<W>& g) {
  edge_list<W> r;
  r.n = g.n;
  r.directed = g.directed;
  r.weighted = g.weighted;
  for (vid u = 0; u < g.n; ++u)
    for (eid k = g.begin(u); k < g.end(u); ++k)
      if (g.directed || u <= g.cols[k]) r.add(u, g.cols[k], g.weights[k]);
  return r;
}

template <class W>
void validate(const csr<W>& g) {
  auto fail = [](const std::string& s) { throw std::invalid_argument("invalid CSR: " + s); };
  if (g.n < 0) fail("negative vertex count");
  if (g.offsets.size() != static_cast<std::size_t>(g.n) + 1) fail("offsets size is not n + 1");
  if (g.offsets.front() != 0) fail("offsets[0] != 0");
  if (g.offsets.back() != static_cast<eid>(g.cols.size())) fail("offsets[n] != number of arcs");
  if (g.weights.size() != g.cols.size()) fail("weights and columns differ in size");
  for (vid u = 0; u < g.n; ++u)
    if (g.offsets[u] > g.offsets[u + 1])
      fail("offsets decrease at vertex " + std::to_string(u));
  for (std::size_t k = 0; k < g.cols.size(); ++k)
    if (g.cols[k] < 0 || g.cols[k] >= g.n)
      fail("column " + std::to_string(g.cols[k]) + " at arc " + std::to_string(k) +
           " out of range");
}

#define INST(W)                                                          \
  template csr<W> to_csr<W>(const edge_list<W>&, const edge_policy&);   \
  template edge_list<W> to_edge_list<W>(const csr<W>&);                 \
  template void validate<W>(const csr<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph

// Conversions between edge lists and CSR, and a consistency check of CSR
// arrays (used on binary input, which is not otherwise checked).
#include "hy_graph/csr.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "instantiate.hpp"

namespace hy::graph {

// Counting sort by source (stable, so "first read" stays first), then per
// row: stable sort by column and the self-loop/duplicate policy, then one
// compaction pass. Rows are independent, so that part runs in parallel.
template <class W>
csr<W> to_csr(const edge_list<W>& g, const edge_policy& p) {
  csr<W> r;
  r.n = g.n;
  r.directed = g.directed;
  r.weighted = g.weighted;
  const bool both = !g.directed;
  const bool drop_loops = p.self_loops == self_loop_policy::drop;
  auto keep_arc = [drop_loops](const edge<W>& x) { return !(drop_loops && x.u == x.v); };
  std::vector<eid> count(static_cast<std::size_t>(r.n) + 1, 0);
  for (const auto& x : g.edges) {
    if (x.u < 0 || x.u >= r.n || x.v < 0 || x.v >= r.n)
      throw std::invalid_argument("to_csr: edge " + std::to_string(x.u) + " -> " +
                                  std::to_string(x.v) + " outside [0, " + std::to_string(r.n) +
                                  ")");
    if (!keep_arc(x)) continue;
    ++count[x.u + 1];
    if (both && x.u != x.v) ++count[x.v + 1];
  }
  std::partial_sum(count.begin(), count.end(), count.begin());
  const auto m = static_cast<std::size_t>(count.back());
  std::vector<vid> cols(m);
  std::vector<W> weights(m);
  {
    std::vector<eid> pos(count.begin(), count.end() - 1);
    for (const auto& x : g.edges) {
      if (!keep_arc(x)) continue;
      eid k = pos[x.u]++;
      cols[k] = x.v;
      weights[k] = x.w;
      if (both && x.u != x.v) {
        k = pos[x.v]++;
        cols[k] = x.u;
        weights[k] = x.w;
      }
    }
  }
  // Per row: sort by column (stable), collapse duplicates, record new length.
  std::vector<eid> kept(static_cast<std::size_t>(r.n) + 1, 0);
  const duplicate_policy dup = p.duplicates;
#pragma omp parallel
  {
    std::vector<std::pair<vid, W>> row;
#pragma omp for schedule(dynamic, 1024)
    for (vid u = 0; u < r.n; ++u) {
      const eid b = count[u], e = count[u + 1];
      if (!std::is_sorted(cols.begin() + b, cols.begin() + e)) {
        row.clear();
        for (eid k = b; k < e; ++k) row.emplace_back(cols[k], weights[k]);
        std::stable_sort(row.begin(), row.end(),
                         [](const auto& x, const auto& y) { return x.first < y.first; });
        for (eid k = b; k < e; ++k) {
          cols[k] = row[k - b].first;
          weights[k] = row[k - b].second;
        }
      }
      eid out = b;
      for (eid k = b; k < e; ++k) {
        if (dup != duplicate_policy::keep && out > b && cols[out - 1] == cols[k]) {
          if (dup == duplicate_policy::keep_min && weights[k] < weights[out - 1])
            weights[out - 1] = weights[k];
          continue;
        }
        cols[out] = cols[k];
        weights[out] = weights[k];
        ++out;
      }
      kept[u + 1] = out - b;
    }
  }
  std::partial_sum(kept.begin(), kept.end(), kept.begin());
  r.offsets = kept;
  if (static_cast<std::size_t>(kept.back()) == m) {
    r.cols = std::move(cols);
    r.weights = std::move(weights);
  } else {
    r.cols.resize(static_cast<std::size_t>(kept.back()));
    r.weights.resize(static_cast<std::size_t>(kept.back()));
    for (vid u = 0; u < r.n; ++u) {
      std::copy(cols.begin() + count[u], cols.begin() + count[u] + (kept[u + 1] - kept[u]),
                r.cols.begin() + kept[u]);
      std::copy(weights.begin() + count[u], weights.begin() + count[u] + (kept[u + 1] - kept[u]),
                r.weights.begin() + kept[u]);
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

// Textbook reference algorithms: Dijkstra, Bellman-Ford, BFS, Brandes
// betweenness, Floyd-Warshall. Kept simple so they are obviously right.
#include "hy_graph/reference.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>

#include "hy_graph/progress.hpp"
#include "instantiate.hpp"

namespace hy::graph {

namespace {
template <class W>
void check_source(const csr<W>& g, vid s) {
  if (s < 0 || s >= g.n)
    throw std::invalid_argument("source " + std::to_string(s) + " out of range [0, " +
                                std::to_string(g.n) + ")");
}
}  // namespace

template <class W>
std::vector<W> dijkstra(const csr<W>& g, vid source) {
  check_source(g, source);
  for (W w : g.weights)
    if (w < W{0}) throw std::invalid_argument("dijkstra: negative edge weight");
  std::vector<W> dist(static_cast<std::size_t>(g.n), infinity<W>());
  using item = std::pair<W, vid>;
  std::priority_queue<item, std::vector<item>, std::greater<item>> heap;
  dist[source] = W{0};
  heap.push({W{0}, source});
  while (!heap.empty()) {
    auto [d, u] = heap.top();
    heap.pop();
    if (d > dist[u]) continue;  // stale entry
    for (eid k = g.begin(u); k < g.end(u); ++k) {
      const vid v = g.cols[k];
      const W nd = d + g.weights[k];
      if (nd < dist[v]) {
        dist[v] = nd;
        heap.push({nd, v});
      }
    }
  }
  return dist;
}

template <class W>
bellman_ford_result<W> bellman_ford(const csr<W>& g, vid source) {
  check_source(g, source);
  bellman_ford_result<W> r;
  r.dist.assign(static_cast<std::size_t>(g.n), infinity<W>());
  r.dist[source] = W{0};
  auto relax_all = [&]() {
    bool changed = false;
    for (vid u = 0; u < g.n; ++u) {
      if (is_infinite(r.dist[u])) continue;
      for (eid k = g.begin(u); k < g.end(u); ++k) {
        const W nd = r.dist[u] + g.weights[k];
        if (nd < r.dist[g.cols[k]]) {
          r.dist[g.cols[k]] = nd;
          changed = true;
        }
      }
    }
    return changed;
  };
  bool changed = true;
  for (vid round = 0; round + 1 < g.n && changed; ++round) changed = relax_all();
  r.negative_cycle = changed && relax_all();
  return r;
}

template <class W>
std::vector<vid> bfs_levels(const csr<W>& g, vid source) {
  check_source(g, source);
  std::vector<vid> level(static_cast<std::size_t>(g.n), -1);
  std::queue<vid> q;
  level[source] = 0;
  q.push(source);
  while (!q.empty()) {
    const vid u = q.front();
    q.pop();
    for (eid k = g.begin(u); k < g.end(u); ++k)
      if (level[g.cols[k]] < 0) {
        level[g.cols[k]] = level[u] + 1;
        q.push(g.cols[k]);
      }
  }
  return level;
}

template <class W>
std::vector<double> betweenness(const csr<W>& g, bool weighted, const std::vector<vid>& sources) {
  std::vector<double> bc = betweenness_sums(g, weighted, sources, false);
  if (!g.directed)
    for (double& x : bc) x /= 2;
  return bc;
}

template <class W>
std::vector<double> betweenness_sums(const csr<W>& g, bool weighted, const std::vector<vid>& sources,
                                     bool endpoints) {
  if (weighted)
    for (W w : g.weights)
      if (!(w > W{0})) throw std::invalid_argument("betweenness: weights must be positive");
  const auto n = static_cast<std::size_t>(g.n);
  std::vector<double> bc(n, 0.0), sigma(n), delta(n);
  std::vector<W> dist(n);
  std::vector<vid> order;                // vertices in non-decreasing distance
  std::vector<std::vector<vid>> preds(n);
  std::vector<vid> all;
  if (sources.empty()) {
    all.resize(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = static_cast<vid>(i);
  }
  for (vid s : sources.empty() ? all : sources) {
    check_source(g, s);
    std::fill(sigma.begin(), sigma.end(), 0.0);
    std::fill(delta.begin(), delta.end(), 0.0);
    std::fill(dist.begin(), dist.end(), infinity<W>());
    for (auto& p : preds) p.clear();
    order.clear();
    sigma[s] = 1;
    dist[s] = W{0};
    if (!weighted) {
      std::queue<vid> q;
      q.push(s);
      while (!q.empty()) {
        const vid u = q.front();
        q.pop();
        order.push_back(u);
        for (eid k = g.begin(u); k < g.end(u); ++k) {
          const vid v = g.cols[k];
          if (is_infinite(dist[v])) {
            dist[v] = dist[u] + W{1};
            q.push(v);
          }
          if (dist[v] == dist[u] + W{1}) {
            sigma[v] += sigma[u];
            preds[v].push_back(u);
          }
        }
      }
    } else {
      using item = std::pair<W, vid>;
      std::priority_queue<item, std::vector<item>, std::greater<item>> heap;
      std::vector<char> done(n, 0);
      heap.push({W{0}, s});
      while (!heap.empty()) {
        auto [d, u] = heap.top();
        heap.pop();
        if (done[u] || d > dist[u]) continue;
        done[u] = 1;
        order.push_back(u);
        for (eid k = g.begin(u); k < g.end(u); ++k) {
          const vid v = g.cols[k];
          const W nd = d + g.weights[k];
          if (nd < dist[v]) {
            dist[v] = nd;
            sigma[v] = sigma[u];
            preds[v].assign(1, u);
            heap.push({nd, v});
          } else if (nd == dist[v] && !done[v]) {
            sigma[v] += sigma[u];
            preds[v].push_back(u);
          }
        }
      }
    }
    if (endpoints) bc[s] += static_cast<double>(order.size() - 1);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const vid w = *it;
      for (vid v : preds[w]) delta[v] += sigma[v] / sigma[w] * (1.0 + delta[w]);
      if (w != s) bc[w] += delta[w] + (endpoints ? 1.0 : 0.0);
    }
  }
  return bc;
}

template <class W>
bool floyd_warshall(dense_matrix<W>& d, progress* p) {
  const vid n = d.n;
  for (vid k = 0; k < n; ++k) {
    for (vid i = 0; i < n; ++i) {
      const W dik = d(i, k);
      if (is_infinite(dik)) continue;
      for (vid j = 0; j < n; ++j) {
        const W dkj = d(k, j);
        if (!is_infinite(dkj) && dik + dkj < d(i, j)) d(i, j) = dik + dkj;
      }
    }
    if (p) p->update(k + 1);
  }
  return !has_negative_cycle(d);
}

template <class W>
bool has_negative_cycle(const dense_matrix<W>& d) {
  for (vid i = 0; i < d.n; ++i)
    if (d(i, i) < W{0}) return true;
  return false;
}

#define INST(W)                                                                        \
  template std::vector<W> dijkstra<W>(const csr<W>&, vid);                             \
  template bellman_ford_result<W> bellman_ford<W>(const csr<W>&, vid);                 \
  template std::vector<vid> bfs_levels<W>(const csr<W>&, vid);                         \
  template std::vector<double> betweenness<W>(const csr<W>&, bool, const std::vector<vid>&); \
  template std::vector<double> betweenness_sums<W>(const csr<W>&, bool, const std::vector<vid>&, bool); \
  template bool floyd_warshall<W>(dense_matrix<W>&, progress*);                      \
  template bool has_negative_cycle<W>(const dense_matrix<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph

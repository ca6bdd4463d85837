// Graph generators. All randomness comes from hy_graph/random.hpp; R-MAT and
// the dense generator use counter-based draws so they parallelise (OpenMP)
// without changing their output.
#include "hy_graph/generators.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <unordered_set>

#include "hy_graph/random.hpp"
#include "instantiate.hpp"

namespace hy::graph {

namespace {

template <class W>
void check_weights(const weight_spec& ws) {
  if (std::is_integral_v<W> && ws.kind == weight_spec::real)
    throw std::invalid_argument("real weights need a floating-point weight type");
}

// Fisher-Yates permutation of 0..n-1.
std::vector<vid> random_permutation(vid n, std::uint64_t seed) {
  std::vector<vid> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  rng r(seed);
  for (vid i = n - 1; i > 0; --i) std::swap(p[i], p[r.below(static_cast<std::uint64_t>(i) + 1)]);
  return p;
}

// Undirected pair index k -> (u, v), u < v, k = v(v-1)/2 + u.
std::pair<vid, vid> pair_of_index(std::uint64_t k) {
  auto v = static_cast<std::uint64_t>((1.0 + std::sqrt(1.0 + 8.0 * static_cast<double>(k))) / 2.0);
  while (v * (v - 1) / 2 > k) --v;
  while ((v + 1) * v / 2 <= k) ++v;
  return {static_cast<vid>(k - v * (v - 1) / 2), static_cast<vid>(v)};
}

// Directed pair index k -> (u, v), u != v, k = u(n-1) + (v - (v > u)).
std::pair<vid, vid> arc_of_index(std::uint64_t k, vid n) {
  const auto u = static_cast<vid>(k / static_cast<std::uint64_t>(n - 1));
  auto v = static_cast<vid>(k % static_cast<std::uint64_t>(n - 1));
  return {u, v >= u ? v + 1 : v};
}

}  // namespace

template <class W>
edge_list<W> generate_rmat(const rmat_params& p, const weight_spec& ws) {
  check_weights<W>(ws);
  if (p.scale < 1 || p.scale > 30) throw std::invalid_argument("rmat: scale must be in [1, 30]");
  if (p.edge_factor < 1) throw std::invalid_argument("rmat: edge factor must be >= 1");
  const double d = 1.0 - p.a - p.b - p.c;
  if (p.a < 0 || p.b < 0 || p.c < 0 || d < -1e-12)
    throw std::invalid_argument("rmat: need a, b, c >= 0 and a + b + c <= 1");
  const vid n = vid{1} << p.scale;
  const eid m = static_cast<eid>(p.edge_factor) << p.scale;
  // Graph500 kernel: per level, i-bit with P = c + d, then j-bit with
  // P = d/(c+d) if i-bit is set, else b/(a+b). Thresholds as 32-bit integers.
  const double ab = p.a + p.b, cd = 1.0 - ab;
  auto t32 = [](double x) { return static_cast<std::uint64_t>(std::clamp(x, 0.0, 1.0) * 4294967296.0); };
  const std::uint64_t t_i = t32(ab);                                // i-bit set if r >= t_i
  const std::uint64_t t_j0 = t32(ab > 0 ? p.a / ab : 1.0);          // j-bit when i = 0
  const std::uint64_t t_j1 = t32(cd > 0 ? p.c / cd : 1.0);          // j-bit when i = 1
  edge_list<W> g;
  g.n = n;
  g.directed = true;
  g.edges.resize(static_cast<std::size_t>(m));
  const std::uint64_t key = splitmix64(p.seed ^ 0x52a7c0de00000001ull);
  const std::uint64_t wseed = p.seed + 0x77;
#pragma omp parallel for schedule(static)
  for (eid e = 0; e < m; ++e) {
    std::uint64_t ctr = splitmix64(key ^ static_cast<std::uint64_t>(e));
    std::uint32_t u = 0, v = 0;
    for (int l = 0; l < p.scale; ++l) {
      ctr += 0x9e3779b97f4a7c15ull;
      const std::uint64_t r = splitmix64(ctr);
      const std::uint64_t r1 = r & 0xffffffffu, r2 = r >> 32;
      const std::uint32_t ib = r1 >= t_i;
      const std::uint32_t jb = r2 >= (ib ? t_j1 : t_j0);
      u |= ib << l;
      v |= jb << l;
    }
    g.edges[static_cast<std::size_t>(e)] = {static_cast<vid>(u), static_cast<vid>(v),
                                            draw_weight<W>(ws, wseed, static_cast<std::uint64_t>(e))};
  }
  if (p.permute) {
    const std::vector<vid> perm = random_permutation(n, p.seed ^ 0x9e3779b97f4a7c15ull);
#pragma omp parallel for schedule(static)
    for (eid e = 0; e < m; ++e) {
      auto& x = g.edges[static_cast<std::size_t>(e)];
      x.u = perm[x.u];
      x.v = perm[x.v];
    }
  }
  return g;
}

template <class W>
edge_list<W> generate_ba(vid n, int m, std::uint64_t seed, const weight_spec& ws) {
  check_weights<W>(ws);
  if (n < 1 || m < 1) throw std::invalid_argument("ba: need n >= 1 and m >= 1");
  edge_list<W> g;
  g.n = n;
  g.directed = false;
  rng r(seed);
  std::uint64_t widx = 0;
  const std::uint64_t wseed = seed + 0x77;
  const vid core = std::min<vid>(n, m + 1);
  std::vector<vid> ends;  // every edge endpoint once: degree-proportional sampling
  for (vid v = 0; v < core; ++v)
    for (vid u = 0; u < v; ++u) {
      g.add(u, v, draw_weight<W>(ws, wseed, widx++));
      ends.push_back(u);
      ends.push_back(v);
    }
  std::vector<vid> chosen;
  for (vid v = core; v < n; ++v) {
    chosen.clear();
    while (static_cast<int>(chosen.size()) < m) {
      vid t = ends[r.below(ends.size())];
      if (std::find(chosen.begin(), chosen.end(), t) == chosen.end()) chosen.push_back(t);
    }
    for (vid t : chosen) {
      g.add(t, v, draw_weight<W>(ws, wseed, widx++));
      ends.push_back(t);
      ends.push_back(v);
    }
  }
  return g;
}

template <class W>
edge_list<W> generate_er_p(vid n, double p, bool directed, std::uint64_t seed,
                           const weight_spec& ws) {
  check_weights<W>(ws);
  if (n < 0 || !(p >= 0.0 && p <= 1.0)) throw std::invalid_argument("er: need n >= 0, 0 <= p <= 1");
  edge_list<W> g;
  g.n = n;
  g.directed = directed;
  if (n < 2 || p == 0.0) return g;
  const auto nn = static_cast<std::uint64_t>(n);
  const std::uint64_t slots = directed ? nn * (nn - 1) : nn * (nn - 1) / 2;
  rng r(seed);
  const std::uint64_t wseed = seed + 0x77;
  const double lq = std::log1p(-p);  // -inf when p == 1: every slot
  std::uint64_t next = 0;                // first slot not yet decided
  std::uint64_t row = 1, row_start = 0;  // undirected walk: row v holds slots v(v-1)/2 ..
  while (next < slots) {
    const double skip = p >= 1.0 ? 0.0 : std::floor(std::log1p(-r.uniform()) / lq);
    if (skip >= static_cast<double>(slots - next)) break;
    const std::uint64_t idx = next + static_cast<std::uint64_t>(skip);
    next = idx + 1;
    if (directed) {
      auto [u, v] = arc_of_index(idx, n);
      g.add(u, v, draw_weight<W>(ws, wseed, idx));
    } else {
      while (idx >= row_start + row) {
        row_start += row;
        ++row;
      }
      g.add(static_cast<vid>(idx - row_start), static_cast<vid>(row), draw_weight<W>(ws, wseed, idx));
    }
  }
  return g;
}

template <class W>
edge_list<W> generate_er_m(vid n, eid m, bool directed, std::uint64_t seed, const weight_spec& ws) {
  check_weights<W>(ws);
  if (n < 0 || m < 0) throw std::invalid_argument("er: need n >= 0, m >= 0");
  const auto nn = static_cast<std::uint64_t>(n);
  const std::uint64_t slots = n < 2 ? 0 : directed ? nn * (nn - 1) : nn * (nn - 1) / 2;
  if (static_cast<std::uint64_t>(m) > slots)
    throw std::invalid_argument("er: m = " + std::to_string(m) + " exceeds the " +
                                std::to_string(slots) + " possible edges");
  // Floyd's algorithm: m distinct slots, insertion order is deterministic.
  rng r(seed);
  std::unordered_set<std::uint64_t> seen;
  seen.reserve(static_cast<std::size_t>(m) * 2);
  std::vector<std::uint64_t> picked;
  picked.reserve(static_cast<std::size_t>(m));
  for (std::uint64_t j = slots - static_cast<std::uint64_t>(m); j < slots; ++j) {
    std::uint64_t t = r.below(j + 1);
    if (!seen.insert(t).second) {
      t = j;
      seen.insert(j);
    }
    picked.push_back(t);
  }
  std::sort(picked.begin(), picked.end());
  edge_list<W> g;
  g.n = n;
  g.directed = directed;
  g.edges.reserve(picked.size());
  const std::uint64_t wseed = seed + 0x77;
  for (std::uint64_t k : picked) {
    auto [u, v] = directed ? arc_of_index(k, n) : pair_of_index(k);
    g.add(u, v, draw_weight<W>(ws, wseed, k));
  }
  return g;
}

template <class W>
edge_list<W> generate_grid(vid rows, vid cols, bool diagonal, std::uint64_t seed,
                           const weight_spec& ws) {
  check_weights<W>(ws);
  if (rows < 1 || cols < 1 ||
      static_cast<std::int64_t>(rows) * cols >= std::numeric_limits<vid>::max())
    throw std::invalid_argument("grid: need rows, cols >= 1 and rows * cols < 2^31 - 1");
  edge_list<W> g;
  g.n = rows * cols;
  g.directed = false;
  std::uint64_t k = 0;
  const std::uint64_t wseed = seed + 0x77;
  auto id = [cols](vid r, vid c) { return r * cols + c; };
  for (vid r = 0; r < rows; ++r)
    for (vid c = 0; c < cols; ++c) {
      if (c + 1 < cols) g.add(id(r, c), id(r, c + 1), draw_weight<W>(ws, wseed, k++));
      if (r + 1 < rows) g.add(id(r, c), id(r + 1, c), draw_weight<W>(ws, wseed, k++));
      if (diagonal && r + 1 < rows && c + 1 < cols) {
        g.add(id(r, c), id(r + 1, c + 1), draw_weight<W>(ws, wseed, k++));
        g.add(id(r, c + 1), id(r + 1, c), draw_weight<W>(ws, wseed, k++));
      }
    }
  return g;
}

template <class W>
dense_entries<W>::dense_entries(vid n, double density, std::uint64_t seed, const weight_spec& ws)
    : n_(n),
      threshold_(static_cast<std::uint64_t>(density * 9007199254740992.0)),  // 2^53
      key_(splitmix64(seed ^ 0xde75e00000000001ull)),
      wseed_(seed + 0x77),
      ws_(ws) {
  check_weights<W>(ws);
  if (n < 0 || !(density >= 0.0 && density <= 1.0))
    throw std::invalid_argument("dense: need n >= 0 and 0 <= density <= 1");
}

template <class W>
W dense_entries<W>::operator()(vid i, vid j) const {
  if (i == j) return W{0};
  const std::uint64_t k = static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(n_) + j;
  if ((splitmix64(key_ + k * 0x9e3779b97f4a7c15ull) >> 11) < threshold_)
    return draw_weight<W>(ws_, wseed_, k);
  return infinity<W>();
}

template <class W>
dense_matrix<W> generate_dense_matrix(vid n, double density, std::uint64_t seed,
                                      const weight_spec& ws) {
  return generate_dense_matrix(dense_entries<W>(n, density, seed, ws));
}

template <class W>
dense_matrix<W> generate_dense_matrix(const dense_entries<W>& entry) {
  const vid n = entry.size();
  dense_matrix<W> m(n);
#pragma omp parallel for schedule(static)
  for (vid i = 0; i < n; ++i)
    for (vid j = 0; j < n; ++j) m(i, j) = entry(i, j);
  return m;
}

template <class W>
edge_list<W> generate_dense(vid n, double density, std::uint64_t seed, const weight_spec& ws) {
  return from_dense(generate_dense_matrix<W>(n, density, seed, ws));
}

#define INST(W)                                                                               \
  template edge_list<W> generate_rmat<W>(const rmat_params&, const weight_spec&);            \
  template edge_list<W> generate_ba<W>(vid, int, std::uint64_t, const weight_spec&);         \
  template edge_list<W> generate_er_p<W>(vid, double, bool, std::uint64_t, const weight_spec&); \
  template edge_list<W> generate_er_m<W>(vid, eid, bool, std::uint64_t, const weight_spec&);  \
  template edge_list<W> generate_grid<W>(vid, vid, bool, std::uint64_t, const weight_spec&);  \
  template dense_matrix<W> generate_dense_matrix<W>(vid, double, std::uint64_t, const weight_spec&); \
  template class dense_entries<W>;                                                            \
  template dense_matrix<W> generate_dense_matrix<W>(const dense_entries<W>&);                 \
  template edge_list<W> generate_dense<W>(vid, double, std::uint64_t, const weight_spec&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph

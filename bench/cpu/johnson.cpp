// bench/cpu driver for samples/johnson: potentials (Bellman-Ford rounds),
// reweighting, and the rows of 64 sources by the three forms (outer loop,
// inner loop, frontier) with their summaries, on a random graph of
// 2048 x scale vertices and 8 arcs each, weights -5..94 shifted by vertex
// potentials so that no cycle is negative.
#include HY_SOURCE
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int n = 2048 * a.scale, deg = 8, k = bench::opaque(64);
  std::uint32_t seed = 37;
  std::vector<int> p(n);
  for (int &x : p)
    x = static_cast<int>(bench::lcg(seed) % 20);
  apsp::graph<std::int32_t> g;
  g.n = n;
  g.off = hy::array<long long, 1>(n + 1);
  g.col = hy::array<int, 1>(std::size_t(n) * deg);
  g.w = hy::array<std::int32_t, 1>(std::size_t(n) * deg);
  for (int u = 0; u < n; ++u) {
    g.off(u) = static_cast<long long>(u) * deg;
    for (int e = u * deg; e < (u + 1) * deg; ++e) {
      const int v = static_cast<int>(bench::lcg(seed) % n);
      g.col(e) = v;
      // w + p(u) - p(v) >= 1 - 19 > -19: negative arcs, no negative cycle.
      g.w(e) = 1 + static_cast<std::int32_t>(bench::lcg(seed) % 100) + p[u] - p[v];
    }
  }
  g.off(n) = static_cast<long long>(n) * deg;
  hy::array<std::int32_t, 1> h(n), minIn(n);
  apsp::graph<std::int32_t> g2 = g;
  long long rounds = 0;
  const std::string size = bench::size("n", n) + ",m=8n";
  bench::measure(a, "johnson.potentials", size + ",x200", bench::nothing,
                 [&] { for (int r = 0; r < 200; ++r) apsp::potentials(g, h, rounds); },
                 [&] { return bench::hash(h); });
  bench::measure(a, "johnson.reweight", size + ",x1000", bench::nothing,
                 [&] { for (int r = 0; r < 1000; ++r) apsp::reweight(g, h, g2, minIn); },
                 [&] { return bench::hash(g2.w, bench::hash(minIn)); });
  hy::array<int, 1> src(k);
  for (int b = 0; b < k; ++b)
    src(b) = static_cast<int>((static_cast<long long>(b) * 7919) % n);
  hy::array<std::int32_t, 2> D(k, n);
  apsp::row_summary<std::int32_t> sm(k);
  auto sums = [&] {
    apsp::summaries(D, h, src, k, sm);
    return bench::hash(sm.reached, bench::hash(sm.ecc, bench::hash(D)));
  };
  const std::string rows = size + ",64_sources";
  bench::measure(a, "johnson.outer_rows", rows, bench::nothing,
                 [&] { apsp::dijkstra_rows(g2, minIn, apsp::window::per_vertex, src, k, D); }, sums);
  bench::measure(a, "johnson.inner_rows", rows, bench::nothing,
                 [&] { apsp::inner_rows(g2, src, k, D); }, sums);
  apsp::frontier_space fs(n, k);
  const std::int32_t delta = bench::opaque(50 * 32 / deg);
  bench::measure(a, "johnson.frontier_rows", rows + ",x10", bench::nothing,
                 [&] { for (int r = 0; r < 10; ++r) apsp::frontier_rows(g2, delta, src, k, D, fs); }, sums);
}

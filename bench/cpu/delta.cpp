// bench/cpu driver for samples/delta_stepping: the vertex-centric
// Δ-stepping (every phase looks at all vertices) and the worklist form, from
// four sources of a random graph of 2^19 x scale vertices and 8 arcs each,
// weights 1..100, Δ = the mean weight x 32 / the mean out-degree (the
// sample's auto).
#include HY_SOURCE
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int n = (1 << 19) * a.scale, deg = 8;
  std::uint32_t seed = 31;
  hy::graph::csr<std::int32_t> g;
  g.n = n;
  g.offsets.assign(n + 1, 0);
  for (int u = 0; u < n; ++u) {
    for (int k = 0; k < deg; ++k) {
      g.cols.push_back(static_cast<int>(bench::lcg(seed) % n));
      g.weights.push_back(1 + static_cast<std::int32_t>(bench::lcg(seed) % 100));
    }
    g.offsets[u + 1] = static_cast<hy::graph::eid>(g.cols.size());
  }
  const std::int32_t delta = bench::opaque(50 * 32 / deg);
  ds::split_graph<std::int32_t> s = ds::split(g, delta);
  hy::array<std::int32_t, 1> dist(n), dist2(n);
  ds::run_stats st;
  const std::string size = bench::size("n", n) + ",m=8n";
  bench::measure(a, "delta.vertex_centric", size + ",4_sources", [&] { st = {}; },
                 [&] { for (int src = 0; src < 4; ++src) ds::delta_stepping(s, src, dist, st); },
                 [&] { return bench::hash(dist); });
  ds::worklist_space ws(s);
  bench::measure(a, "delta.worklist", size + ",4_sources", [&] { st = {}; },
                 [&] { for (int src = 0; src < 4; ++src) ds::delta_worklist(s, src, dist2, ws, st); },
                 [&] { return bench::hash(dist2); });
}

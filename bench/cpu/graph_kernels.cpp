// bench/cpu driver for test/e2e/graph_kernels.cpp: chaotic Bellman-Ford
// (min reduction read in the loop: atomics), BFS with path counts, the
// worklist BFS and the three edge-sum forms, on a skewed random graph.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int n = (1 << 18) * a.scale, m = 8 * n;
  std::uint32_t seed = 17;
  Graph g = randomGraph(seed, n, m);
  hy::array<int, 1> dist(n), depth(n), depth2(n);
  hy::array<long long, 1> sigma(n), byVertex(n), byEdge(n), byChunk(n);
  int rounds = 0, levels = 0, levels2 = 0;
  const std::string size = bench::size("n", n) + ",m=8n";
  bench::measure(a, "graph.bellman_ford", size, bench::nothing,
                 [&] { rounds = bellmanFord(g, dist, 0); },
                 [&] { return bench::hash(dist); });
  bench::measure(a, "graph.bfs_counts", size, bench::nothing,
                 [&] { levels = bfsCounts(g, depth, sigma, 0); },
                 [&] { return bench::hash(depth, bench::hash(sigma, levels)); });
  std::vector<std::vector<int>> frontiers;
  bench::measure(a, "graph.bfs_worklist", size, [&] { frontiers.clear(); },
                 [&] { levels2 = bfsWorklist(g, depth2, 0, frontiers); },
                 [&] { return bench::hash(depth2, levels2); });
  bench::measure(a, "graph.weight_sums", size, bench::nothing,
                 [&] { weightSums(g, byVertex, byEdge, byChunk); },
                 [&] { return bench::hash(byVertex, bench::hash(byEdge, bench::hash(byChunk))); });
}

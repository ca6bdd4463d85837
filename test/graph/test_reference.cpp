// Reference algorithms on small graphs with answers worked out by hand, and
// agreement between them (Dijkstra = Bellman-Ford = Floyd-Warshall).
#include "hy_graph/generators.hpp"
#include "hy_graph/io_dimacs.hpp"
#include "hy_graph/reference.hpp"
#include "test_util.hpp"

using namespace hy::graph;

namespace {
template <class W>
csr<W> make(vid n, bool directed, std::vector<edge<W>> edges) {
  edge_list<W> g;
  g.n = n;
  g.directed = directed;
  g.edges = std::move(edges);
  return to_csr(g, {self_loop_policy::keep, duplicate_policy::keep});
}
}  // namespace

TEST(Dijkstra, TinyGr) {
  auto g = to_csr(read_dimacs_file<int>(input_path("tiny.gr")));
  EXPECT_EQ(dijkstra(g, 0), (std::vector<int>{0, 3, 1, 4, 6}));
  EXPECT_EQ(dijkstra(g, 3), (std::vector<int>{5, 8, 6, 0, 2}));
}

TEST(Dijkstra, UnreachableAndErrors) {
  auto g = make<float>(3, true, {{0, 1, 0.5f}});
  auto d = dijkstra(g, 0);
  EXPECT_EQ(d[1], 0.5f);
  EXPECT_TRUE(is_infinite(d[2]));
  EXPECT_THROW(dijkstra(g, 3), std::invalid_argument);
  EXPECT_THROW(dijkstra(make<int>(2, true, {{0, 1, -1}}), 0), std::invalid_argument);
}

TEST(BellmanFord, NegativeEdges) {
  // 0->1 (4), 0->2 (5), 2->1 (-3), 1->3 (2): d = 0, 2, 5, 4
  auto g = make<int>(4, true, {{0, 1, 4}, {0, 2, 5}, {2, 1, -3}, {1, 3, 2}});
  auto r = bellman_ford(g, 0);
  EXPECT_FALSE(r.negative_cycle);
  EXPECT_EQ(r.dist, (std::vector<int>{0, 2, 5, 4}));
}

TEST(BellmanFord, PathAgainstVertexOrderNeedsAllRounds) {
  // n-1 -> n-2 -> ... -> 0: a round relaxes the vertices in increasing
  // order, so each round extends the path by one arc and the last vertex is
  // reached in round n-1 exactly; no negative cycle although the weights are
  // negative.
  const vid n = 40;
  std::vector<edge<int>> arcs;
  for (vid v = 1; v < n; ++v) arcs.push_back({v, v - 1, -1 - (v % 3)});
  auto r = bellman_ford(make<int>(n, true, arcs), n - 1);
  EXPECT_FALSE(r.negative_cycle);
  int d = 0;
  for (vid v = n - 1; v > 0; --v) {
    ASSERT_EQ(r.dist[v], d) << v;
    d += -1 - (v % 3);
  }
  EXPECT_EQ(r.dist[0], d);
}

TEST(BellmanFord, NegativeCycleOnlyWhenReachable) {
  // Cycle 1 -> 2 -> 1 of weight -1, reachable from 0 but not from 3.
  auto g = make<int>(4, true, {{0, 1, 1}, {1, 2, 1}, {2, 1, -2}, {3, 0, 1}});
  EXPECT_TRUE(bellman_ford(g, 0).negative_cycle);
  EXPECT_TRUE(bellman_ford(g, 3).negative_cycle);
  auto h = make<int>(4, true, {{0, 1, 1}, {1, 0, -2}, {3, 2, 1}});
  EXPECT_FALSE(bellman_ford(h, 3).negative_cycle);
  EXPECT_TRUE(bellman_ford(h, 0).negative_cycle);
}

TEST(Bfs, Levels) {
  auto g = make<int>(6, false, {{0, 1, 1}, {1, 2, 1}, {0, 3, 1}, {3, 2, 1}, {2, 4, 1}});
  EXPECT_EQ(bfs_levels(g, 0), (std::vector<vid>{0, 1, 2, 1, 3, -1}));
  auto d = make<int>(3, true, {{0, 1, 1}, {1, 2, 1}});
  EXPECT_EQ(bfs_levels(d, 2), (std::vector<vid>{-1, -1, 0}));
}

TEST(Betweenness, PathStarAndDiamond) {
  // Undirected path 0-1-2-3-4: vertex i lies on i*(4-i) pairs.
  auto path = make<int>(5, false, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 4, 1}});
  EXPECT_EQ(betweenness(path, false), (std::vector<double>{0, 3, 4, 3, 0}));
  // Star with 5 leaves: centre on all C(5,2) = 10 leaf pairs.
  auto star = make<int>(6, false, {{0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {0, 4, 1}, {0, 5, 1}});
  EXPECT_EQ(betweenness(star, false)[0], 10.0);
  // Directed diamond 0->1->3, 0->2->3: two shortest paths, 1 and 2 get 1/2.
  auto dia = make<int>(4, true, {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 1}});
  EXPECT_EQ(betweenness(dia, false), (std::vector<double>{0, 0.5, 0.5, 0}));
  // Only source 1: the pair (1,3) goes through nobody.
  EXPECT_EQ(betweenness(dia, false, {0}), (std::vector<double>{0, 0.5, 0.5, 0}));
  EXPECT_EQ(betweenness(dia, false, {1}), (std::vector<double>{0, 0, 0, 0}));
}

TEST(Betweenness, SumsAndEndpoints) {
  // The unscaled sums count ordered pairs: the undirected path's values doubled.
  auto path = make<int>(5, false, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 4, 1}});
  EXPECT_EQ(betweenness_sums(path, false, {}, false), (std::vector<double>{0, 6, 8, 6, 0}));
  // Endpoints: every vertex is the end of 4 paths and the source of 4
  // (NetworkX, normalized=False, endpoints=True: 4 7 8 7 4, halved).
  EXPECT_EQ(betweenness_sums(path, false, {}, true), (std::vector<double>{8, 14, 16, 14, 8}));
  // Directed diamond: 0 reaches 3 vertices, 1 and 2 reach 3, 3 ends 3 paths.
  auto dia = make<int>(4, true, {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 1}});
  EXPECT_EQ(betweenness_sums(dia, false, {}, true), (std::vector<double>{3, 2.5, 2.5, 3}));
  EXPECT_EQ(betweenness_sums(dia, false, {1}, true), (std::vector<double>{0, 1, 0, 1}));
}

TEST(Betweenness, WeightedDiffersFromHops) {
  // 0->3 directly costs 10, via 1, 2 costs 3: weighted BC puts 1 and 2 on
  // the path, hop-count BC does not.
  auto g = make<double>(4, true, {{0, 3, 10}, {0, 1, 1}, {1, 2, 1}, {2, 3, 1}});
  EXPECT_EQ(betweenness(g, false), (std::vector<double>{0, 1, 1, 0}));   // 0->2 via 1, 1->3 via 2
  EXPECT_EQ(betweenness(g, true), (std::vector<double>{0, 2, 2, 0}));    // + 0->3 via 1 and 2
  EXPECT_THROW(betweenness(make<int>(2, true, {{0, 1, 0}}), true), std::invalid_argument);
}

TEST(FloydWarshall, MatchesDijkstraFromEverySource) {
  auto el = generate_er_p<int>(60, 0.08, true, 11, weight_spec::parse("int:20"));
  auto g = to_csr(el);
  auto d = to_dense(g);
  ASSERT_TRUE(floyd_warshall(d));
  for (vid s = 0; s < g.n; ++s) {
    auto row = dijkstra(g, s);
    for (vid t = 0; t < g.n; ++t) ASSERT_EQ(d(s, t), row[t]) << s << " " << t;
  }
}

TEST(FloydWarshall, NegativeEdgesAndCycles) {
  const int I = infinity<int>();
  auto ok = to_dense(make<int>(3, true, {{0, 1, 4}, {1, 2, -2}, {0, 2, 3}}));
  EXPECT_TRUE(floyd_warshall(ok));
  EXPECT_EQ(ok.d, (std::vector<int>{0, 4, 2, I, 0, -2, I, I, 0}));
  auto bad = to_dense(make<int>(3, true, {{0, 1, 1}, {1, 2, 1}, {2, 0, -3}}));
  EXPECT_FALSE(floyd_warshall(bad));
  EXPECT_TRUE(has_negative_cycle(bad));
  EXPECT_LT(bad(0, 0), 0);
}

TEST(Reference, BellmanFordEqualsDijkstraOnRandomGraphs) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto g = to_csr(generate_ba<double>(300, 2, seed, weight_spec::parse("real")));
    EXPECT_EQ(bellman_ford(g, 0).dist, dijkstra(g, 0)) << seed;
  }
}

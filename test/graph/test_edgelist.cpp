// SNAP-style edge lists: comments, weights, one-based ids, errors, and the
// writer's header that keeps n and direction.
#include <sstream>

#include "hy_graph/io_edgelist.hpp"
#include "test_util.hpp"

using namespace hy::graph;

TEST(EdgeList, ReadsSnapFile) {
  auto g = read_edgelist_file<int>(input_path("tiny.txt"));
  EXPECT_EQ(g.n, 4);
  EXPECT_TRUE(g.directed);
  EXPECT_FALSE(g.weighted);
  EXPECT_EQ(g.edges, (std::vector<edge<int>>{{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 0, 1}}));
}

TEST(EdgeList, WeightsAndOneBased) {
  auto g = read_edgelist<double>("% c\n1 3 0.5\n  3\t1   2\n", "w.el", {true});
  EXPECT_EQ(g.n, 3);
  EXPECT_TRUE(g.weighted);
  EXPECT_EQ(g.edges, (std::vector<edge<double>>{{0, 2, 0.5}, {2, 0, 2.0}}));
}

TEST(EdgeList, Errors) {
  EXPECT_FORMAT_ERROR(read_edgelist<int>("0 1\n1 2 5\n", "e.txt"),
                      "e.txt:2: line has 3 fields but line 1 has 2 (weights must be on every line or on none)");
  EXPECT_FORMAT_ERROR(read_edgelist<int>("0 1 2 3\n", "e.txt"),
                      "e.txt:1: expected '<u> <v>' or '<u> <v> <weight>', found 4 fields");
  EXPECT_FORMAT_ERROR(read_edgelist<int>("# x\n0 -1\n", "e.txt"),
                      "e.txt:2: vertex id -1 out of range [0, 2147483646]");
  EXPECT_FORMAT_ERROR(read_edgelist<int>("0 9999999999\n", "e.txt"),
                      "e.txt:1: vertex id 9999999999 out of range [0, 2147483646]");
  EXPECT_FORMAT_ERROR(read_edgelist<int>("0 1\n", "e.txt", {true}),
                      "e.txt:1: vertex id 0 out of range [1, 2147483647]");
  EXPECT_FORMAT_ERROR(read_edgelist<int>("0 1 w\n", "e.txt"), "e.txt:1: non-numeric weight 'w'");
  EXPECT_FORMAT_ERROR(read_edgelist<int>("0 1.0\n", "e.txt"), "e.txt:1: non-numeric vertex id '1.0'");
}

TEST(EdgeList, RoundTripKeepsIsolatedVerticesAndDirection) {
  edge_list<float> g;
  g.n = 10;  // vertices 5..9 isolated
  g.directed = false;
  g.add(0, 4, 0.75f);
  g.add(4, 1, 3e-8f);
  std::ostringstream os;
  write_edgelist(os, g);
  auto r = read_edgelist<float>(os.str(), "rt.txt");
  EXPECT_EQ(r.n, 10);
  EXPECT_FALSE(r.directed);
  EXPECT_EQ(r.edges, g.edges);
}

TEST(EdgeList, EmptyInput) {
  auto g = read_edgelist<int>("# nothing\n", "e.txt");
  EXPECT_EQ(g.n, 0);
  EXPECT_EQ(g.size(), 0);
}

TEST(EdgeList, SnapUndirectedHeader) {
  auto u = read_edgelist<int>("# Undirected graph: ca-GrQc.txt\n# Nodes: 3 Edges: 2\n0 1\n1 2\n", "u.txt");
  EXPECT_FALSE(u.directed);
  auto d = read_edgelist<int>("# Directed graph (each unordered pair of nodes is saved once)\n0 1\n", "d.txt");
  EXPECT_TRUE(d.directed);
  auto late = read_edgelist<int>("0 1\n# Undirected graph\n", "l.txt");  // only before the edges
  EXPECT_TRUE(late.directed);
}

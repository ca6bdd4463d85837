// Edge-list policies and conversions between edge list, CSR and the dense
// distance matrix.
#include "hy_graph/csr.hpp"
#include "hy_graph/dense.hpp"
#include "test_util.hpp"

using namespace hy::graph;

namespace {
edge_list<int> messy(bool directed) {
  edge_list<int> g;
  g.n = 4;
  g.directed = directed;
  g.add(2, 1, 9);
  g.add(0, 1, 5);
  g.add(1, 1, 3);  // self-loop
  g.add(0, 1, 2);  // duplicate, lighter
  g.add(1, 0, 7);  // reverse: a duplicate only when undirected
  return g;
}
}  // namespace

TEST(Policy, KeepEverything) {
  auto g = messy(true);
  apply_policy(g, {self_loop_policy::keep, duplicate_policy::keep});
  EXPECT_EQ(g.edges, messy(true).edges);
}

TEST(Policy, DefaultDropsLoopsKeepsLightest) {
  auto g = messy(true);
  apply_policy(g, {});
  EXPECT_EQ(g.edges, (std::vector<edge<int>>{{0, 1, 2}, {1, 0, 7}, {2, 1, 9}}));
}

TEST(Policy, DropKeepsFirstRead) {
  auto g = messy(true);
  apply_policy(g, {self_loop_policy::keep, duplicate_policy::drop});
  EXPECT_EQ(g.edges, (std::vector<edge<int>>{{0, 1, 5}, {1, 0, 7}, {1, 1, 3}, {2, 1, 9}}));
}

TEST(Policy, UndirectedReverseIsDuplicate) {
  auto g = messy(false);
  apply_policy(g, {});
  EXPECT_EQ(g.edges, (std::vector<edge<int>>{{0, 1, 2}, {2, 1, 9}}));
}

TEST(Csr, BuildsSortedRowsBothArcsForUndirected) {
  auto c = to_csr(messy(false));
  EXPECT_FALSE(c.directed);
  EXPECT_EQ(c.offsets, (std::vector<eid>{0, 1, 3, 4, 4}));
  EXPECT_EQ(c.cols, (std::vector<vid>{1, 0, 2, 1}));
  EXPECT_EQ(c.weights, (std::vector<int>{2, 2, 9, 9}));
  EXPECT_NO_THROW(validate(c));
  auto back = to_edge_list(c);
  EXPECT_EQ(back.edges, (std::vector<edge<int>>{{0, 1, 2}, {1, 2, 9}}));
}

TEST(Csr, KeepPolicyKeepsDuplicateArcsInReadOrder) {
  auto c = to_csr(messy(true), {self_loop_policy::keep, duplicate_policy::keep});
  EXPECT_EQ(c.offsets, (std::vector<eid>{0, 2, 4, 5, 5}));
  EXPECT_EQ(c.cols, (std::vector<vid>{1, 1, 0, 1, 1}));
  EXPECT_EQ(c.weights, (std::vector<int>{5, 2, 7, 3, 9}));
}

TEST(Csr, RejectsOutOfRangeEdgesAndBadArrays) {
  edge_list<int> g;
  g.n = 2;
  g.add(0, 2, 1);
  EXPECT_THROW(to_csr(g), std::invalid_argument);
  csr<int> c;
  c.n = 2;
  c.offsets = {0, 2, 1};
  c.cols = {0};
  c.weights = {1};
  EXPECT_THROW(validate(c), std::invalid_argument);
}

TEST(Dense, Infinity) {
  EXPECT_EQ(infinity<int>(), 1073741823);
  EXPECT_GT(infinity<int>() + infinity<int>(), 0);  // no overflow in a relaxation
  EXPECT_TRUE(is_infinite(infinity<float>()));
  EXPECT_FALSE(is_infinite(1e30));
}

TEST(Dense, FromGraphs) {
  const int I = infinity<int>();
  auto d = to_dense(messy(true));
  EXPECT_EQ(d.d, (std::vector<int>{0, 2, I, I,  //
                                   7, 0, I, I,  //
                                   I, 9, 0, I,  //
                                   I, I, I, 0}));
  auto e = messy(false);
  e.add(3, 3, -1);
  auto du = to_dense(e, self_loop_policy::keep);
  EXPECT_EQ(du(1, 0), 2);
  EXPECT_EQ(du(1, 2), 9);
  EXPECT_EQ(du(2, 1), 9);
  EXPECT_EQ(du(1, 1), 0);   // positive loop does not beat 0
  EXPECT_EQ(du(3, 3), -1);  // negative loop kept
  auto dc = to_dense(to_csr(e));
  EXPECT_EQ(dc(3, 3), 0);
  EXPECT_EQ(dc(0, 1), 2);
}

TEST(Dense, RoundTripToEdgeList) {
  dense_matrix<float> m(3);
  for (vid i = 0; i < 3; ++i) m(i, i) = 0;
  m(0, 2) = 1.5f;
  m(2, 1) = 0.f;
  auto g = from_dense(m);
  EXPECT_EQ(g.edges, (std::vector<edge<float>>{{0, 2, 1.5f}, {2, 1, 0.f}}));
  auto back = to_dense(g);
  EXPECT_EQ(back.d, m.d);
}

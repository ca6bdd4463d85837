// Matrix Market reader: fields, symmetry, malformed input with messages,
// writer round trips.
#include <sstream>

#include "hy_graph/io_mtx.hpp"
#include "test_util.hpp"

using namespace hy::graph;

TEST(Mtx, SymmetricIntegerFile) {
  auto g = read_mtx_file<int>(input_path("tiny_sym.mtx"));
  EXPECT_EQ(g.n, 4);
  EXPECT_FALSE(g.directed);
  EXPECT_TRUE(g.weighted);
  ASSERT_EQ(g.size(), 5);
  EXPECT_EQ(g.edges[0], (edge<int>{1, 0, 1}));
  EXPECT_EQ(g.edges[4], (edge<int>{1, 1, 7}));
}

TEST(Mtx, PatternGeneralCaseInsensitiveBanner) {
  auto g = read_mtx<float>("%%matrixmarket MATRIX Coordinate Pattern General\n%c\n\n3 3 2\n1 2\n3 1\n",
                           "p.mtx");
  EXPECT_TRUE(g.directed);
  EXPECT_FALSE(g.weighted);
  EXPECT_EQ(g.edges, (std::vector<edge<float>>{{0, 1, 1.f}, {2, 0, 1.f}}));
}

TEST(Mtx, RealValues) {
  auto g = read_mtx<double>("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 -2.5e-1\n", "r.mtx");
  EXPECT_EQ(g.edges[0].w, -0.25);
}

TEST(Mtx, BadBanner) {
  EXPECT_FORMAT_ERROR(read_mtx<int>("3 3 0\n", "m.mtx"), "m.mtx:1: missing '%%MatrixMarket' banner");
  EXPECT_FORMAT_ERROR(read_mtx<int>("", "m.mtx"),
                      "m.mtx: empty file, expected a '%%MatrixMarket' banner");
  EXPECT_FORMAT_ERROR(read_mtx<int>("%%MatrixMarket matrix array real general\n2 2\n", "m.mtx"),
                      "m.mtx:1: dense 'array' Matrix Market files are not supported; use 'coordinate'");
  EXPECT_FORMAT_ERROR(read_mtx<int>("%%MatrixMarket matrix coordinate complex general\n", "m.mtx"),
                      "m.mtx:1: unsupported field 'complex' (expected pattern, integer or real)");
  EXPECT_FORMAT_ERROR(read_mtx<int>("%%MatrixMarket matrix coordinate real skew-symmetric\n", "m.mtx"),
                      "m.mtx:1: unsupported symmetry 'skew-symmetric' (expected general or symmetric)");
  EXPECT_FORMAT_ERROR(read_mtx<int>("%%MatrixMarket matrix coordinate real\n", "m.mtx"),
                      "m.mtx:1: banner needs '%%MatrixMarket matrix coordinate <field> <symmetry>'");
}

TEST(Mtx, BadSizeLine) {
  const std::string b = "%%MatrixMarket matrix coordinate integer general\n";
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "3 4 0\n", "m.mtx"),
                      "m.mtx:2: matrix is 3 x 4; a graph needs a square matrix");
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "3 3\n", "m.mtx"),
                      "m.mtx:2: size line needs '<rows> <cols> <entries>'");
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "% only\n", "m.mtx"),
                      "m.mtx:2: missing size line '<rows> <cols> <entries>'");
}

TEST(Mtx, BadEntries) {
  const std::string b = "%%MatrixMarket matrix coordinate integer general\n3 3 2\n";
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "1 4 1\n2 1 1\n", "m.mtx"),
                      "m.mtx:3: vertex id 4 out of range [1, 3]");
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "1 2 q\n2 1 1\n", "m.mtx"), "m.mtx:3: non-numeric weight 'q'");
  EXPECT_FORMAT_ERROR(read_mtx<double>(b + "1 2 1.5\n2 1 1\n", "m.mtx"),
                      "m.mtx:3: non-integer value '1.5' in an 'integer' file");
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "1 2\n", "m.mtx"), "m.mtx:3: entry needs 3 fields, found 2");
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "1 2 1\n", "m.mtx"),
                      "m.mtx:3: expected 2 entries (line 2), found 1 (truncated file?)");
  EXPECT_FORMAT_ERROR(read_mtx<int>(b + "1 2 1\n2 1 1\n3 1 1\n", "m.mtx"),
                      "m.mtx:5: more entries than the 2 declared on line 2");
}

TEST(Mtx, RoundTripKeepsDirectionAndField) {
  edge_list<int> u;
  u.n = 3;
  u.directed = false;
  u.add(0, 2, 4);  // upper triangle: written as 3 1
  u.add(1, 1, 2);
  std::ostringstream os;
  write_mtx(os, u);
  EXPECT_NE(os.str().find("integer symmetric"), std::string::npos);
  EXPECT_NE(os.str().find("\n3 1 4\n"), std::string::npos);
  auto r = read_mtx<int>(os.str(), "rt.mtx");
  EXPECT_FALSE(r.directed);
  EXPECT_EQ(r.edges, (std::vector<edge<int>>{{2, 0, 4}, {1, 1, 2}}));

  edge_list<float> p;
  p.n = 2;
  p.weighted = false;
  p.add(1, 0, 1.f);
  std::ostringstream os2;
  write_mtx(os2, p);
  EXPECT_NE(os2.str().find("pattern general"), std::string::npos);
  auto r2 = read_mtx<float>(os2.str(), "rt.mtx");
  EXPECT_FALSE(r2.weighted);
  EXPECT_EQ(r2.edges, p.edges);
}

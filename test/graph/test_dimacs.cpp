// DIMACS .gr reader: valid input, every class of malformed input (with the
// exact message), and writer round trips.
#include <sstream>

#include "hy_graph/io_dimacs.hpp"
#include "test_util.hpp"

using namespace hy::graph;

TEST(Dimacs, ReadsFile) {
  auto g = read_dimacs_file<int>(input_path("tiny.gr"));
  EXPECT_EQ(g.n, 5);
  EXPECT_TRUE(g.directed);
  ASSERT_EQ(g.size(), 7);
  EXPECT_EQ(g.edges[0], (edge<int>{0, 1, 4}));
  EXPECT_EQ(g.edges[6], (edge<int>{4, 0, 3}));
}

TEST(Dimacs, CommentsBlankLinesAndCRLF) {
  auto g = read_dimacs<double>("c hi\r\n\r\np sp 2 1\r\nc mid\r\na 2 1 0.25\r\n", "g.gr");
  ASSERT_EQ(g.size(), 1);
  EXPECT_EQ(g.edges[0], (edge<double>{1, 0, 0.25}));
}

TEST(Dimacs, NegativeWeightsAllowed) {
  auto g = read_dimacs<int>("p sp 2 1\na 1 2 -7\n", "g.gr");
  EXPECT_EQ(g.edges[0].w, -7);
}

TEST(Dimacs, VertexOutOfRange) {
  EXPECT_FORMAT_ERROR(read_dimacs<int>("c x\np sp 10 1\na 1 12 3\n", "g.gr"),
                      "g.gr:3: vertex id 12 out of range [1, 10]");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 10 1\na 0 2 3\n", "g.gr"),
                      "g.gr:2: vertex id 0 out of range [1, 10]");
}

TEST(Dimacs, NonNumericFields) {
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\na 1 2 x7\n", "g.gr"),
                      "g.gr:2: non-numeric weight 'x7'");
  EXPECT_FORMAT_ERROR(read_dimacs<double>("p sp 3 1\na 1 2 1.5e\n", "g.gr"),
                      "g.gr:2: non-numeric weight '1.5e'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\na 1 b 2\n", "g.gr"),
                      "g.gr:2: non-numeric vertex id 'b'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\na 1 2 2.5\n", "g.gr"),
                      "g.gr:2: weight '2.5' is not an integer (read it with a floating weight type)");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\na 1 2 3000000000\n", "g.gr"),
                      "g.gr:2: weight '3000000000' out of range for int32");
}

TEST(Dimacs, WrongEdgeCount) {
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 3\na 1 2 1\na 2 3 1\n", "g.gr"),
                      "g.gr:3: expected 3 arcs (line 1), found 2 (truncated file?)");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\na 1 2 1\na 2 3 1\n", "g.gr"),
                      "g.gr:3: more arcs than the 1 declared on line 1");
}

TEST(Dimacs, TruncatedLine) {
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\na 1 2", "g.gr"),
                      "g.gr:2: arc line needs 'a <u> <v> <w>', found 3 fields");
}

TEST(Dimacs, BadHeader) {
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p max 3 1\n", "g.gr"),
                      "g.gr:1: bad problem line: expected 'p sp <nodes> <arcs>'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3\n", "g.gr"),
                      "g.gr:1: bad problem line: expected 'p sp <nodes> <arcs>'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 -1\n", "g.gr"), "g.gr:1: negative arc count -1");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 0\np sp 3 0\n", "g.gr"),
                      "g.gr:2: second problem line (the first is on line 1)");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("a 1 2 3\n", "g.gr"),
                      "g.gr:1: arc line before the problem line 'p sp <nodes> <arcs>'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("c only comments\n", "g.gr"),
                      "g.gr:1: no problem line 'p sp <nodes> <arcs>'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("", "g.gr"), "g.gr: no problem line 'p sp <nodes> <arcs>'");
  EXPECT_FORMAT_ERROR(read_dimacs<int>("p sp 3 1\ne 1 2 3\n", "g.gr"),
                      "g.gr:2: unknown line type 'e' (expected c, p or a)");
}

TEST(Dimacs, CoordinateFileRecognised) {
  EXPECT_FORMAT_ERROR(
      read_dimacs_file<int>(input_path("tiny.co")),
      input_path("tiny.co") +
          ":2: this is a DIMACS coordinate file ('p aux sp co'), not a graph; give the .gr file");
}

TEST(Dimacs, RoundTripDirected) {
  edge_list<double> g;
  g.n = 4;
  g.add(0, 3, 0.1);
  g.add(3, 2, 1e-300);
  g.add(2, 2, 5.5);
  std::ostringstream os;
  write_dimacs(os, g);
  auto r = read_dimacs<double>(os.str(), "rt.gr");
  EXPECT_EQ(r.n, 4);
  EXPECT_EQ(r.edges, g.edges);
}

TEST(Dimacs, UndirectedWrittenAsBothArcs) {
  edge_list<int> g;
  g.n = 3;
  g.directed = false;
  g.add(0, 1, 5);
  g.add(2, 2, 1);
  std::ostringstream os;
  write_dimacs(os, g);
  auto r = read_dimacs<int>(os.str(), "rt.gr");
  EXPECT_EQ(r.edges, (std::vector<edge<int>>{{0, 1, 5}, {1, 0, 5}, {2, 2, 1}}));
}

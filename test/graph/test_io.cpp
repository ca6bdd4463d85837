// Format dispatch by extension, gzip input/output, and read_csr / write_graph
// through every format giving the same graph.
#include <fstream>

#include "hy_graph/generators.hpp"
#include "hy_graph/io.hpp"
#include "test_util.hpp"

using namespace hy::graph;

TEST(Io, FormatFromExtension) {
  EXPECT_EQ(format_from_path("a/b.gr"), file_format::dimacs);
  EXPECT_EQ(format_from_path("b.gr.gz"), file_format::dimacs);
  EXPECT_EQ(format_from_path("b.mtx.gz"), file_format::mtx);
  EXPECT_EQ(format_from_path("b.txt"), file_format::edgelist);
  EXPECT_EQ(format_from_path("b.el"), file_format::edgelist);
  EXPECT_EQ(format_from_path("b.edges.gz"), file_format::edgelist);
  EXPECT_EQ(format_from_path("b.hyg"), file_format::binary);
  EXPECT_FORMAT_ERROR(format_from_path("USA-road-d.NY.co"),
                      "USA-road-d.NY.co: DIMACS coordinate file (.co) holds no edges; give the .gr file");
  EXPECT_THROW(format_from_path("b.csv"), format_error);
  EXPECT_EQ(parse_format("snap"), file_format::edgelist);
  EXPECT_THROW(parse_format("xml"), std::invalid_argument);
}

TEST(Io, ExplicitFormatOverridesExtension) {
  read_options o;
  o.format = file_format::dimacs;
  // tiny.gr copied to a name without a known extension.
  const std::string p = temp_path("graph.data");
  {
    std::ifstream in(input_path("tiny.gr"));
    std::ofstream out(p);
    out << in.rdbuf();
  }
  EXPECT_EQ(read_edge_list<int>(p, o).size(), 7);
  EXPECT_THROW(read_edge_list<int>(p), format_error);
}

TEST(Io, SameGraphThroughEveryFormatAndGzip) {
  auto el = generate_er_m<int>(40, 150, true, 3, weight_spec::parse("int:50"));
  const csr<int> ref = to_csr(el);
  for (std::string ext : {".gr", ".mtx", ".txt", ".el", ".edges", ".hyg"}) {
    for (std::string gz : {"", ".gz"}) {
      const std::string p = temp_path("g" + ext + gz);
      write_graph(p, el);
      const csr<int> back = read_csr<int>(p);
      EXPECT_EQ(back.n, ref.n) << p;
      EXPECT_EQ(back.offsets, ref.offsets) << p;
      EXPECT_EQ(back.cols, ref.cols) << p;
      EXPECT_EQ(back.weights, ref.weights) << p;
      if (!gz.empty()) {  // really compressed
        std::ifstream f(p, std::ios::binary);
        EXPECT_EQ(f.get(), 0x1f) << p;
        EXPECT_EQ(f.get(), 0x8b) << p;
      }
    }
  }
}

TEST(Io, UndirectedSurvivesMtxAndBinary) {
  auto el = generate_grid<double>(3, 4, false, 2, weight_spec::parse("real"));
  const csr<double> ref = to_csr(el);
  for (std::string name : {"g.mtx", "g.hyg", "g.txt"}) {
    const std::string p = temp_path(name);
    write_graph(p, ref);
    auto back = read_csr<double>(p);
    EXPECT_FALSE(back.directed) << name;
    EXPECT_EQ(back.cols, ref.cols) << name;
    EXPECT_EQ(back.weights, ref.weights) << name;
  }
}

TEST(Io, CorruptGzip) {
  const std::string p = temp_path("g.gr.gz");
  write_graph(p, generate_er_m<int>(30, 60, true, 1));
  std::ifstream in(p, std::ios::binary);
  std::string s((std::istreambuf_iterator<char>(in)), {});
  std::ofstream(p, std::ios::binary) << s.substr(0, s.size() / 2);
  EXPECT_FORMAT_ERROR(read_edge_list<int>(p), p + ": truncated gzip data");
}

TEST(Io, MissingFile) {
  EXPECT_FORMAT_ERROR(read_edge_list<int>("/nonexistent/x.gr"),
                      "/nonexistent/x.gr: cannot open: No such file or directory");
}

// The option parser, the common sample options, generator specifications
// and loading graphs the way the samples do.
#include <sstream>

#include "hy_graph/cli.hpp"
#include "test_util.hpp"

using namespace hy::graph;

namespace {
// A sample that adds its own options, as Floyd-Warshall does.
struct fw_cli : sample_cli {
  std::int64_t path_u = -1, path_v = -1, budget = 0;
  fw_cli() : sample_cli("fw", "test sample") {
    add("path", 2, "U V", "print the path from U to V", [this](const std::vector<std::string>& v) {
      path_u = parse_int_value(v[0]);
      path_v = parse_int_value(v[1]);
    });
    add_int("budget", "BYTES", "device memory budget", budget, 1);
  }
};

bool parse(option_parser& p, std::vector<const char*> args, std::ostream& out) {
  args.insert(args.begin(), "prog");
  return p.parse(static_cast<int>(args.size()), args.data(), out);
}
bool parse(option_parser& p, std::vector<const char*> args) {
  std::ostringstream out;
  return parse(p, std::move(args), out);
}
std::string usage_message(std::vector<const char*> args) {
  fw_cli c;
  try {
    parse(c, std::move(args));
  } catch (const usage_error& e) {
    return e.what();
  }
  return "(no error)";
}
}  // namespace

TEST(Cli, CommonAndSampleOptions) {
  fw_cli c;
  ASSERT_TRUE(parse(c, {"--generate", "rmat:scale=5,ef=4,seed=3", "--weights", "int:9", "--undirected",
                        "--sources", "4", "--verify", "--repeat=3", "--json", "--path", "2", "7",
                        "--budget", "1024", "--seed", "5", "--duplicates", "keep"}));
  EXPECT_EQ(c.common.generate, "rmat:scale=5,ef=4,seed=3");
  EXPECT_EQ(c.common.weights.max, 9);
  EXPECT_TRUE(c.common.weights_given);
  EXPECT_EQ(c.common.directed, std::optional<bool>(false));
  EXPECT_EQ(c.common.sources, 4);
  EXPECT_TRUE(c.common.verify);
  EXPECT_EQ(c.common.repeat, 3);
  EXPECT_TRUE(c.common.json);
  EXPECT_EQ(c.common.seed, 5u);
  EXPECT_EQ(c.common.policy.duplicates, duplicate_policy::keep);
  EXPECT_EQ(c.path_u, 2);
  EXPECT_EQ(c.path_v, 7);
  EXPECT_EQ(c.budget, 1024);
}

TEST(Cli, Help) {
  fw_cli c;
  std::ostringstream out;
  EXPECT_FALSE(parse(c, {"--help"}, out));
  EXPECT_NE(out.str().find("usage: fw [options]"), std::string::npos);
  EXPECT_NE(out.str().find("--path U V"), std::string::npos);
  EXPECT_NE(out.str().find("--generate SPEC"), std::string::npos);
}

TEST(Cli, Errors) {
  EXPECT_EQ(usage_message({"--input", "a.gr", "--frobnicate"}), "unknown option '--frobnicate' (see --help)");
  EXPECT_EQ(usage_message({"--input"}), "option '--input' needs 1 value(s): FILE");
  EXPECT_EQ(usage_message({"--input", "a.gr", "--path", "1"}), "option '--path' needs 2 value(s): U V");
  EXPECT_EQ(usage_message({"--input", "a.gr", "--repeat", "x"}), "bad value for '--repeat': 'x' is not an integer");
  EXPECT_EQ(usage_message({"--input", "a.gr", "--repeat", "0"}),
            "bad value for '--repeat': 0 is out of range [1, 9223372036854775807]");
  EXPECT_EQ(usage_message({"--input", "a.gr", "--weights", "int:-3"}),
            "bad value for '--weights': bad weight bound in 'int:-3' (expected int:W, 1 <= W < 2^30)");
  EXPECT_EQ(usage_message({"--generate", "tree:n=5"}),
            "bad value for '--generate': unknown generator 'tree' (expected rmat, ba, er, grid or dense)");
  EXPECT_EQ(usage_message({}), "give exactly one of --input FILE and --generate SPEC");
  EXPECT_EQ(usage_message({"--input", "a.gr", "--generate", "ba:n=5,m=1"}),
            "give exactly one of --input FILE and --generate SPEC");
  EXPECT_EQ(usage_message({"a.gr"}), "unexpected argument 'a.gr'");
  EXPECT_EQ(usage_message({"--verify=1", "--input", "a"}), "option '--verify' does not take '=value'");
  EXPECT_EQ(usage_message({"--input", "a", "--format", "xml"}),
            "bad value for '--format': unknown graph format 'xml' (expected auto, dimacs, mtx, edgelist or binary)");
}

// A positional input, an option a sample re-defines, --version, and which
// options the command line named.
TEST(Cli, PositionalReplaceVersionGiven) {
  struct sample : sample_cli {
    std::vector<std::string> extra;
    sample() : sample_cli("fw", "test sample") {
      set_positional("INPUT", "the graph", [this](const std::vector<std::string>& v) {
        if (!common.input.empty()) throw usage_error("more than one input file");
        common.input = v[0];
      });
      replace("sources", "(not used)", [](const std::vector<std::string>&) {
        throw std::invalid_argument("all pairs");
      });
      set_version("fw 1.0");
    }
  };
  sample a;
  ASSERT_TRUE(parse(a, {"g.gr", "--seed=7", "--undirected"}));
  EXPECT_EQ(a.common.input, "g.gr");
  EXPECT_TRUE(a.given("seed"));
  EXPECT_TRUE(a.given("undirected"));
  EXPECT_FALSE(a.given("verify"));
  sample b;
  EXPECT_THROW(parse(b, {"g.gr", "h.gr"}), usage_error);
  sample c;
  try {
    parse(c, {"g.gr", "--sources", "3"});
    ADD_FAILURE() << "--sources accepted";
  } catch (const usage_error& e) {
    EXPECT_EQ(std::string(e.what()), "bad value for '--sources': all pairs");
  }
  sample d;
  EXPECT_THROW(parse(d, {"-x"}), usage_error);  // not a positional
  sample v;
  std::ostringstream out;
  EXPECT_FALSE(parse(v, {"--version"}, out));
  EXPECT_EQ(out.str(), "fw 1.0\n");
  std::ostringstream help;
  EXPECT_FALSE(parse(v, {"--help"}, help));
  EXPECT_NE(help.str().find("usage: fw [options] [INPUT]"), std::string::npos) << help.str();
  EXPECT_NE(help.str().find("--sources K"), std::string::npos);
  EXPECT_NE(help.str().find("(not used)"), std::string::npos);
  EXPECT_NE(help.str().find("--version"), std::string::npos);
  // Without set_positional a bare argument is still an error.
  fw_cli plain;
  EXPECT_THROW(parse(plain, {"g.gr"}), usage_error);
}

TEST(GeneratorSpec, ParseAndValidate) {
  auto g = generator_spec::parse("er:n=10,p=0.5,seed=3");
  EXPECT_EQ(g.kind, "er");
  EXPECT_EQ(g.get("p", ""), "0.5");
  EXPECT_EQ(g.get("seed", ""), "3");
  EXPECT_EQ(g.get("m", "none"), "none");
  auto msg = [](const std::string& s) {
    try {
      generator_spec::parse(s);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(msg("rmat:scale=4,edges=3"),
            "unknown parameter 'edges' for rmat (known: a, b, c, ef, permute, scale, seed)");
  EXPECT_EQ(msg("rmat:ef=4"), "rmat needs parameter 'scale'");
  EXPECT_EQ(msg("er:n=5,p=0.1,m=3"), "er needs exactly one of p=PROBABILITY and m=EDGES");
  EXPECT_EQ(msg("ba:n=5,m"), "expected key=value in 'm'");
  EXPECT_EQ(msg("ba:n=5,n=6,m=1"), "parameter 'n' given twice");
  EXPECT_EQ(msg("grid"), "grid needs parameter 'rows'");
}

TEST(Load, GeneratedGraphsWithOptions) {
  graph_options o;
  o.generate = "grid:rows=3,cols=3";
  auto g = load_csr<int>(o);
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(g.num_arcs(), 24);
  o.directed = true;
  auto d = load_edge_list<int>(o);
  EXPECT_TRUE(d.directed);
  EXPECT_EQ(d.size(), 24);
  o.generate = "rmat:scale=6,ef=2,seed=9";
  o.directed = false;
  auto u = load_csr<int>(o);
  EXPECT_FALSE(u.directed);
  for (vid x = 0; x < u.n; ++x)  // symmetric
    for (eid k = u.begin(x); k < u.end(x); ++k) {
      vid y = u.cols[k];
      EXPECT_TRUE(std::binary_search(u.cols.begin() + u.begin(y), u.cols.begin() + u.end(y), x));
    }
  o.generate = "er:n=10,p=2";
  EXPECT_THROW(load_csr<int>(o), std::invalid_argument);
  o.generate = "ba:n=x,m=2";
  try {
    load_csr<int>(o);
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "ba: n='x' is not an integer");
  }
}

TEST(Load, WeightsForUnweightedFiles) {
  graph_options o;
  o.input = input_path("tiny.txt");
  auto plain = load_edge_list<int>(o);
  for (const auto& e : plain.edges) EXPECT_EQ(e.w, 1);
  o.weights = weight_spec::parse("int:1000");
  o.weights_given = true;
  auto w = load_edge_list<int>(o);
  EXPECT_TRUE(w.weighted);
  bool any_not_one = false;
  for (const auto& e : w.edges) any_not_one |= e.w != 1;
  EXPECT_TRUE(any_not_one);
  // Weighted files keep their own weights.
  o.input = input_path("tiny.gr");
  EXPECT_EQ(load_edge_list<int>(o).edges[0].w, 4);
}

TEST(Load, DenseMatrixSameEitherWay) {
  graph_options o;
  o.generate = "dense:n=40,density=0.3,seed=4";
  auto direct = load_dense<float>(o);
  auto via_edges = to_dense(load_edge_list<float>(o));
  EXPECT_EQ(direct.d, via_edges.d);
  o.generate = "";
  o.input = input_path("tiny.gr");
  auto m = load_dense<int>(o);
  EXPECT_EQ(m(0, 1), 4);
  EXPECT_EQ(m(1, 0), infinity<int>());
}

TEST(Load, BinaryCacheLoadsAsWritten) {
  graph_options o;
  o.generate = "ba:n=300,m=3,seed=2";
  const csr<float> g = load_csr<float>(o);
  const std::string p = temp_path("g.hyg");
  write_graph(p, g);
  graph_options b;
  b.input = p;
  const csr<float> back = load_csr<float>(b);
  EXPECT_FALSE(back.directed);
  EXPECT_EQ(back.offsets, g.offsets);
  EXPECT_EQ(back.cols, g.cols);
  EXPECT_EQ(back.weights, g.weights);
  b.directed = true;  // a change forces the edge-list path: same arcs, now directed
  const csr<float> dir = load_csr<float>(b);
  EXPECT_TRUE(dir.directed);
  EXPECT_EQ(dir.cols, g.cols);
}

TEST(Sources, DistinctDeterministicNonIsolated) {
  graph_options o;
  o.generate = "rmat:scale=8,ef=2";
  auto g = load_csr<int>(o);
  auto s = pick_sources(g, 20, 1);
  EXPECT_EQ(s.size(), 20u);
  EXPECT_EQ(s, pick_sources(g, 20, 1));
  EXPECT_NE(s, pick_sources(g, 20, 2));
  std::set<vid> uniq(s.begin(), s.end());
  EXPECT_EQ(uniq.size(), 20u);
  for (vid v : s) EXPECT_GT(g.degree(v), 0);
  auto all = pick_sources(g, 1 << 20, 1);  // capped at the non-isolated vertices
  eid nonisolated = 0;
  for (vid v = 0; v < g.n; ++v) nonisolated += g.degree(v) > 0;
  EXPECT_EQ(static_cast<eid>(all.size()), nonisolated);
}

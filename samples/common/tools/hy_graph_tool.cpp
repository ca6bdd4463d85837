// hy_graph_tool: loads or generates a graph with the common sample options,
// then optionally writes it (any format), prints statistics, or prints the
// results of a reference algorithm (one value per line) for cross-checking.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "hy_graph/cli.hpp"
#include "hy_graph/reference.hpp"
#include "hy_graph/report.hpp"
#include "hy_graph/timing.hpp"

namespace g = hy::graph;

namespace {

struct tool_cli : g::sample_cli {
  std::string write, algo = "none", type = "double";
  std::int64_t source = 0;
  bool info = false;
  tool_cli() : sample_cli("hy_graph_tool", "Convert, generate and inspect graphs; print reference results.") {
    add_string("write", "FILE", "write the graph (after policies) to FILE, format by extension", write);
    add("algo", 1, "NAME", "reference: dijkstra, bellman-ford, bfs, bc, bc-weighted, fw, none",
        [this](const std::vector<std::string>& v) {
          static const char* ok[] = {"dijkstra", "bellman-ford", "bfs", "bc", "bc-weighted", "fw", "none"};
          if (std::find(std::begin(ok), std::end(ok), v[0]) == std::end(ok))
            throw std::invalid_argument("unknown algorithm '" + v[0] + "'");
          algo = v[0];
        });
    add_int("source", "S", "source vertex (0-based) for dijkstra, bellman-ford, bfs", source, 0);
    add("type", 1, "int|float|double", "weight type (default double)",
        [this](const std::vector<std::string>& v) {
          if (v[0] != "int" && v[0] != "float" && v[0] != "double")
            throw std::invalid_argument("expected int, float or double");
          type = v[0];
        });
    add_flag("info", "print size, degree statistics and load time", info);
  }
};

template <class W>
void print_value(W x) {
  if (g::is_infinite(x)) std::printf("inf\n");
  else if constexpr (std::is_integral_v<W>) std::printf("%d\n", static_cast<int>(x));
  else std::printf("%.17g\n", static_cast<double>(x));
}

template <class W>
int run(const tool_cli& c) {
  // A binary cache loads straight into CSR (load_csr's fast path); other
  // sources are timed in two steps: read/generate, then CSR construction.
  const bool binary =
      !c.common.input.empty() &&
      (c.common.format == "auto" ? g::format_from_path(c.common.input)
                                 : g::parse_format(c.common.format)) == g::file_format::binary;
  const double t0 = g::now_seconds();
  g::csr<W> csr;
  g::eid edges_read = 0;
  double t1 = t0;
  if (binary) {
    csr = g::load_csr<W>(c.common);
    edges_read = csr.num_arcs();
    t1 = g::now_seconds();
  } else {
    g::edge_list<W> el = g::load_edge_list<W>(c.common);
    t1 = g::now_seconds();
    edges_read = el.size();
    csr = g::to_csr(el, c.common.policy);
  }
  const double t2 = g::now_seconds();
  if (!c.write.empty()) g::write_graph(c.write, csr);
  if (c.info) {
    g::eid maxdeg = 0;
    for (g::vid u = 0; u < csr.n; ++u) maxdeg = std::max(maxdeg, csr.degree(u));
    g::report r("graph");
    r.set("source", c.common.input.empty() ? c.common.generate : c.common.input)
        .set("vertices", static_cast<std::int64_t>(csr.n))
        .set("edges_read", static_cast<std::int64_t>(edges_read))
        .set("arcs", static_cast<std::int64_t>(csr.num_arcs()))
        .set("directed", csr.directed)
        .set("weighted", csr.weighted)
        .set("max_out_degree", static_cast<std::int64_t>(maxdeg))
        .set("mean_out_degree", csr.n ? static_cast<double>(csr.num_arcs()) / csr.n : 0.0)
        .set("load_s", t1 - t0)
        .set("csr_build_s", t2 - t1);
    r.print(std::cout, c.common.json);
  }
  const auto s = static_cast<g::vid>(c.source);
  if (c.algo == "dijkstra") {
    for (W x : g::dijkstra(csr, s)) print_value(x);
  } else if (c.algo == "bellman-ford") {
    auto r = g::bellman_ford(csr, s);
    if (r.negative_cycle) std::printf("negative-cycle\n");
    else for (W x : r.dist) print_value(x);
  } else if (c.algo == "bfs") {
    for (g::vid l : g::bfs_levels(csr, s)) std::printf("%d\n", l);
  } else if (c.algo == "bc" || c.algo == "bc-weighted") {
    for (double x : g::betweenness(csr, c.algo == "bc-weighted")) std::printf("%.17g\n", x);
  } else if (c.algo == "fw") {
    g::dense_matrix<W> d = g::to_dense(csr, c.common.policy.self_loops);
    if (!g::floyd_warshall(d)) {
      std::printf("negative-cycle\n");
    } else {
      for (W x : d.d) print_value(x);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  tool_cli c;
  try {
    if (!c.parse(argc, argv)) return 0;
    if (c.type == "int") return run<std::int32_t>(c);
    if (c.type == "float") return run<float>(c);
    return run<double>(c);
  } catch (const g::usage_error& e) {
    std::cerr << "hy_graph_tool: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "hy_graph_tool: " << e.what() << "\n";
    return 1;
  }
}

// fw's options on top of the toolkit's sample_cli, and loading its graph.
#include "fw_cli.hpp"

#include <hy/hy.hpp>
#include <hy_graph/random.hpp>
#include <hy_graph/run_device.hpp>
#include <hy_graph/types.hpp>

namespace fw {

namespace g = hy::graph;

namespace {

const char* kSummary =
    "All-pairs shortest paths by blocked Floyd-Warshall (in core, or out of core\n"
    "with --budget). INPUT or --input: .gr (DIMACS), .mtx, .txt/.el/.edges (edge\n"
    "list), .hyg, optionally .gz. --generate also takes bench:n=N[,seed=S], the\n"
    "graph of bench/floyd_warshall. --repeat N > 1: one warm-up, then N timed runs.\n"
    "Exit status: 0 ok, 1 bad usage or input, 2 verification mismatch, 3 negative\n"
    "cycle (reported; the distances are then meaningless).";

std::uint64_t parse_bytes(const std::string& s) {
  std::string num = s;
  std::uint64_t mult = 1;
  if (!num.empty()) {
    const char c = num.back();
    if (c == 'K' || c == 'k') mult = 1ull << 10;
    if (c == 'M' || c == 'm') mult = 1ull << 20;
    if (c == 'G' || c == 'g') mult = 1ull << 30;
    if (mult != 1) num.pop_back();
  }
  const std::int64_t v = g::parse_int_value(num);
  if (v <= 0) throw std::invalid_argument("must be positive");
  return static_cast<std::uint64_t>(v) * mult;
}

}  // namespace

// "bench:n=N[,seed=S]" -> (n, seed).
std::pair<std::int64_t, std::uint64_t> parse_bench(const std::string& spec) {
  std::int64_t n = -1;
  std::uint64_t seed = 1;
  const std::string rest = spec.substr(6);
  for (std::size_t pos = 0; pos < rest.size();) {
    std::size_t comma = rest.find(',', pos);
    if (comma == std::string::npos) comma = rest.size();
    const std::string item = rest.substr(pos, comma - pos);
    if (item.rfind("n=", 0) == 0)
      n = g::parse_int_value(item.substr(2));
    else if (item.rfind("seed=", 0) == 0)
      seed = static_cast<std::uint64_t>(g::parse_int_value(item.substr(5)));
    else
      throw std::invalid_argument("bench: unknown key in '" + item + "' (n=, seed=)");
    pos = comma + 1;
  }
  if (n < 1 || n > (1 << 20)) throw std::invalid_argument("bench: needs n=1..2^20");
  return {n, seed};
}

bool is_bench(const std::string& spec) { return spec.rfind("bench:", 0) == 0; }

cli::cli() : sample_cli("fw", kSummary) {
  auto& c = common;
  // A negative self-loop is a negative cycle: keep self-loops by default.
  c.policy.self_loops = g::self_loop_policy::keep;
  set_version("fw (hy " + std::to_string(HY_VERSION_MAJOR) + "." + std::to_string(HY_VERSION_MINOR) +
              "), " + g::build_name() + " build, compiled by " +
#if defined(__clang__)
              "clang " __clang_version__
#elif defined(__GNUC__)
              "GCC " __VERSION__
#else
              "an unknown compiler"
#endif
  );
  set_positional("INPUT", "the graph file (as --input)", [&c](const std::vector<std::string>& v) {
    if (!c.input.empty()) throw g::usage_error("more than one input file ('" + c.input + "', '" + v[0] + "')");
    c.input = v[0];
  });
  replace("input", "read the graph from FILE (.gr .mtx .txt .el .edges .hyg, + .gz)",
          [&c](const std::vector<std::string>& v) {
            if (!c.input.empty()) throw g::usage_error("more than one input file ('" + c.input + "', '" + v[0] + "')");
            c.input = v[0];
          });
  replace("generate",
          "generate: dense:n=N[,density=D][,seed=X] | grid:rows=R,cols=C[,diag=1] | "
          "er:n=N,p=P|m=M | rmat:scale=S,ef=E | ba:n=N,m=M | bench:n=N[,seed=X]",
          [&c](const std::vector<std::string>& v) {
            if (is_bench(v[0]))
              parse_bench(v[0]);
            else
              g::generator_spec::parse(v[0]);
            c.generate = v[0];
          });
  replace("self-loops", "self-loop policy (fw: default keep; a negative self-loop is a negative cycle)",
          [&c](const std::vector<std::string>& v) {
            if (v[0] == "keep") c.policy.self_loops = g::self_loop_policy::keep;
            else if (v[0] == "drop") c.policy.self_loops = g::self_loop_policy::drop;
            else throw std::invalid_argument("expected keep or drop");
          });
  replace("duplicates", "duplicate edges: min (a distance matrix keeps the lightest)",
          [](const std::vector<std::string>& v) {
            if (v[0] != "min")
              throw std::invalid_argument("fw's distance matrix keeps the lightest of parallel edges: only 'min'");
          });
  replace("sources", "(not used: fw computes all pairs)", [](const std::vector<std::string>&) {
    throw std::invalid_argument("fw computes all pairs; there are no sources to choose");
  });
  add_int("negative", "H",
          "shift weights by vertex potentials in [0,H]: w(u,v) += h(u) - h(v); negative edges, no new cycles",
          negative, 0);
  add_flag("paths", "also compute next hops (path reconstruction)", paths);
  add("path", 2, "U V", "print a shortest path from U to V (1-based ids)",
      [this](const std::vector<std::string>& v) {
        want_path = paths = true;
        path_u = g::parse_int_value(v[0]);
        path_v = g::parse_int_value(v[1]);
      });
  add("budget", 1, "BYTES",
      "memory for the matrix (suffix K, M, G); a larger matrix runs out of core, streamed in super-blocks",
      [this](const std::vector<std::string>& v) { budget = parse_bytes(v[0]); });
  add_flag("grid",
           "spread the matrix 2-D block-cyclic over the zones (run under mpirun with the fw_mpi build; "
           "one zone otherwise): each holds its blocks, the pivot row and column are broadcast",
           grid);
  add_int("grid-rows", "R", "process rows of --grid (default: the most nearly square grid)", grid_rows, 1);
  add_int("grid-block", "S", "block edge of --grid, a multiple of the tile dividing the padded n "
          "(default: chosen)", grid_block, 1);
  add_int("verify-max", "N", "largest n --verify accepts (default 2048; the reference is O(n^3) serial)",
          verify_max, 1);
  add_string("compare", "FILE", "compare with a result saved by --output", compare);
  add_string("output", "FILE", "write the distance matrix (binary, see README)", output);
  add_flag("print", "print the matrix (small n)", print);
  add_flag("quiet", "no progress line", quiet);
}

void cli::validate() {
  sample_cli::validate();
  if (grid && (paths || budget > 0))
    throw g::usage_error("--grid computes distances in memory: not with --paths, --path or --budget");
  if (!grid && (grid_rows || grid_block))
    throw g::usage_error("--grid-rows and --grid-block go with --grid");
  if (is_bench(common.generate) && common.directed)
    throw g::usage_error("--generate bench: is a directed matrix; --directed/--undirected do not apply");
  if (common.verify && !common.generate.empty()) {
    const std::int64_t n = planned_vertices(common.generate);
    if (n > verify_max)
      throw g::usage_error("--verify: n = " + std::to_string(n) + " is above --verify-max " +
                           std::to_string(verify_max) + " (the reference is O(n^3) serial)");
  }
}

std::int64_t planned_vertices(const std::string& generate) {
  if (is_bench(generate)) return parse_bench(generate).first;
  const g::generator_spec s = g::generator_spec::parse(generate);
  auto num = [&](const char* key, const char* dflt) { return g::parse_int_value(s.get(key, dflt)); };
  if (s.kind == "dense" || s.kind == "er" || s.kind == "ba") return num("n", "-1");
  if (s.kind == "grid") return num("rows", "0") * num("cols", "0");
  if (s.kind == "rmat") return std::int64_t{1} << num("scale", "16");
  return -1;
}

// The benchmark graph shared with bench/floyd_warshall/*: pair (i, j), i != j,
// is an edge with probability 1/2 and weight 1 + (h mod 1000), where
// h = splitmix64(seed * 2^32 + i * n + j). Keep in step with the baselines.
std::int32_t bench_weight(std::uint64_t seed, std::uint64_t n, std::uint64_t i, std::uint64_t j) {
  const std::uint64_t h = g::splitmix64((seed << 32) + i * n + j);
  if ((h >> 63) != 0) return g::infinity<std::int32_t>();
  return static_cast<std::int32_t>(1 + h % 1000);
}

template <class W>
g::dense_matrix<W> load_matrix(const g::graph_options& o) {
  if (!is_bench(o.generate)) return g::load_dense<W>(o);
  const auto [n, seed] = parse_bench(o.generate);
  g::dense_matrix<W> m(static_cast<g::vid>(n));
  for (g::vid i = 0; i < n; ++i)
    for (g::vid j = 0; j < n; ++j) {
      const std::int32_t w = bench_weight(seed, n, i, j);
      m(i, j) = i == j ? W{0} : g::is_infinite(w) ? g::infinity<W>() : static_cast<W>(w);
    }
  return m;
}

template g::dense_matrix<std::int32_t> load_matrix<std::int32_t>(const g::graph_options&);
template g::dense_matrix<float> load_matrix<float>(const g::graph_options&);

}  // namespace fw

// fw's command line: the graph toolkit's common sample options (input,
// --format, --generate, --weights, --seed, --undirected, --verify, --repeat,
// --json, --progress, --name=value) plus fw's own, and the "bench:" graph
// that the baselines in bench/floyd_warshall generate themselves.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include <hy_graph/cli.hpp>
#include <hy_graph/dense.hpp>

namespace fw {

// Exit statuses.
constexpr int kExitOk = 0;
constexpr int kExitUsage = 1;     // bad option or input
constexpr int kExitMismatch = 2;  // --verify / --compare found a difference
constexpr int kExitNegCycle = 3;  // the graph has a negative cycle

struct cli : hy::graph::sample_cli {
  std::int64_t negative = 0;     // --negative H
  bool paths = false;            // --paths
  bool want_path = false;        // --path U V
  std::int64_t path_u = 0, path_v = 0;
  std::uint64_t budget = 0;      // --budget BYTES; 0: in core
  bool grid = false;             // --grid: the matrix spread over the zones (MPI ranks)
  std::int64_t grid_rows = 0, grid_block = 0;  // --grid-rows R, --grid-block S (0: chosen)
  std::int64_t verify_max = 2048;
  std::string compare, output;
  bool print = false, quiet = false;

  cli();

 protected:
  void validate() override;
};

// The number of vertices a --generate spec will give (before generating
// it), or -1 when only generating tells.
std::int64_t planned_vertices(const std::string& generate);

// The "bench:" graph: whether a --generate spec is one, its (n, seed), and
// the weight of pair (i, j), i != j (infinity for no edge): each entry on its
// own, so that a zone of --grid generates only its blocks.
bool is_bench(const std::string& spec);
std::pair<std::int64_t, std::uint64_t> parse_bench(const std::string& spec);
std::int32_t bench_weight(std::uint64_t seed, std::uint64_t n, std::uint64_t i, std::uint64_t j);

// Reads or generates the graph as the options say (the toolkit's loaders,
// or "bench:n=N,seed=S").
template <class W>
hy::graph::dense_matrix<W> load_matrix(const hy::graph::graph_options& o);

}  // namespace fw

// Data for the graph-matching sample: attributed graphs, the thesis-style
// generator (random attributed graphs and permuted copies under noise, with
// ground truth), the `.ag` text format, lists of graph files, accuracy.
// Plain C++ (no kernels).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gm {

// An attributed graph: n vertices with one attribute each, edge weights in
// [0, 1] (w[a*n + b] < 0: no edge), and optionally each vertex's identity in
// a numbering common to a set of graphs (the ground truth: two vertices of
// two graphs correspond when their ids are equal).
struct attr_graph {
  std::string name;
  int n = 0;
  bool directed = false;
  std::vector<float> x;   // n attributes in [0, 1]
  std::vector<float> w;   // n * n
  std::vector<int> id;    // n ids, or empty (no ground truth)
  float weight(int a, int b) const { return w[static_cast<size_t>(a) * n + b]; }
  long long edges() const;
};

// --generate n=N,graphs=G[,classes=C][,density=D][,delete=P][,add=P][,noise=S][,levels=K][,seed=X]
// C random base graphs (G(n, density) edges, weights and attributes uniform
// in [0, 1)); graph g is a copy of base g % C: the first copy as it is, the
// others with their vertices permuted, each edge deleted with probability
// `delete`, about `add` x (base edges) edges added on random non-edges
// (uniform weights), and Gaussian noise of deviation `noise` on every
// remaining weight and every attribute (clamped to [0, 1]). levels=K rounds
// every weight to the middle of one of K equal bins (the benchmark's cuBLAS
// formulation of the Q step needs weights on a few levels).
struct gen_spec {
  int n = 24, graphs = 2, classes = 1, levels = 0;
  double density = 0.3, del = 0.05, add = 0.05, noise = 0.02;
  std::uint64_t seed = 1;
  static gen_spec parse(const std::string& s);  // throws std::invalid_argument
};
std::vector<attr_graph> generate(const gen_spec& g);

// The `.ag` format (README, "File format"): '#' comments, then
//   graph N [undirected|directed]
//   node V ATTR [ID]        (0-based V; ID: the ground-truth identity)
//   edge U V WEIGHT
// Throws std::runtime_error("FILE:LINE: problem") on a malformed file.
attr_graph read_graph(const std::string& path);
void write_graph(const attr_graph& g, const std::string& path);

// A list of graph files: `.txt` (one path a line, '#' comments) or `.json`
// ({"graphs": ["a.ag", ...]}); relative paths are relative to the list.
std::vector<std::string> read_list(const std::string& path);

// Correspondences recovered: for every vertex a of g1 whose id also occurs
// in g2, whether match[a] is that vertex. Adds to *correct and *total.
void score(const attr_graph& g1, const attr_graph& g2, const std::vector<int>& match,
           long long* correct, long long* total);

}  // namespace gm

// Which sources a run sums over (--sources) and how the sums become
// NetworkX's betweenness_centrality values (--normalized, --endpoints, the
// estimate from a sample of k sources): plain C++, no kernels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bc {

struct source_set {
  std::vector<int> list; // the sources, in the order drawn or given
  bool sampled = false;  // a sample (NetworkX's k): scaled up to all sources
};

// "all" (default), "random:K" or "K" (K distinct vertices drawn uniformly from
// all n with `seed`), "list:V,V,..." or "file:PATH" (0-based ids, one per
// line or separated by commas; a sample unless it names every vertex).
// Throws std::invalid_argument naming the problem.
source_set choose_sources(const std::string &spec, int n, std::uint64_t seed);

// NetworkX 3.x's _rescale: the sums over ordered pairs (bc_kernels.hpp)
// become betweenness_centrality(G, k, normalized, endpoints) for a graph of
// n vertices; a sample of k < n sources is scaled by n / k (without
// endpoints the sources themselves by n / (k - 1): they cannot lie on their
// own paths; NaN when k = 1, as NetworkX gives).
void rescale(std::vector<double> &bc, int n, bool directed, bool normalized, bool endpoints,
             const source_set &sources);

} // namespace bc

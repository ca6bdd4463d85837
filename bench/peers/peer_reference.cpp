// peer_reference: the reference values bench/peers checks every tool
// against, per source, on the same .hyg file: the toolkit's Dijkstra
// (hy_graph/reference.hpp) gives the distance checksum (sum of the finite
// distances + the vertices reached, as the samples print it), and a BFS
// counting shortest paths by hops in double gives the largest path count,
// to say whether a peer that counts paths in int32 (Gardenia's BC)
// overflows. Sources run in parallel (OpenMP), one per thread.
//
//   peer_reference GRAPH.hyg S,S,...
//   -> "source S: reached R, checksum C, max paths P (over int32: yes|no), depth D"
#include <algorithm>
#include <climits>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <hy_graph/io.hpp>
#include <hy_graph/reference.hpp>

namespace g = hy::graph;

namespace {

struct ref {
  long long reached = 0;
  double checksum = 0;
  double max_paths = 0;
  int depth = 0;
};

ref reference(const g::csr<std::int32_t> &c, g::vid s) {
  ref r;
  const std::vector<std::int32_t> d = g::dijkstra(c, s);
  for (std::int32_t x : d)
    if (!g::is_infinite(x)) {
      ++r.reached;
      r.checksum += static_cast<double>(x);
    }
  r.checksum += static_cast<double>(r.reached);
  // Path counts by hops (what BC counts), level by level.
  std::vector<int> level(c.n, -1);
  std::vector<double> sigma(c.n, 0);
  std::vector<g::vid> frontier{s}, next;
  level[s] = 0;
  sigma[s] = 1;
  while (!frontier.empty()) {
    next.clear();
    for (g::vid u : frontier)
      for (g::eid e = c.offsets[u]; e < c.offsets[u + 1]; ++e) {
        const g::vid v = c.cols[e];
        if (level[v] < 0) {
          level[v] = level[u] + 1;
          next.push_back(v);
        }
        if (level[v] == level[u] + 1)
          sigma[v] += sigma[u];
      }
    for (g::vid v : next)
      r.max_paths = std::max(r.max_paths, sigma[v]);
    if (!next.empty())
      ++r.depth;
    frontier.swap(next);
  }
  return r;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: peer_reference GRAPH.hyg S,S,...\n");
    return 2;
  }
  try {
    const g::csr<std::int32_t> c = g::read_csr<std::int32_t>(argv[1]);
    std::vector<g::vid> sources;
    std::stringstream in(argv[2]);
    for (std::string x; std::getline(in, x, ',');) {
      const long long v = std::stoll(x);
      if (v < 0 || v >= c.n)
        throw std::runtime_error("source " + x + " is not a vertex");
      sources.push_back(static_cast<g::vid>(v));
    }
    std::vector<ref> out(sources.size());
#pragma omp parallel for schedule(dynamic, 1)
    for (long long i = 0; i < static_cast<long long>(sources.size()); ++i)
      out[i] = reference(c, sources[i]);
    for (std::size_t i = 0; i < sources.size(); ++i)
      std::printf("source %d: reached %lld, checksum %.17g, max paths %.17g (over int32: %s), depth %d\n",
                  sources[i], out[i].reached, out[i].checksum, out[i].max_paths,
                  out[i].max_paths > INT_MAX ? "yes" : "no", out[i].depth);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "peer_reference: %s\n", e.what());
    return 1;
  }
  return 0;
}

// gardenia_sssp_driver: Gardenia's GPU SSSP (SSSPSolver of the checkout's
// src/sssp/linear_lb.cu: a worklist Bellman-Ford with edge-balanced
// expansion) on the graph's REAL weights, for every source of a list. Its
// own main sets every weight to 1 and runs one source; this one loads
// PREFIX.weight.bin (written by peer_export in the CSR's arc order), warms
// up once, then calls the solver once per source and reports the solver's
// own time (its Timer around the solve loop, after the graph's copy to the
// device) and the distances' checksum (sum of the finite distances + the
// vertices reached, as hy's samples print it).
//
//   gardenia_sssp_driver PREFIX S,S,...
//   -> "source S: T ms, reached R, checksum C, iterations I"
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "capture_stdout.hpp"
#include "sssp.h"

int main(int argc, char *argv[]) {
  if (argc != 3) {
    std::printf("usage: gardenia_sssp_driver PREFIX S,S,...\n");
    return 2;
  }
  const std::string prefix = argv[1];
  Graph g(prefix, "bin", true, false); // undirected: both arcs stored
  const auto n = g.V();
  const auto m = g.E();
  std::vector<DistT> weights(m);
  std::FILE *f = std::fopen((prefix + ".weight.bin").c_str(), "rb");
  if (!f || std::fread(weights.data(), sizeof(DistT), m, f) != m) {
    std::printf("cannot read %s.weight.bin (%zu int32 weights)\n", prefix.c_str(), size_t(m));
    return 1;
  }
  std::fclose(f);
  std::vector<int> sources;
  std::stringstream list(argv[2]);
  for (std::string x; std::getline(list, x, ',');)
    sources.push_back(std::stoi(x));
  std::vector<DistT> dist(n);
  const DistT inf = kDistInf;
  auto solve = [&](int s) {
    std::fill(dist.begin(), dist.end(), inf);
    return capture_stdout([&] { SSSPSolver(g, s, weights.data(), dist.data(), 1); });
  };
  solve(sources[0]); // warm-up: the CUDA context, the first allocations
  for (int s : sources) {
    const std::string text = solve(s);
    const double ms = value_after(text, "] = ");
    if (ms < 0) {
      std::printf("source %d: no time in the solver's output:\n%s\n", s, text.c_str());
      return 1;
    }
    long long reached = 0;
    double sum = 0;
    for (DistT d : dist)
      if (d != inf) {
        ++reached;
        sum += d;
      }
    std::printf("source %d: %.6f ms, reached %lld, checksum %.17g, iterations %d\n", s, ms, reached,
                sum + reached, int(value_after(text, "iterations = ")));
  }
  return 0;
}

// gardenia_bc_driver: Gardenia's GPU betweenness centrality (BCSolver of
// the checkout's src/bc/linear_lb.cu) over every source of a list; its own
// main runs one source. Gardenia normalises each call's scores by their
// largest and prints that largest (max_score), so this driver multiplies
// them back and sums over the sources (in double) to get the same exact
// BC over the sources that GAP and hy compute. Reports per source the
// solver's own time (its Timer, after the graph's copy to the device) and
// writes the summed scores (float64, native byte order) to a file.
// Gardenia counts paths in int32: peer_reference says per source whether
// the counts overflow on this graph.
//
//   gardenia_bc_driver PREFIX S,S,... SCORES.bin
//   -> "source S: T ms, max_score M, depth D"; "top: V SCORE" x 10
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "bc.h"
#include "capture_stdout.hpp"

int main(int argc, char *argv[]) {
  if (argc != 4) {
    std::printf("usage: gardenia_bc_driver PREFIX S,S,... SCORES.bin\n");
    return 2;
  }
  const std::string prefix = argv[1];
  Graph g(prefix, "bin", true, false);
  const auto n = g.V();
  std::vector<int> sources;
  std::stringstream list(argv[2]);
  for (std::string x; std::getline(list, x, ',');)
    sources.push_back(std::stoi(x));
  std::vector<ScoreT> scores(n);
  std::vector<double> total(n, 0.0);
  auto solve = [&](int s) {
    std::fill(scores.begin(), scores.end(), ScoreT(0));
    return capture_stdout([&] { BCSolver(g, s, scores.data()); });
  };
  solve(sources[0]); // warm-up
  for (int s : sources) {
    const std::string text = solve(s);
    const double ms = value_after(text, "] = ");
    const double top = value_after(text, "max_score = ");
    if (ms < 0) {
      std::printf("source %d: no time in the solver's output:\n%s\n", s, text.c_str());
      return 1;
    }
    long long bad = 0;
    for (int v = 0; v < n; ++v) {
      if (!std::isfinite(scores[v]))
        ++bad;
      total[v] += double(scores[v]) * top;
    }
    std::printf("source %d: %.6f ms, max_score %.9g, depth %d, non-finite scores %lld\n", s, ms, top,
                int(value_after(text, "iterations = ")), bad);
  }
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  const int k = std::min(10, int(n));
  std::partial_sort(order.begin(), order.begin() + k, order.end(),
                    [&](int a, int b) { return total[a] > total[b]; });
  for (int i = 0; i < k; ++i)
    std::printf("top: %d %.9g\n", order[i], total[order[i]]);
  std::FILE *f = std::fopen(argv[3], "wb");
  if (!f || std::fwrite(total.data(), sizeof(double), n, f) != size_t(n)) {
    std::printf("cannot write %s\n", argv[3]);
    return 1;
  }
  std::fclose(f);
  return 0;
}

// Summary statistics of run times and rate helpers.
#include "hy_graph/timing.hpp"

#include <algorithm>
#include <numeric>

namespace hy::graph {

timing_result summarize(std::vector<double> seconds) {
  timing_result r;
  r.seconds = seconds;
  if (seconds.empty()) return r;
  std::sort(seconds.begin(), seconds.end());
  const std::size_t k = seconds.size();
  r.min = seconds.front();
  r.max = seconds.back();
  r.median = k % 2 ? seconds[k / 2] : (seconds[k / 2 - 1] + seconds[k / 2]) / 2;
  r.mean = std::accumulate(seconds.begin(), seconds.end(), 0.0) / static_cast<double>(k);
  return r;
}

double rate(double count, double seconds) { return seconds > 0 ? count / seconds : 0.0; }

}  // namespace hy::graph

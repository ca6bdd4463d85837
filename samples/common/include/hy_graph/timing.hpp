// Timing for sample drivers: run a callable with warm-up and N repeats and
// summarise (median/min/max/mean seconds), plus rate helpers (TEPS etc.).
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace hy::graph {

struct timing_result {
  double median = 0, min = 0, max = 0, mean = 0;
  std::vector<double> seconds;  // every timed run, in order
};

// Summary of a list of run times (empty list -> all zeros).
timing_result summarize(std::vector<double> seconds);

inline double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

// Calls f() `warmup` times untimed, then `repeats` (>= 1) times timed.
template <class F>
timing_result time_repeated(F&& f, int repeats, int warmup = 1) {
  for (int i = 0; i < warmup; ++i) f();
  std::vector<double> s;
  for (int i = 0; i < (repeats < 1 ? 1 : repeats); ++i) {
    const double t0 = now_seconds();
    f();
    s.push_back(now_seconds() - t0);
  }
  return summarize(std::move(s));
}

// count / seconds (0 when seconds <= 0).
double rate(double count, double seconds);
// Traversed edges per second (Graph500 TEPS) and its millions.
inline double teps(double edges, double seconds) { return rate(edges, seconds); }
inline double mteps(double edges, double seconds) { return rate(edges, seconds) / 1e6; }
// Relaxations per second for SSSP/APSP (Floyd-Warshall does n^3).
inline double relaxations_per_second(double relaxations, double seconds) {
  return rate(relaxations, seconds);
}

}  // namespace hy::graph

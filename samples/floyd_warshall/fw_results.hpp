// What fw's two drivers share (main.cpp: one matrix in this process;
// grid_run.cpp: --grid, each zone holding its blocks): how results are
// judged, hashed and written, the potentials of --negative, the progress line.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include <hy_graph/cli.hpp>
#include <hy_graph/dense.hpp>
#include <hy_graph/distance_file.hpp>
#include <hy_graph/progress.hpp>
#include <hy_graph/report.hpp>
#include <hy_graph/run_device.hpp>
#include <hy_graph/random.hpp>
#include <hy_graph/types.hpp>

#include "fw_kernels.hpp"

namespace fw {

using hy::graph::vid;

// Potentials h(v) in [0, H]: w(u,v) += h(u) - h(v) keeps every cycle's
// length and turns shortest distances into d(u,v) + h(u) - h(v).
inline std::vector<long long> potentials(vid n, long long H) {
  std::vector<long long> h(static_cast<std::size_t>(n), 0);
  if (H > 0)
    for (vid v = 0; v < n; ++v)
      h[v] = static_cast<long long>(hy::graph::splitmix64(0x5eedull + v) % static_cast<std::uint64_t>(H + 1));
  return h;
}

template <class W>
bool unreachable(W d) {
  // int32: anything above inf/2 went through a missing edge (see relax()).
  if constexpr (std::is_floating_point_v<W>)
    return !(d < fw::infinity<W>());
  else
    return d > fw::infinity<W>() / 2;
}

// FNV-1a of the bytes at p, continuing from h (so a matrix can be hashed in parts).
inline std::uint64_t fnv1a(const void* p, std::size_t bytes, std::uint64_t h = 0xcbf29ce484222325ull) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

// Result file: hy_graph/distance_file.hpp (shared with the Johnson sample).
template <class W>
void write_header(std::ostream& f, vid n) {
  hy::graph::write_distance_header<W>(f, static_cast<std::uint64_t>(n));
}
template <class W>
void read_header(std::istream& f, const std::string& path, vid n) {
  hy::graph::read_distance_header<W>(f, path, static_cast<std::uint64_t>(n));
}

// Float results of different evaluation orders differ by rounding only.
template <class W>
bool same_distance(W a, W b, double scale) {
  if constexpr (std::is_floating_point_v<W>) {
    if (unreachable(a) || unreachable(b)) return unreachable(a) == unreachable(b);
    return std::fabs(double(a) - double(b)) <= 1e-5 * scale;
  } else {
    return a == b;
  }
}

template <class W>
void apply_potentials(hy::graph::dense_matrix<W>& m, const std::vector<long long>& h) {
  for (vid i = 0; i < m.n; ++i)
    for (vid j = 0; j < m.n; ++j)
      if (i != j && !hy::graph::is_infinite(m(i, j)))
        m(i, j) = static_cast<W>(m(i, j) + static_cast<W>(h[i]) - static_cast<W>(h[j]));
}

template <class W>
int compare_matrices(const std::vector<W>& got, const std::vector<W>& want, vid n,
                     const char* what, double scale) {
  long long bad = 0;
  for (vid i = 0; i < n; ++i)
    for (vid j = 0; j < n; ++j) {
      const std::size_t x = static_cast<std::size_t>(i) * n + j;
      if (!same_distance(got[x], want[x], scale)) {
        if (bad < 5)
          std::fprintf(stderr, "fw: %s mismatch at (%d, %d): got %.9g, expected %.9g\n", what,
                       i + 1, j + 1, double(got[x]), double(want[x]));
        ++bad;
      }
    }
  if (bad) std::fprintf(stderr, "fw: %s: %lld of %lld entries differ\n", what, bad, (long long)n * n);
  return bad ? 1 : 0;
}

// --print: the n x n matrix d, "inf" for no path.
template <class W>
void print_matrix(const std::vector<W>& d, vid n) {
  for (vid i = 0; i < n; ++i) {
    for (vid j = 0; j < n; ++j) {
      const W x = d[static_cast<std::size_t>(i) * n + j];
      if (unreachable(x))
        std::printf(" %8s", "inf");
      else
        std::printf(" %8.6g", double(x));
    }
    std::printf("\n");
  }
}

// The negative-cycle message of both drivers (stderr).
inline void report_negative_cycle(long long vertices, vid first) {
  std::fprintf(stderr, "fw: negative cycle: %lld vertices have a negative distance to themselves "
                       "(first: vertex %d); distances are meaningless\n",
               vertices, first + 1);
}

// The timed runs of a solve: their times, the host <-> device copy time
// within each, and the load time; the figures both drivers print from them.
struct run_times {
  std::vector<double> times, transfers;  // per timed run (seconds)
  double load_s = 0;

  static double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
  }
  double median() const { return median_of(times); }
  double transfer() const { return median_of(transfers); }
  double compute() const {  // the runs without their copies
    std::vector<double> c(times.size());
    for (std::size_t i = 0; i < times.size(); ++i) c[i] = times[i] - transfers[i];
    return median_of(c);
  }

  // "device:" to "transfers:" lines; `relax` relaxations per solve.
  void print(const hy::graph::run_device& dev, std::int64_t repeat, double relax) const {
    std::printf("device: %s (%s build)%s%s\n", dev.label.c_str(), dev.build.c_str(),
                dev.fallback.empty() ? "" : "; fallback: ", dev.fallback.c_str());
    std::printf("time: %.6f s%s (load %.3f s)\n", median(),
                repeat > 1 ? (" (median of " + std::to_string(repeat) + ", after a warm-up)").c_str() : "", load_s);
    if (times.size() > 1) {
      std::printf("runs:");
      for (double t : times) std::printf(" %.6f", t);
      std::printf(" s\n");
    }
    auto show_rate = [](double r) {
      char buf[64];
      std::snprintf(buf, sizeof buf, r >= 1e12 ? "%.3f T" : "%.3f G", r >= 1e12 ? r / 1e12 : r / 1e9);
      return std::string(buf);
    };
    std::printf("rate: %s relaxations/s (n^3 = %.4g)\n", show_rate(relax / median()).c_str(), relax);
    if (transfer() > 0)
      std::printf("transfers: %.6f s host<->device; without them %.6f s, %s relaxations/s\n", transfer(),
                  compute(), show_rate(relax / compute()).c_str());
  }
  // The same figures as --json keys.
  void set(hy::graph::report& r, const hy::graph::run_device& dev, double relax) const {
    r.set("build", dev.build).set("device", dev.label).set("device_kind", dev.kind);
    if (!dev.fallback.empty()) r.set("fallback", dev.fallback);
    r.set("time_s", median()).set("times_s", times);
    r.set("relaxations_per_s", relax / median()).set("transfer_s", transfer()).set("compute_s", compute());
    r.set("compute_relaxations_per_s", relax / compute()).set("load_s", load_s);
  }
};

// The kernels report rounds through a callback; the toolkit's progress line
// shows them (on a terminal redrawn, after 2 s; with --progress from the
// start, in a log as lines).
struct round_progress {
  const char* label;
  bool enabled;
  double delay;
  std::unique_ptr<hy::graph::progress> line;
};

inline void progress_cb(int done, int total, void* ctx) {
  auto* s = static_cast<round_progress*>(ctx);
  if (!s->enabled) return;
  if (!s->line) {
    s->line = std::make_unique<hy::graph::progress>(s->label, total, true);
    s->line->set_delay(s->delay);
  }
  s->line->update(done);
  if (done == total) s->line->finish();
}

}  // namespace fw

// delta: single-source shortest paths by Δ-stepping. The command-line driver
// around the annotated kernels of delta_kernels.cpp: reads or generates a
// graph with the toolkit's options, picks sources, chooses Δ, solves, times
// (MTEPS), checks against the toolkit's Dijkstra. Plain C++; hyc translates
// only the kernels.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <hy_graph/cli.hpp>
#include <hy_graph/reference.hpp>
#include <hy_graph/types.hpp>

#include "delta_kernels.hpp"

namespace {

using hy::graph::vid;
using clock_type = std::chrono::steady_clock;

constexpr int kExitOk = 0, kExitUsage = 1, kExitMismatch = 2;

struct options {
  hy::graph::graph_options g;   // the toolkit's options (sample_cli::common)
  std::int64_t source = -1;     // --source V (else --sources K drawn from --seed)
  std::string delta = "auto";   // --delta X | auto
  std::string sweep;            // --delta-sweep X,Y,...
  std::string algorithm = "worklist"; // --algorithm buckets|worklist
  bool per_source = false;      // --per-source: a line per source (time, checksum)
};

class cli : public hy::graph::sample_cli {
 public:
  explicit cli(options &o)
      : sample_cli("delta", "single-source shortest paths by delta-stepping (seed 002)"), o_(o) {
    add_int("source", "V", "one source vertex (0-based; default: --sources K drawn from --seed)",
            o.source, 0);
    add_string("delta", "X|auto",
               "bucket width: a positive number, or auto (default): the mean arc weight x 32 / the "
               "mean out-degree",
               o.delta);
    add_string("delta-sweep", "X,Y,...", "solve with each delta and print MTEPS per delta",
               o.sweep);
    add_string("algorithm", "buckets|worklist",
               "buckets: seed 002's form (a bucket index per vertex, every phase looks at all "
               "vertices); worklist (default): the current bucket and the later ones in worklists",
               o.algorithm);
    add_flag("per-source",
             "also print a line per source: its time and its checksum (the sum of its finite "
             "distances plus the vertices it reaches)",
             o.per_source);
  }

 private:
  void validate() override {
    sample_cli::validate();
    if (o_.algorithm != "buckets" && o_.algorithm != "worklist")
      throw hy::graph::usage_error("--algorithm must be buckets or worklist");
    if (o_.delta != "auto" && !(hy::graph::parse_double_value(o_.delta) > 0))
      throw hy::graph::usage_error("--delta must be positive or auto");
  }
  options &o_;
};

// The documented heuristic: Δ = mean weight x 32 / mean out-degree. For
// seed 002's R-MAT graphs (degree 32, weights U[0,1]) that is 0.5, the Δ the
// seed found best on its GPU; a larger degree gives a smaller Δ (more
// light arcs per vertex make the light phases longer).
template <class W>
W autoDelta(const hy::graph::csr<W> &g) {
  if (g.cols.empty())
    return W(1);
  double sum = 0;
  for (W w : g.weights)
    sum += static_cast<double>(w);
  const double meanW = sum / g.cols.size(), meanDeg = double(g.cols.size()) / g.n;
  const double d = meanW * 32.0 / std::max(1.0, meanDeg);
  if constexpr (std::is_integral_v<W>)
    return static_cast<W>(std::max(1.0, std::round(d)));
  else
    return static_cast<W>(d);
}

template <class W>
W parseDelta(const std::string &s, const hy::graph::csr<W> &g) {
  if (s == "auto")
    return autoDelta(g);
  const double d = hy::graph::parse_double_value(s);
  if constexpr (std::is_integral_v<W>)
    return static_cast<W>(std::max(1.0, std::floor(d)));
  else
    return static_cast<W>(d);
}

struct result {
  double seconds = 0; // median over --repeat
  ds::run_stats stats;
  long long reached = 0;
  double sum = 0;     // of the finite distances
};

// One source: a warm-up solve, then --repeat timed ones.
template <class W>
result solve(const ds::split_graph<W> &sg, vid src, int repeat, ds::worklist_space *ws,
             hy::array<W, 1> &dist) {
  result r;
  std::vector<double> times;
  for (int k = 0; k <= repeat; ++k) {
    ds::run_stats st;
    const auto t0 = clock_type::now();
    if (ws)
      ds::delta_worklist(sg, src, dist, *ws, st);
    else
      ds::delta_stepping(sg, src, dist, st);
    const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
    if (k > 0)
      times.push_back(s); // the first solve warms up (device copies, caches)
    r.stats = st;
  }
  std::sort(times.begin(), times.end());
  r.seconds = times[times.size() / 2];
  for (int v = 0; v < sg.n; ++v)
    if (!hy::graph::is_infinite(dist(v))) {
      ++r.reached;
      r.sum += static_cast<double>(dist(v));
    }
  return r;
}

template <class W>
int run(const options &o) {
  const hy::graph::csr<W> g = hy::graph::load_csr<W>(o.g);
  for (W w : g.weights)
    if (w < W(0))
      throw hy::graph::usage_error("delta-stepping needs non-negative weights");
  std::vector<vid> sources;
  if (o.source >= 0) {
    if (o.source >= g.n)
      throw hy::graph::usage_error("--source " + std::to_string(o.source) + " is not a vertex (n = " +
                                   std::to_string(g.n) + ")");
    sources.push_back(static_cast<vid>(o.source));
  } else {
    sources = hy::graph::pick_sources(g, o.g);
  }
  if (sources.empty())
    throw hy::graph::usage_error("the graph has no vertex with an out-arc to start from");
  std::printf("graph: %d vertices, %lld arcs%s\n", g.n, static_cast<long long>(g.num_arcs()),
              g.directed ? "" : " (undirected: both arcs of each edge)");

  std::vector<std::string> deltas;
  if (o.sweep.empty())
    deltas.push_back(o.delta);
  else {
    std::stringstream ss(o.sweep);
    for (std::string d; std::getline(ss, d, ',');)
      deltas.push_back(d);
  }
  int status = kExitOk;
  hy::array<W, 1> dist(g.n);
  for (const std::string &ds_text : deltas) {
    const W delta = parseDelta<W>(ds_text, g);
    const ds::split_graph<W> sg = ds::split(g, delta);
    ds::worklist_space ws;
    if (o.algorithm == "worklist")
      ws = ds::worklist_space(sg);
    double total = 0, checksum = 0;
    long long verified = 0;
    ds::run_stats last;
    for (vid s : sources) {
      const result r = solve(sg, s, static_cast<int>(o.g.repeat),
                               o.algorithm == "worklist" ? &ws : nullptr, dist);
      total += r.seconds;
      checksum += r.sum + r.reached;
      if (o.per_source)
        std::printf("source %d: delta %g, %.6f s, reached %lld, checksum %.17g\n", s,
                    static_cast<double>(delta), r.seconds, r.reached, r.sum + r.reached);
      last = r.stats;
      if (o.g.verify) {
        const std::vector<W> want = hy::graph::dijkstra(g, s);
        for (int v = 0; v < g.n; ++v)
          if (!(dist(v) == want[v])) {
            std::printf("verify: FAILED for source %d: dist(%d) = %g, Dijkstra gives %g\n", s, v,
                        static_cast<double>(dist(v)), static_cast<double>(want[v]));
            status = kExitMismatch;
            break;
          }
        ++verified;
      }
    }
    const double mean = total / sources.size();
    std::printf("%s, delta %g: %zu source(s), %.6f s per source, %.1f MTEPS (arcs / time), "
                "last source: %lld buckets, %lld light phases, %lld heavy phases, checksum %.17g\n",
                o.algorithm.c_str(), static_cast<double>(delta), sources.size(), mean,
                g.num_arcs() / mean / 1e6, last.buckets, last.light_phases, last.heavy_phases,
                checksum);
    if (o.g.verify && status == kExitOk)
      std::printf("verify: matches Dijkstra for %lld source(s)\n", verified);
  }
  return status;
}

} // namespace

int main(int argc, char **argv) {
  options o;
  try {
    cli c(o);
    if (!c.parse(argc, argv))
      return kExitOk; // --help
    o.g = c.common;
    if (o.g.weights.kind == hy::graph::weight_spec::real)
      return run<double>(o);
    return run<std::int32_t>(o);
  } catch (const hy::graph::usage_error &e) {
    std::fprintf(stderr, "delta: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "delta: error: %s\n", e.what());
    return kExitUsage;
  }
}

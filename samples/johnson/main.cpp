// johnson: all-pairs (or many-source) shortest paths by Johnson's algorithm.
// The command-line driver around the annotated kernels of
// johnson_kernels.cpp: reads or generates a graph with the toolkit's
// options, optionally makes edges negative by vertex potentials (as the FW
// sample's --negative does, same potentials), finds a negative cycle or the
// potentials, reweights, solves sources in batches by the chosen
// parallelisation and reports per-source summaries reduced on the device
// (eccentricity, closeness, diameter) and a checksum; the rows come back to
// the host only for --verify (Bellman-Ford per source), --output, --print
// and --path.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <hy_graph/cli.hpp>
#include <hy_graph/distance_file.hpp>
#include <hy_graph/random.hpp>
#include <hy_graph/reference.hpp>
#include <hy_graph/types.hpp>
#include <hy/device.hpp>
#include <hy/zones.hpp>

#include "johnson_kernels.hpp"

namespace {

using hy::graph::vid;
using clock_type = std::chrono::steady_clock;
constexpr int kExitOk = 0, kExitUsage = 1, kExitMismatch = 2, kExitNegCycle = 3;

struct options {
  hy::graph::graph_options g;
  std::int64_t negative = 0;     // --negative H
  std::int64_t source = -1;      // --source V
  bool all = false;              // --all-sources
  std::int64_t batch = 0;        // --batch K (0: by --budget)
  std::int64_t budget = 1 << 30; // bytes for a batch of rows
  std::string window = "per-vertex";
  std::string algorithm = "auto"; // --algorithm auto|frontier|heap|outer|inner
  std::string delta = "auto";         // --delta X|auto (frontier)
  std::string output;                 // --output FILE (the FW sample's matrix format)
  std::string summary;                // --summary FILE (per-source rows)
  bool print = false;
  std::int64_t path_u = -1, path_v = -1;
};

class cli : public hy::graph::sample_cli {
 public:
  explicit cli(options &o)
      : sample_cli("johnson", "all-pairs shortest paths by Johnson's algorithm (seed 001)"),
        o_(o) {
    add_int("negative", "H",
            "shift weights by vertex potentials in [0,H] (w(u,v) += p(u) - p(v)): negative "
            "edges, no new cycles; the FW sample's potentials",
            o.negative, 0);
    add_int("source", "V", "one source vertex (0-based)", o.source, 0);
    add_flag("all-sources", "every vertex is a source (APSP; default with --print or --path)",
             o.all);
    add_int("batch", "K", "sources solved together (default: as many as --budget holds)",
            o.batch, 1);
    add_int("budget", "BYTES", "memory for one batch of distance rows (default 1 GiB)",
            o.budget, 1);
    add_string("window", "per-vertex|min-weight",
               "how far past the smallest tentative distance a round settles: each vertex's "
               "least incoming weight (default) or the graph's least weight",
               o.window);
    add_string("algorithm", "auto|frontier|heap|outer|inner",
               "frontier: all sources of a batch run one near-far delta-stepping over (source, "
               "vertex) pairs; heap: a serial Dijkstra (binary heap) per source, sources in "
               "parallel; outer: seed 001's outer loop, a block per source settling every vertex "
               "within --window of the minimum each round; inner: seed 001's inner loop, one "
               "vertex a round, its arcs in parallel; auto (default): frontier where the kernels "
               "run on a GPU, heap on CPUs",
               o.algorithm);
    add_string("delta", "X|auto",
               "bucket width of the frontier form: a positive number, or auto (default): the mean "
               "reweighted arc weight x 32 / the mean out-degree, at least 1 for integers",
               o.delta);
    add_string("output", "FILE",
               "write the n x n distance matrix in the FW sample's result format (all sources; "
               "real weights are stored as float, as FW computes them)",
               o.output);
    add_string("summary", "FILE",
               "write one line per source: source, reachable vertices, sum of distances, "
               "eccentricity, closeness",
               o.summary);
    add_flag("print", "print the distance matrix (n <= 16)", o.print);
    add("path", 2, "U V", "print the length and the vertices of a shortest path U -> V",
        [&o](const std::vector<std::string> &v) {
          o.path_u = hy::graph::parse_int_value(v[0]);
          o.path_v = hy::graph::parse_int_value(v[1]);
        });
  }

 private:
  void validate() override {
    sample_cli::validate();
    if (o_.window != "per-vertex" && o_.window != "min-weight")
      throw hy::graph::usage_error("--window must be per-vertex or min-weight");
    if (o_.algorithm != "auto" && o_.algorithm != "frontier" && o_.algorithm != "heap" &&
        o_.algorithm != "outer" && o_.algorithm != "inner")
      throw hy::graph::usage_error("--algorithm must be auto, frontier, heap, outer or inner");
    if (o_.delta != "auto" && !(hy::graph::parse_double_value(o_.delta) > 0))
      throw hy::graph::usage_error("--delta must be positive or auto");
  }
  options &o_;
};

template <class W>
apsp::graph<W> toKernelGraph(const hy::graph::csr<W> &g, const options &o) {
  apsp::graph<W> k;
  k.n = g.n;
  k.off = hy::array<long long, 1>(g.n + 1);
  k.col = hy::array<int, 1>(g.cols.size());
  k.w = hy::array<W, 1>(g.cols.size());
  std::vector<long long> p(g.n, 0);
  if (o.negative > 0)
    for (vid v = 0; v < g.n; ++v)
      p[v] = static_cast<long long>(hy::graph::splitmix64(0x5eedull + v) %
                                    static_cast<std::uint64_t>(o.negative + 1));
  for (vid u = 0; u <= g.n; ++u)
    k.off(u) = g.offsets[u];
  for (vid u = 0; u < g.n; ++u)
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      k.col(e) = g.cols[e];
      k.w(e) = static_cast<W>(g.weights[e] + static_cast<W>(p[u]) - static_cast<W>(p[g.cols[e]]));
    }
  return k;
}

// A negative cycle, found serially (the error path): Bellman-Ford with
// predecessors from the added vertex, then n steps back from a vertex that
// still changed lands on the cycle.
template <class W>
std::vector<int> negativeCycle(const apsp::graph<W> &g) {
  std::vector<W> d(g.n, W(0));
  std::vector<int> pred(g.n, -1);
  int last = -1;
  for (int round = 0; round <= g.n; ++round) {
    last = -1;
    for (int u = 0; u < g.n; ++u)
      for (long long e = g.off(u); e < g.off(u + 1); ++e)
        if (d[u] + g.w(e) < d[g.col(e)]) {
          d[g.col(e)] = d[u] + g.w(e);
          pred[g.col(e)] = u;
          last = g.col(e);
        }
    if (last < 0)
      return {};
  }
  int v = last;
  for (int i = 0; i < g.n; ++i)
    v = pred[v];
  std::vector<int> cycle{v};
  for (int u = pred[v]; u != v; u = pred[u])
    cycle.push_back(u);
  std::reverse(cycle.begin(), cycle.end());
  return cycle;
}

template <class W>
bool close(W a, W b) {
  if constexpr (std::is_floating_point_v<W>) {
    if (hy::graph::is_infinite(a) || hy::graph::is_infinite(b))
      return hy::graph::is_infinite(a) && hy::graph::is_infinite(b);
    return std::fabs(a - b) <= 1e-9 * std::max<W>(1, std::fabs(b));
  } else {
    return a == b;
  }
}

// Δ of the frontier form: --delta X, or the mean reweighted arc weight x 32
// / the mean out-degree (the Δ-stepping sample's heuristic), at least 1 for
// integers and positive for reals.
template <class W>
W parseDelta(const std::string &text, const apsp::graph<W> &g2) {
  double d;
  if (text == "auto") {
    double sum = 0;
    const long long m = static_cast<long long>(g2.w.size());
    for (long long e = 0; e < m; ++e)
      sum += static_cast<double>(g2.w(e));
    const double meanW = m ? sum / m : 1.0, meanDeg = g2.n ? double(m) / g2.n : 1.0;
    d = meanW * 32.0 / std::max(1.0, meanDeg);
    if (!(d > 0))
      d = 1e-9;
  } else {
    d = hy::graph::parse_double_value(text);
  }
  if constexpr (std::is_integral_v<W>)
    return static_cast<W>(std::min(1e9, std::max(1.0, std::round(d))));
  else
    return static_cast<W>(d);
}

template <class W>
int run(const options &o) {
  // Every zone (MPI rank; solve_batches spreads the batches over them)
  // runs this driver on the same graph; zone 0 prints and writes files.
  const bool leader = hy::zones::leader();
  if (!leader && !std::freopen("/dev/null", "w", stdout))
    throw std::runtime_error("cannot silence stdout");
  hy::graph::graph_options go = o.g;
  go.policy.self_loops = hy::graph::self_loop_policy::keep; // a negative loop is a negative cycle
  const hy::graph::csr<W> csr = hy::graph::load_csr<W>(go);
  const apsp::graph<W> g = toKernelGraph(csr, o);
  const int n = g.n;
  std::printf("graph: %d vertices, %lld arcs%s\n", n, static_cast<long long>(csr.num_arcs()),
              o.negative ? ", reweighted by potentials (negative edges)" : "");

  const auto t0 = clock_type::now();
  hy::array<W, 1> h(n);
  long long bfRounds = 0;
  if (!apsp::potentials(g, h, bfRounds)) {
    const std::vector<int> c = negativeCycle(g);
    std::printf("negative cycle: %zu vertices:", c.size());
    for (int v : c)
      std::printf(" %d", v + 1);
    std::printf(" (1-based)\n");
    return kExitNegCycle;
  }
  apsp::graph<W> g2;
  g2.n = n;
  g2.off = g.off;
  g2.col = g.col;
  g2.w = hy::array<W, 1>(g.w.size());
  hy::array<W, 1> minIn(n);
  apsp::reweight(g, h, g2, minIn);
  const double prepSeconds = std::chrono::duration<double>(clock_type::now() - t0).count();

  std::vector<vid> sources;
  if (o.source >= 0) {
    if (o.source >= n)
      throw hy::graph::usage_error("--source " + std::to_string(o.source) + " is not a vertex");
    sources.push_back(static_cast<vid>(o.source));
  } else if (o.all || o.print || o.path_u >= 0 || !o.output.empty()) {
    for (vid v = 0; v < n; ++v)
      sources.push_back(v);
  } else {
    sources = hy::graph::pick_sources(csr, o.g);
  }
  if (o.print && n > 16)
    throw hy::graph::usage_error("--print needs n <= 16");
  if (!o.output.empty() && o.source >= 0)
    throw hy::graph::usage_error("--output writes the whole matrix: drop --source");
  const std::string algorithm =
      o.algorithm != "auto" ? o.algorithm : hy::device().gpu ? "frontier" : "heap";
  const bool frontier = algorithm == "frontier", heap = algorithm == "heap";
  // Bytes per (source, vertex) pair of a batch: the distance, and a settled
  // flag (outer, inner), a claim stamp and four worklist slots (frontier) or
  // a heap slot and a position (heap).
  const long long pairBytes = frontier ? sizeof(W) + 4 + 4 * 4 : heap ? sizeof(W) + 8 : sizeof(W) + 1;
  long long most = o.batch ? o.batch : o.budget / std::max(1LL, pairBytes * n);
  if (frontier)
    most = std::min<long long>(most, std::numeric_limits<int>::max() / std::max(1, n));
  const int batch = static_cast<int>(
      std::max<long long>(1, std::min<long long>(static_cast<long long>(sources.size()), most)));
  const apsp::window win = o.window == "min-weight" ? apsp::window::min_weight : apsp::window::per_vertex;
  const W delta = frontier ? parseDelta(o.delta, g2) : W(0);
  const bool needRows = o.print || o.path_u >= 0 || !o.output.empty() || o.g.verify;

  double checksum = 0, solveSeconds = 0;
  W diameter = W(0);
  long long rounds = 0, reachedPairs = 0, verified = 0;
  int status = kExitOk;
  std::vector<std::vector<W>> kept; // --print / --path
  std::ofstream out, summary;
  if (!o.output.empty() && leader) {
    out.open(o.output, std::ios::binary);
    if (!out)
      throw std::runtime_error("cannot write '" + o.output + "'");
    hy::graph::write_distance_header<W>(out, static_cast<std::uint64_t>(n));
  }
  if (!o.summary.empty() && leader) {
    summary.open(o.summary);
    if (!summary)
      throw std::runtime_error("cannot write '" + o.summary + "'");
    summary << "# source reachable sum_of_distances eccentricity closeness (1-based sources)\n";
  }
  // The batches (over all zones, solve_batches), then their results in
  // order.
  const apsp::method method = frontier ? apsp::method::frontier
                           : heap   ? apsp::method::heap
                           : algorithm == "inner" ? apsp::method::inner
                                                  : apsp::method::outer;
  apsp::batch_results<W> res;
  const auto t1 = clock_type::now();
  rounds = apsp::solve_batches(g2, h, minIn, std::vector<int>(sources.begin(), sources.end()), batch,
                               method, win, delta, needRows, res);
  solveSeconds = std::chrono::duration<double>(clock_type::now() - t1).count();
  std::vector<W> outRow(needRows ? n : 0);
  for (std::size_t first = 0; first < sources.size(); first += batch) {
    const int k = static_cast<int>(std::min<std::size_t>(batch, sources.size() - first));
    const int t = static_cast<int>(first / batch);
    for (int b = 0; b < k; ++b) {
      const long long r = res.reached(t, b);
      const double sum = res.sum(t, b);
      reachedPairs += r;
      checksum += sum;
      diameter = std::max(diameter, res.ecc(t, b));
      if (summary.is_open()) {
        // Wasserman-Faust closeness of the distances from s (NetworkX's
        // closeness_centrality of the reversed graph): (r-1)/sum x (r-1)/(n-1).
        const double c = r > 1 && sum > 0 ? (r - 1) / sum * (r - 1) / std::max(1, n - 1) : 0.0;
        summary << sources[first + b] + 1 << ' ' << r << ' ' << sum << ' '
                << static_cast<double>(res.ecc(t, b)) << ' ' << c << '\n';
      }
    }
    if (!needRows)
      continue;
    for (int b = 0; b < k; ++b) {
      const vid s = sources[first + b];
      std::vector<W> &row = outRow;
      for (int v = 0; v < n; ++v) {
        const W d = res.rows(t, b, v);
        row[v] = hy::graph::is_infinite(d) ? d : static_cast<W>(d - h(s) + h(v));
      }
      if (o.g.verify && verified < 64) {
        hy::graph::csr<W> shifted = csr;
        for (std::size_t e = 0; e < shifted.cols.size(); ++e)
          shifted.weights[e] = g.w(e);
        const auto want = hy::graph::bellman_ford(shifted, s);
        for (int v = 0; v < n && status == kExitOk; ++v)
          if (!close(row[v], want.dist[v])) {
            std::printf("verify: FAILED: d(%d, %d) = %g, Bellman-Ford gives %g\n", s + 1, v + 1,
                        static_cast<double>(row[v]), static_cast<double>(want.dist[v]));
            status = kExitMismatch;
          }
        ++verified;
      }
      if (out.is_open())
        hy::graph::write_distance_row(out, row.data(), row.size());
      if (o.print || o.path_u >= 0)
        kept.push_back(row);
    }
  }
  if (out.is_open()) {
    out.close();
    if (!out)
      throw std::runtime_error("error writing '" + o.output + "'");
  }
  std::printf("potentials: %lld Bellman-Ford rounds; %.6f s with reweighting\n", bfRounds,
              prepSeconds);
  std::string how = algorithm;
  if (frontier)
    how += ", delta " + std::to_string(static_cast<double>(delta));
  else if (algorithm == "outer")
    how += ", window: " + o.window;
  std::printf("sources: %zu in batches of %d, %.6f s (%.1f sources/s), at most %lld %s per "
              "batch (%s)\n",
              sources.size(), batch, solveSeconds, sources.size() / std::max(1e-12, solveSeconds),
              rounds, frontier ? "phases" : heap ? "vertices settled per source" : "rounds per source",
              how.c_str());
  {
    // Per batch: enough to compare two runs of one command batch by batch.
    const std::size_t nb = res.seconds.size();
    std::vector<double> secs(res.seconds.data(), res.seconds.data() + nb);
    std::vector<long long> rs(res.rounds.data(), res.rounds.data() + nb);
    std::sort(secs.begin(), secs.end());
    std::sort(rs.begin(), rs.end());
    if (nb)
      std::printf("batches: %zu; seconds per batch min %.6f median %.6f max %.6f; %s per batch min "
                  "%lld median %lld max %lld\n",
                  nb, secs.front(), secs[nb / 2], secs.back(),
                  frontier ? "phases" : heap ? "vertices settled per source" : "rounds per source",
                  rs.front(), rs[nb / 2], rs.back());
  }
  std::printf("reachable pairs: %lld; diameter (largest finite distance): %g; checksum %.17g\n",
              reachedPairs, static_cast<double>(diameter), checksum);
  if (o.print)
    for (const auto &row : kept) {
      for (W d : row)
        hy::graph::is_infinite(d) ? std::printf("  inf") : std::printf(" %4g", static_cast<double>(d));
      std::printf("\n");
    }
  if (o.path_u >= 0) {
    const long long u = o.path_u - 1, v = o.path_v - 1;
    if (u < 0 || v < 0 || u >= n || v >= n)
      throw hy::graph::usage_error("--path: vertices are 1..n");
    const std::vector<W> &du = kept[u];
    if (hy::graph::is_infinite(du[v])) {
      std::printf("path %lld -> %lld: unreachable\n", u + 1, v + 1);
    } else {
      // Walk back from v along arcs that are tight in d(u, .).
      std::vector<long long> path{v};
      for (long long x = v; x != u && x >= 0 && static_cast<int>(path.size()) <= n;) {
        long long prev = -1;
        for (int y = 0; y < n && prev < 0; ++y)
          for (long long e = g.off(y); e < g.off(y + 1); ++e)
            if (g.col(e) == x && !hy::graph::is_infinite(du[y]) && close<W>(du[y] + g.w(e), du[x]) &&
                y != x) {
              prev = y;
              break;
            }
        x = prev;
        path.push_back(x);
      }
      std::printf("path %lld -> %lld: length %g, %zu edges:", u + 1, v + 1,
                  static_cast<double>(du[v]), path.size() - 1);
      for (auto it = path.rbegin(); it != path.rend(); ++it)
        std::printf(" %lld", *it + 1);
      std::printf("\n");
    }
  }
  if (o.g.verify && status == kExitOk)
    std::printf("verify: matches Bellman-Ford for %lld source(s)\n", verified);
  return status;
}

} // namespace

int main(int argc, char **argv) {
  options o;
  try {
    cli c(o);
    if (!c.parse(argc, argv))
      return kExitOk;
    o.g = c.common;
    if (o.g.weights.kind == hy::graph::weight_spec::real)
      return run<double>(o);
    return run<std::int32_t>(o);
  } catch (const hy::graph::usage_error &e) {
    std::fprintf(stderr, "johnson: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "johnson: error: %s\n", e.what());
    return kExitUsage;
  }
}

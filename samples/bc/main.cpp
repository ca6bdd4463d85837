// bc: betweenness centrality by Brandes' algorithm, in seed 003's three GPU
// designs (Shi, Jia, Sriram) and a batched frontier-queue design. The
// command-line driver around the annotated kernels: reads or generates a
// graph with the toolkit's options, chooses the sources and the design,
// reports the memory the design needs before it starts (and refuses what
// does not fit), times the run, scales the sums as NetworkX does, prints
// the top vertices, writes the vector, and checks it against the toolkit's
// reference Brandes. Plain C++; hyc translates only the kernels.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <hy_graph/cli.hpp>
#include <hy_graph/reference.hpp>
#include <hy_graph/report.hpp>
#include <hy_graph/run_device.hpp>
#include <hy_graph/timing.hpp>
#include <hy/zones.hpp>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "bc_kernels.hpp"
#include "bc_memory.hpp"
#include "bc_scale.hpp"

namespace {

namespace g = hy::graph;
constexpr int kExitOk = 0, kExitUsage = 1, kExitMismatch = 2, kExitMemory = 4;

struct options {
  g::graph_options g;
  std::string sources = "all";
  std::string algorithm = "auto";
  std::string direction; // push, pull, auto; empty: the device's default
  bool levelTrace = false;
  double alpha = bc::direction().alpha, beta = bc::direction().beta;
  bool normalized = false, endpoints = false, weighted = false;
  std::int64_t top = 10, batch = 0, memory = 0, threads = 0;
  std::string output;
};

class cli : public g::sample_cli {
 public:
  explicit cli(options &o) : sample_cli("bc", "betweenness centrality, Brandes (seed 003)"), o_(o) {
    set_positional("INPUT", "the graph file (as --input)", [this](const std::vector<std::string> &v) {
      if (!common.input.empty())
        throw g::usage_error("more than one input file ('" + common.input + "', '" + v[0] + "')");
      common.input = v[0];
    });
    replace("sources",
            "SPEC: all (default, exact BC), random:K or K (K vertices drawn from --seed; the "
            "estimate scaled as NetworkX's k=), nonisolated:K (K vertices with arcs, as GAP "
            "picks them), list:V,V,... or file:PATH (0-based)",
            [&o](const std::vector<std::string> &v) { o.sources = v[0]; });
    add_string("algorithm", "NAME",
               "shi | jia | sriram (seed 003's designs) | batched (frontier queues over "
               "batches of sources) | auto (default: the design that is fastest on a probe of "
               "the sources, measured; a model of graph shape and memory when the probes would "
               "cost more than a quarter of the run)",
               o.algorithm);
    add_string("direction", "MODE",
               "the batched design's BFS levels: push (the frontier walks its arcs), pull "
               "(unreached vertices look for parents; undirected graphs) or auto (Beamer's rule "
               "with --alpha and --beta; the default on the CPU; the GPU's default is push until "
               "pull steps are measured there)",
               o.direction);
    add_double("alpha", "A",
               "--direction auto: pull from the level whose frontier has more than 1/A of the "
               "unreached vertices' arcs (default 2)",
               o.alpha);
    add_double("beta", "B",
               "--direction auto: push again from a shrinking frontier of fewer than 1/B of the "
               "batch's vertices (default 24)",
               o.beta);
    add_flag("level-trace",
             "print each BFS level of the batched design to stderr: push or pull, frontier "
             "pairs, m_f, m_u, milliseconds",
             o.levelTrace);
    add_flag("normalized", "scale as NetworkX's normalized=True", o.normalized);
    add_flag("endpoints", "count the ends of each path (NetworkX's endpoints=True)", o.endpoints);
    add_flag("weighted", "shortest paths by weight (positive weights; batched design)",
             o.weighted);
    add_int("top", "K", "print the K most central vertices (default 10; 0: none)", o.top, 0);
    add_string("output", "FILE", "write every vertex's value, one 'vertex value' line each",
               o.output);
    add_int("batch", "K", "sources per batch of the batched design (default: by memory)",
            o.batch, 1);
    add_int("memory", "BYTES", "memory a run may use (default: the device's or the host's)",
            o.memory, 1);
    add_int("threads", "T",
            "Shi's threads per block; fixed when the kernels are translated "
            "(-DHY_BC_SHI_THREADS=T), so T must be the built value",
            o.threads, 1);
  }

 private:
  void validate() override {
    sample_cli::validate();
    const std::string &a = o_.algorithm;
    if (a != "auto" && a != "shi" && a != "jia" && a != "sriram" && a != "batched")
      throw g::usage_error("--algorithm must be shi, jia, sriram, batched or auto");
    const std::string &dir = o_.direction;
    if (!dir.empty() && dir != "auto" && dir != "push" && dir != "pull")
      throw g::usage_error("--direction must be push, pull or auto");
    if (!(o_.alpha > 0) || !(o_.beta > 0))
      throw g::usage_error("--alpha and --beta must be positive");
    if (o_.threads && o_.threads != bc::shi_threads())
      throw g::usage_error("--threads " + std::to_string(o_.threads) + ": this build's Shi kernels have " +
                           std::to_string(bc::shi_threads()) +
                           " threads per block (hy sizes a block when it translates; rebuild "
                           "with -DHY_BC_SHI_THREADS=" + std::to_string(o_.threads) + ")");
  }
  options &o_;
};

int cpuThreads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

std::string fmt(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

std::string bytes(long long b) {
  char buf[64];
  if (b >= 1LL << 30)
    std::snprintf(buf, sizeof buf, "%lld bytes (%.2f GiB)", b, b / 1073741824.0);
  else
    std::snprintf(buf, sizeof buf, "%lld bytes (%.2f MiB)", b, b / 1048576.0);
  return buf;
}

// The kernels' graph: the edge list or the adjacency lists the design reads.
template <class W>
bc::graph kernelGraph(const g::csr<W> &c, bc::design d) {
  bc::graph k;
  k.n = c.n;
  k.m = static_cast<long long>(c.cols.size());
  k.undirected = !c.directed;
  if (d == bc::design::shi || d == bc::design::jia) {
    k.src = hy::array<int, 1>(k.m);
    k.dst = hy::array<int, 1>(k.m);
    for (int u = 0; u < c.n; ++u)
      for (auto e = c.offsets[u]; e < c.offsets[u + 1]; ++e) {
        k.src(e) = u;
        k.dst(e) = c.cols[e];
      }
  } else {
    k.off = hy::array<long long, 1>(c.n + 1);
    k.col = hy::array<int, 1>(k.m);
    for (int u = 0; u <= c.n; ++u)
      k.off(u) = c.offsets[u];
    for (long long e = 0; e < k.m; ++e)
      k.col(e) = c.cols[e];
  }
  return k;
}

template <class W>
bc::shape shapeOf(const g::csr<W> &c, bool weighted) {
  bc::shape s;
  s.n = c.n;
  s.m = static_cast<long long>(c.cols.size());
  for (int v = 0; v < c.n; ++v) {
    const auto deg = c.offsets[v + 1] - c.offsets[v];
    s.heavy32 += deg >= bc::kWarpDegree && deg < bc::kBlockDegree;
    s.heavy1024 += deg >= bc::kBlockDegree;
  }
  s.weightBytes = weighted ? static_cast<int>(sizeof(W)) : 0;
  return s;
}

// Levels of a BFS from the vertex of largest degree: the depth estimate auto uses.
template <class W>
int estimateLevels(const g::csr<W> &c) {
  if (c.n == 0)
    return 1;
  int hub = 0;
  for (int v = 1; v < c.n; ++v)
    if (c.offsets[v + 1] - c.offsets[v] > c.offsets[hub + 1] - c.offsets[hub])
      hub = v;
  const std::vector<g::vid> lv = g::bfs_levels(c, hub);
  return 1 + *std::max_element(lv.begin(), lv.end());
}

// --algorithm auto by measurement: every design that fits runs a probe of
// the first sources twice (a warm-up, then timed) into a scratch vector,
// and the fastest per source is chosen. The multi-source designs' probe is
// one batch of the batched design (at least 8 sources), so that each runs
// with the parallelism it has on the whole run; Shi's is 4 sources. On an
// idle 2-CPU machine (BA n = 3000, m = 5) probes of 8 sources gave every
// design's per-source time within 10 % of a run over all sources (Shi's
// within 1.5x). Returns false (the model decides) when the probes would be
// more than a quarter of the run's work, or with several zones (each would
// measure alone, and the zones could choose differently).
template <class W>
bool measureDesign(const g::csr<W> &c, const hy::array<W, 1> &w, const options &o, const bc::shape &s,
                   const bc::source_set &sources, const bc::budget &avail, bool gpu,
                   bc::direction dir, bc::design &best, std::string &why) {
  const long long k = static_cast<long long>(sources.list.size());
  const long long batch = std::max(1LL, bc::choose_batch(s, k, o.batch, avail, gpu, cpuThreads()));
  const long long probe = std::min(k, std::max(8LL, batch));
  struct candidate {
    bc::design d;
    long long probe;
  };
  std::vector<candidate> fit;
  for (bc::design d : {bc::design::shi, bc::design::jia, bc::design::sriram, bc::design::batched}) {
    const long long rows = d == bc::design::shi ? 1 : d == bc::design::batched ? batch : k;
    if (bc::memory_need(d, s, rows).bytes <= avail.bytes)
      fit.push_back({d, d == bc::design::shi ? std::min(k, 4LL) : probe});
  }
  long long probes = 0;
  for (const candidate &x : fit)
    probes += 2 * x.probe;
  if (fit.size() < 2 || 4 * probes > k || hy::zones::init().size > 1)
    return false;
  if (c.directed)
    dir.mode = bc::direction::push; // pulls read in-arcs: undirected graphs only
  dir.trace = false;
  std::ostringstream text;
  text << "measured, ms per source (sources probed):";
  double bestTime = -1;
  for (const candidate &x : fit) {
    const bc::graph kg = kernelGraph(c, x.d);
    bc::workspace ws;
    const long long rows = x.d == bc::design::shi ? 1 : x.d == bc::design::batched ? std::min(batch, x.probe) : x.probe;
    bc::prepare(ws, x.d, c.n, static_cast<int>(rows), s.weightBytes, s.heavy32, s.heavy1024);
    hy::array<double, 1> scratch(c.n);
    bc::run_info info;
    double seconds = 0;
    for (int round = 0; round < 2; ++round) {
      const double t0 = g::now_seconds();
      bc::run_sources(x.d, kg, w, o.weighted, sources.list.data(), static_cast<int>(x.probe), o.endpoints,
                      dir, ws, scratch, info);
      (void)scratch(0); // on the host: a GPU's work is done
      seconds = g::now_seconds() - t0;
    }
    const double perSource = seconds / static_cast<double>(x.probe);
    char buf[64];
    std::snprintf(buf, sizeof buf, " %s %.3g (%lld)", bc::name(x.d), perSource * 1e3, x.probe);
    text << buf;
    if (bestTime < 0 || perSource < bestTime) {
      bestTime = perSource;
      best = x.d;
    }
  }
  why = text.str();
  return true;
}

template <class W>
int run(const options &o) {
  // Every zone (MPI rank, bc_zones.cpp) runs this driver on the same graph
  // and sources; zone 0 prints and writes files.
  const bool leader = hy::zones::leader();
  if (!leader && !std::freopen("/dev/null", "w", stdout))
    throw std::runtime_error("cannot silence stdout");
  const g::csr<W> c = g::load_csr<W>(o.g);
  if (o.weighted)
    for (W x : c.weights)
      if (!(x > W(0)))
        throw g::usage_error("--weighted needs positive weights");
  bc::source_set sources;
  if (o.sources.rfind("nonisolated:", 0) == 0) { // the toolkit's (and GAP's) source picker
    const std::vector<g::vid> picked = g::pick_sources(c, g::parse_int_value(o.sources.substr(12)), o.g.seed);
    sources.list.assign(picked.begin(), picked.end());
    sources.sampled = static_cast<int>(picked.size()) < c.n;
    if (picked.empty())
      throw g::usage_error("--sources " + o.sources + ": no vertex has an arc");
  } else {
    sources = bc::choose_sources(o.sources, c.n, o.g.seed);
  }
  const int k = static_cast<int>(sources.list.size());
  const bc::shape s = shapeOf(c, o.weighted);
  const g::run_device dev = g::current_device();
  const bc::budget avail = bc::available_memory(o.memory);
  std::printf("graph: %d vertices, %lld arcs, %s%s; %d source(s)%s\n", c.n, s.m,
              c.directed ? "directed" : "undirected (both arcs of each edge)",
              o.weighted ? ", weighted" : "", k, sources.sampled ? " (a sample)" : "");
  std::printf("device: %s\n", dev.label.c_str());

  // The batched BFS's direction (bc_kernels.hpp): pulls read in-arcs, which
  // only an undirected graph's CSR holds (its out-arcs).
  bc::direction dir;
  // The default: auto on the CPU, where pulls were measured (samples/bc/
  // README.md); push on the GPU until pulls have been measured there.
  const bool gpuDefault = o.direction.empty() && dev.kind == "gpu";
  dir.mode = o.direction == "push" || gpuDefault ? bc::direction::push
             : o.direction == "pull" ? bc::direction::pull
                                     : bc::direction::automatic;
  dir.alpha = o.alpha;
  dir.beta = o.beta;
  dir.trace = o.levelTrace;
  hy::array<W, 1> w(o.weighted ? c.cols.size() : 0);
  for (std::size_t e = 0; e < w.size(); ++e)
    w(e) = c.weights[e];
  bc::design d = bc::design::batched;
  if (o.algorithm == "auto") {
    std::string why, measured;
    d = bc::choose_design(s, k, estimateLevels(c), dev.kind == "gpu", cpuThreads(), avail, why);
    if (!o.weighted && measureDesign(c, w, o, s, sources, avail, dev.kind == "gpu", dir, d, measured))
      why = measured + "; the model's " + why;
    std::printf("algorithm: %s (auto: %s)\n", bc::name(d), why.c_str());
  } else {
    for (bc::design x : {bc::design::shi, bc::design::jia, bc::design::sriram, bc::design::batched})
      if (o.algorithm == bc::name(x))
        d = x;
    std::printf("algorithm: %s\n", bc::name(d));
  }
  if (o.weighted && d != bc::design::batched)
    throw g::usage_error(std::string("--weighted: ") + bc::name(d) +
                         " is a BFS design (seed 003); use --algorithm batched or auto");
  if (d == bc::design::shi)
    std::printf("threads per block: %d (HY_BC_SHI_THREADS)\n", bc::shi_threads());
  if (dir.mode == bc::direction::pull && (c.directed || o.weighted || d != bc::design::batched))
    throw g::usage_error("--direction pull: pull steps are the batched design's, on an "
                         "unweighted undirected graph (they read a vertex's in-arcs as its "
                         "out-arcs)");
  if (d == bc::design::batched && !o.weighted)
    std::printf("direction: %s%s\n",
                c.directed ? "push (a directed graph: pull steps need in-arcs)"
                : dir.mode == bc::direction::automatic ? "auto"
                : gpuDefault ? "push (the GPU's default until pull steps are measured there; "
                               "--direction auto to try them)"
                             : o.direction.c_str(),
                dir.mode == bc::direction::automatic && !c.directed
                    ? (" (pull from m_f > m_u / " + fmt(dir.alpha) + ", push again from n_f < rows n / " +
                       fmt(dir.beta) + ")").c_str()
                    : "");

  long long rows = d == bc::design::shi ? 1 : k;
  if (d == bc::design::batched) {
    rows = bc::choose_batch(s, k, o.batch, avail, dev.kind == "gpu", cpuThreads());
    const long long wanted = std::min<long long>(o.batch ? o.batch : rows, k);
    if (rows > 0 && o.batch && rows < wanted)
      std::printf("batch: --batch %lld needs %s; %s available: %lld sources per batch instead\n",
                  static_cast<long long>(o.batch),
                  bytes(bc::memory_need(d, s, wanted).bytes).c_str(), bytes(avail.bytes).c_str(), rows);
  }
  const bc::need need = bc::memory_need(d, s, std::max(1LL, rows));
  std::printf("memory: %s needs %s = %s (k = %lld sources at once, h = %lld heavy vertices)\n",
              bc::name(d), bytes(need.bytes).c_str(), need.formula.c_str(), std::max(1LL, rows),
              s.heavy32 + s.heavy1024);
  if (need.seedBytes >= 0)
    std::printf("memory: seed 003's formula for %s: %s = %s (4-byte entries, all n sources)\n",
                bc::name(d), need.seedFormula.c_str(), bytes(need.seedBytes).c_str());
  std::printf("memory: %s available (%s)\n", bytes(avail.bytes).c_str(), avail.where.c_str());
  if (rows == 0 || need.bytes > avail.bytes) {
    std::fprintf(stderr,
                 "bc: %s needs %s for this graph (n = %d, m = %lld%s) but %s are available (%s)%s\n",
                 bc::name(d), bytes(need.bytes).c_str(), c.n, s.m,
                 d == bc::design::jia || d == bc::design::sriram
                     ? (", " + std::to_string(k) + " sources at once").c_str()
                     : "",
                 bytes(avail.bytes).c_str(), avail.where.c_str(),
                 d == bc::design::batched ? " (even one source per batch does not fit)"
                                          : "; --algorithm batched runs sources in batches that fit");
    return kExitMemory;
  }

  const bc::graph kg = kernelGraph(c, d);
  bc::workspace ws;
  bc::prepare(ws, d, c.n, static_cast<int>(rows), s.weightBytes, s.heavy32, s.heavy1024);
  const long long allocated = ws.bytes() +
                              static_cast<long long>(kg.src.size() + kg.dst.size() + kg.col.size()) * 4 +
                              static_cast<long long>(kg.off.size()) * 8 +
                              static_cast<long long>(w.size() * sizeof(W)) + 8LL * c.n;
  std::printf("memory: allocated %s, %s\n", bytes(allocated).c_str(),
              allocated == need.bytes ? "as the formula says" : "NOT what the formula says");
  if (allocated != need.bytes)
    return kExitMismatch;

  // Warm-up on one source (one batch for the batched design): the device
  // copies of every array are made and the kernels loaded; then the timed
  // runs over all sources.
  hy::array<double, 1> bc(c.n);
  bc::run_info info;
  const int warm = static_cast<int>(std::min<long long>(k, d == bc::design::batched ? rows : 1));
  bc::run_sources(d, kg, w, o.weighted, sources.list.data(), warm, o.endpoints, dir, ws, bc, info);
  const g::timing_result t = g::time_repeated(
      [&] {
        bc.fill(0.0);
        info = bc::run_info();
        bc::run_sources(d, kg, w, o.weighted, sources.list.data(), k, o.endpoints, dir, ws, bc, info);
      },
      static_cast<int>(o.g.repeat), 0);
  std::vector<double> sums(bc.data(), bc.data() + c.n);

  int status = kExitOk;
  double worst = 0;
  if (o.g.verify) {
    const std::vector<double> want =
        g::betweenness_sums(c, o.weighted, std::vector<g::vid>(sources.list.begin(), sources.list.end()),
                            o.endpoints);
    int at = -1;
    for (int v = 0; v < c.n; ++v) {
      const double diff = std::fabs(sums[v] - want[v]), scale = std::max(std::fabs(sums[v]), std::fabs(want[v]));
      const double rel = scale > 0 ? diff / scale : 0;
      if (rel > worst) {
        worst = rel;
        at = v;
      }
    }
    if (worst > 1e-9) {
      std::printf("verify: FAILED: vertex %d: %.17g, the reference Brandes gives %.17g (relative %.3g)\n", at,
                  sums[at], want[at], worst);
      status = kExitMismatch;
    } else {
      std::printf("verify: matches the reference Brandes for %d source(s) (max relative difference %.3g)\n", k,
                  worst);
    }
  }
  std::vector<double> values = sums;
  bc::rescale(values, c.n, c.directed, o.normalized, o.endpoints, sources);
  double checksum = 0;
  for (double x : values)
    checksum += std::isnan(x) ? 0 : x;

  g::report r("bc");
  r.set("algorithm", bc::name(d)).set("device", dev.label).set("n", c.n).set("arcs", s.m);
  r.set("sources", k).set("batch", rows).set("batches", info.batches).set("depth", info.depth);
  if (d == bc::design::batched && !o.weighted)
    r.set("levels", info.levels).set("pull_levels", info.pulls);
  r.set("memory_bytes", need.bytes).set_timing("time", t);
  r.set("per_source_s", t.median / k).set("mteps", s.m * static_cast<double>(k) / t.median / 1e6);
  r.set("checksum", checksum);
  if (o.g.verify)
    r.set("verified", status == kExitOk).set("max_relative_difference", worst);
  r.print(std::cout, o.g.json);

  if (o.top > 0 && !o.g.json) {
    std::vector<int> order(c.n);
    std::iota(order.begin(), order.end(), 0);
    const std::size_t top = std::min<std::size_t>(o.top, order.size());
    std::partial_sort(order.begin(), order.begin() + top, order.end(), [&](int a, int b) {
      const double x = std::isnan(values[a]) ? -1 : values[a], y = std::isnan(values[b]) ? -1 : values[b];
      return x > y || (x == y && a < b);
    });
    std::printf("top %zu:\n", top);
    for (std::size_t i = 0; i < top; ++i)
      std::printf("  %8d  %.10g\n", order[i], values[order[i]]);
  }
  if (!o.output.empty() && leader) {
    std::ofstream out(o.output);
    if (!out)
      throw std::runtime_error("cannot write " + o.output);
    char line[64];
    for (int v = 0; v < c.n; ++v) {
      std::snprintf(line, sizeof line, "%d %.17g\n", v, values[v]);
      out << line;
    }
    if (!out)
      throw std::runtime_error("writing " + o.output + " failed");
  }
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
    // Integer weights when weighted by int:W (exact ties); any file loads
    // as double when the weights do not matter.
    if (o.weighted && o.g.weights.kind != g::weight_spec::real)
      return run<std::int32_t>(o);
    return run<double>(o);
  } catch (const g::usage_error &e) {
    std::fprintf(stderr, "bc: %s\n", e.what());
    return kExitUsage;
  } catch (const std::invalid_argument &e) {
    std::fprintf(stderr, "bc: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "bc: error: %s\n", e.what());
    return kExitUsage;
  }
}

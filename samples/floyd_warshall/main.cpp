// fw: all-pairs shortest paths by blocked Floyd-Warshall. The command-line
// driver around the annotated kernels of fw_kernels.cpp: reads or generates
// a graph, pads it to whole tiles, runs (in core or out of core), times,
// checks and writes the result. Plain C++; hyc translates only the kernels.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include <hy_graph/dense.hpp>
#include <hy_graph/progress.hpp>
#include <hy_graph/random.hpp>
#include <hy_graph/reference.hpp>
#include <hy_graph/report.hpp>
#include <hy_graph/run_device.hpp>
#include <hy_graph/types.hpp>

#include <hy/zones.hpp>

#include "fw_cli.hpp"
#include "fw_kernels.hpp"

namespace {

using clock_type = std::chrono::steady_clock;
using hy::graph::vid;
using fw::kExitMismatch;
using fw::kExitNegCycle;
using fw::kExitOk;
using fw::kExitUsage;
using usage_error = hy::graph::usage_error;

// Potentials h(v) in [0, H]: w(u,v) += h(u) - h(v) keeps every cycle's
// length and turns shortest distances into d(u,v) + h(u) - h(v).
std::vector<long long> potentials(vid n, long long H) {
  std::vector<long long> h(static_cast<std::size_t>(n), 0);
  if (H > 0)
    for (vid v = 0; v < n; ++v)
      h[v] = static_cast<long long>(hy::graph::splitmix64(0x5eedull + v) % static_cast<std::uint64_t>(H + 1));
  return h;
}

template <class W>
void apply_potentials(hy::graph::dense_matrix<W>& m, const std::vector<long long>& h) {
  for (vid i = 0; i < m.n; ++i)
    for (vid j = 0; j < m.n; ++j)
      if (i != j && !hy::graph::is_infinite(m(i, j)))
        m(i, j) = static_cast<W>(m(i, j) + static_cast<W>(h[i]) - static_cast<W>(h[j]));
}

// ---------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------

template <class W>
bool unreachable(W d) {
  // int32: anything above inf/2 went through a missing edge (see relax()).
  if constexpr (std::is_floating_point_v<W>)
    return !(d < fw::infinity<W>());
  else
    return d > fw::infinity<W>() / 2;
}

std::uint64_t fnv1a(const void* p, std::size_t bytes, std::uint64_t h = 0xcbf29ce484222325ull) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

// Result file: "HYFWDIST" u32 version=1 u32 type (1 int32, 2 float) u64 n,
// then n*n values row-major, little-endian; unreachable = infinity.
template <class W>
constexpr std::uint32_t type_code() {
  return std::is_floating_point_v<W> ? 2u : 1u;
}

template <class W>
void write_result(const std::string& path, const std::vector<W>& d, vid n) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot write '" + path + "'");
  const std::uint32_t version = 1, type = type_code<W>();
  const std::uint64_t nn = static_cast<std::uint64_t>(n);
  f.write("HYFWDIST", 8);
  f.write(reinterpret_cast<const char*>(&version), 4);
  f.write(reinterpret_cast<const char*>(&type), 4);
  f.write(reinterpret_cast<const char*>(&nn), 8);
  f.write(reinterpret_cast<const char*>(d.data()), static_cast<std::streamsize>(d.size() * sizeof(W)));
  if (!f) throw std::runtime_error("error writing '" + path + "'");
}

template <class W>
std::vector<W> read_result(const std::string& path, vid n) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw usage_error("cannot open result file '" + path + "'");
  char magic[8];
  std::uint32_t version = 0, type = 0;
  std::uint64_t nn = 0;
  f.read(magic, 8);
  f.read(reinterpret_cast<char*>(&version), 4);
  f.read(reinterpret_cast<char*>(&type), 4);
  f.read(reinterpret_cast<char*>(&nn), 8);
  if (!f || std::memcmp(magic, "HYFWDIST", 8) != 0 || version != 1)
    throw usage_error("'" + path + "' is not a fw result file");
  if (type != type_code<W>())
    throw usage_error("'" + path + "' holds " + (type == 1 ? "int32" : "float") +
                      " distances; run with the same --weights");
  if (nn != static_cast<std::uint64_t>(n))
    throw usage_error("'" + path + "' is for n = " + std::to_string(nn) + ", this graph has n = " +
                      std::to_string(n));
  std::vector<W> d(static_cast<std::size_t>(n) * n);
  f.read(reinterpret_cast<char*>(d.data()), static_cast<std::streamsize>(d.size() * sizeof(W)));
  if (!f) throw usage_error("'" + path + "' is truncated");
  return d;
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

// Follows next hops from u to v; empty if there is none or it does not end.
std::vector<vid> walk(const hy::array<int, 2>& N, vid n, vid u, vid v) {
  std::vector<vid> p{u};
  while (u != v) {
    const int x = N(u, v);
    if (x < 0 || x >= n || static_cast<vid>(p.size()) > n) return {};
    p.push_back(u = x);
  }
  return p;
}

// The kernels report rounds through a callback; the toolkit's progress line
// shows them (on a terminal redrawn, after 2 s; with --progress from the
// start, in a log as lines).
struct round_progress {
  const char* label;
  bool enabled;
  double delay;
  std::unique_ptr<hy::graph::progress> line;
};

void progress_cb(int done, int total, void* ctx) {
  auto* s = static_cast<round_progress*>(ctx);
  if (!s->enabled) return;
  if (!s->line) {
    s->line = std::make_unique<hy::graph::progress>(s->label, total, true);
    s->line->set_delay(s->delay);
  }
  s->line->update(done);
  if (done == total) s->line->finish();
}

// Host memory of a run, to refuse one that cannot fit before allocating.
struct memory_need {
  double bytes = 0;
  std::string parts;
};

template <class W>
memory_need host_need(std::int64_t n, const fw::cli& o) {
  const double np = double((n + fw::kTile - 1) / fw::kTile * fw::kTile);
  const double nn = double(n) * double(n) * sizeof(W), pp = np * np * sizeof(W);
  memory_need m;
  m.bytes = 2 * nn + 2 * pp;  // the graph, the result, two padded copies
  const std::string w = std::to_string(sizeof(W));
  m.parts = "the graph and the result (2 n^2 x " + w + " B), two padded copies (2 x " +
            std::to_string((long long)np) + "^2 x " + w + " B)";
  if (o.paths) {
    m.bytes += 2 * np * np * sizeof(int);
    m.parts += ", two next-hop matrices";
  }
  if (o.common.verify) {
    m.bytes += nn;
    m.parts += ", the reference's copy";
  }
  if (!o.compare.empty()) {
    m.bytes += nn;
    m.parts += ", the saved result";
  }
  return m;
}

std::string gb(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
  return buf;
}

double physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? double(pages) * double(size) : 0.0;
}

// Stops before allocating when the run cannot fit this machine's memory.
template <class W>
void check_host_memory(std::int64_t n, const fw::cli& o) {
  const memory_need m = host_need<W>(n, o);
  const double have = physical_memory();
  if (have > 0 && m.bytes > have)
    throw usage_error("n = " + std::to_string(n) + " needs " + gb(m.bytes) + " of host memory for " + m.parts +
                      "; this machine has " + gb(have));
}

// What the catch of std::bad_alloc reports.
std::string g_memory_context = "while loading the graph (a dense n x n matrix)";

template <class W>
void set_memory_context(std::int64_t n, const fw::cli& o) {
  const memory_need need = host_need<W>(n, o);
  g_memory_context = "(n = " + std::to_string(n) + " needs about " + gb(need.bytes) + " of host memory for " +
                     need.parts + ")";
}

template <class W>
int run(const fw::cli& o) {
  using namespace hy::graph;
  const graph_options& c = o.common;
  const std::int64_t planned = c.generate.empty() ? -1 : fw::planned_vertices(c.generate);
  if (planned > 0) {
    check_host_memory<W>(planned, o);
    set_memory_context<W>(planned, o);
  }
  const auto t_load = clock_type::now();
  dense_matrix<W> m = fw::load_matrix<W>(c);
  const vid n = m.n;
  if (n <= 0) throw usage_error("the graph has no vertices");
  // Refused before anything slow: a --verify the reference cannot do, more
  // memory than there is.
  if (c.verify && n > o.verify_max)
    throw usage_error("--verify: n = " + std::to_string(n) + " is above --verify-max " +
                      std::to_string(o.verify_max) + " (the reference is O(n^3) serial)");
  check_host_memory<W>(n, o);
  set_memory_context<W>(n, o);
  const std::vector<long long> h = potentials(n, o.negative);
  if (o.negative > 0) apply_potentials(m, h);
  const double load_s = std::chrono::duration<double>(clock_type::now() - t_load).count();

  // Largest |weight|: int32 path lengths must stay below 2^29 (see relax()).
  double max_abs = 0;
  for (vid i = 0; i < n; ++i)
    for (vid j = 0; j < n; ++j)
      if (i != j && !is_infinite(m(i, j))) max_abs = std::max(max_abs, std::fabs(double(m(i, j))));
  if (!std::is_floating_point_v<W> && max_abs * n >= double(1 << 29))
    throw usage_error("int32 weights up to " + std::to_string((long long)max_abs) + " on " +
                      std::to_string(n) + " vertices may give path lengths beyond 2^29; use --weights real");
  if (o.want_path && (o.path_u < 1 || o.path_u > n || o.path_v < 1 || o.path_v > n))
    throw usage_error("--path: vertices are 1.." + std::to_string(n));

  // Pad to whole tiles: padding vertices have no edges.
  const int nb = static_cast<int>((n + fw::kTile - 1) / fw::kTile);
  const int np = nb * fw::kTile;
  const double matrix_bytes = double(np) * np * (sizeof(W) + (o.paths ? sizeof(int) : 0));
  const bool ooc = o.budget > 0 && matrix_bytes > double(o.budget);
  int super_block = 0;
  if (ooc) {
    if (o.paths)
      throw usage_error("--paths needs the matrices in memory (" + std::to_string((long long)matrix_bytes) +
                        " bytes); the out-of-core path computes distances only");
    super_block = fw::ooc_super_block(o.budget, sizeof(W), np);
    if (super_block == 0)
      throw usage_error("--budget " + std::to_string(o.budget) + " is too small: out of core needs 3 x " +
                        std::to_string(fw::kTile) + "^2 x " + std::to_string(sizeof(W)) + " = " +
                        std::to_string(3 * fw::kTile * fw::kTile * sizeof(W)) + " bytes at least");
  }
  // The device the kernels run on (a CUDA build decides here, before the
  // clock starts); in core the GPU must hold the whole matrix.
  const run_device dev = current_device();
  const hy::device_info gpu = hy::device();
  if (gpu.gpu && !ooc && !o.grid && gpu.memory > 0 && matrix_bytes > 0.9 * double(gpu.memory))
    throw usage_error("the " + std::to_string(np) + " x " + std::to_string(np) + " matrix needs " + gb(matrix_bytes) +
                      " on the GPU, which has " + gb(double(gpu.memory)) + "; run out of core with --budget " +
                      std::to_string((long long)(0.8 * double(gpu.memory) / (1 << 20))) + "M");

  hy::array<W, 2> D0(np, np);
  D0.fill(fw::infinity<W>());
  for (int i = 0; i < np; ++i) D0(i, i) = W{0};
  for (vid i = 0; i < n; ++i)
    for (vid j = 0; j < n; ++j) D0(i, j) = is_infinite(m(i, j)) ? fw::infinity<W>() : m(i, j);
  hy::array<int, 2> N0;
  if (o.paths) {
    N0 = hy::array<int, 2>(np, np);
    for (int i = 0; i < np; ++i)
      for (int j = 0; j < np; ++j) N0(i, j) = (i != j && D0(i, j) < fw::infinity<W>()) ? j : -1;
    for (int i = 0; i < np; ++i) N0(i, i) = i;
  }

  // Runs: warm-up (when repeating) plus `repeat` timed ones.
  // --grid: every zone (MPI rank) runs this driver on the same input; zone
  // 0 alone shows progress, prints and writes files.
  const bool leader = !o.grid || hy::zones::leader();
  if (!leader && !std::freopen("/dev/null", "w", stdout)) throw std::runtime_error("cannot silence stdout");
  const bool show = leader && !o.quiet && show_progress(c.progress);
  const double delay = c.progress ? 0.0 : 2.0;
  hy::array<W, 2> D;
  hy::array<int, 2> N;
  std::vector<double> times, transfer_times;  // per timed run
  fw::ooc_info info;
  fw::grid_info ginfo;
  const int runs = c.repeat > 1 ? static_cast<int>(c.repeat) + 1 : 1;
  for (int r = 0; r < runs; ++r) {
    D = D0;
    if (o.paths) N = N0;
    round_progress ps{ooc ? "fw super-round" : "fw round", show, delay, nullptr};
    const double tr0 = hy::transfers().seconds;
    const auto t0 = clock_type::now();
    if (ooc)
      info = fw::fw_out_of_core(D, o.budget, progress_cb, &ps);
    else if (o.grid)
      ginfo = fw::fw_grid(D, static_cast<int>(o.grid_block), static_cast<int>(o.grid_rows),
                          progress_cb, &ps);
    else if (o.paths)
      fw::fw_blocked_paths(D, N, nb, progress_cb, &ps);
    else
      fw::fw_blocked(D, nb, progress_cb, &ps);
    if (o.grid && ginfo.rounds == 0)
      throw usage_error("--grid-block " + std::to_string(ginfo.block) + " must be a multiple of " +
                        std::to_string(fw::kTile) + " dividing the padded n = " + std::to_string(np));
    const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
    if (runs == 1 || r > 0) {
      times.push_back(s);
      transfer_times.push_back(hy::transfers().seconds - tr0);
    }
  }
  auto median_of = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
  };
  const double median = median_of(times);
  // Host <-> device copies (CUDA build; zero otherwise) and the time without them.
  const double transfer_s = median_of(transfer_times);
  std::vector<double> compute_times(times.size());
  for (std::size_t i = 0; i < times.size(); ++i) compute_times[i] = times[i] - transfer_times[i];
  const double compute_s = median_of(compute_times);

  // The n x n result with every unreachable entry as infinity.
  std::vector<W> d(static_cast<std::size_t>(n) * n);
  long long unreach = 0, neg_diag = 0;
  double dist_sum = 0;  // of the finite distances, as the Johnson sample sums them
  vid first_neg = -1;
  for (vid i = 0; i < n; ++i)
    for (vid j = 0; j < n; ++j) {
      W x = D(i, j);
      if (unreachable(x)) {
        x = fw::infinity<W>();
        ++unreach;
      } else {
        dist_sum += static_cast<double>(x);
      }
      d[static_cast<std::size_t>(i) * n + j] = x;
    }
  for (vid i = 0; i < n; ++i)
    if (d[static_cast<std::size_t>(i) * n + i] < W{0}) {
      if (first_neg < 0) first_neg = i;
      ++neg_diag;
    }
  const std::uint64_t checksum = fnv1a(d.data(), d.size() * sizeof(W));
  const double relax = double(n) * n * n;  // n^3, as the baselines count
  const double rate = relax / median;
  const double compute_rate = relax / compute_s;

  int status = kExitOk;
  std::string verify_msg;
  double scale = std::max(1.0, max_abs * n);
  if (c.verify) {
    // The independent check: the toolkit's textbook triple loop.
    dense_matrix<W> refm = m;
    {
      progress vp("fw verify", n, show);
      vp.set_delay(delay);
      hy::graph::floyd_warshall(refm, &vp);
    }
    std::vector<W> ref = std::move(refm.d);
    for (auto& x : ref)
      if (unreachable(x)) x = fw::infinity<W>();
    if (neg_diag) {
      long long ref_neg = 0;
      for (vid i = 0; i < n; ++i) ref_neg += ref[static_cast<std::size_t>(i) * n + i] < W{0};
      if (ref_neg == 0) {
        std::fprintf(stderr, "fw: verify: negative cycle reported but the reference finds none\n");
        status = kExitMismatch;
      }
      verify_msg = ref_neg ? "reference also finds a negative cycle" : "FAILED";
    } else if (compare_matrices(d, ref, n, "verify", scale)) {
      status = kExitMismatch;
      verify_msg = "FAILED";
    } else {
      verify_msg = "matches the triple-loop reference";
      if (o.paths) {
        long long bad = 0, walked = 0;
        for (vid u = 0; u < n; ++u)
          for (vid v = 0; v < n; ++v) {
            const W duv = d[static_cast<std::size_t>(u) * n + v];
            if (u == v || unreachable(duv)) continue;
            const std::vector<vid> p = walk(N, n, u, v);
            double len = 0;
            bool ok = !p.empty();
            for (std::size_t s = 0; ok && s + 1 < p.size(); ++s) {
              const W w = m(p[s], p[s + 1]);
              ok = !is_infinite(w);
              len += double(w);
            }
            ok = ok && std::fabs(len - double(duv)) <= (std::is_floating_point_v<W> ? 1e-5 * scale : 0.0);
            if (!ok && bad++ < 5)
              std::fprintf(stderr, "fw: verify: path %d -> %d does not add up to %.9g\n", u + 1,
                           v + 1, double(duv));
            ++walked;
          }
        if (bad) {
          status = kExitMismatch;
          verify_msg = "FAILED (paths)";
        } else {
          verify_msg += "; " + std::to_string(walked) + " paths walked";
        }
      }
    }
  }
  std::string compare_msg;
  if (!o.compare.empty()) {
    const std::vector<W> saved = read_result<W>(o.compare, n);
    if (compare_matrices(d, saved, n, "compare", scale)) {
      status = kExitMismatch;
      compare_msg = "FAILED";
    } else {
      compare_msg = "matches " + o.compare;
    }
  }
  if (!o.output.empty() && leader) write_result(o.output, d, n);

  const char* wname = std::is_floating_point_v<W> ? "float" : "int32";
  if (c.json) {
    report r;
    r.set("n", n).set("padded_n", np).set("weights", wname);
    r.set("mode", ooc ? "out-of-core" : o.grid ? "grid" : "in-core").set("super_block", super_block);
    if (o.grid)
      r.set("grid_rows", ginfo.rows).set("grid_cols", ginfo.cols).set("grid_block", ginfo.block)
          .set("grid_bytes_sent", ginfo.bytes_sent);
    r.set("paths", o.paths).set("repeat", c.repeat);
    r.set("build", dev.build).set("device", dev.label).set("device_kind", dev.kind);
    if (!dev.fallback.empty()) r.set("fallback", dev.fallback);
    r.set("time_s", median).set("times_s", times);
    r.set("relaxations_per_s", rate).set("transfer_s", transfer_s).set("compute_s", compute_s);
    r.set("compute_relaxations_per_s", compute_rate).set("load_s", load_s);
    r.set("unreachable_pairs", unreach).set("distance_sum", dist_sum).set("negative_cycle", neg_diag != 0);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016" PRIx64, checksum);
    r.set("checksum", hex);
    if (c.verify) r.set("verify", verify_msg);
    if (!o.compare.empty()) r.set("compare", compare_msg);
    r.print_json(std::cout);
  } else {
    std::printf("graph: n = %d (padded to %d, %d tiles of %d), %s weights%s\n", n, np, nb, fw::kTile,
                wname, o.negative ? ", reweighted by potentials" : "");
    if (ooc)
      std::printf("mode: out of core, budget %llu bytes, super-block %d, %d super-rounds, %.3g GB staged\n",
                  (unsigned long long)o.budget, super_block, info.super_rounds, info.bytes_staged / 1e9);
    else if (o.grid)
      std::printf("mode: grid of %d x %d zones, blocks of %d, %d rounds\n", ginfo.rows, ginfo.cols,
                  ginfo.block, ginfo.rounds);
    else
      std::printf("mode: in core%s\n", o.paths ? ", with next hops" : "");
    std::printf("device: %s (%s build)%s%s\n", dev.label.c_str(), dev.build.c_str(),
                dev.fallback.empty() ? "" : "; fallback: ", dev.fallback.c_str());
    std::printf("time: %.6f s%s (load %.3f s)\n", median,
                c.repeat > 1 ? (" (median of " + std::to_string(c.repeat) + ", after a warm-up)").c_str() : "",
                load_s);
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
    std::printf("rate: %s relaxations/s (n^3 = %.4g)\n", show_rate(rate).c_str(), relax);
    if (transfer_s > 0)
      std::printf("transfers: %.6f s host<->device; without them %.6f s, %s relaxations/s\n",
                  transfer_s, compute_s, show_rate(compute_rate).c_str());
    std::printf("unreachable pairs: %lld of %lld; sum of the finite distances %.17g\n", unreach,
                (long long)n * n, dist_sum);
    std::printf("checksum: %016" PRIx64 "\n", checksum);
    if (c.verify) std::printf("verify: %s\n", verify_msg.c_str());
    if (!o.compare.empty()) std::printf("compare: %s\n", compare_msg.c_str());
    if (o.print) {
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
  }
  std::fflush(stdout);
  if (neg_diag) {
    std::fprintf(stderr, "fw: negative cycle: %lld vertices have a negative distance to themselves "
                         "(first: vertex %d); distances are meaningless\n",
                 neg_diag, first_neg + 1);
    if (status == kExitOk) status = kExitNegCycle;
  }
  if (o.want_path && !neg_diag) {
    const vid u = static_cast<vid>(o.path_u - 1), v = static_cast<vid>(o.path_v - 1);
    const W duv = d[static_cast<std::size_t>(u) * n + v];
    if (unreachable(duv)) {
      std::printf("path %d -> %d: unreachable\n", u + 1, v + 1);
    } else {
      const std::vector<vid> p = walk(N, n, u, v);
      std::printf("path %d -> %d: length %.9g, %zu edges:", u + 1, v + 1, double(duv),
                  p.empty() ? 0 : p.size() - 1);
      for (vid x : p) std::printf(" %d", x + 1);
      std::printf("\n");
      if (p.empty()) status = kExitMismatch;
    }
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    fw::cli o;
    if (!o.parse(argc, argv)) return kExitOk;  // --help or --version
    static_assert(fw::infinity<std::int32_t>() == hy::graph::infinity<std::int32_t>(),
                  "kernel and toolkit infinity must agree");
    if (o.common.weights.kind == hy::graph::weight_spec::real) return run<float>(o);
    return run<std::int32_t>(o);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "fw: error: out of memory %s\n", g_memory_context.c_str());
    return kExitUsage;
  } catch (const std::exception& e) {  // usage_error, format_error, ...
    std::fprintf(stderr, "fw: error: %s\n", e.what());
    return kExitUsage;
  }
}

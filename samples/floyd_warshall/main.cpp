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

#include "fw_cli.hpp"
#include "fw_kernels.hpp"
#include "fw_results.hpp"
#include "grid_run.hpp"

namespace {

using clock_type = std::chrono::steady_clock;
using hy::graph::vid;
using fw::kExitMismatch;
using fw::kExitNegCycle;
using fw::kExitOk;
using fw::kExitUsage;
using usage_error = hy::graph::usage_error;
using fw::fnv1a;
using fw::potentials;
using fw::progress_cb;
using fw::round_progress;
using fw::same_distance;
using fw::unreachable;
using fw::apply_potentials;
using fw::compare_matrices;

// ---------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------

template <class W>
void write_result(const std::string& path, const std::vector<W>& d, vid n) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot write '" + path + "'");
  fw::write_header<W>(f, n);
  f.write(reinterpret_cast<const char*>(d.data()), static_cast<std::streamsize>(d.size() * sizeof(W)));
  if (!f) throw std::runtime_error("error writing '" + path + "'");
}

template <class W>
std::vector<W> read_result(const std::string& path, vid n) {
  std::ifstream f(path, std::ios::binary);
  fw::read_header<W>(f, path, n);
  std::vector<W> d(static_cast<std::size_t>(n) * n);
  f.read(reinterpret_cast<char*>(d.data()), static_cast<std::streamsize>(d.size() * sizeof(W)));
  if (!f) throw usage_error("'" + path + "' is truncated");
  return d;
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
  // --grid: each zone holds only its blocks (grid_run.cpp).
  if (o.grid) return fw::run_grid<W>(o);
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
  if (gpu.gpu && !ooc && gpu.memory > 0 && matrix_bytes > 0.9 * double(gpu.memory))
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
  const bool show = !o.quiet && show_progress(c.progress);
  const double delay = c.progress ? 0.0 : 2.0;
  hy::array<W, 2> D;
  hy::array<int, 2> N;
  fw::run_times rt;  // the timed runs
  rt.load_s = load_s;
  fw::ooc_info info;
  const int runs = c.repeat > 1 ? static_cast<int>(c.repeat) + 1 : 1;
  for (int r = 0; r < runs; ++r) {
    D = D0;
    if (o.paths) N = N0;
    round_progress ps{ooc ? "fw super-round" : "fw round", show, delay, nullptr};
    const double tr0 = hy::transfers().seconds;
    const auto t0 = clock_type::now();
    if (ooc)
      info = fw::fw_out_of_core(D, o.budget, progress_cb, &ps);
    else if (o.paths)
      fw::fw_blocked_paths(D, N, nb, progress_cb, &ps);
    else
      fw::fw_blocked(D, nb, progress_cb, &ps);
    const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
    if (runs == 1 || r > 0) {
      rt.times.push_back(s);
      rt.transfers.push_back(hy::transfers().seconds - tr0);
    }
  }

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
  if (!o.output.empty()) write_result(o.output, d, n);

  const char* wname = std::is_floating_point_v<W> ? "float" : "int32";
  if (c.json) {
    report r;
    r.set("n", n).set("padded_n", np).set("weights", wname);
    r.set("mode", ooc ? "out-of-core" : "in-core").set("super_block", super_block);
    r.set("paths", o.paths).set("repeat", c.repeat);
    rt.set(r, dev, relax);
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
    else
      std::printf("mode: in core%s\n", o.paths ? ", with next hops" : "");
    rt.print(dev, c.repeat, relax);
    std::printf("unreachable pairs: %lld of %lld; sum of the finite distances %.17g\n", unreach,
                (long long)n * n, dist_sum);
    std::printf("checksum: %016" PRIx64 "\n", checksum);
    if (c.verify) std::printf("verify: %s\n", verify_msg.c_str());
    if (!o.compare.empty()) std::printf("compare: %s\n", compare_msg.c_str());
    if (o.print) fw::print_matrix(d, n);
  }
  std::fflush(stdout);
  if (neg_diag) {
    fw::report_negative_cycle(neg_diag, first_neg);
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

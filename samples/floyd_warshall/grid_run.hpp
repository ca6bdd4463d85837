// fw --grid: the driver of one matrix spread over the zones (MPI ranks).
// Separate from main.cpp's driver (which includes it) because nothing here
// may hold the whole matrix: each zone reads or generates only its own
// blocks, runs fw_grid on them, and zone 0 goes over the result one block
// row at a time (checksum, counts, --output, --compare), printing the same
// figures as main.cpp's driver (bit for bit for int32) plus each zone's
// peak resident memory. Only --verify and --print, meant for small n,
// collect the whole result, in zone 0 alone. A header because it is
// templates used by one translation unit (the build scripts compile
// main.cpp and fw_cli.cpp as fw's driver).
#pragma once

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include <hy/zones_grid.hpp>
#include <hy_graph/cli.hpp>
#include <hy_graph/generators.hpp>
#include <hy_graph/reference.hpp>
#include <hy_graph/report.hpp>
#include <hy_graph/run_device.hpp>

#include "fw_cli.hpp"
#include "fw_kernels.hpp"
#include "fw_results.hpp"

namespace fw {

namespace grid_detail {

namespace g = hy::graph;
using clock_type = std::chrono::steady_clock;

// This zone's blocks of the padded np x np matrix (fw_grid's L), addressed
// by global indices.
template <class W>
struct zone_blocks {
  const hy::zones::grid& grid;
  long long np;
  int S, nb;
  hy::array<W, 2> L;

  zone_blocks(const hy::zones::grid& z, long long np_, int S_)
      : grid(z), np(np_), S(S_), nb(static_cast<int>(np_ / S_)),
        L(static_cast<std::size_t>(z.local_rows(nb)) * S, static_cast<std::size_t>(z.local_cols(nb)) * S) {}
  bool owns(long long i, long long j) const {
    return grid.owns_row(static_cast<int>(i / S)) && grid.owns_col(static_cast<int>(j / S));
  }
  W& at(long long i, long long j) {
    return L((i / S / grid.rows()) * S + i % S, (j / S / grid.cols()) * S + j % S);
  }
  // f(i, j, entry) for every entry this zone holds.
  template <class F>
  void each(F f) {
    for (long long I = grid.row(); I < nb; I += grid.rows())
      for (long long i = I * S; i < (I + 1) * S; ++i)
        for (long long J = grid.col(); J < nb; J += grid.cols())
          for (long long j = J * S; j < (J + 1) * S; ++j) f(i, j, at(i, j));
  }
};

// What the input gives before any block exists: its vertex count, and for
// inputs that cannot produce one entry alone, the edge list (O(m), read or
// generated in every zone; its arcs then go to the zones holding them).
template <class W>
struct grid_input {
  g::vid n = 0;
  std::optional<std::pair<std::int64_t, std::uint64_t>> bench;  // bench:n=N,seed=S
  std::optional<g::dense_entries<W>> dense;                     // dense:n=N,...
  std::optional<g::edge_list<W>> edges;                         // everything else
};

template <class W>
grid_input<W> open_input(const g::graph_options& c) {
  grid_input<W> in;
  if (is_bench(c.generate)) {
    in.bench = parse_bench(c.generate);
    in.n = static_cast<g::vid>(in.bench->first);
    return in;
  }
  // load_dense's own choice: a directed dense: generator gives the matrix entry by entry.
  in.dense = g::dense_source<W>(c);
  if (in.dense) {
    in.n = in.dense->size();
    return in;
  }
  in.edges = g::load_edge_list<W>(c);
  in.n = in.edges->n;
  return in;
}

// The zone's blocks of the matrix load_matrix gives (then shifted by the
// potentials h), padded with vertices that have no edges.
template <class W>
void fill_blocks(zone_blocks<W>& z, grid_input<W>& in, const g::graph_options& c,
                 const std::vector<long long>& h) {
  const long long n = in.n;
  z.each([&](long long i, long long j, W& x) {
    x = i == j ? W{0} : infinity<W>();
    if (i >= n || j >= n) return;
    if (in.bench) {
      const std::int32_t w = bench_weight(in.bench->second, static_cast<std::uint64_t>(n), i, j);
      if (i != j) x = g::is_infinite(w) ? infinity<W>() : static_cast<W>(w);
    } else if (in.dense) {
      const W w = (*in.dense)(static_cast<g::vid>(i), static_cast<g::vid>(j));
      x = g::is_infinite(w) ? infinity<W>() : w;
    }
  });
  if (in.edges) {
    // to_dense's rules: the lightest of parallel arcs, both arcs of an
    // undirected edge, self-loops kept or dropped by the policy.
    const bool keep_loops = c.policy.self_loops == g::self_loop_policy::keep;
    auto put = [&](g::vid u, g::vid v, W w) {
      if (u < 0 || u >= n || v < 0 || v >= n) throw std::invalid_argument("to_dense: edge outside the vertex range");
      if ((u == v && !keep_loops) || !z.owns(u, v)) return;
      W& x = z.at(u, v);
      x = std::min(x, w);
    };
    for (const auto& e : in.edges->edges) {
      put(e.u, e.v, e.w);
      if (!in.edges->directed) put(e.v, e.u, e.w);
    }
    in.edges.reset();
  }
  if (!h.empty())
    z.each([&](long long i, long long j, W& x) {
      if (i < n && j < n && i != j && !g::is_infinite(x))
        x = static_cast<W>(x + static_cast<W>(h[i]) - static_cast<W>(h[j]));
    });
}

// Refuses, before allocating, a grid whose zones on this host cannot hold
// their parts: the largest zone's blocks (twice with --repeat), its six
// panels and zone 0's two block rows, times the zones of this host. The
// same figures in every zone, so all of them stop together.
template <class W>
void check_zone_memory(const hy::zones::grid& grid, long long n, long long np, int S, bool repeat) {
  const long long nb = np / S;
  const double lh = double((nb + grid.rows() - 1) / grid.rows()) * S;
  const double lw = double((nb + grid.cols() - 1) / grid.cols()) * S;
  const double zone = (lh * lw * (repeat ? 2 : 1) + 6.0 * S * (lh + lw) + 2.0 * S * double(np)) * sizeof(W);
  const int here = hy::zones::init().local_size;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  const double have = pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
  if (have > 0 && zone * here > have) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "n = %lld over a %d x %d grid needs %.1f GB of host memory per zone (%d zones on "
                  "this host: %.1f GB); this machine has %.1f GB; use more hosts", n, grid.rows(), grid.cols(),
                  zone / 1e9, here, zone * here / 1e9, have / 1e9);
    throw g::usage_error(buf);
  }
}

inline double peak_resident_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_maxrss) / 1024.0;  // Linux: KiB
}

// Whether every zone got here without an error (a collective: every zone calls it).
inline bool all_ok(bool ok) {
  int v = ok ? 1 : 0;
  hy::zones::allreduce(&v, 1, hy::zones::op::min);
  return v != 0;
}

}  // namespace grid_detail

// Runs --grid as the options say; the exit status (the same in every zone).
template <class W>
int run_grid(const cli& o) {
  using namespace grid_detail;
  const g::graph_options& c = o.common;
  const hy::zones::grid grid(static_cast<int>(o.grid_rows));
  // Every zone runs this driver; zone 0 alone shows progress, prints and writes files.
  const bool leader = hy::zones::leader();
  if (!leader && !std::freopen("/dev/null", "w", stdout)) throw std::runtime_error("cannot silence stdout");

  const auto t_load = clock_type::now();
  grid_input<W> in = open_input<W>(c);
  const g::vid n = in.n;
  if (n <= 0) throw g::usage_error("the graph has no vertices");
  if (c.verify && n > o.verify_max)
    throw g::usage_error("--verify: n = " + std::to_string(n) + " is above --verify-max " +
                         std::to_string(o.verify_max) + " (the reference is O(n^3) serial)");
  const int tiles = static_cast<int>((n + kTile - 1) / kTile);
  const long long np = static_cast<long long>(tiles) * kTile;
  const int S =
      o.grid_block ? static_cast<int>(o.grid_block) : grid_block(static_cast<int>(np), grid.rows(), grid.cols());
  if (S % kTile || np % S)
    throw g::usage_error("--grid-block " + std::to_string(S) + " must be a multiple of " + std::to_string(kTile) +
                         " dividing the padded n = " + std::to_string(np));
  check_zone_memory<W>(grid, n, np, S, c.repeat > 1);
  zone_blocks<W> z(grid, np, S);
  const std::vector<long long> h = potentials(n, o.negative);
  fill_blocks(z, in, c, o.negative > 0 ? h : std::vector<long long>{});

  // Largest |weight| over all zones: int32 path lengths must stay below 2^29.
  double max_abs = 0;
  z.each([&](long long i, long long j, W& x) {
    if (i < n && j < n && i != j && !g::is_infinite(x)) max_abs = std::max(max_abs, std::fabs(double(x)));
  });
  hy::zones::allreduce(&max_abs, 1, hy::zones::op::max);
  if (!std::is_floating_point_v<W> && max_abs * n >= double(1 << 29))
    throw g::usage_error("int32 weights up to " + std::to_string((long long)max_abs) + " on " + std::to_string(n) +
                         " vertices may give path lengths beyond 2^29; use --weights real");
  const double load_s = std::chrono::duration<double>(clock_type::now() - t_load).count();

  const g::run_device dev = g::current_device();
  const bool show = leader && !o.quiet && g::show_progress(c.progress);
  const double delay = c.progress ? 0.0 : 2.0;
  const int runs = c.repeat > 1 ? static_cast<int>(c.repeat) + 1 : 1;
  hy::array<W, 2> L0;  // the input blocks again for repeated runs (only then)
  if (runs > 1) L0 = z.L;
  run_times rt;
  rt.load_s = load_s;
  grid_info info;
  for (int r = 0; r < runs; ++r) {
    if (r > 0) z.L = L0;
    round_progress ps{"fw round", show, delay, nullptr};
    const double tr0 = hy::transfers().seconds;
    const auto t0 = clock_type::now();
    info = fw_grid(grid, z.L, static_cast<int>(np), S, progress_cb, &ps);
    if (info.rounds == 0) throw std::logic_error("fw_grid: the blocks do not fit the grid");
    const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
    if (runs == 1 || r > 0) {
      rt.times.push_back(s);
      rt.transfers.push_back(hy::transfers().seconds - tr0);
    }
  }
  L0 = hy::array<W, 2>();

  // Zone 0 opens the files it writes and compares with; every zone learns
  // whether it could (they all take part in the gathers that follow).
  std::ofstream out;
  std::ifstream saved;
  std::string open_error;
  if (leader) try {
      if (!o.output.empty()) {
        out.open(o.output, std::ios::binary);
        if (!out) throw std::runtime_error("cannot write '" + o.output + "'");
        write_header<W>(out, n);
      }
      if (!o.compare.empty()) {
        saved.open(o.compare, std::ios::binary);
        read_header<W>(saved, o.compare, n);
      }
    } catch (const std::exception& e) {
      open_error = e.what();
    }
  if (!all_ok(open_error.empty())) {
    if (leader) throw g::usage_error(open_error);
    return kExitUsage;
  }

  // The result, one block row at a time, row-major as main.cpp's driver
  // goes over it: unreachable entries as infinity, hashed, counted, summed,
  // written, compared. The whole of it only for --verify and --print.
  const bool keep_all = leader && (c.verify || o.print);
  std::vector<W> all(keep_all ? static_cast<std::size_t>(n) * n : 0), strip, row(leader ? n : 0), want(leader ? n : 0);
  std::uint64_t checksum = fnv1a(nullptr, 0);
  long long unreach = 0, neg_diag = 0, differ = 0;
  double dist_sum = 0;
  g::vid first_neg = -1;
  const double scale = std::max(1.0, max_abs * n);
  bool truncated = false;
  for (int I = 0; I < z.nb; ++I) {
    grid.gather_block_row(z.L, I, z.nb, S, strip);
    if (!leader) continue;
    for (long long i = static_cast<long long>(I) * S; i < std::min<long long>(n, (I + 1LL) * S); ++i) {
      const W* from = &strip[static_cast<std::size_t>((i - static_cast<long long>(I) * S) * np)];
      for (g::vid j = 0; j < n; ++j) {
        W x = from[j];
        if (unreachable(x)) {
          x = infinity<W>();
          ++unreach;
        } else {
          dist_sum += static_cast<double>(x);
        }
        row[j] = x;
      }
      if (row[i] < W{0}) {
        if (first_neg < 0) first_neg = static_cast<g::vid>(i);
        ++neg_diag;
      }
      checksum = fnv1a(row.data(), row.size() * sizeof(W), checksum);
      if (out) out.write(reinterpret_cast<const char*>(row.data()), static_cast<std::streamsize>(n * sizeof(W)));
      if (!o.compare.empty() && !truncated) {
        saved.read(reinterpret_cast<char*>(want.data()), static_cast<std::streamsize>(n * sizeof(W)));
        truncated = !saved;
        for (g::vid j = 0; j < n && !truncated; ++j)
          if (!same_distance(row[j], want[j], scale) && differ++ < 5)
            std::fprintf(stderr, "fw: compare mismatch at (%lld, %d): got %.9g, expected %.9g\n", i + 1, j + 1,
                         double(row[j]), double(want[j]));
      }
      if (keep_all) std::copy(row.begin(), row.end(), all.begin() + i * n);
    }
  }
  strip = std::vector<W>();

  int status = kExitOk;
  std::string verify_msg, compare_msg;
  if (leader) {
    // Not thrown: the other zones are on their way to the collectives below.
    if (out && !out.flush()) {
      std::fprintf(stderr, "fw: error: error writing '%s'\n", o.output.c_str());
      status = kExitUsage;
    }
    if (truncated) {
      std::fprintf(stderr, "fw: error: '%s' is truncated\n", o.compare.c_str());
      status = kExitUsage;
    }
    if (differ) std::fprintf(stderr, "fw: compare: %lld of %lld entries differ\n", differ, (long long)n * n);
    if (!o.compare.empty()) compare_msg = differ ? "FAILED" : "matches " + o.compare;
    if (differ) status = kExitMismatch;
    // Not thrown from here on either: the other zones wait in the gathers below.
    if (c.verify) try {
      // The independent check on the whole input, in zone 0 (small n).
      g::dense_matrix<W> refm = load_matrix<W>(c);
      if (o.negative > 0) apply_potentials(refm, h);
      {
        g::progress vp("fw verify", n, show);
        vp.set_delay(delay);
        g::floyd_warshall(refm, &vp);
      }
      std::vector<W> ref = std::move(refm.d);
      for (auto& x : ref)
        if (unreachable(x)) x = infinity<W>();
      if (neg_diag) {
        long long ref_neg = 0;
        for (g::vid i = 0; i < n; ++i) ref_neg += ref[static_cast<std::size_t>(i) * n + i] < W{0};
        verify_msg = ref_neg ? "reference also finds a negative cycle" : "FAILED";
        if (!ref_neg) status = kExitMismatch;
      } else if (compare_matrices(all, ref, n, "verify", scale)) {
        status = kExitMismatch;
        verify_msg = "FAILED";
      } else {
        verify_msg = "matches the triple-loop reference";
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "fw: error: --verify: %s\n", e.what());
      verify_msg = "not done";
      status = kExitUsage;
    }
  }

  // Peak resident memory of every zone, measured after everything above.
  const std::vector<long long> peak_kib =
      hy::zones::grid::gather_values(static_cast<long long>(peak_resident_mib() * 1024));
  const double block_mib = double(z.L.size()) * sizeof(W) / (1 << 20);

  const double relax = double(n) * n * n;
  const char* wname = std::is_floating_point_v<W> ? "float" : "int32";
  if (leader && c.json) {
    g::report r;
    std::vector<double> peak_mib;
    for (long long k : peak_kib) peak_mib.push_back(double(k) / 1024.0);
    r.set("n", n).set("padded_n", np).set("weights", wname).set("mode", "grid").set("super_block", 0);
    r.set("grid_rows", info.rows).set("grid_cols", info.cols).set("grid_block", info.block)
        .set("grid_bytes_sent", info.bytes_sent);
    r.set("paths", false).set("repeat", c.repeat);
    rt.set(r, dev, relax);
    r.set("unreachable_pairs", unreach).set("distance_sum", dist_sum).set("negative_cycle", neg_diag != 0);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016" PRIx64, checksum);
    r.set("checksum", hex);
    r.set("zone0_block_mib", block_mib).set("peak_resident_mib", peak_mib);
    if (c.verify) r.set("verify", verify_msg);
    if (!o.compare.empty()) r.set("compare", compare_msg);
    r.print_json(std::cout);
  } else if (leader) {
    std::printf("graph: n = %d (padded to %lld, %d tiles of %d), %s weights%s\n", n, np, tiles, kTile, wname,
                o.negative ? ", reweighted by potentials" : "");
    std::printf("mode: grid of %d x %d zones, blocks of %d, %d rounds\n", info.rows, info.cols, info.block,
                info.rounds);
    rt.print(dev, c.repeat, relax);
    std::printf("unreachable pairs: %lld of %lld; sum of the finite distances %.17g\n", unreach, (long long)n * n,
                dist_sum);
    std::printf("checksum: %016" PRIx64 "\n", checksum);
    if (c.verify) std::printf("verify: %s\n", verify_msg.c_str());
    if (!o.compare.empty()) std::printf("compare: %s\n", compare_msg.c_str());
    std::printf("memory: zone 0 holds %.1f MiB of blocks; peak resident per zone (MiB):", block_mib);
    for (long long k : peak_kib) std::printf(" %.1f", double(k) / 1024.0);
    std::printf("\n");
    if (o.print) print_matrix(all, n);
  }
  std::fflush(stdout);
  if (leader && neg_diag) {
    report_negative_cycle(neg_diag, first_neg);
    if (status == kExitOk) status = kExitNegCycle;
  }
  // Every zone exits with zone 0's status.
  hy::zones::allreduce(&status, 1, hy::zones::op::max);
  return status;
}

}  // namespace fw

// gm: graduated assignment graph matching (seed 004). The driver around the
// annotated kernels of gm_kernels.cpp: reads attributed graphs (.ag files, a
// list of them) or generates the thesis-style experiment, runs one of the
// three workloads (one large pair, all pairs of a set, common labelling),
// turns the soft assignments into matchings (Hungarian), and reports time,
// accuracy against the ground truth and checksums that every build must
// reproduce. Plain C++.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <hy_graph/cli.hpp>
#include <hy_graph/progress.hpp>
#include <hy_graph/report.hpp>
#include <hy_graph/run_device.hpp>
#include <hy_graph/timing.hpp>
#include <hy/zones.hpp>

#include "gm_assign.hpp"
#include "gm_data.hpp"
#include "gm_kernels.hpp"

namespace {

namespace g = hy::graph;
constexpr int kExitOk = 0, kExitUsage = 1, kExitMismatch = 2;

struct options {
  std::vector<std::string> inputs;
  std::string list, generate, mode, variant = "reordered", output, compare, compat = "gr";
  gm::params p;
  double tolerance = 1e-5;
  std::int64_t repeat = 1, rounds = 0, q_steps = 0, verify_pairs = 8, seed = 1;
  bool verify = false, json = false, progress = false, quiet = false;
  std::string write_dir;
  std::string write_q;
};

class cli : public g::option_parser {
 public:
  explicit cli(options& o)
      : option_parser("gm", "graduated assignment graph matching (Gold & Rangarajan; seed 004)"), o_(o) {
    set_positional("GRAPH.ag", "graph files (two for --mode pair, more for set/labels)",
                   [&o](const std::vector<std::string>& v) { o.inputs.push_back(v[0]); });
    add_string("list", "FILE", "graph files listed in FILE (.txt: one a line; .json: {\"graphs\": [...]})", o.list);
    add_string("generate", "SPEC",
               "thesis-style graphs: n=N,graphs=G[,classes=C,density=D,delete=P,add=P,noise=S,seed=X]", o.generate);
    add_string("mode", "pair|set|labels",
               "one large pair (default for 2 graphs), all pairs of a set (default for more), common labelling", o.mode);
    add_string("variant", "naive|tiled|reordered|product",
               "the Q step of --mode pair (default reordered; product: two matrix products, needs --compat product)", o.variant);
    add_string("compat", "gr|product",
               "edge compatibility: 1 - 3|w1 - w2| (gr, Gold & Rangarajan; default) or w1 w2 (product; --mode pair)", o.compat);
    add("beta0", 1, "B", "initial beta (default 0.5, Gold & Rangarajan 1996)", [&o](const std::vector<std::string>& v) { o.p.beta0 = float(g::parse_double_value(v[0])); });
    add("beta-rate", 1, "R", "beta *= R each round (default 1.075)", [&o](const std::vector<std::string>& v) { o.p.beta_rate = float(g::parse_double_value(v[0])); });
    add("beta-final", 1, "B", "last beta (default 10)", [&o](const std::vector<std::string>& v) { o.p.beta_final = float(g::parse_double_value(v[0])); });
    add("iters0", 1, "I0", "Q steps per beta (default 4)", [&o](const std::vector<std::string>& v) { o.p.iters0 = int(g::parse_int_value(v[0])); });
    add("iters1", 1, "I1", "Sinkhorn iterations per step (default 30)", [&o](const std::vector<std::string>& v) { o.p.iters1 = int(g::parse_int_value(v[0])); });
    add("eps0", 1, "E", "a beta round ends when sum |dP| < E (default 0.5; 0: always I0 steps)", [&o](const std::vector<std::string>& v) { o.p.eps0 = float(g::parse_double_value(v[0])); });
    add("eps1", 1, "E", "Sinkhorn ends when sum |dP| < E (default 0.05; 0: always I1)", [&o](const std::vector<std::string>& v) { o.p.eps1 = float(g::parse_double_value(v[0])); });
    add("alpha", 1, "A", "weight of the node-attribute term (default 1)", [&o](const std::vector<std::string>& v) { o.p.alpha = float(g::parse_double_value(v[0])); });
    add_int("rounds", "N", "--mode pair: run only the first N beta rounds and extrapolate the time", o.rounds, 1);
    add_int("q-steps", "N", "--mode pair: time N Q steps alone, in one call (the benchmark's Q step; the time per step)", o.q_steps, 1);
    add_int("seed", "S", "seed of --generate when its spec has none", o.seed, 0);
    add_flag("verify", "pair: compare with the naive nest; set: pairs against the one-pair kernels (bit for bit)", o.verify);
    add_int("verify-pairs", "K", "pairs --verify checks in --mode set (default 8)", o.verify_pairs, 1);
    add_double("tolerance", "T", "largest |dP| --verify and --compare accept between variants (default 1e-5)", o.tolerance);
    add_string("output", "FILE", "write P and the assignments (binary, for --compare)", o.output);
    add_string("compare", "FILE", "compare with a file from --output: the same assignments, P within --tolerance", o.compare);
    add_string("write-graphs", "DIR", "write the graphs as DIR/gN.ag and DIR/list.txt, then stop", o.write_dir);
    add_string("write-q", "FILE",
               "with --q-steps: write Q (n1 x n2 floats, row by row, this machine's byte order) to FILE",
               o.write_q);
    add_int("repeat", "N", "timed runs after one warm-up (default 1: one untimed-warm-up-free run)", o.repeat, 1);
    add_flag("json", "print the results as one JSON object", o.json);
    add_flag("progress", "progress line also when stderr is not a terminal", o.progress);
    add_flag("quiet", "no progress line", o.quiet);
    set_version("gm (hy graph matching), " + g::build_name() + " build, B = " + std::to_string(gm::kTile) +
                ", small graphs up to " + std::to_string(gm::kSmall));
  }

 private:
  void validate() override {
    const int sources = !o_.inputs.empty() + !o_.list.empty() + !o_.generate.empty();
    if (sources != 1) throw g::usage_error("give graph files, --list FILE or --generate SPEC (exactly one)");
    if (o_.variant != "naive" && o_.variant != "tiled" && o_.variant != "reordered" && o_.variant != "product")
      throw g::usage_error("--variant must be naive, tiled, reordered or product");
    if (o_.compat != "gr" && o_.compat != "product") throw g::usage_error("--compat must be gr or product");
    if (o_.variant == "product" && o_.compat != "product")
      throw g::usage_error("--variant product computes the Q step as matrix products, which needs --compat product");
    o_.p.product = o_.compat == "product";
    if (!o_.mode.empty() && o_.mode != "pair" && o_.mode != "set" && o_.mode != "labels")
      throw g::usage_error("--mode must be pair, set or labels");
    if (!(o_.p.beta0 > 0) || !(o_.p.beta_rate > 1) || !(o_.p.beta_final > 0))
      throw g::usage_error("need beta0 > 0, beta-rate > 1, beta-final > 0");
    if (o_.p.iters0 < 1 || o_.p.iters1 < 1) throw g::usage_error("--iters0 and --iters1 must be >= 1");
    if (!o_.write_q.empty() && o_.q_steps < 1) throw g::usage_error("--write-q needs --q-steps");
  }
  options& o_;
};

std::uint64_t fnv(const void* data, size_t bytes, std::uint64_t h = 1469598103934665603ull) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}
std::string hex(std::uint64_t h) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

// What a run produces: the soft assignments (row-major, real part only) and
// the matchings, in a fixed order.
struct result {
  std::vector<float> P;
  std::vector<int> match;
};

void write_result(const result& r, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  const std::uint64_t np = r.P.size(), nm = r.match.size();
  out.write("HYGMRES1", 8);
  out.write(reinterpret_cast<const char*>(&np), 8);
  out.write(reinterpret_cast<const char*>(r.P.data()), np * sizeof(float));
  out.write(reinterpret_cast<const char*>(&nm), 8);
  out.write(reinterpret_cast<const char*>(r.match.data()), nm * sizeof(int));
  if (!out) throw std::runtime_error(path + ": cannot write");
}

result read_result(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[8];
  result r;
  std::uint64_t np = 0, nm = 0;
  if (!in.read(magic, 8) || std::memcmp(magic, "HYGMRES1", 8) != 0) throw std::runtime_error(path + ": not a gm --output file");
  in.read(reinterpret_cast<char*>(&np), 8);
  r.P.resize(np);
  in.read(reinterpret_cast<char*>(r.P.data()), np * sizeof(float));
  in.read(reinterpret_cast<char*>(&nm), 8);
  r.match.resize(nm);
  in.read(reinterpret_cast<char*>(r.match.data()), nm * sizeof(int));
  if (!in) throw std::runtime_error(path + ": truncated");
  return r;
}

// max |a - b| over P, and whether the matchings agree.
bool same(const result& a, const result& b, double tol, double* maxdiff, std::string* why) {
  *maxdiff = 0;
  if (a.P.size() != b.P.size() || a.match.size() != b.match.size()) {
    *why = "different sizes";
    return false;
  }
  for (size_t i = 0; i < a.P.size(); ++i) *maxdiff = std::max(*maxdiff, double(std::fabs(a.P[i] - b.P[i])));
  for (size_t i = 0; i < a.match.size(); ++i)
    if (a.match[i] != b.match[i]) {
      *why = "assignment " + std::to_string(i) + " differs (" + std::to_string(a.match[i]) + " vs " + std::to_string(b.match[i]) + ")";
      return false;
    }
  if (*maxdiff > tol) {
    *why = "max |dP| above the tolerance";
    return false;
  }
  return true;
}

// The pair padded to a multiple of the tile (of kProdTile for the product form).
gm::pair_input to_pair(const gm::attr_graph& a, const gm::attr_graph& b, int tile = gm::kTile) {
  gm::pair_input in;
  in.n1 = a.n;
  in.n2 = b.n;
  in.R = (std::max(a.n, b.n) + tile - 1) / tile * tile;
  in.W1 = hy::array<float, 2>(in.R, in.R);
  in.W2 = hy::array<float, 2>(in.R, in.R);
  in.X1 = hy::array<float, 1>(in.R);
  in.X2 = hy::array<float, 1>(in.R);
  in.W1.fill(-1.0f);
  in.W2.fill(-1.0f);
  for (int x = 0; x < a.n; ++x) {
    in.X1(x) = a.x[x];
    for (int y = 0; y < a.n; ++y) in.W1(x, y) = a.weight(x, y);
  }
  for (int x = 0; x < b.n; ++x) {
    in.X2(x) = b.x[x];
    for (int y = 0; y < b.n; ++y) in.W2(x, y) = b.weight(x, y);
  }
  return in;
}

gm::graph_set to_set(const std::vector<gm::attr_graph>& gs) {
  gm::graph_set s;
  s.m = static_cast<int>(gs.size());
  s.W = hy::array<float, 3>(s.m, gm::kSmall, gm::kSmall);
  s.X = hy::array<float, 2>(s.m, gm::kSmall);
  s.N = hy::array<int, 1>(s.m);
  s.W.fill(-1.0f);
  for (int k = 0; k < s.m; ++k) {
    if (gs[k].n > gm::kSmall)
      throw g::usage_error(gs[k].name + " has " + std::to_string(gs[k].n) + " vertices; --mode set/labels take at most " +
                           std::to_string(gm::kSmall) + " (this build's kSmall; larger graphs: --mode pair)");
    s.N(k) = gs[k].n;
    for (int a = 0; a < gs[k].n; ++a) {
      s.X(k, a) = gs[k].x[a];
      for (int b = 0; b < gs[k].n; ++b) s.W(k, a, b) = gs[k].weight(a, b);
    }
  }
  return s;
}

// Hungarian on rows x cols of a soft assignment read through `at`.
template <class F>
std::vector<int> discrete(int rows, int cols, F at) {
  std::vector<double> sc(static_cast<size_t>(rows) * cols);
  for (int a = 0; a < rows; ++a)
    for (int i = 0; i < cols; ++i) sc[static_cast<size_t>(a) * cols + i] = at(a, i);
  return gm::hungarian_max(sc, rows, cols);
}

void progress_cb(int done, int total, void* ctx) {
  auto* p = static_cast<g::progress*>(ctx);
  (void)total;
  p->update(done);
}

int run(const options& o) {
  // Every zone (MPI rank; gm_zones.cpp spreads the set's pairs over them)
  // runs this driver on the same graphs; zone 0 prints and writes files.
  const bool leader = hy::zones::leader();
  if (!leader && !std::freopen("/dev/null", "w", stdout)) throw std::runtime_error("cannot silence stdout");
  std::vector<gm::attr_graph> graphs;
  std::string source;
  if (!o.generate.empty()) {
    gm::gen_spec spec = gm::gen_spec::parse(o.generate);
    if (o.generate.find("seed=") == std::string::npos) spec.seed = static_cast<std::uint64_t>(o.seed);
    graphs = gm::generate(spec);
    source = "generated " + o.generate;
  } else {
    const std::vector<std::string> files = o.list.empty() ? o.inputs : gm::read_list(o.list);
    for (const auto& f : files) graphs.push_back(gm::read_graph(f));
    source = o.list.empty() ? "files" : o.list;
  }
  if (!o.write_dir.empty()) {
    std::ofstream list(o.write_dir + "/list.txt");
    for (size_t k = 0; k < graphs.size(); ++k) {
      gm::write_graph(graphs[k], o.write_dir + "/g" + std::to_string(k) + ".ag");
      list << "g" << k << ".ag\n";
    }
    std::printf("wrote %zu graphs and list.txt to %s\n", graphs.size(), o.write_dir.c_str());
    return kExitOk;
  }
  const std::string mode = !o.mode.empty() ? o.mode : graphs.size() == 2 ? "pair" : "set";
  if (mode != "pair" && o.compat != "gr") throw g::usage_error("--compat product is for --mode pair");
  if (graphs.size() < 2) throw g::usage_error("need at least two graphs");
  if (mode == "pair" && graphs.size() != 2) throw g::usage_error("--mode pair needs exactly two graphs");
  const g::run_device dev = g::current_device();
  const bool show = !o.quiet && g::show_progress(o.progress);
  g::report rep("graph matching");
  rep.set("mode", mode).set("graphs", static_cast<int>(graphs.size())).set("n", graphs[0].n).set("source", source);
  rep.set("build", dev.build).set("device", dev.label).set("device_kind", dev.kind);
  if (!dev.fallback.empty()) rep.set("fallback", dev.fallback);
  rep.set("B", gm::kTile);
  const gm::params& p = o.p;
  rep.set("params", "beta0 " + std::to_string(p.beta0) + ", rate " + std::to_string(p.beta_rate) + ", final " +
                        std::to_string(p.beta_final) + ", I0 " + std::to_string(p.iters0) + ", I1 " +
                        std::to_string(p.iters1) + ", eps0 " + std::to_string(p.eps0) + ", eps1 " +
                        std::to_string(p.eps1) + ", alpha " + std::to_string(p.alpha));
  result res;
  long long correct = 0, total = 0;
  int status = kExitOk;
  std::vector<double> times;

  if (mode == "pair") {
    const gm::q_variant v = o.variant == "naive" ? gm::q_variant::naive
                          : o.variant == "tiled" ? gm::q_variant::tiled
                          : o.variant == "product" ? gm::q_variant::product : gm::q_variant::reordered;
    const gm::pair_input in =
        to_pair(graphs[0], graphs[1], v == gm::q_variant::product ? gm::kProdTile : gm::kTile);
    rep.set("variant", o.variant).set("compat", o.compat).set("padded_n", in.R);
    gm::pair_state s;
    if (o.q_steps > 0) {  // the Q step alone, from a uniform P
      s.P = hy::array<float, 2>(in.R, in.R);
      s.Q = hy::array<float, 2>(in.R, in.R);
      for (int a = 0; a < in.n1; ++a)
        for (int i = 0; i < in.n2; ++i) s.P(a, i) = 1.0f / std::max(in.n1, in.n2);
      // Warm-up (and the device copies) on a GPU; a CPU step has nothing to
      // warm, and a serial one at n = 512 takes a minute.
      if (dev.kind == "gpu") gm::q_step(in, p.alpha, p.product, v, s);
      // N steps in one call: on the GPU the arrays stay there and Q comes
      // back once at the end (its copy is in the time, shared by N steps).
      const double t0 = g::now_seconds();
      gm::q_step(in, p.alpha, p.product, v, s, static_cast<int>(o.q_steps));
      const double total = g::now_seconds() - t0;
      times.push_back(total / o.q_steps);
      const g::timing_result t = g::summarize(times);
      rep.set("q_steps_timed", o.q_steps).set("q_total_s", total);
      const double terms = double(in.R) * in.R * in.R * (v == gm::q_variant::product ? 2.0 : in.R);
      rep.set("q_step_s", t.median).set("times_s", t.seconds).set("terms_per_s", terms / t.median);
      std::vector<float> q(static_cast<size_t>(in.n1) * in.n2);
      for (int a = 0; a < in.n1; ++a)
        for (int i = 0; i < in.n2; ++i) q[static_cast<size_t>(a) * in.n2 + i] = s.Q(a, i);
      if (!o.write_q.empty()) {  // for tests that check Q_sum against their own sum
        std::ofstream out(o.write_q, std::ios::binary);
        out.write(reinterpret_cast<const char*>(q.data()), static_cast<std::streamsize>(q.size() * sizeof(float)));
        if (!out) throw std::runtime_error("cannot write " + o.write_q);
      }
      double qsum = 0;
      for (float x : q) qsum += x;
      rep.set("Q", hex(fnv(q.data(), q.size() * sizeof(float)))).set("Q_sum", qsum);
      rep.print(std::cout, o.json);
      return kExitOk;
    }
    gm::params pr = p;
    const int all_rounds = gm::round_count(p);
    if (o.rounds > 0 && o.rounds < all_rounds) {  // the first N rounds only
      float b = p.beta0;
      for (int r = 0; r < o.rounds; ++r) b *= p.beta_rate;
      pr.beta_final = b;
    }
    gm::run_stats st;
    for (std::int64_t r = 0; r < (o.repeat > 1 ? o.repeat + 1 : 1); ++r) {
      g::progress bar("gm beta", gm::round_count(pr), show);
      bar.set_delay(2);
      const double t0 = g::now_seconds();
      st = gm::match_pair(in, pr, v, s, progress_cb, &bar);
      (void)s.P(0, 0);
      const double t = g::now_seconds() - t0;
      bar.finish();
      if (o.repeat == 1 || r > 0) times.push_back(t);
    }
    const g::timing_result t = g::summarize(times);
    rep.set("rounds", st.rounds).set("q_steps", st.q_steps).set("sinkhorn_iterations", st.sinkhorn);
    rep.set("time_s", t.median).set("times_s", t.seconds);
    if (st.rounds < all_rounds)
      rep.set("extrapolated_s", t.median * all_rounds / st.rounds).set("all_rounds", all_rounds);
    res.P.resize(static_cast<size_t>(in.n1) * in.n2);
    for (int a = 0; a < in.n1; ++a)
      for (int i = 0; i < in.n2; ++i) res.P[static_cast<size_t>(a) * in.n2 + i] = s.P(a, i);
    res.match = discrete(in.n1, in.n2, [&](int a, int i) { return s.P(a, i); });
    gm::score(graphs[0], graphs[1], res.match, &correct, &total);
    if (o.verify) {
      gm::pair_state ref;
      gm::match_pair(in, pr, gm::q_variant::naive, ref);
      result r2;
      r2.P.resize(res.P.size());
      for (int a = 0; a < in.n1; ++a)
        for (int i = 0; i < in.n2; ++i) r2.P[static_cast<size_t>(a) * in.n2 + i] = ref.P(a, i);
      r2.match = discrete(in.n1, in.n2, [&](int a, int i) { return ref.P(a, i); });
      double d;
      std::string why;
      const bool ok = same(res, r2, o.tolerance, &d, &why);
      rep.set("verify", ok ? "matches the naive nest (same assignment, max |dP| " + std::to_string(d) + ")"
                           : "FAILED against the naive nest: " + why + ", max |dP| " + std::to_string(d));
      if (!ok) status = kExitMismatch;
    }
  } else if (mode == "set") {
    const gm::graph_set set = to_set(graphs);
    const int m = set.m, np = m * (m - 1) / 2;
    hy::array<int, 2> pairs(np, 2);
    for (int k = 0, q = 0; k < m; ++k)
      for (int l = k + 1; l < m; ++l, ++q) {
        pairs(q, 0) = k;
        pairs(q, 1) = l;
      }
    gm::set_state s;
    for (std::int64_t r = 0; r < (o.repeat > 1 ? o.repeat + 1 : 1); ++r) {
      const double t0 = g::now_seconds();
      gm::match_set_zones(set, pairs, p, s);
      (void)s.P(0, 0, 0);
      if (o.repeat == 1 || r > 0) times.push_back(g::now_seconds() - t0);
    }
    const g::timing_result t = g::summarize(times);
    long long steps = 0;
    for (int q = 0; q < np; ++q) steps += s.steps(q);
    rep.set("pairs", np).set("q_steps", steps).set("time_s", t.median).set("times_s", t.seconds);
    rep.set("pairs_per_s", np / t.median);
    for (int q = 0; q < np; ++q) {
      const int k = pairs(q, 0), l = pairs(q, 1), n1 = graphs[k].n, n2 = graphs[l].n;
      for (int a = 0; a < n1; ++a)
        for (int i = 0; i < n2; ++i) res.P.push_back(s.P(q, a, i));
      const std::vector<int> mt = discrete(n1, n2, [&](int a, int i) { return s.P(q, a, i); });
      res.match.insert(res.match.end(), mt.begin(), mt.end());
      gm::score(graphs[k], graphs[l], mt, &correct, &total);
    }
    if (o.verify) {  // the set kernel sums in the naive nest's order: equal bits
      const int kp = static_cast<int>(std::min<std::int64_t>(o.verify_pairs, np));
      int bad = 0;
      for (int q = 0; q < kp; ++q) {
        const int idx = static_cast<int>((static_cast<long long>(q) * np) / kp);
        const int k = pairs(idx, 0), l = pairs(idx, 1);
        const gm::pair_input in = to_pair(graphs[k], graphs[l]);
        gm::pair_state ref;
        gm::match_pair(in, p, gm::q_variant::naive, ref);
        for (int a = 0; a < in.n1; ++a)
          for (int i = 0; i < in.n2; ++i)
            if (std::memcmp(&ref.P(a, i), &s.P(idx, a, i), sizeof(float)) != 0) ++bad;
      }
      rep.set("verify", bad == 0 ? "matches the one-pair naive kernels bit for bit on " + std::to_string(kp) + " pairs"
                                 : "FAILED: " + std::to_string(bad) + " entries of P differ from the one-pair kernels");
      if (bad) status = kExitMismatch;
    }
  } else {  // labels
    if (o.verify) throw g::usage_error("--verify: --mode labels has no second implementation; compare builds with --output/--compare");
    const gm::graph_set set = to_set(graphs);
    gm::label_state s;
    gm::run_stats st;
    for (std::int64_t r = 0; r < (o.repeat > 1 ? o.repeat + 1 : 1); ++r) {
      g::progress bar("gm labels", gm::round_count(p), show);
      bar.set_delay(2);
      const double t0 = g::now_seconds();
      st = gm::common_labelling(set, p, s, progress_cb, &bar);
      (void)s.U(0, 0, 0);
      bar.finish();
      if (o.repeat == 1 || r > 0) times.push_back(g::now_seconds() - t0);
    }
    const g::timing_result t = g::summarize(times);
    rep.set("rounds", st.rounds).set("q_steps", st.q_steps).set("time_s", t.median).set("times_s", t.seconds);
    std::vector<std::vector<int>> label(set.m);
    for (int k = 0; k < set.m; ++k) {
      for (int a = 0; a < graphs[k].n; ++a)
        for (int x = 0; x < gm::kSmall; ++x) res.P.push_back(s.U(k, a, x));
      label[k] = discrete(graphs[k].n, gm::kSmall, [&](int a, int x) { return s.U(k, a, x); });
      res.match.insert(res.match.end(), label[k].begin(), label[k].end());
    }
    // Pairwise correspondences the labels induce: a of k <-> the vertex of l
    // with the same label.
    for (int k = 0; k < set.m; ++k)
      for (int l = k + 1; l < set.m; ++l) {
        std::vector<int> byLabel(gm::kSmall, -1), mt(graphs[k].n, -1);
        for (int i = 0; i < graphs[l].n; ++i)
          if (label[l][i] >= 0) byLabel[label[l][i]] = i;
        for (int a = 0; a < graphs[k].n; ++a)
          if (label[k][a] >= 0) mt[a] = byLabel[label[k][a]];
        gm::score(graphs[k], graphs[l], mt, &correct, &total);
      }
  }
  if (total > 0)
    rep.set("accuracy", double(correct) / total).set("correct", correct).set("with_truth", total);
  rep.set("assignment", hex(fnv(res.match.data(), res.match.size() * sizeof(int))));
  rep.set("P", hex(fnv(res.P.data(), res.P.size() * sizeof(float))));
  if (!o.output.empty() && leader) write_result(res, o.output);
  if (!o.compare.empty()) {
    double d;
    std::string why;
    const bool ok = same(res, read_result(o.compare), o.tolerance, &d, &why);
    rep.set("compare", ok ? "matches (same assignments, max |dP| " + std::to_string(d) + ")"
                          : "FAILED: " + why + ", max |dP| " + std::to_string(d));
    if (!ok) status = kExitMismatch;
  }
  rep.print(std::cout, o.json);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  try {
    cli c(o);
    if (!c.parse(argc, argv)) return kExitOk;
    return run(o);
  } catch (const g::usage_error& e) {
    std::fprintf(stderr, "gm: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gm: error: %s\n", e.what());
    return kExitUsage;
  }
}

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
#include <stdexcept>
#include <string>
#include <vector>

#include <hy_graph/cli.hpp>
#include <hy_graph/dense.hpp>
#include <hy_graph/reference.hpp>
#include <hy_graph/generators.hpp>
#include <hy_graph/io.hpp>
#include <hy_graph/random.hpp>
#include <hy_graph/types.hpp>

#include "fw_kernels.hpp"

namespace {

using clock_type = std::chrono::steady_clock;
using hy::graph::vid;

// Exit statuses.
constexpr int kExitOk = 0;
constexpr int kExitUsage = 1;     // bad option or input
constexpr int kExitMismatch = 2;  // --verify / --compare found a difference
constexpr int kExitNegCycle = 3;  // the graph has a negative cycle

struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const char* kUsage = R"(usage: fw [options] (INPUT | --generate SPEC)
All-pairs shortest paths by blocked Floyd-Warshall.

Input:
  INPUT, --input INPUT   graph file: .gr (DIMACS), .mtx (Matrix Market),
                         .txt/.el (edge list), .hyg; optionally .gz
  --generate SPEC        the toolkit's generators:
                         dense:n=N[,density=P][,seed=S]   random directed
                         grid:rows=R,cols=C[,diag=1][,seed=S]
                         er:n=N,p=P[,seed=S]   rmat:scale=K[,ef=E][,seed=S]
                         ba:n=N,m=M[,seed=S]
                         and bench:n=N[,seed=S], the graph of bench/floyd_warshall
  --weights int:W|real   int32 weights in [1,W] (default int:100) or float
                         (real: uniform in [0,1)); unweighted files get
                         random weights only when --weights is given
  --negative H           shift weights by vertex potentials in [0,H]:
                         w(u,v) += h(u) - h(v); negative edges, no new cycles
Run:
  --paths                also compute next hops (path reconstruction)
  --path U V             print a shortest path from U to V (1-based ids)
  --budget BYTES         memory for the matrix (suffix K, M, G); a larger
                         matrix runs out of core, streamed in super-blocks
  --repeat N             one warm-up run, then N timed runs; report median
Check and output:
  --verify               compare with a simple triple-loop Floyd-Warshall
                         (n <= --verify-max, default 2048); with --paths
                         also walk every path and add up its edges
  --compare FILE         compare with a result saved by --output
  --output FILE          write the distance matrix (binary, see README)
  --print                print the matrix (small n)
  --json                 print a JSON summary instead of text
  --quiet                no progress line
Exit status: 0 ok, 1 bad usage or input, 2 verification mismatch,
3 negative cycle (reported; the distances are then meaningless).
)";

struct options {
  std::string input;
  std::string generate;
  std::string weights = "int:100";
  bool weights_given = false;
  long long negative = 0;
  bool paths = false;
  bool want_path = false;
  long long path_u = 0, path_v = 0;
  unsigned long long budget = 0;  // 0: unlimited
  int repeat = 1;
  bool verify = false;
  long long verify_max = 2048;
  std::string compare, output;
  bool print = false, json = false, quiet = false;
};

long long parse_int(const std::string& s, const char* what) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || errno)
    throw usage_error(std::string("bad ") + what + " '" + s + "': expected an integer");
  return v;
}
unsigned long long parse_bytes(const std::string& s) {
  std::string num = s;
  unsigned long long mult = 1;
  if (!num.empty()) {
    const char c = num.back();
    if (c == 'K' || c == 'k') mult = 1ull << 10;
    if (c == 'M' || c == 'm') mult = 1ull << 20;
    if (c == 'G' || c == 'g') mult = 1ull << 30;
    if (mult != 1) num.pop_back();
  }
  const long long v = parse_int(num, "--budget");
  if (v <= 0) throw usage_error("--budget must be positive");
  return static_cast<unsigned long long>(v) * mult;
}

options parse_args(int argc, char** argv) {
  options o;
  auto need = [&](int& i, int count) {
    if (i + count >= argc) throw usage_error(std::string(argv[i]) + " needs an argument");
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(kExitOk);
    } else if (a == "--generate") {
      need(i, 1);
      o.generate = argv[++i];
    } else if (a == "--weights") {
      need(i, 1);
      o.weights = argv[++i];
      o.weights_given = true;
    } else if (a == "--input") {
      need(i, 1);
      if (!o.input.empty()) throw usage_error("more than one input file");
      o.input = argv[++i];
    } else if (a == "--negative") {
      need(i, 1);
      o.negative = parse_int(argv[++i], "--negative");
      if (o.negative < 0) throw usage_error("--negative must be >= 0");
    } else if (a == "--paths") {
      o.paths = true;
    } else if (a == "--path") {
      need(i, 2);
      o.want_path = o.paths = true;
      o.path_u = parse_int(argv[++i], "--path U");
      o.path_v = parse_int(argv[++i], "--path V");
    } else if (a == "--budget") {
      need(i, 1);
      o.budget = parse_bytes(argv[++i]);
    } else if (a == "--repeat") {
      need(i, 1);
      o.repeat = static_cast<int>(parse_int(argv[++i], "--repeat"));
      if (o.repeat < 1) throw usage_error("--repeat must be >= 1");
    } else if (a == "--verify") {
      o.verify = true;
    } else if (a == "--verify-max") {
      need(i, 1);
      o.verify_max = parse_int(argv[++i], "--verify-max");
    } else if (a == "--compare") {
      need(i, 1);
      o.compare = argv[++i];
    } else if (a == "--output") {
      need(i, 1);
      o.output = argv[++i];
    } else if (a == "--print") {
      o.print = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--quiet") {
      o.quiet = true;
    } else if (!a.empty() && a[0] == '-') {
      throw usage_error("unknown option '" + a + "' (see --help)");
    } else if (o.input.empty()) {
      o.input = a;
    } else {
      throw usage_error("more than one input file ('" + o.input + "', '" + a + "')");
    }
  }
  if (o.input.empty() == o.generate.empty())
    throw usage_error("give exactly one of INPUT or --generate SPEC (see --help)");
  return o;
}

// ---------------------------------------------------------------------------
// Graph construction
// ---------------------------------------------------------------------------

// The benchmark graph shared with bench/floyd_warshall/*: pair (i, j), i != j,
// is an edge with probability 1/2 and weight 1 + (h mod 1000), where
// h = splitmix64(seed * 2^32 + i * n + j). Keep in step with the baselines.
std::int32_t bench_weight(std::uint64_t seed, std::uint64_t n, std::uint64_t i, std::uint64_t j) {
  const std::uint64_t h = hy::graph::splitmix64((seed << 32) + i * n + j);
  if ((h >> 63) != 0) return hy::graph::infinity<std::int32_t>();
  return static_cast<std::int32_t>(1 + h % 1000);
}

// Reads or generates the graph through the toolkit (its --generate
// convention), except "bench", which the baselines reproduce standalone.
template <class W>
hy::graph::dense_matrix<W> make_matrix(const options& o) {
  using namespace hy::graph;
  if (o.generate.rfind("bench:", 0) == 0) {
    std::int64_t n = -1;
    std::uint64_t seed = 1;
    std::string rest = o.generate.substr(6);
    for (std::size_t pos = 0; pos < rest.size();) {
      std::size_t comma = rest.find(',', pos);
      if (comma == std::string::npos) comma = rest.size();
      const std::string item = rest.substr(pos, comma - pos);
      if (item.rfind("n=", 0) == 0)
        n = parse_int(item.substr(2), "bench n");
      else if (item.rfind("seed=", 0) == 0)
        seed = static_cast<std::uint64_t>(parse_int(item.substr(5), "bench seed"));
      else
        throw usage_error("--generate bench: unknown key in '" + item + "' (n=, seed=)");
      pos = comma + 1;
    }
    if (n < 1 || n > (1 << 20)) throw usage_error("--generate bench: needs n=1..2^20");
    dense_matrix<W> m(static_cast<vid>(n));
    for (vid i = 0; i < n; ++i)
      for (vid j = 0; j < n; ++j) {
        const std::int32_t w = bench_weight(seed, n, i, j);
        m(i, j) = i == j ? W{0} : is_infinite(w) ? infinity<W>() : static_cast<W>(w);
      }
    return m;
  }
  graph_options g;
  g.input = o.input;
  g.generate = o.generate;
  g.weights = weight_spec::parse(o.weights);
  g.weights_given = o.weights_given;
  g.policy.self_loops = self_loop_policy::keep;  // a negative self-loop is a negative cycle
  return load_dense<W>(g);
}

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

struct progress_state {
  clock_type::time_point start, last;
  bool shown = false;
  bool enabled = false;
  const char* what = "round";
};

void progress_cb(int done, int total, void* ctx) {
  auto* s = static_cast<progress_state*>(ctx);
  if (!s->enabled) return;
  const auto now = clock_type::now();
  const double since = std::chrono::duration<double>(now - s->start).count();
  if (since < 2.0 && done < total) return;
  if (!s->shown || std::chrono::duration<double>(now - s->last).count() >= 1.0 || done == total) {
    if (!s->shown && done == total) return;  // short run: no line at all
    const double eta = done ? since * (total - done) / done : 0.0;
    std::fprintf(stderr, "\rfw: %s %d/%d  %.1f s elapsed, ~%.1f s left   ", s->what, done, total,
                 since, eta);
    if (done == total) std::fputc('\n', stderr);
    std::fflush(stderr);
    s->shown = true;
    s->last = now;
  }
}

std::string json_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    r += c;
  }
  return r;
}

template <class W>
int run(const options& o) {
  using namespace hy::graph;
  const auto t_load = clock_type::now();
  dense_matrix<W> m = make_matrix<W>(o);
  const vid n = m.n;
  if (n <= 0) throw usage_error("the graph has no vertices");
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

  // Runs: warm-up (when repeating) plus `repeat` timed ones.
  hy::array<W, 2> D;
  hy::array<int, 2> N;
  std::vector<double> times, transfer_times;  // per timed run
  fw::ooc_info info;
  progress_state ps;
  ps.enabled = !o.quiet;
  ps.what = ooc ? "super-round" : "round";
  const int runs = o.repeat > 1 ? o.repeat + 1 : 1;
  for (int r = 0; r < runs; ++r) {
    D = D0;
    if (o.paths) N = N0;
    ps.start = clock_type::now();
    ps.shown = false;
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
  vid first_neg = -1;
  for (vid i = 0; i < n; ++i)
    for (vid j = 0; j < n; ++j) {
      W x = D(i, j);
      if (unreachable(x)) {
        x = fw::infinity<W>();
        ++unreach;
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
  if (o.verify) {
    if (n > o.verify_max)
      throw usage_error("--verify: n = " + std::to_string(n) + " is above --verify-max " +
                        std::to_string(o.verify_max) + " (the reference is O(n^3) serial)");
    // The independent check: the toolkit's textbook triple loop.
    dense_matrix<W> refm = m;
    hy::graph::floyd_warshall(refm);
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
  if (o.json) {
    std::printf("{\"n\": %d, \"padded_n\": %d, \"weights\": \"%s\", \"mode\": \"%s\", "
                "\"super_block\": %d, \"paths\": %s, \"repeat\": %d, \"time_s\": %.6f, "
                "\"relaxations_per_s\": %.6e, \"transfer_s\": %.6f, \"compute_s\": %.6f, "
                "\"compute_relaxations_per_s\": %.6e, \"load_s\": %.3f, \"unreachable_pairs\": %lld, "
                "\"negative_cycle\": %s, \"checksum\": \"%016" PRIx64 "\"",
                n, np, wname, ooc ? "out-of-core" : "in-core", super_block,
                o.paths ? "true" : "false", o.repeat, median, rate, transfer_s, compute_s,
                compute_rate, load_s, unreach,
                neg_diag ? "true" : "false", checksum);
    if (o.verify) std::printf(", \"verify\": \"%s\"", json_escape(verify_msg).c_str());
    if (!o.compare.empty()) std::printf(", \"compare\": \"%s\"", json_escape(compare_msg).c_str());
    std::printf("}\n");
  } else {
    std::printf("graph: n = %d (padded to %d, %d tiles of %d), %s weights%s\n", n, np, nb, fw::kTile,
                wname, o.negative ? ", reweighted by potentials" : "");
    if (ooc)
      std::printf("mode: out of core, budget %llu bytes, super-block %d, %d super-rounds, %.3g GB staged\n",
                  o.budget, super_block, info.super_rounds, info.bytes_staged / 1e9);
    else
      std::printf("mode: in core%s\n", o.paths ? ", with next hops" : "");
    std::printf("time: %.6f s%s (load %.3f s)\n", median,
                o.repeat > 1 ? (" (median of " + std::to_string(o.repeat) + ", after a warm-up)").c_str() : "",
                load_s);
    auto show_rate = [](double r) {
      char buf[64];
      std::snprintf(buf, sizeof buf, r >= 1e12 ? "%.3f T" : "%.3f G", r >= 1e12 ? r / 1e12 : r / 1e9);
      return std::string(buf);
    };
    std::printf("rate: %s relaxations/s (n^3 = %.4g)\n", show_rate(rate).c_str(), relax);
    if (transfer_s > 0)
      std::printf("transfers: %.6f s host<->device; without them %.6f s, %s relaxations/s\n",
                  transfer_s, compute_s, show_rate(compute_rate).c_str());
    std::printf("unreachable pairs: %lld of %lld\n", unreach, (long long)n * n);
    std::printf("checksum: %016" PRIx64 "\n", checksum);
    if (o.verify) std::printf("verify: %s\n", verify_msg.c_str());
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
    const options o = parse_args(argc, argv);
    const auto ws = hy::graph::weight_spec::parse(o.weights);
    static_assert(fw::infinity<std::int32_t>() == hy::graph::infinity<std::int32_t>(),
                  "kernel and toolkit infinity must agree");
    if (ws.kind == hy::graph::weight_spec::real) return run<float>(o);
    return run<std::int32_t>(o);
  } catch (const usage_error& e) {
    std::fprintf(stderr, "fw: error: %s\n", e.what());
    return kExitUsage;
  } catch (const hy::graph::format_error& e) {
    std::fprintf(stderr, "fw: error: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fw: error: %s\n", e.what());
    return kExitUsage;
  }
}

// Shared by the hand-written Floyd-Warshall baselines: the benchmark graph
// (the same as `fw --generate bench:n=N,seed=S` of samples/floyd_warshall),
// the checksum and the result normalisation. Header-only, no dependencies.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace fwb {

constexpr std::int32_t kInf = (1 << 30) - 1;  // hy::graph::infinity<int32_t>()

inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Pair (i, j), i != j, is an arc with probability 1/2, weight 1..1000.
inline std::int32_t weight(std::uint64_t seed, std::uint64_t n, std::uint64_t i, std::uint64_t j) {
  if (i == j) return 0;
  const std::uint64_t h = splitmix64((seed << 32) + i * n + j);
  if ((h >> 63) != 0) return kInf;
  return static_cast<std::int32_t>(1 + h % 1000);
}

// n x n matrix padded to ld x ld (padding: no arcs, 0 on the diagonal).
inline std::vector<std::int32_t> make_graph(int n, int ld, std::uint64_t seed) {
  std::vector<std::int32_t> d(static_cast<std::size_t>(ld) * ld, kInf);
  for (int i = 0; i < ld; ++i) d[static_cast<std::size_t>(i) * ld + i] = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) d[static_cast<std::size_t>(i) * ld + j] = weight(seed, n, i, j);
  return d;
}

// FNV-1a 64 of the n x n result, unreachable (> inf/2) as inf: the value the
// sample prints as "checksum".
inline std::uint64_t checksum(const std::vector<std::int32_t>& d, int n, int ld) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      std::int32_t x = d[static_cast<std::size_t>(i) * ld + j];
      if (x > kInf / 2) x = kInf;
      const auto* b = reinterpret_cast<const unsigned char*>(&x);
      for (int t = 0; t < 4; ++t) h = (h ^ b[t]) * 0x100000001b3ull;
    }
  return h;
}

struct args {
  int n = 1024;
  std::uint64_t seed = 1;
  int repeat = 3;
};
inline args parse(int argc, char** argv, const char* name) {
  args a;
  if (argc < 2 || argc > 4) {
    std::fprintf(stderr, "usage: %s N [SEED [REPEAT]]\n  times Floyd-Warshall on the bench graph "
                         "(one warm-up, median of REPEAT runs)\n", name);
    std::exit(1);
  }
  a.n = std::atoi(argv[1]);
  if (argc > 2) a.seed = std::strtoull(argv[2], nullptr, 10);
  if (argc > 3) a.repeat = std::atoi(argv[3]);
  if (a.n < 1 || a.repeat < 1) {
    std::fprintf(stderr, "%s: N and REPEAT must be positive\n", name);
    std::exit(1);
  }
  return a;
}

inline double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  const std::size_t m = t.size() / 2;
  return t.size() % 2 ? t[m] : 0.5 * (t[m - 1] + t[m]);
}

// The lines run.sh reads.
inline void report(const char* variant, int n, int repeat, double secs, std::uint64_t sum) {
  const double rate = double(n) * n * n / secs;
  std::printf("variant: %s\nn: %d\ntime: %.6f s (median of %d after a warm-up)\n", variant, n, secs,
              repeat);
  if (rate >= 1e12)
    std::printf("rate: %.3f T relaxations/s\n", rate / 1e12);
  else
    std::printf("rate: %.3f G relaxations/s\n", rate / 1e9);
  std::printf("checksum: %016llx\n", static_cast<unsigned long long>(sum));
}

/// The line GPU baselines add: host <-> device copies, as the sample prints it.
inline void report_transfers(int n, double transfer_s, double compute_s) {
  const double rate = double(n) * n * n / compute_s;
  std::printf("transfers: %.6f s host<->device; without them %.6f s, %.3f %s relaxations/s\n",
              transfer_s, compute_s, rate >= 1e12 ? rate / 1e12 : rate / 1e9,
              rate >= 1e12 ? "T" : "G");
}

}  // namespace fwb

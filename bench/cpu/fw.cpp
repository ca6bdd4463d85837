// bench/cpu driver for samples/floyd_warshall: the sample's blocked
// Floyd-Warshall (64 x 64 tiles, register sub-tiles as SIMD lanes on the
// CPU) on a random graph of 1024 x scale vertices.
#include HY_SOURCE
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int nb = 16 * a.scale, n = nb * fw::kTile;
  std::uint32_t seed = 23;
  hy::array<std::int32_t, 2> D0(n, n), D(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      D0(i, j) = i == j ? 0
                 : bench::lcg(seed) % 8 == 0 ? static_cast<std::int32_t>(bench::lcg(seed) % 100) + 1
                                              : fw::infinity<std::int32_t>();
  bench::measure(a, "fw_sample", bench::size("n", n), [&] { D = D0; },
                 [&] { fw::fw_blocked<std::int32_t>(D, nb); }, [&] { return bench::hash(D); });
}

// bench/cpu driver for test/e2e/floyd.cpp: blocked Floyd-Warshall with
// 8 x 8 tiles (three phases per round), n = 768 x scale.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int nb = 96 * a.scale, n = nb * 8;
  std::uint32_t seed = 3;
  hy::array<int, 2> D0(n, n), D(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      D0(i, j) = i == j ? 0 : bench::lcg(seed) % 4 == 0 ? static_cast<int>(bench::lcg(seed) % 100) + 1 : INF;
  bench::measure(a, "floyd", bench::size("n", n), [&] { D = D0; }, [&] { floyd(D, nb); },
                 [&] { return bench::hash(D); });
}

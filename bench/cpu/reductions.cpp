// bench/cpu driver for test/e2e/reductions.cpp: Jacobi relaxation rounds
// with a max-reduced flag read by the host loop after each launch.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int n = (1 << 22) * a.scale;
  std::uint32_t seed = 13;
  hy::array<int, 1> d0(n), d(n), e(n), changed(1);
  for (int i = 0; i < n; ++i)
    d0(i) = static_cast<int>(bench::lcg(seed) % 64);
  int rounds = 0;
  bench::measure(a, "reductions.until_stable", bench::size("n", n), [&] { d = d0; },
                 [&] { rounds = until_stable(d, e, changed, n); },
                 [&] { return bench::hash(d, static_cast<unsigned long long>(rounds)); });
}

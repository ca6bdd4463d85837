// bench/cpu driver for test/e2e/scatter.cpp: histograms through a
// privatized tile (256 bins) and straight into a 4096-bin array, and
// argmin/argmax.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int n = (1 << 24) * a.scale;
  std::uint32_t seed = 19;
  hy::array<int, 1> key(n), hist(256);
  hy::array<long long, 1> big(4096);
  hy::array<float, 1> x(n);
  for (int i = 0; i < n; ++i) {
    key(i) = static_cast<int>(bench::lcg(seed) >> 8);
    x(i) = static_cast<float>(bench::lcg(seed) % 100000);
  }
  hy::minloc<float, int> lo;
  hy::maxloc<float, long long> hi;
  const std::string size = bench::size("n", n);
  bench::measure(a, "scatter.hist_tile", size, [&] { hist.fill(0); },
                 [&] { histTile(key, hist, n); }, [&] { return bench::hash(hist); });
  bench::measure(a, "scatter.hist_global", size, [&] { big.fill(0); },
                 [&] { histGlobal(key, big, n); }, [&] { return bench::hash(big); });
  bench::measure(
      a, "scatter.extremes", size,
      [&] {
        lo = hy::minloc<float, int>();
        hi = hy::maxloc<float, long long>();
      },
      [&] { extremes(x, n, lo, hi); },
      [&] { return static_cast<unsigned long long>(lo.index) * 31 + static_cast<unsigned long long>(hi.index); });
}

// bench/cpu driver for test/e2e/tiles.cpp: 3-D tiles (cube) and the
// multi-step smoothing with two tiles per block.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int nz = 8192 * a.scale, nb = 8192 * a.scale;
  std::uint32_t seed = 11;
  hy::array<double, 3> c(nz, 16, 8), g(nz, 16, 8);
  for (std::size_t i = 0; i < g.size(); ++i)
    g.data()[i] = static_cast<double>(bench::lcg(seed) % 64);
  hy::array<int, 1> x0(nb * 256), x(nb * 256), sm(nb * 256);
  for (std::size_t i = 0; i < x0.size(); ++i)
    x0.data()[i] = static_cast<int>(bench::lcg(seed) % 1000);
  bench::measure(a, "tiles.cube", bench::size("nz", nz) + "x16x8,x30", [&] { c.fill(1.0); },
                 [&] { for (int r = 0; r < 30; ++r) cube(c, g, nz); }, [&] { return bench::hash(c); });
  bench::measure(a, "tiles.smooth", bench::size("n", nb * 256), [&] { x = x0; },
                 [&] { smooth(x, sm, nb, bench::opaque(8)); }, [&] { return bench::hash(x, bench::hash(sm)); });
}

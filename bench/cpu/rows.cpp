// bench/cpu driver for test/e2e/rows.cpp: the register-blocked update
// (4 x 8 threads owning 2 x 4 sub-tiles, a fetched A panel) and the
// per-thread runs, on 256 x 128 x scale blocks.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int rb = 256 * a.scale, cb = bench::opaque(128), rows = rb * TY * RY, cols = cb * TX * RX;
  std::uint32_t seed = 5;
  hy::array<int, 2> C(rows, cols), A(rows, K), S(rb * TY, cb * TX);
  for (std::size_t i = 0; i < A.size(); ++i)
    A.data()[i] = static_cast<int>(bench::lcg(seed) % 100);
  const int nr = 16384 * a.scale;
  std::vector<int> v(nr * 128 + 64), w(nr * 128 + 64);
  for (auto &x : w)
    x = static_cast<int>(bench::lcg(seed) % 1000);
  bench::measure(a, "rows.update", std::to_string(rows) + "x" + std::to_string(cols) + ",x4",
                 [&] { C.fill(0); }, [&] { for (int r = 0; r < 4; ++r) update<int>(C, A, S, rb, cb); },
                 [&] { return bench::hash(C, bench::hash(S)); });
  bench::measure(a, "rows.runs", bench::size("n", nr * 128) + ",x40", bench::nothing,
                 [&] { for (int r = 0; r < 40; ++r) runs(v, w, nr, bench::opaque(16)); }, [&] {
                   unsigned long long h = 0;
                   for (int x : v)
                     h = h * 31 + static_cast<unsigned long long>(x);
                   return h;
                 });
}

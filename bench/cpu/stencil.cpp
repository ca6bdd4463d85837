// bench/cpu driver for test/e2e/stencil.cpp: the halo stencil (16 x 16
// threads on 18 x 18 tiles), the permuted-tile transpose and the many
// small problems, at `scale` times the e2e sizes per dimension.
#define main hy_e2e_main
#include HY_SOURCE
#undef main
#include "bench.hpp"

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int nb = 128 * a.scale, n = nb * 16, m = 2048 * a.scale;
  const int problems = 65536 * a.scale, len = bench::opaque(24);
  std::uint32_t seed = 7;
  hy::array<int, 2> A(n + 2, n + 2), Out(n, n), M(m, m), T(m, m);
  for (std::size_t i = 0; i < A.size(); ++i)
    A.data()[i] = static_cast<int>(bench::lcg(seed) % 1000);
  for (std::size_t i = 0; i < M.size(); ++i)
    M.data()[i] = static_cast<int>(bench::lcg(seed) % 1000);
  std::vector<long long> in(problems * len), out(problems * len);
  for (auto &v : in)
    v = static_cast<long long>(bench::lcg(seed) % 5000) - 2500;
  hy::array<long long, 2> scratch(problems, len);
  bench::measure(a, "stencil.halo", bench::size("n", n) + ",x20", bench::nothing,
                 [&] { for (int r = 0; r < 20; ++r) stencil(A, Out, nb); },
                 [&] { return bench::hash(Out); });
  bench::measure(a, "stencil.transpose", bench::size("n", m), bench::nothing,
                 [&] { transpose(M, T, m); }, [&] { return bench::hash(T); });
  bench::measure(a, "stencil.small", bench::size("problems", problems) + ",x10", bench::nothing,
                 [&] { for (int r = 0; r < 10; ++r) smallProblems(in, out, scratch, problems, len); },
                 [&] { return bench::hash(out); });
}

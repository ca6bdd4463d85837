// bench/cpu: the halo stencil of issue 16 as users write it: a tile with
// its halo, each thread's row and column in locals (r, c). Before the SIMD
// lanes recomputed such locals per lane, c became a per-lane array and the
// four reads gathers: 3-4x slower than serial on one thread.
//     halo.hy.cpp [SCALE] [REPEAT]   (annotated; translate with hyc)
#include <hy/hy.hpp>
#include "bench.hpp"

constexpr int T = 16;

void step(const hy::array<float, 2> &in, hy::array<float, 2> &out, int nb) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj)
#pragma hy parallel fetch(in : T + 2, T + 2 : bi * T, bj * T : i, j)
#pragma hy parallel for into(threads)
      for (int i = 0; i < T; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < T; ++j) {
          const int r = bi * T + 1 + i, c = bj * T + 1 + j;
          out(r, c) = 0.25f * (in(r - 1, c) + in(r + 1, c) + in(r, c - 1) + in(r, c + 1));
        }
}

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int nb = 128 * a.scale, n = nb * T + 2;
  hy::array<float, 2> x0(n, n), x(n, n), y(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      x0(i, j) = static_cast<float>((i * 7 + j * 3) % 11);
  bench::measure(
      a, "halo", bench::size("n", n) + ",20_steps", [&] { x = x0; },
      [&] {
        for (int k = 0; k < 10; ++k) {
          step(x, y, nb);
          step(y, x, nb);
        }
      },
      [&] {
        unsigned long long h = 0;
        for (int i = 0; i < n; i += 7)
          h = h * 31 + static_cast<unsigned long long>(x(i, i) * 1024.0f);
        return h;
      });
}

// bench/cpu: the histogram of issue 16 (an array-element reduction): one
// atomic per update made the OpenMP build 8x slower than serial; per-thread
// copies (hy::privatize) make it the serial loop on one thread and scale.
// 2^24 x scale keys into 256 and 65536 bins.
//     hist.hy.cpp [SCALE] [REPEAT]   (annotated; translate with hyc)
#include <hy/hy.hpp>
#include "bench.hpp"

void histogram(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int bins, int n) {
#pragma hy parallel for reduction(+ : hist)
  for (int i = 0; i < n; ++i)
    hist(key(i) % bins) += 1;
}

int main(int argc, char **argv) {
  const bench::args a = bench::parse(argc, argv);
  const int n = (1 << 24) * a.scale;
  std::uint32_t seed = 29;
  hy::array<int, 1> key(n), small(256), large(65536);
  for (int i = 0; i < n; ++i)
    key(i) = static_cast<int>(bench::lcg(seed) >> 4);
  // The bin counts as values the compiler does not see (as in a program
  // that reads them), so that no build divides by a known constant.
  const int fewBins = static_cast<int>(small.size()), manyBins = static_cast<int>(large.size());
  bench::measure(a, "hist.256_bins", bench::size("n", n), [&] { small.fill(0); },
                 [&] { histogram(key, small, fewBins, n); }, [&] { return bench::hash(small); });
  bench::measure(a, "hist.65536_bins", bench::size("n", n), [&] { large.fill(0); },
                 [&] { histogram(key, large, manyBins, n); }, [&] { return bench::hash(large); });
}

// Histogram, the hy side of issue 12's first rows (hist_cub.cu is the
// reference): N uniform random ints in [0, BINS) counted into BINS bins.
//
// The count is an array-element reduction, `hist(x(i)) += 1` under
// `reduction(+ : hist)`, which the GPU does with atomics. Done on hist itself,
// 2^28 atomics on 256 addresses would queue up behind each other, so while
// the bins fit in shared memory each block counts a chunk of the input into
// its own copy of hist: a `parallel fetch` of an array that the statement
// only adds to starts from zeros and is added to hist at the end, so the
// increments are shared-memory atomics and hist gets BINS atomics per chunk.
// Past that (65536 bins = 256 KiB) the atomics go to hist directly, where
// they spread over many addresses.
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
//   hyc --target=cuda hist.hy.cpp -o hist.cuda.cu -- -std=c++17
//   ./hist [LOG2_N=28] [BINS=256] [SEED=1] [REPEAT=7]
#include <hy/hy.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// splitmix64; item i of seed s is mix64((s << 32) + i), as in irr_common.cuh,
// so hist_cub counts the same numbers for the same seed.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

constexpr int kThreads = 256;       // threads that share one private histogram
constexpr int kChunk = 1 << 17;     // items counted into one private histogram
constexpr int kSharedBins = 12288;  // 48 KiB of counters: private histograms up to here

// hist(b) = the number of i with x(i) == b, for x(i) in [0, bins).
void histogram(const hy::array<int, 1> &x, hy::array<int, 1> &hist, int bins) {
  const int n = static_cast<int>(x.size());
#pragma hy parallel for
  for (int b = 0; b < bins; ++b)
    hist(b) = 0;
  if (bins <= kSharedBins) {
    const int chunks = (n + kChunk - 1) / kChunk;
#pragma hy parallel for reduction(+ : hist)
    for (int c = 0; c < chunks; ++c) {
      const int lo = c * kChunk, hi = std::min(n, lo + kChunk);
#pragma hy parallel fetch(hist : bins : 0 : t)
#pragma hy parallel for into(threads)
      for (int t = 0; t < kThreads; ++t)
        for (int i = lo + t; i < hi; i += kThreads)
          hist(x(i)) += 1;
    }
  } else {
#pragma hy parallel for reduction(+ : hist)
    for (int i = 0; i < n; ++i)
      hist(x(i)) += 1;
  }
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int bins = argc > 2 ? std::atoi(argv[2]) : 256;
  const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  const int repeat = argc > 4 ? std::atoi(argv[4]) : 7;
  if (log2n < 10 || log2n > 30 || bins < 1 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..30)] [BINS] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const int n = 1 << log2n;
  const int calls = 10; // per timed batch

  hy::array<int, 1> x(n), hist(bins);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    x(i) = static_cast<int>(mix64((seed << 32) + static_cast<std::uint64_t>(i)) %
                            static_cast<std::uint64_t>(bins));

  // Timing: batches of calls, each batch ended by reading a count on the
  // host (which waits for the kernels); the median batch, per call.
  histogram(x, hist, bins); // warm-up (also moves x to the GPU)
  long long sink = hist(0);
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < calls; ++k)
      histogram(x, hist, bins);
    sink += hist(0);
    const std::chrono::duration<double, std::milli> t = std::chrono::steady_clock::now() - t0;
    ms.push_back(t.count() / calls);
  }
  std::sort(ms.begin(), ms.end());

  // Check: poison the counts, count once more, compare with a serial count.
  for (int b = 0; b < bins; ++b)
    hist(b) = -12345;
  histogram(x, hist, bins);
  std::vector<int> want(bins, 0);
  bool ok = sink >= 0; // counts, never the poison
  for (int i = 0; i < n; ++i) {
    const int v = static_cast<int>(mix64((seed << 32) + static_cast<std::uint64_t>(i)) %
                                   static_cast<std::uint64_t>(bins));
    if (x(i) != v)
      ok = false;
    ++want[v];
  }
  std::uint64_t digest = 0;
  for (int b = 0; b < bins; ++b) {
    if (hist(b) != want[b]) {
      if (ok)
        std::fprintf(stderr, "hist: bin %d: %d, expected %d\n", b, hist(b), want[b]);
      ok = false;
    }
    digest = mix64(digest ^ static_cast<std::uint32_t>(want[b]));
  }
  const double med = ms[ms.size() / 2];
  std::printf("RESULT kernel=hist variant=hy size=%d param=bins=%d ms=%.6f rate=%.6g unit=Gitems/s "
              "check=%s answer=%016llx\n",
              n, bins, med, n / (med * 1e-3) / 1e9, ok ? "ok" : "FAIL",
              static_cast<unsigned long long>(digest));
  return ok ? 0 : 1;
}

// Inclusive prefix sum, the hy side of issue 27's scan row (scan_cub.cu is
// the reference, cub::DeviceScan::InclusiveSum): N ints in [0, 4), int sums.
//
// The scan is the loop `sum += x(i); out(i) = sum;` with OpenMP 5's inscan
// reduction and a scan separator (docs/language.md, "Scans"); the CUDA
// output is a single-pass kernel with decoupled look-back (docs/cuda.md).
// Each call also returns the total, which the host reads (one small copy).
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
//   hyc --target=cuda scan.hy.cpp -o scan.cuda.cu -- -std=c++17
//   ./scan [LOG2_N=28] [SEED=1] [REPEAT=7]
#include <hy/hy.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// splitmix64; item i of seed s is mix64((s << 32) + i) % 4, as scan_cub draws it.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// y(i) = x(0) + ... + x(i); returns the sum of all.
int prefix_sum(const hy::array<int, 1> &x, hy::array<int, 1> &y) {
  const int n = static_cast<int>(x.size());
  int sum = 0;
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += x(i);
#pragma hy scan inclusive(sum)
    y(i) = sum;
  }
  return sum;
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 7;
  if (log2n < 10 || log2n > 29 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..29)] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const int n = 1 << log2n;
  const int calls = 10; // per timed batch

  hy::array<int, 1> x(n), y(n);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    x(i) = static_cast<int>(mix64((seed << 32) + static_cast<std::uint64_t>(i)) % 4);

  // Timing: batches of calls (each returns its total to the host, which
  // waits for the kernel); the median batch, per call.
  long long sink = prefix_sum(x, y); // warm-up (also moves x to the GPU)
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < calls; ++k)
      sink += prefix_sum(x, y);
    const std::chrono::duration<double, std::milli> t = std::chrono::steady_clock::now() - t0;
    ms.push_back(t.count() / calls);
  }
  std::sort(ms.begin(), ms.end());

  // Check: poison the output, scan once more, compare with a serial scan.
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    y(i) = -12345;
  const int total = prefix_sum(x, y);
  bool ok = sink >= 0;
  int sum = 0;
  std::uint64_t digest = 0;
  for (int i = 0; i < n; ++i) {
    const int v = static_cast<int>(mix64((seed << 32) + static_cast<std::uint64_t>(i)) % 4);
    if (x(i) != v)
      ok = false;
    sum += v;
    if (y(i) != sum) {
      if (ok)
        std::fprintf(stderr, "scan: element %d: %d, expected %d\n", i, y(i), sum);
      ok = false;
    }
    if ((i & 0xffff) == 0xffff)
      digest = mix64(digest ^ static_cast<std::uint32_t>(sum));
  }
  digest = mix64(digest ^ static_cast<std::uint32_t>(sum));
  ok = ok && total == sum;
  const double med = ms[ms.size() / 2];
  std::printf("RESULT kernel=scan variant=hy size=%d param=int ms=%.6f rate=%.6g unit=Gitems/s "
              "check=%s answer=%016llx\n",
              n, med, n / (med * 1e-3) / 1e9, ok ? "ok" : "FAIL",
              static_cast<unsigned long long>(digest));
  return ok ? 0 : 1;
}

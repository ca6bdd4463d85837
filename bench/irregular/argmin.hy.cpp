// Argmin, the hy side of issue 12's argmin row (argmin_cub.cu is the
// reference): the smallest of N floats and its index, the first one where
// the minimum occurs more than once. The input has 7 planted copies of the
// minimum, so the answer depends on ties going to the smallest index across
// threads and blocks.
//
// hy::minloc<float, int> is a value with its index; `reduction(min : best)`
// combines the per-thread, per-block and final results by (value, index).
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
//   hyc --target=cuda argmin.hy.cpp -o argmin.cuda.cu -- -std=c++17
//   ./argmin [LOG2_N=28] [SEED=1] [REPEAT=20]
#include <hy/hy.hpp>
#include <hy/minloc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The input, as argmin_value in irr_common.cuh: floats in [1, 2) with 23
// random mantissa bits, and 0.5f at one seed-dependent place in each of the
// first 7 strides of n / 7 items.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
constexpr int kPlanted = 7;
float input_value(std::uint64_t seed, std::uint64_t i, std::uint64_t n) {
  const std::uint64_t stride = n / kPlanted, k = i / stride;
  if (k < kPlanted && i == k * stride + mix64(seed * 31 + k) % stride)
    return 0.5f;
  return 1.0f + static_cast<float>(mix64((seed << 32) + i) >> 41) * 0x1p-23f;
}

hy::minloc<float, int> argmin(const hy::array<float, 1> &x) {
  const int n = static_cast<int>(x.size());
  hy::minloc<float, int> best;
#pragma hy parallel for reduction(min : best)
  for (int i = 0; i < n; ++i)
    best.update(x(i), i);
  return best;
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 20;
  if (log2n < 10 || log2n > 30 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..30)] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const int n = 1 << log2n;

  hy::array<float, 1> x(n);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    x(i) = input_value(seed, i, n);

  // Timing: every call returns its result to the host, which waits for it.
  hy::minloc<float, int> best = argmin(x); // warm-up (also moves x to the GPU)
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    best = argmin(x);
    const std::chrono::duration<double, std::milli> t = std::chrono::steady_clock::now() - t0;
    ms.push_back(t.count());
  }
  std::sort(ms.begin(), ms.end());

  // Check against a serial scan (the result is already on the host; nothing
  // to poison but the variable, which argmin starts from the identity).
  best = hy::minloc<float, int>(-1.0f, -1);
  best = argmin(x);
  int want = 0;
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    if (x(i) != input_value(seed, i, n))
      ok = false;
    if (x(i) < x(want))
      want = i;
  }
  if (best.index != want || best.value != x(want)) {
    std::fprintf(stderr, "argmin: got %g at %d, expected %g at %d\n", best.value, best.index, x(want),
                 want);
    ok = false;
  }
  const double med = ms[ms.size() / 2];
  std::printf("RESULT kernel=argmin variant=hy size=%d param=- ms=%.6f rate=%.6g unit=Gitems/s check=%s "
              "answer=%d\n",
              n, med, n / (med * 1e-3) / 1e9, ok ? "ok" : "FAIL", want);
  return ok ? 0 : 1;
}

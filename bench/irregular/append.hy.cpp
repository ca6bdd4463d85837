// Worklist append, the hy side of issue 12's append row (append.cu holds
// the hand-written references): of N random items keep those whose hash bit
// is set (half of them), appending each to a worklist. The order of the kept
// items may differ between targets and runs; the multiset and the count may
// not, and that is what the check compares.
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
//   hyc --target=cuda append.hy.cpp -o append.cuda.cu -- -std=c++17
//   ./append [LOG2_N=26] [SEED=1] [REPEAT=7]
#include <hy/hy.hpp>
#include <hy/worklist.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// As append_item / append_keep in irr_common.cuh: items in [0, 2^31), kept
// when bit 31 of a 32-bit mix of the item is set.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
bool keep(int item) {
  std::uint32_t x = static_cast<std::uint32_t>(item);
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return (x >> 31) != 0;
}

void keep_hashed(const hy::array<int, 1> &items, hy::worklist<int> &kept) {
  const int n = static_cast<int>(items.size());
  kept.clear();
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    if (keep(items(i)))
      kept.push(items(i));
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 7;
  if (log2n < 10 || log2n > 30 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..30)] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const int n = 1 << log2n;
  const int calls = 10; // per timed batch

  hy::array<int, 1> items(n);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    items(i) = static_cast<int>(mix64((seed << 32) + static_cast<std::uint64_t>(i)) >> 33);
  hy::worklist<int> kept(n);

  // Timing: batches of calls, each batch ended by reading the count on the
  // host (which waits for the kernels); the median batch, per call.
  keep_hashed(items, kept); // warm-up (also moves the items to the GPU)
  std::size_t sink = kept.size();
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < calls; ++k)
      keep_hashed(items, kept);
    sink += kept.size();
    const std::chrono::duration<double, std::milli> t = std::chrono::steady_clock::now() - t0;
    ms.push_back(t.count() / calls);
  }
  std::sort(ms.begin(), ms.end());

  // Check: start from a worklist holding junk, append once more, compare the
  // count and an order-independent digest of the items with a serial pass.
  kept.clear();
  kept.push(-1);
  kept.push(-2);
  keep_hashed(items, kept);
  std::size_t want_n = 0;
  std::uint64_t want_digest = 0, got_digest = 0;
  bool ok = sink == (static_cast<std::size_t>(repeat) + 1) * kept.size(); // one read per batch
  for (int i = 0; i < n; ++i) {
    if (items(i) != static_cast<int>(mix64((seed << 32) + static_cast<std::uint64_t>(i)) >> 33))
      ok = false;
    if (keep(items(i))) {
      ++want_n;
      want_digest += mix64(static_cast<std::uint32_t>(items(i)));
    }
  }
  for (std::size_t k = 0; k < kept.size(); ++k)
    got_digest += mix64(static_cast<std::uint32_t>(kept(k)));
  if (kept.size() != want_n || got_digest != want_digest) {
    std::fprintf(stderr, "append: %zu items kept, expected %zu (or the items differ)\n", kept.size(),
                 want_n);
    ok = false;
  }
  const double med = ms[ms.size() / 2];
  std::printf("RESULT kernel=append variant=hy size=%d param=- ms=%.6f rate=%.6g unit=Gitems/s "
              "check=%s answer=%zu:%016llx\n",
              n, med, n / (med * 1e-3) / 1e9, ok ? "ok" : "FAIL", want_n,
              static_cast<unsigned long long>(want_digest));
  return ok ? 0 : 1;
}

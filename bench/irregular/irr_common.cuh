// Shared by the hand-written reference programs of the irregular-kernel
// benchmark (issue 12, docs/perf/irregular.md): error checks, the input
// formulas (the hy programs *.hy.cpp repeat them, so both sides see the same
// inputs for one seed), CUDA-event timing, the median, and the RESULT line
// run.sh parses. Header-only; compiled by nvcc only.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define IRR_CHECK(x)                                                                   \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,                  \
                   cudaGetErrorString(e_));                                            \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)
#define IRR_LAUNCHED() IRR_CHECK(cudaGetLastError())

namespace irr {

// ---------------------------------------------------------------------------
// Inputs. Item i of a run seeded by `seed` is a function of (seed, i) only, so
// a device kernel can draw it and the CPU check (and the hy program) can draw
// the same again. Never constant, never zero-filled memory.
// ---------------------------------------------------------------------------
__host__ __device__ inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
__host__ __device__ inline std::uint64_t item_hash(std::uint64_t seed, std::uint64_t i) {
  return mix64((seed << 32) + i);
}
// A cheap 32-bit mixer (lowbias32), for predicates evaluated inside timed kernels.
__host__ __device__ inline std::uint32_t mix32(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// Histogram: uniform ints in [0, bins).
__host__ __device__ inline int hist_value(std::uint64_t seed, std::uint64_t i, int bins) {
  return static_cast<int>(item_hash(seed, i) % static_cast<std::uint64_t>(bins));
}

// Argmin: floats in [1, 2) with 23 random mantissa bits (so ordinary values
// tie often too), and kPlanted copies of 0.5f, the minimum, one in each of
// the first kPlanted strides of n / kPlanted items at a seed-dependent place.
// The answer is the first planted position (ties go to the smallest index).
constexpr int kPlanted = 7;
__host__ __device__ inline bool argmin_planted(std::uint64_t seed, std::uint64_t i, std::uint64_t n) {
  const std::uint64_t stride = n / kPlanted, k = i / stride;
  return k < kPlanted && i == k * stride + mix64(seed * 31 + k) % stride;
}
__host__ __device__ inline float argmin_value(std::uint64_t seed, std::uint64_t i, std::uint64_t n) {
  if (argmin_planted(seed, i, n)) return 0.5f;
  return 1.0f + static_cast<float>(item_hash(seed, i) >> 41) * 0x1p-23f;
}

// Append: items in [0, 2^31); an item is kept when bit 31 of mix32(item) is
// set (half of them).
__host__ __device__ inline int append_item(std::uint64_t seed, std::uint64_t i) {
  return static_cast<int>(item_hash(seed, i) >> 33);
}
__host__ __device__ inline bool append_keep(int item) {
  return (mix32(static_cast<std::uint32_t>(item)) >> 31) != 0;
}
// Order-independent digest of a multiset of items: sum of mix64 over them.
inline std::uint64_t multiset_digest(const int* p, std::size_t n) {
  std::uint64_t s = 0;
  for (std::size_t i = 0; i < n; ++i) s += mix64(static_cast<std::uint32_t>(p[i]));
  return s;
}

// ---------------------------------------------------------------------------
// Timing and output.
// ---------------------------------------------------------------------------
inline double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  const std::size_t m = t.size() / 2;
  return t.empty() ? 0.0 : t.size() % 2 ? t[m] : 0.5 * (t[m - 1] + t[m]);
}

// Times `f` (which enqueues work on `stream`) with CUDA events: `warmup`
// untimed calls, then `repeat` timed ones; returns the median in ms.
template <class F>
double time_events(cudaStream_t stream, int warmup, int repeat, F f) {
  cudaEvent_t a, b;
  IRR_CHECK(cudaEventCreate(&a));
  IRR_CHECK(cudaEventCreate(&b));
  for (int r = 0; r < warmup; ++r) f();
  IRR_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    IRR_CHECK(cudaEventRecord(a, stream));
    f();
    IRR_CHECK(cudaEventRecord(b, stream));
    IRR_CHECK(cudaEventSynchronize(b));
    float x = 0;
    IRR_CHECK(cudaEventElapsedTime(&x, a, b));
    ms.push_back(x);
  }
  IRR_CHECK(cudaEventDestroy(a));
  IRR_CHECK(cudaEventDestroy(b));
  return median(ms);
}

// Blocks of `threads` threads of `kernel` resident on the whole GPU at once.
inline int resident_blocks(const void* kernel, int threads, std::size_t smem = 0) {
  int dev = 0, sms = 0, per_sm = 0;
  IRR_CHECK(cudaGetDevice(&dev));
  IRR_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  IRR_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem));
  return sms * std::max(per_sm, 1);
}

// One machine-readable line per measurement:
//   RESULT kernel=K variant=V size=N [param=P] ms=T rate=R unit=U check=ok|FAIL answer=A
// `answer` is what the CPU check computed (a digest), equal for every variant
// of one kernel, size and seed; run.sh compares it across programs.
inline void result(const char* kernel, const char* variant, long long size, const std::string& param,
                   double ms, double rate, const char* unit, bool ok, const std::string& answer) {
  std::printf("RESULT kernel=%s variant=%s size=%lld param=%s ms=%.6f rate=%.6g unit=%s check=%s answer=%s\n",
              kernel, variant, size, param.empty() ? "-" : param.c_str(), ms, rate, unit,
              ok ? "ok" : "FAIL", answer.c_str());
  std::fflush(stdout);
}

inline std::string hex(std::uint64_t x) {
  char b[32];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(x));
  return b;
}

// argv[k] as an integer, or `fallback` when absent; exits on junk.
inline long long arg(int argc, char** argv, int k, long long fallback) {
  if (argc <= k) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(argv[k], &end, 0);
  if (end == argv[k] || *end != '\0') {
    std::fprintf(stderr, "%s: argument %d ('%s') is not an integer\n", argv[0], k, argv[k]);
    std::exit(2);
  }
  return v;
}

}  // namespace irr

// Reference for the worklist-append row of issue 12: keep the items whose
// hash bit is set (half of N), appending them to one output array through a
// shared counter, written by hand three ways:
//   warp          one item per thread per step; one atomicAdd per warp and
//                 step (ballot, popc, shuffle): the classic warp-aggregated
//                 append, and the row's reference;
//   warp_batched  8 consecutive items per thread (two 16-byte loads), a warp
//                 scan of the per-thread counts, one atomicAdd per 256 items;
//   block         256 threads x 8 items per tile, a block scan, one atomicAdd
//                 per tile, the kept items staged in shared memory and written
//                 out coalesced.
// Each repetition resets the counter (cudaMemsetAsync) and runs the kernel;
// CUDA events, warm-up, median of REPEAT. Check: output poisoned, then the
// count and an order-independent digest of the kept items against the CPU.
//   nvcc -arch=sm_90 -O3 -std=c++17 append.cu -o append
//   ./append [LOG2_N=26] [SEED=1] [REPEAT=20]
#include "irr_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kPer = 8;  // items per thread (batched and block variants)

__device__ inline unsigned lanemask_lt() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  return m;
}

__global__ void fill(int* x, long long n, unsigned long long seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    x[i] = irr::append_item(seed, i);
}

__global__ void __launch_bounds__(kThreads) append_warp(const int* __restrict__ in, long long n,
                                                        int* __restrict__ out, unsigned* count) {
  const int lane = threadIdx.x & 31;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    const int v = in[i];
    const bool keep = irr::append_keep(v);
    const unsigned active = __activemask();
    const unsigned kept = __ballot_sync(active, keep);
    const int leader = __ffs(active) - 1;
    unsigned base = 0;
    if (lane == leader && kept != 0) base = atomicAdd(count, __popc(kept));
    base = __shfl_sync(active, base, leader);
    if (keep) out[base + __popc(kept & lanemask_lt())] = v;
  }
}

// Loads the kPer items of a thread starting at i (16-byte loads when whole).
__device__ inline int load_items(const int* __restrict__ in, long long n, long long i, int (&v)[kPer]) {
  if (i + kPer <= n) {
    const int4 a = reinterpret_cast<const int4*>(in + i)[0];
    const int4 b = reinterpret_cast<const int4*>(in + i)[1];
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
    return kPer;
  }
  int k = 0;
  for (; k < kPer && i + k < n; ++k) v[k] = in[i + k];
  return k;
}

__global__ void __launch_bounds__(kThreads) append_warp_batched(const int* __restrict__ in, long long n,
                                                                int* __restrict__ out, unsigned* count) {
  const int lane = threadIdx.x & 31;
  for (long long i = (blockIdx.x * (long long)blockDim.x + threadIdx.x) * kPer; i < n;
       i += (long long)gridDim.x * blockDim.x * kPer) {
    int v[kPer];
    const int have = load_items(in, n, i, v);
    int c = 0;
#pragma unroll
    for (int k = 0; k < kPer; ++k) c += k < have && irr::append_keep(v[k]);
    // Active lanes are a prefix of the warp (i grows with the lane).
    const unsigned active = __activemask();
    const int last = 31 - __clz(active);
    int incl = c;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
      const int y = __shfl_up_sync(active, incl, d);
      if (lane >= d) incl += y;
    }
    unsigned base = 0;
    if (lane == last) base = atomicAdd(count, incl);
    base = __shfl_sync(active, base, last);
    unsigned at = base + incl - c;
#pragma unroll
    for (int k = 0; k < kPer; ++k)
      if (k < have && irr::append_keep(v[k])) out[at++] = v[k];
  }
}

__global__ void __launch_bounds__(kThreads) append_block(const int* __restrict__ in, long long n,
                                                         int* __restrict__ out, unsigned* count) {
  constexpr int kTile = kThreads * kPer, kWarps = kThreads / 32;
  __shared__ int staged[kTile];
  __shared__ int warp_sum[kWarps];
  __shared__ unsigned base;
  __shared__ int total;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (long long t0 = blockIdx.x * (long long)kTile; t0 < n; t0 += (long long)gridDim.x * kTile) {
    // Thread j takes items t0 + j*kPer .. +kPer: 16-byte loads, coalesced per warp.
    int v[kPer];
    const int have = t0 + threadIdx.x * kPer < n ? load_items(in, n, t0 + threadIdx.x * kPer, v) : 0;
    int c = 0;
#pragma unroll
    for (int k = 0; k < kPer; ++k) c += k < have && irr::append_keep(v[k]);
    int incl = c;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
      const int y = __shfl_up_sync(0xffffffffu, incl, d);
      if (lane >= d) incl += y;
    }
    if (lane == 31) warp_sum[warp] = incl;
    __syncthreads();
    if (warp == 0) {
      int w = lane < kWarps ? warp_sum[lane] : 0, wi = w;
#pragma unroll
      for (int d = 1; d < kWarps; d <<= 1) {
        const int y = __shfl_up_sync(0xffffffffu, wi, d);
        if (lane >= d) wi += y;
      }
      if (lane < kWarps) warp_sum[lane] = wi - w;  // exclusive
      if (lane == kWarps - 1) {  // wi of the last warp is the tile's total
        total = wi;
        base = atomicAdd(count, wi);
      }
    }
    __syncthreads();
    int at = warp_sum[warp] + incl - c;
#pragma unroll
    for (int k = 0; k < kPer; ++k)
      if (k < have && irr::append_keep(v[k])) staged[at++] = v[k];
    __syncthreads();
    for (int j = threadIdx.x; j < total; j += kThreads) out[base + j] = staged[j];
    __syncthreads();
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int log2n = static_cast<int>(irr::arg(argc, argv, 1, 26));
  const unsigned long long seed = irr::arg(argc, argv, 2, 1);
  const int repeat = static_cast<int>(irr::arg(argc, argv, 3, 20));
  if (log2n < 10 || log2n > 30 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..30)] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const long long n = 1ll << log2n;
  int *in = nullptr, *out = nullptr;
  unsigned* count = nullptr;
  IRR_CHECK(cudaMalloc(&in, n * sizeof(int)));
  IRR_CHECK(cudaMalloc(&out, n * sizeof(int)));
  IRR_CHECK(cudaMalloc(&count, sizeof(unsigned)));
  fill<<<4096, 256>>>(in, n, seed);
  IRR_LAUNCHED();

  // The CPU answer.
  std::vector<int> hin(n);
  IRR_CHECK(cudaMemcpy(hin.data(), in, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool input_ok = true;
  std::vector<int> kept;
  kept.reserve(n / 2 + n / 64);
  for (long long i = 0; i < n; ++i) {
    if (hin[i] != irr::append_item(seed, i)) input_ok = false;
    if (irr::append_keep(hin[i])) kept.push_back(hin[i]);
  }
  if (!input_ok) std::fprintf(stderr, "append: the device input differs from the formula\n");
  const std::uint64_t want_digest = irr::multiset_digest(kept.data(), kept.size());
  const std::string answer = std::to_string(kept.size()) + ":" + irr::hex(want_digest);

  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));
  struct variant {
    const char* name;
    void (*kernel)(const int*, long long, int*, unsigned*);
  } variants[] = {{"warp", append_warp}, {"warp_batched", append_warp_batched}, {"block", append_block}};
  int status = input_ok ? 0 : 1;
  std::vector<int> got;
  for (const variant& v : variants) {
    const int grid = irr::resident_blocks(reinterpret_cast<const void*>(v.kernel), kThreads);
    auto run = [&] {
      IRR_CHECK(cudaMemsetAsync(count, 0, sizeof(unsigned), s));
      v.kernel<<<grid, kThreads, 0, s>>>(in, n, out, count);
      IRR_LAUNCHED();
    };
    const double ms = irr::time_events(s, 2, repeat, run);
    IRR_CHECK(cudaMemsetAsync(out, 0xff, n * sizeof(int), s));  // poison: -1 is no item
    run();
    unsigned c = 0;
    IRR_CHECK(cudaMemcpyAsync(&c, count, sizeof c, cudaMemcpyDeviceToHost, s));
    IRR_CHECK(cudaStreamSynchronize(s));
    bool ok = input_ok && c == kept.size();
    if (ok) {
      got.resize(c);
      IRR_CHECK(cudaMemcpy(got.data(), out, c * sizeof(int), cudaMemcpyDeviceToHost));
      ok = irr::multiset_digest(got.data(), c) == want_digest;
    }
    if (!ok) std::fprintf(stderr, "append %s: count %u (expected %zu) or items differ\n", v.name, c, kept.size());
    irr::result("append", v.name, n, "", ms, n / (ms * 1e-3) / 1e9, "Gitems/s", ok, answer);
    if (!ok) status = 1;
  }
  cudaFree(count);
  cudaFree(out);
  cudaFree(in);
  return status;
}

// Reductions in generated kernels: the operators of `reduction(OP : v)`,
// the block-wide combine (warp shuffles, then shared memory), the atomic
// combine into global memory, and the host object that owns the device
// scalar a reduction across blocks ends in.
#pragma once

#include <hy/cuda/device.cuh>

#include <cuda_runtime.h>

#include <cfloat>
#include <climits>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <vector>

namespace hy::cuda {

namespace detail {

// Largest and smallest values (infinities for floating point), usable in
// device code without --expt-relaxed-constexpr.
template <class T> struct bounds_of;
#define HY_CUDA_BOUNDS(T, LO, HI)                                              \
  template <> struct bounds_of<T> {                                            \
    static __host__ __device__ __forceinline__ T lowest() { return LO; }       \
    static __host__ __device__ __forceinline__ T highest() { return HI; }      \
  };
HY_CUDA_BOUNDS(bool, false, true)
HY_CUDA_BOUNDS(char, CHAR_MIN, CHAR_MAX)
HY_CUDA_BOUNDS(signed char, SCHAR_MIN, SCHAR_MAX)
HY_CUDA_BOUNDS(unsigned char, 0, UCHAR_MAX)
HY_CUDA_BOUNDS(short, SHRT_MIN, SHRT_MAX)
HY_CUDA_BOUNDS(unsigned short, 0, USHRT_MAX)
HY_CUDA_BOUNDS(int, INT_MIN, INT_MAX)
HY_CUDA_BOUNDS(unsigned, 0u, UINT_MAX)
HY_CUDA_BOUNDS(long, LONG_MIN, LONG_MAX)
HY_CUDA_BOUNDS(unsigned long, 0ul, ULONG_MAX)
HY_CUDA_BOUNDS(long long, LLONG_MIN, LLONG_MAX)
HY_CUDA_BOUNDS(unsigned long long, 0ull, ULLONG_MAX)
HY_CUDA_BOUNDS(float, -__builtin_huge_valf(), __builtin_huge_valf())
HY_CUDA_BOUNDS(double, -__builtin_huge_val(), __builtin_huge_val())
#undef HY_CUDA_BOUNDS

} // namespace detail

/// The operators of `reduction(OP : v)`: identity<T>() and apply(a, b).
namespace op {
struct add {
  template <class T> static __host__ __device__ __forceinline__ T identity() { return T(0); }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return T(a + b); }
};
struct mul {
  template <class T> static __host__ __device__ __forceinline__ T identity() { return T(1); }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return T(a * b); }
};
struct min {
  template <class T> static __host__ __device__ __forceinline__ T identity() {
    return detail::bounds_of<T>::highest();
  }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return b < a ? b : a; }
};
struct max {
  template <class T> static __host__ __device__ __forceinline__ T identity() {
    return detail::bounds_of<T>::lowest();
  }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return a < b ? b : a; }
};
struct band {
  template <class T> static __host__ __device__ __forceinline__ T identity() {
    static_assert(std::is_integral_v<T>, "bitwise reductions (& | ^) need an integral type");
    if constexpr (std::is_same_v<T, bool>)
      return true;
    else
      return T(~T(0));
  }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) {
    static_assert(std::is_integral_v<T>, "bitwise reductions (& | ^) need an integral type");
    return T(a & b);
  }
};
struct bor {
  template <class T> static __host__ __device__ __forceinline__ T identity() {
    static_assert(std::is_integral_v<T>, "bitwise reductions (& | ^) need an integral type");
    return T(0);
  }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) {
    static_assert(std::is_integral_v<T>, "bitwise reductions (& | ^) need an integral type");
    return T(a | b);
  }
};
struct bxor {
  template <class T> static __host__ __device__ __forceinline__ T identity() {
    static_assert(std::is_integral_v<T>, "bitwise reductions (& | ^) need an integral type");
    return T(0);
  }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) {
    static_assert(std::is_integral_v<T>, "bitwise reductions (& | ^) need an integral type");
    return T(a ^ b);
  }
};
struct land {
  template <class T> static __host__ __device__ __forceinline__ T identity() { return T(1); }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return T(a && b); }
};
struct lor {
  template <class T> static __host__ __device__ __forceinline__ T identity() { return T(0); }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return T(a || b); }
};
} // namespace op

namespace detail {

template <class T>
constexpr bool native_shuffle_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
    std::is_same_v<T, long> || std::is_same_v<T, unsigned long> ||
    std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class T>
__device__ __forceinline__ T shfl_down(unsigned mask, T v, unsigned delta) {
  if constexpr (native_shuffle_v<T>) {
    return __shfl_down_sync(mask, v, delta);
  } else {
    static_assert(std::is_integral_v<T> && sizeof(T) < sizeof(int),
                  "block_reduce: unsupported element type");
    return static_cast<T>(__shfl_down_sync(mask, static_cast<int>(v), delta));
  }
}

template <class T>
__device__ __forceinline__ T shfl_first(unsigned mask, T v) {
  if constexpr (native_shuffle_v<T>)
    return __shfl_sync(mask, v, 0);
  else
    return static_cast<T>(__shfl_sync(mask, static_cast<int>(v), 0));
}

// Combines v over the first `n` lanes of the calling warp (1 <= n <= 32; all
// n lanes call it, `mask` names them). Lane 0 gets the result.
template <class Op, class T>
__device__ __forceinline__ T warp_reduce(T v, unsigned lane, unsigned n,
                                         unsigned mask) {
#pragma unroll
  for (unsigned delta = 16; delta > 0; delta >>= 1) {
    T other = shfl_down(mask, v, delta);
    if (lane + delta < n)
      v = Op::template apply<T>(v, other);
  }
  return v;
}

__device__ __forceinline__ unsigned lanes_mask(unsigned n) {
  return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
}

__device__ __forceinline__ unsigned block_thread_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

} // namespace detail

/// Combines `v` over all threads of the block; every thread gets the result.
/// All threads of the block must call it (it contains barriers); any block
/// shape up to 1024 threads. May be called repeatedly in one kernel.
template <class Op, class T>
__device__ T block_reduce(T v) {
  __shared__ T warp_partial[32];
  __shared__ T total;
  const unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  const unsigned rank = detail::block_thread_rank();
  const unsigned lane = rank & 31u, warp = rank >> 5;
  const unsigned nwarps = (nthreads + 31u) >> 5;
  // Lanes of this warp that exist (the last warp may be partial).
  const unsigned here = nthreads - warp * 32u < 32u ? nthreads - warp * 32u : 32u;
  v = Op::apply(Op::template identity<T>(), v); // normalise (&&, || give 0/1)
  v = detail::warp_reduce<Op, T>(v, lane, here, detail::lanes_mask(here));
  if (nwarps == 1) // one warp: hand lane 0's value to every lane
    return detail::shfl_first(detail::lanes_mask(here), v);
  if (lane == 0)
    warp_partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    // nthreads > 32 here, so warp 0 is complete.
    T w = lane < nwarps ? warp_partial[lane] : Op::template identity<T>();
    w = detail::warp_reduce<Op, T>(w, lane, 32u, 0xffffffffu);
    if (lane == 0)
      total = w;
  }
  __syncthreads();
  return total;
}

/// Atomically *p = Op::apply(*p, v) (defined in atomic.cuh).
template <class Op, class T>
__device__ void atomic_combine(T *p, T v);

/// End-of-kernel combine of a reduction across blocks: every thread of the
/// block calls it; the block's total Op(uniform_partial, all thread partials)
/// goes into *global with one atomic operation by the block's thread 0.
template <class Op, class T>
__device__ void block_combine(T *global, T thread_partial, T uniform_partial) {
  T total = Op::template apply<T>(uniform_partial,
                                  block_reduce<Op, T>(thread_partial));
  if (detail::block_thread_rank() == 0)
    atomic_combine<Op, T>(global, total);
}

namespace detail {
// Small pool of device scalars for reduction objects: cudaMalloc/cudaFree
// per launch would cost far more than the kernels of small loops.
inline std::mutex &slot_pool_mutex() {
  static std::mutex *m = new std::mutex();
  return *m;
}
inline std::vector<void *> &slot_pool() {
  static auto *p = new std::vector<void *>();
  return *p;
}
constexpr std::size_t slot_bytes = 16; // enough for any supported T
} // namespace detail

/// Host side of a reduction across blocks: one device T, initialised to the
/// operator's identity, that block_combine() folds every block into.
template <class Op, class T>
class reduction {
  static_assert(sizeof(T) <= detail::slot_bytes, "reduction type too large");

public:
  explicit reduction(const char *where) : where_(where) {
    {
      std::lock_guard<std::mutex> lock(detail::slot_pool_mutex());
      auto &pool = detail::slot_pool();
      if (!pool.empty()) {
        dev_ = static_cast<T *>(pool.back());
        pool.pop_back();
      }
    }
    if (!dev_) {
      void *p = nullptr;
      check(cudaMalloc(&p, detail::slot_bytes), "cudaMalloc (reduction)", where_);
      dev_ = static_cast<T *>(p);
    }
    const T init = Op::template identity<T>();
    // Same (default) stream as the kernels, so it is ordered before them.
    check(cudaMemcpy(dev_, &init, sizeof(T), cudaMemcpyHostToDevice),
          "cudaMemcpy host->device (reduction)", where_);
  }
  reduction(const reduction &) = delete;
  reduction &operator=(const reduction &) = delete;
  ~reduction() {
    std::lock_guard<std::mutex> lock(detail::slot_pool_mutex());
    detail::slot_pool().push_back(dev_);
  }

  /// Device pointer passed to the kernel.
  T *ptr() const { return dev_; }

  /// The reduced value; waits for the kernels that fold into it.
  T result() {
    T r;
    check(cudaMemcpy(&r, dev_, sizeof(T), cudaMemcpyDeviceToHost),
          "cudaMemcpy device->host (reduction result)", where_);
    return r;
  }

private:
  const char *where_;
  T *dev_ = nullptr;
};

} // namespace hy::cuda

// atomic_combine's definition (it needs the operators above).
#include <hy/cuda/atomic.cuh>

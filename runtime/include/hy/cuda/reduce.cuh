// Reductions in generated kernels: the operators of `reduction(OP : v)`,
// the block-wide combine (warp shuffles, then shared memory) and the
// end-of-kernel combine across blocks. Arithmetic types and hy::minloc /
// hy::maxloc. The host object that owns the device value a reduction across
// blocks ends in is hy/cuda/reduction.cuh; the atomics hy/cuda/atomic.cuh.
#pragma once

#include <hy/bounds.hpp>
#include <hy/cuda/device.cuh>
#include <hy/minloc.hpp>

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace hy::cuda {

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
    if constexpr (std::is_class_v<T>) {
      static_assert(hy::detail::is_minloc_v<T>,
                    "reduction(min : x) of a class type needs x to be a hy::minloc");
      return T();
    } else {
      return hy::detail::highest<T>();
    }
  }
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return b < a ? b : a; }
};
struct max {
  template <class T> static __host__ __device__ __forceinline__ T identity() {
    if constexpr (std::is_class_v<T>) {
      static_assert(hy::detail::is_maxloc_v<T>,
                    "reduction(max : x) of a class type needs x to be a hy::maxloc");
      return T();
    } else {
      return hy::detail::lowest<T>();
    }
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

// Class types (hy::minloc / hy::maxloc) move through shuffles as their
// 32-bit words.
template <class T>
constexpr bool word_shuffle_v = std::is_class_v<T> && std::is_trivially_copyable_v<T> &&
                                sizeof(T) % sizeof(unsigned) == 0;

template <class T, class F>
__device__ __forceinline__ T shfl_words(T v, F shuffle_word) {
  constexpr int n = sizeof(T) / sizeof(unsigned);
  unsigned w[n];
  memcpy(w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < n; ++i)
    w[i] = shuffle_word(w[i]);
  memcpy(&v, w, sizeof(T));
  return v;
}

// The integer type that carries an integral T of no native shuffle (bool,
// the char types, short; also wchar_t, char16_t, char32_t and char8_t,
// which are distinct types of 1 to 4 bytes) through a shuffle unchanged.
template <class T>
using shuffle_carrier_t =
    std::conditional_t<(sizeof(T) <= sizeof(int)), int, long long>;

template <class T>
__device__ __forceinline__ T shfl_down(unsigned mask, T v, unsigned delta) {
  if constexpr (native_shuffle_v<T>) {
    return __shfl_down_sync(mask, v, delta);
  } else if constexpr (word_shuffle_v<T>) {
    return shfl_words(v, [&](unsigned w) { return __shfl_down_sync(mask, w, delta); });
  } else {
    static_assert(std::is_integral_v<T> && sizeof(T) <= sizeof(long long),
                  "block_reduce: unsupported element type");
    using C = shuffle_carrier_t<T>;
    return static_cast<T>(__shfl_down_sync(mask, static_cast<C>(v), delta));
  }
}

template <class T>
__device__ __forceinline__ T shfl_first(unsigned mask, T v) {
  if constexpr (native_shuffle_v<T>) {
    return __shfl_sync(mask, v, 0);
  } else if constexpr (word_shuffle_v<T>) {
    return shfl_words(v, [&](unsigned w) { return __shfl_sync(mask, w, 0); });
  } else {
    using C = shuffle_carrier_t<T>;
    return static_cast<T>(__shfl_sync(mask, static_cast<C>(v), 0));
  }
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

// Uninitialised shared storage for N values of T: a __shared__ variable may
// not have a constructor, and hy::minloc's sets the identity.
template <class T, int N>
struct shared_storage {
  alignas(T) unsigned char bytes[N * sizeof(T)];
  __device__ __forceinline__ T *get() { return reinterpret_cast<T *>(bytes); }
};

} // namespace detail

/// Combines `v` over all threads of the block; every thread gets the result.
/// All threads of the block must call it (it contains barriers); any block
/// shape up to 1024 threads. May be called repeatedly in one kernel.
template <class Op, class T>
__device__ T block_reduce(T v) {
  __shared__ detail::shared_storage<T, 32> partial_storage;
  __shared__ detail::shared_storage<T, 1> total_storage;
  T *const warp_partial = partial_storage.get();
  T *const total = total_storage.get();
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
      *total = w;
  }
  __syncthreads();
  return *total;
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

} // namespace hy::cuda

// The host object a reduction across blocks ends in, and atomic_combine's
// definition (both need the operators above).
#include <hy/cuda/reduction.cuh>
#include <hy/cuda/atomic.cuh>

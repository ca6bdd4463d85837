// hy::cuda::view<T, N>: what a kernel receives for each array argument. A
// trivially copyable pointer + extents pair with hy::array's row-major
// indexing, so the translator can keep the kernel body's A(i, j) unchanged.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace hy::cuda {

template <class T, int N>
struct view {
  static_assert(N >= 1 && N <= 3, "hy::cuda::view supports ranks 1 to 3");
  using value_type = T;
  static constexpr int rank = N;

  T *p;
  long long ext[N];

  template <class... I,
            class = std::enable_if_t<sizeof...(I) == N &&
                                     (std::is_integral_v<std::decay_t<I>> && ...)>>
  __host__ __device__ __forceinline__ T &operator()(I... idx) const {
    return p[offset(static_cast<long long>(idx)...)];
  }

  template <int M = N, class = std::enable_if_t<M == 1>>
  __host__ __device__ __forceinline__ T &operator[](long long i) const {
    bounds(0, i);
    return p[i];
  }

  // std::size_t, as hy::array and std::vector return on the host, so that
  // the same expression (`std::min(a.size(), n)`) compiles on both sides.
  __host__ __device__ __forceinline__ std::size_t extent(int d) const {
    return static_cast<std::size_t>(ext[d]);
  }
  __host__ __device__ __forceinline__ std::size_t size() const {
    if constexpr (N == 1)
      return static_cast<std::size_t>(ext[0]);
    else if constexpr (N == 2)
      return static_cast<std::size_t>(ext[0] * ext[1]);
    else
      return static_cast<std::size_t>(ext[0] * ext[1] * ext[2]);
  }
  __host__ __device__ __forceinline__ T *data() const { return p; }

private:
  // Row-major, like hy::array: plain address arithmetic unless
  // HY_CHECK_BOUNDS is defined.
  __host__ __device__ __forceinline__ long long offset(long long i) const {
    bounds(0, i);
    return i;
  }
  __host__ __device__ __forceinline__ long long offset(long long i,
                                                       long long j) const {
    bounds(0, i);
    bounds(1, j);
    return i * ext[1] + j;
  }
  __host__ __device__ __forceinline__ long long
  offset(long long i, long long j, long long k) const {
    bounds(0, i);
    bounds(1, j);
    bounds(2, k);
    return (i * ext[1] + j) * ext[2] + k;
  }
  __host__ __device__ __forceinline__ void
  bounds([[maybe_unused]] int d, [[maybe_unused]] long long i) const {
#ifdef HY_CHECK_BOUNDS
    if (i < 0 || i >= ext[d]) {
      printf("hy: index out of range (dimension %d: index %lld, extent %lld)\n",
             d, i, ext[d]);
#if defined(__CUDA_ARCH__)
      __trap();
#else
      std::fflush(stdout);
      std::abort();
#endif
    }
#endif
  }
};

static_assert(std::is_trivially_copyable_v<view<float, 2>>,
              "views are passed to kernels by value");

} // namespace hy::cuda

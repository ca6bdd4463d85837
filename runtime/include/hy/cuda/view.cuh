// hy::cuda::view<T, N>: what a kernel receives for each array argument. A
// trivially copyable pointer + extents pair with hy::array's row-major
// indexing, so the translator can keep the kernel body's A(i, j) unchanged.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace hy::cuda {

namespace detail {
// at(i) out of range (views and worklist views): stops, naming the index.
__host__ __device__ inline void at_out_of_range(const char *what, long long i, long long n) {
  printf("hy: %s at(): index %lld out of range (size %lld)\n", what, i, n);
#if defined(__CUDA_ARCH__)
  __trap();
#else
  std::fflush(stdout);
  std::abort();
#endif
}
} // namespace detail

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
  __host__ __device__ __forceinline__ bool empty() const { return size() == 0; }

  // The rest of what a kernel may call on a `const std::vector` (rank 1):
  // front(), back(), at() and range iteration, as on the host.
  template <int M = N, class = std::enable_if_t<M == 1>>
  __host__ __device__ __forceinline__ T &front() const {
    bounds(0, 0);
    return p[0];
  }
  template <int M = N, class = std::enable_if_t<M == 1>>
  __host__ __device__ __forceinline__ T &back() const {
    bounds(0, ext[0] - 1);
    return p[ext[0] - 1];
  }
  /// Always checked, as std::vector::at: an index out of range stops the
  /// kernel with a message (the host's std::out_of_range has no device
  /// counterpart; an exception leaving an OpenMP loop ends the program too).
  template <int M = N, class = std::enable_if_t<M == 1>>
  __host__ __device__ __forceinline__ T &at(long long i) const {
    if (i < 0 || i >= ext[0])
      detail::at_out_of_range("vector", i, ext[0]);
    return p[i];
  }
  template <int M = N, class = std::enable_if_t<M == 1>>
  __host__ __device__ __forceinline__ T *begin() const {
    return p;
  }
  template <int M = N, class = std::enable_if_t<M == 1>>
  __host__ __device__ __forceinline__ T *end() const {
    return p + ext[0];
  }

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

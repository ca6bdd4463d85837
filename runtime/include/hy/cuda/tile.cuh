// Block-collective copies between a 2-D array on the device and a
// shared-memory tile, used by the code hyc generates for `parallel fetch`
// with constant sizes. Consecutive threads move consecutive elements of the
// array's rows; when the tile lies inside the array and rows are 16-byte
// aligned, 4-byte elements move as 16-byte vectors. A tile stored
// transposed (fetch permutation 1, 0) is written column by column.
#pragma once

#include <hy/cuda/view.cuh>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace hy {
namespace cuda {

namespace detail {
__device__ __forceinline__ int block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ int block_size() { return blockDim.x * blockDim.y * blockDim.z; }

template <int S1, int P, bool Transpose, class T>
__device__ __forceinline__ bool vector_ok(const view<T, 2> &m, long long o0, long long o1) {
  if constexpr (Transpose || sizeof(T) != 4 || S1 % 4 != 0 || P % 4 != 0) {
    return false;
  } else {
    return o0 >= 0 && o1 >= 0 && o1 % 4 == 0 && m.ext[1] % 4 == 0 &&
           (reinterpret_cast<std::uintptr_t>(m.p) & 15u) == 0;
  }
}
} // namespace detail

/// tile[r * P + c] = m(o0 + r, o1 + c) (or tile[c * P + r] when Transpose)
/// for the S0 x S1 tile; elements outside m are left unset.
template <int S0, int S1, int P, bool Transpose, class T>
__device__ __forceinline__ void tile_load(T *tile, const view<T, 2> &m, long long o0, long long o1) {
  const int tid = detail::block_rank(), nt = detail::block_size();
  const long long rows = m.ext[0], cols = m.ext[1];
  if (detail::vector_ok<S1, P, Transpose>(m, o0, o1) && o0 + S0 <= rows && o1 + S1 <= cols) {
    constexpr int V = S1 / 4;
    for (int e = tid; e < S0 * V; e += nt) {
      const int r = e / V, c = (e % V) * 4;
      *reinterpret_cast<int4 *>(&tile[r * P + c]) =
          *reinterpret_cast<const int4 *>(&m.p[(o0 + r) * cols + o1 + c]);
    }
    return;
  }
  for (int e = tid; e < S0 * S1; e += nt) {
    const int r = e / S1, c = e % S1;
    const long long i = o0 + r, j = o1 + c;
    if (i >= 0 && i < rows && j >= 0 && j < cols)
      tile[Transpose ? c * P + r : r * P + c] = m.p[i * cols + j];
  }
}

/// The write-back of tile_load: m(o0 + r, o1 + c) = tile[...] inside m.
template <int S0, int S1, int P, bool Transpose, class T>
__device__ __forceinline__ void tile_store(const T *tile, const view<T, 2> &m, long long o0, long long o1) {
  const int tid = detail::block_rank(), nt = detail::block_size();
  const long long rows = m.ext[0], cols = m.ext[1];
  if (detail::vector_ok<S1, P, Transpose>(m, o0, o1) && o0 + S0 <= rows && o1 + S1 <= cols) {
    constexpr int V = S1 / 4;
    for (int e = tid; e < S0 * V; e += nt) {
      const int r = e / V, c = (e % V) * 4;
      *reinterpret_cast<int4 *>(&m.p[(o0 + r) * cols + o1 + c]) =
          *reinterpret_cast<const int4 *>(&tile[r * P + c]);
    }
    return;
  }
  for (int e = tid; e < S0 * S1; e += nt) {
    const int r = e / S1, c = e % S1;
    const long long i = o0 + r, j = o1 + c;
    if (i >= 0 && i < rows && j >= 0 && j < cols)
      m.p[i * cols + j] = tile[Transpose ? c * P + r : r * P + c];
  }
}

} // namespace cuda
} // namespace hy

namespace hy {
namespace cuda {
/// The largest of several byte counts (shared-memory sizes of tile stacks).
__host__ __device__ constexpr std::size_t max_size(std::initializer_list<std::size_t> v) {
  std::size_t m = 0;
  for (std::size_t x : v)
    m = x > m ? x : m;
  return m;
}
} // namespace cuda
} // namespace hy

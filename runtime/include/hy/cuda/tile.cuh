// Block-collective copies between a 2-D array on the device and a
// shared-memory tile, used by the code hyc generates for `parallel fetch`
// with constant sizes.
//
// Fast paths, when the tile lies inside the array, elements are 4 bytes and
// rows are 16-byte aligned (the common case of a blocked algorithm):
//  * a plain tile is copied in with asynchronous 16-byte copies
//    (cp.async on sm_80 and newer), so all of a thread's copies, and those
//    of every fetch before the same statement, are in flight together;
//    the caller waits with tile_wait() before the barrier that publishes it;
//  * a transposed tile (fetch permutation 1, 0) is read as 16-byte vectors
//    into registers, a batch of up to eight per thread before the first is
//    stored, then written column-wise; groups of 8 neighbouring threads take
//    8 rows so that those stores fall in different banks while each row
//    still moves as one 64-byte segment.
// Otherwise (tiles crossing the array's edge, unaligned origins) elements
// move one by one and those outside the array are left unset.
//
// NT, the block's thread count when known at translation time (0: read
// blockDim), lets every loop be unrolled so loads are issued back to back.
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

/// The tile as groups of 4 consecutive elements of one array row: group e
/// is row r, columns c .. c+3. Transposed tiles put 8 rows on neighbouring
/// groups (see the file comment).
template <int S0, int S1, bool Transpose>
struct groups {
  static constexpr int V = S1 / 4;
  static constexpr int count = S0 * V;
  static constexpr int RL = Transpose && S0 % 8 == 0 ? 8 : 1;
  __device__ static __forceinline__ void at(int e, int &r, int &c) {
    if constexpr (RL == 1) {
      r = e / V;
      c = (e % V) * 4;
    } else {
      const int g = e / (RL * V), l = e % (RL * V);
      r = g * RL + l % RL;
      c = (l / RL) * 4;
    }
  }
  /// With NT threads, a multiple of RL * V, group rank + b * NT is row
  /// r0 + b * rows_step, column c0: addresses advance by a constant.
  template <int NT> static constexpr bool stepped = NT > 0 && NT % (RL * V) == 0;
};

/// Calls f(r, c) for each of this thread's groups (rank, rank + threads, ...),
/// unrolled with constant address steps when groups::stepped(NT).
template <int S0, int S1, bool Transpose, int NT, class F>
__device__ __forceinline__ void for_groups(F &&f) {
  using G = groups<S0, S1, Transpose>;
  if constexpr (G::template stepped<NT>) {
    constexpr int RS = NT / G::V, N = (S0 + RS - 1) / RS;
    int r0, c;
    G::at(block_rank(), r0, c);
#pragma unroll
    for (int b = 0; b < N; ++b)
      if (S0 % RS == 0 || r0 + b * RS < S0)
        f(r0 + b * RS, c);
  } else {
    const int nt = NT > 0 ? NT : block_size();
    for (int e = block_rank(); e < G::count; e += nt) {
      int r, c;
      G::at(e, r, c);
      f(r, c);
    }
  }
}

/// Whether the 16-byte paths apply: 4-byte elements, whole tile inside the
/// array, 16-byte aligned rows in memory and in the tile.
template <int S0, int S1, int P, bool Transpose, class T>
__device__ __forceinline__ bool vector_ok(const view<T, 2> &m, long long o0, long long o1) {
  if constexpr (sizeof(T) != 4 || S1 % 4 != 0 || P % 4 != 0 || (Transpose && S0 % 4 != 0)) {
    return false;
  } else {
    return o0 >= 0 && o1 >= 0 && o1 % 4 == 0 && m.ext[1] % 4 == 0 && o0 + S0 <= m.ext[0] &&
           o1 + S1 <= m.ext[1] && (reinterpret_cast<std::uintptr_t>(m.p) & 15u) == 0;
  }
}

/// dst (shared) = src (global), 16 bytes, asynchronously where the chip can.
__device__ __forceinline__ void copy16_async(void *dst, const void *src) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src) : "memory");
#else
  *reinterpret_cast<int4 *>(dst) = *reinterpret_cast<const int4 *>(src);
#endif
}

/// Element-wise copy for tiles the vector paths do not cover. Not unrolled:
/// this path is rare (edge tiles) and must not cost the fast paths registers.
template <int S0, int S1, int P, bool Transpose, int NT, bool In, class T>
__device__ __forceinline__ void copy_elements(T *tile, const view<T, 2> &m, long long o0,
                                              long long o1) {
  const long long rows = m.ext[0], cols = m.ext[1];
  const int nt = NT > 0 ? NT : block_size();
#pragma unroll 1
  for (int e = block_rank(); e < S0 * S1; e += nt) {
    const int r = e / S1, c = e % S1;
    const long long i = o0 + r, j = o1 + c;
    if (i >= 0 && i < rows && j >= 0 && j < cols) {
      T &t = tile[Transpose ? c * P + r : r * P + c];
      if constexpr (In)
        t = m.p[i * cols + j];
      else
        m.p[i * cols + j] = t;
    }
  }
}

/// Plain tile, 16-byte vectors: asynchronous in, through registers out.
template <int S0, int S1, int P, int NT, bool In, class T>
__device__ __forceinline__ void copy_plain(T *tile, const view<T, 2> &m, long long o0,
                                           long long o1) {
  const long long cols = m.ext[1];
  T *const base = m.p + o0 * cols + o1;
  for_groups<S0, S1, false, NT>([&](int r, int c) {
    if constexpr (In)
      copy16_async(&tile[r * P + c], base + r * cols + c);
    else
      *reinterpret_cast<int4 *>(base + r * cols + c) =
          *reinterpret_cast<const int4 *>(&tile[r * P + c]);
  });
}

/// Transposed tile through registers: a thread's vectors are read (global
/// or shared, depending on In) in batches of up to 8 before any is written.
template <int S0, int S1, int P, int NT, bool In, class T>
__device__ __forceinline__ void copy_transposed(T *tile, const view<T, 2> &m, long long o0,
                                                long long o1) {
  using G = groups<S0, S1, true>;
  const long long cols = m.ext[1];
  T *const base = m.p + o0 * cols + o1;
  int *const t32 = reinterpret_cast<int *>(tile);
  auto read = [&](int r, int c) {
    if constexpr (In)
      return *reinterpret_cast<const int4 *>(base + r * cols + c);
    else
      return make_int4(t32[c * P + r], t32[(c + 1) * P + r], t32[(c + 2) * P + r],
                       t32[(c + 3) * P + r]);
  };
  auto write = [&](int r, int c, const int4 &v) {
    if constexpr (In) {
      t32[c * P + r] = v.x;
      t32[(c + 1) * P + r] = v.y;
      t32[(c + 2) * P + r] = v.z;
      t32[(c + 3) * P + r] = v.w;
    } else {
      *reinterpret_cast<int4 *>(base + r * cols + c) = v;
    }
  };
  if constexpr (G::template stepped<NT>) {
    constexpr int RS = NT / G::V, N = (S0 + RS - 1) / RS, batch = N < 8 ? N : 8;
    int r0, c;
    G::at(block_rank(), r0, c);
    auto mine = [&](int b) { return b < N && (S0 % RS == 0 || r0 + b * RS < S0); };
#pragma unroll
    for (int b0 = 0; b0 < N; b0 += batch) {
      int4 v[batch];
#pragma unroll
      for (int b = 0; b < batch; ++b)
        if (mine(b0 + b))
          v[b] = read(r0 + (b0 + b) * RS, c);
#pragma unroll
      for (int b = 0; b < batch; ++b)
        if (mine(b0 + b))
          write(r0 + (b0 + b) * RS, c, v[b]);
    }
  } else {
    constexpr int batch = 4;
    const int tid = block_rank(), nt = NT > 0 ? NT : block_size();
    for (int e0 = 0; e0 < G::count; e0 += batch * nt) {
      int4 v[batch];
#pragma unroll
      for (int b = 0; b < batch; ++b) {
        const int e = e0 + b * nt + tid;
        int r, c;
        G::at(e, r, c);
        if (e < G::count)
          v[b] = read(r, c);
      }
#pragma unroll
      for (int b = 0; b < batch; ++b) {
        const int e = e0 + b * nt + tid;
        int r, c;
        G::at(e, r, c);
        if (e < G::count)
          write(r, c, v[b]);
      }
    }
  }
}

/// One direction of a tile copy: the fast path that applies, or elements.
template <int S0, int S1, int P, bool Transpose, int NT, bool In, class T>
__device__ __forceinline__ void copy_tile(T *tile, const view<T, 2> &m, long long o0,
                                          long long o1) {
  if (!vector_ok<S0, S1, P, Transpose>(m, o0, o1))
    copy_elements<S0, S1, P, Transpose, NT, In>(tile, m, o0, o1);
  else if constexpr (Transpose)
    copy_transposed<S0, S1, P, NT, In>(tile, m, o0, o1);
  else
    copy_plain<S0, S1, P, NT, In>(tile, m, o0, o1);
}
} // namespace detail

/// tile[r * P + c] = m(o0 + r, o1 + c) (or tile[c * P + r] when Transpose)
/// for the S0 x S1 tile; elements outside m are left unset. May complete
/// asynchronously: call tile_wait() before the barrier after the copies.
template <int S0, int S1, int P, bool Transpose, int NT = 0, class T>
__device__ __forceinline__ void tile_load(T *tile, const view<T, 2> &m, long long o0, long long o1) {
  detail::copy_tile<S0, S1, P, Transpose, NT, true>(tile, m, o0, o1);
}

/// Waits for this thread's asynchronous tile_load copies.
__device__ __forceinline__ void tile_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;\n" ::: "memory");
#endif
}

/// The write-back of tile_load: m(o0 + r, o1 + c) = tile[...] inside m.
template <int S0, int S1, int P, bool Transpose, int NT = 0, class T>
__device__ __forceinline__ void tile_store(T *tile, const view<T, 2> &m, long long o0,
                                           long long o1) {
  detail::copy_tile<S0, S1, P, Transpose, NT, false>(tile, m, o0, o1);
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

// Register rows: what hyc prints for a constant loop of thread code that
// moves a run of a per-thread array to or from consecutive elements of a
// kernel array in global memory, e.g.
//     for (int b = 0; b < 4; ++b) acc[a][b] = D(i, j + b);
// becomes hy::cuda::load_row<4>(acc[a], D, i, j). nvcc cannot know how D's
// rows are aligned, so it moves such a run element by element; these helpers
// move it as 16-byte (or 8-byte) vectors when its first element is so
// aligned, and element by element otherwise: the same values either way
// (the element type converts as in the loop when the two types differ).
#pragma once

#include <hy/cuda/view.cuh>
#include <type_traits>

namespace hy::cuda {

namespace detail {

/// W elements of T moved as one vector access.
template <class T, int W>
struct alignas(W * sizeof(T)) row_pack {
  T v[W];
};

/// Elements per vector for a run of N elements of T: 16 bytes, else 8,
/// else 1 (no vector).
template <class T, int N>
struct row_width {
  static constexpr int s = static_cast<int>(sizeof(T));
  static constexpr int value = !std::is_arithmetic_v<T> || s > 8 ? 1
                               : (N * s) % 16 == 0             ? 16 / s
                               : (N * s) % 8 == 0 && s <= 4    ? 8 / s
                                                               : 1;
};

/// &m(idx..., last + off): the first element of the run (off = 0), or its
/// last one for the bounds check of HY_CHECK_BOUNDS builds.
template <class T, int R>
__device__ __forceinline__ T *row_at(const view<T, R> &m, const long long (&ix)[R], int off) {
  if constexpr (R == 1)
    return &m(ix[0] + off);
  else if constexpr (R == 2)
    return &m(ix[0], ix[1] + off);
  else
    return &m(ix[0], ix[1], ix[2] + off);
}

template <class T, int R, class... I>
__device__ __forceinline__ T *row_begin(const view<T, R> &m, int n, I... idx) {
  static_assert(sizeof...(I) == R, "one index per dimension of the array");
  const long long ix[R] = {static_cast<long long>(idx)...};
  T *p = row_at(m, ix, 0);
#ifdef HY_CHECK_BOUNDS
  row_at(m, ix, n - 1); // the run's last element is inside too
#else
  (void)n;
#endif
  return p;
}

/// Is the run starting at m(..., last) aligned for vectors of W elements?
/// Tested as: m's data aligned, its last extent a multiple of W (so every
/// row starts aligned) and `last` a multiple of W. The first two are the
/// same for every row of a thread, and nvcc can often prove the third from
/// the index expression, so the test is one uniform predicate per array
/// rather than a pointer test per row (rows of a pitch that is not a
/// multiple of W then move element by element even where one is aligned).
template <int W, class T, int R>
__device__ __forceinline__ bool row_aligned(const view<T, R> &m, long long last) {
  bool ok = reinterpret_cast<unsigned long long>(m.p) % (W * sizeof(T)) == 0 && last % W == 0;
  if constexpr (R > 1)
    ok = ok && m.ext[R - 1] % W == 0;
  return ok;
}

/// The last of the indices idx...
template <class... I>
__device__ __forceinline__ long long last_index(I... idx) {
  const long long ix[] = {static_cast<long long>(idx)...};
  return ix[sizeof...(I) - 1];
}

} // namespace detail

/// r[0 .. N) = m(idx..., last .. last + N): the indices are those of the
/// run's first element.
template <int N, class U, class T, int R, class... I>
__device__ __forceinline__ void load_row(U *r, const view<T, R> &m, I... idx) {
  const T *p = detail::row_begin(m, N, idx...);
  constexpr int W = detail::row_width<T, N>::value;
  const bool vec = W > 1 && detail::row_aligned<W>(m, detail::last_index(idx...));
#pragma unroll
  for (int j = 0; j < N; j += W) {
    detail::row_pack<T, W> v;
    if (vec)
      v = *reinterpret_cast<const detail::row_pack<T, W> *>(p + j);
    else
#pragma unroll
      for (int q = 0; q < W; ++q)
        v.v[q] = p[j + q];
#pragma unroll
    for (int q = 0; q < W; ++q)
      r[j + q] = v.v[q];
  }
}

/// m(idx..., last .. last + N) = r[0 .. N).
template <int N, class U, class T, int R, class... I>
__device__ __forceinline__ void store_row(const U *r, const view<T, R> &m, I... idx) {
  T *p = detail::row_begin(m, N, idx...);
  constexpr int W = detail::row_width<T, N>::value;
  const bool vec = W > 1 && detail::row_aligned<W>(m, detail::last_index(idx...));
#pragma unroll
  for (int j = 0; j < N; j += W) {
    detail::row_pack<T, W> v;
#pragma unroll
    for (int q = 0; q < W; ++q)
      v.v[q] = r[j + q];
    if (vec)
      *reinterpret_cast<detail::row_pack<T, W> *>(p + j) = v;
    else
#pragma unroll
      for (int q = 0; q < W; ++q)
        p[j + q] = v.v[q];
  }
}

} // namespace hy::cuda

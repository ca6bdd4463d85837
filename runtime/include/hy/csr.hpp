// hy::csr_row(offsets, e) (or (offsets, rows, e)): the row of a CSR (compressed sparse row) graph or
// matrix that holds entry e, i.e. the r with offsets(r) <= e < offsets(r+1),
// found by binary search; empty rows (equal neighbouring offsets) are never
// returned. It lets a kernel spread the *edges* of a graph evenly over its
// iterations instead of the vertices (load balance for skewed degrees):
// each iteration takes a chunk of edges, finds the first edge's row once
// and walks forward. Usable on the host (hy::array<I, 1>, std::vector<I>) and
// in kernels (hy::cuda::view<I, 1>, what those become on the GPU).
#pragma once

#include <hy/config.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace hy {

namespace detail {
template <class I, class Alloc>
inline long long csr_offset(const std::vector<I, Alloc> &v, long long i) {
  return static_cast<long long>(v[static_cast<std::size_t>(i)]);
}
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class A> HY_HD inline long long csr_offset(const A &a, long long i) {
  return static_cast<long long>(a(i));
}

// HY_CHECK_BOUNDS: e must lie in [offsets(0), offsets(rows)).
HY_HD inline void csr_check(long long e, long long first, long long last) {
  if (e < first || e >= last) {
    printf("hy: error: csr_row: entry %lld is outside the offsets' range [%lld, %lld)\n", e,
           first, last);
#if defined(__CUDA_ARCH__)
    __trap();
#else
    std::fflush(stdout);
    std::abort();
#endif
  }
}
} // namespace detail

/// The r in [0, rows) with offsets(r) <= e < offsets(r + 1), where
/// rows = offsets.size() - 1. Requires offsets(0) <= e < offsets(rows) and
/// non-decreasing offsets. O(log rows).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class A, class R, class E> HY_HD long long csr_row(const A &offsets, R rows, E e);

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class A, class E> HY_HD long long csr_row(const A &offsets, E e) {
  return csr_row(offsets, static_cast<long long>(offsets.size()) - 1, e);
}

/// The same over the first `rows` + 1 offsets only (an array larger than the
/// rows in use: the offsets of a frontier, scanned into an array sized for
/// the largest frontier).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class A, class R, class E> HY_HD long long csr_row(const A &offsets, R rows, E e) {
  const long long x = static_cast<long long>(e);
  long long lo = 0, hi = static_cast<long long>(rows);
#ifdef HY_CHECK_BOUNDS
  detail::csr_check(x, detail::csr_offset(offsets, 0), detail::csr_offset(offsets, hi));
#endif
  // Invariant: offsets(lo) <= x < offsets(hi).
  while (hi - lo > 1) {
    const long long mid = lo + (hi - lo) / 2;
    if (detail::csr_offset(offsets, mid) <= x)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

} // namespace hy

// Per-thread copies of an array-element reduction on the CPU. The OpenMP
// target turns `reduction(OP : a)` on a hy::array or std::vector that the
// loop only updates into
//     { auto hy_privs_a = hy::privatize<hy::ops::add>(a, trips);
//       #pragma omp parallel
//       { auto hy_priv_a = hy_privs_a.enter();
//         #pragma omp for ...
//         for (...) ... hy_priv_a.update(&(a(k)), v) ...
//         hy_privs_a.combine(hy_priv_a); } }
// and the choice is made here, at run time, from the array's size, the
// team's size and the loop's trip count:
//   * one thread: plain updates of `a` (no atomics, nothing to combine);
//   * small arrays (one copy at most kMaxCopyBytes, and size x threads <=
//     4 x trips, or all the copies together at most kCheapCopiesBytes):
//     each thread updates its own copy, filled with the operator's
//     identity, and the copies are added into `a` once, after the loop, by
//     all threads together (each thread a slice of elements). The second
//     rule is for loops whose iterations update many elements (a CSR row
//     each: Johnson's reweighting, `minIn(col(e))` over 8 arcs a vertex):
//     the trip count undercounts their updates, and on 16 threads their
//     atomics on a 2,048-element array fought over its cache lines (0.12x
//     serial), where 16 copies cost 128 KiB and a microsecond to combine;
//   * otherwise: one relaxed atomic per update (hy/atomic.hpp), as before.
// A loop that also reads `a` keeps the atomics (the translator decides):
// its reads must see the other iterations' updates. On one thread
// (hy::one_thread()) the translator's output runs the loop as written
// instead, without this.
#pragma once

#include <hy/atomic.hpp>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace hy {

/// The operators of array reductions: identity, the serial update
/// (`a = a OP v`), the atomic one and the combine of two copies.
namespace ops {
// NAME as the CUDA runtime's operators (hy::cuda::op::NAME), ATOMIC the
// suffix of the CPU atomic (hy::atomic_ATOMIC).
#define HY_CPU_OP(NAME, ATOMIC, IDENTITY, APPLY)                                              \
  struct NAME {                                                                                \
    template <class T> static T identity() { return IDENTITY; }                                \
    template <class T, class U> static void apply(T &a, U v) { APPLY; }                        \
    template <class T, class U> static void atomic(T *p, U v) { hy::atomic_##ATOMIC(p, v); }    \
  };
template <class T> T largest() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return std::numeric_limits<T>::infinity();
  return std::numeric_limits<T>::max();
}
template <class T> T smallest() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return -std::numeric_limits<T>::infinity();
  return std::numeric_limits<T>::lowest();
}
HY_CPU_OP(add, add, T(0), a = T(a + v))
HY_CPU_OP(mul, mul, T(1), a = T(a * v))
HY_CPU_OP(min, min, largest<T>(), if (v < a) a = T(v))
HY_CPU_OP(max, max, smallest<T>(), if (a < v) a = T(v))
HY_CPU_OP(band, and, T(~T(0)), a = T(a & v))
HY_CPU_OP(bor, or, T(0), a = T(a | v))
HY_CPU_OP(bxor, xor, T(0), a = T(a ^ v))
HY_CPU_OP(land, land, T(1), a = T(a && v))
HY_CPU_OP(lor, lor, T(0), a = T(a || v))
#undef HY_CPU_OP
} // namespace ops

namespace detail {
inline int omp_max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}
inline int omp_thread() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}
inline int omp_team() {
#ifdef _OPENMP
  return omp_get_num_threads();
#else
  return 1;
#endif
}
} // namespace detail

/// Whether the next OpenMP parallel region runs on one thread (always, in a
/// build without OpenMP). The OpenMP target runs a kernel whose updates may
/// be atomic as the plain loop then: no atomics, nothing to combine.
inline bool one_thread() { return detail::omp_max_threads() <= 1; }

/// Whether the team running the code is one thread (always outside a
/// parallel region, and in a build without OpenMP). Inside a host loop's
/// parallel region (docs/language.md, "Host loops") a kernel whose updates
/// may be atomic tests this instead of one_thread(): every thread of the
/// team gets the same answer, so all of them take the same version.
inline bool team_of_one() { return detail::omp_team() <= 1; }

/// How the threads of one loop update a reduction array.
enum class privatize_mode { direct, copies, atomics };

template <class Op, class T> class privatized {
public:
  /// Copies larger than this are not made (the updates stay atomic).
  static constexpr std::size_t kMaxCopyBytes = std::size_t(4) << 20;
  /// Copies this small in all (L2-sized) are made whatever the trip count.
  static constexpr std::size_t kCheapCopiesBytes = std::size_t(256) << 10;
  using mode = privatize_mode;

  /// `threads`: the team's size (0: the next region's, omp_get_max_threads()).
  privatized(T *base, std::size_t n, long long trips, int threads = 0) : base_(base), n_(n) {
    if (threads <= 0)
      threads = detail::omp_max_threads();
    const long long work = trips > 0 ? trips : 0;
    if (threads <= 1)
      mode_ = mode::direct;
    else if (n * sizeof(T) <= kMaxCopyBytes &&
             (static_cast<long long>(n) * threads <= 4 * work ||
              n * sizeof(T) * static_cast<std::size_t>(threads) <= kCheapCopiesBytes))
      mode_ = mode::copies;
    else
      mode_ = mode::atomics;
    if (mode_ == mode::copies)
      copies_.assign(static_cast<std::size_t>(threads), nullptr);
  }
  privatized(const privatized &) = delete;
  privatized &operator=(const privatized &) = delete;

  /// What one thread updates: its copy, the array itself, or the array
  /// through atomics.
  class local {
  public:
    template <class U> void update(T *p, U v) const {
      if (atomic_)
        Op::atomic(p, v);
      else
        Op::apply(mine_[p - base_], v);
    }

  private:
    friend class privatized;
    local(T *base, T *mine, bool atomic) : base_(base), mine_(mine), atomic_(atomic) {}
    T *base_, *mine_;
    bool atomic_;
  };

  /// Called by every thread of the team at the start of the region.
  local enter() {
    const int t = detail::omp_thread();
    if (mode_ == mode::direct)
      return local(base_, base_, detail::omp_team() > 1);
    if (mode_ == mode::atomics || t >= static_cast<int>(copies_.size()))
      return local(base_, base_, true);
    T *mine = new T[n_];
    std::fill(mine, mine + n_, Op::template identity<T>());
    copies_[static_cast<std::size_t>(t)] = mine;
    return local(base_, mine, false);
  }

  /// Called by every thread of the team after the loop: adds the copies
  /// into the array, each thread a slice of the elements.
  void combine(const local &mine) {
    if (mode_ != mode::copies)
      return;
#ifdef _OPENMP
#pragma omp barrier
#pragma omp for schedule(static)
#endif
    for (long long i = 0; i < static_cast<long long>(n_); ++i)
      for (T *c : copies_)
        if (c)
          Op::apply(base_[i], c[i]);
    if (mine.mine_ != base_)
      delete[] mine.mine_;
  }

  mode chosen() const { return mode_; }

private:
  T *base_;
  std::size_t n_;
  mode mode_;
  std::vector<T *> copies_;
};

/// The per-thread copies of reduction array `a` (a hy::array or a
/// std::vector) for a loop of `trips` iterations.
template <class Op, class A> privatized<Op, typename A::value_type> privatize(A &a, long long trips) {
  return privatized<Op, typename A::value_type>(a.data(), a.size(), trips);
}

/// The same inside a parallel region that is running (a host loop's, or a
/// function its team calls: docs/language.md, "Host loops"): every thread
/// of the team calls it, one of them makes the copies' bookkeeping for the
/// team's size, and all share it (the last one to let go frees it).
template <class Op, class A>
std::shared_ptr<privatized<Op, typename A::value_type>> privatize_team(A &a, long long trips) {
  std::shared_ptr<privatized<Op, typename A::value_type>> p;
#ifdef _OPENMP
#pragma omp single copyprivate(p)
#endif
  p = std::make_shared<privatized<Op, typename A::value_type>>(a.data(), a.size(), trips,
                                                               detail::omp_team());
  return p;
}

} // namespace hy

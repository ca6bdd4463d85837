// hy::view<T, N>: what an OpenMP kernel uses for an array that it only
// indexes (the CPU side of hy::cuda::view). The OpenMP target copies one
// per thread (`firstprivate`) under the array's own name:
//     [&, a = hy::view_of(a)] { _Pragma("omp parallel for firstprivate(a)") ... }();
// so that the loop's `a(i, j)`, `a[i]`, `a.at(i)`, `a.extent(d)`, `a.size()`
// and `a.empty()` stay as written. Reached through the shared hy::array, the data pointer is a load
// from memory that the compiler repeats after every store it cannot tell
// apart from it, and the loop does not vectorise; a private view keeps it in
// a register, as the serial build does.
#pragma once

#include <hy/array.hpp>
#include <hy/config.hpp>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace hy {

template <class T, int N> struct view {
  static_assert(N >= 1 && N <= 3, "hy::view supports ranks 1 to 3");
  using value_type = std::remove_const_t<T>;
  static constexpr int rank = N;

  T *p;
  std::size_t ext[N];

  template <class... I, class = std::enable_if_t<sizeof...(I) == N &&
                                                 (std::is_integral_v<std::decay_t<I>> && ...)>>
  T &operator()(I... idx) const {
    return p[offset(static_cast<std::size_t>(idx)...)];
  }
  template <int M = N, class = std::enable_if_t<M == 1>> T &operator[](std::size_t i) const {
    return p[offset(i)];
  }
  std::size_t extent(int d) const { return ext[d]; }
  std::size_t size() const {
    std::size_t s = 1;
    for (int d = 0; d < N; ++d)
      s *= ext[d];
    return s;
  }
  T *data() const { return p; }
  bool empty() const { return size() == 0; }
  /// Checked, as std::vector::at (the kernel's `v.at(i)` on a vector).
  template <int M = N, class = std::enable_if_t<M == 1>> T &at(std::size_t i) const {
    if (i >= ext[0])
      throw std::out_of_range("hy::view::at: index " + std::to_string(i) +
                              " out of range (size " + std::to_string(ext[0]) + ")");
    return p[i];
  }

private:
  template <class... S> std::size_t offset(S... i) const { return detail::offset(ext, i...); }
};

/// The view of an array (hy::array or std::vector; const gives a view of
/// const elements).
template <class T, int N> view<T, N> view_of(array<T, N> &a) {
  view<T, N> v{a.data(), {}};
  for (int d = 0; d < N; ++d)
    v.ext[d] = a.extent(d);
  return v;
}
template <class T, int N> view<const T, N> view_of(const array<T, N> &a) {
  view<const T, N> v{a.data(), {}};
  for (int d = 0; d < N; ++d)
    v.ext[d] = a.extent(d);
  return v;
}
template <class T, class A> view<T, 1> view_of(std::vector<T, A> &v) {
  return {v.data(), {v.size()}};
}
template <class T, class A> view<const T, 1> view_of(const std::vector<T, A> &v) {
  return {v.data(), {v.size()}};
}

} // namespace hy

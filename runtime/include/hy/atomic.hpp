// CPU atomic read-modify-write helpers that the OpenMP target emits for
// array-element reductions (a(i) = min(a(i), e) -> hy::atomic_min(&a(i), e)).
// Built on the GCC/Clang __atomic builtins so any trivially copyable
// arithmetic type works, floating-point min/max and products included.
#pragma once

#include <cstring>
#include <type_traits>

namespace hy {

namespace detail {
template <class T, class F>
inline T atomic_apply(T *p, T v, F f) {
  static_assert(std::is_arithmetic_v<T>, "atomic update of a non-arithmetic type");
  T expected;
  __atomic_load(p, &expected, __ATOMIC_RELAXED); // generic form: GCC's _n form rejects float/double
  for (;;) {
    T desired = f(expected, v);
    if (std::memcmp(&desired, &expected, sizeof(T)) == 0)
      return expected; // nothing to change (min/max already satisfied)
    if (__atomic_compare_exchange(p, &expected, &desired, /*weak=*/true,
                                  __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return expected;
  }
}
} // namespace detail

template <class T, class U> inline void atomic_add(T *p, U u) {
  T v = static_cast<T>(u);
  if constexpr (std::is_integral_v<T>)
    __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  else
    detail::atomic_apply(p, v, [](T a, T b) { return T(a + b); });
}
template <class T, class U> inline void atomic_sub(T *p, U u) {
  T v = static_cast<T>(u);
  if constexpr (std::is_integral_v<T>)
    __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);
  else
    detail::atomic_apply(p, v, [](T a, T b) { return T(a - b); });
}
template <class T, class U> inline void atomic_mul(T *p, U u) {
  T v = static_cast<T>(u);
  detail::atomic_apply(p, v, [](T a, T b) { return T(a * b); });
}
template <class T, class U> inline void atomic_min(T *p, U u) {
  T v = static_cast<T>(u);
  detail::atomic_apply(p, v, [](T a, T b) { return b < a ? b : a; });
}
template <class T, class U> inline void atomic_max(T *p, U u) {
  T v = static_cast<T>(u);
  detail::atomic_apply(p, v, [](T a, T b) { return a < b ? b : a; });
}
template <class T, class U> inline void atomic_and(T *p, U u) {
  T v = static_cast<T>(u);
  __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
}
template <class T, class U> inline void atomic_or(T *p, U u) {
  T v = static_cast<T>(u);
  __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}
template <class T, class U> inline void atomic_xor(T *p, U u) {
  T v = static_cast<T>(u);
  __atomic_fetch_xor(p, v, __ATOMIC_RELAXED);
}
template <class T, class U> inline void atomic_land(T *p, U u) {
  T v = static_cast<T>(u);
  detail::atomic_apply(p, v, [](T a, T b) { return T(a && b); });
}
template <class T, class U> inline void atomic_lor(T *p, U u) {
  T v = static_cast<T>(u);
  detail::atomic_apply(p, v, [](T a, T b) { return T(a || b); });
}

} // namespace hy

// Loop arithmetic the generated code shares between host and device:
// trip counts of canonical loops (used to size grids and blocks).
#pragma once

#include <hy/config.hpp>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <type_traits>

namespace hy {

namespace detail {
template <class A, class B>
HY_HD inline long long trip_count(A from, B to, long long step, bool inclusive) {
  // Compared as the loop compares them (the usual arithmetic conversions).
  using T = std::common_type_t<A, B>;
  const T f = static_cast<T>(from), t = static_cast<T>(to);
  if (inclusive ? !(f <= t) : !(f < t))
    return 0;
  if (step <= 0)
    return LLONG_MAX; // a step that does not move towards the bound: no end
  // The distance of two 64-bit values may not fit in long long; in
  // unsigned arithmetic it is exact.
  const unsigned long long span =
      static_cast<unsigned long long>(t) - static_cast<unsigned long long>(f);
  const unsigned long long q = (inclusive ? span : span - 1) / static_cast<unsigned long long>(step);
  // More iterations than long long counts: the loop would not end either.
  return q >= static_cast<unsigned long long>(LLONG_MAX) ? LLONG_MAX : static_cast<long long>(q) + 1;
}
} // namespace detail

/// Iterations of `for (i = from; i < to; i += step)` (step > 0); a loop
/// that counts down, `for (i = from; i > to; i -= step)`, has
/// trips(to, from, step). `from` has the index's type, `to` the bound's.
template <class A, class B>
HY_HD inline long long trips(A from, B to, long long step) {
  return detail::trip_count(from, to, step, false);
}

/// The same with `<=` (or `>=` counting down): `to` is included.
template <class A, class B>
HY_HD inline long long trips_incl(A from, B to, long long step) {
  return detail::trip_count(from, to, step, true);
}

/// The start of an OpenMP loop over a signed index of type I, `for (I i =
/// from; i < to; i += step)` (`up`; counting down, `i > to; i -= step`),
/// checked first: g++ counts its iterations in I, as `(to - from + step -
/// 1) / step`, and runs none when that overflows, where the serial loop
/// runs them all. Such a range stops the program with an error naming the
/// loop (`where`) instead. `step` is the step's size (> 0).
template <class I, class B>
inline I omp_start(I from, B to, long long step, bool up, bool incl, const char *where) {
  if constexpr (std::is_integral_v<I> && std::is_signed_v<I> && std::is_integral_v<B>) {
    const long long n = up ? detail::trip_count(from, to, step, incl)
                           : detail::trip_count(to, from, step, incl);
    if (n > 0 && step > 0) {
      using T = std::common_type_t<I, B>;
      const T lo = static_cast<T>(up ? static_cast<T>(from) : static_cast<T>(to));
      const T hi = static_cast<T>(up ? static_cast<T>(to) : static_cast<T>(from));
      const unsigned long long span =
          static_cast<unsigned long long>(hi) - static_cast<unsigned long long>(lo);
      const unsigned long long limit = static_cast<unsigned long long>(std::numeric_limits<I>::max());
      const unsigned long long extra = static_cast<unsigned long long>(incl ? step : step - 1);
      if (span > limit || extra > limit - span) {
        std::fprintf(stderr,
                     "%s: error: this 'parallel for' loop runs from %lld to %lld by %lld, further "
                     "than its index type counts: OpenMP compilers count the iterations in that "
                     "type and would run a wrong number of them; give the index a wider type\n",
                     where, static_cast<long long>(from), static_cast<long long>(to),
                     up ? step : -step);
        std::fflush(stderr);
        std::abort();
      }
    }
  }
  return from;
}

} // namespace hy

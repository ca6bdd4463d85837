// Loop arithmetic the generated code shares between host and device:
// trip counts of canonical loops (used to size grids and blocks).
#pragma once

#include <hy/config.hpp>
#include <climits>
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

} // namespace hy

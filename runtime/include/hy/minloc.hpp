// hy::minloc<T, I> and hy::maxloc<T, I>: a value and where it was found,
// reduced with `reduction(min : x)` / `reduction(max : x)`. Ties go to the
// smallest index on every target, whatever order the iterations combine in,
// because the comparison itself breaks them: minloc orders (value, index)
// lexicographically, maxloc orders by value and then by *descending* index,
// so that the operators' `b < a ? b : a` and `a < b ? b : a` pick the
// smallest index among equal values. Values must not be NaN.
#pragma once

#include <hy/bounds.hpp>
#include <hy/config.hpp>

#include <cstddef>
#include <type_traits>

namespace hy {

namespace detail {
// Pairs are 8 or 16 bytes and aligned to their size, so that the GPU can
// update one with a single 64- or 128-bit compare-and-swap.
template <class T, class I>
constexpr std::size_t loc_align = sizeof(T) + sizeof(I) <= 8 ? 8 : 16;

template <class T, class I> constexpr bool loc_types_ok_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && sizeof(T) <= 8 &&
    std::is_integral_v<I> && !std::is_same_v<I, bool> && sizeof(I) <= 8;
} // namespace detail

template <class T, class I = long long>
struct alignas(detail::loc_align<T, I>) minloc {
  static_assert(detail::loc_types_ok_v<T, I>,
                "hy::minloc<T, I>: T must be arithmetic and I integral, each at most 8 bytes");
  using value_type = T;
  using index_type = I;

  T value;
  I index;

  /// The identity: value +infinity (largest T), index the largest I.
  HY_HD constexpr minloc() : value(detail::highest<T>()), index(detail::highest<I>()) {}
  HY_HD constexpr minloc(T v, I i) : value(v), index(i) {}

  /// Keeps (v, i) if it is smaller (or equal with a smaller index).
  HY_HD void update(T v, I i) {
    if (v < value || (v == value && i < index)) {
      value = v;
      index = i;
    }
  }
  /// True while nothing was found (the index is the identity's).
  HY_HD bool empty() const { return index == detail::highest<I>(); }

  HY_HD friend bool operator<(const minloc &a, const minloc &b) {
    return a.value < b.value || (a.value == b.value && a.index < b.index);
  }
  HY_HD friend bool operator==(const minloc &a, const minloc &b) {
    return a.value == b.value && a.index == b.index;
  }
  HY_HD friend bool operator!=(const minloc &a, const minloc &b) { return !(a == b); }
};

template <class T, class I = long long>
struct alignas(detail::loc_align<T, I>) maxloc {
  static_assert(detail::loc_types_ok_v<T, I>,
                "hy::maxloc<T, I>: T must be arithmetic and I integral, each at most 8 bytes");
  using value_type = T;
  using index_type = I;

  T value;
  I index;

  /// The identity: value -infinity (lowest T), index the largest I.
  HY_HD constexpr maxloc() : value(detail::lowest<T>()), index(detail::highest<I>()) {}
  HY_HD constexpr maxloc(T v, I i) : value(v), index(i) {}

  /// Keeps (v, i) if it is larger (or equal with a smaller index).
  HY_HD void update(T v, I i) {
    if (value < v || (v == value && i < index)) {
      value = v;
      index = i;
    }
  }
  HY_HD bool empty() const { return index == detail::highest<I>(); }

  /// a < b: b is the better maximum (larger value; on equal values, smaller index).
  HY_HD friend bool operator<(const maxloc &a, const maxloc &b) {
    return a.value < b.value || (a.value == b.value && a.index > b.index);
  }
  HY_HD friend bool operator==(const maxloc &a, const maxloc &b) {
    return a.value == b.value && a.index == b.index;
  }
  HY_HD friend bool operator!=(const maxloc &a, const maxloc &b) { return !(a == b); }
};

namespace detail {
template <class X> struct is_minloc : std::false_type {};
template <class T, class I> struct is_minloc<minloc<T, I>> : std::true_type {};
template <class X> struct is_maxloc : std::false_type {};
template <class T, class I> struct is_maxloc<maxloc<T, I>> : std::true_type {};
template <class X> constexpr bool is_minloc_v = is_minloc<X>::value;
template <class X> constexpr bool is_maxloc_v = is_maxloc<X>::value;
} // namespace detail

} // namespace hy

// The largest and smallest value of an arithmetic type (infinities for
// floating point), as functions usable in host and device code alike:
// std::numeric_limits is constexpr-only on the device and would need nvcc's
// --expt-relaxed-constexpr. The identities of min/max reductions and of
// hy::minloc / hy::maxloc are built from these.
#pragma once

#include <hy/config.hpp>

#include <type_traits>

namespace hy::detail {

template <class T> HY_HD constexpr T highest() {
  static_assert(std::is_arithmetic_v<T>, "highest<T>() needs an arithmetic type");
  if constexpr (std::is_same_v<T, bool>)
    return true;
  else if constexpr (std::is_same_v<T, float>)
    return __builtin_huge_valf();
  else if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(__builtin_huge_val());
  else if constexpr (std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(~U(0)) >> 1));
  } else
    return static_cast<T>(~T(0));
}

template <class T> HY_HD constexpr T lowest() {
  static_assert(std::is_arithmetic_v<T>, "lowest<T>() needs an arithmetic type");
  if constexpr (std::is_same_v<T, bool>)
    return false;
  else if constexpr (std::is_same_v<T, float>)
    return -__builtin_huge_valf();
  else if constexpr (std::is_floating_point_v<T>)
    return -static_cast<T>(__builtin_huge_val());
  else if constexpr (std::is_signed_v<T>)
    return static_cast<T>(-highest<T>() - 1);
  else
    return T(0);
}

} // namespace hy::detail

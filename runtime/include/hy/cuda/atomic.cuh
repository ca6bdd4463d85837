// Device atomics: atomic_combine<Op>() behind cross-block reductions, and the
// element-wise atomic_add/min/... that generated kernels use for reductions
// into array elements (same names as the CPU helpers in hy/atomic.hpp).
// Native atomics where the hardware has them, compare-and-swap loops
// otherwise (1- and 2-byte types through their aligned 32-bit word).
#pragma once

#include <hy/cuda/reduce.cuh>

#include <cstdint>
#include <type_traits>

namespace hy::cuda {

namespace detail {

template <class T, class U>
__device__ __forceinline__ U bits_of(T v) {
  static_assert(sizeof(T) == sizeof(U), "size mismatch");
  U u;
  memcpy(&u, &v, sizeof(U));
  return u;
}
template <class T, class U>
__device__ __forceinline__ T from_bits(U u) {
  static_assert(sizeof(T) == sizeof(U), "size mismatch");
  T v;
  memcpy(&v, &u, sizeof(T));
  return v;
}

// Unsigned integer type of the same size as T (4 or 8 bytes).
template <std::size_t S> struct word_of;
template <> struct word_of<4> { using type = unsigned int; };
template <> struct word_of<8> { using type = unsigned long long; };

// *p = F::apply(*p, v) with a compare-and-swap loop.
template <class F, class T>
__device__ void cas_apply(T *p, T v) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using W = typename word_of<sizeof(T)>::type;
    W *w = reinterpret_cast<W *>(p);
    W old = *reinterpret_cast<volatile W *>(w);
    for (;;) {
      const W desired = bits_of<T, W>(F::template apply<T>(from_bits<T, W>(old), v));
      if (desired == old)
        return; // nothing changes (e.g. min already satisfied)
      const W seen = atomicCAS(w, old, desired);
      if (seen == old)
        return;
      old = seen;
    }
  } else {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2,
                  "atomic update of an unsupported type");
    using S = std::conditional_t<sizeof(T) == 1, unsigned char, unsigned short>;
    const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(p);
    unsigned int *w = reinterpret_cast<unsigned int *>(addr & ~std::uintptr_t(3));
    const unsigned shift = static_cast<unsigned>(addr & 3u) * 8u; // little endian
    const unsigned int field = (sizeof(T) == 1 ? 0xffu : 0xffffu) << shift;
    unsigned int old = *reinterpret_cast<volatile unsigned int *>(w);
    for (;;) {
      const T cur = from_bits<T, S>(static_cast<S>((old & field) >> shift));
      const T next = F::template apply<T>(cur, v);
      const unsigned int desired =
          (old & ~field) |
          (static_cast<unsigned int>(bits_of<T, S>(next)) << shift);
      if (desired == old)
        return;
      const unsigned int seen = atomicCAS(w, old, desired);
      if (seen == old)
        return;
      old = seen;
    }
  }
}

template <class T>
constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T>
constexpr bool is_int32_v = is_int_v<T> && sizeof(T) == 4;
template <class T>
constexpr bool is_int64_v = is_int_v<T> && sizeof(T) == 8;

template <class T>
__device__ __forceinline__ auto as_native(T *p) {
  if constexpr (std::is_signed_v<T> && sizeof(T) == 4)
    return reinterpret_cast<int *>(p);
  else if constexpr (sizeof(T) == 4)
    return reinterpret_cast<unsigned int *>(p);
  else if constexpr (std::is_signed_v<T>)
    return reinterpret_cast<long long *>(p);
  else
    return reinterpret_cast<unsigned long long *>(p);
}
template <class T>
__device__ __forceinline__ auto as_unsigned(T *p) {
  return reinterpret_cast<typename word_of<sizeof(T)>::type *>(p);
}
template <class T>
__device__ __forceinline__ auto unsigned_value(T v) {
  return static_cast<typename word_of<sizeof(T)>::type>(v);
}

// a - b, for atomic_sub through a CAS loop.
struct sub_op {
  template <class T> static __host__ __device__ __forceinline__ T apply(T a, T b) { return T(a - b); }
};

} // namespace detail

template <class Op, class T>
__device__ void atomic_combine(T *p, T v) {
  using namespace detail;
  static_assert(std::is_arithmetic_v<T>, "atomic update of a non-arithmetic type");
  if constexpr (std::is_same_v<Op, op::add> &&
                (is_int_v<T> && (sizeof(T) == 4 || sizeof(T) == 8))) {
    atomicAdd(as_unsigned(p), unsigned_value(v)); // two's complement: same bits
  } else if constexpr (std::is_same_v<Op, op::add> &&
                       (std::is_same_v<T, float> || std::is_same_v<T, double>)) {
    atomicAdd(p, v);
  } else if constexpr ((std::is_same_v<Op, op::min> || std::is_same_v<Op, op::max>) &&
                       (is_int32_v<T> || is_int64_v<T>)) {
    using N = std::remove_pointer_t<decltype(as_native(p))>;
    if constexpr (std::is_same_v<Op, op::min>)
      atomicMin(as_native(p), static_cast<N>(v));
    else
      atomicMax(as_native(p), static_cast<N>(v));
  } else if constexpr ((std::is_same_v<Op, op::band> || std::is_same_v<Op, op::bor> ||
                        std::is_same_v<Op, op::bxor>) &&
                       (is_int32_v<T> || is_int64_v<T>)) {
    if constexpr (std::is_same_v<Op, op::band>)
      atomicAnd(as_unsigned(p), unsigned_value(v));
    else if constexpr (std::is_same_v<Op, op::bor>)
      atomicOr(as_unsigned(p), unsigned_value(v));
    else
      atomicXor(as_unsigned(p), unsigned_value(v));
  } else {
    cas_apply<Op>(p, v);
  }
}

template <class T> __device__ __forceinline__ void atomic_add(T *p, T v) {
  atomic_combine<op::add>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_sub(T *p, T v) {
  if constexpr (detail::is_int_v<T> && (sizeof(T) == 4 || sizeof(T) == 8))
    atomicAdd(detail::as_unsigned(p), // wraps like two's complement subtraction
              detail::unsigned_value(T(0)) - detail::unsigned_value(v));
  else if constexpr (std::is_floating_point_v<T>)
    atomic_combine<op::add>(p, T(-v)); // a - b == a + (-b) exactly
  else
    detail::cas_apply<detail::sub_op>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_mul(T *p, T v) {
  atomic_combine<op::mul>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_min(T *p, T v) {
  atomic_combine<op::min>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_max(T *p, T v) {
  atomic_combine<op::max>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_and(T *p, T v) {
  atomic_combine<op::band>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_or(T *p, T v) {
  atomic_combine<op::bor>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_xor(T *p, T v) {
  atomic_combine<op::bxor>(p, v);
}
// The same three under the operator names of op:: (band, bor, bxor), which is
// how the translator spells atomic_<op> for `&`, `|` and `^`.
template <class T> __device__ __forceinline__ void atomic_band(T *p, T v) {
  atomic_combine<op::band>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_bor(T *p, T v) {
  atomic_combine<op::bor>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_bxor(T *p, T v) {
  atomic_combine<op::bxor>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_land(T *p, T v) {
  atomic_combine<op::land>(p, v);
}
template <class T> __device__ __forceinline__ void atomic_lor(T *p, T v) {
  atomic_combine<op::lor>(p, v);
}

} // namespace hy::cuda

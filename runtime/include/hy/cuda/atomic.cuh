// Device atomics: atomic_fetch<Op>() (returns the old value; behind
// hy::fetch_min and friends in kernels), atomic_combine<Op>() behind
// cross-block reductions, and the element-wise atomic_add/min/... that
// generated kernels use for reductions into array elements (same names as
// the CPU helpers in hy/atomic.hpp). Native atomics where the hardware has
// them, compare-and-swap loops otherwise (1- and 2-byte types through their
// aligned 32-bit word; hy::minloc / maxloc through a 64- or 128-bit CAS).
#pragma once

#include <hy/cuda/reduce.cuh>
#include <hy/update.hpp>

#include <cstdint>
#include <type_traits>

// sm_90 and newer have a 128-bit compare-and-swap (atom.cas.b128; the
// atomicCAS template of crt/sm_90_rt.h for 16-byte, 16-byte aligned types).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && !defined(__NV_DISABLE_128_ATOMICS)
#define HY_CUDA_HAS_CAS128 1
#else
#define HY_CUDA_HAS_CAS128 0
#endif

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
  memcpy(static_cast<void *>(&v), &u, sizeof(T));
  return v;
}

// Unsigned integer type of the same size as T (4 or 8 bytes).
template <std::size_t S> struct word_of;
template <> struct word_of<4> { using type = unsigned int; };
template <> struct word_of<8> { using type = unsigned long long; };

/// 16 bytes as one unit of the 128-bit compare-and-swap.
struct alignas(16) word128 {
  unsigned long long lo, hi;
};

// Whether F left the value unchanged. Arithmetic values compare bit for bit
// (so -0.0 and 0.0 differ, as the stored bytes do); hy::minloc / maxloc as
// values, since two copies of one may differ in their padding bytes.
template <class T, class W>
__device__ __forceinline__ bool unchanged(const T &cur, const T &next, W old_bits) {
  if constexpr (std::is_class_v<T>)
    return next == cur;
  else
    return bits_of<T, W>(next) == old_bits;
}

// *p = F::apply(*p, v) with a compare-and-swap loop; returns the old *p.
template <class F, class T>
__device__ T cas_apply(T *p, T v) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using W = typename word_of<sizeof(T)>::type;
    W *w = reinterpret_cast<W *>(p);
    W old = *reinterpret_cast<volatile W *>(w);
    for (;;) {
      const T cur = from_bits<T, W>(old);
      const T next = F::template apply<T>(cur, v);
      if (unchanged(cur, next, old))
        return cur; // nothing changes (e.g. min already satisfied)
      const W seen = atomicCAS(w, old, bits_of<T, W>(next));
      if (seen == old)
        return cur;
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
        return cur;
      const unsigned int seen = atomicCAS(w, old, desired);
      if (seen == old)
        return cur;
      old = seen;
    }
  }
}

// The lock that guards a 16-byte value at p where there is no 128-bit
// compare-and-swap: one of 1024 spin locks in global memory, chosen by
// address. Zero-initialised, one table per translation unit.
__device__ __forceinline__ unsigned int *lock_for(const void *p) {
  static unsigned int locks[1024];
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p) >> 4;
  return &locks[(a ^ (a >> 10)) & 1023u];
}

// *p = F::apply(*p, v) under the lock of p; returns the old *p. Used for
// 16-byte values (hy::minloc<double, long long>, ...) before sm_90; a
// reduction across blocks takes the lock once per block.
template <class F, class T>
__device__ T locked_apply(T *p, T v) {
  static_assert(sizeof(T) % sizeof(unsigned long long) == 0, "locked update of 8n bytes");
  constexpr int n = sizeof(T) / sizeof(unsigned long long);
  unsigned int *lock = lock_for(p);
  while (atomicCAS(lock, 0u, 1u) != 0u) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    __nanosleep(32);
#endif
  }
  __threadfence(); // see the writes of the previous holder
  volatile unsigned long long *w = reinterpret_cast<volatile unsigned long long *>(p);
  unsigned long long words[n];
#pragma unroll
  for (int i = 0; i < n; ++i)
    words[i] = w[i];
  T cur;
  memcpy(static_cast<void *>(&cur), words, sizeof(T));
  const T next = F::template apply<T>(cur, v);
  if (!(next == cur)) {
    memcpy(words, &next, sizeof(T));
#pragma unroll
    for (int i = 0; i < n; ++i)
      w[i] = words[i];
  }
  __threadfence(); // publish before the next holder reads
  atomicExch(lock, 0u);
  return cur;
}

// *p = F::apply(*p, v) for a 16-byte value; returns the old *p.
template <class F, class T>
__device__ T cas128_apply(T *p, T v) {
#if HY_CUDA_HAS_CAS128
  static_assert(sizeof(T) == 16 && alignof(T) == 16, "128-bit update of a 16-byte aligned value");
  word128 *w = reinterpret_cast<word128 *>(p);
  // Two plain 8-byte loads may tear; a compare-and-swap that writes back what
  // it compares gives one consistent snapshot to start from.
  word128 old;
  old.lo = reinterpret_cast<volatile word128 *>(w)->lo;
  old.hi = reinterpret_cast<volatile word128 *>(w)->hi;
  old = atomicCAS(w, old, old);
  for (;;) {
    const T cur = from_bits<T, word128>(old);
    const T next = F::template apply<T>(cur, v);
    if (next == cur)
      return cur;
    const word128 seen = atomicCAS(w, old, bits_of<T, word128>(next));
    if (seen.lo == old.lo && seen.hi == old.hi)
      return cur;
    old = seen;
  }
#else
  return locked_apply<F>(p, v);
#endif
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

/// Atomically *p = Op::apply(*p, v); returns the old *p. Hardware atomics
/// where they exist, compare-and-swap loops otherwise; hy::minloc / maxloc
/// of 8 bytes by a 64-bit CAS, of 16 bytes by a 128-bit CAS (sm_90) or a
/// lock. hy::fetch_add and friends (hy/update.hpp) call this in device code.
template <class Op, class T>
__device__ T atomic_fetch(T *p, T v) {
  using namespace detail;
  if constexpr (std::is_class_v<T>) {
    static_assert(std::is_trivially_copyable_v<T> &&
                      (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16),
                  "atomic update of a class type: 4, 8 or 16 trivially copyable bytes");
    if constexpr (sizeof(T) == 16)
      return cas128_apply<Op>(p, v);
    else
      return cas_apply<Op>(p, v);
  } else {
    static_assert(std::is_arithmetic_v<T>, "atomic update of a non-arithmetic type");
    if constexpr (std::is_same_v<Op, op::add> &&
                  (is_int_v<T> && (sizeof(T) == 4 || sizeof(T) == 8))) {
      // two's complement: the unsigned sum has the same bits
      return static_cast<T>(atomicAdd(as_unsigned(p), unsigned_value(v)));
    } else if constexpr (std::is_same_v<Op, op::add> &&
                         (std::is_same_v<T, float> || std::is_same_v<T, double>)) {
      return atomicAdd(p, v);
    } else if constexpr ((std::is_same_v<Op, op::min> || std::is_same_v<Op, op::max>) &&
                         (is_int32_v<T> || is_int64_v<T>)) {
      using N = std::remove_pointer_t<decltype(as_native(p))>;
      if constexpr (std::is_same_v<Op, op::min>)
        return static_cast<T>(atomicMin(as_native(p), static_cast<N>(v)));
      else
        return static_cast<T>(atomicMax(as_native(p), static_cast<N>(v)));
    } else if constexpr ((std::is_same_v<Op, op::band> || std::is_same_v<Op, op::bor> ||
                          std::is_same_v<Op, op::bxor>) &&
                         (is_int32_v<T> || is_int64_v<T>)) {
      if constexpr (std::is_same_v<Op, op::band>)
        return static_cast<T>(atomicAnd(as_unsigned(p), unsigned_value(v)));
      else if constexpr (std::is_same_v<Op, op::bor>)
        return static_cast<T>(atomicOr(as_unsigned(p), unsigned_value(v)));
      else
        return static_cast<T>(atomicXor(as_unsigned(p), unsigned_value(v)));
    } else {
      return cas_apply<Op>(p, v);
    }
  }
}

template <class Op, class T>
__device__ void atomic_combine(T *p, T v) {
  (void)atomic_fetch<Op, T>(p, v);
}

template <class T, class U> __device__ __forceinline__ void atomic_add(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::add>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_sub(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  if constexpr (detail::is_int_v<T> && (sizeof(T) == 4 || sizeof(T) == 8))
    atomicAdd(detail::as_unsigned(p), // wraps like two's complement subtraction
              detail::unsigned_value(T(0)) - detail::unsigned_value(v));
  else if constexpr (std::is_floating_point_v<T>)
    atomic_combine<op::add>(p, T(-v)); // a - b == a + (-b) exactly
  else
    detail::cas_apply<detail::sub_op>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_mul(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::mul>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_min(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::min>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_max(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::max>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_and(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::band>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_or(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::bor>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_xor(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::bxor>(p, v);
}
// The same three under the operator names of op:: (band, bor, bxor), which is
// how the translator spells atomic_<op> for `&`, `|` and `^`.
template <class T, class U> __device__ __forceinline__ void atomic_band(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::band>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_bor(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::bor>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_bxor(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::bxor>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_land(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::land>(p, v);
}
template <class T, class U> __device__ __forceinline__ void atomic_lor(T *p, U u) {
  const T v = static_cast<T>(u); // the element's type, as `a(i) OP= u` converts
  atomic_combine<op::lor>(p, v);
}

} // namespace hy::cuda

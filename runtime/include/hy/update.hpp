// hy::fetch_add / fetch_min / fetch_max / fetch_and / fetch_or / fetch_xor:
// an update of one variable that returns the value it replaced (the C++26
// std::atomic::fetch_min spelling), for "claim" code such as
//     if (hy::fetch_min(dist(v), d + 1) > d + 1) next.push(v);
// The meaning is the serial one, `T old = a; a = OP(a, T(v)); return old;`,
// and the update is atomic by itself where iterations run concurrently: in
// OpenMP builds (GCC/Clang __atomic builtins, relaxed order) and in device
// code (hy::cuda::atomic_fetch, defined in hy/cuda/atomic.cuh). So the
// translator leaves these calls as they are on every target. In device code
// a variable of the thread's own (a local of the iteration, a per-thread
// array, also reached through a helper's reference) lives in local memory,
// where an atomic faults and which no other thread sees: there the update
// is the plain one (an address-space test, __isLocal, that nvcc resolves at
// compile time where it knows the variable).
#pragma once

#include <hy/atomic.hpp>
#include <hy/config.hpp>

#include <type_traits>

#if defined(__CUDACC__)
namespace hy::cuda {
namespace op {
struct add;
struct min;
struct max;
struct band;
struct bor;
struct bxor;
} // namespace op
/// Atomically *p = Op::apply(*p, v); returns the old *p (hy/cuda/atomic.cuh).
template <class Op, class T> __device__ T atomic_fetch(T *p, T v);
} // namespace hy::cuda
#endif

namespace hy {

namespace detail {
/// The serial update: `old = a; a = f(a, v); return old;`.
template <class T, class F> HY_HD T fetch_plain(T &a, T v, F f) {
  const T old = a;
  a = f(a, v);
  return old;
}
#if defined(__CUDA_ARCH__)
/// `p`, whose address space nvcc must not infer (an empty asm hides it).
template <class P> __device__ __forceinline__ P opaque(P p) {
  asm("" : "+l"(p));
  return p;
}
/// The device update: the plain one on the thread's own local memory (an
/// atomic there faults), else the atomic on the shared or global address
/// (a variable that can be updated is in one of the three). nvcc warns
/// about an atomic on an address it knows is local even on a branch that
/// the test rules out, so the atomic's address goes through opaque() and
/// gets its space back from the cvta conversions.
template <class Op, class T, class F> __device__ T device_fetch(T &a, T v, F plain) {
  if (__isLocal(&a))
    return fetch_plain(a, v, plain);
  T *p = opaque(&a);
  if (__isShared(p))
    return hy::cuda::atomic_fetch<Op>(
        static_cast<T *>(__cvta_shared_to_generic(opaque(__cvta_generic_to_shared(p)))), v);
  return hy::cuda::atomic_fetch<Op>(
      static_cast<T *>(__cvta_global_to_generic(opaque(__cvta_generic_to_global(p)))), v);
}
#endif
template <class T> constexpr bool fetch_arith_ok_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;
template <class T> constexpr bool fetch_bits_ok_v =
    std::is_integral_v<T> && !std::is_same_v<T, bool>;
} // namespace detail

template <class T, class U> HY_HD T fetch_add(T &a, U u) {
  static_assert(detail::fetch_arith_ok_v<T>, "hy::fetch_add needs an arithmetic type other than bool");
  const T v = static_cast<T>(u);
#if defined(__CUDA_ARCH__)
  return detail::device_fetch<hy::cuda::op::add>(a, v, [](T x, T y) { return T(x + y); });
#elif defined(_OPENMP)
  if constexpr (std::is_integral_v<T>)
    return __atomic_fetch_add(&a, v, __ATOMIC_RELAXED);
  else
    return detail::atomic_apply(&a, v, [](T x, T y) { return T(x + y); });
#else
  const T old = a;
  a = T(a + v);
  return old;
#endif
}

template <class T, class U> HY_HD T fetch_min(T &a, U u) {
  static_assert(detail::fetch_arith_ok_v<T>, "hy::fetch_min needs an arithmetic type other than bool");
  const T v = static_cast<T>(u);
#if defined(__CUDA_ARCH__)
  return detail::device_fetch<hy::cuda::op::min>(a, v, [](T x, T y) { return y < x ? y : x; });
#elif defined(_OPENMP)
  return detail::atomic_apply(&a, v, [](T x, T y) { return y < x ? y : x; });
#else
  const T old = a;
  if (v < a)
    a = v;
  return old;
#endif
}

template <class T, class U> HY_HD T fetch_max(T &a, U u) {
  static_assert(detail::fetch_arith_ok_v<T>, "hy::fetch_max needs an arithmetic type other than bool");
  const T v = static_cast<T>(u);
#if defined(__CUDA_ARCH__)
  return detail::device_fetch<hy::cuda::op::max>(a, v, [](T x, T y) { return x < y ? y : x; });
#elif defined(_OPENMP)
  return detail::atomic_apply(&a, v, [](T x, T y) { return x < y ? y : x; });
#else
  const T old = a;
  if (a < v)
    a = v;
  return old;
#endif
}

template <class T, class U> HY_HD T fetch_and(T &a, U u) {
  static_assert(detail::fetch_bits_ok_v<T>, "hy::fetch_and needs an integral type other than bool");
  const T v = static_cast<T>(u);
#if defined(__CUDA_ARCH__)
  return detail::device_fetch<hy::cuda::op::band>(a, v, [](T x, T y) { return T(x & y); });
#elif defined(_OPENMP)
  return __atomic_fetch_and(&a, v, __ATOMIC_RELAXED);
#else
  const T old = a;
  a = T(a & v);
  return old;
#endif
}

template <class T, class U> HY_HD T fetch_or(T &a, U u) {
  static_assert(detail::fetch_bits_ok_v<T>, "hy::fetch_or needs an integral type other than bool");
  const T v = static_cast<T>(u);
#if defined(__CUDA_ARCH__)
  return detail::device_fetch<hy::cuda::op::bor>(a, v, [](T x, T y) { return T(x | y); });
#elif defined(_OPENMP)
  return __atomic_fetch_or(&a, v, __ATOMIC_RELAXED);
#else
  const T old = a;
  a = T(a | v);
  return old;
#endif
}

template <class T, class U> HY_HD T fetch_xor(T &a, U u) {
  static_assert(detail::fetch_bits_ok_v<T>, "hy::fetch_xor needs an integral type other than bool");
  const T v = static_cast<T>(u);
#if defined(__CUDA_ARCH__)
  return detail::device_fetch<hy::cuda::op::bxor>(a, v, [](T x, T y) { return T(x ^ y); });
#elif defined(_OPENMP)
  return __atomic_fetch_xor(&a, v, __ATOMIC_RELAXED);
#else
  const T old = a;
  a = T(a ^ v);
  return old;
#endif
}

} // namespace hy

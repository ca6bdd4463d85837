// hy::cuda::constant_copy(a): the device copy of a constant array that a
// kernel in a template reads, `static constexpr T w[3]` of a class template
// (`Coef<T>::w[i]`). nvcc has no device copy of a host variable that device
// code odr-uses (an array it indexes), and hyc cannot write the values out
// while they depend on the template's parameters; the kernel declares
//     static constexpr auto w = hy::cuda::constant_copy(Coef<T>::w);
// instead, evaluated at compile time for each instantiation. The copy
// indexes (w[i], w[i][j]) and has the size as the array it copies.
#pragma once

#include <cstddef>
#include <type_traits>

namespace hy::cuda {

/// N values of T (T may be such an array itself) with the array's
/// indexing; a literal type, so that it can be a constexpr variable.
template <class T, std::size_t N>
struct constant_array {
  T v[N];
  __host__ __device__ constexpr const T &operator[](std::size_t i) const { return v[i]; }
  __host__ __device__ static constexpr std::size_t size() { return N; }
};

namespace detail {
template <class T>
struct constant_of {
  using type = std::remove_cv_t<T>;
  __host__ __device__ static constexpr type copy(const T &x) { return x; }
};
template <class T, std::size_t N>
struct constant_of<T[N]> {
  using type = constant_array<typename constant_of<T>::type, N>;
  __host__ __device__ static constexpr type copy(const T (&a)[N]) {
    type r{};
    for (std::size_t i = 0; i < N; ++i)
      r.v[i] = constant_of<T>::copy(a[i]);
    return r;
  }
};
} // namespace detail

/// The copy of a constant array (or value), as a constant expression.
template <class T>
__host__ __device__ constexpr typename detail::constant_of<T>::type constant_copy(const T &a) {
  return detail::constant_of<T>::copy(a);
}

} // namespace hy::cuda

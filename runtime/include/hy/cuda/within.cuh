// Host syncs of arrays that host code reaches other than by name: through a
// standard container or wrapper (std::vector, std::array, std::pair,
// std::tuple, std::optional of arrays), through a call that returns one by
// reference, or inside a statement that also launches kernels. hyc
// generates host_within(root, acc) before a statement that reaches arrays
// through the containers of a variable, and synced(expr, acc) in place of
// an array expression whose value only exists where it is evaluated
// (docs/cuda.md, "Host code around kernels").
#pragma once

#include <hy/cuda/mirror.cuh>
#include <hy/cuda/worklist.cuh>

#include <array>
#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace hy::cuda {

// Every array inside a container, recursively (declared first: the
// overloads call one another).
// What a container holds besides arrays (the int of a pair) needs nothing.
template <class T,
          class = std::enable_if_t<std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_pointer_v<T>>>
void host_within(const T &, access) {}
template <class T, int N> void host_within(const hy::array<T, N> &a, access acc);
template <class T> void host_within(const hy::worklist<T> &w, access acc);
template <class T> void host_within(const std::vector<T> &v, access acc);
template <class T, std::size_t N> void host_within(const std::array<T, N> &a, access acc);
template <class A, class B> void host_within(const std::pair<A, B> &p, access acc);
template <class... T> void host_within(const std::tuple<T...> &t, access acc);
template <class T> void host_within(const std::optional<T> &o, access acc);

template <class T, int N> void host_within(const hy::array<T, N> &a, access acc) { host(a, acc); }
template <class T> void host_within(const hy::worklist<T> &w, access acc) { host(w, acc); }
template <class T> void host_within(const std::vector<T> &v, access acc) {
  if constexpr (detail::vector_element_ok_v<T>)
    host(v, acc); // the vector is itself a device array
  else
    for (const T &e : v)
      host_within(e, acc);
}
template <class T, std::size_t N> void host_within(const std::array<T, N> &a, access acc) {
  for (const T &e : a)
    host_within(e, acc);
}
template <class A, class B> void host_within(const std::pair<A, B> &p, access acc) {
  host_within(p.first, acc);
  host_within(p.second, acc);
}
template <class... T> void host_within(const std::tuple<T...> &t, access acc) {
  std::apply([acc](const auto &...e) { (host_within(e, acc), ...); }, t);
}
template <class T> void host_within(const std::optional<T> &o, access acc) {
  if (o)
    host_within(*o, acc);
}

/// The array `a` evaluates to, its host copy made current for `acc` first:
/// `pick(s)(2)` -> `synced(pick(s), read)(2)`, and the reads of a statement
/// that also launches kernels, at the point where they are evaluated.
template <class A> decltype(auto) synced(A &&a, access acc) {
  host_within(a, acc);
  return std::forward<A>(a);
}
/// The same for a worklist whose count alone is read (`q.size()`).
template <class W> decltype(auto) synced_size(W &&w) {
  host_size(w);
  return std::forward<W>(w);
}

} // namespace hy::cuda

// The launch-time check that an array a kernel fetches into shared memory is
// not also passed to the kernel under another name (`f(D, D)` with two
// reference parameters). Inside the kernel, accesses through the other name
// go to global memory and miss the tile: the GPU would compute other values
// than the CPU, where both names are the same array. hyc calls this before
// launching a kernel that fetches an array and receives more than one.
#pragma once

#include <hy/array.hpp>

#include <cstdio>
#include <cstdlib>
#include <initializer_list>

namespace hy::cuda {

/// The bytes an array argument covers, its name in the source, and whether
/// the kernel fetches it.
struct array_span {
  const char *begin = nullptr, *end = nullptr;
  const char *name = "";
  bool fetched = false;
};

template <class A> const void *storage_of(const A &a) { return a.data(); }
// Only the address: no sync of a parked array (hy/array.hpp).
template <class T, int N> const void *storage_of(const hy::array<T, N> &a) {
  return a.hy_storage();
}

template <class A>
array_span span_of(const A &a, const char *name, bool fetched) {
  const char *b = static_cast<const char *>(storage_of(a));
  return {b, b + a.size() * sizeof(*a.data()), name, fetched}; // unevaluated
}

/// Stops with an error naming both arrays when a fetched array shares bytes
/// with another array argument of the same launch.
inline void check_fetch_aliases(std::initializer_list<array_span> arrays, const char *where) {
  for (const array_span &f : arrays) {
    if (!f.fetched || f.begin == f.end)
      continue;
    for (const array_span &o : arrays) {
      if (&o == &f || o.begin == o.end || o.end <= f.begin || f.end <= o.begin)
        continue;
      std::fprintf(stderr,
                   "hy: error: %s: '%s' and '%s' are the same array (or overlap); the kernel "
                   "fetches '%s' into shared memory, so its accesses through '%s' would miss "
                   "the tile on the GPU. Pass the array once.\n",
                   where, f.name, o.name, f.name, o.name);
      std::exit(1);
    }
  }
}

} // namespace hy::cuda

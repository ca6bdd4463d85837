// Debug-mode check that an access redirected to a fetch tile stays inside it.
// hyc --check-fetch wraps each tile index in
// hy::tile_index_checked(local_index, extent, "file:line:col", "array", dim)
// (or -DHY_CHECK_FETCH and HY_TILE_INDEX(local_index, extent, "file:line:col");
// outside debug mode the macro is the bare index). The message names the
// access's position, the array and the dimension. Usable from host and
// (under nvcc) device code.
#pragma once

#include <hy/config.hpp>

#include <cstdio>
#include <cstdlib>

namespace hy {
template <class I, class E>
HY_HD inline I tile_index_checked(I local, E extent, const char *where,
                                  const char *array = nullptr, int dim = -1) {
  if (local < 0 || static_cast<long long>(local) >= static_cast<long long>(extent)) {
    if (array)
      printf("%s: error: access to '%s' outside its fetch tile in dimension %d (tile index "
             "%lld, tile extent %lld)\n",
             where, array, dim, static_cast<long long>(local), static_cast<long long>(extent));
    else
      printf("%s: error: access outside its fetch tile (tile index %lld, tile "
             "extent %lld)\n",
             where, static_cast<long long>(local), static_cast<long long>(extent));
#if defined(__CUDA_ARCH__)
    __trap();
#else
    std::fflush(stdout);
    std::abort();
#endif
  }
  return local;
}
} // namespace hy

#if defined(HY_CHECK_FETCH)
#define HY_TILE_INDEX(local, extent, where) ::hy::tile_index_checked((local), (extent), (where))
#else
#define HY_TILE_INDEX(local, extent, where) (local)
#endif

// Debug-mode check that an access redirected to a fetch tile stays inside it.
// hyc --check-fetch (or -DHY_CHECK_FETCH) wraps each tile index in
// HY_TILE_INDEX(local_index, extent, "file:line:col"); outside debug mode the
// macro is the bare index. Usable from host and (under nvcc) device code.
#pragma once

#include <hy/config.hpp>

#include <cstdio>
#include <cstdlib>

namespace hy {
template <class I, class E>
HY_HD inline I tile_index_checked(I local, E extent, const char *where) {
  if (local < 0 || static_cast<long long>(local) >= static_cast<long long>(extent)) {
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

// Found by test/fuzz (difftest, cuda compile): a fetched array that the
// statement does not use is left out of the kernel's parameters, but its
// tile is still loaded: nvcc stops with 'identifier "a" is undefined'.
// Expected: the fetch is ignored (or a clear error at the pragma).
// Reproduce: hyc --target=cuda unused-fetch.cpp -o x.cu && nvcc -c x.cu
#include <hy/hy.hpp>
void f(const hy::array<int, 1> &a, hy::array<int, 1> &b) {
#pragma hy parallel for
  for (int bl = 0; bl < 4; ++bl)
#pragma hy parallel fetch(a : 8 : bl * 8 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t)
      b(bl * 8 + t) = t;
}

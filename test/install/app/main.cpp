// An executable of the outside project that uses the library and hy::array
// itself (it links hy::runtime by name).
#include "rowsum.h"
#include <hy/hy.hpp>
#include <cstdio>

int main() {
  hy::array<int, 2> a(50, 20);
  for (int i = 0; i < 50; ++i)
    for (int j = 0; j < 20; ++j)
      a(i, j) = i + j;
  hy::array<long long, 1> s(50);
  rowsums(a, s);
  long long total = 0;
  for (int i = 0; i < 50; ++i)
    total += s(i);
  std::printf("%s %lld\n", rowsum_version(), total);
  return 0;
}

// The library's annotated source (hy_target_sources adds its translation).
#include "rowsum.h"

void rowsums(const hy::array<int, 2> &a, hy::array<long long, 1> &out) {
  const int n = static_cast<int>(a.extent(0)), m = static_cast<int>(a.extent(1));
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    long long s = ROWSUM_BIAS;
    for (int j = 0; j < m; ++j)
      s += a(i, j);
    out(i) = s;
  }
}

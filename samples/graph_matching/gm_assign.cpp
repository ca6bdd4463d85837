// Hungarian method for the discrete matching (see gm_assign.hpp).
#include "gm_assign.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace gm {

std::vector<int> hungarian_max(const std::vector<double>& score, int rows, int cols) {
  const bool flip = rows > cols;  // the method wants rows <= cols
  const int n = flip ? cols : rows, m = flip ? rows : cols;
  auto cost = [&](int r, int c) {  // 1-based, minimised
    return -(flip ? score[static_cast<std::size_t>(c - 1) * cols + (r - 1)]
                  : score[static_cast<std::size_t>(r - 1) * cols + (c - 1)]);
  };
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> u(n + 1, 0), v(m + 1, 0), minv(m + 1);
  std::vector<int> p(m + 1, 0), way(m + 1, 0);
  std::vector<char> used(m + 1);
  for (int i = 1; i <= n; ++i) {
    p[0] = i;
    int j0 = 0;
    std::fill(minv.begin(), minv.end(), inf);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[j0] = 1;
      const int i0 = p[j0];
      double delta = inf;
      int j1 = 0;
      for (int j = 1; j <= m; ++j)
        if (!used[j]) {
          const double cur = cost(i0, j) - u[i0] - v[j];
          if (cur < minv[j]) {
            minv[j] = cur;
            way[j] = j0;
          }
          if (minv[j] < delta) {
            delta = minv[j];
            j1 = j;
          }
        }
      for (int j = 0; j <= m; ++j)
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const int j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  std::vector<int> match(rows, -1);
  for (int j = 1; j <= m; ++j)
    if (p[j]) {
      if (flip)
        match[j - 1] = p[j] - 1;
      else
        match[p[j] - 1] = j - 1;
    }
  return match;
}

}  // namespace gm

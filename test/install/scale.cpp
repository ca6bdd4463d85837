// The outside project's annotated source: scales rows in blocks of threads.
#include <hy/hy.hpp>
#include <cstdio>

int main() {
  const int n = 100, m = 37;
  hy::array<int, 2> a(n, m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a(i, j) = i * m + j;
  long long sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i)
#pragma hy parallel for into(threads)
    for (int j = 0; j < m; ++j) {
      a(i, j) *= 3;
      sum += a(i, j);
    }
  std::printf("%lld %d\n", sum, a(n - 1, m - 1));
  return 0;
}

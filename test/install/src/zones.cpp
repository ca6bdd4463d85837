// The outside project's zone loop (built where find_package(hy) gives
// hy::zones_mpi; run.sh runs it under mpiexec with 2 ranks): rows of
// squares gathered, a sum reduced, a scratch row written first by every
// iteration. Zone 0 prints the same line as a one-zone run.
#include <hy/hy.hpp>
#include <hy/zones.hpp>
#include <cstdio>

int main() {
  const int n = 24;
  hy::array<long long, 2> rows(n, 4);
  hy::array<long long, 1> work(4);
  long long sum = 0;
#pragma hy parallel for into(devices) scratch(work) gather(rows) reduction(+ : sum)
  for (int s = 0; s < n; ++s) {
    for (int j = 0; j < 4; ++j)
      work(j) = static_cast<long long>(s) * s + j;
    for (int j = 0; j < 4; ++j)
      rows(s, j) = work(j);
    sum += work(0);
  }
  long long check = 0;
  for (int s = 0; s < n; ++s)
    check += rows(s, 3);
  if (hy::zones::leader())
    std::printf("zones %lld %lld\n", sum, check);
  return 0;
}

// hy's clang plugin on a clean annotated program: clang++ compiles it as
// it is (its serial meaning) with no warning at all, not even for the hy
// pragmas (which clang alone warns about with -Wall), and the program it builds
// prints what the build without the plugin prints, the fetch's probe
// included. hyc finds nothing to say either.
// REQUIRES: hy-plugin
// RUN: %clangxx -fplugin=%hy_plugin -std=c++17 -I%hy_inc -Wall -Wextra -Werror %s -o %t.plugin
// RUN: %clangxx -fplugin=%hy_plugin -std=c++17 -I%hy_inc -O2 -Wall -Wextra -Werror %s -o %t.plugin-O2
// RUN: %clangxx -std=c++17 -I%hy_inc -Wno-unknown-pragmas %s -o %t.plain
// RUN: %t.plain > %t.plain.out
// RUN: %t.plugin | diff %t.plain.out -
// RUN: %t.plugin-O2 | diff %t.plain.out -
// RUN: FileCheck %s --check-prefix=OUT < %t.plain.out
// OUT: sum 4950 tiles 4950
// RUN: %clangxx -std=c++17 -I%hy_inc -Wall -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: clean.cpp:[[@LINE+11]]:9: warning: unknown pragma ignored [-Wunknown-pragmas]
// RUN: %hyc --target=serial -Werror %s -o %t.serial.cpp 2>&1 | count 0
#include <hy/hy.hpp>
#include <cstdio>

constexpr int B = 10;

int main() {
  const int n = 100;
  hy::array<int, 1> a(n), b(n);
  long sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    a(i) = i;
    sum += i;
  }
#pragma hy parallel for
  for (int blk = 0; blk < n / B; ++blk) {
#pragma hy parallel fetch(a : B : blk * B : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < B; ++t)
      b(blk * B + t) = a(blk * B + t);
  }
  long tiles = 0;
  for (int i = 0; i < n; ++i)
    tiles += b(i);
  std::printf("sum %ld tiles %ld\n", sum, tiles);
  return 0;
}

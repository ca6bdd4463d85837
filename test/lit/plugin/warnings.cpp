// hyc's warnings in a clang compile with hy's plugin: the same text and
// warning names, silenced and made errors as in hyc, by plugin arguments
// (-fplugin-arg-hy-Wno-hy-race, ...-Werror=hy-race), by hyc's warning
// options among clang's own flags, and by clang's -w and -Werror.
// -fplugin-arg-hy-cuda-arch names the GPU whose shared memory the tiles
// must fit (hy-shared-memory). An argument the plugin does not take is an
// error.
// REQUIRES: hy-plugin
// RUN: %clangxx -fplugin=%hy_plugin -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %hyc --target=serial %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %clangxx -fplugin=%hy_plugin -fplugin-arg-hy-Wno-hy-race -fplugin-arg-hy-Wno-hy-unused-clause -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | count 0
// RUN: %clangxx -fplugin=%hy_plugin -w -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | count 0
// RUN: not %clangxx -fplugin=%hy_plugin -Werror -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: not %clangxx -fplugin=%hy_plugin -fplugin-arg-hy-Werror=hy-race -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %clangxx -fplugin=%hy_plugin -Wno-unknown-warning-option -Wno-hy-race -Wno-hy-unused-clause -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | count 0
// WERROR: warnings.cpp:{{[0-9]+}}:5: error: different iterations {{.*}} [-Werror,-Why-race]
// RUN: %clangxx -fplugin=%hy_plugin -fplugin-arg-hy-cuda-arch=75 -fplugin-arg-hy-Wno-hy-race -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: %hyc --target=serial --cuda-arch=75 -Wno-hy-race %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: not %clangxx -fplugin=%hy_plugin -fplugin-arg-hy-frob -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BADARG
// BADARG: error: unknown argument 'frob' of hy's clang plugin (-fplugin-arg-hy-frob); it takes hyc's warning options
// RUN: not %clangxx -fplugin=%hy_plugin -fplugin-arg-hy-cuda-arch=sm_1 -std=c++17 -I%hy_inc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BADARCH
// BADARCH: error: unknown CUDA architecture 'sm_1' in -fplugin-arg-hy-cuda-arch
#include <hy/hy.hpp>

void histogram(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
#pragma hy parallel for
  // CHECK: warnings.cpp:[[@LINE+3]]:5: warning: different iterations of the parallel loops around this write may write the same element of 'hist' (its index depends on 'key', read from memory); name it in 'reduction(OP : hist)' if the writes combine values, or in 'disjoint(hist)' on the loop if no two iterations write one element [-Why-race]
  // CHECK: warnings.cpp:[[@LINE+1]]:3: note: 'i' is the index of this parallel loop
  for (int i = 0; i < n; ++i)
    hist(key(i)) += 1;
}

void unused(hy::array<int, 1> &a, int n) {
  int s = 0;
  // CHECK: warnings.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: reduction variable 's' is not used in the loop [-Why-unused-clause]
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    a(i) = i;
}

// 100 KiB of tiles: over sm_75's 64 KiB, inside sm_90's 227 KiB.
void big(hy::array<double, 2> &a, int nb) {
#pragma hy parallel for
  // SM75: warnings.cpp:[[@LINE+1]]:3: warning: fetch tiles of this kernel need {{[0-9]+}} bytes of shared memory per block; the limit of sm_75 is 65536 bytes, so the CUDA build of this source will fail (--cuda-arch names the GPU) [-Why-shared-memory]
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(a : 100, 128 : b * 100, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 100; ++t)
      a(b * 100 + t, 0) += 1;
  }
}

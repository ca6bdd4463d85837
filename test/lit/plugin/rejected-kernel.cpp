// hy's clang plugin on kernels that the checks reject: the same diagnostics
// as hyc --target=serial, every independent one (the tiles' shared memory
// of a kernel with an error of its own included), checked against the CPU
// lines of the diagnostic test that holds those kernels.
// REQUIRES: hy-plugin
// RUN: not %clangxx -fplugin=%hy_plugin -fplugin-arg-hy-cuda-arch=sm_86 -fplugin-arg-hy-Werror=hy-race -std=c++17 -I%hy_inc -c %S/../diag/rejected-kernel-device.cpp -o %t.o 2>&1 | FileCheck %S/../diag/rejected-kernel-device.cpp --check-prefixes=CHECK,CPU --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.o

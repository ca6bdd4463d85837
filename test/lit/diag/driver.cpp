// The driver's own errors: a message that says what is wrong, a non-zero
// exit status, and no output file left behind.
// RUN: not %hyc --target=foo %s 2>&1 | FileCheck %s -check-prefix=TARGET
// TARGET: hyc: error: unknown target 'foo' (expected serial, openmp or cuda)
// RUN: rm -f %t.out && not %hyc %s.missing -o %t.out 2>&1 | FileCheck %s -check-prefix=MISSING --implicit-check-not=error
// RUN: not test -e %t.out
// MISSING: hyc: error: no such file: '{{.*}}driver.cpp.missing'
// RUN: not %hyc %s -o %t.nodir/sub/out.cpp 2>&1 | FileCheck %s -check-prefix=WRITE
// WRITE: hyc: error: cannot write '{{.*}}out.cpp':
// RUN: %hyc %s -o %t.ok.cpp && test -s %t.ok.cpp
// The usage says what hyc takes: one input, compiler arguments after '--'.
// RUN: %hyc --help | FileCheck %s -check-prefix=HELP
// HELP: hyc [options] <input.cpp> [-- <compiler arguments>]
// RUN: not %hyc 2>&1 | FileCheck %s -check-prefix=NOINPUT
// NOINPUT: hyc: error: no input file; hyc translates one file per run (hyc [options] <input.cpp> [-- <compiler arguments>])
// RUN: not %hyc %s %s 2>&1 | FileCheck %s -check-prefix=TWO
// TWO: hyc: error: more than one input file; hyc translates one file per run
// A compiler argument before '--' is named as one (not "did you mean --o=c++20").
// RUN: not %hyc -std=c++20 %s 2>&1 | FileCheck %s -check-prefix=FLAG
// FLAG: hyc: error: '-std=c++20' is a compiler argument; give it after '--' (hyc [options] <input.cpp> -- -std=c++20)
// RUN: not %hyc -I/usr/include %s 2>&1 | FileCheck %s -check-prefix=FLAGI
// FLAGI: hyc: error: '-I/usr/include' is a compiler argument; give it after '--'
// -o naming the input is refused before anything is written or removed.
// RUN: cp %s %t.same.cpp && not %hyc %t.same.cpp -o %t.same.cpp 2>&1 | FileCheck %s -check-prefix=SAME
// RUN: cmp %s %t.same.cpp
// SAME: hyc: error: the output file '{{.*}}same.cpp' is the input file; choose another output file
// Unknown warning names and GPU architectures.
// RUN: not %hyc -Wno-hy-races %s 2>&1 | FileCheck %s -check-prefix=WARN
// WARN: hyc: error: unknown warning option '-Wno-hy-races'; hyc's warnings are hy-unused-clause hy-race hy-host-sync hy-shared-memory hy-fetch-bounds (compiler warnings go after '--')
// RUN: not %hyc -Wall %s 2>&1 | FileCheck %s -check-prefix=WALL
// WALL: hyc: error: '-Wall' is a compiler argument; give it after '--'
// RUN: not %hyc --cuda-arch=sm_99 %s 2>&1 | FileCheck %s -check-prefix=ARCH
// ARCH: hyc: error: unknown CUDA architecture 'sm_99' (expected sm_XY, e.g. sm_80 or sm_90, or a list as CUDA_ARCHITECTURES)
// Without -p or '--', the compile_commands.json of the input's directory or
// a parent gives the flags (as for clang-tidy); -p names the build directory.
// RUN: rm -rf %t.proj && mkdir -p %t.proj/src/deep %t.proj/build
// RUN: cp %S/Inputs/needs-define.cpp %t.proj/src/deep/k.cpp
// RUN: echo '[{"directory": "%t.proj", "file": "%t.proj/src/deep/k.cpp", "command": "c++ -std=c++17 -DHY_FROM_DATABASE=1 -c src/deep/k.cpp"}]' > %t.proj/compile_commands.json
// RUN: %hyc %t.proj/src/deep/k.cpp -o %t.db1.cpp && test -s %t.db1.cpp
// RUN: mv %t.proj/compile_commands.json %t.proj/build/
// RUN: not %hyc %t.proj/src/deep/k.cpp -o %t.db2.cpp 2>&1 | FileCheck %s -check-prefix=NODB
// NODB: error: "compiled without the flags of compile_commands.json"
// RUN: %hyc -p %t.proj/build %t.proj/src/deep/k.cpp -o %t.db3.cpp && test -s %t.db3.cpp
// RUN: %hyc %t.proj/src/deep/k.cpp -o %t.db4.cpp -- -std=c++17 -DHY_FROM_DATABASE=1
#include <hy/hy.hpp>

void twice(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

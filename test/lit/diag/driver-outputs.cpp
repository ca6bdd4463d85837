// The driver's output files: written whole or not at all, never over the
// input, and compiler arguments that are not a compilation (-E, -M) do not
// cost the others (-D still applies).
// A full device is an error message, exit 1, not a crash:
// RUN: not %hyc %s -o /dev/full -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=FULL --implicit-check-not=LLVM
// FULL: hyc: error: cannot write '/dev/full': No space left on device
// RUN: not %hyc %s -- -DSIZE=8 > /dev/full 2> %t.stdout.err; FileCheck %s -check-prefix=STDOUT < %t.stdout.err
// STDOUT: hyc: error: cannot write standard output: No space left on device
// The input is never the output (nor deleted when translation fails):
// RUN: cp %s %t.in.cpp && not %hyc %t.in.cpp -o %t.in.cpp -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=SAME
// RUN: cmp %s %t.in.cpp
// SAME: hyc: error: the output file '{{.*}}.in.cpp' is the input file; choose another output file
// RUN: cp %s %t.bad.cpp && echo 'int broken = ;' >> %t.bad.cpp && not %hyc %t.bad.cpp -o %t.bad.cpp -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=SAME2
// RUN: test -s %t.bad.cpp
// SAME2: hyc: error: the output file '{{.*}}.bad.cpp' is the input file
// A report that cannot be written leaves no translation behind:
// RUN: rm -f %t.out.cpp && not %hyc %s -o %t.out.cpp --report=%t.nodir/r.txt -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: not test -e %t.out.cpp
// REPORT: hyc: error: cannot write '{{.*}}r.txt': No such file or directory
// RUN: not %hyc %s -o %t.two --report=%t.two -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=TWO
// TWO: hyc: error: '{{.*}}' is given as two outputs (translation, report, dependency file)
// The dependency file is an output too: never the input, nor another output.
// RUN: cp %s %t.dep.cpp && not %hyc %t.dep.cpp -o %t.dep.out.cpp -MF %t.dep.cpp -MT x -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=DEPSAME
// RUN: cmp %s %t.dep.cpp
// DEPSAME: hyc: error: the output file '{{.*}}.dep.cpp' is the input file; choose another output file
// RUN: not %hyc %s -o %t.dep2.cpp -MF %t.dep2.cpp -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=TWO
// A report that cannot be written leaves no dependency file either:
// RUN: rm -f %t.md.out.cpp %t.md.out.d && not %hyc %s -MD -o %t.md.out.cpp --report=%t.nodir/r.txt -- -DSIZE=8 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: not test -e %t.md.out.d
// -E, -M and dependency-file options after -- are dropped (hyc's own -MD,
// before --, writes the dependency file); -D still applies:
// RUN: %hyc %s -o %t.e.cpp -- -DSIZE=8 -E && FileCheck %s -check-prefix=MODE < %t.e.cpp
// RUN: %hyc %s -o %t.m.cpp -- -M -DSIZE=8 && FileCheck %s -check-prefix=MODE < %t.m.cpp
// RUN: %hyc %s -o %t.md.cpp -- -MD -MF %t.deps -DSIZE=8 && FileCheck %s -check-prefix=MODE < %t.md.cpp
// RUN: not test -e %t.deps
// MODE: #pragma omp parallel for
// Nothing but the outputs is left next to them:
// RUN: %hyc %s -o %t.dir.cpp -- -DSIZE=8 && ls %t.dir.cpp* | count 1
#include <hy/hy.hpp>

#ifndef SIZE
#error SIZE is not defined
#endif

void twice(hy::array<float, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < SIZE; ++i)
    a(i) *= 2;
}

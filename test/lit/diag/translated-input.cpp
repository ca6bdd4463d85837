// hyc's output given back to hyc is refused (it would stack a second
// translation on the first): every translation defines HY_TRANSLATED_BY_HYC
// on its second line, and a main file that defines it is a fatal error
// there, with nothing written. The CUDA output is checked as a .cpp (hyc
// parses a .cu as CUDA, which needs a CUDA installation of clang's).
// RUN: %hyc --target=openmp %s -o %t.omp.cpp
// RUN: %hyc --target=serial %s -o %t.ser.cpp
// RUN: %hyc --target=cuda %s -o %t.cuda.cpp
// RUN: rm -f %t.again.cpp
// RUN: not %hyc %t.omp.cpp -o %t.again.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.again.cpp
// RUN: not %hyc %t.ser.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %t.cuda.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: translated-input.cpp.tmp.{{omp|ser|cuda}}.cpp:2:9: fatal error: this file is a translation written by hyc (it defines HY_TRANSLATED_BY_HYC), and translating it again would stack a second translation on the first: give hyc the annotated source it was made from (named on its first line)
// The marker is the same in every output (an identical redefinition is no
// error), so that several outputs in one unity build do not clash.
// RUN: head -2 %t.omp.cpp | tail -1 | FileCheck %s -check-prefix=MARK
// MARK: {{^}}#define HY_TRANSLATED_BY_HYC 1{{$}}
#include <hy/hy.hpp>

void twice(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
}

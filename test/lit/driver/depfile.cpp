// hyc -MD / -MF / -MT: a make-style dependency file naming the input and
// every header the parse read (user, runtime and system headers), so that a
// build re-runs hyc when one changes. Written only on success.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hyc --target=openmp -MD %s -o %t/out.omp.cpp -- -std=c++17 -I%S/Inputs
// RUN: FileCheck %s -check-prefix=MD --input-file=%t/out.omp.d
// MD: {{^}}[[OUT:.*]]/out.omp.cpp: \
// MD-DAG: {{^  .*}}driver{{/|\\}}depfile.cpp \
// MD-DAG: {{^  .*}}Inputs{{/|\\}}depfile-consts.h \
// MD-DAG: {{^  .*}}hy{{/|\\}}hy.hpp \
// MD-DAG: {{^  .*}}vector \
//
// -MF names the file, -MT the target; paths are absolute and escaped.
// RUN: mkdir -p "%t/a dir" && cp %s "%t/a dir/in#put.cpp"
// RUN: cd %t && %hyc --target=serial "a dir/in#put.cpp" -o rel.cpp -MF deps.txt -MT 'gen $x.cpp' -- -I%S/Inputs
// RUN: FileCheck %s -check-prefix=MF --input-file=%t/deps.txt
// MF: {{^}}gen\ $$x.cpp: \
// MF: {{^  /.*}}/a\ dir/in\#put.cpp \
//
// Bad command lines: exit status 2, nothing written.
// RUN: not %hyc -MD %s 2>&1 | FileCheck %s -check-prefix=NEEDO
// RUN: not %hyc -MF %t/x.d %s -o - 2>&1 | FileCheck %s -check-prefix=NEEDO
// NEEDO: hyc: error: -MD/-MF need -o FILE (or -MF FILE -MT NAME)
//
// A failed translation leaves no dependency file (a stale one is removed).
// RUN: echo stale > %t/bad.d
// RUN: not %hyc -MD %s -o %t/bad.cpp -- -DBREAK -I%S/Inputs 2>/dev/null
// RUN: not test -e %t/bad.d
#include "depfile-consts.h"
#include <hy/hy.hpp>
#include <vector>

#ifdef BREAK
int broken = ;
#endif

void rows(hy::array<float, 2> &a) {
#pragma hy parallel for
  for (int i = 0; i < kRows; ++i)
    a(i, 0) += 1;
}

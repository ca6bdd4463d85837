// Annotated headers that hyc refuses, each with its reason at its line,
// and no output left behind; and the forms it accepts beside them.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %hyc --target=openmp %s -o %t/out.cpp -- -std=c++17 -I%S/Inputs/headers -DPLAIN 2>&1 | FileCheck %S/Inputs/headers/lib/plain.hpp -check-prefix=PLAIN
// RUN: not %hyc --target=cuda %s -o %t/out.cu -- -std=c++17 -I%S/Inputs/headers -DPLAIN 2>&1 | FileCheck %S/Inputs/headers/lib/plain.hpp -check-prefix=PLAIN
// RUN: not test -e %t/out.cpp
// RUN: not test -e %t/lib/plain.hpp
// RUN: not %hyc --target=openmp %s -o %t/out.cpp -- -std=c++17 -I%S/Inputs/headers -DBESIDE 2>&1 | FileCheck %S/Inputs/headers/lib/wrapper.hpp -check-prefix=BESIDE
// RUN: not %hyc --target=openmp %s -o %t/out.cpp -- -std=c++17 -I%S/Inputs/headers -DDOTDOT 2>&1 | FileCheck %s -check-prefix=DOTDOT
// RUN: not %hyc --target=serial %s -o %t/out.cpp -- -std=c++17 -isystem %S/Inputs/headers/sys -DSYS 2>&1 | FileCheck %S/Inputs/headers/sys/syskern.hpp -check-prefix=SYS
// RUN: not %hyc --target=serial %s -- -std=c++17 -I%S/Inputs/headers -DANGLED 2>&1 | FileCheck %s -check-prefix=NOFILE
// RUN: not %hyc --target=serial %s -o %S/Inputs/headers/out.cpp -- -std=c++17 -I%S/Inputs/headers -DSAMEDIR 2>&1 | FileCheck %s -check-prefix=OVER
// RUN: not test -e %S/Inputs/headers/out.cpp
//
// Included through the include path from a header without pragmas: fine.
// RUN: %hyc --target=openmp %s -o %t/ok/out.cpp -- -std=c++17 -I%S/Inputs/headers -DANGLED
// RUN: FileCheck %s -check-prefix=ANGLED --input-file=%t/ok/lib/annot.hpp
// ANGLED: _Pragma("omp parallel for
#include <hy/hy.hpp>
#ifdef PLAIN
#include <lib/plain.hpp>
#endif
#ifdef BESIDE
#include <lib/wrapper.hpp>
#endif
#ifdef DOTDOT
// DOTDOT: headers.cpp:[[@LINE+1]]:10: error: '../diag/Inputs/headers/lib/annot.hpp' holds '#pragma hy', and hyc writes its translation under the header directory at the path this #include names it by: name it by a relative path without '..' (through an include directory, -I)
#include "../diag/Inputs/headers/lib/annot.hpp"
#endif
#ifdef SYS
#include <syskern.hpp>
#endif
#ifdef ANGLED
#include <lib/angled.hpp>
#endif
#ifdef SAMEDIR
#include "annot-here.hpp"
#endif
// NOFILE: hyc: error: '{{.*}}headers.cpp' includes '{{.*}}annot.hpp', which holds '#pragma hy'; its translation is written to a file: give -o FILE or --header-dir=DIR
// OVER: hyc: error: the translation of the annotated header '{{.*}}annot-here.hpp' would replace it; give --header-dir=DIR (or -o FILE in another directory)

void run(hy::array<int, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < a.extent(0); ++i)
    a(i) += 2;
}

// hyc --diagnostics-format=sarif: the run's diagnostics as one SARIF 2.1.0
// document on standard error (nothing else there), checked against the
// schema's rules for the objects hyc writes (Inputs/sarif_check.py): a
// result per error and warning with its rule (a named warning's name,
// another diagnostic's name in Diagnostics.def, clang's
// clang-diagnostic-...), level, message and place, the notes as related
// locations; the driver's own errors as notifications. The check itself
// fails on logs that break those rules.
// RUN: not %hyc --diagnostics-format=sarif %s -o %t.cpp 2> %t.sarif
// RUN: not test -e %t.cpp
// RUN: %python %S/../Inputs/sarif_check.py %t.sarif | FileCheck %s
// CHECK: invocation executionSuccessful=true exitCode=1
//
// A clean run: no results, exit status 0, the output written.
// RUN: %hyc --diagnostics-format=sarif %S/Inputs/clean-kernel.cpp -o %t.clean.cpp 2> %t.clean.sarif
// RUN: %python %S/../Inputs/sarif_check.py %t.clean.sarif | FileCheck %s --check-prefix=CLEAN --implicit-check-not=result
// CLEAN: invocation executionSuccessful=true exitCode=0
//
// A file hyc cannot write: a notification, and the run did not succeed.
// RUN: not %hyc --diagnostics-format=sarif %S/Inputs/clean-kernel.cpp -o %t.no/such/dir/out.cpp 2> %t.nodir.sarif
// RUN: %python %S/../Inputs/sarif_check.py %t.nodir.sarif | FileCheck %s --check-prefix=NODIR
// NODIR: invocation executionSuccessful=false exitCode=1
// NODIR: notification error: cannot write '{{.*}}out.cpp'
//
// The check fails on a log without its version, with a property SARIF
// does not have, or with a line 0.
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); del d['version']; json.dump(d, open(sys.argv[2], 'w'))" %t.sarif %t.bad1.sarif
// RUN: not %python %S/../Inputs/sarif_check.py %t.bad1.sarif | FileCheck %s --check-prefix=BAD1
// BAD1: SARIF error: log: sarifLog lacks the required property 'version'
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['runs'][0]['results'][0]['severity'] = 1; json.dump(d, open(sys.argv[2], 'w'))" %t.sarif %t.bad2.sarif
// RUN: not %python %S/../Inputs/sarif_check.py %t.bad2.sarif | FileCheck %s --check-prefix=BAD2
// BAD2: SARIF error: runs[0].results[0]: result may not have the property 'severity'
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['runs'][0]['results'][0]['locations'][0]['physicalLocation']['region']['startLine'] = 0; json.dump(d, open(sys.argv[2], 'w'))" %t.sarif %t.bad3.sarif
// RUN: not %python %S/../Inputs/sarif_check.py %t.bad3.sarif | FileCheck %s --check-prefix=BAD3
// BAD3: SARIF error: {{.*}}startLine: must be an integer >= 1, not 0
#include <hy/hy.hpp>

float external(float);

void cxxError(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    // CHECK: result clang-diagnostic-error error sarif.cpp:[[@LINE+1]]:12: use of undeclared identifier 'undeclared'
    a(i) = undeclared(i);
}

float outer(hy::array<float, 1> &a, int n) {
  float last = 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    // CHECK: result WriteToOuterScalar error sarif.cpp:[[@LINE+2]]:5: 'last' is declared outside this 'parallel for' loop and written inside it; iterations must be independent (name it in 'reduction(OP : last)' if it is a reduction)
    // CHECK: related sarif.cpp:[[@LINE-4]]:9: 'last' is declared here
    last = a(i);
  return last;
}

void histogram(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
#pragma hy parallel for
  // CHECK: result hy-race warning sarif.cpp:[[@LINE+3]]:5: different iterations of the parallel loops around this write may write the same element of 'hist' (its index depends on 'key', read from memory); name it in 'reduction(OP : hist)' if the writes combine values, or in 'disjoint(hist)' on the loop if no two iterations write one element
  // CHECK: related sarif.cpp:[[@LINE+1]]:3: 'i' is the index of this parallel loop
  for (int i = 0; i < n; ++i)
    hist(key(i)) += 1;
}

// A column counts characters, not bytes: 'π' is two bytes.
void unicode(hy::array<float, 1> &a, int n) {
  float s = 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    // CHECK: result WriteToOuterScalar error sarif.cpp:[[@LINE+1]]:23: 's' is declared
    a(i) = /* π */ 1, s = a(i);
  (void)s;
}

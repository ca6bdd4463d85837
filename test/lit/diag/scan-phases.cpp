// The rules of a scan's phases (docs/language.md, "Scans"): in the input
// phase only updates of the variable with its operator and no other outside
// writes or continue; in the scan phase only reads; no local crossing.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <algorithm>

// The phases: updates with the operator in the input phase, reads in the
// scan phase, no other writes in the input phase, no continue there, no
// local from one phase in the other.
void phases(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0;
  int lo = 1 << 30;
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
// CHECK-DAG: [[@LINE+1]]:5: error: in the input phase of the scan, 'sum' may only be updated with its operator: 'sum += e', 'sum = sum + e' or '++sum' (e not using 'sum')
    sum *= 2;
// CHECK-DAG: [[@LINE+2]]:5: error: in the input phase of the scan, 'sum' may only be updated with its operator
// CHECK-DAG: [[@LINE+1]]:15: error: in the input phase of the scan, 'sum' may only be updated with its operator
    sum += in(sum % n);
// CHECK-DAG: [[@LINE+1]]:5: error: the input phase of the scan writes 'out'; it may write only 'sum' and its own locals (the CPU targets run it twice: once to combine each thread's part, once more to scan)
    out(i) = in(i);
    if (in(i) < 0)
// CHECK-DAG: [[@LINE+1]]:7: error: 'continue' in the input phase of the scan would skip the scan phase of this iteration
      continue;
    for (int k = 0; k < 3; ++k) {
      if (k == in(i))
        continue; // an inner loop's own: fine
      sum += k;
    }
// CHECK-DAG: [[@LINE+1]]:15: note: 'twice' is declared here
    const int twice = 2 * in(i);
    sum += twice;
#pragma hy scan inclusive(sum)
// CHECK-DAG: [[@LINE+1]]:14: error: 'twice' is declared in the input phase of the scan and used in the scan phase
    out(i) = twice + sum;
// CHECK-DAG: [[@LINE+1]]:5: error: 'sum' is written in the scan phase, which may only read it
    sum = 0;
  }
#pragma hy parallel for reduction(inscan, min : lo)
  for (int i = 0; i < n; ++i) {
    out(i) = lo;
#pragma hy scan exclusive(lo)
// CHECK-DAG: [[@LINE+2]]:5: error: in the input phase of the scan, 'lo' may only be updated with its operator: 'lo = std::min(lo, e)' (e not using 'lo')
// CHECK-DAG: [[@LINE+1]]:19: error: in the input phase of the scan, 'lo' may only be updated with its operator
    lo = std::max(lo, in(i));
    lo = std::min(lo, in(i));
    lo = std::min(in(i), lo);
  }
}

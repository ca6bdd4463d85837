// A container declared outside a 'parallel for' loop that grows inside it
// (push_back and the other members that append or resize): the error
// points to hy::worklist, to which iterations push, not to a reduction.
// RUN: not %hyc %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <vector>

void collect(std::vector<int> &found, std::vector<double> &vals, const hy::array<int, 1> &a, int n) {
  int last = 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (a(i) > 0)
// CHECK: append-in-kernel.cpp:[[@LINE+1]]:7: error: 'found' is declared outside this 'parallel for' loop and grows here ('push_back'), which iterations running at once cannot do to one container; to collect values from the iterations, make it a hy::worklist<T> and push to it ('found.push(x)', no clause needed; docs/language.md, "Worklists")
      found.push_back(i);
// CHECK: append-in-kernel.cpp:[[@LINE+1]]:5: error: 'vals' is declared outside this 'parallel for' loop and grows here ('emplace_back')
    vals.emplace_back(a(i));
// CHECK: append-in-kernel.cpp:[[@LINE+1]]:5: error: 'found' is declared outside this 'parallel for' loop and grows here ('insert')
    found.insert(found.end(), i);
// CHECK: append-in-kernel.cpp:[[@LINE+1]]:5: error: 'vals' is declared outside this 'parallel for' loop and grows here ('resize')
    vals.resize(i);
// A plain write still gets the reduction hint.
// CHECK: append-in-kernel.cpp:[[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it; iterations must be independent (name it in 'reduction(OP : last)' if it is a reduction)
    last = i;
  }
}

// The 'gather' clause of zone loops: iteration i owns row i (the first
// index) of a gathered array, which is a hy::array or std::vector of
// arithmetic elements; inside the loop only that row's elements (and the
// array's size) may be used.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <hy/hy.hpp>
#include <vector>

struct pair {
  int a, b;
};
double rowsum(const hy::array<double, 2> &D, int s);

// Not a zone loop (refused while the pragma is read, before the other errors).
void not_zone(hy::array<int, 1> &a, int n) {
// CHECK: [[@LINE+1]]:25: error: 'gather' on a loop that is not 'into(devices)'; it is a clause of zone loops, whose zones each hold their own copy of every variable
#pragma hy parallel for gather(a)
  for (int i = 0; i < n; ++i)
    a(i) = i;
}

void types(hy::worklist<int> &w, std::vector<pair> &ps, const hy::array<int, 1> &fixed, int n) {
  long long count = 0;
// CHECK: [[@LINE+4]]:46: error: 'w' has type 'hy::worklist<int>'; a 'gather' of an 'into(devices)' loop is a hy::array or std::vector of arithmetic elements whose first index is the row
// CHECK: [[@LINE+3]]:49: error: 'ps' has type 'std::vector<pair>'; a 'gather' of an 'into(devices)'
// CHECK: [[@LINE+2]]:53: error: 'count' has type 'long long'; a 'gather' of an 'into(devices)'
// CHECK: [[@LINE+1]]:60: error: 'fixed' has type 'const hy::array<int, 1>'; a 'gather' of an 'into(devices)'
#pragma hy parallel for into(devices) gather(w, ps, count, fixed)
  for (int s = 0; s < n; ++s) {
    w.push(s);
    ps[s].a = s;
    count = s;
    (void)fixed(s);
  }
}

void rows(hy::array<double, 2> &D, std::vector<double> &best, int n) {
#pragma hy parallel for into(devices) gather(D, best)
  for (int s = 0; s < n; ++s) {
    for (int v = 0; v < n; ++v)
      D(s, v) = s + v; // its own row: fine
// CHECK: [[@LINE+1]]:16: error: this access to 'D' does not have the loop index 's' as its first index; with 'gather(D)' iteration s owns row s of 'D' and may read and write only that row
    D(s, 0) += D(0, s);
// CHECK: [[@LINE+1]]:22: error: 'D' is used whole here; with 'gather(D)' an iteration may only access the elements of its own row (D(s, ...)), and its size
    best[s] = rowsum(D, s) + D.extent(1);
    // The errors come array by array: best's after D's.
    const int t = s;
// CHECK: [[@LINE+1]]:5: error: this access to 'best' does not have the loop index 's' as its first index
    best[t] = D(s, 1);
  }
}


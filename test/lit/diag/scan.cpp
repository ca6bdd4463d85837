// The rules of scans: `reduction(inscan, OP : x)` and its `#pragma hy scan`
// separator (docs/language.md, "Scans"), each error at its position (the
// stages report in their own order, hence CHECK-DAG).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <algorithm>

// The separator only directly in the braced body of a block loop with inscan.
void placement(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0;
// CHECK-DAG: [[@LINE+1]]:1: error: '#pragma hy scan' must stand directly in the braced body of a block-level 'parallel for' loop that has a 'reduction(inscan, OP : x)' clause
#pragma hy scan inclusive(sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
  }
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
    if (i > 0) {
// CHECK-DAG: [[@LINE+1]]:1: error: '#pragma hy scan' must stand directly in the braced body of a block-level 'parallel for' loop
#pragma hy scan inclusive(sum)
      out(i) = sum;
    }
  }
// CHECK-DAG: [[@LINE+1]]:35: error: 'reduction(inscan, ...)' needs a '#pragma hy scan inclusive(sum)' or 'exclusive(sum)' directly in the loop's braced body, between its input phase and its scan phase
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i)
    sum += in(i);
}

// A separator without inscan, two separators, another variable named.
void separators(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0, other = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
// CHECK-DAG: [[@LINE+1]]:1: error: '#pragma hy scan' in a loop without 'reduction(inscan, OP : sum)'; name the variable in such a clause on this loop
#pragma hy scan inclusive(sum)
    out(i) = 1;
  }
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
// CHECK-DAG: [[@LINE+1]]:1: note: the first separator is here
#pragma hy scan inclusive(sum)
    out(i) = sum;
// CHECK-DAG: [[@LINE+1]]:1: error: a second '#pragma hy scan' in this loop
#pragma hy scan inclusive(sum)
    out(i) += 1;
  }
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i) + other;
// CHECK-DAG: [[@LINE+1]]:27: error: '#pragma hy scan' names 'other', but this loop scans 'sum' ('reduction(inscan, ...)')
#pragma hy scan inclusive(other)
    out(i) = sum;
  }
}

// One scan variable and no other reduction; arithmetic scalars only.
void clauses(const hy::array<int, 1> &in, hy::array<long long, 1> &out, hy::array<int, 1> &hist,
             int n) {
  long long sum = 0, total = 0;
// CHECK-DAG: [[@LINE+1]]:35: error: a loop with 'reduction(inscan, ...)' scans one variable and takes no other reduction clause
#pragma hy parallel for reduction(inscan, + : sum) reduction(+ : total)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
    total += in(i);
#pragma hy scan inclusive(sum)
    out(i) = sum;
  }
// CHECK-DAG: [[@LINE+1]]:47: error: 'hist' has type 'hy::array<int, 1>'; an 'inscan' reduction variable is an arithmetic scalar
#pragma hy parallel for reduction(inscan, + : hist)
  for (int i = 0; i < n; ++i) {
    hist(0) += in(i);
#pragma hy scan inclusive(hist)
    out(i) = hist(0);
  }
}

// inscan on an inner loop, on a thread loop; thread loops inside a scan.
void nests(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0;
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
// CHECK-DAG: [[@LINE+2]]:35: error: a loop with 'reduction(inscan, ...)' must be the only block loop of its kernel (no block loop around it or inside it)
// CHECK-DAG: [[@LINE-2]]:3: note: enclosing loop is here
#pragma hy parallel for reduction(inscan, + : sum)
    for (int i = 0; i < n; ++i) {
      sum += in(i);
#pragma hy scan inclusive(sum)
      out(i) = sum;
    }
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
    long long s = 0;
// CHECK-DAG: [[@LINE+1]]:49: error: 'inscan' on an 'into(threads)' loop; a scan runs over the iterations of a block loop
#pragma hy parallel for into(threads) reduction(inscan, + : s)
    for (int t = 0; t < 32; ++t)
      s += in(t);
    out(b) = s;
  }
#pragma hy parallel for reduction(inscan, + : sum)
  for (int b = 0; b < n; ++b) {
    long long s = 0;
// CHECK-DAG: [[@LINE+1]]:1: error: a loop with 'reduction(inscan, ...)' may not contain 'into(threads)' loops or fetches; each of its iterations runs on one GPU thread
#pragma hy parallel for into(threads) reduction(+ : s)
    for (int t = 0; t < 32; ++t)
      s += in(t);
    sum += s;
#pragma hy scan inclusive(sum)
    out(b) = sum;
  }
}

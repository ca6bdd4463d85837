// Clause and loop-form checks that g++ or nvcc would otherwise make on
// hyc's output (or not make, and compute other values): a variable named
// twice in reduction clauses, '!=' with a step other than 1 or -1, an index
// in parentheses, a pragma between a hy pragma and its statement, a loop
// header written by a macro, non-integer bounds, and constant bounds further
// apart than the index type counts (g++'s OpenMP then runs no iteration).
// Clauses are checked when the pragma is read, pragmas' places when they
// are attached to statements, each stage before the next:
// RUN: not %hyc %s -- -DCLAUSES 2>&1 | FileCheck %s -check-prefixes=CLAUSE,CHECK --implicit-check-not=error:
// RUN: not %hyc %s -- -DBETWEEN 2>&1 | FileCheck %s -check-prefix=BETWEEN
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <climits>

#ifdef CLAUSES
int twice(hy::array<int, 1> &a, int n) {
  int s = 0, t = 0;
// CLAUSE: [[@LINE+2]]:56: error: 's' is named in a reduction clause of this loop already; a variable takes one reduction per loop
// CLAUSE: [[@LINE+1]]:39: note: 's' is first named here
#pragma hy parallel for reduction(+ : s) reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += a(i);
// CLAUSE: [[@LINE+1]]:44: error: 't' is named in a reduction clause of this loop already
#pragma hy parallel for reduction(max : t, t)
  for (int i = 0; i < n; ++i)
    t = t > a(i) ? t : a(i);
  return s + t;
}
#endif

void notEqual(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:19: error: loop condition '!=' needs a step of 1 or -1; index 'i' moves by 2 and can step over the bound: compare with '<' or '>' instead
  for (int i = 0; i != n; i += 2)
    a(i) = 1;
#pragma hy parallel for
  for (int i = n; i != 0; --i) // fine
    a(i - 1) = 1;
}

void parenthesised(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:19: error: write the index 'j' without parentheses in the loop header; OpenMP compilers accept only the plain name there
  for (int j = 0; (j) < n; (j)++)
    a(j) = 1;
}

#ifdef BETWEEN
void pragmaBetween(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// BETWEEN: [[@LINE+2]]:1: error: '#pragma omp simd' stands between '#pragma hy parallel for' and its loop; hyc replaces the hy pragma with its own code right before the loop, so nothing may come between them: move this pragma into the loop or remove it
// BETWEEN: [[@LINE-2]]:1: note: the hy pragma is here
#pragma omp simd
  for (int i = 0; i < n; ++i)
    a(i) = 1;
}
#endif

#define EACH(i, n) for (int i = 0; i < n; ++i)
#define BOUND(n) (n)
void macroHeader(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:3: error: this 'parallel for' loop header is written by a macro; hyc prints the header's parts (index, bounds, step) into the code it generates and has no source text for parts inside a macro: write the header out (a macro may stand for a whole bound or step)
  EACH(i, n)
    a(i) = 1;
#pragma hy parallel for
  for (int i = 0; i < BOUND(n); ++i) // fine: a whole bound
    a(i) = 1;
}

void floatBound(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
// CHECK: [[@LINE+1]]:23: error: the bound of loop index 'i' has type 'double'; the bound and step of a 'parallel for' must be integers (its trip count is computed before it runs)
  for (int i = 0; i < 2.5 * n; ++i)
    a(i) = 1;
}

long long wideSpan() {
  long long s = 0;
#pragma hy parallel for reduction(+ : s)
// CHECK: [[@LINE+1]]:25: error: the bounds of this loop lie further apart than 'int' counts, the type of its index 'i'; OpenMP compilers count the iterations in that type and would run a wrong number of them: give the index a wider type, or split the range
  for (int i = INT_MIN; i < INT_MAX - (1 << 30); i += 1 << 30)
    s += i / 1024;
#pragma hy parallel for reduction(+ : s)
// CHECK: [[@LINE+1]]:37: error: the bounds of this loop lie further apart than 'long long' counts
  for (long long i = LLONG_MIN + 5; i < -5; i += 1LL << 61)
    s += i >> 40;
#pragma hy parallel for reduction(+ : s)
  for (long long i = INT_MIN; i < INT_MAX - (1 << 30); i += 1 << 30) // fine
    s += i / 1024;
  return s;
}

// Host loop nests and host `if`s in one OpenMP parallel region
// (docs/language.md, "Host loops"):
// * an inner host loop (a while or for statement of the body around
//   kernels or team calls) is run by every thread of the team; at its top
//   one thread evaluates its init-statement, increment and condition into a
//   shared flag (hy_go<k>) and runs the host statements before its first
//   kernel, and every thread reads the flag after the barrier; an inner
//   for's own variable moves out of the region;
// * an `if` whose branches launch kernels: one thread evaluates the
//   condition once into a shared flag (hy_if<k>), a barrier, every thread
//   takes that branch; a branch of one statement gets a block;
// * a statement that could write a flag another thread may still be
//   testing gets a barrier before it;
// * several variables of one declaration move out of the region together.
// The refusals say why, at the loop.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %clangxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// NONE-NOT: hy_go1
// NONE-NOT: hy_if1
// NONE-NOT: hy_again1
#include <hy/hy.hpp>
#include <stdexcept>

void step(hy::array<int, 1> &a, int n, int k) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = (a(i) + k) % 1000;
}

// A phase loop inside a bucket loop (Δ-stepping's shape): the inner loop's
// condition reads a flag its kernel reduces, the outer loop breaks.
// OMP-LABEL: int buckets(
int buckets(hy::array<int, 1> &a, int n) {
  int b = 0;
// OMP: { bool more; bool hy_go1 = false; hy::region_error hy_err; bool hy_go = static_cast<bool>(b < 100), hy_stay; while (hy_go && !hy_err) { hy_stay = true; _Pragma("omp parallel") for (bool hy_again = false;; hy_again = true) { _Pragma("omp masked") { if (hy_again && !hy_err && hy_go) { hy_go = static_cast<bool>(b < 100); hy_stay = hy_go; }
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; locals moved out of the region (shared): more; every thread of the team calls 'step' (line [[@LINE+13]]), whose kernels run as the team's work-sharing loops; a 'break' in its host statements ends the loop for the whole team {{.*}}; its inner host loops (line [[@LINE+5]]) run inside the region, their conditions on one thread, shared after a barrier; every iteration runs on the whole team; an exception {{.*}} [-Rhy]
  while (b < 100) {
    bool more = true;
// OMP: for (bool hy_again1 = false;; hy_again1 = true) { _Pragma("omp masked") { if (!hy_again1) { hy_go1 = static_cast<bool>(more); } else if (hy_go1) { hy_go1 = static_cast<bool>(more); } } _Pragma("omp barrier") if (!hy_go1) break;
// REPORT: region-nests.cpp:[[@LINE+1]]:5: remark: host loop: inside the parallel region of the host loop of line [[@LINE-3]]: every thread of the team runs it, one thread evaluates its header into a shared flag that all read after a barrier [-Rhy]
    while (more) {
// OMP-NEXT: _Pragma("omp for reduction(|| : more) schedule(static)")
#pragma hy parallel for reduction(|| : more)
      for (int i = 0; i < n; ++i) {
        a(i) = a(i) / 2;
        more = more || a(i) > 1;
      }
// OMP: { hy::team_call hy_call; step(a, n, b); }
      step(a, n, b);
// OMP-NEXT: }
    }
// OMP-NEXT: _Pragma("omp masked") try { bool hy_broke = true; do { { ++b;
    ++b;
    if (a(0) > 500)
      break;
// OMP: } hy_broke = false; } while (0); if (hy_broke) hy_go = hy_stay = false; } catch (...) { hy_go = hy_stay = false; hy_err.keep(); }
// OMP-NEXT: } } hy_err.rethrow(); }
  }
  return b;
}

// An inner for loop with its own variable (moved out, assigned at the
// loop's top) and a break of it before its kernel; two variables of one
// declaration move out together.
// OMP-LABEL: long long passes(
long long passes(hy::array<int, 1> &a, int n, int rounds) {
  long long total = 0;
// OMP: { int r = 0; int p; int lo; int hi; bool hy_go1 = false; bool hy_go
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; locals moved out of the region (shared): p, lo, hi; its inner host loops (line [[@LINE+6]]) run inside the region{{.*}} [-Rhy]
  for (int r = 0; r < rounds; ++r) {
// OMP: lo = r % 7, hi = n - r % 5;
    const int lo = r % 7, hi = n - r % 5;
// REPORT: region-nests.cpp:[[@LINE+2]]:5: remark: host loop: inside the parallel region of the host loop of line [[@LINE-3]]: {{.*}}; a 'break' in its host statements ends it for the whole team [-Rhy]
// OMP: for (bool hy_again1 = false;; hy_again1 = true) { _Pragma("omp masked") { if (!hy_again1) { p = 0; hy_go1 = static_cast<bool>(p < 4); } else if (hy_go1) { ++p; hy_go1 = static_cast<bool>(p < 4); }
    for (int p = 0; p < 4; ++p) {
// OMP-NEXT: if (hy_go1) { bool hy_broke = true; do { { total += p;
      total += p;
      if (p > r % 3)
        break;
// OMP: } hy_broke = false; } while (0); if (hy_broke) hy_go1 = false; } } _Pragma("omp barrier") if (!hy_go1) break;
#pragma hy parallel for
      for (int i = lo; i < hi; ++i)
        a(i) = (a(i) * 3 + p) % 1009;
    }
  }
  return total;
}

// A level loop that pushes or pulls (BC's shape): the condition from a
// kernel's reduction and host statements of the same iteration; an else-if
// chain whose branch is a team call of its own; a break inside a branch,
// and one right after the if, which gets a barrier first (a thread may
// still be testing hy_go after the branch's barrier).
// OMP-LABEL: int levels(
int levels(hy::array<int, 1> &a, int n, int rounds) {
  int seen = 0;
  long long big = 0;
// OMP: { int level = 0; bool pull; bool hy_if1 = false; bool hy_if2 = false; bool hy_go
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; the team takes the branches of its 'if' (line [[@LINE+9]], [[@LINE+19]]) together, the condition evaluated once on one thread, shared after a barrier; every iteration runs on the whole team [-Rhy]
  for (int level = 0; level < rounds; ++level) {
    big = 0;
#pragma hy parallel for reduction(+ : big)
    for (int i = 0; i < n; ++i)
      big += a(i) % 3 == level % 3;
    const bool pull = big * 3 > n;
// OMP: _Pragma("omp masked") { hy_if1 = static_cast<bool>(pull); } _Pragma("omp barrier") if (hy_if1) {
// REPORT: region-nests.cpp:[[@LINE+1]]:5: remark: 'if' inside the parallel region of the host loop of line [[@LINE-7]]: one thread evaluates its condition once into a shared flag that all read after a barrier, and every thread takes that branch (its kernels run as the team's work-sharing loops) [-Rhy]
    if (pull) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) = a(i) + 1;
// OMP: _Pragma("omp masked") { bool hy_broke = true; do { { seen += 1;
      seen += 1;
      if (seen > rounds)
        break;
// OMP: } hy_broke = false; } while (0); if (hy_broke) hy_go = hy_stay = false; } _Pragma("omp barrier") if (!hy_go) break;
// OMP: } else { _Pragma("omp masked") { hy_if2 = static_cast<bool>(level % 2 == 0); } _Pragma("omp barrier") if (hy_if2)
    } else if (level % 2 == 0)
// OMP-NEXT: { { hy::team_call hy_call; step(a, n, level); } }
      step(a, n, level);
// OMP-NEXT: else {
    else {
// OMP-NEXT: _Pragma("omp masked") { seen += 2; } _Pragma("omp barrier")
      seen += 2;
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) = a(i) * 2 % 1009;
    }
// OMP: _Pragma("omp barrier") _Pragma("omp masked") { bool hy_broke = true; do { { if (seen > 3 * rounds)
    if (seen > 3 * rounds)
      break;
  }
  return seen;
}

// An inner loop whose host statement may throw: the exception ends it,
// then the region's loop (which tests hy_err too), and is thrown again
// after the region.
// May throw (it is not noexcept); defined in this file, since a call of
// another file's function keeps a loop out of a region (host-regions.cpp).
void note(int k) {
  if (k < 0)
    throw std::runtime_error("negative");
}
// OMP-LABEL: void noted(
void noted(hy::array<int, 1> &a, int n) {
  int r = 0;
// OMP: { int k; bool hy_go1 = false; hy::region_error hy_err; bool hy_go = static_cast<bool>(r < 3), hy_stay; while (hy_go && !hy_err) {
  while (r < 3) {
    int k = 0;
// OMP: for (bool hy_again1 = false;; hy_again1 = true) { _Pragma("omp masked") { if (!hy_again1) { hy_go1 = static_cast<bool>(k < 2); } else if (hy_go1) { hy_go1 = static_cast<bool>(k < 2); }
    while (k < 2) {
// OMP-NEXT: if (hy_go1) try { note(k); } catch (...) { hy_go1 = false; hy_err.keep(); } } _Pragma("omp barrier") if (!hy_go1) break;
      note(k);
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += k;
      ++k;
// OMP: } if (hy_err) break;
    }
    ++r;
// OMP: } } hy_err.rethrow(); }
  }
}

// Refused: an inner loop with a continue (it is a region of its own), an
// inner for declaring two variables, an if with an init-statement, a kernel
// as an unbraced branch, a call inside a switch.
template <class T> void poke(hy::array<T, 1> &a, int n) {
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): the 'if' (line [[@LINE+1]]) cannot be the team's: it is an 'if constexpr' or 'if consteval' [-Rhy]
  for (int r = 0; r < 2; ++r) { if constexpr (sizeof(T) > 1) { step(a, n, r); } }
}
template void poke(hy::array<int, 1> &, int);
void refused(hy::array<int, 1> &a, int n) {
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): its inner loop (line [[@LINE+2]]) cannot run inside the region: a 'continue' (line [[@LINE+4]]) would leave the region [-Rhy]
  for (int r = 0; r < 3; ++r) {
    for (int k = 0; k < 3; ++k) {
      if (k == r)
        continue;
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += k;
    }
  }
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): its inner loop (line [[@LINE+3]]) cannot run inside the region: its init-statement declares something other than one scalar variable initialised with '=' (which would move out of the region) [-Rhy]
  for (int r = 0; r < 3; ++r) {
// REPORT: region-nests.cpp:[[@LINE+1]]:5: remark: host loop: one OpenMP parallel region around it; {{.*}} [-Rhy]
    for (int k = 0, m = 1; k < 3; ++k) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += k * m;
    }
  }
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): the 'if' (line [[@LINE+1]]) cannot be the team's: it has an init-statement [-Rhy]
  for (int r = 0; r < 3; ++r) { if (int k = r * 2; k > 2) { step(a, n, k); } }
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): the 'if' (line [[@LINE+1]]) cannot be the team's: the kernel of line [[@LINE+2]] is a branch of its own, not in a { } block [-Rhy]
  for (int r = 0; r < 3; ++r) { if (r > 0)
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += r;
  }
// REPORT: region-nests.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'step' (line [[@LINE+2]]), which launches kernels, inside a statement: there its own regions would run on one thread (only a call that is a statement of the loop's body is made by the region's team) [-Rhy]
  for (int r = 0; r < 3; ++r) {
    switch (r) {
    case 1: step(a, n, r); break;
    default: break;
    }
  }
}

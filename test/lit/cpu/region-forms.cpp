// Host-loop forms that one OpenMP parallel region now takes (docs/language.md,
// "Host loops"), each of which kept a region per kernel before:
// * a local of a template's parameter type (`const W lim = ...;`) that a
//   kernel reads moves out of the region when it is a scalar in every
//   instantiation (`W lim;` before the region), and such a `const` local of a
//   team function is run by every thread;
// * a `break` of the loop in its host statements: the masked thread leaves
//   its statements (a do-while(0)) and ends the loop for the team, which
//   every thread sees after the next barrier; the increment and condition
//   are not evaluated again;
// * a team call's argument with side effects (`++stamp`) passed by value:
//   one thread evaluates it once into a shared variable before the call.
// The refusals that remain say why, at the loop.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %clangxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// NONE-NOT: hy_stay
// NONE-NOT: bool hy_broke
// NONE-NOT: hy_arg0 =
#include <hy/hy.hpp>

// A local of the template's type, read by the kernel after it.
// OMP-LABEL: W clamp_rounds(
template <class W>
W clamp_rounds(hy::array<W, 1> &a, int n, int rounds) {
// OMP: { int r = 0; W lim; bool hy_go
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; locals moved out of the region (shared): lim; {{.*}} [-Rhy]
  for (int r = 0; r < rounds; ++r) {
// OMP: lim = static_cast<W>(r + 1) * W(3);
    const W lim = static_cast<W>(r + 1) * W(3);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) = a(i) > lim ? lim : a(i) + 1;
  }
  return a(0);
}
template int clamp_rounds(hy::array<int, 1> &, int, int);
template double clamp_rounds(hy::array<double, 1> &, int, int);

// The same where one instantiation's type is a class: refused.
struct Num {
  int v = 0;
  Num() = default;
  HY_HD Num(int x) : v(x) {}
  HY_HD bool operator<(const Num &o) const { return v < o.v; }
};
template <class W>
void bounded(hy::array<int, 1> &a, int n, int rounds) {
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it declares 'lim' (line [[@LINE+2]]), which the kernel of line [[@LINE+3]] uses, and only scalar variables move out of the region, and the template's 'const W' is not one in every instantiation (or is never instantiated, or is a constant in one) [-Rhy]
  for (int r = 0; r < rounds; ++r) {
    const W lim = W(r);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += W(a(i)) < lim ? 1 : 0;
  }
}
template void bounded<int>(hy::array<int, 1> &, int, int);
template void bounded<Num>(hy::array<int, 1> &, int, int);

// A team function template with a `const W` local every thread computes.
// REPORT: region-forms.cpp:[[@LINE+3]]:6: remark: function called by the team of the host loop's region of line [[@LINE+43]], [[@LINE+70]]: {{.*}} [-Rhy]
// OMP-LABEL: void raise(
template <class W>
void raise(hy::array<W, 1> &a, int n, int level) {
// OMP-SAME: auto hy_body = [&] {
// OMP-NEXT: const W up = static_cast<W>(level + 1);
  const W up = static_cast<W>(level + 1);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    if (a(i) < up)
      a(i) = a(i) + up;
}

// A break in host statements after the kernel: the last statements, so the
// masked thread goes to the top, which skips the increment and condition.
// OMP-LABEL: int until_big(
int until_big(hy::array<int, 1> &a, int n, int limit) {
  long long total = 0;
  int steps = 0;
// OMP: _Pragma("omp masked") { if (hy_again && hy_go) { ++steps;
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; a 'break' in its host statements ends the loop for the whole team (the thread that runs them tells the others at the next barrier){{.*}} [-Rhy]
  for (steps = 0; steps < 1000; ++steps) {
    total = 0;
#pragma hy parallel for reduction(+ : total)
    for (int i = 0; i < n; ++i) {
      a(i) = a(i) * 2 % 1009 + 1;
      total += a(i);
    }
// OMP: _Pragma("omp masked") { bool hy_broke = true; do { { if (total > limit)
    if (total > limit)
// OMP-NEXT: break;
      break;
// OMP-NEXT: limit += 1; } hy_broke = false; } while (0); if (hy_broke) hy_go = hy_stay = false; }
    limit += 1;
// OMP-NEXT: } } }
  }
  return steps;
}

// A break between two kernels, with the team's call after it: the team
// leaves after the barrier that follows the statements.
int halve_until(hy::array<double, 1> &a, int n, double floor) {
  int rounds = 0;
  while (rounds < 64) {
    double top = 0;
#pragma hy parallel for reduction(max : top)
    for (int i = 0; i < n; ++i)
      top = a(i) > top ? a(i) : top;
// OMP: _Pragma("omp masked") { bool hy_broke = true; do { { if (top < floor) {
    if (top < floor) {
      break;
    }
// OMP: ++rounds; } hy_broke = false; } while (0); if (hy_broke) hy_go = hy_stay = false; } _Pragma("omp barrier") if (!hy_go) break;
    ++rounds;
// OMP-NEXT: { hy::team_call hy_call; raise(a, n, 0); }
    raise(a, n, 0);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) = a(i) / 4;
  }
  return rounds;
}

// A team call's argument with a side effect, passed by value: one thread
// evaluates it once (hy_arg0, shared) before every thread calls.
// OMP-LABEL: long long stamped(
long long stamped(hy::array<int, 1> &a, int n, int rounds) {
  long long stamp = 0;
// OMP: { int r = 0; int hy_arg0; bool hy_go
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'raise' (line [[@LINE+3]]), whose kernels run as the team's work-sharing loops (an argument with side effects evaluated once, by one thread, before the call){{.*}} [-Rhy]
  for (int r = 0; r < rounds; ++r) {
// OMP: _Pragma("omp masked") { hy_arg0 = r + (int)++stamp % 3; } _Pragma("omp barrier") { hy::team_call hy_call; raise(a, n, hy_arg0); }
    raise(a, n, r + (int)++stamp % 3);
  }
  return stamp;
}

// A loop with no kernel of its own that calls a function launching kernels
// only inside a statement other than an `if` or an inner loop (those are
// the team's: lit cpu/region-nests.cpp): not one region, and the report
// says why.
void sometimes(hy::array<int, 1> &a, int n, int rounds) {
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'raise' (line [[@LINE+2]]), which launches kernels, inside a statement: there its own regions would run on one thread (only a call that is a statement of the loop's body is made by the region's team) [-Rhy]
  for (int r = 0; r < rounds; ++r) {
    switch (r % 2) { case 1: raise(a, n, r); break; default: break; }
  }
}

// Refused: the argument's variable is another argument too (the order of
// the two would be unspecified), and a side effect bound to a reference.
void bump(hy::array<int, 1> &a, int n, int by, int &count) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += by;
  count = count + 1;
}
void refused(hy::array<int, 1> &a, int n, int rounds) {
  int k = 0;
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'bump' (line [[@LINE+2]]), which launches kernels, and the region's team cannot call it: an argument (line [[@LINE+2]]) changes 'k', which another argument uses (evaluated once before the call, the order of the two would be unspecified) [-Rhy]
  for (int r = 0; r < rounds; ++r) {
    bump(a, n, ++k, k);
  }
  int *p = &k;
// REPORT: region-forms.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'bump' (line [[@LINE+2]]), which launches kernels, and the region's team cannot call it: an argument (line [[@LINE+2]]) has side effects and binds to a reference parameter (only an argument passed by value is evaluated once, by one thread, before the team's call) [-Rhy]
  for (int r = 0; r < rounds; ++r) {
    bump(a, n, 1, *p++ = 0);
  }
}

// A call, in a host loop that is one OpenMP parallel region (docs/language.md,
// "Host loops"), of a function that launches kernels: every thread of the
// region's team makes the call (hy::team_call), and the function's kernels
// run as the team's work-sharing loops ('omp for'), its host statements on
// one thread ('omp masked') with a barrier after them, its own such calls by
// every thread again; called anywhere else (no hy::team_call) the function
// is one parallel region of its own, sized by its first kernel's small-loop
// test. The report says so at the loop, at the function and at each of its
// kernels; every function that cannot be called by a team says why, and its
// caller keeps a region per kernel. Array reductions with per-thread copies
// share one set of copies in a team (hy::privatize_team). The serial and
// CUDA outputs are unchanged.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// NONE-NOT: hy_in_team
// NONE-NOT: hy::team_call hy_call
#include <hy/hy.hpp>
#include <utility>
#include <vector>

// A team function with a nested one: two kernels (the second's bound reads
// the worklist the first pushes to), host statements through references.
// REPORT: team-functions.cpp:[[@LINE+2]]:13: remark: function called by the team of the host loop's region of line {{[0-9, ]+}}: there its kernels run as the team's work-sharing loops ('omp for'), its host statements on one thread ('omp masked') with a barrier after them; called anywhere else, it is one parallel region of its own (on one thread when the kernel of line [[@LINE+6]] is small: its small-loop test) [-Rhy]
// OMP-LABEL: static void scale(
static void scale(hy::array<int, 1> &a, int n, int by, long long &calls) {
// OMP-SAME: { const bool hy_in_team = hy::team_call::take(); auto hy_body = [&] {
// REPORT: team-functions.cpp:[[@LINE+2]]:1: remark: in 'scale' (line [[@LINE-2]]), which a region's team calls: a work-sharing loop with a barrier at its end, run by the calling team or by the function's own region (the function's remark says when) [-Rhy]
// OMP-NEXT: _Pragma("omp for schedule(static)") // #pragma hy parallel for
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = a(i) * by % 1000;
// OMP: _Pragma("omp masked") { ++calls; } _Pragma("omp barrier")
  ++calls;
// OMP-NEXT: }; if (hy_in_team) hy_body(); else { _Pragma("omp parallel if(hy::omp_worth((long long)(n), {{[0-9]+}}))") hy_body(); } }
}

// REPORT: team-functions.cpp:[[@LINE+2]]:13: remark: function called by the team of the host loop's region of line {{[0-9]+}}: there {{.*}}called anywhere else, it is one parallel region of its own [-Rhy]
// OMP-LABEL: static void step(
static void step(const hy::worklist<int> &items, hy::array<int, 1> &a, hy::array<int, 1> &b,
                 hy::worklist<int> &big, int n, long long &calls) {
// OMP: _Pragma("omp masked") { calls += 10; } _Pragma("omp barrier")
  calls += 10;
#pragma hy parallel for
  for (int f = 0; f < (int)items.size(); ++f)
    if (a(items(f)) > 500)
      big.push(items(f));
// OMP: { hy::team_call hy_call; scale(a, n, 3, calls); }
  scale(a, n, 3, calls);
#pragma hy parallel for
  for (int f = 0; f < (int)big.size(); ++f)
    b(f) = a(big(f)) - 500;
// OMP: _Pragma("omp masked") { big.clear(); } _Pragma("omp barrier")
  big.clear();
// OMP-NEXT: }; if (hy_in_team) hy_body(); else { _Pragma("omp parallel") hy_body(); } }
}

// OMP-LABEL: long long rounds(
long long rounds(hy::array<int, 1> &a, hy::array<int, 1> &b, int n, int count) {
  hy::worklist<int> all(n), big(n);
  for (int i = 0; i < n; ++i)
    all.push(i);
  long long calls = 0;
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'step' (line [[@LINE+6]]), whose kernels run as the team's work-sharing loops; every thread of the team calls 'scale' (line [[@LINE+8]]), whose kernels run as the team's work-sharing loops{{.*}} [-Rhy]
  for (int s = 0; s < count; ++s) {
// OMP: _Pragma("omp parallel") for (bool hy_again = false;; hy_again = true) {
// OMP-NEXT: if (hy_stay) { by = s % 3 + 2; } } _Pragma("omp barrier") if (!hy_stay) break;
    const int by = s % 3 + 2;
// OMP-NEXT: { hy::team_call hy_call; step(all, a, b, big, n, calls); }
    step(all, a, b, big, n, calls);
// OMP-NEXT: { hy::team_call hy_call; scale(a, n, by, calls); }
    scale(a, n, by, calls);
  }
  // Outside a region: the functions' own regions (no team_call).
// OMP: scale(a, n, 7, calls);
  scale(a, n, 7, calls);
  return calls;
}

// A function template called from a function template's loop (checked in
// every instantiation).
// REPORT: team-functions.cpp:[[@LINE+3]]:6: remark: function called by the team of the host loop's region of line [[@LINE+12]]: {{.*}} [-Rhy]
// OMP-LABEL: void relax(
template <class T>
void relax(const hy::array<T, 1> &w, hy::array<T, 1> &d, int n, T limit) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    if (d(i) + w(i) < limit)
      d(i) = d(i) + w(i);
}
template <class T> int sweeps(const hy::array<T, 1> &w, hy::array<T, 1> &d, int n, T limit) {
  int r = 0;
// OMP: { bool hy_go = static_cast<bool>(r < 4), hy_stay; while (hy_go) {
  while (r < 4) {
// OMP: { hy::team_call hy_call; relax(w, d, n, limit); }
    relax(w, d, n, limit);
// OMP-NEXT: _Pragma("omp masked") { ++r; }
    ++r;
  }
  return r;
}
template int sweeps(const hy::array<double, 1> &, hy::array<double, 1> &, int, double);

// Declarations every thread runs (each thread's locals hold the same): a
// reference to a parameter's member, a const scalar computed from
// parameters passed by value. The kernel's bounds read one: no small-loop
// test for the function's own region.
struct Space {
  hy::array<int, 1> buf;
};
// REPORT: team-functions.cpp:[[@LINE+2]]:13: remark: function called by the team of the host loop's region of line [[@LINE+13]]: {{.*}} its own [-Rhy]
// OMP-LABEL: static void fill(
static void fill(Space &sp, int at, int count) {
// OMP-NEXT: hy::array<int, 1> &buf = sp.buf;
  hy::array<int, 1> &buf = sp.buf;
// OMP-NEXT: const int end = at + count;
  const int end = at + count;
#pragma hy parallel for
  for (int i = at; i < end; ++i)
    buf(i) = i;
// OMP: }; if (hy_in_team) hy_body(); else { _Pragma("omp parallel") hy_body(); } }
}
void fills(Space &sp, int n) {
  for (int s = 0; s < 3; ++s) {
    fill(sp, s, n - s);
  }
}

// Calls a team cannot make, each with its reason; the loop keeps a region
// per kernel.
static int twice(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
  return n;
}
// Per-thread copies of an array reduction: in the team, one set that the
// team shares (hy::privatize_team); in its own region, as anywhere else.
// REPORT: team-functions.cpp:[[@LINE+2]]:13: remark: function called by the team of the host loop's region of line {{[0-9]+}}: {{.*}} [-Rhy]
// OMP-LABEL: static void histogram(
static void histogram(hy::array<int, 1> &h, const hy::array<int, 1> &a, int n) {
// OMP-NEXT: if (!hy::team_of_one()) [&, n, h = hy::view_of(h), a = hy::view_of(a)] { { auto hy_team_privs_h = hy::privatize_team<hy::ops::add>(h, {{.*}}); auto &hy_privs_h = *hy_team_privs_h; { auto hy_priv_h = hy_privs_h.enter(); { _Pragma("omp for schedule(static)")
#pragma hy parallel for reduction(+ : h)
  for (int i = 0; i < n; ++i)
    h(a(i) % 8) += 1;
}
static void prefix(const hy::array<int, 1> &a, hy::array<int, 1> &out, int n) {
  int sum = 0;
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += a(i);
#pragma hy scan inclusive(sum)
    out(i) = sum;
  }
}
static void summed(const hy::array<int, 1> &a, int n, long long &out) {
  long long sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i)
    sum += a(i);
  out += sum;
}
static void halves(hy::array<int, 1> &a, int n) {
  n = n / 2;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}
static void copies(hy::array<int, 1> &a, std::vector<int> v) {
#pragma hy parallel for
  for (int i = 0; i < (int)v.size(); ++i)
    a(i) += v[i];
}
static void grows(hy::array<int, 1> &a, int n) {
  std::vector<int> v(n);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}
static void local(hy::array<int, 1> &a, int n) {
  int half = n / 2;
#pragma hy parallel for
  for (int i = 0; i < half; ++i)
    a(i) += 1;
}
static void early(hy::array<int, 1> &a, int n) {
  if (n < 2)
    return;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}

void refused(hy::array<int, 1> &a, hy::array<int, 1> &h, int n) {
  long long out = 0;
// An argument with a side effect, a scalar passed by value: evaluated once
// (lit cpu/region-forms.cpp); one that makes a temporary that may throw: not.
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'scale' (line [[@LINE+2]]), whose kernels run as the team's work-sharing loops (an argument with side effects evaluated once, by one thread, before the call){{.*}} [-Rhy]
  for (int s = 0; s < 3; ++s)  {
    scale(a, n, s++, out);
  }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'scale' (line [[@LINE+2]]), which launches kernels, and the region's team cannot call it: an argument (line [[@LINE+2]]) may have side effects (or make a temporary), which every thread would repeat (one thread evaluates such an argument once only when it is a scalar passed by value, free of exceptions, and not in a macro) [-Rhy]
  for (int s = 0; s < 3; ++s)  {
    scale(a, n, (int)std::vector<int>(3).size(), out);
  }
// Forms refused before lit cpu/team-values.cpp's change, now the team's:
// a function that returns a value (its value unused here), reduces into a
// local, has a host statement that may throw, declares a local its kernel
// reads.
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'twice' (line [[@LINE+1]]), {{.*}} [-Rhy]
  for (int s = 0; s < 3; ++s) { twice(a, n); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'histogram' (line [[@LINE+1]]), whose kernels run as the team's work-sharing loops; every iteration runs on the whole team (the sizes of the called functions' kernels are not known before it) [-Rhy]
  for (int s = 0; s < 3; ++s) { histogram(h, a, n); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'prefix' (line [[@LINE+1]]), which launches kernels, and the region's team cannot call it: 'prefix' cannot be called by a team: the kernel of line {{[0-9]+}} is a scan, whose two passes need a parallel region of their own [-Rhy]
  for (int s = 0; s < 3; ++s) { prefix(a, h, n); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'summed' (line [[@LINE+1]]), {{.*}} [-Rhy]
  for (int s = 0; s < 3; ++s) { summed(a, n, out); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'halves' (line [[@LINE+1]]), which launches kernels, and the region's team cannot call it: 'halves' cannot be called by a team: its statement (line {{[0-9]+}}) may change 'n', which the kernel of line {{[0-9]+}} reads (each thread of the team has its own) [-Rhy]
  for (int s = 0; s < 3; ++s) { halves(a, n); }
// REPORT: team-functions.cpp:[[@LINE+2]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'copies' (line [[@LINE+2]]), which launches kernels, and the region's team cannot call it: 'copies' cannot be called by a team: its parameter 'v' is passed by value and is not trivially copyable (each thread of the team would have an object of its own) [-Rhy]
  std::vector<int> v(4, 1);
  for (int s = 0; s < 3; ++s) { copies(a, v); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'grows' (line [[@LINE+1]]), {{.*}}; an exception from its host code ends the loop and is thrown again after the region [-Rhy]
  for (int s = 0; s < 3; ++s) { grows(a, n); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'local' (line [[@LINE+1]]), {{.*}} [-Rhy]
  for (int s = 0; s < 3; ++s) { local(a, n); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'early' (line [[@LINE+1]]), which launches kernels, and the region's team cannot call it: 'early' cannot be called by a team: a 'return' (line {{[0-9]+}}) would leave the team's code [-Rhy]
  for (int s = 0; s < 3; ++s) { early(a, n); }
// REPORT: team-functions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'scale' (line [[@LINE+2]]), which launches kernels, inside a statement: there its own regions would run on one thread (only a call that is a statement of the loop's body is made by the region's team) [-Rhy]
  for (int s = 0; s < 3; ++s) {
    switch (s) { case 1: scale(a, n, 2, out); break; default: break; }
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
  }
}

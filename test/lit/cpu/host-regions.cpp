// One OpenMP parallel region per host loop (docs/language.md, "Host
// loops"): the kernels of a while/for loop become work-sharing loops ('omp
// for', no small-loop test of their own), the host statements and the
// condition run on the masked thread with a barrier before the next kernel,
// scalar locals that later statements or kernels read move out of the
// region, the first kernel's small-loop test picks the team's size ('omp
// parallel if'). The report says for every host loop around kernels
// whether it is one region and, if not, what stopped it. The serial output
// and the CUDA target's CPU fallback keep a region per kernel.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %clangxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// NONE-NOT: hy_stay
#include <hy/hy.hpp>
#include <stdexcept>
#include <utility>
#include <vector>

// A worklist level loop: the condition before the loop and, after the
// first iteration, at the top of each; the team's size from the frontier's
// kernel; the swap and the level on the masked thread after the kernel's
// barrier (the swap moves the pushes out of the per-thread buffers); an
// exception from them (trace) ends the loop and is thrown again after the
// region.
// May throw (it is not noexcept); defined in this file: a call of another
// file's function keeps a loop a region per kernel (`unseen`, below).
void trace(int level) {
  if (level < 0)
    throw std::runtime_error("negative");
}
// OMP-LABEL: int levels(
int levels(const hy::array<int, 1> &off, const hy::array<int, 1> &col, hy::array<int, 1> &depth,
           int n) {
  hy::worklist<int> frontier(n), next(n);
  frontier.push(0);
  int level = 0;
// OMP: { hy::region_error hy_err; bool hy_go = static_cast<bool>(frontier.size() > 0), hy_stay, hy_team; while (hy_go) { hy_team = hy::omp_worth((long long)((int)frontier.size()), [[W:[0-9]+]]); hy_stay = true; _Pragma("omp parallel if(hy_team)") for (bool hy_again = false;; hy_again = true) { if (hy_again) { _Pragma("omp masked") { if (hy_again && !hy_err) try { hy_go = static_cast<bool>(frontier.size() > 0); hy_stay = hy_go && hy::omp_worth((long long)((int)frontier.size()), [[W]]) == hy_team; } catch (...) { hy_go = hy_stay = false; hy_err.keep(); } } _Pragma("omp barrier") if (!hy_stay) break; }
// OMP-NEXT: [&, level, off = hy::view_of(off), col = hy::view_of(col), depth = hy::view_of(depth)] { _Pragma("omp for schedule(static)") // #pragma hy parallel for reduction(min : depth)
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; its kernels run as work-sharing loops ('omp for'), its condition and host statements on one thread ('omp masked'), a barrier before each kernel and one after it; a run of iterations in which the kernel of line [[@LINE+3]] is small (its small-loop test) runs on one thread; an exception from its host code ends the loop and is thrown again after the region [-Rhy]
  while (frontier.size() > 0) {
// REPORT: host-regions.cpp:[[@LINE+1]]:1: remark: inside the host loop of line [[@LINE-1]], which is one parallel region: a work-sharing loop with a barrier at its end, run by the region's team (the host loop's remark says its size) [-Rhy]
#pragma hy parallel for reduction(min : depth)
    for (int f = 0; f < (int)frontier.size(); ++f) {
      const int u = frontier(f);
      for (int e = off(u); e < off(u + 1); ++e)
        if (hy::fetch_min(depth(col(e)), level + 1) > level + 1)
          next.push(col(e));
    }
// OMP: _Pragma("omp masked") try { std::swap(frontier, next);
    std::swap(frontier, next);
    next.clear();
    ++level;
// OMP: trace(level); } catch (...) { hy_go = hy_stay = false; hy_err.keep(); }
    trace(level);
// OMP-NEXT: } } hy_err.rethrow(); }
  }
  return level;
}

// A `changed` flag reduced by the kernel (a shared variable: the 'omp for'
// reduces into it) and read by the condition; the statements before the
// kernel run with the condition, on the masked thread. Nothing throws.
// OMP-LABEL: int rounds(
int rounds(hy::array<int, 1> &a, int n) {
  bool changed = true;
  int r = 0;
// OMP: { bool hy_go = static_cast<bool>(changed), hy_stay, hy_team; while (hy_go) { hy_team = hy::omp_worth({{.*}}); hy_stay = true; _Pragma("omp parallel if(hy_team)") for (bool hy_again = false;; hy_again = true) { _Pragma("omp masked") { if (hy_again) { hy_go = static_cast<bool>(changed); hy_stay = hy_go && hy::omp_worth({{.*}}) == hy_team; }
  while (changed) {
// OMP-NEXT: if (hy_stay) { changed = false;
    changed = false;
// OMP-NEXT: ++r; } } _Pragma("omp barrier") if (!hy_stay) break;
    ++r;
// OMP-NEXT: _Pragma("omp for reduction(|| : changed) schedule(static)")
#pragma hy parallel for reduction(|| : changed)
    for (int i = 1; i < n; ++i)
      if (a(i) > a(i - 1) + 1) {
        a(i) = a(i - 1) + 1;
        changed = changed || true;
      }
// OMP: } } }
  }
  return r;
}

// A counter the kernels read (declared by the for loop: before the
// region, shared), incremented at the top of the next iteration; host
// statements declaring scalars that the kernels read (moved out of the
// region, assigned where they were declared); a local used only by its own
// statements stays in them. The first kernel's bound reads a moved local,
// so every iteration runs on the whole team (no 'if').
// OMP-LABEL: void steps(
void steps(hy::array<float, 1> &a, int n, int count) {
// OMP: { int s = 0; int half; float scale; bool hy_go = static_cast<bool>(s < count), hy_stay; while (hy_go) { hy_stay = true; _Pragma("omp parallel") for (bool hy_again = false;; hy_again = true) { _Pragma("omp masked") { if (hy_again) { ++s; hy_go = static_cast<bool>(s < count); hy_stay = hy_go; }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; its kernels run as work-sharing loops ('omp for'), its condition and host statements on one thread ('omp masked'), a barrier before each kernel and one after it; locals moved out of the region (shared): half, scale [-Rhy]
  for (int s = 0; s < count; ++s) {
// OMP-NEXT: if (hy_stay) { half = n / 2 + s % 3;
    const int half = n / 2 + s % 3;
// OMP-NEXT: int unused = s * 2;
    int unused = s * 2;
// OMP-NEXT: scale = 1.0f / (unused + 1); } } _Pragma("omp barrier") if (!hy_stay) break;
    float scale = 1.0f / (unused + 1);
// OMP-NEXT: _Pragma("omp for schedule(static)")
#pragma hy parallel for
    for (int i = 0; i < half; ++i)
      a(i) = a(i) + scale * s;
// OMP: _Pragma("omp for schedule(static)")
#pragma hy parallel for
    for (int i = half; i < n; ++i)
      a(i) = a(i) - s;
// OMP: } } }
  }
}

// A kernel whose updates may be atomic: in the region its two versions
// are chosen by the team's size, which every thread sees alike.
// OMP-LABEL: void histogram(
void histogram(hy::array<int, 1> &h, const hy::array<int, 1> &v, int n) {
  for (int s = 0; s < 3; ++s) {
// OMP: if (!hy::team_of_one()) [&, n, s, h = hy::view_of(h), v = hy::view_of(v)] { _Pragma("omp for schedule(static)")
#pragma hy parallel for reduction(+ : h)
    for (int i = 0; i < n; ++i)
      if (h(0) >= 0)
        h((v(i) + s) % 8) += 1;
  }
}

// Loops that keep a region per kernel, each with its reason.
void addOne(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}

void fallbacks(hy::array<int, 1> &a, hy::array<int, 1> &h, int n) {
// A break of the loop from its host statements ends the loop for the team
// (lit cpu/region-forms.cpp); a return does not.
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; a 'break' in its host statements ends the loop for the whole team (the thread that runs them tells the others at the next barrier){{.*}} [-Rhy]
  for (int s = 0; s < 5; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
    if (a(0) > 100)
      break;
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): a 'return' (line [[@LINE+6]]) would leave the region [-Rhy]
  for (int s = 0; s < 5; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
    if (a(0) > 1000)
      return;
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): a 'continue' (line [[@LINE+3]]) would leave the region [-Rhy]
  for (int s = 0; s < 5; ++s) {
    if (s % 2)
      continue;
// REPORT: host-regions.cpp:[[@LINE+1]]:1: remark: inside the host loop of line [[@LINE-3]]: a parallel region (fork, join, barrier) at each of its iterations; the host loop is not one region: a 'continue' (line [[@LINE-1]]) would leave the region [-Rhy]
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
  }
// A call of a function that launches kernels inside an `if`: the team's
// `if` (lit cpu/region-nests.cpp; a call that is a statement of its own is
// the team's: lit cpu/team-functions.cpp).
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; every thread of the team calls 'addOne' (line [[@LINE+6]]), whose kernels run as the team's work-sharing loops; the team takes the branches of its 'if' (line [[@LINE+5]]) together, {{.*}} [-Rhy]
  for (int s = 0; s < 5; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
    if (s % 2)
      addOne(a, n);
  }
// Per-thread copies of an array reduction inside a region: the team makes
// one set and shares it (hy::privatize_team), the threads add them in.
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}} [-Rhy]
  for (int s = 0; s < 5; ++s) {
// OMP: if (!hy::team_of_one()) [&, n, a = hy::view_of(a), h = hy::view_of(h)] { { auto hy_team_privs_h = hy::privatize_team<hy::ops::add>(h, {{.*}}); auto &hy_privs_h = *hy_team_privs_h; { auto hy_priv_h = hy_privs_h.enter(); { _Pragma("omp for schedule(static)")
#pragma hy parallel for reduction(+ : h)
    for (int i = 0; i < n; ++i)
      h(a(i) % 8) += 1;
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it declares 'shift' (line [[@LINE+2]]), which the kernel of line [[@LINE+3]] uses, and only scalar variables, and single variables of a trivially copyable class with a default constructor (trivial, constexpr or noexcept) and assignment, initialised with '=', move out of the region ('std::vector<int>' is not initialised with '=') [-Rhy]
  for (int s = 0; s < 5; ++s) {
    std::vector<int> shift(1, s);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += shift[0];
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): the kernel of line [[@LINE+3]] is inside a statement of the loop's body, not a statement of its own [-Rhy]
  for (int s = 0; s < 5; ++s) {
    switch (s % 2) case 1: {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += s;
    }
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it is a do-while loop (only while and for loops are done) [-Rhy]
  do {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
  } while (a(0) < 10);
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it is a range-based for loop (only while and for loops are done) [-Rhy]
  for (int s : {1, 2}) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): its header spans lines (the region's opening replaces it on its line) [-Rhy]
  for (int s = 0;
       s < 5; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
  }
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): its body is not a { } block [-Rhy]
  for (int s = 0; s < 5; ++s)
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it has no condition (only a jump, which would leave the region, ends it) [-Rhy]
  for (int s = 0;; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
    if (s > 3)
      return;
  }
}

// A minloc declared in the body and read after the kernel: not a scalar.
// REPORT: host-regions.cpp:[[@LINE+4]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it declares 'low' (line [[@LINE+5]]), which the kernel of line [[@LINE+6]] uses, and only scalar variables, and single variables of a trivially copyable class with a default constructor (trivial, constexpr or noexcept) and assignment, initialised with '=', move out of the region ('hy::minloc<int>' is not initialised with '=') [-Rhy]
int lows(const hy::array<int, 1> &a, int n) {
  int sum = 0;
  int r = 0;
  while (r < 3) {
    hy::minloc<int> low;
#pragma hy parallel for reduction(min : low)
    for (int i = 0; i < n; ++i)
      low.update(a(i) + r, i);
    sum += low.index;
    ++r;
  }
  return sum;
}

// A local moved out would hide the outer 'n' the condition reads.
// REPORT: host-regions.cpp:[[@LINE+3]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): moving 'n' out of the region would hide another 'n' (line [[@LINE+3]]) [-Rhy]
void hides(hy::array<int, 1> &a, int n) {
  int r = 0;
  while (r < n) {
    const int n = r + 1;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
    ++r;
  }
}

// In a template, a local of a dependent type moves out of the region when
// it is a scalar in every instantiation (lit cpu/region-forms.cpp); in a
// template never instantiated it is not known to be one.
// REPORT: host-regions.cpp:[[@LINE+4]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; locals moved out of the region (shared): sum{{.*}} [-Rhy]
template <class T>
T sums(const hy::array<T, 1> &a, int n) {
  T total = 0;
  for (int s = 0; s < 3; ++s) {
    T sum = 0;
#pragma hy parallel for reduction(+ : sum)
    for (int i = 0; i < n; ++i)
      sum += a(i) * s;
    total += sum;
  }
  return total;
}
template double sums(const hy::array<double, 1> &, int);
// REPORT: host-regions.cpp:[[@LINE+3]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it declares 'sum' (line [[@LINE+4]]), which the kernel of line [[@LINE+5]] uses, and only scalar variables move out of the region, and the template's 'T' is not one in every instantiation (or is never instantiated, or is a constant in one) [-Rhy]
template <class T>
void sumsNever(const hy::array<T, 1> &a, hy::array<T, 1> &b, int n) {
  for (int s = 0; s < 3; ++s) {
    T sum = 0;
#pragma hy parallel for reduction(+ : sum)
    for (int i = 0; i < n; ++i) sum += a(i) + s;
    b(s) = sum;
  }
}

// A scan kernel keeps its own region (two passes over the team's chunks).
// REPORT: host-regions.cpp:[[@LINE+4]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): the kernel of line [[@LINE+6]] is a scan, whose two passes need a parallel region of their own [-Rhy]
// OMP-LABEL: void prefixes(
void prefixes(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n, int rounds) {
  int r = 0;
  while (r < rounds) {
    long long sum = 0;
#pragma hy parallel for reduction(inscan, + : sum)
    for (int i = 0; i < n; ++i) {
      sum += in(i) + r;
#pragma hy scan inclusive(sum)
      out(i) = sum;
    }
    ++r;
  }
}

// Refused: a host statement calls a function of another file (declared
// only), which may launch kernels; inside a region their regions would run
// on the one thread that calls it, so the loop keeps a region per kernel.
void progress(int level);
// OMP-LABEL: void unseen(
void unseen(hy::array<int, 1> &a, int n) {
// REPORT: host-regions.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'progress' (line [[@LINE+5]]), defined in another file: hyc sees one file, and if it launches kernels their regions would run on one thread inside this region (define it in this file to let the team call it) [-Rhy]
  for (int r = 0; r < 3; ++r) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += r;
    progress(r);
  }
// OMP-NOT: hy_err
// OMP: progress(r);
}

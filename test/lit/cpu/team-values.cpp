// Team functions that share a frame with their team (hy::team_frame;
// docs/language.md, "Host loops"), and class-type locals of a region:
// * a host statement that may throw: one thread keeps the exception in the
//   frame (the region's hy_err), every thread leaves the function after the
//   barrier, the region's loop ends after the call and throws it again;
// * a value (`return e;`, the last statement): one thread stores it in the
//   frame, every thread returns it; a statement that uses it (`x = f(...);`,
//   `const T x = f(...);`) has the call made by the team before it and
//   reads the value on one thread;
// * locals another item reads (a kernel's reduction into a local, bounds):
//   the frame's slots, assigned on one thread where they were declared;
// * a nested call of such a function: the frame's next one;
// * a region's local of a trivially copyable class (`const auto start =
//   steady_clock::now();`): declared before the region, assigned in place.
// The refusals that remain say why (a call of a function defined in
// another file among them: host-regions.cpp).
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefix=OMP
// RUN: %hyc --target=openmp -Rhy %s -o %t.omp.cpp 2>&1 | FileCheck %s -check-prefix=REPORT
// RUN: %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %clangxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=NONE
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// NONE-NOT: hy_tf(
// NONE-NOT: hy::team_frame hy_
#include <hy/hy.hpp>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

// REPORT: team-values.cpp:[[@LINE+2]]:13: remark: function called by the team of the host loop's region of line {{[0-9]+}}: {{.*}}; locals the team shares (the frame's, assigned on one thread): lo2; an exception from its host statements is kept, the team leaves the function after the next barrier, and it is thrown again after the caller's region [-Rhy]
// OMP: static void push(hy::array<int, 1> &a, int lo, int hi, std::vector<int> &sizes) { hy::team_frame *const hy_tf_in = hy::team_call::take_frame(); const bool hy_in_team = hy_tf_in != nullptr; hy::team_frame hy_own; hy::team_frame &hy_t = hy_in_team ? *hy_tf_in : hy_own; auto hy_body = [&](int &lo2) {
static void push(hy::array<int, 1> &a, int lo, int hi, std::vector<int> &sizes) {
// OMP-NEXT: _Pragma("omp masked") { try { sizes.push_back(hi - lo);
  sizes.push_back(hi - lo);
// OMP-NEXT: lo2 = lo + static_cast<int>(sizes.size()) % 2; } catch (...) { hy_t.err().keep(); } } _Pragma("omp barrier") if (hy_t.err()) return;
  const int lo2 = lo + static_cast<int>(sizes.size()) % 2;
#pragma hy parallel for
  for (int i = lo2; i < hi; ++i)
    a(i) += 1;
// OMP: }; if (hy_in_team) hy_body(hy_t.local<int>(0)); else { _Pragma("omp parallel") hy_body(hy_t.local<int>(0)); hy_own.err().rethrow(); } }
}

// REPORT: team-values.cpp:[[@LINE+2]]:18: remark: function called by the team of the host loop's region of line {{[0-9, ]+}}: {{.*}}; its value ('return' of line [[@LINE+10]]) is stored by one thread in the team's frame and returned by every thread; locals the team shares (the frame's, assigned on one thread): count [-Rhy]
// OMP: static long long below(const hy::array<int, 1> &a, int n, int limit) { {{.*}} auto hy_body = [&](long long &count) {
static long long below(const hy::array<int, 1> &a, int n, int limit) {
// OMP-NEXT: _Pragma("omp masked") { count = 0; } _Pragma("omp barrier")
  long long count = 0;
// OMP: long long *const hy_rp_count_1 = &count; _Pragma("omp for reduction(+ : hy_rp_count_1[:1]) schedule(static)")
#pragma hy parallel for reduction(+ : count)
  for (int i = 0; i < n; ++i)
    count += a(i) < limit ? 1 : 0;
// OMP: _Pragma("omp masked") { hy_t.value<long long>() = count; } _Pragma("omp barrier")
  return count;
// OMP-NEXT: }; if (hy_in_team) hy_body(hy_t.local<long long>(0)); else { _Pragma("omp parallel") hy_body(hy_t.local<long long>(0)); } return hy_t.value<long long>(); }
}

// A value from another such function's value: its frame is the next one.
// OMP-LABEL: static long long twice(
static long long twice(const hy::array<int, 1> &a, int n) {
// OMP: { hy::team_call hy_call(hy_t.next()); below(a, n, 7); } _Pragma("omp masked") { const long long inner = hy_t.next().value<long long>();
  const long long inner = below(a, n, 7);
// OMP-NEXT: hy_t.value<long long>() = inner * 2; } _Pragma("omp barrier")
  return inner * 2;
}

// The level loop: a team if between a function that may throw and one that
// does not; values assigned and declared; a time point moved out.
// OMP-LABEL: long long levels(
void trace(long long total) { // host code of this file
  if (total < 0)
    throw std::runtime_error("negative");
}
long long levels(hy::array<int, 1> &a, int n, std::vector<int> &sizes) {
  long long total = 0, grown = 0;
// OMP: { int level = 0; std::chrono::steady_clock::time_point start; bool hy_if1 = false; hy::region_error hy_err; hy::team_frame hy_tf(hy_err); bool hy_go = {{.*}}; while (hy_go && !hy_err) {
// REPORT: team-values.cpp:[[@LINE+1]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; locals moved out of the region (shared): start; every thread of the team calls 'push' (line [[@LINE+6]]), {{.*}}; every thread of the team calls 'below' (line [[@LINE+9]]), {{.*}}; every thread of the team calls 'twice' (line [[@LINE+11]]), {{.*}}; an exception from its host code ends the loop and is thrown again after the region [-Rhy]
  for (int level = 0; level < 8 && grown < n; ++level) {
// OMP: start = std::chrono::steady_clock::now();
    const auto start = std::chrono::steady_clock::now();
    if (level % 2 == 0) {
// OMP: { hy::team_call hy_call(hy_tf); push(a, level, n, sizes); } if (hy_err) break;
      push(a, level, n, sizes);
    }
// OMP: { hy::team_call hy_call(hy_tf); below(a, n, level); } _Pragma("omp masked") { grown = hy_tf.value<long long>();
    grown = below(a, n, level);
// OMP: { hy::team_call hy_call(hy_tf); twice(a, n); } _Pragma("omp masked") try { const long long seen = hy_tf.value<long long>();
    const long long seen = twice(a, n);
    total += seen + (std::chrono::steady_clock::now() - start).count() * 0;
    trace(total);
  }
  return total;
}

// A declaration that takes the value, read by a later kernel: moved out of
// the region, assigned from the frame.
// OMP-LABEL: void counts(
void counts(hy::array<int, 1> &a, int n) {
// REPORT: team-values.cpp:[[@LINE+2]]:3: remark: host loop: one OpenMP parallel region around it; {{.*}}; locals moved out of the region (shared): c; every thread of the team calls 'below' (line [[@LINE+4]]), {{.*}} [-Rhy]
// OMP: { int s = 0; long long c; hy::team_frame hy_tf; bool hy_go
  for (int s = 0; s < 4; ++s) {
// OMP: { hy::team_call hy_call(hy_tf); below(a, n, s); } _Pragma("omp masked") { c = hy_tf.value<long long>(); } _Pragma("omp barrier")
    const long long c = below(a, n, s);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += static_cast<int>(c % 3);
  }
}

// Refused: a value of a class type, a return before the last statement, a
// local of a class the team would share, a region's local of a class that
// is not trivially copyable.
struct Pair {
  long long a, b;
};
static Pair pair(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
  return Pair{1, 2};
}
static long long early(hy::array<int, 1> &a, int n) {
  if (n == 0)
    return 0;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
  return n;
}
static void spans(hy::array<int, 1> &a, int n) {
  const Pair p = {0, n};
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
  a(0) += (int)p.b;
}

void refused(hy::array<int, 1> &a, int n) {
// REPORT: team-values.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'pair' (line [[@LINE+1]]), which launches kernels, and the region's team cannot call it: 'pair' cannot be called by a team: it returns a value of type 'Pair' (a team function returns void or a scalar) [-Rhy]
  for (int s = 0; s < 3; ++s) { pair(a, n); }
// REPORT: team-values.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'early' (line [[@LINE+1]]), which launches kernels, and the region's team cannot call it: 'early' cannot be called by a team: a 'return' (line {{[0-9]+}}) would leave the team's code [-Rhy]
  for (int s = 0; s < 3; ++s) { early(a, n); }
// REPORT: team-values.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it calls 'spans' (line [[@LINE+1]]), which launches kernels, and the region's team cannot call it: 'spans' cannot be called by a team: its local 'p' (line {{[0-9]+}}) is read by another of its statements or kernels and is not a scalar (the team shares only scalar locals) [-Rhy]
  for (int s = 0; s < 3; ++s) { spans(a, n); }
// REPORT: team-values.cpp:[[@LINE+1]]:3: remark: host loop: not one parallel region (a region per kernel per iteration): it declares 'name' (line [[@LINE+2]]), which a later statement (line [[@LINE+6]]) uses, and only scalar variables, and single variables of a trivially copyable class with a default constructor (trivial, constexpr or noexcept) and assignment, initialised with '=', move out of the region ('std::string' is not such a class) [-Rhy]
  for (int s = 0; s < 3; ++s) {
    const std::string name = "s";
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
    a(0) += (int)name.size();
  }
}

// What a kernel may touch: outer scalars only as reductions, no raw
// pointers, no non-constant globals, only arithmetic / hy::array /
// std::vector captures; reduction clauses must name usable variables.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>
#include <string>
#include <vector>

int counter;
constexpr int kLimit = 4;

int outerScalar(hy::array<int, 1> &a, int n) {
  int last = 0, sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
// CHECK: [[@LINE+1]]:5: error: 'last' is declared outside this 'parallel for' loop and written inside it; iterations must be independent (name it in 'reduction(OP : last)' if it is a reduction)
    last = a(i);
// CHECK: [[@LINE-5]]:7: note: 'last' is declared here
    sum += a(i) + kLimit;
  }
  int t = 0;
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
    int local = 0;
#pragma hy parallel for into(threads)
    for (int i = 0; i < 4; ++i)
// CHECK: [[@LINE+1]]:7: error: 'local' is declared outside this 'parallel for' loop and written inside it
      local += a(i);
    a(b) = local;
// CHECK: [[@LINE+1]]:7: error: 't' is declared outside this 'parallel for' loop and written inside it
    ++t;
  }
  return last + sum + t;
}

void pointers(int *p, int n, std::vector<int> &v, std::string &s) {
  int arr[8] = {};
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
// CHECK: [[@LINE+1]]:5: error: kernel uses raw pointer 'p', whose extent hyc cannot know; use hy::array<T, N> or std::vector<T> instead
    p[i] = v[i];
// CHECK: [[@LINE+1]]:12: error: kernel uses raw pointer 'arr', whose extent hyc cannot know; use hy::array<T, N> or std::vector<T> instead
    v[i] = arr[i % 8];
// CHECK: [[@LINE+1]]:13: error: kernel uses 's' of type 'std::string' (aka 'basic_string<char>'); kernels may use arithmetic scalars, enums, hy::array, hy::worklist and std::vector of arithmetic types (and hy::minloc / hy::maxloc as reduction variables)
    v[i] += s.size();
// CHECK: [[@LINE+1]]:13: error: kernel uses non-constant global variable 'counter'; copy it into a local variable first
    v[i] += counter;
  }
}

// std::vector<bool> packs bits: no element a thread could address.
void bits(std::vector<bool> &flags, std::vector<char> &ok, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:5: error: kernel uses 'flags' of type 'std::vector<bool>'; kernels can use std::vector<T> only for arithmetic T other than bool {{.*}}; use hy::array<bool, 1> instead
    flags[i] = ok[i] != 0;
}

void reductions(hy::array<double, 1> &a, hy::array<double, 1> &h, int n) {
  double d = 0;
  int k = 0;
  float unused = 0;
// CHECK: [[@LINE+1]]:35: error: reduction operator '^' needs an integer type; 'd' has type 'double'
#pragma hy parallel for reduction(^ : d)
  for (int i = 0; i < n; ++i) d += a(i);
// CHECK: [[@LINE+1]]:39: warning: reduction variable 'unused' is not used in the loop
#pragma hy parallel for reduction(+ : unused, k)
  for (int i = 0; i < n; ++i) k += i;
  hy::array<int, 1> m(4);
#pragma hy parallel for reduction(min : m)
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:5: error: 'm' is an array reduction variable of operator 'min'; update its elements only as m(...) = min(m(...), e) or hy::fetch_min(m(...), e)
    m(i % 4) += i;
#pragma hy parallel for reduction(+ : h)
  for (int i = 0; i < n; ++i) {
    h(i % 4) += a(i);
// CHECK: [[@LINE+1]]:5: error: 'h' is an array reduction variable of operator '+'; update its elements only as h(...) += e or h(...) = h(...) + e or h(...)++ or h(...)-- (as statements) or hy::fetch_add(h(...), e)
    h(0) = a(i);
  }
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
    int z = 0;
#pragma hy parallel for into(threads) reduction(+ : z, w)
    for (int i = 0; i < 4; ++i) {
      int w = i;
      z += w;
    }
// CHECK: [[@LINE-5]]:56: error: reduction variable 'w' must be declared outside the loop
    a(b) = z;
  }
}

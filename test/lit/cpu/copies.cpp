// What an OpenMP kernel copies into each thread: the scalars it only reads
// and a view (hy::view_of) of each array it only indexes, firstprivate in a
// lambda that makes them; not an array the kernel passes whole, a scalar it
// writes (a reduction), a static local, or anything when the kernel uses a
// structured binding (which a C++17 lambda cannot capture). The output
// compiles with -Wall -Wextra -Wshadow and runs: every target prints the
// same sums on 1 and 3 threads.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -std=c++17 -fopenmp -Wall -Wextra -Wshadow -Werror -O1 -I%hy_inc %t.omp.cpp -o %t.omp
// RUN: %hyc --target=serial %s -o %t.ser.cpp && %cxx -std=c++17 -O1 -I%hy_inc %t.ser.cpp -o %t.ser
// RUN: %t.ser > %t.want && env OMP_NUM_THREADS=1 %t.omp > %t.one && env OMP_NUM_THREADS=3 %t.omp > %t.three
// RUN: diff %t.want %t.one && diff %t.want %t.three
#include <hy/hy.hpp>
#include <cstdio>
#include <tuple>
#include <vector>

// CHECK-LABEL: long long viewed(
long long viewed(const hy::array<int, 2> &a, const std::vector<int> &w, hy::array<long long, 1> &out,
                 int n, int m) {
  long long total = 0;
  const int bias = 3;
// CHECK: [&, n, m, a = hy::view_of(a), w = hy::view_of(w), out = hy::view_of(out)] { _Pragma("omp parallel for reduction(+ : total) firstprivate(n, m, a, w, out) schedule(static) if(hy::omp_worth((long long)(n), 107))")
#pragma hy parallel for reduction(+ : total)
  for (int i = 0; i < n; ++i) {
    long long s = 0;
    for (int j = 0; j < m && j < (int)a.extent(1); ++j)
      s += a(i, j) * w[j] + bias;
    out(i) = s;
    total += s;
// CHECK: total += s;
// CHECK-NEXT: } }();
  }
  return total;
}

static long long rowSum(const hy::array<long long, 1> &v, int i) { return v(i) + 1; }

// `v` is passed whole to a function: shared, not viewed.
// CHECK-LABEL: int passed(
int passed(const hy::array<long long, 1> &v, hy::array<long long, 1> &out, int n) {
  static int calls = 0;
  ++calls;
// CHECK: [&, n, out = hy::view_of(out)] { _Pragma("omp parallel for firstprivate(n, out) schedule(static) if(hy::omp_worth((long long)(n), 6))")
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    out(i) = rowSum(v, i);
  return calls;
}

// A structured binding of the function that the kernel does not read (a
// kernel may not read one: diag/bindings.cpp): the lambda as elsewhere.
// CHECK-LABEL: void bound(
void bound(hy::array<long long, 1> &out, std::tuple<int, int> range) {
  auto [lo, hi] = range;
  const int n = hi, low = lo; // a kernel may not read a binding itself
// CHECK: [&, n, low, out = hy::view_of(out)] { _Pragma("omp parallel for firstprivate(n, low, out) schedule(static) if(hy::omp_worth((long long)(n), 4))")
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    out(i) = out(i) + low;
}

// An index declared before its loop: a lambda would capture it by
// reference, which OpenMP cannot iterate (found by the generator, seed 19).
// CHECK-LABEL: void outsideIndex(
void outsideIndex(hy::array<long long, 1> &out, int n) {
  int i;
// CHECK: #pragma omp parallel for firstprivate(n) schedule(static) if(hy::omp_worth((long long)(n), 4))
#pragma hy parallel for
  for (i = 0; n > i; i++)
    out(i) = out(i) + n;
}

int main() {
  const int n = 1000, m = 7;
  hy::array<int, 2> a(n, m);
  std::vector<int> w(m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a(i, j) = (i * 7 + j * 3) % 11;
  for (int j = 0; j < m; ++j)
    w[j] = j + 1;
  hy::array<long long, 1> out(n), out2(n);
  long long t = viewed(a, w, out, n, m);
  passed(out, out2, n);
  bound(out2, std::make_tuple(5, n));
  outsideIndex(out2, n);
  long long s = 0;
  for (int i = 0; i < n; ++i)
    s += out2(i) * (i % 5 + 1);
  std::printf("%lld %lld\n", t, s);
}

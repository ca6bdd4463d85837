// e2e: host code around kernels, the shapes the CUDA target rewrites (issue
// 26): what hyc inserts into single-statement bodies (for, range-for,
// while, do, if/else, case, lambdas), kernels inside lambdas on the
// lambdas' own parameters (stored, nested, generic), arrays reached through
// containers, copies and calls, and statements that both launch kernels and
// read what they wrote. On the GPU each read below sees stale host data
// unless hyc syncs it, so the CUDA build must print what the serial build
// prints; every function also checks itself against a plain reference.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

// Every family is checked (a failure is reported and the exit status is 1
// at the end), so one run shows each wrong family.
static e2e::Checks require("host_code");

// a(i) += i + k on the device.
static void bump(hy::array<int, 1> &a, int k) {
  const int n = static_cast<int>(a.size());
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += i + k;
}
static int bumped(hy::array<int, 1> &a, int k) {
  bump(a, k);
  return 1;
}
// The same on the host, for the references.
static void refBump(std::vector<long> &a, int k) {
  for (size_t i = 0; i < a.size(); ++i)
    a[i] += static_cast<long>(i) + k;
}
static std::vector<long> values(const hy::array<int, 1> &a) {
  std::vector<long> v(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    v[i] = a(i);
  return v;
}

// 1. Statements hyc puts in front of a statement that is a whole body. The
// outer `x` has the name of the range-for's variable: a sync or escape that
// took the body's place would leave the call to run once, on it.
static long singleBodies(std::vector<hy::array<int, 1>> &as, hy::array<int, 1> &a, int n) {
  hy::array<int, 1> &x = a;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
  for (auto &x : as)
    bump(x, 1);
  for (int r = 0; r < 2; ++r)
    bump(a, r);
  int w = 0;
  while (w < 2)
    w += bumped(a, w);
  if (n > 0)
    bump(a, 5);
  else
    bump(x, 6);
  do
    bump(a, 2);
  while (false);
  switch (n & 1) {
  case 0:
    bump(a, 3);
    break;
  default:
    bump(a, 4);
  }
  for (int r = 0; r < 2; ++r)
    if (r == 1)
      for (auto &y : as)
        bump(y, r);
  // Elements of a local container: they die before the function's scope
  // ends, so they must not escape to it.
  std::vector<hy::array<int, 1>> local;
  local.push_back(hy::array<int, 1>(n));
  for (auto &y : local)
    bump(y, 2);
  long t = local[0](3);
  for (auto &x : as)
    t += x(1);
  for (int i = 0; i < n; ++i)
    t += x(i);
  return t;
}

// 2. Kernels in lambdas, on the lambdas' own parameters: stored and called
// later, called from another lambda, generic. (-DHOST_CODE_NO_LAMBDAS
// leaves them out, so that a translator nvcc refused them from can still
// build the other families and show their wrong values.)
#ifndef HOST_CODE_NO_LAMBDAS
static long lambdaKernels(hy::array<int, 1> &b, int n) {
  auto fill = [n](hy::array<int, 1> &p, int v) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      p(i) = v + i;
    return p(1);
  };
  auto twice = [&](hy::array<int, 1> &q) {
    fill(q, 3);
    bump(q, 1);
    return q(2);
  };
  auto scale = [n](hy::array<int, 1> &r, auto k) {
    const int f = static_cast<int>(k);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      r(i) *= f;
    return r(n - 1);
  };
  long t = fill(b, 5);
  t += twice(b);
  t += scale(b, 2);
  t += scale(b, 3L);
  for (int i = 0; i < n; ++i)
    t += b(i);
  return t;
}
#endif

struct holder {
  hy::array<int, 1> A;
  int k = 0;
};
static hy::array<int, 1> &pick(holder &h) { return h.A; }

// 3. Arrays reached through containers, copies of aggregates and calls that
// return them, read after kernels wrote them, in a function that holds a
// resident scope (its own kernel), so the callee's results stay on the
// device until something here syncs them.
static long containers(std::vector<hy::array<int, 1>> &v, holder &h, int n) {
  hy::array<int, 1> own(n);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    own(i) = 2 * i;
  long t = 0;
  bump(v[0], 1);
  t += v[0](1);
  bump(h.A, 2);
  holder copy = h;
  t += copy.A(1);
  bump(pick(h), 3);
  t += pick(h)(2);
  std::pair<hy::array<int, 1>, int> pr{hy::array<int, 1>(n), 1};
  bump(pr.first, 1);
  t += pr.first(2);
  std::optional<hy::array<int, 1>> o{hy::array<int, 1>(n)};
  bump(*o, 2);
  t += (*o)(2);
  std::array<hy::array<int, 1>, 2> arr{hy::array<int, 1>(n), hy::array<int, 1>(n)};
  bump(arr[1], 3);
  t += arr[1](3);
  auto tup = std::make_tuple(hy::array<int, 1>(n), 3);
  bump(std::get<0>(tup), 4);
  t += std::get<0>(tup)(3);
  bump(v[1], 5);
  std::vector<hy::array<int, 1>> vcopy = v;
  t += vcopy[1](2);
  for (auto &x : v)
    t += x(n - 1);
  t += own(n - 1);
  return t;
}

// 6. One statement that launches kernels (through a call) and reads what
// they wrote: operands, arguments, conditions, initializers.
static long launchAndRead(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
  long r = (bumped(a, 1), a(3));
  r += bumped(a, 2) ? a(4) : -1;
  if (bumped(a, 3) && a(3) > 0)
    r += a(5);
  int rounds = 0;
  while (bumped(a, 1) && a(0) < 40)
    ++rounds;
  r += rounds;
  int s = (bump(a, 2), a(2) + a(n - 1));
  return r + s;
}

int main() {
  const int n = 1000;
  auto make = [n](int base) {
    hy::array<int, 1> a(n);
    for (int i = 0; i < n; ++i)
      a(i) = base + (i * 7) % 13;
    return a;
  };

  // 1.
  std::vector<hy::array<int, 1>> as;
  for (int k = 0; k < 3; ++k)
    as.push_back(make(k));
  hy::array<int, 1> a = make(10);
  std::vector<std::vector<long>> ras;
  for (auto &x : as)
    ras.push_back(values(x));
  std::vector<long> ra = values(a);
  long t1 = singleBodies(as, a, n);
  for (auto &r : ras)
    refBump(r, 1);
  for (long &e : ra)
    e += 1;
  for (int k : {0, 1, 0, 1, 5, 2, n % 2 == 0 ? 3 : 4})
    refBump(ra, k);
  for (auto &r : ras)
    refBump(r, 1);
  long r1 = 3 + 2; // local[0](3)
  for (auto &r : ras)
    r1 += r[1];
  for (int i = 0; i < n; ++i)
    r1 += ra[i];
  require(t1 == r1, "single-statement bodies");
  for (size_t k = 0; k < as.size(); ++k)
    require(values(as[k]) == ras[k], "range-for over arrays");
  std::printf("single bodies: %ld\n", t1);

  // 2.
#ifndef HOST_CODE_NO_LAMBDAS
  hy::array<int, 1> b = make(1);
  long t2 = lambdaKernels(b, n);
  std::vector<long> rb(n);
  long r2 = 0;
  for (int i = 0; i < n; ++i)
    rb[i] = 5 + i;
  r2 += rb[1];
  for (int i = 0; i < n; ++i)
    rb[i] = 3 + i;
  refBump(rb, 1);
  r2 += rb[2];
  for (long &e : rb)
    e *= 2;
  r2 += rb[n - 1];
  for (long &e : rb)
    e *= 3;
  r2 += rb[n - 1];
  for (int i = 0; i < n; ++i)
    r2 += rb[i];
  require(t2 == r2, "kernels in lambdas");
  std::printf("lambdas: %ld\n", t2);
#endif

  // 3.
  std::vector<hy::array<int, 1>> v;
  v.push_back(make(3));
  v.push_back(make(4));
  holder h{make(20), 1};
  std::vector<long> v0 = values(v[0]), v1 = values(v[1]), hA = values(h.A), fresh(n, 0);
  long t3 = containers(v, h, n);
  long r3 = 0;
  refBump(v0, 1);
  r3 += v0[1];
  refBump(hA, 2);
  r3 += hA[1];
  refBump(hA, 3);
  r3 += hA[2];
  for (int k : {1, 2})
    r3 += static_cast<long>(2) + k; // fresh arrays: element 2 is 2 + k
  r3 += 3 + 3;                      // arr[1](3)
  r3 += 3 + 4;                      // std::get<0>(tup)(3)
  refBump(v1, 5);
  r3 += v1[2];
  r3 += v0[n - 1] + v1[n - 1];
  r3 += 2L * (n - 1);
  require(t3 == r3, "containers, copies and calls");
  require(values(v[0]) == v0 && values(v[1]) == v1 && values(h.A) == hA, "arrays after the calls");
  std::printf("containers: %ld\n", t3);

  // 6.
  hy::array<int, 1> c = make(0);
  std::vector<long> rc = values(c);
  long t6 = launchAndRead(c, n);
  long r6 = 0;
  for (long &e : rc)
    e += 1;
  refBump(rc, 1);
  r6 += rc[3];
  refBump(rc, 2);
  r6 += rc[4];
  refBump(rc, 3);
  if (rc[3] > 0)
    r6 += rc[5];
  int rounds = 0;
  for (;;) {
    refBump(rc, 1);
    if (!(rc[0] < 40))
      break;
    ++rounds;
  }
  r6 += rounds;
  refBump(rc, 2);
  r6 += rc[2] + rc[n - 1];
  require(t6 == r6, "launch and read in one statement");
  require(values(c) == rc, "array after launch-and-read");
  std::printf("launch and read: %ld\n", t6);
  return require.status();
}

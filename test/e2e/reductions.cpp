// e2e: scalar reductions of int, long long, float and double with every
// operator, reductions over block loops, over thread loops and both, and
// array-element reductions (min on int, + on double, increments ++ and -- on
// int and unsigned) -> atomics, and a host
// loop that launches a kernel until an array-element flag stays 0.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <cstdlib>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

// In-program references: each result is recomputed by a plain host loop,
// and a difference stops the program.
static e2e::Checks expect("reductions", e2e::Checks::stop);

// Relaxes d(i) = min(d(i), d(i - 1) + 1) in Jacobi rounds (the new values
// go to e, then back to d) until nothing changes: the loop's condition reads
// the flag the kernel set, on the host, after each launch.
static int until_stable(hy::array<int, 1> &d, hy::array<int, 1> &e, hy::array<int, 1> &changed,
                        int n) {
  int rounds = 0;
  changed(0) = 1;
  while (changed(0) != 0) {
    changed(0) = 0;
#pragma hy parallel for reduction(max : changed)
    for (int i = 0; i < n; ++i) {
      const int v = i > 0 ? std::min(d(i), d(i - 1) + 1) : d(i);
      e(i) = v;
      if (v != d(i))
        changed(0) = std::max(changed(0), 1);
    }
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      d(i) = e(i);
    ++rounds;
  }
  return rounds;
}

// The input comes from a seed: argv[1] when given (the GPU check draws fresh
// ones), else a fixed default.
int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 2024u;
  const int n = 5000;
  hy::array<int, 1> a(n);
  std::vector<float> f(n);
  for (int i = 0; i < n; ++i) {
    a(i) = static_cast<int>(e2e::next(seed) >> 8) % 2001 - 1000;
    f[i] = static_cast<float>(a(i)) * 0.25f; // exact
  }

  int isum = 0, imin = 1 << 30, imax = -(1 << 30), iand = ~0, ior = 0, ixor = 0;
  long long lsum = 0, lprod = 1, lmax = 0;
  float fmin = 1e30f, fmax = -1e30f, fsum = 0;
  double dsum = 0, dprod = 1, dmin = 1e300;
  bool allSmall = true, anyZero = false, none = false;
#pragma hy parallel for reduction(+ : isum, lsum, fsum, dsum) reduction(min : imin, fmin, dmin) \
    reduction(max : imax, lmax, fmax) reduction(& : iand) reduction(| : ior) reduction(^ : ixor) \
    reduction(* : lprod, dprod) reduction(&& : allSmall) reduction(|| : anyZero, none)
  for (int i = 0; i < n; ++i) {
    int v = a(i);
    isum += v;
    lsum += static_cast<long long>(v) * v;
    fsum += f[i]; // multiples of 1/4 well below 2^24/4: exact in any order
    dsum += f[i] * 2.0;
    imin = std::min(imin, v);
    fmin = std::min(fmin, f[i]);
    dmin = std::min(dmin, static_cast<double>(v) / 8);
    imax = std::max(imax, v);
    lmax = std::max(lmax, static_cast<long long>(v) * 3);
    fmax = std::max(fmax, f[i]);
    iand &= v | 0x100;
    ior |= v & 0xff;
    ixor ^= v;
    if (i % 500 == 0) {
      lprod *= v % 3 + 3;
      dprod *= 1.5;
    }
    allSmall = allSmall && (v < 1000);
    anyZero = anyZero || (v == 0);
    none = none || (v > 5000);
  }
  std::printf("int %d %d %d %d %d %d\n", isum, imin, imax, iand, ior, ixor);
  std::printf("ll %lld %lld %lld\n", lsum, lprod, lmax);
  std::printf("float %.2f %.2f %.2f\n", fmin, fmax, fsum);
  std::printf("double %.3f %.3f %.3f\n", dsum, dprod, dmin);
  std::printf("bool %d %d %d\n", allSmall, anyZero, none);
  {
    int rsum = 0, rmin = 1 << 30, rmax = -(1 << 30), rand_ = ~0, ror = 0, rxor = 0;
    long long rl = 0, rp = 1, rlmax = 0;
    bool rsmall = true, rzero = false;
    for (int i = 0; i < n; ++i) {
      const int v = a(i);
      rsum += v;
      rl += static_cast<long long>(v) * v;
      rmin = std::min(rmin, v);
      rmax = std::max(rmax, v);
      rlmax = std::max(rlmax, static_cast<long long>(v) * 3);
      rand_ &= v | 0x100;
      ror |= v & 0xff;
      rxor ^= v;
      if (i % 500 == 0)
        rp *= v % 3 + 3;
      rsmall = rsmall && v < 1000;
      rzero = rzero || v == 0;
    }
    expect(isum == rsum && imin == rmin && imax == rmax && iand == rand_ && ior == ror &&
               ixor == rxor,
           "int reductions");
    expect(lsum == rl && lprod == rp && lmax == rlmax, "long long reductions");
    expect(fmin == static_cast<float>(rmin) * 0.25f && fmax == static_cast<float>(rmax) * 0.25f &&
               fsum == static_cast<float>(rsum) * 0.25f,
           "float reductions");
    expect(dsum == rsum * 0.5 && dmin == rmin / 8.0 && dprod == std::pow(1.5, (n + 499) / 500),
           "double reductions");
    expect(allSmall == rsmall && anyZero == rzero && !none, "bool reductions");
  }

  // Thread-level reductions inside blocks and a block-level one over them.
  const int rows = 40, cols = 64;
  hy::array<int, 2> m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      m(i, j) = static_cast<int>(e2e::next(seed) >> 10) % 100;
  hy::array<int, 1> rowMax(rows);
  hy::array<long long, 1> rowSum(rows);
  long long total = 0;
#pragma hy parallel for reduction(+ : total)
  for (int r = 0; r < rows; ++r) {
    long long s = 0;
    int mx = 0;
#pragma hy parallel for into(threads) reduction(+ : s) reduction(max : mx)
    for (int c = 0; c < cols; ++c) {
      s += m(r, c);
      mx = std::max(mx, m(r, c));
    }
    rowSum(r) = s;
    rowMax(r) = mx;
#pragma hy parallel for into(threads) reduction(+ : total)
    for (int c = 0; c < cols; c += 2)
      total += m(r, c);
  }
  unsigned long long rs = 0;
  for (int r = 0; r < rows; ++r)
    rs = rs * 7u + static_cast<unsigned long long>(rowSum(r) + rowMax(r));
  std::printf("rows %llu %lld\n", rs, total);
  {
    long long rtotal = 0;
    for (int r = 0; r < rows; ++r) {
      long long sum = 0;
      int mx = 0;
      for (int c = 0; c < cols; ++c) {
        sum += m(r, c);
        mx = std::max(mx, m(r, c));
        rtotal += c % 2 == 0 ? m(r, c) : 0;
      }
      expect(rowSum(r) == sum && rowMax(r) == mx, "thread-level reductions");
    }
    expect(total == rtotal, "block- and thread-level reduction");
  }

  // Array-element reductions: first index of each key (min, int) and a
  // histogram of weights (+, double, integer-valued).
  const int keys = 17;
  hy::array<int, 1> first(keys);
  hy::array<double, 1> hist(keys);
  for (int k = 0; k < keys; ++k)
    first(k) = n;
#pragma hy parallel for reduction(min : first) reduction(+ : hist)
  for (int i = 0; i < n; ++i) {
    int k = (a(i) + 1000) % keys;
    first(k) = std::min(first(k), i);
    hist(k) += static_cast<double>(a(i) % 7);
  }
  for (int k = 0; k < keys; ++k) {
    int f = n;
    double hk = 0;
    for (int i = 0; i < n; ++i)
      if ((a(i) + 1000) % keys == k) {
        f = std::min(f, i);
        hk += static_cast<double>(a(i) % 7);
      }
    expect(first(k) == f && hist(k) == hk, "array-element reductions");
  }
  unsigned long long hs = 0; // hashes wrap: unsigned (UBSan)
  for (int k = 0; k < keys; ++k) {
    std::printf("key %d first %d hist %.1f\n", k, first(k), hist(k));
    hs = hs * 13 + static_cast<unsigned long long>(first(k) + static_cast<long long>(hist(k)));
  }
  // Increments of array-element reductions (count(k)++, --count(k); an
  // unsigned one counting down): += 1 and += -1 on every target.
  hy::array<int, 1> count(keys);
  hy::array<unsigned, 1> left(keys);
  count.fill(0);
  left.fill(100000u);
#pragma hy parallel for reduction(+ : count, left)
  for (int i = 0; i < n; ++i) {
    int k = (a(i) + 1000) % keys;
    count(k)++;
    if (a(i) % 3 == 0)
      --count((k + 1) % keys);
    left(k)--;
  }
  for (int k = 0; k < keys; ++k) {
    int c = 0;
    unsigned l = 100000u;
    for (int i = 0; i < n; ++i) {
      int j = (a(i) + 1000) % keys;
      c += j == k;
      c -= a(i) % 3 == 0 && (j + 1) % keys == k;
      l -= j == k;
    }
    expect(count(k) == c && left(k) == l, "array-element increments");
    std::printf("key %d count %d left %u\n", k, count(k), left(k));
  }
  hy::array<int, 1> dist(200), next_dist(200), flag(1);
  for (int i = 0; i < 200; ++i)
    dist(i) = i % 50 == 0 ? static_cast<int>(e2e::next(seed) % 10) : 1000000;
  std::vector<int> want(200);
  for (int i = 0; i < 200; ++i)
    want[i] = i > 0 ? std::min(dist(i), want[i - 1] + 1) : dist(i);
  const int rounds = until_stable(dist, next_dist, flag, 200);
  for (int i = 0; i < 200; ++i)
    expect(dist(i) == want[i], "host loop around a kernel");
  unsigned long long ds = 0;
  for (int i = 0; i < 200; ++i)
    ds = ds * 3 + static_cast<unsigned long long>(dist(i));
  std::printf("stable %llu after %d rounds\n", ds, rounds);
  std::printf("checksum %llu\n", hs ^ static_cast<unsigned long long>(lsum ^ isum ^ total));
  return 0;
}

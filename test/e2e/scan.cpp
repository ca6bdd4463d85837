// e2e: scans (`reduction(inscan, OP : x)` with `#pragma hy scan`,
// docs/language.md "Scans"): inclusive and exclusive, +, min and max, of
// int, long long and double, over 0, 1, 1000 iterations, sizes that are not
// a multiple of the GPU's tile, and many tiles; a loop counting down with a
// step of 2 (a suffix scan); an input phase with an inner loop and an `if`
// (CSR offsets from degrees); the total left in the variable after the
// loop, combined with its value before. Every result is checked against a
// plain host loop, and printed for compare.sh.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks expect("scan", e2e::Checks::stop);

template <class T>
T inclusive_sum(const hy::array<T, 1> &in, hy::array<T, 1> &out, int n, T init) {
  T sum = init;
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    sum += in(i);
#pragma hy scan inclusive(sum)
    out(i) = sum;
  }
  return sum;
}

template <class T>
T exclusive_sum(const hy::array<T, 1> &in, hy::array<T, 1> &out, int n, T init) {
  T sum = init;
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = 0; i < n; ++i) {
    out(i) = sum;
#pragma hy scan exclusive(sum)
    sum += in(i);
  }
  return sum;
}

template <class T>
T running_min(const hy::array<T, 1> &in, hy::array<T, 1> &out, int n, T init) {
  T lo = init;
#pragma hy parallel for reduction(inscan, min : lo)
  for (int i = 0; i < n; ++i) {
    lo = std::min(lo, in(i));
#pragma hy scan inclusive(lo)
    out(i) = lo;
  }
  return lo;
}

template <class T>
T max_before(const hy::array<T, 1> &in, hy::array<T, 1> &out, int n, T init) {
  T hi = init;
#pragma hy parallel for reduction(inscan, max : hi)
  for (int i = 0; i < n; ++i) {
    out(i) = hi;
#pragma hy scan exclusive(hi)
    hi = std::max(hi, in(i));
  }
  return hi;
}

// A suffix scan: the loop counts down by 2, so element i gets the sum of
// in(j) for j = i, i + 2, ... up to the last (the serial order).
long long suffix_every_other(const hy::array<int, 1> &in, hy::array<long long, 1> &out, int n) {
  long long sum = 0;
#pragma hy parallel for reduction(inscan, + : sum)
  for (int i = n - 1; i >= 0; i -= 2) {
    sum += in(i);
#pragma hy scan inclusive(sum)
    out(i) = sum;
  }
  return sum;
}

// CSR offsets from degrees, with an input phase that loops and branches:
// vertex v contributes 2 for every third of its deg(v) slots and 1 for the
// others (nothing for an empty or negative degree).
long long offsets(const hy::array<int, 1> &deg, hy::array<long long, 1> &off, int n) {
  long long total = 0;
#pragma hy parallel for reduction(inscan, + : total)
  for (int v = 0; v < n; ++v) {
    off(v) = total;
#pragma hy scan exclusive(total)
    if (deg(v) > 0) {
      for (int k = 0; k < deg(v); ++k)
        total += k % 3 == 0 ? 2 : 1;
    }
  }
  return total;
}

template <class T>
unsigned long long checksum(const hy::array<T, 1> &a, int n) {
  unsigned long long c = 0;
  for (int i = 0; i < n; ++i)
    c = c * 31 + static_cast<unsigned long long>(static_cast<long long>(a(i)));
  return c;
}

template <class T>
void run_type(const char *name, int n, uint32_t &seed) {
  hy::array<T, 1> in(std::max(n, 1)), out(std::max(n, 1));
  for (int i = 0; i < n; ++i)
    in(i) = static_cast<T>(static_cast<int>(e2e::next(seed) >> 8) % 2001 - 1000); // exact in double
  std::vector<T> ref(n);
  const T init = static_cast<T>(7);

  T total = inclusive_sum(in, out, n, init);
  T s = init;
  for (int i = 0; i < n; ++i)
    ref[i] = s = s + in(i);
  bool ok = total == s;
  for (int i = 0; i < n; ++i)
    ok &= out(i) == ref[i];
  expect(ok, "inclusive + (n = %d)", n);
  std::printf("%s inclusive + n=%d total=%lld check=%llu\n", name, n, (long long)total,
              checksum(out, n));

  total = exclusive_sum(in, out, n, init);
  s = init;
  for (int i = 0; i < n; ++i) {
    ref[i] = s;
    s = s + in(i);
  }
  ok = total == s;
  for (int i = 0; i < n; ++i)
    ok &= out(i) == ref[i];
  expect(ok, "exclusive + (n = %d)", n);
  std::printf("%s exclusive + n=%d total=%lld check=%llu\n", name, n, (long long)total,
              checksum(out, n));

  total = running_min(in, out, n, static_cast<T>(500));
  s = static_cast<T>(500);
  for (int i = 0; i < n; ++i)
    ref[i] = s = std::min(s, in(i));
  ok = total == s;
  for (int i = 0; i < n; ++i)
    ok &= out(i) == ref[i];
  expect(ok, "inclusive min (n = %d)", n);
  std::printf("%s inclusive min n=%d total=%lld check=%llu\n", name, n, (long long)total,
              checksum(out, n));

  total = max_before(in, out, n, static_cast<T>(-2000));
  s = static_cast<T>(-2000);
  for (int i = 0; i < n; ++i) {
    ref[i] = s;
    s = std::max(s, in(i));
  }
  ok = total == s;
  for (int i = 0; i < n; ++i)
    ok &= out(i) == ref[i];
  expect(ok, "exclusive max (n = %d)", n);
  std::printf("%s exclusive max n=%d total=%lld check=%llu\n", name, n, (long long)total,
              checksum(out, n));
}

int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 2027u;
  // 3072 and 5376 iterations are one GPU tile of 4- and 8-byte values;
  // 2000003 are 652 and 373 tiles.
  for (int n : {0, 1, 1000, 3071, 5377, 200003, 2000003}) {
    run_type<int>("int", n, seed);
    run_type<long long>("long long", n, seed);
    run_type<double>("double", n, seed);
  }

  for (int n : {0, 1, 2, 1001, 1000000}) {
    hy::array<int, 1> in(std::max(n, 1)), deg(std::max(n, 1));
    hy::array<long long, 1> out(std::max(n, 1));
    for (int i = 0; i < n; ++i) {
      in(i) = static_cast<int>(e2e::next(seed) >> 8) % 100;
      deg(i) = static_cast<int>(e2e::next(seed) >> 8) % 9 - 2;
      out(i) = -1;
    }
    long long total = suffix_every_other(in, out, n);
    long long s = 0;
    bool ok = true;
    for (int i = n - 1; i >= 0; i -= 2) {
      s += in(i);
      ok &= out(i) == s;
    }
    for (int i = n - 2; i >= 0; i -= 2)
      ok &= out(i) == -1; // not an iteration
    expect(ok && total == s, "suffix scan (n = %d)", n);
    std::printf("suffix n=%d total=%lld check=%llu\n", n, total, checksum(out, n));

    total = offsets(deg, out, n);
    s = 0;
    for (int v = 0; v < n; ++v) {
      ok &= out(v) == s;
      for (int k = 0; k < deg(v); ++k)
        s += k % 3 == 0 ? 2 : 1;
    }
    expect(ok && total == s, "offsets (n = %d)", n);
    std::printf("offsets n=%d total=%lld check=%llu\n", n, total, checksum(out, n));
  }
  return 0;
}

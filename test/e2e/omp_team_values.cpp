// e2e: team functions that return a value, share locals with their team or
// throw, and host loops with locals of a class type, which the OpenMP
// target runs as one parallel region (docs/language.md, "Host loops"):
// * a level loop in the shape of BC's batched BFS: a team `if` picks a push
//   step (a team function whose host statements may throw, and whose locals
//   `lo2`/`hi2` its kernels read: shared by the team) or a pull step; the
//   next level's size comes back from a team function that returns a value
//   (`grown = settle(...)`, its count reduced by a kernel into a local);
//   a declaration takes another's value (`const long long seen = ...`);
//   the iteration's start time and a plain struct are locals of class type
//   moved out of the region;
// * a team function returning a value that calls another team function
//   (frames of nested calls);
// * an exception thrown by a team function's host statement at a chosen
//   level: the loop stops there, the exception reaches the caller, and the
//   state is the serial program's.
// Every build's output (serial, OpenMP on 1, 2, 3, 5 and 8 threads, the
// CUDA build's CPU fallback) must agree, and the results are checked
// against plain references.
#include <hy/hy.hpp>

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <vector>

static int failures = 0;
static void require(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "omp_team_values: %s differs from the reference\n", what);
    ++failures;
  }
}

struct Span {
  long long lo, hi;
};

// Adds a(i) % 5 of the items in [lo, hi) into their neighbours' b, and
// records the level's size; throws at level `stopAt` (a host statement that
// may throw: the exception is the caller's). The bounds the kernel reads
// are the function's locals, shared by the team.
static void pushStep(hy::array<long long, 1> &a, hy::array<long long, 1> &b, long long lo,
                     long long hi, int level, int stopAt, std::vector<long long> &sizes) {
  sizes.push_back(hi - lo);
  if (level == stopAt)
    throw std::runtime_error("stop");
  const long long lo2 = lo + (hi - lo) / 4;
  const long long hi2 = hi - (hi - lo) / 4;
#pragma hy parallel for
  for (long long i = lo2; i < hi2; ++i)
    b(i) = b(i) + a(i) % 5 + 1;
}

// Every item in [lo, hi) takes b's value from its neighbour.
static void pullStep(hy::array<long long, 1> &a, const hy::array<long long, 1> &b, long long lo,
                     long long hi, long long n) {
#pragma hy parallel for
  for (long long i = lo; i < hi; ++i)
    a(i) = (a(i) + b((i + 1) % n)) % 1000003;
}

// How many items of [0, n) are below `limit` (a kernel's reduction into a
// local the team shares); returned.
static long long settle(const hy::array<long long, 1> &a, long long n, long long limit) {
  long long count = 0;
#pragma hy parallel for reduction(+ : count)
  for (long long i = 0; i < n; ++i)
    count += a(i) % 1000 < limit ? 1 : 0;
  return count;
}

// A value computed from another team function's value (nested frames).
static long long twice(const hy::array<long long, 1> &a, long long n, long long limit) {
  long long base = 0;
#pragma hy parallel for reduction(max : base)
  for (long long i = 0; i < n; ++i)
    base = base > a(i) % 7 ? base : a(i) % 7;
  const long long inner = settle(a, n, limit);
  return inner * 2 + base;
}

// The level loop: returns the levels run; `grown` the last count.
static int levels(hy::array<long long, 1> &a, hy::array<long long, 1> &b, long long n,
                  int stopAt, std::vector<long long> &sizes, long long &grown, double &seconds) {
  long long size = n / 8;
  long long total = 0;
  int level = 0;
  for (; size > 0 && level < 30; ++level) {
    const auto start = std::chrono::steady_clock::now();
    const Span span = {level % 3 * (n / 4), level % 3 * (n / 4) + size};
    if (level % 2 == 0) {
      pushStep(a, b, span.lo, span.hi, level, stopAt, sizes);
    } else {
      pullStep(a, b, span.lo, span.hi, n);
    }
    grown = settle(a, n, 100 + level * 20);
    const long long seen = twice(a, n, 500);
    total += seen;
    size = grown > n / 2 ? 0 : size + grown % 97;
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  grown += total;
  return level;
}

// The same, serially, without hy.
static int reference(std::vector<long long> &a, std::vector<long long> &b, long long n, int stopAt,
                     std::vector<long long> &sizes, long long &grown, bool &thrown) {
  long long size = n / 8, total = 0;
  int level = 0;
  thrown = false;
  for (; size > 0 && level < 30; ++level) {
    const long long lo = level % 3 * (n / 4), hi = lo + size;
    if (level % 2 == 0) {
      sizes.push_back(hi - lo);
      if (level == stopAt) {
        thrown = true;
        return level;
      }
      for (long long i = lo + (hi - lo) / 4; i < hi - (hi - lo) / 4; ++i)
        b[i] = b[i] + a[i] % 5 + 1;
    } else {
      for (long long i = lo; i < hi; ++i)
        a[i] = (a[i] + b[(i + 1) % n]) % 1000003;
    }
    auto count = [&](long long limit) {
      long long c = 0;
      for (long long i = 0; i < n; ++i)
        c += a[i] % 1000 < limit ? 1 : 0;
      return c;
    };
    grown = count(100 + level * 20);
    long long base = 0;
    for (long long i = 0; i < n; ++i)
      base = base > a[i] % 7 ? base : a[i] % 7;
    total += count(500) * 2 + base;
    size = grown > n / 2 ? 0 : size + grown % 97;
  }
  grown += total;
  return level;
}

int main() {
  const long long n = 6000;
  for (int stopAt : {-1, 4, 10}) {
    hy::array<long long, 1> a(n), b(n);
    std::vector<long long> ra(n), rb(n);
    for (long long i = 0; i < n; ++i) {
      a(i) = ra[i] = (i * 37) % 1009;
      b(i) = rb[i] = i % 13;
    }
    std::vector<long long> sizes, rsizes;
    long long grown = 0, rgrown = 0;
    double seconds = 0;
    int run = -1;
    bool thrown = false, rthrown = false;
    try {
      run = levels(a, b, n, stopAt, sizes, grown, seconds);
    } catch (const std::runtime_error &) {
      thrown = true;
    }
    const int rrun = reference(ra, rb, n, stopAt, rsizes, rgrown, rthrown);
    long long sum = 0, rsum = 0;
    for (long long i = 0; i < n; ++i) {
      sum += a(i) * 3 + b(i);
      rsum += ra[i] * 3 + rb[i];
    }
    require(thrown == rthrown && sizes == rsizes && sum == rsum, "levels");
    require(thrown || (run == rrun && grown == rgrown), "levels' count");
    require(seconds >= 0, "levels' time");
    std::printf("stop at %d: %s, %zu push levels, sum %lld", stopAt,
                thrown ? "thrown" : "not thrown", sizes.size(), sum);
    if (!thrown)
      std::printf(", %d levels, grown %lld", run, grown);
    std::printf("\n");
  }
  return failures == 0 ? 0 : 1;
}

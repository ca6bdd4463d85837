// GoogleTest for hy::scan_parts (hy/scan.hpp), the CPU form of scans: the
// chunks cover the iterations once, in order; pass 0 and its barrier give
// each thread the combination of the value before the loop and the parts
// of the threads before it; the last thread leaves the total; a team of one
// skips pass 0. Built with OpenMP (teams of 1 to 5) and without.
#include <hy/hy.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

// The OpenMP output's shape of an inclusive + scan (CpuScan.cpp).
long long inclusive(const std::vector<int> &in, std::vector<long long> &out, long long init,
                    int threads) {
  long long sum = init;
  const long long n = static_cast<long long>(in.size());
  hy::scan_parts<hy::ops::add, long long> parts(sum);
  long long total = sum;
#pragma omp parallel num_threads(threads)
  {
    const long long lo = parts.first(n), hi = parts.last(n);
    for (int pass = parts.first_pass(); pass < 2; ++pass) {
      long long s = parts.start(pass);
      for (long long i = lo; i < hi; ++i) {
        s += in[i];
        if (pass == 1)
          out[i] = s;
      }
      parts.end(pass, s, total);
    }
  }
  return total;
}

TEST(Scan, InclusiveSumOnTeams) {
  // Largest team first: LLVM 19's libomp leaks a thread table each time a
  // process's team grows (LeakSanitizer in the sanitizer job; a plain
  // `omp parallel num_threads(t)` for t = 1..5 shows it, 5..1 does not).
  for (int threads = 5; threads >= 1; --threads)
    for (int n : {0, 1, 2, 3, 7, 1000}) {
      std::vector<int> in(n);
      for (int i = 0; i < n; ++i)
        in[i] = (i * 37) % 11 - 5;
      std::vector<long long> out(n, -99);
      const long long total = inclusive(in, out, 100, threads);
      long long s = 100;
      for (int i = 0; i < n; ++i) {
        s += in[i];
        ASSERT_EQ(out[i], s) << "n " << n << " threads " << threads << " i " << i;
      }
      EXPECT_EQ(total, s) << "n " << n << " threads " << threads;
    }
}

TEST(Scan, ChunksCoverInOrder) {
  // Outside a region the team is one thread: one chunk, no first pass.
  hy::scan_parts<hy::ops::min, int> parts(5);
  EXPECT_EQ(parts.first(10), 0);
  EXPECT_EQ(parts.last(10), 10);
  EXPECT_EQ(parts.first_pass(), 1);
  EXPECT_EQ(parts.start(1), 5);
  EXPECT_EQ(parts.start(0), hy::ops::min::identity<int>());
  int total = 0;
  parts.end(1, 3, total);
  EXPECT_EQ(total, 3);
}

} // namespace

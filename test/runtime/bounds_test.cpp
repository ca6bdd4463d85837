// GoogleTest for HY_CHECK_BOUNDS on the CPU: built with HY_CHECK_BOUNDS and
// NDEBUG (as a release build is), every index of hy::array, of hy::view
// (what OpenMP kernels index arrays through) and of hy::cuda::view (its
// host side, the same code the GPU runs) is checked
// against the extent of its own dimension. Extents differ per dimension, so
// a check against another dimension's extent either stops a valid access or
// lets an invalid one through.
#ifndef HY_CHECK_BOUNDS
#error "bounds_test.cpp is built with -DHY_CHECK_BOUNDS"
#endif
#include <hy/hy.hpp>

// view.cuh's functions are __host__ __device__; g++ compiles their host side.
#define __host__
#define __device__
#define __forceinline__ inline
#include <hy/cuda/view.cuh>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// The message both checks print, as a death-test pattern.
std::string outOfRange(int d, long long i, long long e) {
  return "hy: index out of range \\(dimension " + std::to_string(d) + ": index " +
         std::to_string(i) + ", extent " + std::to_string(e) + "\\)";
}

// A view prints its message on stdout (as the GPU does); the death tests
// read stderr, so the dying child sends one to the other.
void stdoutToStderr() {
  std::fflush(stdout);
  dup2(STDERR_FILENO, STDOUT_FILENO);
}

TEST(BoundsDeathTest, ArrayRank1) {
  hy::array<int, 1> a(5);
  a(4) = 1;
  EXPECT_EQ(a(4), 1);
  EXPECT_DEATH((void)a(5), outOfRange(0, 5, 5));
  EXPECT_DEATH((void)a(-1), outOfRange(0, -1, 5));
}

TEST(BoundsDeathTest, ArrayRank2) {
  hy::array<int, 2> a(3, 5);
  a(2, 4) = 1; // the last element: valid only against extents (3, 5)
  EXPECT_EQ(a(2, 4), 1);
  EXPECT_DEATH((void)a(3, 0), outOfRange(0, 3, 3));
  EXPECT_DEATH((void)a(0, 5), outOfRange(1, 5, 5));
}

TEST(BoundsDeathTest, ArrayRank3) {
  hy::array<int, 3> a(2, 3, 5);
  a(1, 2, 4) = 1; // each index above the other dimensions' extents
  a(0, 0, 3) = 2;
  EXPECT_EQ(a(1, 2, 4), 1);
  EXPECT_EQ(a(0, 0, 3), 2);
  EXPECT_DEATH((void)a(2, 0, 0), outOfRange(0, 2, 2));
  EXPECT_DEATH((void)a(0, 3, 0), outOfRange(1, 3, 3));
  EXPECT_DEATH((void)a(0, 0, 5), outOfRange(2, 5, 5));
  const hy::array<int, 3> &c = a;
  EXPECT_EQ(c(1, 2, 4), 1);
  EXPECT_DEATH((void)c(0, 0, 5), outOfRange(2, 5, 5));
}

TEST(BoundsDeathTest, CpuViews) {
  hy::array<int, 3> a(2, 3, 5);
  auto v = hy::view_of(a);
  v(1, 2, 4) = 1;
  EXPECT_EQ(a(1, 2, 4), 1);
  EXPECT_DEATH((void)v(2, 0, 0), outOfRange(0, 2, 2));
  EXPECT_DEATH((void)v(0, 3, 0), outOfRange(1, 3, 3));
  EXPECT_DEATH((void)v(0, 0, 5), outOfRange(2, 5, 5));
  std::vector<long long> w(4);
  auto vw = hy::view_of(w);
  vw[3] = 2;
  EXPECT_EQ(w[3], 2);
  EXPECT_DEATH((void)vw[4], outOfRange(0, 4, 4));
  EXPECT_DEATH((void)vw(-1), outOfRange(0, -1, 4));
}

TEST(BoundsDeathTest, ViewRank1) {
  std::vector<int> data(5);
  hy::cuda::view<int, 1> v{data.data(), {5}};
  v(4) = 1;
  EXPECT_EQ(v[4], 1);
  EXPECT_DEATH((stdoutToStderr(), (void)v(5)), outOfRange(0, 5, 5));
  EXPECT_DEATH((stdoutToStderr(), (void)v[5]), outOfRange(0, 5, 5));
  EXPECT_DEATH((stdoutToStderr(), (void)v(-1)), outOfRange(0, -1, 5));
}

TEST(BoundsDeathTest, ViewRank2) {
  std::vector<int> data(15);
  hy::cuda::view<int, 2> v{data.data(), {3, 5}};
  v(2, 4) = 1;
  EXPECT_EQ(data[14], 1);
  EXPECT_DEATH((stdoutToStderr(), (void)v(3, 0)), outOfRange(0, 3, 3));
  EXPECT_DEATH((stdoutToStderr(), (void)v(0, 5)), outOfRange(1, 5, 5));
}

TEST(BoundsDeathTest, ViewRank3) {
  std::vector<int> data(30);
  hy::cuda::view<int, 3> v{data.data(), {2, 3, 5}};
  v(1, 2, 4) = 1;
  v(0, 0, 3) = 2;
  EXPECT_EQ(data[29], 1);
  EXPECT_EQ(data[3], 2);
  EXPECT_DEATH((stdoutToStderr(), (void)v(2, 0, 0)), outOfRange(0, 2, 2));
  EXPECT_DEATH((stdoutToStderr(), (void)v(0, 3, 0)), outOfRange(1, 3, 3));
  EXPECT_DEATH((stdoutToStderr(), (void)v(0, 0, 5)), outOfRange(2, 5, 5));
}

} // namespace

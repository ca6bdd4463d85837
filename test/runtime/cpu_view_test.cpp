// GoogleTest for the CPU runtime pieces the OpenMP target's kernels use
// around their loops: hy::view_of (the per-thread views of arrays, the same
// indexing and extents as the arrays; bounds checks in bounds_test.cpp),
// hy::one_thread (which
// version of a kernel runs), and hy::init() / hy::wait(), which do nothing
// in CPU builds.
#include <hy/hy.hpp>

#include <gtest/gtest.h>
#if defined(_OPENMP)
#include <omp.h>
#endif

#include <type_traits>
#include <vector>

namespace {

TEST(View, IndexesAsTheArray) {
  hy::array<int, 3> a(3, 4, 5);
  for (std::size_t i = 0; i < a.size(); ++i)
    a.data()[i] = static_cast<int>(i * 7 % 11);
  auto v = hy::view_of(a);
  EXPECT_EQ(v.size(), a.size());
  for (int d = 0; d < 3; ++d)
    EXPECT_EQ(v.extent(d), a.extent(d));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 5; ++k)
        EXPECT_EQ(&v(i, j, k), &a(i, j, k));
  v(2, 3, 4) = -1; // writes through to the array
  EXPECT_EQ(a(2, 3, 4), -1);
}

TEST(View, ConstArraysAndVectors) {
  const hy::array<float, 2> a(2, 3);
  auto ca = hy::view_of(a);
  static_assert(std::is_same_v<decltype(ca(0, 0)), const float &>);
  static_assert(std::is_same_v<decltype(ca)::value_type, float>);
  EXPECT_EQ(&ca(1, 2), &a(1, 2));
  std::vector<long long> w(9, 4);
  auto vw = hy::view_of(w);
  vw[8] = 5;
  EXPECT_EQ(w[8], 5);
  EXPECT_EQ(vw.size(), 9u);
  EXPECT_EQ(vw(3), 4);
  const std::vector<long long> &cw = w;
  static_assert(std::is_same_v<decltype(hy::view_of(cw)[0]), const long long &>);
}

TEST(View, IsTriviallyCopyable) {
  // firstprivate copies it per thread; it must not own anything.
  static_assert(std::is_trivially_copyable_v<hy::view<int, 2>>);
  hy::array<int, 1> a(4);
  auto v = hy::view_of(a), w = v;
  EXPECT_EQ(w.data(), a.data());
}

TEST(OneThread, FollowsTheTeamSize) {
#if defined(_OPENMP)
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  EXPECT_TRUE(hy::one_thread());
  omp_set_num_threads(3);
  EXPECT_FALSE(hy::one_thread());
  omp_set_num_threads(saved);
#else
  EXPECT_TRUE(hy::one_thread());
#endif
}

TEST(Wait, NothingInCpuBuilds) {
  EXPECT_EQ(hy::detail::device().wait, nullptr);
  hy::init();
  hy::wait();
}

} // namespace

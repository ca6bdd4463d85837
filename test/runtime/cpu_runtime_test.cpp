// GoogleTest for the CPU side of the runtime: hy::array (ranks, extents,
// row-major layout, value-initialisation, copies and moves), the CPU
// atomics hy::atomic_* under OpenMP contention, and the pieces for
// irregular kernels (hy::minloc / maxloc, hy::fetch_*, hy::worklist,
// hy::csr_row; in cpu_irregular_test.cpp, linked into the same binary).
// Built twice: with OpenMP (runtime.cpu.*) and without (runtime.cpu_serial.*).
#include <hy/hy.hpp>

#include <gtest/gtest.h>
#if defined(_OPENMP)
#include <omp.h>
#endif

#include <cfloat>
#include <climits>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

TEST(Array, Rank1ExtentsAndValueInit) {
  hy::array<int, 1> a(17);
  EXPECT_EQ(a.extent(0), 17u);
  EXPECT_EQ(a.size(), 17u);
  ASSERT_NE(a.data(), nullptr);
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a(i), 0) << i;
  a(3) = 9;
  EXPECT_EQ(a.data()[3], 9);
}

TEST(Array, Rank2RowMajor) {
  hy::array<double, 2> a(4, 7);
  EXPECT_EQ(a.extent(0), 4u);
  EXPECT_EQ(a.extent(1), 7u);
  EXPECT_EQ(a.size(), 28u);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 7; ++j)
      a(i, j) = i * 100 + j;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 7; ++j) {
      EXPECT_EQ(a.data()[i * 7 + j], i * 100 + j);
      EXPECT_EQ(&a(i, j), a.data() + i * 7 + j);
    }
}

TEST(Array, Rank3RowMajorAndValueInit) {
  hy::array<float, 3> a(3, 5, 2);
  EXPECT_EQ(a.extent(0), 3u);
  EXPECT_EQ(a.extent(1), 5u);
  EXPECT_EQ(a.extent(2), 2u);
  EXPECT_EQ(a.size(), 30u);
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a.data()[i], 0.0f);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 2; ++k)
        EXPECT_EQ(&a(i, j, k), a.data() + (i * 5 + j) * 2 + k);
}

TEST(Array, MixedIndexTypes) {
  hy::array<int, 2> a(3, 3);
  a(std::size_t(1), 2) = 5;
  EXPECT_EQ(a(1LL, short(2)), 5);
  EXPECT_EQ(a(1u, 2ul), 5);
}

TEST(Array, EmptyAndZeroExtent) {
  hy::array<int, 2> def;
  EXPECT_EQ(def.size(), 0u);
  hy::array<int, 2> z(0, 5);
  EXPECT_EQ(z.size(), 0u);
  EXPECT_EQ(z.extent(1), 5u);
}

TEST(Array, FillSetsEveryElement) {
  hy::array<long long, 2> a(3, 4);
  a.fill(-7);
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a.data()[i], -7);
}

TEST(Array, CopyIsDeep) {
  hy::array<int, 2> a(2, 3);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      a(i, j) = i * 3 + j;
  hy::array<int, 2> b(a);
  EXPECT_NE(a.data(), b.data());
  EXPECT_EQ(b.extent(0), 2u);
  EXPECT_EQ(b.extent(1), 3u);
  b(1, 1) = 100;
  EXPECT_EQ(a(1, 1), 4);
  hy::array<int, 2> c(5, 5);
  c = a;
  EXPECT_EQ(c.extent(0), 2u);
  EXPECT_EQ(c.extent(1), 3u);
  EXPECT_EQ(c.size(), 6u);
  EXPECT_NE(c.data(), a.data());
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(c(i, j), a(i, j));
  c = c; // self-assignment keeps the contents
  EXPECT_EQ(c(1, 2), 5);
}

TEST(Array, MoveTransfersStorage) {
  hy::array<float, 1> a(10);
  a(9) = 3.5f;
  const float *p = a.data();
  hy::array<float, 1> b(std::move(a));
  EXPECT_EQ(b.data(), p);
  EXPECT_EQ(b(9), 3.5f);
  EXPECT_EQ(b.size(), 10u);
  hy::array<float, 1> c(2);
  c = std::move(b);
  EXPECT_EQ(c.data(), p);
  EXPECT_EQ(c.size(), 10u);
  EXPECT_EQ(c.extent(0), 10u);
}

// The hook a backend uses for arrays it parked (hy/array.hpp,
// before_host_access): every host accessor calls unpark first, fill() with
// overwrite, and nothing is called while the array is not parked.
struct fake_mirror : hy::detail::mirror_base {
  static int calls, overwrites;
};
int fake_mirror::calls = 0, fake_mirror::overwrites = 0;

TEST(Array, ParkedAccessorsUnparkFirst) {
  hy::array<int, 2> a(3, 4);
  auto m = std::make_unique<fake_mirror>();
  m->unpark = [](const void *owner, bool overwrite) {
    ++fake_mirror::calls;
    fake_mirror::overwrites += overwrite;
    static_cast<const hy::array<int, 2> *>(owner)->hy_mirror()->parked = false;
  };
  fake_mirror *raw = m.get();
  a.hy_set_mirror(std::move(m));
  fake_mirror::calls = fake_mirror::overwrites = 0;
  a(1, 1) = 5;
  EXPECT_EQ(fake_mirror::calls, 0); // not parked: no call
  raw->parked = true;
  a(0, 0) = 1;
  EXPECT_EQ(fake_mirror::calls, 1);
  EXPECT_FALSE(raw->parked.load());
  raw->parked = true;
  const hy::array<int, 2> &c = a;
  EXPECT_EQ(c(1, 1), 5);
  EXPECT_EQ(fake_mirror::calls, 2);
  raw->parked = true;
  EXPECT_NE(a.data(), nullptr);
  EXPECT_EQ(fake_mirror::calls, 3);
  raw->parked = true;
  EXPECT_NE(c.data(), nullptr);
  EXPECT_EQ(fake_mirror::calls, 4);
  raw->parked = true;
  EXPECT_EQ(a.hy_storage(), c.hy_storage()); // the backend's own access: no call
  EXPECT_EQ(fake_mirror::calls, 4);
  a.fill(7);
  EXPECT_EQ(fake_mirror::calls, 5);
  EXPECT_EQ(fake_mirror::overwrites, 1);
  EXPECT_EQ(a(2, 3), 7);
}

TEST(Array, TypeProperties) {
  static_assert(hy::array<int, 3>::rank == 3);
  static_assert(std::is_same_v<hy::array<double, 2>::value_type, double>);
  static_assert(std::is_nothrow_move_constructible_v<hy::array<int, 2>>);
  hy::array<int, 1> a(1);
  EXPECT_EQ(a.hy_mirror(), nullptr);
}

// ------------------------------------------------------------ CPU atomics
constexpr int kIters = 200000;

template <class T> T pick(std::mt19937_64 &rng, int lo, int hi) {
  return static_cast<T>(std::uniform_int_distribution<int>(lo, hi)(rng));
}

template <class T> class AtomicTest : public ::testing::Test {};
using AtomicTypes = ::testing::Types<int, long long, unsigned, float, double>;
TYPED_TEST_SUITE(AtomicTest, AtomicTypes);

TYPED_TEST(AtomicTest, AddUnderContention) {
  using T = TypeParam;
  std::vector<T> v(kIters);
  std::mt19937_64 rng(1);
  for (auto &x : v)
    x = pick<T>(rng, 0, 9); // integer values: every order gives the same sum
  T want = 0;
  for (T x : v)
    want += x;
  T sum = 0;
#pragma omp parallel for
  for (int i = 0; i < kIters; ++i)
    hy::atomic_add(&sum, v[i]);
  EXPECT_EQ(sum, want);
}

// The compare-exchange loop of the non-integer atomics must retry until it
// wins: threads that hammer one variable make it lose often (a loop that
// gave up after one lost race dropped updates here, unseen by the tests
// above, whose updates rarely collide).
#if defined(_OPENMP)
TEST(Atomic, CompareExchangeRetriesUntilItWins) {
  const int threads = std::max(4, omp_get_num_procs());
  constexpr int kEach = 1000000;
  double sum = 0;
  float fsum = 0;
#pragma omp parallel num_threads(threads)
  {
#pragma omp barrier
    for (int i = 0; i < kEach; ++i) {
      hy::atomic_add(&sum, 1.0);
      if (i % 64 == 0)
        hy::atomic_add(&fsum, 1.0f);
    }
  }
  EXPECT_EQ(sum, static_cast<double>(threads) * kEach);
  EXPECT_EQ(fsum, static_cast<float>(threads * ((kEach + 63) / 64)));
}
#endif

TYPED_TEST(AtomicTest, SubUnderContention) {
  using T = TypeParam;
  T acc = static_cast<T>(10 * kIters);
#pragma omp parallel for
  for (int i = 0; i < kIters; ++i)
    hy::atomic_sub(&acc, static_cast<T>(i % 10));
  // sum of i % 10 over kIters (a multiple of 10) = 4.5 * kIters
  EXPECT_EQ(acc, static_cast<T>(10 * kIters - 45 * (kIters / 10)));
}

TYPED_TEST(AtomicTest, MinMaxUnderContention) {
  using T = TypeParam;
  std::vector<T> v(kIters);
  std::mt19937_64 rng(2);
  const int lo = std::is_signed_v<T> ? -1000000 : 0;
  for (auto &x : v)
    x = pick<T>(rng, lo, 1000000);
  T want_min = v[0], want_max = v[0];
  for (T x : v) {
    want_min = x < want_min ? x : want_min;
    want_max = want_max < x ? x : want_max;
  }
  T mn = std::numeric_limits<T>::max(), mx = std::numeric_limits<T>::lowest();
#pragma omp parallel for
  for (int i = 0; i < kIters; ++i) {
    hy::atomic_min(&mn, v[i]);
    hy::atomic_max(&mx, v[i]);
  }
  EXPECT_EQ(mn, want_min);
  EXPECT_EQ(mx, want_max);
}

TYPED_TEST(AtomicTest, MulUnderContention) {
  using T = TypeParam;
  // 20 factors of 2 among ones: the product is exact in every type.
  T prod = 1;
#pragma omp parallel for
  for (int i = 0; i < kIters; ++i)
    hy::atomic_mul(&prod, static_cast<T>(i % 10000 == 0 ? 2 : 1));
  EXPECT_EQ(prod, static_cast<T>(1 << (kIters / 10000)));
}

TYPED_TEST(AtomicTest, LogicalUnderContention) {
  using T = TypeParam;
  T all = 1, any = 0, none = 0;
#pragma omp parallel for
  for (int i = 0; i < kIters; ++i) {
    hy::atomic_land(&all, static_cast<T>(i == kIters / 2 ? 0 : 3));
    hy::atomic_lor(&any, static_cast<T>(i == kIters / 3 ? 5 : 0));
    hy::atomic_lor(&none, static_cast<T>(0));
  }
  EXPECT_EQ(all, T(0));
  EXPECT_EQ(any, T(1));
  EXPECT_EQ(none, T(0));
}

TEST(Atomic, BitwiseUnderContention) {
  unsigned a = ~0u, o = 0u, x = 0u;
  long long xl = 0;
#pragma omp parallel for
  for (int i = 0; i < 32 * 1000; ++i) {
    const int bit = i % 32;
    if (bit % 2 == 1)
      hy::atomic_and(&a, ~(1u << bit)); // clears the odd bits
    if (bit % 3 == 0)
      hy::atomic_or(&o, 1u << bit);
    if (i % 64 == 5)
      hy::atomic_xor(&x, 1u << bit); // 500 times bit 5: even -> stays clear
    if (i < 3)
      hy::atomic_xor(&xl, 1LL << (40 + i));
  }
  unsigned want_o = 0;
  for (int b = 0; b < 32; b += 3)
    want_o |= 1u << b;
  EXPECT_EQ(a, 0x55555555u);
  EXPECT_EQ(o, want_o);
  EXPECT_EQ(x, 0u);
  EXPECT_EQ(xl, (1LL << 40) | (1LL << 41) | (1LL << 42));
}

TEST(Atomic, ManySlotsFloatAdd) {
  // Contention on neighbouring elements of one array (false sharing).
  std::vector<double> slots(7, 0.0);
#pragma omp parallel for
  for (int i = 0; i < kIters; ++i)
    hy::atomic_add(&slots[i % 7], 0.5);
  double total = 0;
  for (double s : slots)
    total += s;
  EXPECT_EQ(total, 0.5 * kIters);
  EXPECT_EQ(slots[0], 0.5 * ((kIters + 6) / 7));
}

TEST(Atomic, RunsWithSeveralThreads) {
  // The contention tests above mean something only with >1 thread.
#if defined(_OPENMP)
  int n = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
  }
  if (omp_get_max_threads() > 1)
    EXPECT_GT(n, 1);
  else
    GTEST_SKIP() << "OpenMP runs one thread here";
#else
  GTEST_SKIP() << "serial build";
#endif
}

} // namespace

// hy::transfers(): zero in a CPU build; the CUDA runtime's counting adds up.
TEST(Transfers, CountsAndSeconds) {
  const hy::transfer_totals a = hy::transfers();
  EXPECT_EQ(a.h2d, 0u);
  EXPECT_EQ(a.d2h, 0u);
  EXPECT_EQ(a.seconds, 0.0);
  hy::detail::count_transfer(true, 400, 1500000000ull);
  hy::detail::count_transfer(false, 100, 500000000ull);
  const hy::transfer_totals b = hy::transfers();
  EXPECT_EQ(b.h2d, 1u);
  EXPECT_EQ(b.h2d_bytes, 400u);
  EXPECT_EQ(b.d2h, 1u);
  EXPECT_EQ(b.d2h_bytes, 100u);
  EXPECT_DOUBLE_EQ(b.seconds, 2.0);
}

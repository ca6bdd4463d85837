// GoogleTest for the CPU side of the runtime for irregular kernels:
// hy::minloc / hy::maxloc (identities, ties, any combine order, an OpenMP
// user reduction), hy::fetch_* (serial meaning; under OpenMP the returned
// values must form one linear history), hy::worklist (pushes from many
// threads, copies, moves, swaps, overflow stops the program) and
// hy::csr_row (random offsets with empty rows, the edge-chunk pattern).
// Part of hy_cpu_runtime_test (OpenMP) and hy_cpu_runtime_test_serial.
#include <hy/hy.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#define HY_TEST_STR2(x) #x
#define HY_TEST_STR(x) HY_TEST_STR2(x)

namespace {

// ------------------------------------------------------------------ config
TEST(Config, HdIsEmptyWithoutNvcc) {
  static_assert(sizeof(HY_TEST_STR(HY_HD)) == 1, "HY_HD must expand to nothing here");
  SUCCEED();
}

template <class T> class BoundsTest : public ::testing::Test {};
using BoundsTypes = ::testing::Types<bool, char, signed char, unsigned char, short,
                                     unsigned short, int, unsigned, long, unsigned long,
                                     long long, unsigned long long, float, double>;
TYPED_TEST_SUITE(BoundsTest, BoundsTypes);
TYPED_TEST(BoundsTest, MatchNumericLimits) {
  using T = TypeParam;
  using L = std::numeric_limits<T>;
  constexpr T hi = hy::detail::highest<T>(), lo = hy::detail::lowest<T>();
  if constexpr (std::is_floating_point_v<T>) {
    EXPECT_EQ(hi, L::infinity());
    EXPECT_EQ(lo, -L::infinity());
  } else {
    EXPECT_EQ(hi, L::max());
    EXPECT_EQ(lo, L::min());
  }
}

// ------------------------------------------------------------ minloc/maxloc
TEST(MinLoc, IdentityAndEmpty) {
  const hy::minloc<float, int> m;
  EXPECT_EQ(m.value, std::numeric_limits<float>::infinity());
  EXPECT_EQ(m.index, INT_MAX);
  EXPECT_TRUE(m.empty());
  const hy::maxloc<int, long long> x;
  EXPECT_EQ(x.value, INT_MIN);
  EXPECT_EQ(x.index, LLONG_MAX);
  EXPECT_TRUE(x.empty());
  hy::minloc<double> d; // index defaults to long long
  static_assert(std::is_same_v<decltype(d.index), long long>);
  d.update(std::numeric_limits<double>::infinity(), 3); // +inf found at 3: not empty
  EXPECT_FALSE(d.empty());
  EXPECT_EQ(d.index, 3);
  constexpr hy::minloc<int, int> c(3, 4);
  static_assert(c.value == 3 && c.index == 4);
}

TEST(MinLoc, LayoutForOneCompareAndSwap) {
  static_assert(sizeof(hy::minloc<float, int>) == 8 && alignof(hy::minloc<float, int>) == 8);
  static_assert(sizeof(hy::minloc<int, short>) == 8 && alignof(hy::minloc<int, short>) == 8);
  static_assert(sizeof(hy::minloc<double, long long>) == 16 &&
                alignof(hy::minloc<double, long long>) == 16);
  static_assert(sizeof(hy::maxloc<float, long long>) == 16 &&
                alignof(hy::maxloc<float, long long>) == 16);
  static_assert(std::is_trivially_copyable_v<hy::minloc<double, int>>);
  static_assert(std::is_trivially_copyable_v<hy::maxloc<unsigned, unsigned>>);
  hy::array<hy::minloc<double, long long>, 1> a(5); // value-initialised: identities
  EXPECT_TRUE(a(4).empty());
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.data()) % 16, 0u);
}

TEST(MinLoc, ComparisonsBreakTiesBySmallestIndex) {
  using M = hy::minloc<int, int>;
  using X = hy::maxloc<int, int>;
  EXPECT_TRUE(M(1, 9) < M(2, 0));
  EXPECT_TRUE(M(1, 3) < M(1, 5));
  EXPECT_FALSE(M(1, 5) < M(1, 3));
  EXPECT_TRUE(X(1, 0) < X(2, 9));
  EXPECT_TRUE(X(2, 5) < X(2, 3)); // the same value at a smaller index is "larger"
  EXPECT_FALSE(X(2, 3) < X(2, 5));
  EXPECT_TRUE(M(1, 2) == M(1, 2));
  EXPECT_TRUE(M(1, 2) != M(1, 3));
  EXPECT_TRUE(X(4, 2) != X(5, 2));
}

// Entries with few distinct values (many ties) at shuffled distinct indices.
struct entry {
  float v;
  int i;
};
std::vector<entry> tied_entries(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::shuffle(idx.begin(), idx.end(), rng);
  std::vector<entry> e(n);
  for (int k = 0; k < n; ++k)
    e[k] = {float(int(rng() % 5) - 2) * 0.5f, idx[k]};
  return e;
}
// Independent reference: best value first, then the smallest index.
entry best_of(const std::vector<entry> &e, bool min) {
  entry b = e[0];
  for (const entry &x : e)
    if ((min ? x.v < b.v : x.v > b.v) || (x.v == b.v && x.i < b.i))
      b = x;
  return b;
}

TEST(MinLoc, UpdateAndAnyCombineOrderAgree) {
  const std::vector<entry> e = tied_entries(1000, 3);
  const entry bmin = best_of(e, true), bmax = best_of(e, false);
  hy::minloc<float, int> m;
  hy::maxloc<float, int> x;
  for (const entry &k : e) {
    m.update(k.v, k.i);
    x.update(k.v, k.i);
  }
  EXPECT_EQ(m.value, bmin.v);
  EXPECT_EQ(m.index, bmin.i);
  EXPECT_EQ(x.value, bmax.v);
  EXPECT_EQ(x.index, bmax.i);
  // The operators' combines (b < a ? b : a, a < b ? b : a) over partial
  // results built in any order give the same pair.
  std::mt19937 rng(9);
  for (int round = 0; round < 50; ++round) {
    std::vector<entry> s = e;
    std::shuffle(s.begin(), s.end(), rng);
    hy::minloc<float, int> cm;
    hy::maxloc<float, int> cx;
    for (std::size_t k = 0; k < s.size(); k += 7) {
      hy::minloc<float, int> pm;
      hy::maxloc<float, int> px;
      for (std::size_t j = k; j < std::min(s.size(), k + 7); ++j) {
        pm.update(s[j].v, s[j].i);
        px.update(s[j].v, s[j].i);
      }
      cm = pm < cm ? pm : cm;
      cx = cx < px ? px : cx;
    }
    ASSERT_EQ(cm, m) << "round " << round;
    ASSERT_EQ(cx, x) << "round " << round;
  }
}

#if defined(_OPENMP)
using ml = hy::minloc<float, int>;
using xl = hy::maxloc<float, int>;
#pragma omp declare reduction(hymin : ml : omp_out = omp_in < omp_out ? omp_in : omp_out) \
    initializer(omp_priv = ml())
#pragma omp declare reduction(hymax : xl : omp_out = omp_out < omp_in ? omp_in : omp_out) \
    initializer(omp_priv = xl())
#endif

TEST(MinLoc, OpenMPUserReduction) {
  const std::vector<entry> e = tied_entries(200000, 4);
  const entry bmin = best_of(e, true), bmax = best_of(e, false);
  hy::minloc<float, int> m;
  hy::maxloc<float, int> x;
  const int n = static_cast<int>(e.size());
#if defined(_OPENMP)
#pragma omp parallel for reduction(hymin : m) reduction(hymax : x)
#endif
  for (int k = 0; k < n; ++k) {
    m.update(e[k].v, e[k].i);
    x.update(e[k].v, e[k].i);
  }
  EXPECT_EQ(m, (hy::minloc<float, int>(bmin.v, bmin.i)));
  EXPECT_EQ(x, (hy::maxloc<float, int>(bmax.v, bmax.i)));
}

// ---------------------------------------------------------------- fetch_*
TEST(Fetch, SerialMeaning) {
  int a = 10;
  EXPECT_EQ(hy::fetch_add(a, 5), 10);
  EXPECT_EQ(a, 15);
  EXPECT_EQ(hy::fetch_add(a, 2.9), 15); // the value converts to int first: + 2
  EXPECT_EQ(a, 17);
  EXPECT_EQ(hy::fetch_min(a, 20), 17);
  EXPECT_EQ(a, 17);
  EXPECT_EQ(hy::fetch_min(a, -3), 17);
  EXPECT_EQ(a, -3);
  EXPECT_EQ(hy::fetch_max(a, -8), -3);
  EXPECT_EQ(a, -3);
  EXPECT_EQ(hy::fetch_max(a, 40), -3);
  EXPECT_EQ(a, 40);
  unsigned u = 0xF0u;
  EXPECT_EQ(hy::fetch_and(u, 0x3Cu), 0xF0u);
  EXPECT_EQ(u, 0x30u);
  EXPECT_EQ(hy::fetch_or(u, 0x03u), 0x30u);
  EXPECT_EQ(u, 0x33u);
  EXPECT_EQ(hy::fetch_xor(u, 0xFFu), 0x33u);
  EXPECT_EQ(u, 0xCCu);
  double d = 1.5;
  EXPECT_EQ(hy::fetch_add(d, -4), 1.5);
  EXPECT_EQ(d, -2.5);
  EXPECT_EQ(hy::fetch_min(d, -2.25), -2.5);
  EXPECT_EQ(hy::fetch_max(d, -2.25), -2.5);
  EXPECT_EQ(d, -2.25);
  long long big = LLONG_MIN;
  EXPECT_EQ(hy::fetch_max(big, -1), LLONG_MIN);
  EXPECT_EQ(big, -1);
}

template <class T> class FetchTest : public ::testing::Test {};
using FetchTypes = ::testing::Types<int, unsigned, long long, float, double>;
TYPED_TEST_SUITE(FetchTest, FetchTypes);

constexpr int kUpdates = 100000;

// Adding 1 from every iteration: the old values are 0 .. n-1, each once.
TYPED_TEST(FetchTest, AddReturnsEveryIntermediateValueOnce) {
  using T = TypeParam;
  T slot = 0;
  std::vector<T> olds(kUpdates);
#pragma omp parallel for
  for (int i = 0; i < kUpdates; ++i)
    olds[i] = hy::fetch_add(slot, 1);
  EXPECT_EQ(slot, T(kUpdates));
  std::sort(olds.begin(), olds.end());
  for (int i = 0; i < kUpdates; ++i)
    ASSERT_EQ(olds[i], T(i));
}

// Distinct values: the iterations that improved the slot (old worse than
// their value) form one chain from the start value to the best one, each
// replacing the previous; the others saw a value of that chain.
template <bool Min, class T> void check_min_max_history() {
  std::vector<T> vals(kUpdates), olds(kUpdates);
  std::vector<int> perm(kUpdates);
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), std::mt19937(Min ? 1 : 2));
  for (int i = 0; i < kUpdates; ++i)
    vals[i] = std::is_signed_v<T> ? T(perm[i] - kUpdates / 2) : T(perm[i]);
  const T init = std::is_signed_v<T> ? T(0) : T(kUpdates / 2);
  T slot = init;
#pragma omp parallel for
  for (int i = 0; i < kUpdates; ++i)
    olds[i] = Min ? hy::fetch_min(slot, vals[i]) : hy::fetch_max(slot, vals[i]);
  auto better = [](T a, T b) { return Min ? a < b : b < a; };
  std::vector<int> claimed;
  for (int i = 0; i < kUpdates; ++i)
    if (better(vals[i], olds[i]))
      claimed.push_back(i);
  std::sort(claimed.begin(), claimed.end(),
            [&](int a, int b) { return better(vals[b], vals[a]); });
  std::vector<T> chain{init};
  for (int c : claimed) {
    ASSERT_EQ(olds[c], chain.back()) << "iteration " << c;
    chain.push_back(vals[c]);
  }
  const T best = Min ? *std::min_element(vals.begin(), vals.end())
                     : *std::max_element(vals.begin(), vals.end());
  EXPECT_EQ(slot, best);
  EXPECT_EQ(chain.back(), best);
  std::sort(chain.begin(), chain.end());
  for (int i = 0; i < kUpdates; ++i)
    ASSERT_TRUE(std::binary_search(chain.begin(), chain.end(), olds[i])) << "iteration " << i;
}
TYPED_TEST(FetchTest, MinHistoryIsLinear) { check_min_max_history<true, TypeParam>(); }
TYPED_TEST(FetchTest, MaxHistoryIsLinear) { check_min_max_history<false, TypeParam>(); }

// One iteration per bit sets / clears / toggles its bit: the bits changed
// before each (old ^ start) are those of the iterations before it.
template <class T, class F> void check_bit_history(T start, F op, bool clear) {
  using U = std::make_unsigned_t<T>;
  constexpr int B = int(sizeof(T) * 8);
  for (int round = 0; round < 200; ++round) {
    T slot = start;
    std::vector<T> olds(B);
#pragma omp parallel for
    for (int b = 0; b < B; ++b) {
      const U one = static_cast<U>(U(1) << b);
      olds[b] = op(slot, static_cast<T>(clear ? static_cast<U>(~one) : one));
    }
    std::vector<std::pair<int, int>> order;
    for (int b = 0; b < B; ++b)
      order.push_back(
          {__builtin_popcountll(static_cast<unsigned long long>(
               static_cast<U>(static_cast<U>(olds[b]) ^ static_cast<U>(start)))),
           b});
    std::sort(order.begin(), order.end());
    U seen = 0;
    for (int j = 0; j < B; ++j) {
      const int b = order[j].second;
      ASSERT_EQ(order[j].first, j);
      ASSERT_EQ(static_cast<U>(static_cast<U>(olds[b]) ^ static_cast<U>(start)), seen);
      seen = static_cast<U>(seen | (U(1) << b));
    }
    ASSERT_EQ(static_cast<U>(slot), static_cast<U>(static_cast<U>(start) ^ static_cast<U>(~U(0))));
  }
}
TEST(Fetch, BitwiseHistoriesAreLinear) {
  check_bit_history<unsigned>(0u, [](unsigned &a, unsigned v) { return hy::fetch_or(a, v); }, false);
  check_bit_history<int>(-1, [](int &a, int v) { return hy::fetch_and(a, v); }, true);
  check_bit_history<long long>(0x5A5A5A5A5A5A5A5ALL,
                               [](long long &a, long long v) { return hy::fetch_xor(a, v); },
                               false);
}

// -------------------------------------------------------------- worklists
TEST(Worklist, PushSizeIndexClear) {
  hy::worklist<int> w(5);
  EXPECT_EQ(w.capacity(), 5u);
  EXPECT_EQ(w.size(), 0u);
  EXPECT_TRUE(w.empty());
  EXPECT_EQ(w.hy_mirror(), nullptr);
  for (int i = 1; i <= 5; ++i)
    w.push(i * 10);
  EXPECT_EQ(w.size(), 5u);
  EXPECT_EQ(w(0), 10);
  EXPECT_EQ(w[4], 50);
  EXPECT_EQ(w.data()[2], 30);
  EXPECT_EQ(std::accumulate(w.begin(), w.end(), 0), 150);
  w[1] = 7;
  EXPECT_EQ(w(1), 7);
  w.clear();
  EXPECT_EQ(w.size(), 0u);
  EXPECT_EQ(w.begin(), w.end());
  w.push(3);
  EXPECT_EQ(w[0], 3);
  w.hy_set_size(4); // what the CUDA runtime does after reading the device count
  EXPECT_EQ(w.size(), 4u);
  const hy::worklist<int> def;
  EXPECT_EQ(def.capacity(), 0u);
}

TEST(Worklist, ConcurrentPushesKeepEveryItem) {
  const int n = 200000;
  hy::worklist<long long> w(n * 3);
#pragma omp parallel for schedule(dynamic, 61)
  for (int i = 0; i < n; ++i) {
    if (i % 3 != 0)
      w.push(i);
    for (int j = 0; j < i % 4; ++j)
      w.push(-(4LL * i + j));
  }
  std::vector<long long> want;
  for (int i = 0; i < n; ++i) {
    if (i % 3 != 0)
      want.push_back(i);
    for (int j = 0; j < i % 4; ++j)
      want.push_back(-(4LL * i + j));
  }
  std::vector<long long> got(w.begin(), w.end());
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

// OpenMP pushes wait in per-thread buffers until the list is read: every
// kind of read after the region sees every item (size, items, iteration,
// a copy, a move, a swap, and a size read by many threads of the next
// region at once); clear() drops what is buffered.
TEST(Worklist, BufferedPushesReachEveryReader) {
  const int n = 1000; // fewer than a buffer per thread for some threads
  auto fill = [](hy::worklist<int> &w, int count) {
#pragma omp parallel for schedule(static, 7)
    for (int i = 0; i < count; ++i)
      w.push(i);
  };
  auto sorted = [](const hy::worklist<int> &w) {
    std::vector<int> v(w.begin(), w.end());
    std::sort(v.begin(), v.end());
    return v;
  };
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = i;
  hy::worklist<int> a(n);
  fill(a, n);
  long long seen = 0;
#pragma omp parallel for reduction(+ : seen)
  for (int t = 0; t < 64; ++t)
    seen += static_cast<long long>(a.size()); // drained once, read by all
  EXPECT_EQ(seen, 64LL * n);
  EXPECT_EQ(sorted(a), want);
  hy::worklist<int> b(n);
  fill(b, 5);
  hy::worklist<int> c(b); // a copy drains the original first
  EXPECT_EQ(c.size(), 5u);
  hy::worklist<int> d(n);
  fill(d, n);
  hy::worklist<int> e(std::move(d));
  EXPECT_EQ(sorted(e), want);
  hy::worklist<int> f(n), g(n);
  fill(f, n);
  std::swap(f, g);
  EXPECT_EQ(f.size(), 0u);
  EXPECT_EQ(sorted(g), want);
  g.clear();
  fill(g, 3);
  g.clear(); // drops the buffered items too
  EXPECT_EQ(g.size(), 0u);
  fill(g, 2);
  EXPECT_EQ(g.size(), 2u);
  EXPECT_EQ(g(0) + g(1), 1);
}

TEST(Worklist, CopiesMovesAndSwaps) {
  hy::worklist<double> a(8);
  a.push(1.5);
  a.push(2.5);
  hy::worklist<double> b(a); // deep
  EXPECT_NE(a.data(), b.data());
  b[0] = 9.0;
  EXPECT_EQ(a[0], 1.5);
  EXPECT_EQ(b.size(), 2u);
  EXPECT_EQ(b.capacity(), 8u);
  hy::worklist<double> c(3);
  c = a;
  EXPECT_EQ(c.capacity(), 8u);
  EXPECT_EQ(c.size(), 2u);
  EXPECT_EQ(c[1], 2.5);
  c = c;
  EXPECT_EQ(c[1], 2.5);
  const double *pa = a.data();
  hy::worklist<double> d(std::move(a));
  EXPECT_EQ(d.data(), pa);
  EXPECT_EQ(d.size(), 2u);
  EXPECT_EQ(a.size(), 0u);
  EXPECT_EQ(a.capacity(), 0u);
  hy::worklist<double> e(1);
  e = std::move(d);
  EXPECT_EQ(e.data(), pa);
  EXPECT_EQ(e.size(), 2u);
  // std::swap moves no items: the buffers change owners.
  hy::worklist<double> f(4);
  f.push(-1.0);
  const double *pf = f.data();
  std::swap(e, f);
  EXPECT_EQ(e.data(), pf);
  EXPECT_EQ(f.data(), pa);
  EXPECT_EQ(e.size(), 1u);
  EXPECT_EQ(f.size(), 2u);
  EXPECT_EQ(e.capacity(), 4u);
  static_assert(std::is_nothrow_move_constructible_v<hy::worklist<int>>);
  static_assert(std::is_nothrow_move_assignable_v<hy::worklist<int>>);
}

// Member swap (docs/language.md promised it): no items move, the buffers,
// counts and capacities change owners; buffered OpenMP pushes are in the
// list first. front(), back() and at() read it as std::vector's would.
TEST(Worklist, MemberSwapAndAccessors) {
  hy::worklist<int> a(8), b(3);
  a.push(4);
  a.push(5);
  a.push(6);
  b.push(-1);
  const int *pa = a.data(), *pb = b.data();
  a.swap(b);
  EXPECT_EQ(a.data(), pb);
  EXPECT_EQ(b.data(), pa);
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(a.capacity(), 3u);
  EXPECT_EQ(b.size(), 3u);
  EXPECT_EQ(b.capacity(), 8u);
  EXPECT_EQ(b.front(), 4);
  EXPECT_EQ(b.back(), 6);
  EXPECT_EQ(b.at(1), 5);
  EXPECT_THROW((void)b.at(3), std::out_of_range);
  swap(a, b); // found by argument-dependent lookup
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a.front(), 4);
  EXPECT_FALSE(a.empty());
  static_assert(noexcept(a.swap(b)));
}

TEST(Array, MemberSwap) {
  hy::array<float, 2> a(2, 3), b(4, 1);
  a(1, 2) = 7.f;
  b(3, 0) = 9.f;
  const float *pa = a.data(), *pb = b.data();
  a.swap(b);
  EXPECT_EQ(a.data(), pb);
  EXPECT_EQ(b.data(), pa);
  EXPECT_EQ(a.extent(0), 4u);
  EXPECT_EQ(a.extent(1), 1u);
  EXPECT_EQ(a.size(), 4u);
  EXPECT_EQ(b.extent(0), 2u);
  EXPECT_EQ(b(1, 2), 7.f);
  EXPECT_EQ(a(3, 0), 9.f);
  swap(a, b);
  EXPECT_EQ(a(1, 2), 7.f);
  static_assert(noexcept(a.swap(b)));
}

void push_from_threads(hy::worklist<int> &w, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    w.push(i);
}

TEST(WorklistDeathTest, OverflowStopsNamingTheCapacity) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        hy::worklist<int> w(3);
        for (int i = 0; i < 4; ++i)
          w.push(i);
      },
      "hy: error: worklist overflow: 4 items pushed into a worklist of capacity 3");
  EXPECT_DEATH(
      {
        hy::worklist<int> w(100);
        push_from_threads(w, 1000);
      },
      "hy: error: worklist overflow: [0-9]+ items pushed into a worklist of capacity 100");
  EXPECT_DEATH(
      {
        hy::worklist<int> w;
        w.push(1);
      },
      "capacity 0");
  // Too many pushes are an error even when clear() would drop them (OpenMP
  // keeps them in per-thread buffers until a read or the clear).
  EXPECT_DEATH(
      {
        hy::worklist<int> w(3);
        push_from_threads(w, 10);
        w.clear();
      },
      "hy: error: worklist overflow: 10 items pushed into a worklist of capacity 3|"
      "hy: error: worklist overflow: 4 items pushed into a worklist of capacity 3");
}

// ---------------------------------------------------------------- csr_row
template <class I> std::vector<I> random_offsets(int rows, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<I> off(rows + 1, 0);
  for (int r = 0; r < rows; ++r) {
    const bool empty = r < 3 || r >= rows - 3 || rng() % 10 < 4;
    off[r + 1] = off[r] + (empty ? 0 : I(1 + rng() % 20));
  }
  return off;
}

TEST(CsrRow, RandomOffsetsWithEmptyRows) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const std::vector<long long> offv = random_offsets<long long>(3000, seed);
    hy::array<int, 1> offa(offv.size());
    for (std::size_t i = 0; i < offv.size(); ++i)
      offa(i) = static_cast<int>(offv[i]);
    for (int r = 0; r + 1 < static_cast<int>(offv.size()); ++r)
      for (long long e = offv[r]; e < offv[r + 1]; ++e) {
        ASSERT_EQ(hy::csr_row(offv, e), r) << "edge " << e;
        ASSERT_EQ(hy::csr_row(offa, static_cast<int>(e)), r) << "edge " << e;
      }
  }
}

// The first rows + 1 offsets of a longer array: the entries after them (here
// smaller and larger values) do not matter.
TEST(CsrRow, FirstRowsOfALongerArray) {
  const std::vector<long long> offv = random_offsets<long long>(500, 7);
  const int rows = 300;
  std::vector<long long> longer(offv.begin(), offv.begin() + rows + 1);
  for (int k = 0; k < 200; ++k)
    longer.push_back(k % 2 ? -5 : 1LL << 40);
  for (int r = 0; r < rows; ++r)
    for (long long e = offv[r]; e < offv[r + 1]; ++e)
      ASSERT_EQ(hy::csr_row(longer, rows, e), r) << "edge " << e;
}

TEST(CsrRow, SmallShapes) {
  const std::vector<int> one{0, 4};
  for (int e = 0; e < 4; ++e)
    EXPECT_EQ(hy::csr_row(one, e), 0);
  const std::vector<int> lonely{0, 0, 0, 2, 2, 2}; // only row 2 has entries
  EXPECT_EQ(hy::csr_row(lonely, 0), 2);
  EXPECT_EQ(hy::csr_row(lonely, 1), 2);
  const std::vector<unsigned> first{5, 6, 6, 9}; // offsets need not start at 0
  EXPECT_EQ(hy::csr_row(first, 5u), 0);
  EXPECT_EQ(hy::csr_row(first, 6u), 2);
  EXPECT_EQ(hy::csr_row(first, 8u), 2);
}

// The edge-parallel pattern: chunks of K edges, one search per chunk, then
// a walk forward; every row's degree comes out.
TEST(CsrRow, EdgeChunksCountEveryRow) {
  const std::vector<int> off = random_offsets<int>(5000, 7);
  const long long m = off.back();
  for (int K : {1, 5, 64}) {
    std::vector<int> deg(off.size() - 1, 0);
    const long long chunks = (m + K - 1) / K;
#pragma omp parallel for
    for (long long c = 0; c < chunks; ++c) {
      const long long first = c * K, last = std::min(m, first + K);
      long long r = hy::csr_row(off, first);
      for (long long e = first; e < last; ++e) {
        while (e >= off[r + 1])
          ++r;
        hy::atomic_add(&deg[r], 1);
      }
    }
    for (std::size_t r = 0; r + 1 < off.size(); ++r)
      ASSERT_EQ(deg[r], off[r + 1] - off[r]) << "K " << K << " row " << r;
  }
}

} // namespace

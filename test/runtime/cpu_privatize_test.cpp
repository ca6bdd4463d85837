// GoogleTest for hy::privatize (hy/privatize.hpp), the OpenMP form of an
// array reduction that the loop only updates: the mode chosen from the
// array's size, the team and the trip count (plain updates on one thread,
// per-thread copies for small arrays, atomics for large ones), and the
// values after the copies are combined, for every operator, with the same
// code the OpenMP target prints around a loop.
#include <hy/hy.hpp>

#include "privatize_loop.hpp"

#include <gtest/gtest.h>
#if defined(_OPENMP)
#include <omp.h>
#endif

#include <vector>

namespace {

using Mode = hy::privatize_mode;

int teamSize() {
#if defined(_OPENMP)
  return omp_get_max_threads();
#else
  return 1;
#endif
}

// The shape hyc prints (privatize_loop.hpp).
template <class Op, class A, class F> Mode runLoop(A &a, long long trips, F update) {
  return hy_test::runPrivatizedLoop<Op>(a, trips, update);
}

TEST(Privatize, ModeFollowsSizeTeamAndTrips) {
  std::vector<int> small(64), medium(std::size_t(1) << 17), large(std::size_t(1) << 21);
  int threads = teamSize();
  auto mode = [&](std::vector<int> &v, long long trips) {
    return hy::privatize<hy::ops::add>(v, trips).chosen();
  };
  if (threads == 1) {
    EXPECT_EQ(mode(small, 1 << 20), Mode::direct);
    EXPECT_EQ(mode(large, 1 << 20), Mode::direct);
    return;
  }
  EXPECT_EQ(mode(small, 1 << 20), Mode::copies);
  // Copies of 256 KiB in all or less are made whatever the trips: a trip
  // may update many elements (a CSR row), and combining them is cheap.
  EXPECT_EQ(mode(small, 4), Mode::copies);
  EXPECT_EQ(mode(medium, 1 << 20), Mode::copies);
  EXPECT_EQ(mode(medium, 4), Mode::atomics); // 512 KiB a copy: more combining than updating
  EXPECT_EQ(mode(large, 1LL << 30), Mode::atomics); // 8 MiB per copy: too large
}

TEST(Privatize, HistogramEqualsSerialCount) {
  for (int bins : {1, 7, 256, 70000}) {
    const long long n = 200000;
    hy::array<long long, 1> h(bins);
    h(0) = 5; // the loop adds to what is there
    runLoop<hy::ops::add>(h, n, [&](auto &mine, long long i) {
      mine.update(&h((i * 2654435761LL) % bins), 1);
    });
    std::vector<long long> want(bins, 0);
    want[0] = 5;
    for (long long i = 0; i < n; ++i)
      ++want[(i * 2654435761LL) % bins];
    for (int b = 0; b < bins; ++b)
      ASSERT_EQ(h(b), want[b]) << "bins " << bins << " bin " << b;
  }
}

TEST(Privatize, EveryOperator) {
  const long long n = 5000;
  auto key = [](long long i) { return static_cast<int>((i * 7919) % 13); };
  auto value = [](long long i) { return static_cast<int>((i * 104729) % 1000) - 500; };
  std::vector<int> mn(13, 1 << 20), mx(13, -(1 << 20)), band(13, -1), bor(13, 0), bxor(13, 0);
  std::vector<double> mul(13, 1.0);
  std::vector<int> land(13, 1), lor(13, 0);
  runLoop<hy::ops::min>(mn, n, [&](auto &m, long long i) { m.update(&mn[key(i)], value(i)); });
  runLoop<hy::ops::max>(mx, n, [&](auto &m, long long i) { m.update(&mx[key(i)], value(i)); });
  runLoop<hy::ops::band>(band, n, [&](auto &m, long long i) { m.update(&band[key(i)], ~(1 << (i % 20))); });
  runLoop<hy::ops::bor>(bor, n, [&](auto &m, long long i) { m.update(&bor[key(i)], 1 << (i % 20)); });
  runLoop<hy::ops::bxor>(bxor, n, [&](auto &m, long long i) { m.update(&bxor[key(i)], value(i)); });
  runLoop<hy::ops::mul>(mul, 64, [&](auto &m, long long i) { m.update(&mul[key(i)], 2.0); });
  runLoop<hy::ops::land>(land, n, [&](auto &m, long long i) { m.update(&land[key(i)], value(i) != -500); });
  runLoop<hy::ops::lor>(lor, n, [&](auto &m, long long i) { m.update(&lor[key(i)], value(i) == 499); });
  std::vector<int> wmn(13, 1 << 20), wmx(13, -(1 << 20)), wband(13, -1), wbor(13, 0),
      wbxor(13, 0), wland(13, 1), wlor(13, 0);
  std::vector<double> wmul(13, 1.0);
  for (long long i = 0; i < n; ++i) {
    int k = key(i), v = value(i);
    wmn[k] = std::min(wmn[k], v);
    wmx[k] = std::max(wmx[k], v);
    wband[k] &= ~(1 << (i % 20));
    wbor[k] |= 1 << (i % 20);
    wbxor[k] ^= v;
    wland[k] = wland[k] && v != -500;
    wlor[k] = wlor[k] || v == 499;
    if (i < 64)
      wmul[k] *= 2.0;
  }
  EXPECT_EQ(mn, wmn);
  EXPECT_EQ(mx, wmx);
  EXPECT_EQ(band, wband);
  EXPECT_EQ(bor, wbor);
  EXPECT_EQ(bxor, wbxor);
  EXPECT_EQ(mul, wmul);
  EXPECT_EQ(land, wland);
  EXPECT_EQ(lor, wlor);
}

} // namespace

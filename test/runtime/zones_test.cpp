// hy::zones (runtime/include/hy/zones.hpp): the zone loop's split and the
// combination of its reduction variables; hy::zones::grid's gathers. Built twice: with MPI (run by
// ctest under mpirun -np 2 and -np 3; every rank runs every test and must
// see the serial result) and without (one zone).
#include <hy/hy.hpp>
#include <hy/zones.hpp>
#include <hy/zones_grid.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace z = hy::zones;

namespace {

// Every iteration runs in exactly one zone, cyclically.
TEST(Zones, TakeIsCyclicAndCoversEveryIteration) {
  const z::place &p = z::init();
  ASSERT_GE(p.size, 1);
  ASSERT_LT(p.rank, p.size);
  ASSERT_LT(p.local_rank, p.local_size);
  z::loop zl;
  hy::array<int, 1> runs(23);
  for (int i = 0; i < 23; ++i)
    if (zl.take()) {
      EXPECT_EQ(i % p.size, p.rank);
      runs(i) += 1;
    }
  zl.finish(z::op::add, runs);
  for (int i = 0; i < 23; ++i)
    EXPECT_EQ(runs(i), 1) << "iteration " << i;
}

// A scalar reduction keeps its value from before the loop exactly once.
TEST(Zones, ScalarReductionsEqualTheSerialLoop) {
  long long sum = 7, prod = 3;
  double lo = 1e9, hi = -1e9;
  int bits = 0x100, any = 0, all = 1;
  unsigned x = 0xF0u;
  z::loop zl;
  zl.start(z::op::add, sum);
  zl.start(z::op::mul, prod);
  zl.start(z::op::min, lo);
  zl.start(z::op::max, hi);
  zl.start(z::op::bor, bits);
  zl.start(z::op::lor, any);
  zl.start(z::op::land, all);
  zl.start(z::op::bxor, x);
  for (int i = 0; i < 40; ++i) {
    if (!zl.take())
      continue;
    sum += i;
    if (i % 13 == 1)
      prod *= 2;
    lo = std::min(lo, 100.0 - i * 0.5);
    hi = std::max(hi, i * 0.25);
    bits |= 1 << (i % 8);
    any = any || i == 37;
    all = all && i < 100;
    x ^= static_cast<unsigned>(i);
  }
  zl.finish(z::op::add, sum);
  zl.finish(z::op::mul, prod);
  zl.finish(z::op::min, lo);
  zl.finish(z::op::max, hi);
  zl.finish(z::op::bor, bits);
  zl.finish(z::op::lor, any);
  zl.finish(z::op::land, all);
  zl.finish(z::op::bxor, x);
  unsigned xs = 0xF0u;
  for (int i = 0; i < 40; ++i)
    xs ^= static_cast<unsigned>(i);
  EXPECT_EQ(sum, 7 + 40 * 39 / 2);
  EXPECT_EQ(prod, 3 * 8); // i = 1, 14, 27
  EXPECT_EQ(lo, 100.0 - 39 * 0.5);
  EXPECT_EQ(hi, 39 * 0.25);
  EXPECT_EQ(bits, 0x1FF);
  EXPECT_EQ(any, 1);
  EXPECT_EQ(all, 1);
  EXPECT_EQ(x, xs);
}

// Arrays and vectors: element-wise, the starting contents counted once.
TEST(Zones, ArrayReductionsEqualTheSerialLoop) {
  hy::array<double, 2> a(4, 5);
  std::vector<int> m(6, 50);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      a(i, j) = i * 10 + j;
  z::loop zl;
  zl.start(z::op::add, a);
  zl.start(z::op::min, m);
  for (int s = 0; s < 17; ++s) {
    if (!zl.take())
      continue;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j)
        a(i, j) += s * 0.5;
    m[s % 6] = std::min(m[s % 6], 40 - s);
  }
  zl.finish(z::op::add, a);
  zl.finish(z::op::min, m);
  const double added = 0.5 * (17 * 16 / 2);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      EXPECT_EQ(a(i, j), i * 10 + j + added);
  // 40 - s for the largest s of each residue: 12..16 -> 28..24, 11 -> 29.
  const int expect[6] = {28, 27, 26, 25, 24, 29};
  for (int r = 0; r < 6; ++r)
    EXPECT_EQ(m[r], expect[r]) << "element " << r;
}

// Rows written by the zone that owns their iteration reach every zone.
TEST(Zones, GatherRowsCompletesEveryZonesCopy) {
  hy::array<int, 2> d(9, 3); // rows 1..7 are computed, 0 and 8 kept
  d.fill(-1);
  z::loop zl;
  for (int r = 1; r < 8; ++r)
    if (zl.take())
      for (int j = 0; j < 3; ++j)
        d(r, j) = r * 100 + j;
  z::gather_rows(d, 1, 7);
  for (int r = 0; r < 9; ++r)
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(d(r, j), r == 0 || r == 8 ? -1 : r * 100 + j) << r << "," << j;
}

// fw --grid's read-back (hy::zones::grid, zones_grid.hpp): each zone holds
// its blocks of a 2-D block-cyclic matrix, packed; zone 0 receives every
// block row whole and in order, whatever the grid (1 x P; 2 x 1 with 2
// ranks, rows split unevenly: 5 block rows over the zones).
TEST(Zones, GridGathersEveryBlockRowIntoZoneZero) {
  for (int rows : {0, z::init().size}) {
    const z::grid g(rows);
    const int nb = 5, S = 2, n = nb * S;
    hy::array<int, 2> local(static_cast<std::size_t>(g.local_rows(nb)) * S,
                            static_cast<std::size_t>(g.local_cols(nb)) * S);
    for (int i = 0; i < g.local_rows(nb); ++i)
      for (int j = 0; j < g.local_cols(nb); ++j)
        for (int y = 0; y < S; ++y)
          for (int x = 0; x < S; ++x)
            local(i * S + y, j * S + x) = ((g.row() + i * g.rows()) * S + y) * 1000 + (g.col() + j * g.cols()) * S + x;
    std::vector<int> strip;
    for (int I = 0; I < nb; ++I) {
      g.gather_block_row(local, I, nb, S, strip);
      if (!z::leader())
        continue;
      ASSERT_EQ(strip.size(), static_cast<std::size_t>(S) * n);
      for (int y = 0; y < S; ++y)
        for (int x = 0; x < n; ++x)
          EXPECT_EQ(strip[y * n + x], (I * S + y) * 1000 + x) << "grid " << g.rows() << " x " << g.cols()
                                                             << ", block row " << I;
    }
  }
}

// One value per zone, in zone order, in zone 0 only.
TEST(Zones, GridGathersOneValuePerZone) {
  const z::place &p = z::init();
  const std::vector<long long> all = z::grid::gather_values(10LL * p.rank + 1);
  if (p.rank != 0) {
    EXPECT_TRUE(all.empty());
    return;
  }
  ASSERT_EQ(all.size(), static_cast<std::size_t>(p.size));
  for (int r = 0; r < p.size; ++r)
    EXPECT_EQ(all[r], 10LL * r + 1);
}

TEST(Zones, DevicesFromTheEnvironment) {
  unsetenv("HY_DEVICES");
  EXPECT_EQ(z::devices(3), (std::vector<int>{0, 1, 2}));
  setenv("HY_DEVICES", "2,0", 1);
  EXPECT_EQ(z::devices(3), (std::vector<int>{2, 0}));
  EXPECT_EQ(z::device_of(0, z::devices(3)), 2);
  EXPECT_EQ(z::device_of(3, z::devices(3)), 0);
  unsetenv("HY_DEVICES");
  EXPECT_EQ(z::device_of(0, {}), -1);
}

// Without MPI only: a forked death-test child must not abort the MPI job.
#if !defined(HY_MPI)
TEST(ZonesDeath, NestedZoneLoopStops) {
  EXPECT_EXIT(
      {
        z::loop outer;
        z::loop inner;
      },
      ::testing::ExitedWithCode(1), "runs inside another zone loop; zones are one level");
}

TEST(ZonesDeath, BadDeviceListStops) {
  EXPECT_EXIT(
      {
        setenv("HY_DEVICES", "0,x", 1);
        z::devices(2);
      },
      ::testing::ExitedWithCode(1), "HY_DEVICES='0,x': 'x' is not a device number below 2");
}
#endif

} // namespace

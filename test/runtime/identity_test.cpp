// GoogleTest: every reduction operator's identity, for every type the
// operator takes, with values of every sign and the type's extremes. An
// identity is what a per-thread copy (hy::privatize, hy::scan_parts) and a
// zone's copy (hy::zones) start from, so a wrong one changes results only
// where no value beats it (a max over negative values, an '&' of any
// value): e = identity, then e OP x == x for every x. Also the whole
// privatized loop over all-negative and all-positive values.
#include <hy/hy.hpp>
#include <hy/zones.hpp>

#include "privatize_loop.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

template <class T> std::vector<T> samples() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {T(0), T(1), T(2), T(7), T(100), L::max(), L::lowest()};
  if constexpr (std::is_signed_v<T>)
    for (T x : {T(-1), T(-2), T(-7), T(-100), T(L::lowest() + T(1))})
      v.push_back(x);
  if constexpr (!std::is_integral_v<T>)
    for (T x : {T(0.5), T(-0.5), L::min(), T(-L::min()), L::infinity(), -L::infinity()})
      v.push_back(x);
  return v;
}

// The serial meaning of each operator: what the identity must leave alone.
template <class T> T serial(hy::zones::op o, T a, T b) {
  using z = hy::zones::op;
  switch (o) {
  case z::add: return T(a + b);
  case z::mul: return T(a * b);
  case z::min: return b < a ? b : a;
  case z::max: return a < b ? b : a;
  case z::land: return T(a && b);
  case z::lor: return T(a || b);
  case z::band: if constexpr (std::is_integral_v<T>) return T(a & b); else return b;
  case z::bor: if constexpr (std::is_integral_v<T>) return T(a | b); else return b;
  case z::bxor: if constexpr (std::is_integral_v<T>) return T(a ^ b); else return b;
  }
  return b;
}

// x as the operator leaves it when combined with the identity: the truth
// value for && and ||.
template <class T> T expected(hy::zones::op o, T x) {
  return o == hy::zones::op::land || o == hy::zones::op::lor ? T(x != T(0)) : x;
}

template <class Op, class T> void checkCpuOp(hy::zones::op o, const char *name) {
  for (T x : samples<T>()) {
    if constexpr (!std::is_integral_v<T>)
      if ((o == hy::zones::op::add || o == hy::zones::op::mul) && std::isinf(x))
        continue; // inf + 0 and inf * 1 are inf: checked, but -0.0 below is not
    T a = Op::template identity<T>();
    Op::apply(a, x);
    EXPECT_EQ(a, expected(o, x)) << name << " identity then " << +x;
    EXPECT_EQ(serial(o, Op::template identity<T>(), x), expected(o, x)) << name << " on " << +x;
  }
}

template <class T> class Identity : public ::testing::Test {};
using Types = ::testing::Types<int, long long, unsigned, unsigned long long, short, signed char,
                               float, double>;
TYPED_TEST_SUITE(Identity, Types);

TYPED_TEST(Identity, CpuOperatorsLeaveEveryValue) {
  using T = TypeParam;
  using z = hy::zones::op;
  checkCpuOp<hy::ops::add, T>(z::add, "+");
  checkCpuOp<hy::ops::mul, T>(z::mul, "*");
  checkCpuOp<hy::ops::min, T>(z::min, "min");
  checkCpuOp<hy::ops::max, T>(z::max, "max");
  checkCpuOp<hy::ops::land, T>(z::land, "&&");
  checkCpuOp<hy::ops::lor, T>(z::lor, "||");
  if constexpr (std::is_integral_v<T>) {
    checkCpuOp<hy::ops::band, T>(z::band, "&");
    checkCpuOp<hy::ops::bor, T>(z::bor, "|");
    checkCpuOp<hy::ops::bxor, T>(z::bxor, "^");
  }
}

TYPED_TEST(Identity, ZoneCopiesStartFromTheIdentity) {
  using T = TypeParam;
  using z = hy::zones::op;
  for (z o : {z::add, z::mul, z::min, z::max, z::band, z::bor, z::bxor, z::land, z::lor}) {
    if (!std::is_integral_v<T> && (o == z::band || o == z::bor || o == z::bxor))
      continue; // refused at run time for floating types
    for (T x : samples<T>())
      EXPECT_EQ(serial(o, hy::zones::identity<T>(o), x), expected(o, x))
          << "zone op " << int(o) << " on " << +x;
  }
}

// The privatized loop (the OpenMP output's shape, cpu_privatize_test.cpp)
// over values that never beat a wrong identity: max of negatives, min of
// positives, & of values with bits cleared, * of negatives.
template <class Op, class T> std::vector<T> privatized(std::vector<T> a, const std::vector<T> &v) {
  hy_test::runPrivatizedLoop<Op>(a, static_cast<long long>(v.size()), [&](auto &mine, long long i) {
    mine.update(&a[static_cast<std::size_t>(i) % a.size()], v[static_cast<std::size_t>(i)]);
  });
  return a;
}

template <class Op, class T>
void checkPrivatized(hy::zones::op o, std::vector<T> start, const std::vector<T> &v) {
  std::vector<T> want = start;
  for (std::size_t i = 0; i < v.size(); ++i)
    want[i % want.size()] = serial(o, want[i % want.size()], v[i]);
  EXPECT_EQ(privatized<Op>(start, v), want) << "operator " << int(o);
}

TEST(Identity, PrivatizedCopiesOverValuesOfOneSign) {
  using z = hy::zones::op;
  std::vector<int> neg, pos, bits;
  std::vector<double> dneg;
  for (int i = 0; i < 4000; ++i) {
    neg.push_back(-1000 - (i * 37) % 911);
    pos.push_back(1000 + (i * 41) % 577);
    bits.push_back(~(1 << (i % 30)));
    dneg.push_back(-1e300 + i);
  }
  checkPrivatized<hy::ops::max, int>(z::max, std::vector<int>(8, -5000), neg);
  checkPrivatized<hy::ops::min, int>(z::min, std::vector<int>(8, 5000), pos);
  checkPrivatized<hy::ops::band, int>(z::band, std::vector<int>(8, -1), bits);
  checkPrivatized<hy::ops::max, double>(z::max, std::vector<double>(8, -std::numeric_limits<double>::max()), dneg);
  checkPrivatized<hy::ops::min, double>(z::min, std::vector<double>(8, 1e308), std::vector<double>(4000, 1e307));
  checkPrivatized<hy::ops::mul, int>(z::mul, std::vector<int>(8, -1), std::vector<int>(40, -1));
  checkPrivatized<hy::ops::land, int>(z::land, std::vector<int>(8, 1), pos);
  checkPrivatized<hy::ops::lor, int>(z::lor, std::vector<int>(8, 0), std::vector<int>(64, 0));
}

} // namespace

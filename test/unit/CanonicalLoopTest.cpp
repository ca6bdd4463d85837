// Canonical-loop recognition: the forms accepted, their step, comparison
// and constant trip count; the forms rejected.
#include "TranslateTest.h"

using namespace hy;
using namespace hy::test;

namespace {

struct Loop {
  bool ok = false;
  std::optional<int64_t> trip, step;
  clang::BinaryOperatorKind cmp = clang::BO_LT;
  bool declares = true;
  std::string diags;
};

Loop analyze(const std::string &header, const std::string &pre = "") {
  std::string code = std::string(kHeader) + "void f(hy::array<int, 1> &a, int n) {\n" + pre +
                     "#pragma hy parallel for\n  for (" + header + ") a(0) += 0;\n}\n";
  Loop l;
  Result r = translate(code, Target::OpenMP, [&](clang::ASTContext &, const TranslationModel &m) {
    if (m.kernels.size() == 1 && m.kernels[0]->blockLoops.size() == 1) {
      const LoopInfo &li = m.kernels[0]->blockLoops[0];
      l.trip = li.constTrip;
      l.step = li.constStep;
      l.cmp = li.cmp;
      l.declares = li.declaresIndex;
    }
  });
  l.ok = r.modelOk;
  l.diags = r.diags;
  return l;
}

TEST(CanonicalLoop, TripCounts) {
  struct Case {
    const char *header;
    int64_t trip, step;
  } cases[] = {
      {"int i = 0; i < 10; ++i", 10, 1},     {"int i = 0; i <= 10; i++", 11, 1},
      {"int i = 10; i > 0; --i", 10, -1},    {"int i = 10; i >= 0; i--", 11, -1},
      {"int i = 0; i < 10; i += 3", 4, 3},   {"int i = 9; i >= 0; i -= 4", 3, -4},
      {"int i = 0; i != 12; ++i", 12, 1},  {"int i = 0; i < 10; i = i + 2", 5, 2},
      {"int i = 0; i < 10; i = 5 + i", 2, 5}, {"int i = 5; i < 5; ++i", 0, 1},
      {"int i = 0; 10 > i; ++i", 10, 1},     {"long i = -3; i < 3; ++i", 6, 1},
      {"unsigned i = 0; i < 7u; i += 2", 4, 2},
  };
  for (const Case &c : cases) {
    Loop l = analyze(c.header);
    ASSERT_TRUE(l.ok) << c.header << "\n" << l.diags;
    ASSERT_TRUE(l.trip.has_value()) << c.header;
    EXPECT_EQ(*l.trip, c.trip) << c.header;
    ASSERT_TRUE(l.step.has_value()) << c.header;
    EXPECT_EQ(*l.step, c.step) << c.header;
  }
}

TEST(CanonicalLoop, ReversedComparisonIsFlipped) {
  Loop l = analyze("int i = 0; n > i; ++i");
  ASSERT_TRUE(l.ok) << l.diags;
  EXPECT_EQ(l.cmp, clang::BO_LT);
  EXPECT_FALSE(l.trip.has_value()); // n is not constant
}

TEST(CanonicalLoop, AssignedIndexAndRuntimeStep) {
  Loop l = analyze("i = 0; i < n; i += s", "  int i, s = 2;\n");
  ASSERT_TRUE(l.ok) << l.diags;
  EXPECT_FALSE(l.declares);
  EXPECT_FALSE(l.step.has_value());
}

TEST(CanonicalLoop, Rejected) {
  struct Case {
    const char *header, *message;
  } cases[] = {
      {"; n > 0; --n", "must initialise one integer index"},
      {"int i = 0, j = 0; i < n; ++i", "must initialise one integer index"},
      {"float x = 0; x < n; x += 1", "must have integer type"},
      {"int i = 0; i == n; ++i", "loop condition must compare index 'i'"},
      {"int i = 0; i < n && i < 5; ++i", "loop condition must compare index 'i'"},
      {"int i = 1; i < n; i *= 2", "loop increment must be"},
      {"int i = 0; i < n; i += 0", "loop step is zero"},
      // OpenMP takes != only with a step of 1 or -1 (another may step over).
      {"int i = 0; i != 12; i += 4", "loop condition '!=' needs a step of 1 or -1"},
  };
  for (const Case &c : cases) {
    Loop l = analyze(c.header);
    EXPECT_FALSE(l.ok) << c.header;
    EXPECT_NE(l.diags.find(c.message), std::string::npos) << c.header << "\n" << l.diags;
  }
}

TEST(CanonicalLoop, VariantBoundAndModifiedIndex) {
  std::string code = std::string(kHeader) + R"(
void f(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) { a(i) = 0; n = n - 1; }
#pragma hy parallel for
  for (int i = 0; i < 10; ++i) { a(i) = 0; i++; }
}
)";
  Result r = translate(code);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diags.find("loop bound uses 'n', which is modified inside the loop"), std::string::npos) << r.diags;
  EXPECT_NE(r.diags.find("loop index 'i' is modified in the body"), std::string::npos) << r.diags;
}

} // namespace

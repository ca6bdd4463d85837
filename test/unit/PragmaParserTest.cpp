// The `#pragma hy` parser: clauses recorded as written, errors reported.
#include "TranslateTest.h"

using namespace hy;
using namespace hy::test;

namespace {

std::string loop(const std::string &pragma) {
  return std::string(kHeader) + "void f(hy::array<int, 1> &a, int n) {\n  int s = 0, m = 0;\n" +
         pragma + "\n  for (int i = 0; i < n; ++i) { s += a(i); m = m > a(i) ? m : a(i); }\n" +
         "  a(0) = s + m;\n}\n";
}

TEST(PragmaParser, PlainParallelFor) {
  auto ps = pragmasOf(loop("#pragma hy parallel for"));
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_EQ(ps[0].kind, PragmaKind::ParallelFor);
  EXPECT_FALSE(ps[0].intoThreads);
  EXPECT_TRUE(ps[0].reductions.empty());
  EXPECT_TRUE(ps[0].valid);
  EXPECT_EQ(ps[0].text, "#pragma hy parallel for");
}

// A zone loop: 'into(devices)' with its reductions (docs/language.md, Zones).
TEST(PragmaParser, IntoDevices) {
  auto ps = pragmasOf(loop("#pragma hy parallel for into(devices) reduction(+ : s) reduction(max : m)"));
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_TRUE(ps[0].intoDevices);
  EXPECT_FALSE(ps[0].intoThreads);
  EXPECT_TRUE(ps[0].valid);
  ASSERT_EQ(ps[0].reductions.size(), 2u);
  EXPECT_EQ(ps[0].reductions[1].op, ReductionOp::Max);
}

// A zone loop's 'scratch' and 'gather' lists, several clauses of each.
TEST(PragmaParser, ZoneClauses) {
  auto ps = pragmasOf(loop("#pragma hy parallel for into(devices) scratch(a, b) gather(D) scratch(c)"));
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_TRUE(ps[0].valid);
  ASSERT_EQ(ps[0].scratch.size(), 3u);
  EXPECT_EQ(ps[0].scratch[2].name, "c");
  ASSERT_EQ(ps[0].gather.size(), 1u);
  EXPECT_EQ(ps[0].gather[0].name, "D");
}

TEST(PragmaParser, ReductionClauses) {
  auto ps = pragmasOf(loop("#pragma hy parallel for reduction(+ : s) reduction(max : m)"));
  ASSERT_EQ(ps.size(), 1u);
  ASSERT_EQ(ps[0].reductions.size(), 2u);
  EXPECT_EQ(ps[0].reductions[0].op, ReductionOp::Add);
  ASSERT_EQ(ps[0].reductions[0].vars.size(), 1u);
  EXPECT_EQ(ps[0].reductions[0].vars[0].name, "s");
  EXPECT_EQ(ps[0].reductions[1].op, ReductionOp::Max);
  EXPECT_EQ(ps[0].reductions[1].vars[0].name, "m");
}

// A scan: the inscan modifier on the clause, the separator with its variable.
TEST(PragmaParser, InscanAndSeparator) {
  const std::string src = std::string(kHeader) +
                          "void f(hy::array<int, 1> &a, int n) {\n  int s = 0;\n"
                          "#pragma hy parallel for reduction(inscan, + : s)\n"
                          "  for (int i = 0; i < n; ++i) {\n    a(i) = s;\n"
                          "#pragma hy scan exclusive(s)\n    s += a(i);\n  }\n}\n";
  auto ps = pragmasOf(src);
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_TRUE(ps[0].valid);
  ASSERT_EQ(ps[0].reductions.size(), 1u);
  EXPECT_TRUE(ps[0].reductions[0].inscan);
  EXPECT_EQ(ps[0].reductions[0].op, ReductionOp::Add);
  EXPECT_EQ(ps[1].kind, PragmaKind::Scan);
  EXPECT_TRUE(ps[1].valid);
  EXPECT_FALSE(ps[1].scanInclusive);
  EXPECT_EQ(ps[1].scanVar.name, "s");
}

TEST(PragmaParser, EveryOperator) {
  const std::pair<const char *, ReductionOp> ops[] = {
      {"+", ReductionOp::Add},     {"*", ReductionOp::Mul},     {"min", ReductionOp::Min},
      {"max", ReductionOp::Max},   {"&", ReductionOp::BitAnd},  {"|", ReductionOp::BitOr},
      {"^", ReductionOp::BitXor},  {"&&", ReductionOp::LogAnd}, {"||", ReductionOp::LogOr}};
  for (auto [text, op] : ops) {
    std::string code = std::string(kHeader) + "int f(int n) {\n  int s = 0;\n#pragma hy parallel for reduction(" +
                       text + " : s)\n  for (int i = 0; i < n; ++i) s = s " +
                       (op == ReductionOp::Min || op == ReductionOp::Max ? "+" : text) + " i;\n  return s;\n}\n";
    auto ps = pragmasOf(code);
    ASSERT_EQ(ps.size(), 1u) << text;
    ASSERT_EQ(ps[0].reductions.size(), 1u) << text;
    EXPECT_EQ(ps[0].reductions[0].op, op) << text;
    EXPECT_STREQ(spelling(op), text);
  }
}

TEST(PragmaParser, SeveralVariablesInOneClause) {
  auto ps = pragmasOf(loop("#pragma hy parallel for reduction(+ : s, m)"));
  ASSERT_EQ(ps.size(), 1u);
  ASSERT_EQ(ps[0].reductions.size(), 1u);
  ASSERT_EQ(ps[0].reductions[0].vars.size(), 2u);
  EXPECT_EQ(ps[0].reductions[0].vars[1].name, "m");
}

TEST(PragmaParser, Fetch) {
  std::string code = std::string(kHeader) + R"(
void f(hy::array<float, 2> &A, hy::array<float, 2> &B, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(A : 4, 8 : (b > 0 ? b : 0) * 4, 0 : t : 1, 0)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t)
      B(b, t) = A(b * 4, t);
  }
}
)";
  auto ps = pragmasOf(code);
  ASSERT_EQ(ps.size(), 3u);
  const PragmaDirective &f = ps[1];
  EXPECT_EQ(f.kind, PragmaKind::Fetch);
  EXPECT_EQ(f.fetch.array.name, "A");
  EXPECT_EQ(f.fetch.sizes.size(), 2u);
  EXPECT_EQ(f.fetch.origins.size(), 2u); // the ?: colon does not split
  ASSERT_EQ(f.fetch.threads.size(), 1u);
  EXPECT_EQ(f.fetch.threads[0].name, "t");
  EXPECT_EQ(f.fetch.perm, (std::vector<int>{1, 0}));
  EXPECT_TRUE(ps[2].intoThreads);
}

TEST(PragmaParser, ErrorsAreReported) {
  struct Case {
    const char *pragma, *message;
  } cases[] = {
      {"#pragma hy parallel for collapse(2)", "unknown clause 'collapse'"},
      {"#pragma hy parallel for reduction(- : s)", "invalid reduction operator '-'"},
      {"#pragma hy parallel for reduction(+ s)", "expected ':' after the reduction operator"},
      {"#pragma hy parallel for into(warps)", "expected 'threads' or 'devices' in 'into(...)'"},
      {"#pragma hy parallel for into(threads) into(threads)", "duplicate 'into'"},
      {"#pragma hy parallel for into(devices) into(threads)", "duplicate 'into'"},
      {"#pragma hy parallel for into(devices", "expected ')' after 'into(devices'"},
      {"#pragma hy parallel", "expected 'parallel for', 'parallel fetch' or 'scan'"},
      {"#pragma hy serial for", "expected 'parallel for', 'parallel fetch' or 'scan'"},
      {"#pragma hy parallel for into(devices) scratch()", "expected a variable name in 'scratch'"},
      {"#pragma hy parallel for into(devices) gather(D", "expected ')' after the 'gather' arrays"},
      {"#pragma hy parallel for disjoint(1)", "expected an array name in 'disjoint'"},
      {"#pragma hy parallel for gather(D)", "'gather' on a loop that is not 'into(devices)'"},
  };
  for (const Case &c : cases) {
    Result r = translate(loop(c.pragma));
    EXPECT_FALSE(r.ok) << c.pragma;
    EXPECT_NE(r.diags.find(c.message), std::string::npos) << c.pragma << "\n" << r.diags;
    EXPECT_NE(r.diags.find("input.cpp:6:"), std::string::npos) << r.diags;
  }
}

// A clause with an error is reported and left out, the rest of the pragma
// kept, and the loop still checked: each bad clause has its error, and
// the variables of a bad reduction clause are not reported as written.
TEST(PragmaParser, BadClausesAreLeftOutAndTheRestKept) {
  Result r = translate(loop("#pragma hy parallel for colapse(2) reduction(max : m) "
                            "min_blocks(0) reduction(- : s)"));
  EXPECT_FALSE(r.ok);
  for (const char *m : {"6:25: error: unknown clause 'colapse'",
                        "6:66: error: 'min_blocks' takes an integer from 1 to 32",
                        "6:79: error: invalid reduction operator '-'"})
    EXPECT_NE(r.diags.find(m), std::string::npos) << m << "\n" << r.diags;
  EXPECT_EQ(r.diags.find("declared outside"), std::string::npos) << r.diags;
  ASSERT_EQ(r.pragmas.size(), 1u);
  const PragmaDirective &d = r.pragmas[0];
  EXPECT_TRUE(d.valid);
  EXPECT_EQ(d.clauseErrors.size(), 3u);
  ASSERT_EQ(d.reductions.size(), 1u);
  EXPECT_EQ(d.reductions[0].op, ReductionOp::Max);
  ASSERT_EQ(d.brokenReductionVars.size(), 1u);
  EXPECT_EQ(d.brokenReductionVars[0].name, "s");
  EXPECT_FALSE(d.reductionsUnread);
  EXPECT_EQ(d.minBlocks, 0);
}

// A reduction clause whose variables cannot be read: the loop's writes to
// outer scalars are not reported (they may be its own).
TEST(PragmaParser, UnreadReductionSilencesOuterWrites) {
  Result r = translate(loop("#pragma hy parallel for reduction(+ : )"));
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diags.find("expected a variable name in 'reduction'"), std::string::npos) << r.diags;
  EXPECT_EQ(r.diags.find("declared outside"), std::string::npos) << r.diags;
  ASSERT_EQ(r.pragmas.size(), 1u);
  EXPECT_TRUE(r.pragmas[0].reductionsUnread);
}

// An error in 'into' leaves the whole pragma out.
TEST(PragmaParser, IntoErrorLeavesThePragmaOut) {
  Result r = translate(loop("#pragma hy parallel for into(warps) reduction(+ : s)"));
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.pragmas.size(), 1u);
  EXPECT_FALSE(r.pragmas[0].valid);
}

TEST(PragmaParser, OtherPragmasAreLeftAlone) {
  Result r = translate(loop("#pragma GCC ivdep"));
  EXPECT_TRUE(r.ok) << r.diags;
  EXPECT_TRUE(r.pragmas.empty());
  EXPECT_NE(r.output.find("#pragma GCC ivdep"), std::string::npos);
}

} // namespace

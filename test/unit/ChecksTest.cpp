// Semantic checks through the library: each rule accepts the legal form
// and rejects the illegal one with its message; errors mean no output.
#include "TranslateTest.h"

using namespace hy;
using namespace hy::test;

namespace {

struct Case {
  const char *name, *good, *bad, *message;
};

const Case kCases[] = {
    {"outer scalar needs a reduction",
     "int f(hy::array<int,1> &a, int n) { int s = 0;\n#pragma hy parallel for reduction(+ : s)\n for (int i = 0; i < n; ++i) s += a(i); return s; }",
     "int f(hy::array<int,1> &a, int n) { int s = 0;\n#pragma hy parallel for\n for (int i = 0; i < n; ++i) s += a(i); return s; }",
     "'s' is declared outside this 'parallel for' loop and written inside it"},
    {"raw pointer",
     "void f(std::vector<int> &a, int n) {\n#pragma hy parallel for\n for (int i = 0; i < n; ++i) a[i] = i; }",
     "void f(int *a, int n) {\n#pragma hy parallel for\n for (int i = 0; i < n; ++i) a[i] = i; }",
     "kernel uses raw pointer 'a'"},
    {"into(threads) needs a block loop",
     "void f(hy::array<int,1> &a, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b)\n#pragma hy parallel for into(threads)\n for (int i = 0; i < 4; ++i) a(b) += i; }",
     "void f(hy::array<int,1> &a, int n) {\n#pragma hy parallel for into(threads)\n for (int i = 0; i < 4; ++i) a(i) = i; }",
     "'into(threads)' loop outside a block-level 'parallel for'"},
    {"fetch origin is block-uniform",
     "void f(hy::array<int,1> &a, hy::array<int,1> &o, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b)\n#pragma hy parallel for into(threads)\n for (int t = 0; t < 4; ++t) {\n#pragma hy parallel fetch(a : 4 : b * 4 : t)\n o(b * 4 + t) = a(b * 4 + t); } }",
     "void f(hy::array<int,1> &a, hy::array<int,1> &o, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b)\n#pragma hy parallel for into(threads)\n for (int t = 0; t < 4; ++t) {\n#pragma hy parallel fetch(a : 4 : b * 4 + t : t)\n o(b * 4 + t) = a(b * 4 + t); } }",
     "fetch origin depends on 't'"},
    {"fetch not under divergent control",
     "void f(hy::array<int,1> &a, hy::array<int,1> &o, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b)\n#pragma hy parallel for into(threads)\n for (int t = 0; t < 4; ++t) { if (b > 1) {\n#pragma hy parallel fetch(a : 4 : b * 4 : t)\n o(b * 4 + t) = a(b * 4 + t); } } }",
     "void f(hy::array<int,1> &a, hy::array<int,1> &o, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b)\n#pragma hy parallel for into(threads)\n for (int t = 0; t < 4; ++t) { if (t > 1) {\n#pragma hy parallel fetch(a : 4 : b * 4 : t)\n o(b * 4 + t) = a(b * 4 + t); } } }",
     "'parallel fetch' under control flow that depends on 't'"},
    {"fetch thread index",
     "void f(hy::array<int,1> &a, hy::array<int,1> &o, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b) {\n#pragma hy parallel fetch(a : 4 : b * 4 : t)\n#pragma hy parallel for into(threads)\n for (int t = 0; t < 4; ++t) o(b * 4 + t) = a(b * 4 + t); } }",
     "void f(hy::array<int,1> &a, hy::array<int,1> &o, int n) {\n#pragma hy parallel for\n for (int b = 0; b < n; ++b) {\n#pragma hy parallel fetch(a : 4 : b * 4 : b)\n#pragma hy parallel for into(threads)\n for (int t = 0; t < 4; ++t) o(b * 4 + t) = a(b * 4 + t); } }",
     "'b' is not the index of an 'into(threads)' loop"},
    {"break out of a parallel loop",
     "void f(hy::array<int,1> &a, int n) {\n#pragma hy parallel for\n for (int i = 0; i < n; ++i) { if (a(i)) continue; a(i) = 1; } }",
     "void f(hy::array<int,1> &a, int n) {\n#pragma hy parallel for\n for (int i = 0; i < n; ++i) { if (a(i)) break; a(i) = 1; } }",
     "'break' may not leave a 'parallel for' loop"},
};

class Checks : public testing::TestWithParam<Case> {};

TEST_P(Checks, GoodPassesBadFails) {
  const Case &c = GetParam();
  Result good = translate(std::string(kHeader) + c.good);
  EXPECT_TRUE(good.ok) << c.name << "\n" << good.diags;
  EXPECT_FALSE(good.output.empty());
  Result bad = translate(std::string(kHeader) + c.bad);
  EXPECT_FALSE(bad.ok) << c.name;
  EXPECT_TRUE(bad.output.empty()) << c.name;
  EXPECT_NE(bad.diags.find(c.message), std::string::npos) << c.name << "\n" << bad.diags;
}

INSTANTIATE_TEST_SUITE_P(Rules, Checks, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case> &i) {
                           std::string n;
                           for (const char *p = i.param.name; *p; ++p)
                             n += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
                           return n;
                         });

TEST(Printers, SerialStripsPragmasOpenMPAddsThem) {
  std::string code = std::string(kHeader) +
                     "void f(hy::array<int,1> &a, int n) {\n#pragma hy parallel for\n for (int i = 0; i < n; ++i) a(i) = i; }\n";
  Result ser = translate(code, Target::Serial);
  ASSERT_TRUE(ser.ok) << ser.diags;
  EXPECT_EQ(ser.output.find("#pragma"), std::string::npos) << ser.output;
  Result omp = translate(code, Target::OpenMP);
  ASSERT_TRUE(omp.ok) << omp.diags;
  // The kernel runs on the calling thread when its work is small (the if
  // clause, docs/language.md).
  EXPECT_NE(omp.output.find("[&, n, a = hy::view_of(a)] { _Pragma(\"omp parallel for "
                            "firstprivate(n, a) schedule(static) if(hy::omp_worth("),
            std::string::npos)
      << omp.output;
  EXPECT_NE(omp.output.find("\") // #pragma hy parallel for"), std::string::npos) << omp.output;
}

} // namespace

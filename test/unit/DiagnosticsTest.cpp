// hyc's diagnostic names (hy::diagnosticName, the rules of the SARIF log):
// every diagnostic of Diagnostics.def is found from its format as report()
// registers it, a named warning by its flag with or without -Werror, the
// report's remarks as hy-report; a format that is not hyc's has no name.
#include "hy/Diagnostics.h"
#include <gtest/gtest.h>

using namespace hy;

namespace {

struct Declared {
  const char *name, *flag, *text;
};
const Declared kDeclared[] = {
#define HY_DIAG(NAME, LEVEL, TEXT) {#NAME, nullptr, TEXT},
#define HY_WARNING(NAME, FLAG, TEXT) {#NAME, FLAG, TEXT},
#include "hy/Diagnostics.def"
#undef HY_DIAG
#undef HY_WARNING
};

TEST(Diagnostics, EveryDiagnosticHasItsName) {
  for (const Declared &d : kDeclared) {
    size_t suffix = 99;
    if (!d.flag) {
      std::string name = diagnosticName(d.text, &suffix);
      // Two diagnostics with one text share the first's name.
      bool shared = false;
      for (const Declared &e : kDeclared)
        shared |= &e != &d && !e.flag && std::string(e.text) == d.text && name == e.name;
      EXPECT_TRUE(name == d.name || shared) << d.name << " -> " << name;
      EXPECT_EQ(suffix, 0u) << d.name;
      continue;
    }
    for (std::string tail : {std::string(" [-W") + d.flag + "]",
                             std::string(" [-Werror,-W") + d.flag + "]"}) {
      EXPECT_EQ(diagnosticName(d.text + tail, &suffix), d.flag) << d.name;
      EXPECT_EQ(suffix, tail.size()) << d.name;
    }
  }
}

TEST(Diagnostics, RemarksAndOthers) {
  size_t suffix = 0;
  EXPECT_EQ(diagnosticName("threads 'j' run as SIMD lanes [-Rhy]", &suffix), "hy-report");
  EXPECT_EQ(suffix, 7u);
  EXPECT_EQ(diagnosticName("use of undeclared identifier %0", &suffix), "");
  EXPECT_EQ(suffix, 0u);
  // A named warning's text without the name report() adds is not hyc's.
  EXPECT_EQ(diagnosticName("reduction variable '%0' is not used in the loop"), "");
}

} // namespace

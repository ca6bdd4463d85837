// Shared helpers of the unit tests: run the hy pipeline on in-memory code
// (hy::translateCode, i.e. tooling::runToolOnCodeWithArgs) and keep what
// the model inspector saw plus the diagnostics printed on stderr.
#pragma once

#include "hy/Translator.h"
#include <gtest/gtest.h>
#include <functional>
#include <string>

namespace hy::test {

struct Result {
  bool ok = false;            // translation succeeded
  bool modelOk = false;       // model built and checked without errors
  bool inspected = false;     // the inspector ran (pragmas attached)
  std::string output;         // the translated file
  std::string diags;          // stderr
  std::vector<PragmaDirective> pragmas;
};

/// Translates `code` (a file "input.cpp" that may include <hy/hy.hpp>);
/// `look` sees the model while its AST is alive.
inline Result translate(const std::string &code, Target target = Target::OpenMP,
                     std::function<void(clang::ASTContext &, const TranslationModel &)> look = {}) {
  Result r;
  TranslateOptions opts;
  opts.print.target = target;
  opts.print.lineDirectives = false;
  opts.inspect = [&](clang::ASTContext &ctx, const PragmaTable &table,
                     const TranslationModel &model, bool ok) {
    r.inspected = true;
    r.modelOk = ok;
    r.pragmas = table.pragmas;
    if (look)
      look(ctx, model);
  };
  testing::internal::CaptureStderr();
  TranslateResult res = translateCode(code, "input.cpp", {"-std=c++17"}, opts);
  r.diags = testing::internal::GetCapturedStderr();
  r.ok = res.ok;
  r.output = res.output;
  return r;
}

/// The pragmas of `code` as the front end recorded them (no model needed).
inline std::vector<PragmaDirective> pragmasOf(const std::string &code, std::string *diags = nullptr) {
  Result r = translate(code);
  if (diags)
    *diags = r.diags;
  return r.pragmas;
}

inline const char *kHeader = "#include <hy/hy.hpp>\n#include <vector>\n#include <algorithm>\n";

} // namespace hy::test

// The library entry point: translate one annotated source file for a
// target. The driver (driver/hyc.cpp) and the unit tests both call this.
#pragma once

#include "hy/Targets.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>

namespace hy {

struct TranslateOptions {
  PrintOptions print;
  bool report = false; // also produce the per-pragma kernel report
};

struct TranslateResult {
  bool ok = false;
  std::string output; // the translated file
  std::string report; // when requested
};

/// Parses `file` with the flags from `db`, builds the model, checks it and
/// prints it. Diagnostics go to stderr in clang's format.
TranslateResult translateFile(const clang::tooling::CompilationDatabase &db,
                              const std::string &file, const TranslateOptions &opts);

/// Same, for in-memory code (unit tests): `args` are compiler flags.
TranslateResult translateCode(const std::string &code, const std::string &fileName,
                              const std::vector<std::string> &args,
                              const TranslateOptions &opts);

/// Extra arguments every parse gets: resource dir, runtime include path.
std::vector<std::string> defaultArgs();

} // namespace hy

// The library entry point: translate one annotated source file for a
// target. The driver (driver/hyc.cpp) and the unit tests both call this.
#pragma once

#include "hy/Diagnostics.h"
#include "hy/Targets.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <functional>
#include <string>

namespace hy {

/// Called with the pragmas and the model once they are built and checked
/// (also when errors were reported); for unit tests and tools that inspect
/// the model instead of printing it.
using ModelInspector = std::function<void(clang::ASTContext &, const PragmaTable &,
                                          const TranslationModel &, bool ok)>;

struct TranslateOptions {
  PrintOptions print;
  bool report = false;  // also produce the report as text (TranslateResult::report)
  bool remarks = false; // print the report as remarks on stderr (clang's format)
  WarningPolicy warnings; // -W<name>, -Wno-<name>, -Werror, ...
  ModelInspector inspect; // optional
  /// The file is an annotated header that a source includes (hy/Headers.h):
  /// its kernels must be templates, and the translation says it is a header.
  bool header = false;
  /// Where the diagnostics go instead of standard error (hyc
  /// --diagnostics-format=sarif: the SARIF log); translateFile only.
  clang::DiagnosticConsumer *diagnostics = nullptr;
};

struct TranslateResult {
  bool ok = false;
  std::string output; // the translated file
  std::string report; // when requested: "file:line:col: remark: text" lines
  std::vector<std::string> dependencies; // files the parse read (absolute), for -MD
  /// The annotated headers the file includes, translated for the same target
  /// (hy/Headers.h): `out` is the path of the translation relative to the
  /// header directory, `text` the translation. Their parses' files are in
  /// `dependencies` too.
  struct Header {
    std::string path, out, text;
  };
  std::vector<Header> headers;
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
/// The runtime headers hyc parses with: $HY_RUNTIME_INCLUDE, else
/// <prefix>/include of an installed hyc (<prefix>/bin/hyc), else the source
/// tree it was built from.
std::string runtimeInclude();
/// Clang's own headers (stddef.h, the intrinsics): <prefix>/lib/hy/clang of
/// an installed hyc (the install copies them, so a moved or copied prefix
/// keeps working), else the build machine's LLVM resource directory.
std::string clangResourceDir();

} // namespace hy

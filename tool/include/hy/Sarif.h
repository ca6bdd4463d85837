// hyc --diagnostics-format=sarif: the diagnostics of a run (clang's and
// hyc's, those of the annotated headers' translations included) as the
// results of one SARIF 2.1.0 run, for code-scanning tools and editors'
// SARIF viewers. A diagnostic consumer collects them; the driver writes the
// document once, at the end, with its exit status and its own errors.
#pragma once

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace hy {

class SarifLog : public clang::DiagnosticConsumer {
public:
  explicit SarifLog(std::string toolVersion) : version(std::move(toolVersion)) {}

  /// A result per error, warning or remark; a note goes to the result
  /// before it as a related location.
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override;
  /// An error of the driver itself, about no place in the code (a file it
  /// cannot write): a tool execution notification.
  void driverError(const std::string &text) { driverErrors.push_back(text); }
  /// The SARIF document; `exitCode`: hyc's exit status.
  void write(llvm::raw_ostream &os, int exitCode) const;

  /// The rule of a diagnostic whose format string (clang's description) is
  /// `format`: a named warning's name ("hy-race"), another diagnostic of
  /// hyc its name in Diagnostics.def ("WriteToOuterScalar"), "hy-report"
  /// for the report's remarks; clang's own "clang-diagnostic-" + its
  /// warning option or its level.
  static std::string ruleOf(const clang::Diagnostic &info,
                            clang::DiagnosticsEngine::Level level);

private:
  struct Place {
    std::string uri; // file:///...
    unsigned line = 0, column = 0; // column in Unicode code points
  };
  struct Related {
    Place place;
    bool located = false;
    std::string message;
  };
  struct Result {
    std::string rule, level, message;
    Place place;
    bool located = false;
    std::vector<Related> related;
  };
  static bool placeOf(const clang::Diagnostic &info, Place &out);

  std::string version;
  std::vector<Result> results;
  std::vector<std::string> driverErrors;
};

} // namespace hy

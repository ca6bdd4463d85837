// Every diagnostic hyc reports, declared in one place. Each has a severity
// and a clang-style format string with %0.. arguments; `report` registers
// the custom ID with the DiagnosticsEngine on first use. Warnings declared
// with HY_WARNING have a name (`hy-race`) that -W<name>, -Wno-<name>,
// -Werror and -Werror=<name> control, as clang's own warnings.
#pragma once

#include "clang/Basic/Diagnostic.h"
#include <set>
#include <string>
#include <vector>

namespace hy {

enum class Diag {
#define HY_DIAG(NAME, LEVEL, TEXT) NAME,
#define HY_WARNING(NAME, FLAG, TEXT) NAME,
#include "hy/Diagnostics.def"
#undef HY_DIAG
#undef HY_WARNING
  Count
};

/// Which named warnings are off, and which are errors.
struct WarningPolicy {
  std::set<std::string> disabled;   // -Wno-<name>
  std::set<std::string> errors;     // -Werror=<name>
  std::set<std::string> notErrors;  // -Wno-error=<name>
  bool allErrors = false;           // -Werror (also clang's, from the compiler flags)
  /// Applies one option given as the text after "-W" ("no-hy-race",
  /// "error", "error=hy-race", ...). False if it names no warning of hyc.
  bool apply(const std::string &w);
};

/// The names of hyc's warnings, in declaration order.
std::vector<std::string> warningNames();

/// The policy `report` follows until the guard goes out of scope (one
/// translation at a time).
class WarningPolicyScope {
public:
  explicit WarningPolicyScope(const WarningPolicy &p);
  ~WarningPolicyScope();

private:
  const WarningPolicy *saved;
};

/// Starts a diagnostic; stream arguments into the result (<< "x" << range).
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &DE,
                                clang::SourceLocation loc, Diag d);

/// hyc's name for the diagnostic whose format (as `report` registered it)
/// is `format`: a named warning's name ("hy-race", also when -Werror made
/// it an error), another diagnostic's name in Diagnostics.def
/// ("WriteToOuterScalar"), "hy-report" for the report's remarks; "" when
/// the diagnostic is not hyc's. `suffix` gets the length of what `report`
/// appended to the text (" [-Why-race]"), which a message can do without.
std::string diagnosticName(llvm::StringRef format, size_t *suffix = nullptr);

/// A remark (the report, on standard error) in clang's format.
void reportRemark(clang::DiagnosticsEngine &DE, clang::SourceLocation loc,
                  const std::string &text);

} // namespace hy

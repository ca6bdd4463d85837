// Every diagnostic hyc reports, declared in one place. Each has a severity
// and a clang-style format string with %0.. arguments; `report` registers
// the custom ID with the DiagnosticsEngine on first use.
#pragma once

#include "clang/Basic/Diagnostic.h"

namespace hy {

enum class Diag {
#define HY_DIAG(NAME, LEVEL, TEXT) NAME,
#include "hy/Diagnostics.def"
#undef HY_DIAG
  Count
};

/// Starts a diagnostic; stream arguments into the result (<< "x" << range).
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &DE,
                                clang::SourceLocation loc, Diag d);

} // namespace hy

// Registers hyc's diagnostics (Diagnostics.def) as clang custom diagnostics,
// so they print like clang's own: file:line:col, severity, caret, notes.
#include "hy/Diagnostics.h"

using namespace clang;

namespace hy {

namespace {
struct Entry {
  DiagnosticsEngine::Level level;
  const char *text;
};
const Entry kEntries[] = {
#define HY_DIAG(NAME, LEVEL, TEXT) {DiagnosticsEngine::LEVEL, TEXT},
#include "hy/Diagnostics.def"
#undef HY_DIAG
};
} // namespace

DiagnosticBuilder report(DiagnosticsEngine &DE, SourceLocation loc, Diag d) {
  const Entry &e = kEntries[static_cast<int>(d)];
  unsigned id = DE.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(e.level), e.text);
  return DE.Report(loc, id);
}

} // namespace hy

// Registers hyc's diagnostics (Diagnostics.def) as clang custom diagnostics,
// so they print like clang's own: file:line:col, severity, caret, notes. A
// named warning gets its name in brackets, as clang's do, and its severity
// from the WarningPolicy in force: ignored, a warning or an error.
#include "hy/Diagnostics.h"
#include <algorithm>

using namespace clang;

namespace hy {

namespace {
struct Entry {
  DiagnosticsEngine::Level level;
  const char *text;
  const char *flag; // named warnings only
  const char *name; // as in Diagnostics.def
};
const Entry kEntries[] = {
#define HY_DIAG(NAME, LEVEL, TEXT) {DiagnosticsEngine::LEVEL, TEXT, nullptr, #NAME},
#define HY_WARNING(NAME, FLAG, TEXT) {DiagnosticsEngine::Warning, TEXT, FLAG, #NAME},
#include "hy/Diagnostics.def"
#undef HY_DIAG
#undef HY_WARNING
};
const WarningPolicy kDefaultPolicy;
const WarningPolicy *policy = &kDefaultPolicy;
} // namespace

std::vector<std::string> warningNames() {
  std::vector<std::string> out;
  for (const Entry &e : kEntries)
    if (e.flag && std::find(out.begin(), out.end(), e.flag) == out.end())
      out.push_back(e.flag);
  return out;
}

bool WarningPolicy::apply(const std::string &w) {
  auto known = [](const std::string &n) {
    std::vector<std::string> all = warningNames();
    return std::find(all.begin(), all.end(), n) != all.end();
  };
  if (w == "error") {
    allErrors = true;
    return true;
  }
  if (w == "no-error") {
    allErrors = false;
    return true;
  }
  if (w.rfind("error=", 0) == 0 && known(w.substr(6))) {
    errors.insert(w.substr(6));
    notErrors.erase(w.substr(6));
    disabled.erase(w.substr(6));
    return true;
  }
  if (w.rfind("no-error=", 0) == 0 && known(w.substr(9))) {
    notErrors.insert(w.substr(9));
    errors.erase(w.substr(9));
    return true;
  }
  if (w.rfind("no-", 0) == 0 && known(w.substr(3))) {
    disabled.insert(w.substr(3));
    return true;
  }
  if (known(w)) {
    disabled.erase(w);
    return true;
  }
  return false;
}

WarningPolicyScope::WarningPolicyScope(const WarningPolicy &p) : saved(policy) { policy = &p; }
WarningPolicyScope::~WarningPolicyScope() { policy = saved; }

DiagnosticBuilder report(DiagnosticsEngine &DE, SourceLocation loc, Diag d) {
  const Entry &e = kEntries[static_cast<int>(d)];
  auto level = static_cast<DiagnosticIDs::Level>(e.level);
  std::string text = e.text;
  if (e.flag) {
    const std::string flag = e.flag;
    bool asError = policy->errors.count(flag) ||
                   ((policy->allErrors || DE.getWarningsAsErrors()) &&
                    !policy->notErrors.count(flag));
    // -w (clang's, among the compiler flags) silences every warning, also
    // one -Werror makes an error, as it does clang's own.
    if (policy->disabled.count(flag) || DE.getIgnoreAllWarnings())
      level = DiagnosticIDs::Ignored;
    else if (asError) {
      level = DiagnosticIDs::Error;
      text += " [-Werror,-W" + flag + "]";
    } else {
      text += " [-W" + flag + "]";
    }
  }
  if (level == DiagnosticIDs::Warning && DE.getIgnoreAllWarnings())
    level = DiagnosticIDs::Ignored;
  unsigned id = DE.getDiagnosticIDs()->getCustomDiagID(level, text);
  return DE.Report(loc, id);
}

std::string diagnosticName(llvm::StringRef format, size_t *suffix) {
  if (suffix)
    *suffix = 0;
  const llvm::StringRef remark = " [-Rhy]";
  if (format.ends_with(remark)) {
    if (suffix)
      *suffix = remark.size();
    return "hy-report";
  }
  // What report() appends to a named warning: " [-Wflag]", " [-Werror,-Wflag]".
  llvm::StringRef text = format;
  size_t at = format.rfind(" [-W");
  if (format.ends_with("]") && at != llvm::StringRef::npos)
    text = format.take_front(at);
  for (const Entry &e : kEntries)
    if (e.flag ? text.size() < format.size() && text == e.text : format == e.text) {
      if (suffix)
        *suffix = format.size() - text.size();
      return e.flag ? e.flag : e.name;
    }
  return "";
}

void reportRemark(DiagnosticsEngine &DE, SourceLocation loc, const std::string &text) {
  // The text is the format: escape clang's '%'.
  std::string t;
  for (char c : text)
    t += c == '%' ? std::string("%%") : std::string(1, c);
  unsigned id = DE.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Remark, t + " [-Rhy]");
  DE.Report(loc, id);
}

} // namespace hy

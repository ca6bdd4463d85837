// The SARIF 2.1.0 log of hyc's diagnostics (hy/Sarif.h). Each error,
// warning and remark is a result with its rule (hyc's diagnostic name or
// warning name, clang's warning option), level, message and place (file
// URI, line and column); the notes after it are its related locations.
#include "hy/Sarif.h"
#include "hy/Diagnostics.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace clang;
namespace json = llvm::json;

namespace hy {

namespace {

// file:///absolute/path, each byte outside RFC 3986's unreserved set and
// '/' percent-encoded.
std::string fileUri(llvm::StringRef name) {
  llvm::SmallString<256> path(name);
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  std::string uri = "file://";
  for (unsigned char c : path) {
    if (llvm::isAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      uri += static_cast<char>(c);
    else
      uri += {'%', "0123456789ABCDEF"[c >> 4], "0123456789ABCDEF"[c & 15]};
  }
  return uri;
}

const char *levelName(DiagnosticsEngine::Level level) {
  switch (level) {
  case DiagnosticsEngine::Error:
  case DiagnosticsEngine::Fatal:
    return "error";
  case DiagnosticsEngine::Warning:
    return "warning";
  default:
    return "note";
  }
}

} // namespace

std::string SarifLog::ruleOf(const Diagnostic &info, DiagnosticsEngine::Level level) {
  const DiagnosticIDs &ids = *info.getDiags()->getDiagnosticIDs();
  std::string name = diagnosticName(ids.getDescription(info.getID()));
  if (!name.empty())
    return name;
  llvm::StringRef flag = DiagnosticIDs::getWarningOptionForDiag(info.getID());
  return "clang-diagnostic-" + (flag.empty() ? std::string(levelName(level)) : flag.str());
}

bool SarifLog::placeOf(const Diagnostic &info, Place &out) {
  if (!info.getLocation().isValid() || !info.hasSourceManager())
    return false;
  const SourceManager &SM = info.getSourceManager();
  SourceLocation at = SM.getFileLoc(info.getLocation());
  PresumedLoc p = SM.getPresumedLoc(at);
  if (p.isInvalid())
    return false;
  out.uri = fileUri(p.getFilename());
  out.line = p.getLine();
  // clang counts bytes; SARIF counts characters (run.columnKind).
  out.column = p.getColumn();
  bool invalid = false;
  const char *c = SM.getCharacterData(at, &invalid);
  if (!invalid && c && p.getColumn() > 1) {
    const char *lineStart = c - (SM.getSpellingColumnNumber(at) - 1);
    unsigned chars = 0;
    for (const char *b = lineStart; b < c; ++b)
      chars += (static_cast<unsigned char>(*b) & 0xC0) != 0x80;
    out.column = chars + 1;
  }
  return true;
}

void SarifLog::HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) {
  DiagnosticConsumer::HandleDiagnostic(level, info);
  llvm::SmallString<256> text;
  info.FormatDiagnostic(text);
  std::string message(text);
  size_t suffix = 0;
  diagnosticName(info.getDiags()->getDiagnosticIDs()->getDescription(info.getID()), &suffix);
  if (suffix <= message.size())
    message.resize(message.size() - suffix); // the rule names it
  if (level == DiagnosticsEngine::Note && !results.empty()) {
    Related r;
    r.located = placeOf(info, r.place);
    r.message = message;
    results.back().related.push_back(std::move(r));
    return;
  }
  if (level == DiagnosticsEngine::Ignored)
    return;
  Result r;
  r.rule = ruleOf(info, level);
  r.level = levelName(level);
  r.message = message;
  r.located = placeOf(info, r.place);
  results.push_back(std::move(r));
}

void SarifLog::write(llvm::raw_ostream &os, int exitCode) const {
  auto location = [](const Place &p) {
    return json::Object{
        {"physicalLocation",
         json::Object{{"artifactLocation", json::Object{{"uri", p.uri}}},
                      {"region", json::Object{{"startLine", p.line},
                                              {"startColumn", p.column}}}}}};
  };
  std::map<std::string, size_t> ruleIndex;
  json::Array rules, out;
  for (const Result &r : results) {
    auto [it, added] = ruleIndex.insert({r.rule, rules.size()});
    if (added)
      rules.push_back(json::Object{{"id", r.rule}});
    json::Object o{{"ruleId", r.rule},
                   {"ruleIndex", static_cast<int64_t>(it->second)},
                   {"level", r.level},
                   {"message", json::Object{{"text", r.message}}}};
    if (r.located)
      o["locations"] = json::Array{location(r.place)};
    json::Array related;
    for (const Related &n : r.related) {
      json::Object l = n.located ? location(n.place) : json::Object{};
      l["id"] = static_cast<int64_t>(related.size());
      l["message"] = json::Object{{"text", n.message}};
      related.push_back(std::move(l));
    }
    if (!related.empty())
      o["relatedLocations"] = std::move(related);
    out.push_back(std::move(o));
  }
  json::Array notifications;
  for (const std::string &e : driverErrors)
    notifications.push_back(
        json::Object{{"level", "error"}, {"message", json::Object{{"text", e}}}});
  json::Object invocation{{"executionSuccessful", driverErrors.empty()},
                          {"exitCode", exitCode}};
  if (!notifications.empty())
    invocation["toolExecutionNotifications"] = std::move(notifications);
  json::Object run{
      {"tool", json::Object{{"driver", json::Object{{"name", "hyc"},
                                                    {"version", version},
                                                    {"rules", std::move(rules)}}}}},
      {"invocations", json::Array{std::move(invocation)}},
      {"columnKind", "unicodeCodePoints"},
      {"results", std::move(out)}};
  json::Value doc = json::Object{
      {"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                  "sarif-schema-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(run)}}};
  os << llvm::formatv("{0:2}", doc) << "\n";
}

} // namespace hy

// Which headers hyc translates besides the main file, and where their
// translations go (hy/Headers.h): the pragma handler leaves the pragmas of
// user headers to the header's own translation; this file finds how the
// main file reached each such header and names its translation's path.
#include "hy/Headers.h"
#include "hy/Diagnostics.h"
#include "hy/Pragma.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace clang;

namespace hy {

namespace {

class IncludeRecorder : public PPCallbacks {
public:
  explicit IncludeRecorder(std::vector<Inclusion> &out) : out(out) {}
  void InclusionDirective(SourceLocation, const Token &, StringRef fileName, bool,
                          CharSourceRange range, OptionalFileEntryRef file,
                          StringRef searchPath, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (file)
      out.push_back({range.getBegin(), fileName.str(), searchPath.str(), file});
  }

private:
  std::vector<Inclusion> &out;
};

// A path that stays below the directory it is taken against.
bool staysBelow(StringRef p) {
  if (p.empty() || llvm::sys::path::is_absolute(p))
    return false;
  for (auto it = llvm::sys::path::begin(p), e = llvm::sys::path::end(p); it != e; ++it)
    if (*it == "..")
      return false;
  return true;
}

} // namespace

void installIncludeRecorder(Preprocessor &PP, std::vector<Inclusion> &out) {
  PP.addPPCallbacks(std::make_unique<IncludeRecorder>(out));
}

std::vector<HeaderJob> planHeaders(const SourceManager &SM, DiagnosticsEngine &DE,
                                   const PragmaTable &table,
                                   const std::vector<Inclusion> &includes) {
  // The annotated headers, by file (a header entered twice is one file).
  std::map<unsigned, FileEntryRef> annotated;
  for (SourceLocation at : table.headerPragmas)
    if (OptionalFileEntryRef fe = SM.getFileEntryRefForID(SM.getFileID(at)))
      annotated.emplace(fe->getUID(), *fe);
  std::vector<HeaderJob> jobs;
  if (annotated.empty())
    return jobs;
  // Each header's translation path, from its first #include (the includer
  // comes first: its own #include was seen earlier). "" when refused.
  std::map<unsigned, std::string> outOf;
  std::map<std::string, unsigned> taken; // translation path -> header
  for (const Inclusion &inc : includes) {
    unsigned uid = inc.file->getUID();
    if (!annotated.count(uid) || outOf.count(uid))
      continue;
    std::string &out = outOf[uid];
    FileID from = SM.getFileID(SM.getExpansionLoc(inc.nameLoc));
    OptionalFileEntryRef includer = SM.getFileEntryRefForID(from);
    bool fromMain = from == SM.getMainFileID() || !includer;
    bool fromAnnotated = includer && annotated.count(includer->getUID());
    // Found in the includer's own directory (a quoted include)?
    bool relative = false;
    if (includer)
      if (auto dir = SM.getFileManager().getOptionalDirectoryRef(inc.searchPath))
        relative = &dir->getDirEntry() == &includer->getDir().getDirEntry();
    if (!staysBelow(inc.spelled)) {
      report(DE, inc.nameLoc, Diag::AnnotatedHeaderPath) << inc.spelled;
      continue;
    }
    if (relative && !fromMain && !fromAnnotated) {
      report(DE, inc.nameLoc, Diag::AnnotatedHeaderBesideHeader)
          << inc.spelled << llvm::sys::path::filename(includer->getName());
      continue;
    }
    if (relative && fromAnnotated) {
      const std::string &outer = outOf[includer->getUID()];
      if (outer.empty())
        continue;
      llvm::SmallString<256> p(llvm::sys::path::parent_path(outer));
      llvm::sys::path::append(p, inc.spelled);
      out = std::string(p);
    } else {
      out = inc.spelled;
    }
    llvm::SmallString<256> clean(out);
    llvm::sys::path::remove_dots(clean, /*remove_dot_dot=*/false);
    out = std::string(clean);
    if (!taken.emplace(out, uid).second) {
      report(DE, inc.nameLoc, Diag::AnnotatedHeaderClash) << out;
      out.clear();
      continue;
    }
    // Absolute: the header's own parse runs from hyc's directory, not the
    // compile command's.
    llvm::SmallString<256> path(inc.file->getName());
    SM.getFileManager().makeAbsolutePath(path);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/false);
    jobs.push_back({std::string(path), out});
  }
  return jobs;
}

} // namespace hy

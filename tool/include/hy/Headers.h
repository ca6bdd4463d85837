// Annotated headers: headers of the user's tree that hold `#pragma hy`.
// hyc translates each one as a file of its own (so that every source that
// includes it gets the same text: one definition of each template kernel)
// and writes the translation under a header directory, at the path the
// #include names it by, where the translated source's compile finds it
// before the original (docs/language.md, "Kernels in headers").
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"
#include <string>
#include <vector>

namespace hy {

struct PragmaTable;

/// One #include the preprocessor resolved, as the parse saw it.
struct Inclusion {
  clang::SourceLocation nameLoc; // the file name in the directive
  std::string spelled;           // the name as written, without <> or ""
  std::string searchPath;        // the directory it was found in
  clang::OptionalFileEntryRef file;
};

/// Records every #include of the parse into `out`.
void installIncludeRecorder(clang::Preprocessor &PP, std::vector<Inclusion> &out);

/// An annotated header to translate: `path` as the parse opened it, `out`
/// the path of its translation relative to the header directory.
struct HeaderJob {
  std::string path;
  std::string out;
};

/// The annotated headers the main file includes (directly or through other
/// headers), from the pragmas the handler found outside the main file.
/// Reports (and leaves out) a header whose translation the compile of the
/// translated source would not find: one named with '..' or an absolute
/// path, or included by an unannotated header relative to that header's
/// own directory (the compiler would read the original there).
std::vector<HeaderJob> planHeaders(const clang::SourceManager &SM, clang::DiagnosticsEngine &DE,
                                   const PragmaTable &table,
                                   const std::vector<Inclusion> &includes);

} // namespace hy

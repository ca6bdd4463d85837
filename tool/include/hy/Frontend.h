// Front end entry points: the `#pragma hy` handler installed on the
// preprocessor before parsing, and the attachment of recorded pragmas to
// the statements that follow them in the parsed AST.
#pragma once

#include "hy/Pragma.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include <map>

namespace hy {

/// Registers the `hy` pragma handler; it appends to `table`.
void installPragmaHandler(clang::Preprocessor &PP, PragmaTable &table);

/// The statement each pragma belongs to.
struct Attachment {
  /// parallel-for pragma id -> its ForStmt
  std::map<unsigned, const clang::ForStmt *> loops;
  /// ForStmt -> its parallel-for pragma
  std::map<const clang::ForStmt *, const PragmaDirective *> loopPragma;
  /// fetch pragma id -> the probe IfStmt clang parsed in its place
  std::map<unsigned, const clang::IfStmt *> fetchProbes;
  /// probe IfStmt -> fetch pragma
  std::map<const clang::IfStmt *, const PragmaDirective *> probePragma;
  /// A `scan` separator: the block it stands in and how many of the block's
  /// statements come before it.
  struct ScanSite {
    const clang::CompoundStmt *block = nullptr;
    unsigned split = 0;
  };
  /// scan pragma id -> where it stands
  std::map<unsigned, ScanSite> scans;
};

/// Attaches every valid pragma of the main file; reports misplaced ones.
/// Returns false if an error was reported.
bool attachPragmas(clang::ASTContext &ctx, const PragmaTable &table,
                   Attachment &out);

/// The macro every translation defines (to 1) on its second line.
extern const char *const kTranslatedMacro;
/// Makes a main file that defines it (hyc's own output given back to it) a
/// fatal error (frontend/TranslatedInput.cpp).
void installTranslatedInputCheck(clang::Preprocessor &PP);

/// Records the main file's preprocessor conditionals into `table`.
void installConditionalRecorder(clang::Preprocessor &PP, PragmaTable &table);
/// Reports an #if ... #endif group that one annotated loop cuts in two (hyc
/// copies loops' text). Returns false if it reported one.
bool checkConditionals(clang::ASTContext &ctx, const PragmaTable &table,
                       const Attachment &att);

/// If `s` is a fetch probe wrapper, the pragma id it carries.
std::optional<unsigned> probeId(const clang::Stmt *s);
/// The statement a probe wrapper covers (its else branch).
const clang::Stmt *probeBody(const clang::IfStmt *probe);
/// The argument list of a probe: m, sizes, origins.
struct ProbeArgs {
  const clang::Expr *array = nullptr;
  std::vector<const clang::Expr *> sizes, origins;
};
ProbeArgs probeArgs(const clang::IfStmt *probe);

} // namespace hy

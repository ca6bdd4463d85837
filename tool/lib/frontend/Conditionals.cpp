// Preprocessor conditionals around annotated loops. hyc copies an annotated
// loop's source text (into a CUDA kernel, beside the CPU fallback, into SIMD
// lane loops), so an `#if ... #endif` group must lie wholly inside a
// `parallel for` loop or wholly outside it: a group that starts outside and
// ends inside (or the other way round) would be cut in two by the copy and
// give output that does not compile. Such a group is an error.
#include "hy/Diagnostics.h"
#include "hy/Frontend.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/PPCallbacks.h"
#include <set>

using namespace clang;

namespace hy {

namespace {

// Records every #elif/#else/#endif of the main file with the #if it belongs
// to (directives inside skipped blocks are not seen, and need not be: they
// lie inside the group that skips them), and where every pragma is.
class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, PragmaTable &table) : SM(SM), table(table) {}
  void Elif(SourceLocation loc, SourceRange, ConditionValueKind, SourceLocation ifLoc) override {
    add(loc, ifLoc, "elif");
  }
  void Elifdef(SourceLocation loc, const Token &, const MacroDefinition &) override {
    add(loc, SourceLocation(), "elifdef");
  }
  void Elifdef(SourceLocation loc, SourceRange, SourceLocation ifLoc) override {
    add(loc, ifLoc, "elifdef");
  }
  void Elifndef(SourceLocation loc, const Token &, const MacroDefinition &) override {
    add(loc, SourceLocation(), "elifndef");
  }
  void Elifndef(SourceLocation loc, SourceRange, SourceLocation ifLoc) override {
    add(loc, ifLoc, "elifndef");
  }
  void Else(SourceLocation loc, SourceLocation ifLoc) override { add(loc, ifLoc, "else"); }
  void PragmaDirective(SourceLocation loc, PragmaIntroducerKind) override {
    SourceLocation at = SM.getExpansionLoc(loc);
    if (SM.isWrittenInMainFile(at))
      table.allPragmas.push_back(at);
  }
  void Endif(SourceLocation loc, SourceLocation ifLoc) override { add(loc, ifLoc, "endif"); }

private:
  void add(SourceLocation loc, SourceLocation ifLoc, const char *name) {
    if (SM.isWrittenInMainFile(loc) && ifLoc.isValid())
      table.conditionals.push_back({ifLoc, loc, name});
  }
  const SourceManager &SM;
  PragmaTable &table;
};

} // namespace

void installConditionalRecorder(Preprocessor &PP, PragmaTable &table) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP.getSourceManager(), table));
}

bool checkConditionals(ASTContext &ctx, const PragmaTable &table, const Attachment &att) {
  const SourceManager &SM = ctx.getSourceManager();
  DiagnosticsEngine &DE = ctx.getDiagnostics();
  std::set<SourceLocation> reported;
  bool ok = true;
  for (const auto &[id, loop] : att.loops) {
    const PragmaDirective *pd = table.byId(id);
    if (!pd)
      continue;
    SourceLocation b = SM.getExpansionLoc(pd->loc);
    SourceLocation e = SM.getExpansionLoc(loop->getEndLoc());
    auto inside = [&](SourceLocation l) {
      return !SM.isBeforeInTranslationUnit(l, b) && !SM.isBeforeInTranslationUnit(e, l);
    };
    for (const PragmaTable::Conditional &c : table.conditionals) {
      bool inIf = inside(c.ifLoc), inOther = inside(c.loc);
      if (inIf == inOther)
        continue;
      SourceLocation at = inIf ? c.ifLoc : c.loc;
      if (!reported.insert(c.ifLoc).second) // once per group
        continue;
      report(DE, at, Diag::ConditionalCrossesLoop) << (inIf ? std::string("if") : c.name)
                                                   << (inIf ? c.name : std::string("if"));
      report(DE, b, Diag::NoteAnnotatedLoop);
      ok = false;
    }
  }
  return ok;
}

} // namespace hy

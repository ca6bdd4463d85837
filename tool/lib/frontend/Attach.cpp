// Attaches recorded pragmas to statements by source location: a
// `parallel for` pragma belongs to the first statement that begins after it
// inside the same block (it must be a `for`); a `parallel fetch` pragma is
// found through the probe clang parsed in its place; a `scan` separator is
// recorded with the block it stands in and its position among the block's
// statements.
#include "hy/Diagnostics.h"
#include "hy/Frontend.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hy {

std::optional<unsigned> probeId(const Stmt *s) {
  const auto *ifs = dyn_cast_or_null<IfStmt>(s);
  if (!ifs)
    return std::nullopt;
  const Expr *c = ifs->getCond();
  if (!c)
    return std::nullopt;
  const auto *call = dyn_cast<CallExpr>(c->IgnoreImplicit());
  if (!call || call->getNumArgs() != 4)
    return std::nullopt;
  const auto *fd = call->getDirectCallee();
  const NamedDecl *nd = fd;
  if (!fd) {
    // In templates the call can stay unresolved.
    if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(call->getCallee()->IgnoreImplicit()))
      if (ule->getName().isIdentifier() && ule->getName().getAsIdentifierInfo()->getName() == kFetchProbe)
        nd = *ule->decls_begin();
  }
  if (!nd || nd->getName() != kFetchProbe)
    return std::nullopt;
  const auto *lit = dyn_cast<IntegerLiteral>(call->getArg(0)->IgnoreImplicit());
  if (!lit)
    return std::nullopt;
  return static_cast<unsigned>(lit->getValue().getZExtValue());
}

const Stmt *probeBody(const IfStmt *probe) { return probe->getElse(); }

static void flattenList(const Expr *e, std::vector<const Expr *> &out) {
  const auto *call = dyn_cast<CallExpr>(e->IgnoreImplicit());
  if (!call)
    return;
  for (const Expr *a : call->arguments()) {
    const Expr *x = a->IgnoreImplicit();
    if (const auto *p = dyn_cast<ParenExpr>(x))
      x = p->getSubExpr();
    out.push_back(x);
  }
}

ProbeArgs probeArgs(const IfStmt *probe) {
  ProbeArgs a;
  const auto *call = cast<CallExpr>(probe->getCond()->IgnoreImplicit());
  a.array = call->getArg(1)->IgnoreImplicit();
  flattenList(call->getArg(2), a.sizes);
  flattenList(call->getArg(3), a.origins);
  return a;
}

namespace {

struct Position {
  const Stmt *stmt;
  SourceLocation begin;
};

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(SourceManager &SM) : SM(SM) {}

  bool TraverseDecl(Decl *d) {
    if (!d)
      return true;
    if (!isa<TranslationUnitDecl>(d) && !isa<NamespaceDecl>(d) &&
        !isa<LinkageSpecDecl>(d) && !SM.isInMainFile(SM.getExpansionLoc(d->getLocation())))
      return true; // headers: nothing to attach there
    return RecursiveASTVisitor::TraverseDecl(d);
  }

  void position(const Stmt *s) {
    if (s)
      positions.push_back({s, SM.getExpansionLoc(s->getBeginLoc())});
  }
  bool VisitCompoundStmt(CompoundStmt *cs) {
    compounds.push_back(cs);
    for (const Stmt *c : cs->body())
      position(c);
    return true;
  }
  bool VisitForStmt(ForStmt *s) { position(s->getBody()); return true; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *s) { position(s->getBody()); return true; }
  bool VisitWhileStmt(WhileStmt *s) { position(s->getBody()); return true; }
  bool VisitDoStmt(DoStmt *s) { position(s->getBody()); return true; }
  bool VisitIfStmt(IfStmt *s) {
    position(s->getThen());
    position(s->getElse());
    if (auto id = probeId(s))
      probes.push_back({*id, s});
    return true;
  }
  bool VisitLabelStmt(LabelStmt *s) { position(s->getSubStmt()); return true; }
  bool VisitCaseStmt(CaseStmt *s) { position(s->getSubStmt()); return true; }
  bool VisitDefaultStmt(DefaultStmt *s) { position(s->getSubStmt()); return true; }

  SourceManager &SM;
  std::vector<Position> positions;
  std::vector<const CompoundStmt *> compounds;
  std::vector<std::pair<unsigned, const IfStmt *>> probes;
};

} // namespace

// The line of source text at `loc` (a pragma, for messages), at most 60
// characters.
static std::string lineAt(const SourceManager &SM, SourceLocation loc) {
  bool invalid = false;
  const char *p = SM.getCharacterData(loc, &invalid);
  std::string text;
  for (; !invalid && p && *p && *p != '\n' && *p != '\r' && text.size() < 60; ++p)
    text += *p == '\t' ? ' ' : *p;
  while (!text.empty() && text.back() == ' ')
    text.pop_back();
  return text;
}

// Another pragma between hy pragma `d` and the statement it belongs to
// (beginning at `stmt`): hyc replaces the hy pragma with its own code right
// before the statement, so the other one would end up before that code
// (an `omp simd` before `omp parallel for`, an `unroll` before a launch).
static bool pragmaBetween(ASTContext &ctx, const PragmaTable &table, const PragmaDirective &d,
                          SourceLocation stmt, const char *what) {
  const SourceManager &SM = ctx.getSourceManager();
  for (SourceLocation p : table.allPragmas)
    if (SM.isBeforeInTranslationUnit(d.endLoc, p) && SM.isBeforeInTranslationUnit(p, stmt)) {
      bool hy = false;
      for (const PragmaDirective &o : table.pragmas)
        hy |= o.loc == p;
      if (hy)
        continue; // two hy pragmas: reported where they attach
      report(ctx.getDiagnostics(), p, Diag::PragmaBetween)
          << lineAt(SM, p) << (d.kind == PragmaKind::Fetch ? "parallel fetch" : "parallel for")
          << what;
      report(ctx.getDiagnostics(), d.loc, Diag::NoteHyPragma);
      return true;
    }
  return false;
}

bool attachPragmas(ASTContext &ctx, const PragmaTable &table, Attachment &out) {
  SourceManager &SM = ctx.getSourceManager();
  DiagnosticsEngine &DE = ctx.getDiagnostics();
  Collector col(SM);
  col.TraverseDecl(ctx.getTranslationUnitDecl());

  auto before = [&](SourceLocation a, SourceLocation b) {
    return SM.isBeforeInTranslationUnit(a, b);
  };
  // Innermost compound statement whose braces enclose loc.
  auto innermost = [&](SourceLocation loc) -> const CompoundStmt * {
    const CompoundStmt *best = nullptr;
    for (const CompoundStmt *cs : col.compounds) {
      SourceLocation l = SM.getExpansionLoc(cs->getLBracLoc());
      SourceLocation r = SM.getExpansionLoc(cs->getRBracLoc());
      if (before(l, loc) && before(loc, r) &&
          (!best || before(SM.getExpansionLoc(best->getLBracLoc()), l)))
        best = cs;
    }
    return best;
  };

  bool ok = true;
  for (auto [id, ifs] : col.probes) {
    const PragmaDirective *d = table.byId(id);
    if (!d || d->kind != PragmaKind::Fetch)
      continue;
    if (pragmaBetween(ctx, table, *d, SM.getExpansionLoc(probeBody(ifs)->getBeginLoc()),
                      "statement")) {
      ok = false;
      continue;
    }
    out.fetchProbes[id] = ifs;
    out.probePragma[ifs] = d;
  }

  for (const PragmaDirective &d : table.pragmas) {
    if (!d.valid || d.kind != PragmaKind::Scan)
      continue;
    const CompoundStmt *block = innermost(d.loc);
    if (!block) {
      report(DE, d.loc, Diag::PragmaOutsideFunction);
      ok = false;
      continue;
    }
    unsigned split = 0;
    for (const Stmt *c : block->body())
      split += before(SM.getExpansionLoc(c->getBeginLoc()), d.loc);
    out.scans[d.id] = {block, split};
  }

  for (const PragmaDirective &d : table.pragmas) {
    if (!d.valid || d.kind != PragmaKind::ParallelFor)
      continue;
    const CompoundStmt *scope = innermost(d.loc);
    if (!scope) {
      report(DE, d.loc, Diag::PragmaOutsideFunction);
      ok = false;
      continue;
    }
    const Position *next = nullptr;
    for (const Position &p : col.positions)
      if (before(d.endLoc, p.begin) && (!next || before(p.begin, next->begin)))
        next = &p;
    if (!next || innermost(next->begin) != scope) {
      report(DE, d.loc, Diag::NoStatement) << "parallel for";
      ok = false;
      continue;
    }
    // A loop-hint pragma (`#pragma GCC unroll`) makes the loop an
    // attributed statement: the loop itself is what counts.
    SourceLocation stmtBegin = next->begin;
    if (const auto *as = dyn_cast<AttributedStmt>(next->stmt))
      stmtBegin = SM.getExpansionLoc(as->getSubStmt()->getBeginLoc());
    if (pragmaBetween(ctx, table, d, stmtBegin, "loop")) {
      ok = false;
      continue;
    }
    const auto *fs = dyn_cast<ForStmt>(next->stmt);
    if (!fs) {
      report(DE, d.loc, Diag::ExpectedFor);
      report(DE, next->begin, Diag::NoteNextStatement);
      ok = false;
      continue;
    }
    if (out.loopPragma.count(fs)) {
      report(DE, d.loc, Diag::DuplicatePragma);
      ok = false;
      continue;
    }
    out.loops[d.id] = fs;
    out.loopPragma[fs] = &d;
  }
  return ok;
}

} // namespace hy

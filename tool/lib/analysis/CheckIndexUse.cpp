// Checker, loop indices after their loop: `int t; for (t = 0; ...)` on a
// `parallel for` leaves `t` with a value that depends on the target (the
// serial program's bound, an OpenMP thread's private copy, or, on the GPU,
// nothing written back at all for a block loop and a per-thread value for a
// thread loop). Reading it after the loop is an error; writing it first is
// fine.
#include "Checker.h"
#include "clang/AST/Decl.h"

namespace hy::checks {

namespace {

void collectNestLoops(const Node *n, std::vector<const LoopInfo *> &out) {
  if (!n)
    return;
  if (n->kind == NodeKind::ThreadNest)
    for (const LoopInfo &li : n->loops)
      out.push_back(&li);
  for (auto &c : n->children)
    collectNestLoops(c.get(), out);
}

} // namespace

void Checker::checkIndexAfterLoops() {
  std::vector<const LoopInfo *> loops;
  for (const LoopInfo &li : k.blockLoops)
    loops.push_back(&li);
  collectNestLoops(k.body.get(), loops);
  for (const LoopInfo *li : loops)
    if (!li->declaresIndex && li->index)
      checkIndexAfterLoop(*li);
}

void Checker::checkIndexAfterLoop(const LoopInfo &li) {
  const VarDecl *v = li.index;
  const auto *fn = dyn_cast_or_null<FunctionDecl>(v->getParentFunctionOrMethod());
  if (!v->isLocalVarDecl() || !fn || !fn->getBody())
    return;
  const SourceManager &SM = ctx.getSourceManager();
  SourceLocation end = SM.getExpansionLoc(li.loop->getEndLoc());
  std::vector<Access> acc;
  collectAccesses(fn->getBody(), acc);
  const Access *first = nullptr;
  SourceLocation firstLoc;
  for (const Access &a : acc) {
    if (a.var != v)
      continue;
    SourceLocation at = SM.getExpansionLoc(a.expr->getBeginLoc());
    if (!SM.isBeforeInTranslationUnit(end, at))
      continue;
    if (!first || SM.isBeforeInTranslationUnit(at, firstLoc)) {
      first = &a;
      firstLoc = at;
    }
  }
  if (!first || !first->read)
    return;
  report(DE, first->expr->getBeginLoc(), Diag::IndexReadAfterLoop) << v->getName();
  report(DE, li.loop->getBeginLoc(), Diag::NoteParallelLoop);
  fail();
}

} // namespace hy::checks

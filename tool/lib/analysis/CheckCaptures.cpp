// Checker, what a kernel may use and how its iterations end: captured
// variables (arrays, worklists, scalars, no raw pointers of unknown extent,
// no members reached through this), worklists either pushed to or read in
// a kernel, and no break/return/goto out of a parallel loop.
#include "Checker.h"
#include "clang/AST/ExprCXX.h"

namespace hy::checks {

void Checker::checkThis(const Stmt *s) {
  if (!s || !ok)
    return;
  if (const auto *me = dyn_cast<MemberExpr>(s))
    if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) {
      report(DE, me->getExprLoc(), Diag::ThisInKernel)
          << me->getMemberDecl()->getName();
      fail();
      return;
    }
  if (const auto *th = dyn_cast<CXXThisExpr>(s)) {
    report(DE, th->getLocation(), Diag::ThisInKernel) << "this";
    fail();
    return;
  }
  if (const auto *dm = dyn_cast<CXXDependentScopeMemberExpr>(s))
    if (dm->isImplicitAccess()) {
      report(DE, dm->getMemberLoc(), Diag::ThisInKernel) << dm->getMember().getAsString();
      fail();
      return;
    }
  if (isa<LambdaExpr>(s))
    return;
  for (const Stmt *c : s->children())
    checkThis(c);
}

// A structured binding declared outside the kernel is no variable that a
// kernel parameter could carry (it names a part of one).
void Checker::checkBindings(const Stmt *s) {
  if (!s)
    return;
  if (const auto *dre = dyn_cast<DeclRefExpr>(s))
    if (const auto *b = dyn_cast<BindingDecl>(dre->getDecl()))
      if (const auto *dd = dyn_cast_or_null<VarDecl>(b->getDecomposedDecl());
          dd && !k.locals.count(dd) && reportedBinding.insert(b).second) {
        report(DE, dre->getLocation(), Diag::BindingInKernel) << b->getName();
        report(DE, b->getLocation(), Diag::NoteDeclaredHere) << b->getName();
        fail();
      }
  for (const Stmt *c : s->children())
    checkBindings(c);
}

void Checker::checkCaptures() {
  checkThis(k.blockLoops.front().loop);
  checkBindings(k.blockLoops.front().loop);
  std::map<const VarDecl *, Capture> caps;
  for (const Access &a : regionAccesses) {
    const VarDecl *v = a.var;
    if (k.locals.count(v))
      continue;
    // A constant of the function (constexpr, or a const integer with a
    // constant initializer) is no parameter: the CUDA target copies its
    // declaration into the kernel, where it stays a constant expression.
    if (v->isLocalVarDecl() && !v->getType()->isReferenceType() &&
        v->isUsableInConstantExpressions(ctx))
      continue;
    if (v->hasGlobalStorage() && !v->isLocalVarDeclOrParm()) {
      if (!constantGlobal(v) && !reportedGlobal.count(v)) {
        report(DE, a.expr->getBeginLoc(), Diag::GlobalInKernel) << v->getName();
        reportedGlobal.insert(v);
        fail();
      }
      continue;
    }
    Capture &c = caps[v];
    if (!c.var) {
      c.var = v;
      c.array = classifyArray(v->getType());
      c.reduction = blockReduction(v);
      QualType t = v->getType().getNonReferenceType();
      QualType e = c.array.elem;
      if (c.array.kind == ArrayKind::StdVector && !e.isNull() && !e->isDependentType() &&
          (!e->isArithmeticType() || e->isBooleanType())) {
        report(DE, a.expr->getBeginLoc(), Diag::VectorElementType)
            << v->getName() << t << e.getUnqualifiedType().getAsString(ctx.getPrintingPolicy());
        fail();
      }
      if (c.array.kind == ArrayKind::Worklist && !e.isNull() && !e->isDependentType() &&
          !e->isArithmeticType()) {
        report(DE, a.expr->getBeginLoc(), Diag::UnsupportedCapture) << v->getName() << t;
        fail();
      }
      if (c.array.kind == ArrayKind::None) {
        if (t->isPointerType() || t->isArrayType()) {
          report(DE, a.expr->getBeginLoc(), Diag::RawPointer) << v->getName();
          fail();
        } else if (!t->isArithmeticType() && !t->isEnumeralType() &&
                   !t->isDependentType() && !(c.reduction && locReductionOp(t)) &&
                   !rejectedReduction.count(v)) {
          reportedCapture.insert(v);
          report(DE, a.expr->getBeginLoc(), Diag::UnsupportedCapture)
              << v->getName() << t;
          fail();
        }
      }
    }
    c.read |= a.read;
    c.written |= a.write;
  }
  // A fetched array the kernel does not use otherwise: its tile is still
  // copied, from the array the kernel then takes (a warning says the copy
  // is useless).
  for (const auto &f : k.fetches)
    if (f->array && !k.locals.count(f->array) && !caps.count(f->array) &&
        !reportedGlobal.count(f->array)) {
      if (!f->array->isLocalVarDeclOrParm()) {
        report(DE, f->pragma->loc, Diag::GlobalInKernel) << f->array->getName();
        reportedGlobal.insert(f->array);
        fail();
        continue;
      }
      report(DE, f->pragma->loc, Diag::FetchUnused) << f->array->getName();
      Capture &c = caps[f->array];
      c.var = f->array;
      c.array = classifyArray(f->array->getType());
      c.read = true;
    }
  for (auto &[v, c] : caps)
    k.captures.push_back(c);
  std::sort(k.captures.begin(), k.captures.end(), [](const Capture &a, const Capture &b) {
    return a.var->getLocation() < b.var->getLocation();
  });
}

void Checker::checkWorklists() {
  std::map<const VarDecl *, const Access *> pushed;
  for (const Access &a : regionAccesses)
    if (isPush(a))
      pushed.emplace(a.var, &a);
  for (const Access &a : regionAccesses) {
    auto it = pushed.find(a.var);
    if (it == pushed.end() || isPush(a))
      continue;
    std::string what = a.element ? "items" : a.meta ? "size" : "contents";
    report(DE, a.expr->getBeginLoc(), Diag::WorklistPushAndRead) << a.var->getName() << what;
    report(DE, it->second->expr->getBeginLoc(), Diag::NotePushHere) << a.var->getName();
    fail();
  }
}

void Checker::collectThreadLoops(const Node *n, std::set<const Stmt *> &out) {
  if (!n)
    return;
  if (n->kind == NodeKind::ThreadNest)
    for (const LoopInfo &li : n->loops)
      out.insert(li.loop);
  for (auto &c : n->children)
    collectThreadLoops(c.get(), out);
}

void Checker::checkJumps(const Stmt *s, const std::set<const Stmt *> &parallel, bool breakable) {
  std::vector<std::pair<const Stmt *, const char *>> jumps;
  jumpsOut(s, parallel, breakable, jumps);
  for (const auto &[j, what] : jumps) {
    report(DE, j->getBeginLoc(), Diag::JumpOutOfLoop) << what;
    fail();
  }
}

} // namespace hy::checks

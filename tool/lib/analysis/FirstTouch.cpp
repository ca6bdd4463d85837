// First touches of a variable in a stretch of code (FirstTouch.h): the
// analysis behind the 'scratch' clause of zone loops.
#include "FirstTouch.h"
#include "hy/Analysis.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hy {

namespace {

bool uses(const Stmt *s, const VarDecl *v) {
  std::set<const VarDecl *> one{v};
  return s && mentionsAny(s, one);
}

// The variable at the root of `e` through members (`v` of `v.a.b`).
const VarDecl *rootVar(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  while (const auto *me = dyn_cast<MemberExpr>(e))
    e = me->getBase()->IgnoreParenImpCasts();
  return refVar(e);
}

// `v = e` or `v.fill(x)` / `v.assign(...)` / `v.clear()` (also on a member
// of v: `ws.level.fill(0)`) with no other use of v: the statement replaces
// v (or that member) whole.
bool replacesWhole(const Stmt *s, const VarDecl *v) {
  const auto *e = dyn_cast<Expr>(s);
  if (!e)
    return false;
  e = e->IgnoreImplicit();
  if (const auto *bo = dyn_cast<BinaryOperator>(e))
    return bo->getOpcode() == BO_Assign && rootVar(bo->getLHS()) == v && !uses(bo->getRHS(), v);
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e))
    return op->getOperator() == OO_Equal && op->getNumArgs() == 2 && rootVar(op->getArg(0)) == v &&
           !uses(op->getArg(1), v);
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (!md || rootVar(mc->getImplicitObjectArgument()) != v)
      return false;
    StringRef name = md->getName();
    if (name != "fill" && name != "assign" && name != "clear")
      return false;
    for (const Expr *a : mc->arguments())
      if (uses(a, v))
        return false;
    return true;
  }
  return false;
}

// The uses of v passed whole to a non-const reference or pointer parameter
// (`f(v)`, `f(&v)`): outputs of the call.
void outputArgs(const Stmt *s, const VarDecl *v, std::set<const Expr *> &out) {
  if (!s)
    return;
  if (const auto *ce = dyn_cast<CallExpr>(s)) {
    // A call not resolved yet (in a template): parameter types unknown, so
    // a whole variable passed is taken as an output, as Accesses.cpp takes
    // it as written.
    if (!ce->getDirectCallee() && !isa<CXXMemberCallExpr>(ce))
      for (const Expr *arg : ce->arguments())
        if (refVar(arg->IgnoreParenImpCasts()) == v)
          out.insert(arg->IgnoreParenImpCasts());
    if (const FunctionDecl *fd = ce->getDirectCallee()) {
      const unsigned skip = isa<CXXOperatorCallExpr>(ce) && isa<CXXMethodDecl>(fd) ? 1 : 0;
      for (unsigned i = skip; i < ce->getNumArgs() && i - skip < fd->getNumParams(); ++i) {
        QualType pt = fd->getParamDecl(i - skip)->getType();
        const bool ref = pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified();
        const bool ptr = pt->isPointerType() && !pt->getPointeeType().isConstQualified();
        const Expr *a = ce->getArg(i)->IgnoreParenImpCasts();
        if (const auto *uo = dyn_cast<UnaryOperator>(a); uo && uo->getOpcode() == UO_AddrOf)
          a = uo->getSubExpr()->IgnoreParenImpCasts();
        if ((ref || ptr) && refVar(a) == v)
          out.insert(a);
      }
    }
  }
  for (const Stmt *c : s->children())
    outputArgs(c, v, out);
}

FirstTouch touchOf(const Stmt *s, const VarDecl *v) {
  if (!s)
    return {};
  if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
    for (const Stmt *c : cs->body())
      if (FirstTouch t = touchOf(c, v); t.touch != Touch::None)
        return t;
    return {};
  }
  std::vector<Access> acc;
  collectAccesses(s, acc);
  std::set<const Expr *> outputs;
  outputArgs(s, v, outputs);
  bool any = false;
  for (const Access &a : acc) {
    if (a.var != v || a.meta)
      continue;
    any = true;
    if (a.read && !outputs.count(a.expr) && !replacesWhole(s, v))
      return {Touch::Reads, a.expr};
  }
  return any ? FirstTouch{Touch::Writes, nullptr} : FirstTouch{};
}

// After `loop` inside `s`: true once the loop was met (then `t` holds the
// first touch after it within s, or None).
bool after(const Stmt *s, const Stmt *loop, const VarDecl *v, FirstTouch &t) {
  if (!s)
    return false;
  if (s == loop)
    return true;
  // Only a compound statement runs its later children after an earlier
  // one (not an if's else after its then).
  if (!isa<CompoundStmt>(s)) {
    for (const Stmt *c : s->children())
      if (after(c, loop, v, t))
        return true;
    return false;
  }
  bool met = false;
  for (const Stmt *c : s->children()) {
    if (met) {
      t = touchOf(c, v);
      if (t.touch != Touch::None)
        return true;
      continue;
    }
    met = after(c, loop, v, t);
    if (met && t.touch != Touch::None)
      return true;
  }
  return met;
}

} // namespace

FirstTouch firstTouch(const Stmt *s, const VarDecl *v) { return touchOf(s, v); }

FirstTouch firstTouchAfter(const Stmt *body, const Stmt *loop, const VarDecl *v) {
  FirstTouch t;
  after(body, loop, v, t);
  return t;
}

} // namespace hy

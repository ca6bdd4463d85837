// Array expressions of host code and the containers they are reached
// through (see CudaHostPaths.h).
#include "cuda/CudaHostPaths.h"

#include "hy/Analysis.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace hy::cudagen {

bool deviceArrayType(QualType t) {
  ArrayType at = classifyArray(t);
  if (at.kind == ArrayKind::None)
    return false;
  if (at.kind != ArrayKind::StdVector || at.elem.isNull() || at.elem->isDependentType())
    return true;
  return at.elem->isArithmeticType() && !at.elem->isBooleanType();
}

namespace {

// A specialization of one of the standard containers host_within knows.
const ClassTemplateSpecializationDecl *stdContainer(QualType t) {
  t = t.getNonReferenceType();
  const auto *sp = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
  if (!sp || !sp->isInStdNamespace())
    return nullptr;
  StringRef n = sp->getName();
  if (n == "vector" || n == "array" || n == "pair" || n == "tuple" || n == "optional")
    return sp;
  return nullptr;
}

bool elementOk(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  return t->isArithmeticType() || t->isEnumeralType() || t->isPointerType() || withinType(t);
}

} // namespace

bool withinType(QualType t) {
  t = t.getNonReferenceType();
  if (t.isNull() || t->isDependentType())
    return false;
  if (deviceArrayType(t))
    return true;
  const ClassTemplateSpecializationDecl *sp = stdContainer(t);
  if (!sp)
    return false;
  for (const TemplateArgument &a : sp->getTemplateArgs().asArray()) {
    if (a.getKind() == TemplateArgument::Type) {
      // std::vector's allocator is no element.
      if (const auto *r = a.getAsType()->getAsCXXRecordDecl(); r && r->getName() == "allocator")
        continue;
      if (!elementOk(a.getAsType()))
        return false;
    } else if (a.getKind() == TemplateArgument::Pack) {
      for (const TemplateArgument &p : a.pack_elements())
        if (p.getKind() == TemplateArgument::Type && !elementOk(p.getAsType()))
          return false;
    }
  }
  return true;
}

bool plainPath(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  while (const auto *m = dyn_cast<MemberExpr>(e))
    e = m->getBase()->IgnoreParenImpCasts();
  return isa<DeclRefExpr>(e) || isa<CXXThisExpr>(e);
}

const DeclRefExpr *pathBase(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  while (const auto *m = dyn_cast<MemberExpr>(e))
    e = m->getBase()->IgnoreParenImpCasts();
  return dyn_cast<DeclRefExpr>(e);
}

void rangeLoopVars(const Stmt *s, RangeOf &out) {
  if (!s)
    return;
  if (const auto *rs = dyn_cast<CXXForRangeStmt>(s))
    if (const VarDecl *v = rs->getLoopVariable(); v && rs->getRangeInit())
      out[v] = rs->getRangeInit();
  for (const Stmt *c : s->children())
    rangeLoopVars(c, out);
}

const Expr *containerRoot(const Expr *x, const RangeOf &ranges) {
  const Expr *e = x->IgnoreParenImpCasts();
  bool stepped = false;
  for (;;) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
      OverloadedOperatorKind k = op->getOperator();
      if ((k == OO_Subscript || k == OO_Star) && op->getNumArgs() >= 1 &&
          stdContainer(op->getArg(0)->getType())) {
        e = op->getArg(0)->IgnoreParenImpCasts();
        stepped = true;
        continue;
      }
      return nullptr;
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const CXXMethodDecl *md = mc->getMethodDecl();
      StringRef n = md && md->getIdentifier() ? md->getName() : "";
      if ((n == "value" || n == "front" || n == "back" || n == "at") &&
          stdContainer(mc->getImplicitObjectArgument()->getType())) {
        e = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
        stepped = true;
        continue;
      }
      return nullptr;
    }
    if (const auto *ce = dyn_cast<CallExpr>(e)) {
      const FunctionDecl *fd = ce->getDirectCallee();
      if (fd && fd->isInStdNamespace() && fd->getIdentifier() && fd->getName() == "get" &&
          ce->getNumArgs() == 1 && stdContainer(ce->getArg(0)->getType())) {
        e = ce->getArg(0)->IgnoreParenImpCasts();
        stepped = true;
        continue;
      }
      return nullptr;
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (!me->isArrow() && stdContainer(me->getBase()->getType())) { // pair.first
        e = me->getBase()->IgnoreParenImpCasts();
        stepped = true;
        continue;
      }
      break;
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      auto it = v ? ranges.find(v) : ranges.end();
      if (it != ranges.end() && stdContainer(it->second->getType())) {
        e = it->second->IgnoreParenImpCasts();
        stepped = true;
        continue;
      }
      break;
    }
    return nullptr;
  }
  if (!stepped || !plainPath(e) || !withinType(e->getType()))
    return nullptr;
  return e;
}

// An expression that names an array: a variable, a member, an element of a
// container, or a call that returns one by lvalue reference (not an
// assignment's result, std::move's, or a temporary).
static bool namesArray(const Expr *x) {
  if (isa<DeclRefExpr>(x) || isa<MemberExpr>(x))
    return x->isGLValue();
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(x))
    return (op->getOperator() == OO_Subscript || op->getOperator() == OO_Star) && x->isLValue();
  if (isa<CallExpr>(x))
    return x->isLValue();
  return false;
}

void arrayExprs(const Stmt *s, const std::function<bool(const Stmt *)> &skip,
                const std::function<void(const Expr *, const Stmt *)> &f) {
  std::function<void(const Stmt *, const Stmt *)> go = [&](const Stmt *n, const Stmt *parent) {
    if (!n || isa<LambdaExpr>(n) || skip(n))
      return;
    if (const auto *rs = dyn_cast<CXXForRangeStmt>(n)) {
      // What is written, not the variables the compiler adds (`*__begin`).
      go(rs->getInit(), n);
      go(rs->getRangeInit(), n);
      go(rs->getBody(), n);
      return;
    }
    if (const auto *e = dyn_cast<Expr>(n)) {
      const Expr *x = e->IgnoreParens();
      if (namesArray(x) && !x->getType()->isDependentType() && deviceArrayType(x->getType())) {
        f(x, parent);
        // Inside `v[i]` only the indices and call arguments are other uses.
        if (const auto *op = dyn_cast<CXXOperatorCallExpr>(x))
          for (unsigned i = 1; i < op->getNumArgs(); ++i)
            go(op->getArg(i), x);
        else if (const auto *ce = dyn_cast<CallExpr>(x))
          for (const Expr *a : ce->arguments())
            go(a, x);
        return;
      }
    }
    // The parent a use sees is the nearest node that is not a paren or an
    // implicit cast.
    const Stmt *up = isa<ParenExpr>(n) || isa<ImplicitCastExpr>(n) || isa<MaterializeTemporaryExpr>(n)
                         ? parent
                         : n;
    for (const Stmt *c : n->children())
      go(c, up);
  };
  go(s, nullptr);
}

} // namespace hy::cudagen

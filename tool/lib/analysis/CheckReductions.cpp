// Checker, reductions and writes: reduction clauses resolved to variables
// and typed, scalars declared outside a parallel loop written only as its
// reductions, and updates of array-reduction elements in a form that maps
// to an atomic (a = a OP v, a OP= v, a = min/max(a, v)).
#include "Checker.h"
#include "clang/AST/ExprCXX.h"

namespace hy::checks {

const VarDecl *Checker::findVar(const std::string &name, const Stmt *scope,
                       const std::set<const VarDecl *> &inside) {
  std::vector<Access> acc;
  collectAccesses(scope, acc);
  const VarDecl *insideMatch = nullptr;
  for (const Access &a : acc)
    if (a.var->getName() == name) {
      if (!inside.count(a.var))
        return a.var;
      insideMatch = a.var;
    }
  return insideMatch;
}

bool Checker::resolve(const ReductionClause &c, const NamedLoc &v, const Stmt *scope,
             const std::set<const VarDecl *> &inside, Reduction &r) {
  const VarDecl *vd = findVar(v.name, scope, inside);
  if (!vd) {
    report(DE, v.loc, Diag::ReductionNotUsed) << v.name;
    return false;
  }
  if (inside.count(vd)) {
    report(DE, v.loc, Diag::ReductionDeclaredInside) << v.name;
    fail();
    return false;
  }
  r.op = c.op;
  r.var = vd;
  r.loc = v.loc;
  rejectedReduction.insert(vd); // until it is accepted below
  QualType t = vd->getType().getNonReferenceType();
  ArrayType at = classifyArray(t);
  QualType elem = t;
  if (at.kind != ArrayKind::None) {
    r.isArray = true;
    elem = at.elem;
  } else if (!t->isArithmeticType() && !t->isDependentType()) {
    report(DE, v.loc, Diag::ReductionType) << v.name << t;
    fail();
    return false;
  }
  bool bitwise = c.op == ReductionOp::BitAnd || c.op == ReductionOp::BitOr ||
                 c.op == ReductionOp::BitXor;
  if (bitwise && !elem->isDependentType() && !elem->isIntegerType()) {
    report(DE, c.opLoc, Diag::ReductionOpType) << spelling(c.op) << v.name << t;
    fail();
    return false;
  }
  rejectedReduction.erase(vd);
  return true;
}

void Checker::resolveBlockReductions() {
  for (const LoopInfo &li : k.blockLoops)
    for (const ReductionClause &c : li.pragma->reductions)
      for (const NamedLoc &v : c.vars) {
        Reduction r;
        if (resolve(c, v, k.blockLoops.front().loop, k.locals, r))
          k.reductions.push_back(r);
      }
}

const Reduction *Checker::blockReduction(const VarDecl *v) const {
  for (const Reduction &r : k.reductions)
    if (r.var == v)
      return &r;
  return nullptr;
}

void Checker::checkWrites(const Node *n, std::set<const VarDecl *> allowed) {
  if (!n)
    return;
  if (n->kind == NodeKind::ThreadNest) {
    std::set<const VarDecl *> inside;
    collectDeclaredVars(n->stmt, inside);
    for (const LoopInfo &li : n->loops)
      inside.insert(li.index);
    Node *mn = const_cast<Node *>(n);
    for (const LoopInfo &li : n->loops)
      for (const ReductionClause &c : li.pragma->reductions)
        for (const NamedLoc &v : c.vars) {
          Reduction r;
          if (resolve(c, v, n->stmt, inside, r)) {
            if (r.isArray) {
              report(DE, v.loc, Diag::ReductionType) << v.name << r.var->getType();
              fail();
              continue;
            }
            mn->reductions.push_back(r);
          }
        }
    std::set<const VarDecl *> ok2 = allowed;
    for (const Reduction &r : n->reductions)
      ok2.insert(r.var);
    std::vector<Access> acc;
    collectAccesses(n->stmt, acc);
    for (const Access &a : acc)
      if (a.write && !a.element && !inside.count(a.var) && !ok2.count(a.var) &&
          !blockReduction(a.var))
        writeError(a);
    return;
  }
  if (n->kind == NodeKind::Uniform || n == k.body.get()) {
    if (n->kind == NodeKind::Uniform) {
      std::vector<Access> acc;
      collectAccesses(n->stmt, acc);
      bool arrayWrite = false, localWrite = false;
      for (const Access &a : acc) {
        if (a.write && !a.element && !k.locals.count(a.var) && !blockReduction(a.var))
          writeError(a);
        if (a.write && (a.element || classifyArray(a.var->getType()).kind != ArrayKind::None))
          arrayWrite = true;
        else if (a.write && k.locals.count(a.var))
          localWrite = true;
      }
      if (arrayWrite && localWrite && !isa<DeclStmt>(n->stmt)) {
        report(DE, n->stmt->getBeginLoc(), Diag::BlockStmtMixedWrite);
        fail();
      }
    }
  }
  if (n->kind == NodeKind::Control) {
    // The control statement's own header (condition, increment).
    std::vector<Access> acc;
    for (const Stmt *c : n->stmt->children()) {
      bool isChildBody = false;
      for (auto &ch : n->children)
        if (ch->stmt == c)
          isChildBody = true;
      if (!isChildBody)
        collectAccesses(c, acc);
    }
    for (const Access &a : acc)
      if (a.write && !a.element && !k.locals.count(a.var) && !blockReduction(a.var))
        writeError(a);
  }
  for (auto &c : n->children)
    checkWrites(c.get(), allowed);
}

void Checker::writeError(const Access &a) {
  if (rejectedReduction.count(a.var)) // its clause was already reported
    return;
  if (!reportedWrite.insert(a.expr).second)
    return;
  report(DE, a.expr->getBeginLoc(), Diag::WriteToOuterScalar) << a.var->getName();
  report(DE, a.var->getLocation(), Diag::NoteDeclaredHere) << a.var->getName();
  fail();
}

bool Checker::isMinMaxCall(const Expr *e, ReductionOp &op,
                         const Expr *&a, const Expr *&b) {
  e = e->IgnoreParenImpCasts();
  const auto *call = dyn_cast<CallExpr>(e);
  if (!call || call->getNumArgs() != 2)
    return false;
  std::string name;
  if (const auto *fd = call->getDirectCallee())
    name = fd->getName().str();
  else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(call->getCallee()->IgnoreImplicit()))
    name = ule->getName().getAsString();
  if (name == "min" || name == "fmin" || name == "fminf")
    op = ReductionOp::Min;
  else if (name == "max" || name == "fmax" || name == "fmaxf")
    op = ReductionOp::Max;
  else
    return false;
  a = call->getArg(0)->IgnoreImplicit();
  b = call->getArg(1)->IgnoreImplicit();
  return true;
}

std::optional<ReductionOp> Checker::compoundOp(BinaryOperatorKind k) {
  switch (k) {
  case BO_AddAssign: return ReductionOp::Add;
  case BO_MulAssign: return ReductionOp::Mul;
  case BO_AndAssign: return ReductionOp::BitAnd;
  case BO_OrAssign: return ReductionOp::BitOr;
  case BO_XorAssign: return ReductionOp::BitXor;
  default: return std::nullopt;
  }
}

void Checker::checkArrayUpdates(const Stmt *region) {
  std::set<const VarDecl *> arrays;
  for (const Reduction &r : k.reductions)
    if (r.isArray)
      arrays.insert(r.var);
  if (arrays.empty())
    return;
  std::set<const Expr *> matchedTargets;
  auto sameTarget = [&](const Expr *a, const Expr *b) { return sameExpr(ctx, a, b); };
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *bo = dyn_cast<BinaryOperator>(s)) {
      std::vector<Access> lhs;
      collectAccesses(bo->getLHS(), lhs);
      const Reduction *r = nullptr;
      if (!lhs.empty() && lhs.front().element && arrays.count(lhs.front().var) &&
          lhs.front().elementExpr == bo->getLHS()->IgnoreParenImpCasts())
        r = blockReduction(lhs.front().var);
      if (r && bo->isAssignmentOp()) {
        ArrayUpdate u;
        u.assign = bo;
        u.target = bo->getLHS()->IgnoreParenImpCasts();
        u.op = r->op;
        bool good = false;
        if (auto op = compoundOp(bo->getOpcode())) {
          good = *op == r->op;
          u.value = bo->getRHS();
        } else if (bo->getOpcode() == BO_Assign) {
          ReductionOp op;
          const Expr *a, *b;
          const Expr *rhs = bo->getRHS()->IgnoreParenImpCasts();
          if (isMinMaxCall(rhs, op, a, b) && op == r->op) {
            if (sameTarget(a, u.target)) { good = true; u.value = b; }
            else if (sameTarget(b, u.target)) { good = true; u.value = a; }
          } else if (const auto *ar = dyn_cast<BinaryOperator>(rhs)) {
            std::optional<ReductionOp> bop;
            switch (ar->getOpcode()) {
            case BO_Add: bop = ReductionOp::Add; break;
            case BO_Mul: bop = ReductionOp::Mul; break;
            case BO_And: bop = ReductionOp::BitAnd; break;
            case BO_Or: bop = ReductionOp::BitOr; break;
            case BO_Xor: bop = ReductionOp::BitXor; break;
            case BO_LAnd: bop = ReductionOp::LogAnd; break;
            case BO_LOr: bop = ReductionOp::LogOr; break;
            default: break;
            }
            if (bop && *bop == r->op) {
              if (sameTarget(ar->getLHS(), u.target)) { good = true; u.value = ar->getRHS(); }
              else if (sameTarget(ar->getRHS(), u.target)) { good = true; u.value = ar->getLHS(); }
            }
          }
        }
        if (good && (bo->getBeginLoc().isMacroID() || bo->getEndLoc().isMacroID())) {
          report(DE, ctx.getSourceManager().getExpansionLoc(bo->getBeginLoc()),
                 Diag::ReductionUpdateInMacro)
              << lhs.front().var->getName();
          fail();
          matchedTargets.insert(u.target); // reported once, here
          return;
        }
        if (good) {
          k.arrayUpdates.push_back(u);
          matchedTargets.insert(u.target);
          walk(u.value);
          for (const Expr *i : lhs.front().indices)
            walk(i);
          return;
        }
      }
    }
    for (const Stmt *c : s->children())
      walk(c);
  };
  walk(region);
  for (const Access &a : regionAccesses)
    if (a.write && arrays.count(a.var) && !matchedTargets.count(a.elementExpr)) {
      const Reduction *r = blockReduction(a.var);
      std::string x = a.var->getName().str() + "(...)", op = spelling(r->op), forms;
      if (r->op == ReductionOp::Min || r->op == ReductionOp::Max)
        forms = x + " = " + op + "(" + x + ", e)";
      else if (r->op == ReductionOp::LogAnd || r->op == ReductionOp::LogOr)
        forms = x + " = " + x + " " + op + " e";
      else
        forms = x + " " + op + "= e or " + x + " = " + x + " " + op + " e";
      report(DE, a.expr->getBeginLoc(), Diag::ReductionArrayUpdate)
          << a.var->getName() << op << forms;
      fail();
    }
}

} // namespace hy::checks

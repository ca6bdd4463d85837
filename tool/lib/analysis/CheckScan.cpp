// Checker, scans: the rules of `reduction(inscan, OP : x)` and its
// `#pragma hy scan inclusive(x)` / `exclusive(x)` separator
// (docs/language.md, "Scans"). A scan kernel is one block loop without
// thread loops or fetches, scanning one arithmetic variable; its input
// phase only combines into the variable (and writes nothing else outside
// itself: the CPU targets run it twice), its scan phase only reads it, and
// no local crosses from one phase to the other (they run apart on the GPU).
#include "Checker.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace hy::checks {

namespace {

bool isRefTo(const Expr *e, const VarDecl *v) {
  const auto *dr = dyn_cast_or_null<DeclRefExpr>(e ? e->IgnoreParenImpCasts() : nullptr);
  return dr && dr->getDecl() == v;
}

// The references to `v` that form updates with operator `op` in `s`
// (`v OP= e`, `v = v OP e`, `v = e OP v`, `v = min(v, e)`, `++v` for +),
// where e does not use `v`; all other references are in `others`.
class Updates : public RecursiveASTVisitor<Updates> {
public:
  Updates(const VarDecl *v, ReductionOp op) : v(v), op(op) {}

  bool VisitBinaryOperator(BinaryOperator *bo) {
    if (!bo->isAssignmentOp() || !isRefTo(bo->getLHS(), v))
      return true;
    const Expr *value = nullptr, *self = nullptr;
    const Expr *rhs = bo->getRHS()->IgnoreParenImpCasts();
    ReductionOp callOp;
    const Expr *a, *b;
    if (bo->isCompoundAssignmentOp()) {
      if (Checker::compoundOp(bo->getOpcode()) == op)
        value = bo->getRHS();
    } else if (Checker::isMinMaxCall(rhs, callOp, a, b)) {
      if (callOp == op)
        pick(a, b, value, self);
    } else if (const auto *ar = dyn_cast<BinaryOperator>(rhs)) {
      if (binary(ar->getOpcode()) == op)
        pick(ar->getLHS(), ar->getRHS(), value, self);
    }
    if (value && !mentions(value)) {
      good.insert(bo->getLHS()->IgnoreParenImpCasts());
      if (self)
        good.insert(self->IgnoreParenImpCasts());
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *uo) {
    if (uo->isIncrementOp() && op == ReductionOp::Add && isRefTo(uo->getSubExpr(), v))
      good.insert(uo->getSubExpr()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *dr) {
    if (dr->getDecl() == v)
      all.push_back(dr);
    return true;
  }

  std::set<const Expr *> good;
  std::vector<const DeclRefExpr *> all;

private:
  void pick(const Expr *a, const Expr *b, const Expr *&value, const Expr *&self) const {
    if (isRefTo(a, v)) {
      self = a;
      value = b;
    } else if (isRefTo(b, v)) {
      self = b;
      value = a;
    }
  }
  bool mentions(const Expr *e) const { return mentionsAny(e, {v}) != nullptr; }
  static std::optional<ReductionOp> binary(BinaryOperatorKind k) {
    switch (k) {
    case BO_Add: return ReductionOp::Add;
    case BO_Mul: return ReductionOp::Mul;
    case BO_And: return ReductionOp::BitAnd;
    case BO_Or: return ReductionOp::BitOr;
    case BO_Xor: return ReductionOp::BitXor;
    case BO_LAnd: return ReductionOp::LogAnd;
    case BO_LOr: return ReductionOp::LogOr;
    default: return std::nullopt;
    }
  }
  const VarDecl *v;
  ReductionOp op;
};

// `continue` statements that leave the statement (those of loops inside it
// stay there).
void continues(const Stmt *s, std::vector<const ContinueStmt *> &out) {
  if (!s)
    return;
  if (const auto *c = dyn_cast<ContinueStmt>(s)) {
    out.push_back(c);
    return;
  }
  if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s) ||
      isa<LambdaExpr>(s))
    return;
  for (const Stmt *c : s->children())
    continues(c, out);
}

std::string allowedForms(ReductionOp op, const std::string &x) {
  switch (op) {
  case ReductionOp::Min:
  case ReductionOp::Max: {
    std::string f = spelling(op);
    return "'" + x + " = std::" + f + "(" + x + ", e)'";
  }
  case ReductionOp::LogAnd:
  case ReductionOp::LogOr:
    return "'" + x + " = " + x + " " + spelling(op) + " e'";
  case ReductionOp::Add:
    return "'" + x + " += e', '" + x + " = " + x + " + e' or '++" + x + "'";
  default:
    return "'" + x + " " + spelling(op) + "= e' or '" + x + " = " + x + " " + spelling(op) + " e'";
  }
}

bool hasNestsOrFetches(const Node *n, SourceLocation &at) {
  if (n->kind == NodeKind::ThreadNest) {
    at = n->loops.front().pragma->loc;
    return true;
  }
  if (n->kind == NodeKind::FetchNode) {
    at = n->fetch->pragma->loc;
    return true;
  }
  for (auto &c : n->children)
    if (hasNestsOrFetches(c.get(), at))
      return true;
  return false;
}

// inscan on a thread loop (of any nest of the kernel).
void inscanOnThreads(const Node *n, std::vector<SourceLocation> &out) {
  if (n->kind == NodeKind::ThreadNest)
    for (const LoopInfo &li : n->loops)
      for (const ReductionClause &c : li.pragma->reductions)
        if (c.inscan)
          out.push_back(c.inscanLoc);
  for (auto &c : n->children)
    inscanOnThreads(c.get(), out);
}

} // namespace

const ReductionClause *Checker::inscanClause(const LoopInfo &li) const {
  for (const ReductionClause &c : li.pragma->reductions)
    if (c.inscan)
      return &c;
  return nullptr;
}

void Checker::checkScan() {
  std::vector<SourceLocation> onThreads;
  inscanOnThreads(k.body.get(), onThreads);
  for (SourceLocation l : onThreads) {
    report(DE, l, Diag::ScanThreadLoop);
    fail();
  }
  const ReductionClause *clause = nullptr;
  for (size_t i = 0; i < k.blockLoops.size(); ++i)
    if (const ReductionClause *c = inscanClause(k.blockLoops[i])) {
      if (k.blockLoops.size() > 1) {
        report(DE, c->inscanLoc, Diag::ScanNotAlone);
        report(DE, k.blockLoops[i ? 0 : 1].loop->getBeginLoc(), Diag::NoteOuterLoop);
        fail();
        return;
      }
      clause = c;
    }
  Scan *sc = k.scan.get();
  if (!clause) {
    if (sc) {
      report(DE, sc->pragma->loc, Diag::ScanNoInscan) << sc->pragma->scanVar.name;
      fail();
    }
    return;
  }
  const LoopInfo &li = k.blockLoops.front();
  if (li.pragma->reductions.size() > 1 || clause->vars.size() > 1) {
    report(DE, clause->inscanLoc, Diag::ScanOneReduction);
    fail();
    return;
  }
  if (!sc) {
    report(DE, clause->inscanLoc, Diag::ScanNoSeparator) << clause->vars.front().name;
    fail();
    return;
  }
  SourceLocation nest;
  if (hasNestsOrFetches(k.body.get(), nest)) {
    report(DE, nest, Diag::ScanThreads);
    fail();
    return;
  }
  Reduction *r = nullptr;
  for (Reduction &x : k.reductions)
    if (x.loc == clause->vars.front().loc)
      r = &x;
  if (!r) {
    // The variable was refused (an error from resolve) or the loop does not
    // use it (a warning): nothing to scan, the loop as written is right.
    k.scan.reset();
    return;
  }
  const std::string name = r->var->getName().str();
  QualType t = r->var->getType().getNonReferenceType();
  if (r->isArray || (!t->isDependentType() && !t->isArithmeticType())) {
    report(DE, r->loc, Diag::ScanType) << name << t;
    fail();
    return;
  }
  if (sc->pragma->scanVar.name != name) {
    report(DE, sc->pragma->scanVar.loc, Diag::ScanVarMismatch)
        << sc->pragma->scanVar.name << name;
    fail();
    return;
  }
  r->inscan = true;
  sc->reduction = r;
  checkScanPhases(*sc, *r);
}

void Checker::checkScanPhases(const Scan &sc, const Reduction &r) {
  const VarDecl *v = r.var;
  const std::string name = v->getName().str();
  // Input phase: updates with the operator only, no other outside writes,
  // no continue.
  std::set<const VarDecl *> inputLocals, scanLocals;
  for (const Stmt *s : sc.input)
    collectDeclaredVars(s, inputLocals);
  for (const Stmt *s : sc.scan)
    collectDeclaredVars(s, scanLocals);
  for (const Stmt *s : sc.input) {
    Updates u(v, r.op);
    u.TraverseStmt(const_cast<Stmt *>(s));
    for (const DeclRefExpr *dr : u.all)
      if (!u.good.count(dr)) {
        report(DE, dr->getLocation(), Diag::ScanInputUse) << name << allowedForms(r.op, name);
        fail();
      }
    std::vector<Access> acc;
    collectAccesses(s, acc);
    std::set<const VarDecl *> said;
    for (const Access &a : acc)
      if ((a.write || a.push) && a.var != v && !inputLocals.count(a.var) && said.insert(a.var).second) {
        report(DE, a.expr->getExprLoc(), Diag::ScanInputWrite) << a.var->getName() << name;
        fail();
      }
    std::vector<const ContinueStmt *> cs;
    continues(s, cs);
    for (const ContinueStmt *c : cs) {
      report(DE, c->getBeginLoc(), Diag::ScanInputContinue);
      fail();
    }
  }
  // Locals that cross from one phase to the other.
  auto crossing = [&](const std::vector<const Stmt *> &stmts,
                      const std::set<const VarDecl *> &other, const char *from, const char *to) {
    std::set<const VarDecl *> said;
    for (const Stmt *s : stmts) {
      std::vector<Access> acc;
      collectAccesses(s, acc);
      for (const Access &a : acc)
        if (other.count(a.var) && said.insert(a.var).second) {
          report(DE, a.expr->getExprLoc(), Diag::ScanCrossLocal) << a.var->getName() << from << to;
          report(DE, a.var->getLocation(), Diag::NoteDeclaredHere) << a.var->getName();
          fail();
        }
    }
  };
  crossing(sc.scan, inputLocals, "input", "scan");
  crossing(sc.input, scanLocals, "scan", "input");
  // Scan phase: reads only.
  for (const Stmt *s : sc.scan) {
    std::vector<Access> acc;
    collectAccesses(s, acc);
    for (const Access &a : acc)
      if (a.var == v && a.write) {
        report(DE, a.expr->getExprLoc(), Diag::ScanPhaseWrite) << name;
        fail();
      }
  }
}

} // namespace hy::checks

// Checker, reductions and writes: reduction clauses resolved to variables
// and typed, scalars declared outside a parallel loop written only as its
// reductions, and updates of array-reduction elements in a form that maps
// to an atomic (a = a OP v, a OP= v, a = min/max(a, v), and a++ / a-- for
// '+').
#include "Checker.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

namespace hy::checks {

bool Checker::resolve(const ReductionClause &c, const NamedLoc &v, const ForStmt *loop,
                      const Stmt *scope, const std::set<const VarDecl *> &inside, Reduction &r) {
  // The variable the name denotes before the loop, as C++ looks it up (a
  // local of the body with the same name is another variable).
  const ValueDecl *named = lookupBefore(ctx, loop, v.name);
  std::vector<Access> acc;
  collectAccesses(scope, acc);
  if (const auto *b = dyn_cast_or_null<BindingDecl>(named)) {
    report(DE, v.loc, Diag::ReductionBinding) << v.name;
    report(DE, b->getLocation(), Diag::NoteDeclaredHere) << v.name;
    reportedBinding.insert(b); // its uses in the kernel say nothing more
    fail();
    return false;
  }
  const auto *vd = dyn_cast_or_null<VarDecl>(named);
  if (!vd || inside.count(vd)) {
    bool declaredInside = false;
    for (const Access &a : acc)
      declaredInside |= a.var->getName() == v.name && inside.count(a.var);
    report(DE, v.loc, declaredInside ? Diag::ReductionDeclaredInside : Diag::ReductionUnknown)
        << v.name;
    fail();
    return false;
  }
  bool used = false;
  for (const Access &a : acc)
    used |= a.var == vd;
  if (!used) {
    report(DE, v.loc, Diag::ReductionNotUsed) << v.name;
    return false;
  }
  r.op = c.op;
  r.var = vd;
  r.loc = v.loc;
  rejectedReduction.insert(vd); // until it is accepted below
  QualType t = vd->getType().getNonReferenceType();
  ArrayType at = classifyArray(t);
  QualType elem = t;
  if (at.kind == ArrayKind::Worklist) {
    report(DE, v.loc, Diag::ReductionWorklist) << v.name;
    fail();
    return false;
  }
  if (at.kind != ArrayKind::None) {
    r.isArray = true;
    elem = at.elem;
    if (!elem.isNull() && !elem->isDependentType() && !elem->isArithmeticType()) {
      report(DE, v.loc, Diag::ReductionType) << v.name << t;
      fail();
      return false;
    }
  } else if (auto locOp = locReductionOp(t)) {
    // hy::minloc / hy::maxloc: the operator is the type's.
    if (c.op != *locOp) {
      bool min = *locOp == ReductionOp::Min;
      report(DE, c.opLoc, Diag::ReductionLocOp)
          << v.name << (min ? "hy::minloc" : "hy::maxloc") << spelling(*locOp)
          << (min ? "smallest" : "largest") << spelling(c.op);
      fail();
      return false;
    }
    rejectedReduction.erase(vd);
    return true;
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

// A second clause naming `r.var` in one kernel (or one thread nest): the
// same operator is the same reduction (kept once); another is an error.
bool Checker::sameReduction(const Reduction &r, const std::vector<Reduction> &known) {
  for (const Reduction &other : known)
    if (other.var == r.var) {
      if (other.op != r.op) {
        std::string name = r.var->getName().str();
        report(DE, r.loc, Diag::ReductionOpMismatch)
            << name << spelling(r.op) << spelling(other.op);
        report(DE, other.loc, Diag::NoteOtherReduction) << name;
        fail();
      }
      return true;
    }
  return false;
}

void Checker::resolveBlockReductions() {
  for (const LoopInfo &li : k.blockLoops)
    for (const ReductionClause &c : li.pragma->reductions)
      for (const NamedLoc &v : c.vars) {
        Reduction r;
        if (resolve(c, v, li.loop, k.blockLoops.front().loop, k.locals, r) &&
            !sameReduction(r, k.reductions))
          k.reductions.push_back(r);
      }
}

// Clauses of thread loops: scalars stay with their nest (a block-wide
// combine); an array, or a scalar declared outside the kernel, is also a
// reduction of the kernel (atomics; a combine across blocks), with the same
// operator as any other clause naming it.
void Checker::resolveThreadReductions(Node *n) {
  if (!n)
    return;
  if (n->kind == NodeKind::ThreadNest) {
    std::set<const VarDecl *> inside = nestLocals(n);
    for (const LoopInfo &li : n->loops)
      for (const ReductionClause &c : li.pragma->reductions)
        for (const NamedLoc &v : c.vars) {
          Reduction r;
          if (!resolve(c, v, li.loop, n->stmt, inside, r) || sameReduction(r, n->reductions))
            continue;
          if (!r.isArray)
            n->reductions.push_back(r);
          if (!r.isArray && k.locals.count(r.var))
            continue; // a block-level local: combined over the block only
          if (const Reduction *other = blockReduction(r.var)) {
            if (other->op != r.op) {
              report(DE, r.loc, Diag::ReductionOpMismatch)
                  << v.name << spelling(r.op) << spelling(other->op);
              report(DE, other->loc, Diag::NoteOtherReduction) << v.name;
              fail();
            }
            continue;
          }
          r.fromThreadLoop = true;
          k.reductions.push_back(r);
        }
  }
  for (auto &c : n->children)
    resolveThreadReductions(c.get());
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
    std::set<const VarDecl *> inside = nestLocals(n);
    std::set<const VarDecl *> ok2 = allowed;
    for (const Reduction &r : n->reductions)
      ok2.insert(r.var);
    std::vector<Access> acc;
    collectAccesses(n->stmt, acc);
    for (const Access &a : acc)
      if (a.write && !a.element && !isPush(a) && !inside.count(a.var) && !ok2.count(a.var) &&
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
        if (a.write && !a.element && !isPush(a) && !k.locals.count(a.var) &&
            !blockReduction(a.var))
          writeError(a);
        if (a.write && (a.element || classifyArray(a.var->getType()).kind != ArrayKind::None))
          arrayWrite = true;
        else if (a.write && k.locals.count(a.var))
          localWrite = true;
      }
      // In a kernel without thread loops every iteration is a thread of its
      // own (no leader runs it for the others): nothing to split.
      if (arrayWrite && localWrite && !isa<DeclStmt>(n->stmt) && hasThreadNests(k.body.get())) {
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
      if (a.write && !a.element && !isPush(a) && !k.locals.count(a.var) &&
          !blockReduction(a.var))
        writeError(a);
  }
  for (auto &c : n->children)
    checkWrites(c.get(), allowed);
}

std::set<const VarDecl *> Checker::nestLocals(const Node *nest) {
  std::set<const VarDecl *> inside;
  collectDeclaredVars(nest->stmt, inside);
  for (const LoopInfo &li : nest->loops)
    inside.insert(li.index);
  return inside;
}

bool Checker::hasThreadNests(const Node *n) {
  if (n->kind == NodeKind::ThreadNest)
    return true;
  for (auto &c : n->children)
    if (hasThreadNests(c.get()))
      return true;
  return false;
}

// The name of the member function when the write is a call that appends
// to or grows its object (push_back, emplace_back, insert, ...), else "".
std::string Checker::growingCall(const Access &a) {
  if (!a.member)
    return "";
  const auto *me = dyn_cast<MemberExpr>(a.member->getCallee()->IgnoreParens());
  if (!me)
    return "";
  std::string name = me->getMemberNameInfo().getAsString();
  for (const char *g : {"push_back", "emplace_back", "push_front", "emplace_front", "push",
                        "emplace", "insert", "append_range", "insert_range", "resize"})
    if (name == g)
      return name;
  return "";
}

// The variable whose member a growing call is (v of v.push_back(x)).
const VarDecl *Checker::growingVar(const CXXMemberCallExpr *call) {
  if (const auto *dre = dyn_cast<DeclRefExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(dre->getDecl());
  return nullptr;
}

bool Checker::isPush(const Access &a) {
  return a.push && classifyArray(a.var->getType()).kind == ArrayKind::Worklist;
}

void Checker::writeError(const Access &a) {
  if (rejectedReduction.count(a.var) || reportedCapture.count(a.var)) // reported already
    return;
  if (!reportedWrite.insert(a.expr).second)
    return;
  // Appending to a container (v.push_back(x)): a reduction does not fit,
  // a worklist does. Other uses of it in the call's arguments
  // (v.insert(v.end(), x)) are that one error.
  const SourceManager &SM = ctx.getSourceManager();
  for (const CXXMemberCallExpr *g : grown)
    if (a.var == growingVar(g) && !SM.isBeforeInTranslationUnit(a.expr->getBeginLoc(), g->getBeginLoc()) &&
        !SM.isBeforeInTranslationUnit(g->getEndLoc(), a.expr->getBeginLoc()))
      return;
  if (std::string grow = growingCall(a); !grow.empty()) {
    grown.push_back(a.member);
    report(DE, a.expr->getBeginLoc(), Diag::AppendInKernel) << a.var->getName() << grow;
  } else {
    // A reduction clause whose variables the parser could not all read
    // (reported there) may have named this one.
    bool unread = false;
    forEachLoop(k, [&](const LoopInfo &li) { unread |= li.pragma && li.pragma->reductionsUnread; });
    if (unread)
      return;
    report(DE, a.expr->getBeginLoc(), Diag::WriteToOuterScalar) << a.var->getName();
  }
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

// hy::fetch_<op>(target, value): the atomic update that returns the old
// value (hy/update.hpp), with its operator.
std::optional<ReductionOp> Checker::fetchOpCall(const CallExpr *ce, std::string &name) {
  std::string n;
  if (const FunctionDecl *fd = ce->getDirectCallee()) {
    const auto *ns = dyn_cast<NamespaceDecl>(fd->getDeclContext());
    if (!ns || ns->getName() != "hy" || !isa<TranslationUnitDecl>(ns->getDeclContext()))
      return std::nullopt;
    n = fd->getName().str();
  } else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit())) {
    const auto *q = ule->getQualifier();
    const auto *ns = q ? q->getAsNamespace() : nullptr;
    if (!ns || ns->getName() != "hy")
      return std::nullopt;
    n = ule->getName().getAsString();
  } else {
    return std::nullopt;
  }
  static const std::pair<const char *, ReductionOp> ops[] = {
      {"fetch_add", ReductionOp::Add},    {"fetch_min", ReductionOp::Min},
      {"fetch_max", ReductionOp::Max},    {"fetch_and", ReductionOp::BitAnd},
      {"fetch_or", ReductionOp::BitOr},   {"fetch_xor", ReductionOp::BitXor}};
  for (auto &[spell, op] : ops)
    if (n == spell && ce->getNumArgs() == 2) {
      name = n;
      return op;
    }
  return std::nullopt;
}

// The forms a reduction of operator `op` allows, as text for messages.
static std::string updateForms(const std::string &x, ReductionOp op) {
  std::string o = spelling(op);
  if (op == ReductionOp::Min || op == ReductionOp::Max)
    return x + " = " + o + "(" + x + ", e) or hy::fetch_" + o + "(" + x + ", e)";
  if (op == ReductionOp::LogAnd || op == ReductionOp::LogOr)
    return x + " = " + x + " " + o + " e";
  std::string f = op == ReductionOp::Add      ? "add"
                  : op == ReductionOp::BitAnd ? "and"
                  : op == ReductionOp::BitOr  ? "or"
                  : op == ReductionOp::BitXor ? "xor"
                                              : "";
  return x + " " + o + "= e or " + x + " = " + x + " " + o + " e" +
         (op == ReductionOp::Add ? " or " + x + "++ or " + x + "-- (as statements)" : "") +
         (f.empty() ? "" : " or hy::fetch_" + f + "(" + x + ", e)");
}

// Is `e` a statement of its own (its value unused)?
bool Checker::resultUnused(const Expr *e) {
  for (const DynTypedNode &p : ctx.getParents(*e)) {
    if (const auto *pe = p.get<Expr>()) {
      if (const auto *c = dyn_cast<CastExpr>(pe); c && c->getCastKind() == CK_ToVoid)
        continue;
      if (const auto *paren = dyn_cast<ParenExpr>(pe))
        return resultUnused(paren);
      return false;
    }
  }
  return true;
}

std::string Checker::allowedUpdates(const VarDecl *v) const {
  const Reduction *r = blockReduction(v);
  return r ? updateForms(v->getName().str() + "(...)", r->op) : "";
}

// A call hy::fetch_<op>(x, e). Returns true if it was an update of an
// array reduction variable (recorded in k.arrayUpdates). A call reported
// here puts its target in `reported` (no second error for the same write).
bool Checker::checkFetchOp(const CallExpr *ce, const std::set<const VarDecl *> &arrays,
                           const std::set<const VarDecl *> &scalars,
                           std::set<const Expr *> &reported) {
  std::string name;
  auto op = fetchOpCall(ce, name);
  if (!op)
    return false;
  const Expr *target = ce->getArg(0)->IgnoreParenImpCasts();
  std::vector<Access> acc;
  collectAccesses(target, acc);
  if (acc.empty())
    return false;
  const Access &a = acc.front();
  bool whole = !a.element && a.expr == target;
  bool element = a.element && a.elementExpr == target;
  if (!whole && !element) {
    report(DE, target->getBeginLoc(), Diag::FetchOpNotElement) << name << a.var->getName();
    fail();
    for (const Access &x : acc)
      reported.insert(x.element ? x.elementExpr : x.expr);
    return false;
  }
  if (scalars.count(a.var) || (whole && blockReduction(a.var))) {
    const Reduction *r = blockReduction(a.var);
    ReductionOp rop = r ? r->op : *op;
    std::string x = a.var->getName().str();
    report(DE, ce->getBeginLoc(), Diag::FetchOpOnScalar)
        << name << x << (x + " " + spelling(rop) + "= e");
    fail();
    reportedWrite.insert(a.expr);
    return false;
  }
  if (k.locals.count(a.var) || whole)
    return false; // the iteration's own variable: no other thread sees it
  if (!arrays.count(a.var)) {
    report(DE, ce->getBeginLoc(), Diag::FetchOpNoReduction)
        << name << a.var->getName() << spelling(*op);
    fail();
    return false;
  }
  const Reduction *r = blockReduction(a.var);
  if (r->op != *op) {
    report(DE, ce->getBeginLoc(), Diag::FetchOpWrongReduction)
        << name << spelling(*op) << a.var->getName() << spelling(r->op);
    fail();
    reported.insert(a.elementExpr);
    return false;
  }
  ArrayUpdate u;
  u.assign = ce;
  u.target = target;
  u.value = ce->getArg(1);
  u.op = *op;
  u.fetchCall = true;
  k.arrayUpdates.push_back(u);
  return true;
}

// Whether the function of the file that parameter p belongs to updates
// p's elements only with hy::fetch_<op> (atomic on every target), reads
// them otherwise, and passes p on only to such functions: then a kernel
// that passes its array reduction variable of `op` to it updates it as the
// reduction allows (`relax_arc(w, d, dist)` lowering dist(w) with
// hy::fetch_min). A plain `a(i) op= x` there is not the kernel's text,
// which hyc makes atomic: refused.
static bool updatesOnlyWith(const ParmVarDecl *p, ReductionOp op) {
  static thread_local std::set<const FunctionDecl *> active;
  const auto *fd = p ? dyn_cast<FunctionDecl>(p->getDeclContext()) : nullptr;
  const FunctionDecl *def = nullptr;
  const Stmt *body = fd ? fd->getBody(def) : nullptr;
  if (!body || !def || active.size() > 8)
    return false;
  const SourceManager &SM = def->getASTContext().getSourceManager();
  if (!SM.isInMainFile(SM.getExpansionLoc(def->getLocation())))
    return false;
  const ParmVarDecl *dp = def->getParamDecl(p->getFunctionScopeIndex());
  if (!active.insert(def).second)
    return false; // recursion: not proven
  std::set<const Expr *> fetched; // targets of hy::fetch_<op>
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    std::string name;
    if (const auto *ce = dyn_cast<CallExpr>(s))
      if (auto o = Checker::fetchOpCall(ce, name); o && *o == op)
        fetched.insert(ce->getArg(0)->IgnoreParenImpCasts());
    for (const Stmt *c : s->children())
      walk(c);
  };
  walk(body);
  std::vector<Access> uses;
  collectAccesses(body, uses);
  bool ok = true;
  for (const Access &u : uses)
    if (u.var == dp && u.write) {
      if (u.element && fetched.count(u.elementExpr))
        continue;
      if (!u.element && !u.params.empty() &&
          std::all_of(u.params.begin(), u.params.end(),
                      [&](const ParmVarDecl *q) { return updatesOnlyWith(q, op); }))
        continue;
      ok = false;
      break;
    }
  active.erase(def);
  return ok;
}

void Checker::checkArrayUpdates(const Stmt *region) {
  std::set<const VarDecl *> arrays;
  for (const Reduction &r : k.reductions)
    if (r.isArray)
      arrays.insert(r.var);
  // Scalars reduced by a thread loop: private to each thread there.
  std::set<const VarDecl *> scalars;
  std::function<void(const Node *)> nests = [&](const Node *n) {
    for (const Reduction &r : n->reductions)
      scalars.insert(r.var);
    for (auto &c : n->children)
      nests(c.get());
  };
  nests(k.body.get());
  std::set<const Expr *> matchedTargets;
  auto sameTarget = [&](const Expr *a, const Expr *b) { return sameExpr(ctx, a, b); };
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *ce = dyn_cast<CallExpr>(s); ce && !isa<CXXOperatorCallExpr>(ce)) {
      if (checkFetchOp(ce, arrays, scalars, matchedTargets)) {
        const ArrayUpdate &u = k.arrayUpdates.back();
        matchedTargets.insert(u.target);
        walk(u.value);
        std::vector<Access> lhs;
        collectAccesses(u.target, lhs);
        for (const Expr *i : lhs.front().indices)
          walk(i);
        return;
      }
    }
    // A(i)++, ++A(i), A(i)--, --A(i) as a statement of their own: A(i) += 1
    // or A(i) += -1 for a '+' reduction (their value, the element's before
    // or after this update alone, is not the serial one).
    if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) {
      std::vector<Access> lhs;
      collectAccesses(uo->getSubExpr(), lhs);
      const Expr *target = uo->getSubExpr()->IgnoreParenImpCasts();
      if (!lhs.empty() && lhs.front().element && arrays.count(lhs.front().var) &&
          lhs.front().elementExpr == target && blockReduction(lhs.front().var)->op == ReductionOp::Add &&
          resultUnused(uo)) {
        if (uo->getBeginLoc().isMacroID() || uo->getEndLoc().isMacroID()) {
          report(DE, ctx.getSourceManager().getExpansionLoc(uo->getBeginLoc()),
                 Diag::ReductionUpdateInMacro)
              << lhs.front().var->getName();
          fail();
          matchedTargets.insert(target);
          return;
        }
        ArrayUpdate u;
        u.assign = uo;
        u.target = target;
        u.op = ReductionOp::Add;
        u.valueText = uo->isIncrementOp() ? "1" : "-1";
        k.arrayUpdates.push_back(u);
        matchedTargets.insert(target);
        for (const Expr *i : lhs.front().indices)
          walk(i);
        return;
      }
    }
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
      if (!a.element && !a.params.empty() &&
          std::all_of(a.params.begin(), a.params.end(),
                      [&](const ParmVarDecl *p) { return updatesOnlyWith(p, r->op); }))
        continue; // passed to a function that updates it with hy::fetch_<op>
      if (!a.element && !a.params.empty()) {
        const auto *fn = dyn_cast<FunctionDecl>(a.params.front()->getDeclContext());
        report(DE, a.expr->getBeginLoc(), Diag::ReductionArrayHelper)
            << a.var->getName() << spelling(r->op) << (fn ? fn->getNameAsString() : "the function");
        fail();
        continue;
      }
      report(DE, a.expr->getBeginLoc(), Diag::ReductionArrayUpdate)
          << a.var->getName() << spelling(r->op) << allowedUpdates(a.var);
      fail();
    }
}

} // namespace hy::checks

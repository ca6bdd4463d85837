// Semantic checks over the model: reduction clauses resolved and typed,
// no writes to outer scalars except reductions, array-reduction updates in
// an atomic-able form, the data a kernel may use, and the fetch rules
// (block-uniform origins, no divergent fetch, one iteration per thread,
// every access matched to exactly one tile).
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hy {

namespace {

class Checker {
public:
  Checker(ASTContext &ctx, Kernel &k)
      : ctx(ctx), DE(ctx.getDiagnostics()), k(k) {}

  bool run() {
    const Stmt *region = k.blockLoops.front().loop;
    collectDeclaredVars(region, k.locals);
    for (const LoopInfo &li : k.blockLoops)
      k.locals.insert(li.index);
    collectAccesses(region, regionAccesses);

    resolveBlockReductions();
    checkCaptures();
    checkWrites(k.body.get(), {});
    checkArrayUpdates(region);
    for (auto &f : k.fetches)
      checkFetch(*f);
    checkFetchPlacement(k.body.get(), nullptr, {});
    std::set<const Stmt *> parallelLoops;
    for (const LoopInfo &li : k.blockLoops)
      parallelLoops.insert(li.loop);
    collectThreadLoops(k.body.get(), parallelLoops);
    checkJumps(region, parallelLoops, /*breakable=*/false);
    return ok;
  }

private:
  void fail() { ok = false; }

  const VarDecl *findVar(const std::string &name, const Stmt *scope,
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

  bool resolve(const ReductionClause &c, const NamedLoc &v, const Stmt *scope,
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

  void resolveBlockReductions() {
    for (const LoopInfo &li : k.blockLoops)
      for (const ReductionClause &c : li.pragma->reductions)
        for (const NamedLoc &v : c.vars) {
          Reduction r;
          if (resolve(c, v, k.blockLoops.front().loop, k.locals, r))
            k.reductions.push_back(r);
        }
  }

  const Reduction *blockReduction(const VarDecl *v) const {
    for (const Reduction &r : k.reductions)
      if (r.var == v)
        return &r;
    return nullptr;
  }

  // Members reached through `this` cannot be passed to a kernel (reported
  // once per kernel).
  void checkThis(const Stmt *s) {
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

  void checkCaptures() {
    checkThis(k.blockLoops.front().loop);
    std::map<const VarDecl *, Capture> caps;
    for (const Access &a : regionAccesses) {
      const VarDecl *v = a.var;
      if (k.locals.count(v))
        continue;
      if (v->hasGlobalStorage() && !v->isLocalVarDeclOrParm()) {
        QualType t = v->getType();
        bool constant = v->isConstexpr() ||
                        (t.isConstQualified() && t->isIntegralOrEnumerationType() &&
                         v->getInit() && evalInt(ctx, v->getInit()));
        if (!constant && !reportedGlobal.count(v)) {
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
        if (c.array.kind == ArrayKind::None) {
          if (t->isPointerType() || t->isArrayType()) {
            report(DE, a.expr->getBeginLoc(), Diag::RawPointer) << v->getName();
            fail();
          } else if (!t->isArithmeticType() && !t->isEnumeralType() &&
                     !t->isDependentType()) {
            report(DE, a.expr->getBeginLoc(), Diag::UnsupportedCapture)
                << v->getName() << t;
            fail();
          }
        }
      }
      c.read |= a.read;
      c.written |= a.write;
    }
    for (auto &[v, c] : caps)
      k.captures.push_back(c);
    std::sort(k.captures.begin(), k.captures.end(), [](const Capture &a, const Capture &b) {
      return a.var->getLocation() < b.var->getLocation();
    });
  }

  // --- jumps: an iteration of a parallel loop must run to its end (or to
  // 'continue'); break/return/goto/co_return cannot leave it.
  static void collectThreadLoops(const Node *n, std::set<const Stmt *> &out) {
    if (!n)
      return;
    if (n->kind == NodeKind::ThreadNest)
      for (const LoopInfo &li : n->loops)
        out.insert(li.loop);
    for (auto &c : n->children)
      collectThreadLoops(c.get(), out);
  }

  void checkJumps(const Stmt *s, const std::set<const Stmt *> &parallel, bool breakable) {
    if (!s || isa<LambdaExpr>(s))
      return;
    const char *what = nullptr;
    if (isa<ReturnStmt>(s) || isa<CoreturnStmt>(s))
      what = "return";
    else if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s))
      what = "goto";
    else if (isa<BreakStmt>(s) && !breakable)
      what = "break";
    if (what) {
      report(DE, s->getBeginLoc(), Diag::JumpOutOfLoop) << what;
      fail();
      return;
    }
    bool inner = breakable;
    if (parallel.count(s))
      inner = false; // a break here would leave this parallel loop
    else if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) ||
             isa<CXXForRangeStmt>(s) || isa<SwitchStmt>(s))
      inner = true;
    for (const Stmt *c : s->children())
      checkJumps(c, parallel, inner);
  }

  // Scalars declared outside a parallel loop may be written inside it only
  // as reductions of that loop (or of an enclosing block loop).
  void checkWrites(const Node *n, std::set<const VarDecl *> allowed) {
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

  void writeError(const Access &a) {
    if (rejectedReduction.count(a.var)) // its clause was already reported
      return;
    if (!reportedWrite.insert(a.expr).second)
      return;
    report(DE, a.expr->getBeginLoc(), Diag::WriteToOuterScalar) << a.var->getName();
    report(DE, a.var->getLocation(), Diag::NoteDeclaredHere) << a.var->getName();
    fail();
  }

  // --- array reductions
  static bool isMinMaxCall(const Expr *e, ReductionOp &op,
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

  static std::optional<ReductionOp> compoundOp(BinaryOperatorKind k) {
    switch (k) {
    case BO_AddAssign: return ReductionOp::Add;
    case BO_MulAssign: return ReductionOp::Mul;
    case BO_AndAssign: return ReductionOp::BitAnd;
    case BO_OrAssign: return ReductionOp::BitOr;
    case BO_XorAssign: return ReductionOp::BitXor;
    default: return std::nullopt;
    }
  }

  void checkArrayUpdates(const Stmt *region) {
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

  // --- fetch
  void checkFetch(Fetch &f) {
    if (!f.array || f.type.kind == ArrayKind::None)
      return;
    for (const Expr *e : f.sizes)
      for (const VarDecl *v : k.locals)
        if (mentionsAny(e, {v})) {
          report(DE, e->getBeginLoc(), Diag::FetchSizeNotUniform) << v->getName();
          fail();
          break;
        }
    std::vector<Access> acc;
    collectAccesses(f.stmt, acc);
    for (const Access &a : acc) {
      if (a.var != f.array)
        continue;
      if (a.meta)
        continue;
      if (!a.element) {
        report(DE, a.expr->getBeginLoc(), Diag::FetchNotRedirectable) << a.var->getName();
        fail();
        continue;
      }
      f.written |= a.write;
    }
  }

  // Walks the block body with the fetches and thread-varying variables in
  // scope; matches accesses to tiles and checks origins and divergence.
  void checkFetchPlacement(const Node *n, const Node *nest,
                           std::vector<const Fetch *> active) {
    if (!n)
      return;
    const std::set<const VarDecl *> &varying = threadVarying(nest);
    switch (n->kind) {
    case NodeKind::ThreadNest:
      if (n->fixedShape)
        for (const LoopInfo &li : n->loops)
          if (!li.constTrip) {
            report(DE, li.loop->getBeginLoc(), Diag::FetchNestShape)
                << ("the trip count of the loop over '" + li.index->getName().str() +
                    "' is not a constant");
            fail();
          }
      for (auto &c : n->children)
        checkFetchPlacement(c.get(), n, active);
      return;
    case NodeKind::FetchNode: {
      const Fetch *f = n->fetch;
      if (f && f->array)
        for (const Expr *o : f->origins)
          if (const VarDecl *v = mentionsAny(o, varying)) {
            report(DE, o->getBeginLoc(), Diag::FetchOriginThread) << v->getName();
            fail();
          }
      if (f && f->array)
        active.push_back(f);
      for (auto &c : n->children)
        checkFetchPlacement(c.get(), nest, active);
      if (f && f->array)
        matchAccesses(f, active);
      return;
    }
    case NodeKind::Control:
      if (nest && containsFetch(n))
        for (const Stmt *c : controlHeader(n->stmt))
          if (const VarDecl *v = c ? mentionsAny(c, varying) : nullptr) {
            report(DE, c->getBeginLoc(), Diag::FetchDivergent) << v->getName();
            fail();
          }
      [[fallthrough]];
    default:
      for (auto &c : n->children)
        checkFetchPlacement(c.get(), nest, active);
    }
  }

  // The parts of a control statement that decide which way it goes.
  static std::vector<const Stmt *> controlHeader(const Stmt *s) {
    if (const auto *is = dyn_cast<IfStmt>(s))
      return {is->getInit(), is->getConditionVariableDeclStmt(), is->getCond()};
    if (const auto *fs = dyn_cast<ForStmt>(s))
      return {fs->getInit(), fs->getCond(), fs->getInc()};
    if (const auto *ws = dyn_cast<WhileStmt>(s))
      return {ws->getConditionVariableDeclStmt(), ws->getCond()};
    if (const auto *ds = dyn_cast<DoStmt>(s))
      return {ds->getCond()};
    if (const auto *ss = dyn_cast<SwitchStmt>(s))
      return {ss->getInit(), ss->getCond()};
    if (const auto *rs = dyn_cast<CXXForRangeStmt>(s))
      return {rs->getRangeInit()};
    return {};
  }

  // Variables whose value differs between the threads of a block inside
  // `nest`: its loop indices and every local of the nest that is
  // initialised or assigned from one of them (to a fixed point). A serial
  // loop counter declared in the nest stays uniform.
  const std::set<const VarDecl *> &threadVarying(const Node *nest) {
    auto [it, fresh] = varyingCache.try_emplace(nest);
    if (!fresh || !nest)
      return it->second;
    std::set<const VarDecl *> &out = it->second;
    for (const LoopInfo &li : nest->loops)
      out.insert(li.index);
    std::vector<std::pair<const VarDecl *, const Stmt *>> flows; // var <- expr
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *ds = dyn_cast<DeclStmt>(s))
        for (const Decl *d : ds->decls())
          if (const auto *vd = dyn_cast<VarDecl>(d))
            if (vd->getInit())
              flows.push_back({vd, vd->getInit()});
      if (const auto *bo = dyn_cast<BinaryOperator>(s))
        if (bo->isAssignmentOp())
          if (const VarDecl *v = refVar(bo->getLHS()))
            flows.push_back({v, bo->getRHS()});
      for (const Stmt *c : s->children())
        walk(c);
    };
    walk(nest->stmt);
    for (bool changed = true; changed;) {
      changed = false;
      for (auto &[v, e] : flows)
        if (!out.count(v) && mentionsAny(e, out))
          changed |= out.insert(v).second;
    }
    return out;
  }

  static bool containsFetch(const Node *n) {
    if (n->kind == NodeKind::FetchNode)
      return true;
    for (auto &c : n->children)
      if (containsFetch(c.get()))
        return true;
    return false;
  }

  // Each access to the array inside the statement of `f` goes to exactly
  // one tile of `active` (the innermost fetch of a chain matches first).
  void matchAccesses(const Fetch *f, const std::vector<const Fetch *> &active) {
    std::vector<Access> acc;
    collectAccesses(f->stmt, acc);
    for (const Access &a : acc) {
      if (!a.element || a.meta)
        continue;
      std::vector<const Fetch *> cands;
      for (const Fetch *g : active)
        if (g->array == a.var && covers(g, a.elementExpr))
          cands.push_back(g);
      if (cands.empty() || k.tileOf.count(a.elementExpr))
        continue;
      if (cands.size() == 1) {
        k.tileOf[a.elementExpr] = cands.front();
        continue;
      }
      std::vector<const Fetch *> matches;
      for (const Fetch *g : cands)
        if (originMatches(g, a.indices))
          matches.push_back(g);
      if (matches.size() == 1) {
        k.tileOf[a.elementExpr] = matches.front();
        continue;
      }
      report(DE, a.expr->getBeginLoc(),
             matches.empty() ? Diag::AccessNoTile : Diag::AccessSeveralTiles)
          << a.var->getName();
      for (const Fetch *g : matches.empty() ? cands : matches)
        report(DE, g->pragma->loc, Diag::NoteTile);
      fail();
    }
  }

  bool covers(const Fetch *g, const Expr *e) const {
    return g->stmt->getBeginLoc() <= e->getBeginLoc() &&
           e->getEndLoc() <= g->stmt->getEndLoc();
  }

  bool originMatches(const Fetch *g, const std::vector<const Expr *> &idx) {
    if (idx.size() != g->origins.size())
      return false;
    for (size_t d = 0; d < idx.size(); ++d) {
      const Expr *o = g->origins[d];
      const Expr *e = idx[d]->IgnoreParenImpCasts();
      if (sameExpr(ctx, e, o))
        continue;
      // An origin of 0 is implicit in every index: x is 0 + x.
      if (auto zero = evalInt(ctx, o); zero && *zero == 0)
        continue;
      // o + x, o - x, (o + x) + y, ...: o is the leftmost operand of a
      // sum; or x + o.
      const auto *top = dyn_cast<BinaryOperator>(e);
      if (top && top->getOpcode() == BO_Add && sameExpr(ctx, top->getRHS(), o))
        continue;
      bool found = false;
      const Expr *cur = e;
      while (const auto *bo = dyn_cast<BinaryOperator>(cur)) {
        if (bo->getOpcode() != BO_Add && bo->getOpcode() != BO_Sub)
          break;
        if (sameExpr(ctx, bo->getLHS(), o)) {
          found = true;
          break;
        }
        cur = bo->getLHS()->IgnoreParenImpCasts();
      }
      if (!found)
        return false;
    }
    return true;
  }

  ASTContext &ctx;
  DiagnosticsEngine &DE;
  Kernel &k;
  std::vector<Access> regionAccesses;
  std::map<const Node *, std::set<const VarDecl *>> varyingCache;
  std::set<const VarDecl *> reportedGlobal;
  std::set<const VarDecl *> rejectedReduction; // a reduction clause named it, with an error
  std::set<const Expr *> reportedWrite;
  bool ok = true;
};

} // namespace

bool checkModel(ASTContext &ctx, TranslationModel &model) {
  bool ok = true;
  for (auto &k : model.kernels)
    ok &= Checker(ctx, *k).run();
  return ok;
}

} // namespace hy

// Checker, the fetch rules: sizes and thread lists, block-uniform origins,
// no fetch under thread-dependent control flow, one iteration per thread for
// a fetch inside a thread nest, and every access of the fetched statement
// matched to exactly one tile by its origin.
#include "AffineIndex.h"
#include "TileGuards.h"
#include "clang/AST/ExprCXX.h"

namespace hy::checks {

// An access whose offset from its tile's origin is a constant plus loop
// indices with constant ranges (in(r - 1, c) with r = bi * T + 1 + i, i < T,
// in a tile at bi * T + 1): its whole range is known here, and one outside
// the tile is an error now rather than with --check-fetch at run time. A
// condition inside the fetched statement (an if, ?:, && or a jump) can only
// keep an access from running; where it mentions a variable that follows a
// dimension's indices (TileGuards.h), that dimension may stay inside the
// tile for a reason hyc does not follow, so an offset outside it is a
// warning (-Why-fetch-bounds). A condition on other variables (an edge
// guard `c < w` around a row offset made of i) does not change the range:
// an error.
void Checker::checkTileOffsets(const Fetch *f, const Access &a) {
  if (!forms)
    forms = std::make_unique<AffineForms>(ctx, k, regionAccesses);
  for (size_t d = 0; d < a.indices.size() && d < f->origins.size(); ++d) {
    if (!f->constSizes[d])
      continue;
    Affine off = subtract(forms->affine(a.indices[d]), forms->affine(f->origins[d]));
    auto base = constValue(off.inv);
    if (off.opaque || !base)
      continue;
    int64_t lo = *base, hi = *base;
    bool known = true;
    std::set<const VarDecl *> made; // the variables the offset is made of
    std::vector<const ForStmt *> loops; // the loops over them
    for (auto &[v, c] : off.digits) {
      if (c.empty())
        continue; // cancelled against the origin
      const AffineForms::Digit *dg = forms->digit(v);
      auto coef = constValue(c);
      auto trip = dg && dg->trip ? constValue(*dg->trip) : std::nullopt;
      if (!coef || !trip || *trip < 1) {
        known = false;
        break;
      }
      if (dg->loop) {
        made.insert(dg->loop->index);
        loops.push_back(dg->loop->loop);
      } else
        varsIn(static_cast<const Expr *>(v), made); // x % C
      int64_t span = *coef * (*trip - 1);
      (span < 0 ? lo : hi) += span;
    }
    int64_t size = *f->constSizes[d];
    if (!known || (lo >= 0 && hi < size))
      continue;
    std::string why = conditionOn(k.blockLoops.front().loop, f->stmt, a.elementExpr,
                                  std::move(made), loops);
    if (!why.empty()) {
      report(DE, a.elementExpr->getBeginLoc(), Diag::FetchAccessMayLeave)
          << a.var->getName() << std::to_string(lo) << std::to_string(hi) << std::to_string(d)
          << std::to_string(size) << why;
      report(DE, f->pragma->loc, Diag::NoteTile);
      continue;
    }
    report(DE, a.elementExpr->getBeginLoc(), Diag::FetchAccessOutside)
        << a.var->getName() << std::to_string(lo) << std::to_string(hi) << std::to_string(d)
        << std::to_string(size) << std::to_string(size - 1);
    report(DE, f->pragma->loc, Diag::NoteTile);
    fail();
    return;
  }
}

void Checker::checkFetch(Fetch &f) {
  if (!f.array || f.type.kind == ArrayKind::None)
    return;
  if (f.type.kind == ArrayKind::Worklist) {
    report(DE, f.pragma->fetch.array.loc, Diag::FetchWorklist) << f.array->getName();
    fail();
    return;
  }
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
  checkPrivatized(f, acc);
}

// Whether the value of `e`, inside `root`, is thrown away: `e` is a statement
// of its own (in a block, the body of an if, loop or case, a for's
// increment), the left side of a comma, or cast to void; nullopt if `e` is
// not inside `root`.
static std::optional<bool> discarded(const Stmt *root, const Expr *e) {
  std::optional<bool> out;
  std::function<void(const Stmt *, bool)> walk = [&](const Stmt *s, bool unused) {
    if (!s || out)
      return;
    if (s == e) {
      out = unused;
      return;
    }
    if (const auto *pe = dyn_cast<ParenExpr>(s))
      return walk(pe->getSubExpr(), unused);
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(s))
      return walk(ewc->getSubExpr(), unused);
    if (const auto *ce = dyn_cast<CastExpr>(s))
      return walk(ce->getSubExpr(), unused || ce->getType()->isVoidType());
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->getOpcode() == BO_Comma) {
      walk(bo->getLHS(), true);
      return walk(bo->getRHS(), unused);
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(s)) {
      walk(co->getCond(), false);
      walk(co->getTrueExpr(), unused);
      return walk(co->getFalseExpr(), unused);
    }
    // Statements whose parts are statements of their own, but for the
    // conditions (and a case's value).
    std::set<const Stmt *> values;
    if (const auto *is = dyn_cast<IfStmt>(s))
      values = {is->getCond()};
    else if (const auto *fs = dyn_cast<ForStmt>(s))
      values = {fs->getCond()};
    else if (const auto *ws = dyn_cast<WhileStmt>(s))
      values = {ws->getCond()};
    else if (const auto *ds = dyn_cast<DoStmt>(s))
      values = {ds->getCond()};
    else if (const auto *ss = dyn_cast<SwitchStmt>(s))
      values = {ss->getCond()};
    else if (const auto *cs = dyn_cast<CaseStmt>(s))
      values = {cs->getLHS(), cs->getRHS()};
    else if (const auto *rs = dyn_cast<CXXForRangeStmt>(s))
      values = {rs->getRangeInit(), rs->getRangeStmt(), rs->getBeginStmt(), rs->getEndStmt(),
                rs->getCond(), rs->getInc(), rs->getLoopVarStmt()};
    bool statements = isa<CompoundStmt>(s) || isa<IfStmt>(s) || isa<ForStmt>(s) ||
                      isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<SwitchStmt>(s) ||
                      isa<SwitchCase>(s) || isa<LabelStmt>(s) || isa<AttributedStmt>(s) ||
                      isa<CXXForRangeStmt>(s);
    for (const Stmt *c : s->children())
      walk(c, statements && !values.count(c));
  };
  walk(root, false);
  return out;
}

// A fetched array-reduction variable: other blocks update the array while
// this one works on its tile, so the tile cannot be copied in and written
// back. When the statement only updates it, the tile starts from the
// operator's identity and is combined into the array at the end. The
// result of a hy::fetch_<op> there would be the tile's (the block's own
// updates from the identity on), not the array's: an error where it is
// used.
void Checker::checkPrivatized(Fetch &f, const std::vector<Access> &acc) {
  const Reduction *r = blockReduction(f.array);
  if (!r || !r->isArray)
    return;
  bool ok1 = true;
  for (const ArrayUpdate &u : k.arrayUpdates) {
    if (!u.fetchCall)
      continue;
    std::vector<Access> target;
    collectAccesses(u.target, target);
    if (target.empty() || target.front().var != f.array)
      continue;
    if (std::optional<bool> unused = discarded(f.stmt, u.assign); unused && !*unused) {
      std::string name;
      fetchOpCall(cast<CallExpr>(u.assign), name);
      report(DE, u.assign->getBeginLoc(), Diag::FetchOpResultInTile) << name << f.array->getName();
      report(DE, f.pragma->loc, Diag::NoteTile);
      fail();
      ok1 = false;
    }
  }
  // The element accesses that belong to an update: its target, and in
  // `a = a + e` / `a = min(a, e)` the same element read on the right.
  std::set<const Expr *> owned;
  for (const ArrayUpdate &u : k.arrayUpdates) {
    std::vector<Access> whole, value;
    collectAccesses(u.assign, whole);
    collectAccesses(u.value, value);
    std::set<const Expr *> inValue;
    for (const Access &v : value)
      inValue.insert(v.expr);
    for (const Access &w : whole)
      if (w.var == f.array && w.element && !inValue.count(w.expr))
        owned.insert(w.expr);
  }
  for (const Access &a : acc)
    if (a.var == f.array && a.element && !a.meta && !owned.count(a.expr)) {
      report(DE, a.expr->getBeginLoc(), Diag::FetchReductionRead)
          << f.array->getName() << allowedUpdates(f.array);
      fail();
      ok1 = false;
    }
  if (ok1) {
    f.privatized = true;
    f.privatizedOp = r->op;
    f.written = true;
  }
}

static std::vector<const Stmt *> headersOf(const Stmt *s) {
  std::vector<const Stmt *> headers, bodies;
  controlParts(s, headers, bodies);
  return headers;
}

void Checker::checkFetchPlacement(const Node *n, const Node *nest,
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
    if (n->fixedShape) {
      // A `continue` of the nest would let a thread skip the fetch (or the
      // rest of its one iteration); inner loops may use their own.
      std::vector<const ContinueStmt *> jumps;
      ownContinues(n->loops.back().loop->getBody(), jumps);
      for (const ContinueStmt *c : jumps) {
        report(DE, c->getBeginLoc(), Diag::FetchNestContinue);
        fail();
      }
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
      for (const Stmt *c : headersOf(n->stmt))
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

const std::set<const VarDecl *> &Checker::threadVarying(const Node *nest) {
  auto [it, fresh] = varyingCache.try_emplace(nest);
  if (!fresh || !nest)
    return it->second;
  std::set<const VarDecl *> indices;
  for (const LoopInfo &li : nest->loops)
    indices.insert(li.index);
  it->second = derivedFrom(nest->stmt, std::move(indices));
  return it->second;
}

bool Checker::containsFetch(const Node *n) {
  if (n->kind == NodeKind::FetchNode)
    return true;
  for (auto &c : n->children)
    if (containsFetch(c.get()))
      return true;
  return false;
}

void Checker::matchAccesses(const Fetch *f, const std::vector<const Fetch *> &active) {
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
    if (a.elementExpr->getBeginLoc().isMacroID() || a.elementExpr->getEndLoc().isMacroID()) {
      // Once per place in the text (a macro argument may expand twice).
      SourceLocation at = ctx.getSourceManager().getSpellingLoc(a.elementExpr->getBeginLoc());
      if (macroReported.insert(at).second)
        report(DE, a.elementExpr->getBeginLoc(), Diag::FetchAccessInMacro) << a.var->getName();
      fail();
      continue;
    }
    if (cands.size() == 1) {
      k.tileOf[a.elementExpr] = cands.front();
      checkTileOffsets(cands.front(), a);
      continue;
    }
    std::vector<const Fetch *> matches;
    for (const Fetch *g : cands)
      if (originMatches(g, a.indices))
        matches.push_back(g);
    if (matches.size() == 1) {
      k.tileOf[a.elementExpr] = matches.front();
      checkTileOffsets(matches.front(), a);
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

bool Checker::covers(const Fetch *g, const Expr *e) const {
  // Compared where they stand in the file: an access written inside a macro
  // counts where the macro is used.
  const SourceManager &SM = ctx.getSourceManager();
  auto at = [&](SourceLocation l) { return SM.getExpansionLoc(l); };
  return !SM.isBeforeInTranslationUnit(at(e->getBeginLoc()), at(g->stmt->getBeginLoc())) &&
         !SM.isBeforeInTranslationUnit(at(g->stmt->getEndLoc()), at(e->getEndLoc()));
}

bool Checker::originMatches(const Fetch *g, const std::vector<const Expr *> &idx) {
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

} // namespace hy::checks

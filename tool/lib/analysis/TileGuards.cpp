// Conditions around a tile access and the variables derived from its
// indices (TileGuards.h), for the static tile bounds check.
#include "TileGuards.h"
#include <functional>

namespace hy::checks {

namespace {

// A condition between `root` and an access: of an if, switch, while or do
// around it, of a ?: or the left side of && / || it is in, of a for loop
// around it (`own`: that loop's index, whose range its condition is), or
// around a break, continue, return or goto anywhere in `root`. `cond` is
// null for a jump that no condition guards (it may cut any loop short).
struct Guard {
  const Stmt *cond = nullptr;
  const VarDecl *own = nullptr;
};

std::vector<Guard> guardsOf(const Stmt *root, const Expr *e) {
  std::vector<Guard> out, around, jumps;
  bool found = false;
  std::function<void(const Stmt *)> walk;
  auto under = [&](const Stmt *cond, const VarDecl *own, const Stmt *body) {
    around.push_back({cond, own});
    walk(body);
    around.pop_back();
  };
  walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (s == e) {
      found = true;
      out.insert(out.end(), around.begin(), around.end());
      return;
    }
    if (isa<ContinueStmt>(s) || isa<BreakStmt>(s) || isa<ReturnStmt>(s) || isa<GotoStmt>(s)) {
      if (around.empty())
        jumps.push_back({});
      jumps.insert(jumps.end(), around.begin(), around.end());
    }
    if (const auto *is = dyn_cast<IfStmt>(s)) {
      walk(is->getInit());
      walk(is->getConditionVariableDeclStmt());
      walk(is->getCond());
      under(is->getCond(), nullptr, is->getThen());
      under(is->getCond(), nullptr, is->getElse());
      return;
    }
    if (const auto *co = dyn_cast<AbstractConditionalOperator>(s)) {
      walk(co->getCond());
      under(co->getCond(), nullptr, co->getTrueExpr());
      under(co->getCond(), nullptr, co->getFalseExpr());
      return;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isLogicalOp()) {
      walk(bo->getLHS());
      under(bo->getLHS(), nullptr, bo->getRHS());
      return;
    }
    if (const auto *ss = dyn_cast<SwitchStmt>(s)) {
      walk(ss->getInit());
      walk(ss->getCond());
      under(ss->getCond(), nullptr, ss->getBody());
      return;
    }
    if (const auto *ws = dyn_cast<WhileStmt>(s)) {
      walk(ws->getCond());
      under(ws->getCond(), nullptr, ws->getBody());
      return;
    }
    if (const auto *ds = dyn_cast<DoStmt>(s)) {
      under(ds->getCond(), nullptr, ds->getBody());
      walk(ds->getCond());
      return;
    }
    if (const auto *fs = dyn_cast<ForStmt>(s)) {
      walk(fs->getInit());
      const VarDecl *own = nullptr;
      if (const auto *init = dyn_cast_or_null<DeclStmt>(fs->getInit()); init && init->isSingleDecl())
        own = dyn_cast<VarDecl>(init->getSingleDecl());
      else if (const auto *as = dyn_cast_or_null<BinaryOperator>(fs->getInit()))
        own = refVar(as->getLHS());
      walk(fs->getCond());
      under(fs->getCond(), own, fs->getBody());
      under(fs->getCond(), own, fs->getInc());
      return;
    }
    for (const Stmt *c : s->children())
      walk(c);
  };
  walk(root);
  if (found)
    out.insert(out.end(), jumps.begin(), jumps.end());
  return out;
}

} // namespace

void writtenIn(const Stmt *s, std::set<const VarDecl *> &out) {
  if (!s)
    return;
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
    if (const VarDecl *v = refVar(bo->getLHS()))
      out.insert(v);
  if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp())
    if (const VarDecl *v = refVar(uo->getSubExpr()))
      out.insert(v);
  for (const Stmt *c : s->children())
    writtenIn(c, out);
}

void varsIn(const Stmt *s, std::set<const VarDecl *> &out) {
  if (!s)
    return;
  if (const auto *dre = dyn_cast<DeclRefExpr>(s))
    if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()))
      out.insert(v);
  for (const Stmt *c : s->children())
    varsIn(c, out);
}

std::set<const VarDecl *> derivedFrom(const Stmt *body, std::set<const VarDecl *> seeds) {
  std::vector<std::pair<const VarDecl *, const Stmt *>> flows; // var <- expr
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d); vd && vd->getInit())
          flows.push_back({vd, vd->getInit()});
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
      if (const VarDecl *v = refVar(bo->getLHS()))
        flows.push_back({v, bo->getRHS()});
    for (const Stmt *c : s->children())
      walk(c);
  };
  walk(body);
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[v, e] : flows)
      if (!seeds.count(v) && mentionsAny(e, seeds))
        changed |= seeds.insert(v).second;
  }
  return seeds;
}

std::string conditionOn(const Stmt *kernel, const Stmt *root, const Expr *e,
                        std::set<const VarDecl *> made, const std::vector<const ForStmt *> &loops) {
  std::vector<Guard> guards = guardsOf(root, e);
  if (guards.empty())
    return "";
  for (const ForStmt *loop : loops) {
    if (!loop)
      continue;
    std::set<const VarDecl *> written, own;
    writtenIn(loop->getBody(), written);
    collectDeclaredVars(loop->getBody(), own);
    for (const VarDecl *v : written)
      if (!own.count(v))
        made.insert(v);
  }
  std::set<const VarDecl *> follow = derivedFrom(kernel, std::move(made));
  for (const Guard &g : guards) {
    if (!g.cond)
      return "a jump (break, continue, return) in the fetched statement";
    std::set<const VarDecl *> vars = follow;
    vars.erase(g.own);
    if (const VarDecl *v = mentionsAny(g.cond, vars))
      return "the condition on '" + v->getName().str() + "' around it";
  }
  return "";
}

} // namespace hy::checks

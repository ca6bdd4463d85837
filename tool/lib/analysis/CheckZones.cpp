// The rules of zone loops (`#pragma hy parallel for into(devices)`,
// docs/language.md "Zones"): each zone is a separate process with its own
// copy of every variable, so a variable declared outside the loop may be
// written inside it only as a reduction of the loop (combined across zones
// at its end), as scratch data (written before read in every iteration and
// not read after the loop before it is written again: FirstTouch.h), or as
// a gathered array (iteration i touches only row i; the rows are exchanged
// at the end); the reductions and gathers are typed; and no iteration may
// leave the loop early (break/return/goto), since another zone runs the
// iterations after it.
#include "FirstTouch.h"
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <map>

using namespace clang;

namespace hy {

namespace {

class ZoneChecker {
public:
  ZoneChecker(ASTContext &ctx, ZoneLoop &z) : DE(ctx.getDiagnostics()), z(z) {}

  bool run() {
    const ForStmt *loop = z.loop.loop;
    collectDeclaredVars(loop, inside);
    inside.insert(z.loop.index);
    collectAccesses(loop->getBody(), acc);
    resolveReductions();
    for (const NamedLoc &v : z.loop.pragma->scratch)
      if (const VarDecl *d = named(v, "scratch"))
        scratch(d, v);
    for (const NamedLoc &v : z.loop.pragma->gather)
      if (const VarDecl *d = named(v, "gather"))
        gather(d, v);
    std::set<const VarDecl *> reported;
    for (const Access &a : acc) {
      if (!a.write || inside.count(a.var) || clauseOf.count(a.var) || reported.count(a.var))
        continue;
      reported.insert(a.var);
      report(DE, a.expr->getBeginLoc(), Diag::ZoneWrite) << a.var->getName();
      report(DE, a.var->getLocation(), Diag::NoteDeclaredHere) << a.var->getName();
      ok = false;
    }
    std::vector<std::pair<const Stmt *, const char *>> jumps;
    jumpsOut(loop->getBody(), {}, /*breakable=*/false, jumps);
    for (const auto &[j, what] : jumps) {
      report(DE, j->getBeginLoc(), Diag::JumpOutOfLoop) << what;
      ok = false;
    }
    return ok;
  }

private:
  // The variable declared before the loop that a clause names (null: an
  // error or warning was reported); a variable takes one clause.
  const VarDecl *named(const NamedLoc &v, const char *clause) {
    const VarDecl *outer = nullptr, *in = nullptr;
    for (const Access &a : acc)
      if (a.var->getName() == v.name)
        (inside.count(a.var) ? in : outer) = a.var;
    if (!outer && in) {
      report(DE, v.loc, Diag::ZoneClauseInside) << v.name << clause;
      ok = false;
      return nullptr;
    }
    if (!outer) {
      report(DE, v.loc, Diag::ZoneClauseUnused) << v.name << clause;
      return nullptr;
    }
    auto [it, isNew] = clauseOf.emplace(outer, clause);
    if (!isNew) {
      report(DE, v.loc, Diag::ZoneClauseTwice) << v.name << it->second << clause;
      ok = false;
      return nullptr;
    }
    return outer;
  }

  // Scratch data: each iteration writes it before reading it, and the code
  // after the loop does too (each zone's copy holds its last iteration's).
  void scratch(const VarDecl *d, const NamedLoc &v) {
    if (d->hasGlobalStorage()) {
      report(DE, v.loc, Diag::ZoneScratchGlobal) << v.name;
      ok = false;
      return;
    }
    FirstTouch t = firstTouch(z.loop.loop->getBody(), d);
    if (t.touch == Touch::Reads) {
      report(DE, t.where->getBeginLoc(), Diag::ZoneScratchReadFirst) << v.name;
      ok = false;
    }
    if (z.function && z.function->getBody()) {
      FirstTouch after = firstTouchAfter(z.function->getBody(), z.loop.loop, d);
      if (after.touch == Touch::Reads) {
        report(DE, after.where->getBeginLoc(), Diag::ZoneScratchReadAfter) << v.name;
        ok = false;
      }
    }
    z.scratch.push_back(d);
  }

  // A gathered array: arithmetic elements; inside the loop only elements
  // of row `index` (and its size).
  void gather(const VarDecl *d, const NamedLoc &v) {
    QualType t = d->getType().getNonReferenceType();
    ArrayType at = classifyArray(t);
    const bool typed = !at.elem.isNull() && !at.elem->isDependentType();
    if ((at.kind != ArrayKind::HyArray && at.kind != ArrayKind::StdVector) ||
        (typed && !at.elem->isArithmeticType()) || t.isConstQualified()) {
      report(DE, v.loc, Diag::ZoneGatherType) << v.name << t;
      ok = false;
      return;
    }
    const VarDecl *index = z.loop.index;
    bool fine = true;
    for (const Access &a : acc) {
      if (a.var != d || a.meta)
        continue;
      if (!a.element || a.arrayMember) {
        report(DE, a.expr->getBeginLoc(), Diag::ZoneGatherWhole) << v.name << index->getName();
        fine = false;
      } else if (a.indices.empty() || refVar(a.indices.front()) != index) {
        report(DE, a.elementExpr->getBeginLoc(), Diag::ZoneGatherRow)
            << v.name << index->getName();
        fine = false;
      }
    }
    ok &= fine;
    if (fine)
      z.gathers.push_back(d);
  }

  void resolveReductions() {
    for (const ReductionClause &c : z.loop.pragma->reductions)
      for (const NamedLoc &v : c.vars) {
        const VarDecl *outer = nullptr, *in = nullptr;
        for (const Access &a : acc)
          if (a.var->getName() == v.name)
            (inside.count(a.var) ? in : outer) = a.var;
        if (!outer && in) {
          report(DE, v.loc, Diag::ReductionDeclaredInside) << v.name;
          ok = false;
          continue;
        }
        if (!outer) {
          report(DE, v.loc, Diag::ReductionNotUsed) << v.name;
          continue;
        }
        clauseOf.emplace(outer, "reduction"); // named: no write error, whether accepted or not
        QualType t = outer->getType().getNonReferenceType();
        ArrayType at = classifyArray(t);
        QualType elem = at.kind == ArrayKind::None ? t : at.elem;
        const bool typed = !elem.isNull() && !elem->isDependentType();
        if (at.kind == ArrayKind::Worklist || (typed && !elem->isArithmeticType()) ||
            locReductionOp(t)) {
          report(DE, v.loc, Diag::ZoneReductionType) << v.name << t;
          ok = false;
          continue;
        }
        const bool bitwise = c.op == ReductionOp::BitAnd || c.op == ReductionOp::BitOr ||
                             c.op == ReductionOp::BitXor;
        if (bitwise && typed && !elem->isIntegralOrEnumerationType()) {
          report(DE, c.opLoc, Diag::ReductionOpType) << spelling(c.op) << v.name << t;
          ok = false;
          continue;
        }
        Reduction r;
        r.op = c.op;
        r.var = outer;
        r.isArray = at.kind != ArrayKind::None;
        r.loc = v.loc;
        z.reductions.push_back(r);
      }
  }

  DiagnosticsEngine &DE;
  ZoneLoop &z;
  std::set<const VarDecl *> inside;
  std::vector<Access> acc;
  std::map<const VarDecl *, const char *> clauseOf; // the clause naming each variable
  bool ok = true;
};

} // namespace

bool checkZones(ASTContext &ctx, TranslationModel &model) {
  bool ok = true;
  for (auto &z : model.zones)
    ok &= ZoneChecker(ctx, *z).run();
  return ok;
}

} // namespace hy

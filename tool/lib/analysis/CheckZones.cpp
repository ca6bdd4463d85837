// The rules of zone loops (`#pragma hy parallel for into(devices)`,
// docs/language.md "Zones"): each zone is a separate process with its own
// copy of every variable, so a variable declared outside the loop may be
// written inside it only as a reduction of the loop (combined across zones
// at its end); the reductions are typed; and no iteration may leave the
// loop early (break/return/goto), since another zone runs the iterations
// after it.
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace hy {

namespace {

class ZoneChecker {
public:
  ZoneChecker(ASTContext &ctx, ZoneLoop &z) : DE(ctx.getDiagnostics()), z(z) {}

  bool run() {
    const ForStmt *loop = z.loop.loop;
    std::set<const VarDecl *> inside;
    collectDeclaredVars(loop, inside);
    inside.insert(z.loop.index);
    std::vector<Access> acc;
    collectAccesses(loop->getBody(), acc);
    resolve(acc, inside);
    std::set<const VarDecl *> reported;
    for (const Access &a : acc) {
      if (!a.write || inside.count(a.var) || reduced.count(a.var) || reported.count(a.var))
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
  void resolve(const std::vector<Access> &acc, const std::set<const VarDecl *> &inside) {
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
        reduced.insert(outer); // named: no write error, whether accepted or not
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
  std::set<const VarDecl *> reduced;
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

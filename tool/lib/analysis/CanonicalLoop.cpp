// Canonical-loop recognition for `parallel for`: one integer index, a
// loop-invariant bound compared with < <= > >= !=, and ++ -- += -= by a
// loop-invariant step. Errors point at the offending part of the header.
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hy {

namespace {

const Expr *strip(const Expr *e) { return e ? e->IgnoreParenImpCasts() : nullptr; }

// index CMP bound, with the comparison flipped if written bound CMP index.
bool matchCond(const Expr *cond, const VarDecl *idx, BinaryOperatorKind &cmp,
               const Expr *&bound) {
  cond = strip(cond);
  BinaryOperatorKind op;
  const Expr *l, *r;
  if (const auto *bo = dyn_cast_or_null<BinaryOperator>(cond)) {
    op = bo->getOpcode();
    l = bo->getLHS();
    r = bo->getRHS();
  } else if (const auto *oc = dyn_cast_or_null<CXXOperatorCallExpr>(cond)) {
    if (oc->getNumArgs() != 2)
      return false;
    switch (oc->getOperator()) {
    case OO_Less: op = BO_LT; break;
    case OO_LessEqual: op = BO_LE; break;
    case OO_Greater: op = BO_GT; break;
    case OO_GreaterEqual: op = BO_GE; break;
    case OO_ExclaimEqual: op = BO_NE; break;
    default: return false;
    }
    l = oc->getArg(0);
    r = oc->getArg(1);
  } else {
    return false;
  }
  if (op != BO_LT && op != BO_LE && op != BO_GT && op != BO_GE && op != BO_NE)
    return false;
  if (refVar(l) == idx) {
    cmp = op;
    bound = r;
    return true;
  }
  if (refVar(r) == idx) {
    switch (op) {
    case BO_LT: cmp = BO_GT; break;
    case BO_LE: cmp = BO_GE; break;
    case BO_GT: cmp = BO_LT; break;
    case BO_GE: cmp = BO_LE; break;
    default: cmp = op; break;
    }
    bound = l;
    return true;
  }
  return false;
}

// ++i, i++, --i, i--, i += s, i -= s, i = i + s, i = s + i, i = i - s.
bool matchInc(const Expr *inc, const VarDecl *idx, int &sign, const Expr *&step) {
  inc = strip(inc);
  step = nullptr;
  if (const auto *uo = dyn_cast_or_null<UnaryOperator>(inc)) {
    if (!uo->isIncrementDecrementOp() || refVar(uo->getSubExpr()) != idx)
      return false;
    sign = uo->isIncrementOp() ? 1 : -1;
    return true;
  }
  const auto *bo = dyn_cast_or_null<BinaryOperator>(inc);
  if (!bo || refVar(bo->getLHS()) != idx)
    return false;
  if (bo->getOpcode() == BO_AddAssign || bo->getOpcode() == BO_SubAssign) {
    sign = bo->getOpcode() == BO_AddAssign ? 1 : -1;
    step = bo->getRHS();
    return true;
  }
  if (bo->getOpcode() == BO_Assign) {
    const auto *rhs = dyn_cast<BinaryOperator>(strip(bo->getRHS()));
    if (!rhs)
      return false;
    if (rhs->getOpcode() == BO_Add) {
      sign = 1;
      if (refVar(rhs->getLHS()) == idx) { step = rhs->getRHS(); return true; }
      if (refVar(rhs->getRHS()) == idx) { step = rhs->getLHS(); return true; }
    }
    if (rhs->getOpcode() == BO_Sub && refVar(rhs->getLHS()) == idx) {
      sign = -1;
      step = rhs->getRHS();
      return true;
    }
  }
  return false;
}

// A use of the index in parentheses, `(i) < n` or `(i)++`: OpenMP
// compilers accept only the plain name in a loop's header.
const ParenExpr *parenIndex(const Stmt *s, const VarDecl *idx) {
  if (!s)
    return nullptr;
  if (const auto *pe = dyn_cast<ParenExpr>(s))
    if (refVar(pe) == idx)
      return pe;
  for (const Stmt *c : s->children())
    if (const ParenExpr *pe = parenIndex(c, idx))
      return pe;
  return nullptr;
}

// A part of the header that exists only inside a macro expansion (a loop
// written by `#define LOOP(i, n) for (int i = 0; i < n; ++i)`): hyc prints
// the header's parts into the code it generates and has no text for it. A
// macro that is the whole part (`i < N`) is fine.
bool withoutText(ASTContext &ctx, const Expr *e) {
  if (!e)
    return false;
  CharSourceRange r = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(e->getSourceRange()),
                                               ctx.getSourceManager(), ctx.getLangOpts());
  return r.isInvalid();
}

// The trip count of a loop with constant bounds and step, compared as the
// loop compares them: the lower bound converted to the comparison's type
// (that of the bound after the usual conversions).
std::optional<int64_t> constantTrips(ASTContext &ctx, const LoopInfo &li) {
  Expr::EvalResult lr, hr;
  if (li.lower->isValueDependent() || li.bound->isValueDependent() ||
      !li.lower->EvaluateAsInt(lr, ctx) || !li.bound->EvaluateAsInt(hr, ctx))
    return std::nullopt;
  QualType ct = li.bound->getType();
  if (ct->isDependentType() || !ct->isIntegralOrEnumerationType())
    return std::nullopt;
  unsigned width = ctx.getIntWidth(ct);
  bool isUnsigned = ct->isUnsignedIntegerOrEnumerationType();
  auto wide = [&](llvm::APSInt v) {
    v = v.extOrTrunc(width); // as the comparison converts it
    v.setIsUnsigned(isUnsigned);
    v = v.extend(130);
    v.setIsSigned(true);
    return v;
  };
  llvm::APSInt l = wide(lr.Val.getInt()), h = wide(hr.Val.getInt());
  llvm::APSInt one(llvm::APInt(130, 1), false), zero(llvm::APInt(130, 0), false);
  int64_t s = *li.constStep;
  llvm::APSInt step(llvm::APInt(130, s < 0 ? -(uint64_t)s : (uint64_t)s), false);
  llvm::APSInt n = zero;
  bool up = li.cmp == BO_LT || li.cmp == BO_LE || (li.cmp == BO_NE && s > 0);
  bool down = li.cmp == BO_GT || li.cmp == BO_GE || (li.cmp == BO_NE && s < 0);
  if (li.cmp == BO_LE)
    h += one;
  if (li.cmp == BO_GE)
    h -= one;
  if (up && s > 0 && h > l)
    n = (h - l + step - one).sdiv(step);
  else if (down && s < 0 && l > h)
    n = (l - h + step - one).sdiv(step);
  if (n.getSignificantBits() > 64)
    return std::nullopt;
  return n.getSExtValue();
}

// OpenMP compilers count a loop's iterations in its index's type: g++ runs
// `for (int i = INT_MIN; i < INT_MAX - K; i += K)` no times at all (it
// computes bound - lower + step - 1 as an int). Whether that value, for a
// loop with constant bounds, exceeds a signed index type's largest value.
bool spanTooWide(ASTContext &ctx, const LoopInfo &li) {
  QualType it = li.index->getType();
  Expr::EvalResult lr, hr;
  if (!it->isSignedIntegerType() || li.lower->isValueDependent() ||
      li.bound->isValueDependent() || !li.lower->EvaluateAsInt(lr, ctx) ||
      !li.bound->EvaluateAsInt(hr, ctx))
    return false;
  auto wide = [](llvm::APSInt v) {
    v = v.extend(130);
    v.setIsSigned(true);
    return v;
  };
  llvm::APSInt l = wide(lr.Val.getInt()), h = wide(hr.Val.getInt());
  llvm::APSInt span = l > h ? l - h : h - l;
  // g++ computes bound - lower + step - 1 in that type.
  if (li.constStep) {
    int64_t st = *li.constStep;
    span += wide(llvm::APSInt(llvm::APInt(64, st < 0 ? -(uint64_t)st : (uint64_t)st), true));
    span -= wide(llvm::APSInt(llvm::APInt(64, 1), true));
  }
  llvm::APSInt max = wide(llvm::APSInt::getMaxValue(ctx.getIntWidth(it), /*Unsigned=*/false));
  return span > max;
}

// A parallel loop's header as hyc can print it and OpenMP compilers accept
// it: integer bound and step, the index without parentheses, no part
// written inside a macro.
bool printable(ASTContext &ctx, const ForStmt *fs, const LoopInfo &li, bool diagnose) {
  DiagnosticsEngine &DE = ctx.getDiagnostics();
  std::string name = li.index->getName().str();
  const Stmt *init = fs->getInit();
  // Integer bounds and steps: the trip count is an integer computation.
  for (auto [what, e] : {std::pair<const char *, const Expr *>{"bound", li.bound},
                         {"step", li.step}})
    if (e && !e->isTypeDependent() && !e->getType()->isIntegralOrEnumerationType()) {
      if (diagnose)
        report(DE, e->getBeginLoc(), Diag::LoopBoundType) << what << name << e->getType();
      return false;
    }
  // Written so that hyc can print it, and as OpenMP compilers accept it.
  const Stmt *header[] = {init, fs->getCond(), fs->getInc()};
  for (const Stmt *part : header)
    if (const ParenExpr *pe = parenIndex(part, li.index)) {
      if (diagnose)
        report(DE, pe->getBeginLoc(), Diag::LoopIndexParens) << name;
      return false;
    }
  if (fs->getForLoc().isMacroID() || fs->getRParenLoc().isMacroID() ||
      li.index->getLocation().isMacroID() || withoutText(ctx, li.lower) ||
      withoutText(ctx, li.bound) || withoutText(ctx, li.step)) {
    if (diagnose)
      report(DE, ctx.getSourceManager().getExpansionLoc(fs->getBeginLoc()), Diag::LoopHeaderMacro);
    return false;
  }

  return true;
}

} // namespace

std::optional<LoopInfo> analyzeCanonicalLoop(ASTContext &ctx, const ForStmt *fs,
                                             const PragmaDirective *pragma,
                                             bool diagnose) {
  DiagnosticsEngine &DE = ctx.getDiagnostics();
  LoopInfo li;
  li.loop = fs;
  li.pragma = pragma;

  // init
  const Stmt *init = fs->getInit();
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(init)) {
    if (ds->isSingleDecl())
      if (const auto *vd = dyn_cast<VarDecl>(ds->getSingleDecl()))
        if (vd->getInit()) {
          li.index = vd;
          li.lower = vd->getInit();
          li.declaresIndex = true;
        }
  } else if (const auto *bo = dyn_cast_or_null<BinaryOperator>(
                 init ? strip(dyn_cast<Expr>(init)) : nullptr)) {
    if (bo->getOpcode() == BO_Assign && refVar(bo->getLHS())) {
      li.index = refVar(bo->getLHS());
      li.lower = bo->getRHS();
      li.declaresIndex = false;
    }
  }
  if (!li.index) {
    if (diagnose)
      report(DE, init ? init->getBeginLoc() : fs->getLParenLoc(), Diag::LoopInit);
    return std::nullopt;
  }
  QualType it = li.index->getType();
  if (!it->isIntegerType() && !it->isDependentType()) {
    if (diagnose)
      report(DE, li.index->getLocation(), Diag::LoopIndexType)
          << li.index->getName() << it;
    return std::nullopt;
  }
  std::string name = li.index->getName().str();

  // condition
  if (!fs->getCond() || !matchCond(fs->getCond(), li.index, li.cmp, li.bound)) {
    if (diagnose)
      report(DE, fs->getCond() ? fs->getCond()->getBeginLoc() : fs->getLParenLoc(),
             Diag::LoopCond)
          << name;
    return std::nullopt;
  }

  // increment
  if (!fs->getInc() || !matchInc(fs->getInc(), li.index, li.stepSign, li.step)) {
    if (diagnose)
      report(DE, fs->getInc() ? fs->getInc()->getBeginLoc() : fs->getRParenLoc(),
             Diag::LoopInc)
          << name;
    return std::nullopt;
  }
  // The rules below are for parallel loops, which hyc prints in new forms
  // (a serial loop is only looked at, to unroll it).
  if (pragma)
    if (!printable(ctx, fs, li, diagnose))
      return std::nullopt;
  if (li.step) {
    if (auto v = evalInt(ctx, li.step)) {
      if (*v == 0) {
        if (diagnose)
          report(DE, li.step->getBeginLoc(), Diag::StepZero);
        return std::nullopt;
      }
      li.constStep = *v * li.stepSign;
    }
  } else {
    li.constStep = li.stepSign;
  }
  // With != only a step of 1 or -1 is sure to meet the bound (OpenMP
  // compilers refuse any other).
  if (pragma && li.cmp == BO_NE && (!li.constStep || (*li.constStep != 1 && *li.constStep != -1))) {
    if (diagnose)
      report(DE, fs->getCond()->getBeginLoc(), Diag::LoopNeStep)
          << name
          << (li.constStep ? std::to_string(*li.constStep)
                           : "'" + Lexer::getSourceText(CharSourceRange::getTokenRange(
                                                            li.step->getSourceRange()),
                                                        ctx.getSourceManager(), ctx.getLangOpts())
                                       .str() + "'");
    return std::nullopt;
  }

  // Invariance: the index is written only by the increment; the bound and
  // step use nothing the body (or the increment) writes.
  std::vector<Access> body;
  collectAccesses(fs->getBody(), body);
  std::set<const VarDecl *> written;
  for (const Access &a : body) {
    if (a.write && !a.element && a.var == li.index) {
      if (diagnose) {
        report(DE, a.expr->getBeginLoc(), Diag::IndexModified) << name;
      }
      return std::nullopt;
    }
    if (a.write && !a.element)
      written.insert(a.var);
  }
  written.insert(li.index);
  for (auto [what, e] : {std::pair<const char *, const Expr *>{"bound", li.bound},
                         {"step", li.step}}) {
    if (const VarDecl *v = mentionsAny(e, written)) {
      if (diagnose)
        report(DE, e->getBeginLoc(), Diag::LoopVariant) << what << v->getName();
      return std::nullopt;
    }
  }

  // Constant trip count where everything is constant, counted exactly (in
  // 130-bit arithmetic: the span of two 64-bit bounds does not fit in 64
  // bits); none if it does not fit in long long.
  if (li.constStep)
    if (auto n = constantTrips(ctx, li))
      li.constTrip = *n;
  if (pragma && (!li.constTrip || *li.constTrip > 0) && spanTooWide(ctx, li)) {
    if (diagnose)
      report(DE, fs->getCond()->getBeginLoc(), Diag::LoopSpanTooWide)
          << name << li.index->getType().getAsString();
    return std::nullopt;
  }
  return li;
}

} // namespace hy

// KernelPrinter, register rows: a constant loop of thread code that moves a
// run of a per-thread array to or from consecutive elements of a kernel
// array in global memory,
//     for (int b = 0; b < 4; ++b) acc[a][b] = D(i, j + b);
//     for (int b = 0; b < 4; ++b) D(i, j + b) = acc[a][b];
// is printed as one call of hy::cuda::load_row<4>(acc[a], D, i, j) (or
// store_row), which moves the run as vectors where its first element is
// aligned for them (runtime/include/hy/cuda/rows.cuh). Left to nvcc, such a
// loop is one scalar access per element: nvcc cannot know how D's rows are
// aligned. Accesses redirected to a tile are not rows: nvcc vectorises
// those itself.
#include "cuda/CudaKernel.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

namespace hy::cudagen {

namespace {

// `L[...][b]` (or `L[b]`) with L a local array of constant size and only the
// last subscript depending on b: returns `L[...]`, the run's array.
const Expr *localRun(const Expr *e, const VarDecl *b) {
  const auto *ase = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts());
  if (!ase || ase->getType()->isArrayType())
    return nullptr;
  const auto *idx = dyn_cast<DeclRefExpr>(ase->getIdx()->IgnoreParenImpCasts());
  if (!idx || idx->getDecl() != b)
    return nullptr;
  const Expr *run = ase->getBase()->IgnoreParenImpCasts();
  const Expr *base = run;
  while (const auto *inner = dyn_cast<ArraySubscriptExpr>(base)) {
    if (mentionsAny(inner->getIdx(), {b}))
      return nullptr;
    base = inner->getBase()->IgnoreParenImpCasts();
  }
  const VarDecl *vd = refVar(base);
  if (!vd || !vd->isLocalVarDecl() || !isa<ConstantArrayType>(vd->getType().getTypePtr()))
    return nullptr;
  return run;
}

// The additive terms of `e` with their signs (`a - b + c`: +a, -b, +c).
void terms(const Expr *e, bool neg, std::vector<std::pair<const Expr *, bool>> &out) {
  e = e->IgnoreParenImpCasts();
  if (const auto *bo = dyn_cast<BinaryOperator>(e);
      bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
    terms(bo->getLHS(), neg, out);
    terms(bo->getRHS(), bo->getOpcode() == BO_Sub ? !neg : neg, out);
    return;
  }
  out.push_back({e, neg});
}

// When `last` is a sum with the term +b once and no other mention of b
// (`c + b`, `b + c + 1`, `c - 1 + b`, `b`): the run's first index, as the
// other side of a top-level `+` (null for `b` alone: 0), or as its other
// terms (`rest`, with their signs). False otherwise.
bool runStart(const Expr *last, const VarDecl *b, const Expr *&start,
              std::vector<std::pair<const Expr *, bool>> &rest) {
  auto isB = [&](const Expr *x) {
    const auto *d = dyn_cast<DeclRefExpr>(x->IgnoreParenImpCasts());
    return d && d->getDecl() == b;
  };
  start = nullptr;
  rest.clear();
  std::vector<std::pair<const Expr *, bool>> all;
  terms(last, false, all);
  int found = 0;
  for (auto &[t, neg] : all) {
    if (isB(t) && !neg)
      ++found;
    else if (mentionsAny(t, {b}))
      return false;
    else
      rest.push_back({t, neg});
  }
  if (found != 1)
    return false;
  const Expr *top = last->IgnoreParenImpCasts();
  if (const auto *bo = dyn_cast<BinaryOperator>(top); bo && bo->getOpcode() == BO_Add) {
    if (isB(bo->getRHS()))
      start = bo->getLHS();
    else if (isB(bo->getLHS()))
      start = bo->getRHS();
  }
  if (start)
    rest.clear();
  return true;
}

// The two sides of `x = y` (built-in or, in templates, an operator call).
bool assignment(const Stmt *s, const Expr *&lhs, const Expr *&rhs) {
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->getOpcode() == BO_Assign) {
    lhs = bo->getLHS();
    rhs = bo->getRHS();
    return true;
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s);
      op && op->getOperator() == OO_Equal && op->getNumArgs() == 2) {
    lhs = op->getArg(0);
    rhs = op->getArg(1);
    return true;
  }
  return false;
}

} // namespace

bool KernelPrinter::registerRow(const ForStmt *fs, const LoopInfo &li) {
  // The index must be the loop's own: the call leaves no value in it.
  if (!li.declaresIndex || !li.constTrip || *li.constTrip < 2 || *li.constTrip > 64 || li.stepSign != 1 ||
      li.constStep.value_or(0) != 1 || evalInt(ctx, li.lower).value_or(-1) != 0)
    return false;
  const Stmt *body = fs->getBody();
  if (const auto *cs = dyn_cast<CompoundStmt>(body)) {
    if (cs->size() != 1)
      return false;
    body = cs->body_front();
  }
  const Expr *lhs = nullptr, *rhs = nullptr;
  if (!assignment(body, lhs, rhs))
    return false;
  const VarDecl *b = li.index;
  const Expr *run = localRun(lhs, b), *elem = rhs;
  bool load = run != nullptr;
  if (!load) {
    run = localRun(rhs, b);
    elem = lhs;
  }
  if (!run)
    return false;
  // The other side: exactly an element m(i0, ..., e + b) of a kernel array
  // that stays in global memory.
  std::vector<Access> acc;
  collectAccesses(elem, acc);
  const Access *a = nullptr;
  for (const Access &x : acc)
    if (x.element && x.elementExpr->IgnoreParens() == elem->IgnoreParenImpCasts())
      a = &x;
  if (!a || k.tileOf.count(a->elementExpr))
    return false;
  ArrayType at = classifyArray(a->var->getType());
  if (at.kind == ArrayKind::None || at.kind == ArrayKind::Worklist ||
      a->indices.size() != size_t(at.rank))
    return false;
  for (const ArrayUpdate &u : k.arrayUpdates)
    if (u.assign == body)
      return false;
  for (size_t i = 0; i + 1 < a->indices.size(); ++i)
    if (mentionsAny(a->indices[i], {b}))
      return false;
  const Expr *start = nullptr;
  std::vector<std::pair<const Expr *, bool>> rest;
  if (!runStart(a->indices.back(), b, start, rest))
    return false;
  // Copied texts must be the program's own (not inside a macro).
  std::vector<const Expr *> parts(a->indices.begin(), a->indices.end() - 1);
  parts.push_back(run);
  parts.push_back(a->elementExpr);
  if (start)
    parts.push_back(start);
  for (auto &t : rest)
    parts.push_back(t.first);
  // Written in the program's text, or exactly one whole macro use
  // (`ROW_START(tx)`), so that the copied text is that expression.
  auto own = [&](const Expr *p) {
    SourceLocation b0 = p->getBeginLoc(), e0 = p->getEndLoc();
    if (b0.isFileID() && e0.isFileID())
      return true;
    SourceLocation mb, me;
    return Lexer::isAtStartOfMacroExpansion(b0, SM, ctx.getLangOpts(), &mb) &&
           Lexer::isAtEndOfMacroExpansion(e0, SM, ctx.getLangOpts(), &me) && mb.isFileID() &&
           me.isFileID();
  };
  for (const Expr *p : parts)
    if (!own(p))
      return false;
  if (fs->getBeginLoc().isMacroID() || body->getEndLoc().isMacroID())
    return false;
  auto text = [&](const Expr *e) {
    return R.getRewrittenText(SM.getExpansionRange(e->getSourceRange()));
  };
  std::string call = std::string("hy::cuda::") + (load ? "load_row<" : "store_row<") +
                     std::to_string(*li.constTrip) + ">(" + text(run) + ", " +
                     a->var->getName().str();
  for (size_t i = 0; i + 1 < a->indices.size(); ++i)
    call += ", " + text(a->indices[i]);
  std::string first = start ? text(start) : "";
  for (auto &[t, neg] : rest) {
    std::string x = text(t);
    bool simple = isa<DeclRefExpr>(t) || isa<IntegerLiteral>(t) || isa<ParenExpr>(t);
    if (!simple)
      x = "(" + x + ")";
    first += first.empty() ? (neg ? "-" + x : x) : (neg ? " - " : " + ") + x;
  }
  call += ", " + (first.empty() ? std::string("0") : first) + ");";
  // As many line breaks as the loop had, so that the #line mapping of the
  // code after it still holds.
  CharSourceRange range = CharSourceRange::getCharRange(begin(fs), stmtEnd(ctx, fs));
  std::string old = R.getRewrittenText(range);
  call += std::string(std::count(old.begin(), old.end(), '\n'), '\n');
  replace(range, call);
  return true;
}

} // namespace hy::cudagen

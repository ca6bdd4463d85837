// Shared printing helpers: source text, statement ends, composed rewrites,
// pragma lines, #line directives, trip counts and type names.
#include "PrintUtil.h"
#include "hy/Analysis.h"
#include "hy/Frontend.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hy {

std::string sourceText(const SourceManager &SM, const LangOptions &LO, SourceRange r) {
  CharSourceRange cr = CharSourceRange::getTokenRange(r);
  cr = Lexer::makeFileCharRange(cr, SM, LO);
  if (cr.isInvalid())
    return "";
  return Lexer::getSourceText(cr, SM, LO).str();
}

std::string exprText(ASTContext &ctx, const Expr *e) {
  return sourceText(ctx.getSourceManager(), ctx.getLangOpts(), e->getSourceRange());
}

SourceLocation stmtEnd(ASTContext &ctx, const Stmt *s) {
  const SourceManager &SM = ctx.getSourceManager();
  const LangOptions &LO = ctx.getLangOpts();
  if (const auto *cs = dyn_cast<CompoundStmt>(s))
    return cs->getRBracLoc().getLocWithOffset(1);
  if (const auto *fs = dyn_cast<ForStmt>(s))
    return stmtEnd(ctx, fs->getBody());
  if (const auto *ws = dyn_cast<WhileStmt>(s))
    return stmtEnd(ctx, ws->getBody());
  if (const auto *rs = dyn_cast<CXXForRangeStmt>(s))
    return stmtEnd(ctx, rs->getBody());
  if (const auto *is = dyn_cast<IfStmt>(s))
    return stmtEnd(ctx, is->getElse() ? is->getElse() : is->getThen());
  if (const auto *ls = dyn_cast<LabelStmt>(s))
    return stmtEnd(ctx, ls->getSubStmt());
  if (isa<DeclStmt>(s) || isa<NullStmt>(s))
    return Lexer::getLocForEndOfToken(SM.getExpansionLoc(s->getEndLoc()), 0, SM, LO);
  SourceLocation end = SM.getExpansionRange(s->getEndLoc()).getEnd();
  SourceLocation after = Lexer::findLocationAfterToken(end, tok::semi, SM, LO, false);
  if (after.isValid())
    return after;
  return Lexer::getLocForEndOfToken(end, 0, SM, LO);
}

CharSourceRange stmtRange(ASTContext &ctx, const Stmt *s) {
  return CharSourceRange::getCharRange(
      ctx.getSourceManager().getExpansionLoc(s->getBeginLoc()), stmtEnd(ctx, s));
}

// A token range of expansion locations as the characters it covers.
static CharSourceRange fileChars(ASTContext &ctx, SourceRange r) {
  const SourceManager &SM = ctx.getSourceManager();
  SourceLocation b = SM.getExpansionRange(r.getBegin()).getBegin();
  SourceLocation e = SM.getExpansionRange(r.getEnd()).getEnd();
  return CharSourceRange::getCharRange(
      b, Lexer::getLocForEndOfToken(e, 0, SM, ctx.getLangOpts()));
}

std::string rewrittenText(const Rewriter &R, CharSourceRange r) {
  Rewriter::RewriteOptions with, without;
  without.IncludeInsertsAtBeginOfRange = false;
  int before = R.getRangeSize(r, with) - R.getRangeSize(r, without);
  std::string all = R.getRewrittenText(r);
  return before > 0 && static_cast<size_t>(before) <= all.size() ? all.substr(before) : all;
}

std::string rewrittenText(const Rewriter &R, ASTContext &ctx, SourceRange r) {
  return rewrittenText(R, fileChars(ctx, r));
}

void replaceRewritten(Rewriter &R, CharSourceRange r, const std::string &text) {
  Rewriter::RewriteOptions opts;
  opts.IncludeInsertsAtBeginOfRange = false;
  R.RemoveText(r, opts);
  R.InsertText(r.getBegin(), text, /*InsertAfter=*/true);
}

void replaceRewritten(Rewriter &R, ASTContext &ctx, SourceRange r, const std::string &text) {
  replaceRewritten(R, fileChars(ctx, r), text);
}

void replacePragma(Rewriter &R, const PragmaDirective &d, const std::string &text) {
  R.ReplaceText(CharSourceRange::getCharRange(d.loc, d.endLoc), text);
}

std::string where(const SourceManager &SM, SourceLocation loc) {
  PresumedLoc p = SM.getPresumedLoc(SM.getExpansionLoc(loc));
  if (p.isInvalid())
    return "?";
  return llvm::sys::path::filename(p.getFilename()).str() + ":" +
         std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn());
}

std::string cString(const std::string &s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      r += '\\';
    r += c;
  }
  return r + "\"";
}

std::string translatedMarker(const PrintInput &) {
  return std::string("#define ") + kTranslatedMacro + " 1\n";
}

std::string lineDirective(const PrintInput &in, SourceLocation loc) {
  if (!in.opts.lineDirectives)
    return "";
  const SourceManager &SM = in.ctx.getSourceManager();
  unsigned line = SM.getExpansionLineNumber(loc);
  return "#line " + std::to_string(line) + " " + cString(in.opts.inputName) + "\n";
}

std::string stepText(const LoopInfo &li, const TextOf &text) {
  if (li.constStep)
    return std::to_string(*li.constStep);
  std::string s = "(" + text(li.step) + ")";
  return li.stepSign < 0 ? "-" + s : s;
}

std::string stepText(ASTContext &ctx, const LoopInfo &li) {
  return stepText(li, [&](const Expr *e) { return exprText(ctx, e); });
}

const char *cmpText(const LoopInfo &li) {
  switch (li.cmp) {
  case BO_LT: return "<";
  case BO_LE: return "<=";
  case BO_GT: return ">";
  case BO_GE: return ">=";
  default: return li.stepSign > 0 ? "<" : ">";
  }
}

std::string tripText(ASTContext &ctx, const LoopInfo &li) {
  return tripText(ctx, li, [&](const Expr *e) { return exprText(ctx, e); });
}

std::string shortTripText(ASTContext &ctx, const LoopInfo &li) {
  auto lo = evalInt(ctx, li.lower);
  return li.constTrip ? std::to_string(*li.constTrip)
         : lo && *lo == 0 && li.constStep && *li.constStep == 1 && li.cmp == BO_LT
             ? "(" + exprText(ctx, li.bound) + ")"
             : tripText(ctx, li);
}

// The step's size: `i += s` counting down has a negative s.
static std::string stepSize(const LoopInfo &li, bool up, const TextOf &text) {
  if (li.constStep)
    return std::to_string(std::llabs(*li.constStep));
  if (!li.step)
    return "1";
  return (li.stepSign > 0) == up ? "(long long)(" + text(li.step) + ")"
                                 : "-(long long)(" + text(li.step) + ")";
}

std::string tripText(ASTContext &ctx, const LoopInfo &li, const TextOf &text) {
  if (li.constTrip)
    return std::to_string(*li.constTrip);
  // hy::trips(from, to, step) counts upwards, in the types the loop
  // compares (the index's and the bound's), exactly for any 64-bit values;
  // a loop that counts down is counted from its bound up to its start.
  std::string lo = "(" + typeText(ctx, li.index->getType()) + ")(" + text(li.lower) + ")";
  std::string hi = "(" + text(li.bound) + ")";
  bool up = li.cmp == BO_LT || li.cmp == BO_LE ||
            (li.cmp == BO_NE && (li.constStep ? *li.constStep > 0 : li.stepSign > 0));
  bool incl = li.cmp == BO_LE || li.cmp == BO_GE;
  std::string st = stepSize(li, up, text);
  return std::string("hy::") + (incl ? "trips_incl(" : "trips(") + (up ? lo + ", " + hi : hi + ", " + lo) +
         ", " + st + ")";
}

std::string typeText(ASTContext &ctx, QualType t) {
  PrintingPolicy pp(ctx.getLangOpts());
  pp.SuppressTagKeyword = true;
  pp.FullyQualifiedName = true;
  return t.getNonReferenceType().getUnqualifiedType().getAsString(pp);
}


// `i = i + s`, `i = s + i`, `i = i - s`: the binary operator on the right.
const BinaryOperator *assignIncrement(const LoopInfo &li) {
  const auto *as = dyn_cast_or_null<BinaryOperator>(li.loop->getInc());
  if (!as || as->getOpcode() != BO_Assign)
    return nullptr;
  return dyn_cast<BinaryOperator>(as->getRHS()->IgnoreParenImpCasts());
}

// nvcc's front end prints a template's body again for the host compiler and
// writes `i = i + 1` as `i = (i + 1)`, which g++'s OpenMP then rejects
// ("invalid increment expression"); `i += 1` passes. The same step, written
// as a compound assignment.
void compoundIncrement(ASTContext &ctx, const LoopInfo &li, Rewriter &R) {
  const BinaryOperator *rhs = assignIncrement(li);
  if (!rhs)
    return;
  const SourceManager &SM = ctx.getSourceManager();
  const auto *lhsRef = dyn_cast<DeclRefExpr>(rhs->getLHS()->IgnoreParenImpCasts());
  bool indexFirst = lhsRef && lhsRef->getDecl() == li.index;
  const Expr *step = indexFirst ? rhs->getRHS() : rhs->getLHS();
  std::string op = rhs->getOpcode() == BO_Sub ? " -= " : " += ";
  R.ReplaceText(SM.getExpansionRange(li.loop->getInc()->getSourceRange()),
                li.index->getName().str() + op + "(" +
                    R.getRewrittenText(SM.getExpansionRange(step->getSourceRange())) + ")");
}

// g++ counts an OpenMP loop's iterations in its index's type and runs
// none when the count overflows, which bounds known only at run time can
// make it do (`for (int i = lo; i < hi; ...)`, lo < 0 < hi): the start is
// checked there (hy::omp_start stops with an error naming the loop). Not
// for unsigned indices, constant bounds (checked by hyc) or a step of 1
// from a start >= 0 (the count is then at most the bound).
void checkOmpStart(ASTContext &ctx, const LoopInfo &li, Rewriter &R) {
  QualType t = li.index->getType().getNonReferenceType();
  if (li.constTrip || !li.lower || !li.bound ||
      !(t->isDependentType() || t->isSignedIntegerType()))
    return;
  bool up = li.cmp == BO_LT || li.cmp == BO_LE ||
            (li.cmp == BO_NE && (li.constStep ? *li.constStep > 0 : li.stepSign > 0));
  bool unit = li.constStep ? std::llabs(*li.constStep) == 1 : !li.step;
  const Expr *start = up ? li.lower : li.bound;
  if (unit && !start->isValueDependent())
    if (auto v = start->getIntegerConstantExpr(ctx); v && !v->isNegative())
      return;
  const SourceManager &SM = ctx.getSourceManager();
  auto text = [&](const Expr *e) {
    return R.getRewrittenText(SM.getExpansionRange(e->getSourceRange()));
  };
  bool incl = li.cmp == BO_LE || li.cmp == BO_GE;
  R.ReplaceText(SM.getExpansionRange(li.lower->getSourceRange()),
                "hy::omp_start<" + typeText(ctx, li.index->getType()) + ">(" + text(li.lower) +
                    ", " + text(li.bound) + ", " + stepSize(li, up, text) + ", " +
                    (up ? "true" : "false") + ", " + (incl ? "true" : "false") + ", " +
                    cString(where(SM, li.loop->getBeginLoc())) + ")");
}

} // namespace hy

// Shared printing helpers: source text, statement ends, composed rewrites,
// pragma lines, #line directives, trip counts and type names.
#include "PrintUtil.h"
#include "hy/Analysis.h"
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

std::string lineDirective(const PrintInput &in, SourceLocation loc) {
  if (!in.opts.lineDirectives)
    return "";
  const SourceManager &SM = in.ctx.getSourceManager();
  unsigned line = SM.getExpansionLineNumber(loc);
  return "#line " + std::to_string(line) + " " + cString(in.opts.inputName) + "\n";
}

std::string stepText(ASTContext &ctx, const LoopInfo &li) {
  if (li.constStep)
    return std::to_string(*li.constStep);
  std::string s = "(" + exprText(ctx, li.step) + ")";
  return li.stepSign < 0 ? "-" + s : s;
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
  if (li.constTrip)
    return std::to_string(*li.constTrip);
  std::string lo = "(long long)(" + exprText(ctx, li.lower) + ")";
  std::string hi = "(long long)(" + exprText(ctx, li.bound) + ")";
  std::string st = li.constStep ? std::to_string(std::llabs(*li.constStep))
                                : "(long long)(" + exprText(ctx, li.step) + ")";
  bool up = li.stepSign > 0;
  std::string span;
  if (li.cmp == BO_LE)
    span = hi + " - " + lo + " + 1";
  else if (li.cmp == BO_GE)
    span = lo + " - " + hi + " + 1";
  else
    span = up ? hi + " - " + lo : lo + " - " + hi;
  if (st == "1")
    return "hy::trips(" + span + ", 1)";
  return "hy::trips(" + span + ", " + st + ")";
}

std::string typeText(ASTContext &ctx, QualType t) {
  PrintingPolicy pp(ctx.getLangOpts());
  pp.SuppressTagKeyword = true;
  pp.FullyQualifiedName = true;
  return t.getNonReferenceType().getUnqualifiedType().getAsString(pp);
}

} // namespace hy

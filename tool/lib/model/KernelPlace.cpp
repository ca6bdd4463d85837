// Where a kernel may not come from. A `parallel for` loop can sit anywhere a
// statement can, but some places cannot hold what hyc prints there: g++ and
// nvcc accept no pragma in a default argument or a default member
// initializer (their tokens are parsed later); a kernel cannot take a
// variable template's parameters; code that is evaluated at compile time
// (a constexpr or consteval function, a static_assert, a constexpr
// variable's initializer, an enumerator, an array bound) cannot launch
// kernels or run OpenMP.
#include "hy/ModelBuilder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include <set>

using namespace clang;

namespace hy {

namespace {

// A lambda written `constexpr` or `consteval` (C++17 makes a lambda's call
// operator constexpr by itself where it can be; that one is fine): the
// keyword stands between the parameter list and the body.
bool declaredConstexpr(ASTContext &ctx, const LambdaExpr *le) {
  const CXXMethodDecl *op = le->getCallOperator();
  if (op->isConsteval())
    return true;
  const SourceManager &SM = ctx.getSourceManager();
  FunctionTypeLoc ftl = op->getFunctionTypeLoc();
  if (!ftl || !le->hasExplicitParameters())
    return false;
  SourceLocation at = SM.getExpansionLoc(ftl.getRParenLoc());
  SourceLocation end = SM.getExpansionLoc(le->getBody()->getBeginLoc());
  for (int guard = 0; guard < 64 && SM.isBeforeInTranslationUnit(at, end); ++guard) {
    std::optional<Token> t = Lexer::findNextToken(at, SM, ctx.getLangOpts());
    if (!t || !SM.isBeforeInTranslationUnit(t->getLocation(), end))
      break;
    if (t->is(tok::raw_identifier) &&
        (t->getRawIdentifier() == "constexpr" || t->getRawIdentifier() == "consteval"))
      return true;
    at = t->getLocation();
  }
  return false;
}

} // namespace

std::optional<Diag> unsupportedKernelPlace(ASTContext &ctx, const Stmt *loop) {
  std::vector<DynTypedNode> work{DynTypedNode::create(*loop)};
  std::set<const void *> visited;
  while (!work.empty()) {
    DynTypedNode n = work.back();
    work.pop_back();
    if (!visited.insert(n.getMemoizationData()).second)
      continue;
    if (const auto *le = n.get<LambdaExpr>(); le && declaredConstexpr(ctx, le))
      return Diag::KernelInConstexpr;
    if (n.get<ConstantExpr>()) // an enumerator, array bound, case label, ...
      return Diag::KernelInConstexpr;
    if (const auto *d = n.get<Decl>()) {
      if (isa<ParmVarDecl>(d) || isa<FieldDecl>(d))
        return Diag::KernelInDefaultInit;
      if (isa<StaticAssertDecl>(d) || isa<EnumConstantDecl>(d))
        return Diag::KernelInConstexpr;
      if (const auto *v = dyn_cast<VarDecl>(d)) {
        if (v->getDescribedVarTemplate())
          return Diag::KernelInVarTemplate;
        if (v->isConstexpr())
          return Diag::KernelInConstexpr;
      }
      if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
        const auto *md = dyn_cast<CXXMethodDecl>(fd);
        if (fd->isConstexpr() && !(md && md->getParent()->isLambda()))
          return Diag::KernelInConstexpr;
      }
      if (isa<TranslationUnitDecl>(d))
        continue;
    }
    for (const DynTypedNode &p : ctx.getParents(n))
      work.push_back(p);
  }
  return std::nullopt;
}

} // namespace hy

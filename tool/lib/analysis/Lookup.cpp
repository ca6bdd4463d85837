// Names as C++ sees them at a statement: the variable a name in a pragma
// clause denotes is the one an expression written right before the loop
// would denote (so a local of the loop's body with the same name, or one
// declared later, is never taken for it).
#include "hy/Analysis.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include <functional>

using namespace clang;

namespace hy {

namespace {

const ValueDecl *named(const Decl *d, llvm::StringRef name) {
  if (const auto *dd = dyn_cast<DecompositionDecl>(d)) {
    for (const BindingDecl *b : dd->bindings())
      if (b->getName() == name)
        return b;
    return nullptr;
  }
  const auto *vd = dyn_cast<VarDecl>(d);
  return vd && vd->getName() == name ? vd : nullptr;
}

// The last declaration of `name` in a declaration statement.
const ValueDecl *inDeclStmt(const Stmt *s, llvm::StringRef name) {
  const auto *ds = dyn_cast_or_null<DeclStmt>(s);
  const ValueDecl *found = nullptr;
  if (ds)
    for (const Decl *d : ds->decls())
      if (const ValueDecl *v = named(d, name))
        found = v;
  return found;
}

// What the header of a control statement declares for its body (and for
// the later parts of the header): `child` is where the lookup comes from.
const ValueDecl *inHeader(const DynTypedNode &parent, const Stmt *child, llvm::StringRef name) {
  const ValueDecl *v = nullptr;
  auto first = [&](std::initializer_list<const Stmt *> parts) {
    for (const Stmt *p : parts) {
      if (p == child)
        return; // declared after the part the lookup comes from
      if (const ValueDecl *d = inDeclStmt(p, name))
        v = d;
    }
  };
  if (const auto *fs = parent.get<ForStmt>())
    first({fs->getInit(), fs->getConditionVariableDeclStmt()});
  else if (const auto *is = parent.get<IfStmt>())
    first({is->getInit(), is->getConditionVariableDeclStmt()});
  else if (const auto *ws = parent.get<WhileStmt>())
    first({ws->getConditionVariableDeclStmt()});
  else if (const auto *ss = parent.get<SwitchStmt>())
    first({ss->getInit(), ss->getConditionVariableDeclStmt()});
  else if (const auto *rs = parent.get<CXXForRangeStmt>()) {
    first({rs->getInit()});
    if (child == rs->getBody())
      if (const ValueDecl *d = inDeclStmt(rs->getLoopVarStmt(), name))
        v = d;
  } else if (const auto *cs = parent.get<CXXCatchStmt>()) {
    if (cs->getExceptionDecl())
      v = named(cs->getExceptionDecl(), name);
  }
  return v;
}

const ValueDecl *inParams(const FunctionDecl *fd, llvm::StringRef name) {
  for (const ParmVarDecl *p : fd->parameters())
    if (p->getName() == name)
      return p;
  return nullptr;
}

// A lambda's parameters and init-captures.
const ValueDecl *inLambda(const LambdaExpr *le, llvm::StringRef name) {
  if (const ValueDecl *v = inParams(le->getCallOperator(), name))
    return v;
  for (const LambdaCapture &c : le->captures())
    if (c.capturesVariable() && c.getCapturedVar()->getName() == name)
      if (const auto *vd = dyn_cast<VarDecl>(c.getCapturedVar()); vd && vd->isInitCapture())
        return vd;
  return nullptr;
}

} // namespace

// The expression that defines the lambda whose call operator is `fd`.
static const LambdaExpr *lambdaOf(const FunctionDecl *fd) {
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!md || !md->getParent()->isLambda())
    return nullptr;
  const auto *outer = dyn_cast<FunctionDecl>(md->getParent()->getDeclContext());
  const Stmt *body = outer ? outer->getBody() : nullptr;
  std::function<const LambdaExpr *(const Stmt *)> find = [&](const Stmt *s) -> const LambdaExpr * {
    if (!s)
      return nullptr;
    if (const auto *le = dyn_cast<LambdaExpr>(s); le && le->getLambdaClass() == md->getParent())
      return le;
    for (const Stmt *c : s->children())
      if (const LambdaExpr *le = find(c))
        return le;
    return nullptr;
  };
  return find(body);
}

const ValueDecl *lookupBefore(ASTContext &ctx, const Stmt *at, llvm::StringRef name) {
  DynTypedNode node = DynTypedNode::create(*at);
  const DeclContext *dc = nullptr;
  while (!dc) {
    DynTypedNodeList parents = ctx.getParents(node);
    if (parents.empty())
      return nullptr;
    // A lambda's body has two parents, the LambdaExpr and its call
    // operator: the walk goes on through the LambdaExpr, into the code
    // around the lambda (its captures' declarations).
    DynTypedNode p = parents[0];
    for (const DynTypedNode &q : parents)
      if (q.get<LambdaExpr>())
        p = q;
    const Stmt *child = node.get<Stmt>();
    if (const auto *cs = p.get<CompoundStmt>()) {
      const ValueDecl *v = nullptr;
      for (const Stmt *s : cs->body()) {
        if (s == child)
          break;
        if (const ValueDecl *d = inDeclStmt(s, name))
          v = d;
      }
      if (v)
        return v;
    } else if (const ValueDecl *v = inHeader(p, child, name)) {
      return v;
    } else if (const auto *le = p.get<LambdaExpr>()) {
      if (const ValueDecl *v = inLambda(le, name))
        return v;
    } else if (const auto *fd = p.get<FunctionDecl>()) {
      if (const ValueDecl *v = inParams(fd, name))
        return v;
      // A lambda's call operator: its init-captures (`[s = 0]`), then on
      // from the lambda expression, into the code around it (the
      // declarations its other captures name).
      if (const LambdaExpr *le = lambdaOf(fd)) {
        if (const ValueDecl *v = inLambda(le, name))
          return v;
        node = DynTypedNode::create(*le);
        continue;
      }
      dc = fd->getDeclContext();
    }
    node = p;
  }
  // Members and namespace-scope variables (a global is found to be reported
  // as one).
  for (; dc; dc = dc->getParent())
    for (const NamedDecl *d : dc->lookup(&ctx.Idents.get(name)))
      if (const auto *vd = dyn_cast<VarDecl>(d))
        return vd;
  return nullptr;
}

} // namespace hy

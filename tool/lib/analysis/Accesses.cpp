// Classifies every use of a variable in a statement as read and/or write,
// whole-variable or element (A(i, j), v[i], a[i]), following how each
// expression uses its operands. Works on template patterns too, where
// calls and operators may still be unresolved.
#include "hy/Analysis.h"
#include "hy/Frontend.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtVisitor.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace hy {

void ownContinues(const Stmt *body, std::vector<const ContinueStmt *> &out) {
  if (!body || isa<ForStmt>(body) || isa<WhileStmt>(body) || isa<DoStmt>(body) ||
      isa<CXXForRangeStmt>(body) || isa<LambdaExpr>(body))
    return;
  if (const auto *cs = dyn_cast<ContinueStmt>(body)) {
    out.push_back(cs);
    return;
  }
  for (const Stmt *c : body->children())
    ownContinues(c, out);
}

void jumpsOut(const Stmt *s, const std::set<const Stmt *> &parallel, bool breakable,
              std::vector<std::pair<const Stmt *, const char *>> &out) {
  if (!s || isa<LambdaExpr>(s))
    return;
  const char *what = nullptr;
  if (isa<ReturnStmt>(s) || isa<CoreturnStmt>(s))
    what = "return";
  else if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s))
    what = "goto";
  else if (isa<BreakStmt>(s) && !breakable)
    what = "break";
  if (what) {
    out.push_back({s, what});
    return;
  }
  bool inner = breakable;
  if (parallel.count(s))
    inner = false; // a break here would leave this parallel loop
  else if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s) ||
           isa<SwitchStmt>(s))
    inner = true;
  for (const Stmt *c : s->children())
    jumpsOut(c, parallel, inner, out);
}

bool controlParts(const Stmt *s, std::vector<const Stmt *> &headers,
                  std::vector<const Stmt *> &bodies) {
  if (const auto *is = dyn_cast<IfStmt>(s)) {
    headers = {is->getInit(), is->getConditionVariableDeclStmt(), is->getCond()};
    bodies = {is->getThen(), is->getElse()};
  } else if (const auto *fs = dyn_cast<ForStmt>(s)) {
    headers = {fs->getInit(), fs->getConditionVariableDeclStmt(), fs->getCond(), fs->getInc()};
    bodies = {fs->getBody()};
  } else if (const auto *ws = dyn_cast<WhileStmt>(s)) {
    headers = {ws->getConditionVariableDeclStmt(), ws->getCond()};
    bodies = {ws->getBody()};
  } else if (const auto *ds = dyn_cast<DoStmt>(s)) {
    headers = {ds->getCond()};
    bodies = {ds->getBody()};
  } else if (const auto *ss = dyn_cast<SwitchStmt>(s)) {
    headers = {ss->getInit(), ss->getConditionVariableDeclStmt(), ss->getCond()};
    bodies = {ss->getBody()};
  } else if (const auto *rs = dyn_cast<CXXForRangeStmt>(s)) {
    headers = {rs->getInit(), rs->getRangeInit()};
    bodies = {rs->getBody()};
  } else {
    return false;
  }
  return true;
}

const LambdaExpr *heldLambda(const VarDecl *v) {
  const Expr *e = v && v->getInit() ? v->getInit()->IgnoreImplicit() : nullptr;
  while (e) {
    if (const auto *le = dyn_cast<LambdaExpr>(e))
      return le;
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e); ce && ce->getNumArgs() == 1)
      e = ce->getArg(0)->IgnoreImplicit();
    else if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e))
      e = mt->getSubExpr()->IgnoreImplicit();
    else
      return nullptr;
  }
  return nullptr;
}

const VarDecl *refVar(const Expr *e) {
  if (!e)
    return nullptr;
  e = e->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    return dyn_cast<VarDecl>(dre->getDecl());
  return nullptr;
}

namespace {

enum Mode { Read = 1, Write = 2, ReadWrite = 3 };

class Walker {
public:
  explicit Walker(std::vector<Access> &out) : out(out) {}

  void visit(const Stmt *s, int mode) {
    if (!s)
      return;
    if (const auto *e = dyn_cast<Expr>(s))
      return visitExpr(e, mode);
    if (probeId(s)) {
      // A fetch probe: its sizes and origins are read; the array argument
      // is not an access of the program.
      const auto *call = cast<CallExpr>(cast<IfStmt>(s)->getCond()->IgnoreImplicit());
      visitExpr(call->getArg(2), Read);
      visitExpr(call->getArg(3), Read);
      return visit(cast<IfStmt>(s)->getElse(), Read);
    }
    if (const auto *rs = dyn_cast<CXXForRangeStmt>(s)) {
      // `for (x : v)` reads v's elements; a loop variable that is a
      // non-const reference may write them. The hidden __range, __begin
      // and __end only pass v on.
      visit(rs->getInit(), Read);
      QualType lv = rs->getLoopVariable() ? rs->getLoopVariable()->getType() : QualType();
      bool writes = !lv.isNull() && lv->isReferenceType() &&
                    !lv.getNonReferenceType().isConstQualified();
      if (const Expr *range = rs->getRangeInit())
        visitExpr(range, writes ? ReadWrite : Read);
      return visit(rs->getBody(), Read);
    }
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d))
          if (const Expr *init = vd->getInit())
            visitExpr(init, vd->getType()->isReferenceType() &&
                                    !vd->getType().getNonReferenceType().isConstQualified()
                                ? ReadWrite
                                : Read);
      return;
    }
    for (const Stmt *c : s->children())
      visit(c, Read);
  }

private:
  // One use of vd through dre, read and/or written as `mode` says.
  Access &add(const VarDecl *vd, const DeclRefExpr *dre, int mode) {
    Access a;
    a.var = vd;
    a.expr = dre;
    a.read = mode & Read;
    a.write = mode & Write;
    a.arrayMember = pendingMember;
    pendingMember = nullptr;
    out.push_back(a);
    return out.back();
  }

  void element(const Expr *whole, const Expr *base, ArrayRef<const Expr *> idx,
               int mode) {
    const Expr *b = base->IgnoreParenImpCasts();
    if (const auto *dre = dyn_cast<DeclRefExpr>(b)) {
      if (const auto *vd = dyn_cast<VarDecl>(dre->getDecl())) {
        Access &a = add(vd, dre, mode);
        a.element = true;
        a.elementExpr = whole;
        a.indices.assign(idx.begin(), idx.end());
      }
    } else {
      visitExpr(base, mode);
    }
    for (const Expr *i : idx)
      visitExpr(i, Read);
  }

  // The element members of a container that kernels may use (std::vector,
  // hy::worklist, also dependent in a template): `v.at(i)` is the element
  // v[i]; a vector's `v.empty()` reads the size only; `v.front()` and `v.back()`
  // read an element (a write through them is a write of the container,
  // which iterations would share). True if `obj.name(args)` was one.
  bool containerMember(const Expr *whole, const Expr *obj, const std::string &name,
                       ArrayRef<const Expr *> args, int mode) {
    ArrayKind kind = classifyArray(obj->getType()).kind;
    if (kind != ArrayKind::StdVector && kind != ArrayKind::Worklist)
      return false;
    if (name == "at" && args.size() == 1) {
      element(whole, obj, args, mode);
      return true;
    }
    if (name == "empty" && args.empty()) {
      // A worklist's size changes on the device: its empty() stays a read
      // (the host syncs the list before it).
      size_t before = out.size();
      visitExpr(obj, Read);
      for (size_t i = before; i < out.size() && kind == ArrayKind::StdVector; ++i)
        out[i].meta = true;
      return true;
    }
    if ((name == "front" || name == "back") && args.empty()) {
      visitExpr(obj, mode == Read ? Read : ReadWrite);
      return true;
    }
    return false;
  }

  static bool isElementOperator(OverloadedOperatorKind k) {
    return k == OO_Call || k == OO_Subscript;
  }

  // Whether some function the unresolved call `callee` may name takes its
  // argument `i` by non-const reference (T&, or a forwarding T&&).
  static bool candidatesTakeMutableRef(const Expr *callee, unsigned i) {
    const auto *ule = callee ? dyn_cast<UnresolvedLookupExpr>(callee->IgnoreParenImpCasts()) : nullptr;
    if (!ule)
      return false;
    for (const NamedDecl *d : ule->decls()) {
      d = d->getUnderlyingDecl();
      const FunctionDecl *f = dyn_cast<FunctionDecl>(d);
      if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
        f = ft->getTemplatedDecl();
      if (!f || f->getNumParams() == 0)
        continue;
      unsigned p = std::min(i, f->getNumParams() - 1);
      if (p != i && !f->getParamDecl(p)->isParameterPack())
        continue;
      QualType t = f->getParamDecl(p)->getType();
      if (const auto *pack = t->getAs<PackExpansionType>())
        t = pack->getPattern();
      if (t->isReferenceType() && !t.getNonReferenceType().isConstQualified())
        return true;
    }
    return false;
  }

  // Whether parameter p of a function of the file is used only as the
  // object of push calls (`void add(hy::worklist<int> &w, int v) {
  // w.push(v); }`, or a template's `W &w`), directly or through further
  // such functions: the caller's worklist argument is pushed to, not
  // written whole.
  static bool onlyPushedTo(const ParmVarDecl *p) {
    static thread_local std::set<const FunctionDecl *> active;
    const auto *fd = p ? dyn_cast<FunctionDecl>(p->getDeclContext()) : nullptr;
    if (!fd || !fd->hasBody() || active.size() > 8)
      return false;
    const FunctionDecl *def = nullptr;
    const Stmt *body = fd->getBody(def);
    if (!body || !def || !def->getSourceRange().isValid() ||
        !def->getASTContext().getSourceManager().isInMainFile(
            def->getASTContext().getSourceManager().getExpansionLoc(def->getLocation())))
      return false;
    const ParmVarDecl *dp = def->getParamDecl(p->getFunctionScopeIndex());
    if (!active.insert(def).second)
      return false; // recursion: not proven
    std::vector<Access> uses;
    collectAccesses(body, uses);
    active.erase(def);
    bool any = false;
    for (const Access &u : uses)
      if (u.var == dp) {
        if (!u.push)
          return false;
        any = true;
      }
    return any;
  }
  // The parameters the call's argument i may bind to: fd's, or those of
  // every candidate of an unresolved call.
  static std::vector<const ParmVarDecl *> paramsFor(const Expr *callee, const FunctionDecl *fd,
                                                    unsigned i) {
    std::vector<const ParmVarDecl *> out;
    auto add = [&](const FunctionDecl *f) {
      if (const FunctionDecl *pat = f->getTemplateInstantiationPattern())
        f = pat;
      if (i < f->getNumParams())
        out.push_back(f->getParamDecl(i));
    };
    if (fd)
      add(fd);
    else if (const auto *ule = callee ? dyn_cast<UnresolvedLookupExpr>(callee->IgnoreParenImpCasts())
                                      : nullptr)
      for (const NamedDecl *d : ule->decls()) {
        d = d->getUnderlyingDecl();
        if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d))
          add(ft->getTemplatedDecl());
        else if (const auto *f = dyn_cast<FunctionDecl>(d))
          add(f);
      }
    return out;
  }
  // A worklist passed whole to a helper that only pushes to it (or, in a
  // helper template, a `W &w` passed on to another).
  static bool pushedByCallee(const Expr *callee, const FunctionDecl *fd, const Expr *arg,
                             unsigned i) {
    const VarDecl *v = refVar(arg);
    if (!v || (classifyArray(v->getType()).kind != ArrayKind::Worklist &&
               !v->getType().getNonReferenceType()->isTemplateTypeParmType()))
      return false;
    std::vector<const ParmVarDecl *> ps = paramsFor(callee, fd, i);
    return !ps.empty() && std::all_of(ps.begin(), ps.end(), onlyPushedTo);
  }

  void call(const Expr *callee, const FunctionDecl *fd,
            ArrayRef<const Expr *> args, unsigned firstParam = 0) {
    for (unsigned i = 0; i < args.size(); ++i) {
      if (pushedByCallee(callee, fd, args[i], i + firstParam)) {
        size_t before = out.size();
        visitExpr(args[i], ReadWrite);
        if (out.size() == before + 1)
          out.back().push = true;
        continue;
      }
      int mode = Read;
      if (fd && i + firstParam < fd->getNumParams()) {
        QualType pt = fd->getParamDecl(i + firstParam)->getType();
        if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified())
          mode = ReadWrite;
        if (pt->isPointerType() && !pt->getPointeeType().isConstQualified())
          mode = ReadWrite;
      } else if (!fd) {
        // Unresolved (template) call: arrays may be passed by reference,
        // except a const one, which no parameter can write; and so may
        // elements (hy::fetch_add(a(i), v), a helper template's T& on a
        // dependent array): what the candidates take decides.
        const VarDecl *v = refVar(args[i]);
        mode = v && classifyArray(v->getType()).kind != ArrayKind::None &&
                       !v->getType().getNonReferenceType().isConstQualified()
                   ? ReadWrite
                   : Read;
        if (candidatesTakeMutableRef(callee, i))
          mode = ReadWrite;
        else if (mode == ReadWrite && !paramsFor(callee, nullptr, i + firstParam).empty())
          mode = Read; // every candidate takes it by const reference or by value
      }
      size_t before = out.size();
      visitExpr(args[i], mode);
      if (out.size() == before + 1 && !out.back().element && refVar(args[i]))
        out.back().params = paramsFor(callee, fd, i + firstParam);
    }
    if (callee)
      visitExpr(callee, Read);
  }

  void visitExpr(const Expr *e, int mode) {
    if (!e)
      return;
    if (const auto *p = dyn_cast<ParenExpr>(e))
      return visitExpr(p->getSubExpr(), mode);
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
      if (ice->getCastKind() == CK_LValueToRValue)
        return visitExpr(ice->getSubExpr(), Read);
      return visitExpr(ice->getSubExpr(), mode);
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      if (const auto *vd = dyn_cast<VarDecl>(dre->getDecl()))
        add(vd, dre, mode);
      return;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->isAssignmentOp()) {
        visitExpr(bo->getLHS(), bo->isCompoundAssignmentOp() ? ReadWrite : Write);
        visitExpr(bo->getRHS(), Read);
        return;
      }
      if (bo->getOpcode() == BO_Comma) {
        visitExpr(bo->getLHS(), Read);
        visitExpr(bo->getRHS(), mode);
        return;
      }
      visitExpr(bo->getLHS(), Read);
      visitExpr(bo->getRHS(), Read);
      return;
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
      if (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf)
        return visitExpr(uo->getSubExpr(), ReadWrite);
      if (uo->getOpcode() == UO_Deref)
        return visitExpr(uo->getSubExpr(), mode);
      return visitExpr(uo->getSubExpr(), Read);
    }
    if (const auto *co = dyn_cast<AbstractConditionalOperator>(e)) {
      visitExpr(co->getCond(), Read);
      visitExpr(co->getTrueExpr(), mode);
      visitExpr(co->getFalseExpr(), mode);
      return;
    }
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e))
      return element(e, ase->getBase(), {ase->getIdx()}, mode);
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
      OverloadedOperatorKind k = op->getOperator();
      SmallVector<const Expr *, 4> rest;
      for (unsigned i = 1; i < op->getNumArgs(); ++i)
        rest.push_back(op->getArg(i));
      if (isElementOperator(k)) {
        // A(i, j) on an array; f(x) on a callable object (lambda, functor)
        // is a call whose arguments are used as its parameters say.
        QualType objType = op->getArg(0)->getType();
        const CXXRecordDecl *objRecord = objType->getAsCXXRecordDecl();
        bool callable = objRecord && objRecord->isLambda();
        bool arrayLike = !callable && (classifyArray(objType).kind != ArrayKind::None ||
                                       objType->isPointerType() || objType->isArrayType() ||
                                       objType->isDependentType());
        if (arrayLike)
          return element(e, op->getArg(0), rest, mode);
        visitExpr(op->getArg(0), Read);
        const auto *md = dyn_cast_or_null<FunctionDecl>(op->getCalleeDecl());
        call(nullptr, md, rest);
        return;
      }
      if (k == OO_Equal) {
        visitExpr(op->getArg(0), Write);
        visitExpr(op->getArg(1), Read);
        return;
      }
      if (k == OO_PlusEqual || k == OO_MinusEqual || k == OO_StarEqual ||
          k == OO_SlashEqual || k == OO_PercentEqual || k == OO_AmpEqual ||
          k == OO_PipeEqual || k == OO_CaretEqual || k == OO_LessLessEqual ||
          k == OO_GreaterGreaterEqual || k == OO_PlusPlus || k == OO_MinusMinus) {
        visitExpr(op->getArg(0), ReadWrite);
        for (const Expr *a : rest)
          visitExpr(a, Read);
        return;
      }
      for (const Expr *a : op->arguments())
        visitExpr(a, Read);
      return;
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const Expr *obj = mc->getImplicitObjectArgument();
      const CXXMethodDecl *md = mc->getMethodDecl();
      std::string name = md && md->getDeclName().isIdentifier() ? md->getName().str() : "";
      SmallVector<const Expr *, 4> args(mc->arguments());
      if (containerMember(e, obj, name, args, mode))
        return;
      size_t before = out.size();
      visitExpr(obj, md && md->isConst() ? Read : ReadWrite);
      if (name == "extent" || name == "size")
        for (size_t i = before; i < out.size(); ++i)
          out[i].meta = true;
      if ((refVar(obj) || isa<MemberExpr>(obj->IgnoreParenImpCasts())) && out.size() == before + 1) {
        out.back().member = mc;
        if (name == "push" && refVar(obj)) {
          out.back().push = true;
          out.back().pushCall = mc;
        }
      }
      call(nullptr, md, args);
      return;
    }
    if (const auto *ce = dyn_cast<CallExpr>(e)) {
      const Expr *callee = ce->getCallee()->IgnoreParenImpCasts();
      SmallVector<const Expr *, 4> args(ce->arguments());
      // In templates A(i, j) on a dependent array stays a plain call.
      if (const auto *dre = dyn_cast<DeclRefExpr>(callee))
        if (const auto *vd = dyn_cast<VarDecl>(dre->getDecl())) {
          // A lambda or functor called with dependent arguments.
          const CXXRecordDecl *rd = vd->getType().getNonReferenceType()->getAsCXXRecordDecl();
          if (const LambdaExpr *lambda = heldLambda(vd))
            rd = lambda->getLambdaClass();
          if (rd && classifyArray(vd->getType()).kind == ArrayKind::None) {
            call(callee, rd->isLambda() ? rd->getLambdaCallOperator() : nullptr, args);
            return;
          }
          return element(e, callee, args, mode);
        }
      if (const auto *dm = dyn_cast<CXXDependentScopeMemberExpr>(callee)) {
        size_t before = out.size();
        std::string name = dm->getMember().getAsString();
        if (!dm->isImplicitAccess() && !dm->isArrow() &&
            containerMember(e, dm->getBase(), name, args, mode))
          return;
        bool meta = name == "extent" || name == "size";
        if (!dm->isImplicitAccess())
          visitExpr(dm->getBase(), meta ? Read : ReadWrite);
        if (meta)
          for (size_t i = before; i < out.size(); ++i)
            out[i].meta = true;
        // `w.push(v)` on a hy::worklist<T> of dependent T (or on a
        // template helper's `W &w`): a push, not a write of the whole.
        if (name == "push" && !dm->isImplicitAccess() && !dm->isArrow() &&
            refVar(dm->getBase()) && out.size() == before + 1) {
          out.back().push = true;
          out.back().pushCall = ce;
        }
        call(nullptr, nullptr, args);
        return;
      }
      call(callee, ce->getDirectCallee(), args);
      return;
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      // The outermost member of array type is the array used (s.A of s.A(0)).
      if (!pendingMember && classifyArray(me->getType()).kind != ArrayKind::None) {
        pendingMember = me;
        visitExpr(me->getBase(), mode);
        pendingMember = nullptr;
        return;
      }
      return visitExpr(me->getBase(), mode);
    }
    if (const auto *cons = dyn_cast<CXXConstructExpr>(e)) {
      SmallVector<const Expr *, 4> args(cons->arguments());
      call(nullptr, nullptr, args);
      return;
    }
    if (const auto *mte = dyn_cast<MaterializeTemporaryExpr>(e))
      return visitExpr(mte->getSubExpr(), mode);
    for (const Stmt *c : e->children())
      visit(c, Read);
  }

  std::vector<Access> &out;
  const MemberExpr *pendingMember = nullptr; // for the next add()
};

class DeclCollector : public RecursiveASTVisitor<DeclCollector> {
public:
  explicit DeclCollector(std::set<const VarDecl *> &out) : out(out) {}
  // A range-for's hidden variables (__range, __begin, __end) are locals too.
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitVarDecl(VarDecl *vd) {
    out.insert(vd);
    return true;
  }
  std::set<const VarDecl *> &out;
};

class Mention : public RecursiveASTVisitor<Mention> {
public:
  explicit Mention(const std::set<const VarDecl *> &vars) : vars(vars) {}
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (const auto *vd = dyn_cast<VarDecl>(e->getDecl()))
      if (vars.count(vd)) {
        found = vd;
        return false;
      }
    return true;
  }
  const std::set<const VarDecl *> &vars;
  const VarDecl *found = nullptr;
};

} // namespace

void collectAccesses(const Stmt *s, std::vector<Access> &out) {
  Walker(out).visit(s, Read);
}

void collectDeclaredVars(const Stmt *s, std::set<const VarDecl *> &out) {
  DeclCollector(out).TraverseStmt(const_cast<Stmt *>(s));
}

const VarDecl *mentionsAny(const Stmt *e, const std::set<const VarDecl *> &vars) {
  if (!e || vars.empty())
    return nullptr;
  Mention m(vars);
  m.TraverseStmt(const_cast<Stmt *>(e));
  return m.found;
}

std::optional<int64_t> evalInt(ASTContext &ctx, const Expr *e) {
  if (!e || e->isValueDependent() || e->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ctx))
    return std::nullopt;
  return r.Val.getInt().getExtValue();
}

bool constantGlobal(const VarDecl *v) {
  if (!v || v->isLocalVarDeclOrParm() || !v->hasGlobalStorage() ||
      v->getType()->isReferenceType())
    return false;
  ASTContext &ctx = v->getASTContext();
  const VarDecl *def = v->getDefinition() ? v->getDefinition() : v;
  if (def->isConstexpr())
    return true;
  QualType t = def->getType();
  const Expr *init = def->getInit();
  if (!t.isConstant(ctx) || t.isVolatileQualified() || !init || init->isValueDependent())
    return false;
  if (t->isIntegralOrEnumerationType())
    return init->isIntegerConstantExpr(ctx);
  // `const float kW[2] = {0.5f, 1.5f};`: arithmetic values known here.
  QualType elem = t;
  while (const auto *at = ctx.getAsConstantArrayType(elem))
    elem = at->getElementType();
  return elem->isArithmeticType() && def->hasConstantInitialization() &&
         def->evaluateValue() != nullptr;
}

bool sameExpr(ASTContext &ctx, const Expr *a, const Expr *b) {
  if (!a || !b)
    return false;
  a = a->IgnoreParenImpCasts();
  b = b->IgnoreParenImpCasts();
  llvm::FoldingSetNodeID ia, ib;
  a->Profile(ia, ctx, /*Canonical=*/true);
  b->Profile(ib, ctx, /*Canonical=*/true);
  if (ia == ib)
    return true;
  auto va = evalInt(ctx, a), vb = evalInt(ctx, b);
  return va && vb && *va == *vb;
}

} // namespace hy

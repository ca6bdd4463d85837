// Host-side analyses of the CUDA target (see CudaHost.h): device functions
// through the kernels' calls, coherence calls and resident scopes in the
// host code of resident functions.
#include "cuda/CudaHost.h"
#include "cuda/CudaHostPaths.h"
#include "cuda/CudaTwins.h"

#include "PrintUtil.h"
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <functional>
#include <map>
#include <utility>

using namespace clang;

namespace hy::cudagen {

namespace {

// Calls from kernels to functions of this file: they become
// __host__ __device__ (transitively); calls to functions with no body
// outside system headers are errors.
class DeviceCalls : public RecursiveASTVisitor<DeviceCalls> {
public:
  DeviceCalls(ASTContext &ctx, std::set<const FunctionDecl *> &out, bool &ok)
      : ctx(ctx), out(out), ok(ok) {}
  bool VisitCallExpr(CallExpr *ce) {
    const FunctionDecl *fd = ce->getDirectCallee();
    if (!fd) {
      // In templates a call with dependent arguments stays unresolved: every
      // candidate of this file may run on the device.
      if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit()))
        for (const NamedDecl *d : ule->decls()) {
          const FunctionDecl *cand = d->getAsFunction();
          const SourceManager &SM = ctx.getSourceManager();
          if (cand && SM.isInMainFile(SM.getExpansionLoc(cand->getLocation())) &&
              cand->hasBody() && out.insert(cand).second)
            TraverseStmt(cand->getBody());
        }
      return true;
    }
    if (const FunctionDecl *def = fd->getDefinition())
      fd = def;
    const SourceManager &SM = ctx.getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(fd->getLocation())))
      return true;
    if (!SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      return true; // e.g. hy::array members: views provide them
    if (!fd->hasBody()) {
      if (!outsideTwin(ctx, ce, fd, "defined in another translation unit"))
        report(ctx.getDiagnostics(), ce->getBeginLoc(), Diag::CallNoBody) << fd->getName();
      ok = false;
      return true;
    }
    if (const FunctionDecl *pattern = fd->getTemplateInstantiationPattern())
      fd = pattern;
    // A lambda defined in the kernel is device code already.
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
      if (md->getParent()->isLambda())
        return true;
    if (out.insert(fd).second)
      TraverseStmt(fd->getBody());
    return true;
  }
  // Constructions and destructions run constructors and destructors of
  // the file too (CudaSpecialMembers.cpp): they become __host__ __device__.
  bool VisitCXXConstructExpr(CXXConstructExpr *ce) {
    writtenConstructors(ce, [&](const CXXConstructorDecl *c) { special(c); });
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (!v->getType()->isReferenceType() && !isa<ParmVarDecl>(v))
      writtenDestructors(v->getType(), [&](const CXXDestructorDecl *d) { special(d); });
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *e) {
    writtenDestructors(e->getType(), [&](const CXXDestructorDecl *d) { special(d); });
    return true;
  }
  void special(const CXXMethodDecl *md) {
    const FunctionDecl *fd = md->getDefinition() ? md->getDefinition() : md;
    const SourceManager &SM = ctx.getSourceManager();
    if (!SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      return; // a library's: checkDeviceCode decides
    if (const FunctionDecl *pattern = fd->getTemplateInstantiationPattern())
      fd = pattern;
    if (!out.insert(fd).second)
      return;
    if (const auto *c = dyn_cast<CXXConstructorDecl>(fd))
      for (const CXXCtorInitializer *init : c->inits())
        if (init->isWritten())
          TraverseStmt(init->getInit());
    if (fd->hasBody())
      TraverseStmt(fd->getBody());
  }
  ASTContext &ctx;
  std::set<const FunctionDecl *> &out;
  bool &ok;
};

// Host code of resident functions (those that launch kernels or call such
// functions of this file): a statement that touches an array the function
// hands to kernels gets hy::cuda::host(...) before it; arrays that outlive
// the function are registered with a hy::cuda::resident_scope, which brings
// them back to the host when the outermost resident function returns.
class HostSync {
public:
  HostSync(const PrintInput &in, Rewriter &R, const std::vector<const Kernel *> &ks,
           const std::set<const FunctionDecl *> &resident)
      : in(in), ctx(in.ctx), R(R), ks(ks), resident(resident) {}

  // `isResident`: the function launches kernels or calls such functions of
  // this file; it gets a resident_scope for the arrays that outlive it.
  // Other functions only get the syncs: they may run while a caller keeps
  // their arrays on the device (a helper that fills an array between two
  // launches).
  void run(const FunctionDecl *fd, bool isResident, const LambdaExpr *le = nullptr) {
    fn = fd;
    lambda = le;
    collectInstantiations(fd);
    for (const Kernel *k : ks)
      for (const Capture &c : k->captures)
        if (c.array.kind != ArrayKind::None)
          arrays.insert(c.var);
    collectCallArrays(fd->getBody());
    const auto *body = dyn_cast_or_null<CompoundStmt>(fd->getBody());
    if (!body)
      return;
    walk(body);
    if (!isResident || arrays.empty())
      return;
    // Arrays that outlive the function: parameters and globals from the
    // start, local references (aliases of outside arrays) from their
    // declaration on.
    RangeOf ranges;
    rangeLoopVars(body, ranges);
    std::string scope = "hy::cuda::resident_scope hy_scope;";
    for (const VarDecl *v : arrays) {
      std::string escape = " hy_scope.escape(" + v->getName().str() + ");";
      bool escaped = true;
      if (isa<ParmVarDecl>(v) || (v->hasGlobalStorage() && !v->isStaticLocal()))
        scope += escape;
      else if (v->isStaticLocal()) {
        // A static local outlives the call too, but exists only from its
        // declaration on (an escape at the top did not compile).
        if (const Stmt *decl = declarationOf(body, v))
          escapeAfter(decl, "hy_scope.escape(" + v->getName().str() + ")");
      } else if (v->getType()->isReferenceType() && !aliasesLocal(v, ranges)) {
        if (const Stmt *decl = declarationOf(body, v))
          escapeAfter(decl, "hy_scope.escape(" + v->getName().str() + ")");
      } else
        escaped = false;
      if (escaped && classifyArray(v->getType()).kind == ArrayKind::StdVector)
        remarkVectorEscape(v);
    }
    R.InsertTextAfter(body->getLBracLoc().getLocWithOffset(1), " " + scope);
  }

private:
  // A std::vector that outlives the function costs an upload per call when
  // the function is called again and again (a solve per source): the
  // runtime cannot watch host writes to it, so the outermost scope's end
  // (or a nested scope's, at once) hands it back as written by the host.
  // hy::array parks instead (its own accessors sync on first host use).
  void remarkVectorEscape(const VarDecl *v) {
    const std::string name = v->getName().str();
    const std::string fname = fn ? fn->getNameAsString() : std::string("the function");
    remark(in, ctx.getSourceManager().getExpansionLoc(v->getLocation()),
           "'" + name + "' is a std::vector that outlives '" + fname +
               "': when the call returns, its device copy counts as stale (hy cannot see host "
               "writes to a std::vector), so the next call uploads all of '" + name +
               "' again; a hy::array keeps its device copy between calls");
  }

  // The escape of a local reference, right after its declaration: in the
  // block that declares it, or where the declaration is part of a statement
  // (a range-for's variable, a for's or if's init-statement), at the start
  // of the loop's body (braced if it is a single statement, which must stay
  // the whole body) or in front of the condition, by a comma.
  void escapeAfter(const Stmt *decl, const std::string &call) {
    const Stmt *parent = nullptr;
    DynTypedNodeList ps = ctx.getParents(*decl);
    if (!ps.empty())
      parent = ps[0].get<Stmt>();
    const Stmt *loopBody = nullptr;
    const Expr *cond = nullptr;
    if (const auto *rs = dyn_cast_or_null<CXXForRangeStmt>(parent))
      loopBody = rs->getBody();
    else if (const auto *fs = dyn_cast_or_null<ForStmt>(parent))
      loopBody = fs->getBody();
    else if (const auto *is = dyn_cast_or_null<IfStmt>(parent))
      cond = is->getCond();
    else if (const auto *ss = dyn_cast_or_null<SwitchStmt>(parent))
      cond = ss->getCond();
    if (loopBody)
      return atBodyStart(loopBody, call + ";");
    if (cond) {
      const SourceManager &SM = ctx.getSourceManager();
      R.InsertTextBefore(SM.getExpansionLoc(cond->getBeginLoc()), "(" + call + ", ");
      R.InsertTextAfter(Lexer::getLocForEndOfToken(SM.getExpansionLoc(cond->getEndLoc()), 0, SM,
                                                   ctx.getLangOpts()),
                        ")");
      return;
    }
    R.InsertTextAfter(stmtEnd(ctx, decl), " " + call + ";");
  }
  void atBodyStart(const Stmt *body, const std::string &text) {
    if (const auto *cs = dyn_cast<CompoundStmt>(body)) {
      R.InsertTextAfter(cs->getLBracLoc().getLocWithOffset(1), " " + text);
      return;
    }
    // A kernel as the body starts at its pragma: its loop's text is replaced
    // by the launch, from the pragma on.
    SourceLocation begin = ctx.getSourceManager().getExpansionLoc(body->getBeginLoc());
    for (const Kernel *k : ks)
      if (k->blockLoops.front().loop == body)
        begin = k->blockLoops.front().pragma->loc;
    R.InsertTextBefore(begin, "{ " + text + " ");
    R.InsertTextAfter(stmtEnd(ctx, body), " }");
  }

  // A local reference to an object of this function (`auto &r = tmp;`,
  // `auto &r = tmp.A;`): the object dies before the function's scope ends,
  // and nobody after the function can read it, so it does not escape.
  // Also an element of a local container (`for (auto &x : hold)` over a
  // local std::vector of arrays, `auto &r = local[0]`): its escape would
  // touch the element after the container died (a crash on the GPU, found
  // by the generator's containers shape).
  static bool aliasesLocal(const VarDecl *v, const RangeOf &ranges) {
    auto range = ranges.find(v);
    const Expr *e = range != ranges.end() ? range->second : v->getInit();
    while (e) {
      e = e->IgnoreParenImpCasts();
      if (const auto *me = dyn_cast<MemberExpr>(e)) {
        if (me->isArrow())
          return false; // through a pointer: the object may live anywhere
        e = me->getBase();
        continue;
      }
      if (const Expr *c = containerOf(e)) {
        e = c;
        continue;
      }
      const auto *dre = dyn_cast<DeclRefExpr>(e);
      const auto *d = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      if (!d || isa<ParmVarDecl>(d) || !d->hasLocalStorage())
        return false;
      if (auto r = ranges.find(d); r != ranges.end()) {
        e = r->second; // a range-for variable: its range
        continue;
      }
      if (!d->getType()->isReferenceType())
        return true;
      e = d->getInit(); // a reference to a reference: follow it
    }
    return false;
  }
  // The container an element expression reads from (`v[i]`, `*o`,
  // `std::get<0>(t)`, `o.value()`, `v.front()`), or null.
  static const Expr *containerOf(const Expr *e) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
      if ((op->getOperator() == OO_Subscript || op->getOperator() == OO_Star) &&
          op->getNumArgs() >= 1 && op->getArg(0)->getType()->getAsCXXRecordDecl() &&
          op->getArg(0)->getType()->getAsCXXRecordDecl()->isInStdNamespace())
        return op->getArg(0);
      return nullptr;
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const CXXMethodDecl *md = mc->getMethodDecl();
      StringRef n = md && md->getIdentifier() ? md->getName() : "";
      const CXXRecordDecl *r = md ? md->getParent() : nullptr;
      if (r && r->isInStdNamespace() && (n == "value" || n == "front" || n == "back" || n == "at"))
        return mc->getImplicitObjectArgument();
      return nullptr;
    }
    if (const auto *ce = dyn_cast<CallExpr>(e)) {
      const FunctionDecl *fd = ce->getDirectCallee();
      if (fd && fd->isInStdNamespace() && fd->getIdentifier() && fd->getName() == "get" &&
          ce->getNumArgs() == 1)
        return ce->getArg(0);
    }
    return nullptr;
  }

  static const Stmt *declarationOf(const Stmt *s, const VarDecl *v) {
    if (!s)
      return nullptr;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (d == v)
          return ds;
    for (const Stmt *c : s->children())
      if (const Stmt *found = declarationOf(c, v))
        return found;
    return nullptr;
  }

  const FunctionDecl *residentCallee(const Stmt *s) const {
    const auto *ce = dyn_cast<CallExpr>(s);
    if (!ce)
      return nullptr;
    if (const FunctionDecl *fd = ce->getDirectCallee()) {
      if (const FunctionDecl *p = fd->getTemplateInstantiationPattern())
        fd = p;
      if (const FunctionDecl *d = fd->getDefinition())
        fd = d;
      return resident.count(fd) ? fd : nullptr;
    }
    if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit()))
      for (const NamedDecl *d : ule->decls())
        if (const FunctionDecl *f = d->getAsFunction())
          if (resident.count(f->getDefinition() ? f->getDefinition() : f))
            return f;
    return nullptr;
  }
  // Arrays handed to resident callees are device data here too: this
  // function's variables and globals (a lambda's parameters and locals are
  // out of scope in the function's own code; a call of the lambda syncs
  // the caller's arrays it is given, syncsFor).
  void collectCallArrays(const Stmt *s) {
    if (!s)
      return;
    if (residentCallee(s))
      for (const Expr *a : cast<CallExpr>(s)->arguments())
        if (const VarDecl *v = refVar(a))
          if (deviceArrayType(v->getType()) &&
              ((v->hasGlobalStorage() && !v->isStaticLocal()) || v->getDeclContext() == fn))
            arrays.insert(v);
    for (const Stmt *c : s->children())
      collectCallArrays(c);
  }
  bool isRegion(const Stmt *s) const {
    for (const Kernel *k : ks)
      if (k->blockLoops.front().loop == s)
        return true;
    return false;
  }
  bool containsDeviceWork(const Stmt *s) const {
    // Defining a lambda runs nothing (a lambda with kernels syncs its own
    // host code, as a function does).
    if (!s || isa<LambdaExpr>(s))
      return false;
    if (isRegion(s) || residentCallee(s))
      return true;
    for (const Stmt *c : s->children())
      if (containsDeviceWork(c))
        return true;
    return false;
  }
  void walk(const Stmt *s) {
    if (!s)
      return;
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt *c : cs->body())
        visit(c, /*alone=*/false);
      return;
    }
    std::vector<const Stmt *> bodies, headers;
    if (isa<LambdaExpr>(s))
      return;
    if (!controlParts(s, headers, bodies)) {
      for (const Stmt *c : s->children())
        walk(c);
      return;
    }
    // A control statement around device work: its conditions (and a for
    // loop's increment) run on the host after kernels, every time, so each
    // gets the syncs of the arrays it reads inside it, by a comma.
    for (const Stmt *h : headers)
      syncInside(h);
    // A branch or loop body that is a single statement, not a block, is
    // visited like a statement of a block and braced if it gets a sync in
    // front (so that it stays the whole branch, and an `else` after it
    // keeps its `if`).
    for (const Stmt *c : bodies)
      if (c && isa<CompoundStmt>(c))
        walk(c);
      else
        visit(c, /*alone=*/true);
  }

  // The lambdas that `s` stores in variables it declares (their source
  // ranges, and the lambdas, whose copy captures do read at the definition).
  void storedLambdas(const Stmt *s, std::vector<SourceRange> &out,
                     std::vector<const LambdaExpr *> &copies) const {
    if (!s)
      return;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const LambdaExpr *le = heldLambda(dyn_cast<VarDecl>(d))) {
          const SourceManager &SM = ctx.getSourceManager();
          out.push_back(SourceRange(SM.getExpansionLoc(le->getBeginLoc()),
                                    SM.getExpansionLoc(le->getEndLoc())));
          copies.push_back(le);
        }
    for (const Stmt *c : s->children())
      storedLambdas(c, out, copies);
  }

  // Bodies of the lambdas held in variables that `s` uses, by calling them
  // (`show()`) or passing them on (`for_each(..., show)`), and of those they
  // use in turn: their accesses may happen there.
  // Uses inside the `skip` ranges (lambdas that `s` itself stores) do not
  // run there.
  void calledLambdas(const Stmt *s, std::vector<const Stmt *> &out,
                     std::set<const LambdaExpr *> &seen,
                     const std::vector<SourceRange> &skip) const {
    if (!s)
      return;
    const VarDecl *used = nullptr;
    if (const auto *dr = dyn_cast<DeclRefExpr>(s))
      if (!inside(dr->getBeginLoc(), skip))
        used = dyn_cast<VarDecl>(dr->getDecl());
    if (const LambdaExpr *le = heldLambda(used); le && seen.insert(le).second) {
      out.push_back(le->getBody());
      calledLambdas(le->getBody(), out, seen, {});
    }
    for (const Stmt *c : s->children())
      calledLambdas(c, out, seen, skip);
  }

  bool inside(SourceLocation loc, const std::vector<SourceRange> &ranges) const {
    const SourceManager &SM = ctx.getSourceManager();
    SourceLocation at = SM.getExpansionLoc(loc);
    for (SourceRange r : ranges)
      if (!SM.isBeforeInTranslationUnit(at, r.getBegin()) &&
          !SM.isBeforeInTranslationUnit(r.getEnd(), at))
        return true;
    return false;
  }

  // The arrays a piece of host code touches, as hy::cuda::host(...) calls;
  // a call of a lambda held in a variable touches what its body touches.
  std::vector<std::string> syncsFor(const Stmt *c) {
    std::vector<Access> acc;
    collectAccesses(c, acc);
    // A lambda stored in a variable runs when it is called, not where it is
    // defined: its body's accesses belong to the calls (below).
    std::vector<SourceRange> stored;
    std::vector<const LambdaExpr *> held;
    storedLambdas(c, stored, held);
    acc.erase(std::remove_if(acc.begin(), acc.end(),
                             [&](const Access &a) { return inside(a.expr->getBeginLoc(), stored); }),
              acc.end());
    std::vector<const Stmt *> lambdas;
    std::set<const LambdaExpr *> seen;
    calledLambdas(c, lambdas, seen, stored);
    for (const Stmt *b : lambdas)
      collectAccesses(b, acc);
    // Swapping two device arrays swaps their device copies: no data moves.
    std::vector<std::string> out;
    std::set<const Expr *> swapped;
    swaps(c, swapped, out);
    enum Use { Size = 1, Clear = 2, Read = 4, Write = 8 };
    // Arrays by the text that names them: a variable the kernels use, or an
    // array reached through members (`ws.next`, `s.A`), which may be the
    // same object as one the kernels use under another name (a local
    // reference, a parameter of a callee): synced too, on every use (a
    // no-op for an array that never reached the device).
    std::map<std::string, int> touched;
    std::set<const Expr *> bound;
    referenceBindings(c, bound);
    std::set<const VarDecl *> inside; // not in scope in front of `c`
    collectDeclaredVars(c, inside);
    auto use = [&](const Access &a, const std::string &name, QualType type,
                   std::map<std::string, int> &touched) {
      if (name.empty())
        return;
      bool worklist = classifyArray(type).kind == ArrayKind::Worklist;
      const CXXMethodDecl *md = a.member ? a.member->getMethodDecl() : nullptr;
      if (a.meta) {
        // A worklist's size changes on the device (an array's extents don't).
        if (worklist && md && md->getName() == "size")
          touched[name] |= Size;
        return;
      }
      // Replaced whole: a worklist's clear(), an array's fill(v).
      if (md && md->getIdentifier() && replacesWhole(type, md->getName()))
        touched[name] |= Clear;
      else
        touched[name] |= (a.read ? Read : 0) | (a.write ? Write : 0);
    };
    for (const Access &a : acc) {
      if (!a.var || inside.count(a.var) || !visibleHere(a.var))
        continue;
      if (a.arrayMember) {
        if (!deviceArrayType(a.arrayMember->getType()) || !plainPath(a.arrayMember) ||
            bound.count(a.arrayMember))
          continue;
        use(a, sourceText(a.arrayMember), a.arrayMember->getType(), touched);
      } else {
        // Any array variable: besides those the kernels here use, one may
        // be on the device because a caller or a callee (of another
        // translation unit) put it there.
        if (!(arrays.count(a.var) || deviceArrayType(a.var->getType())) || swapped.count(a.expr))
          continue;
        use(a, a.var->getName().str(), a.var->getType(), touched);
      }
    }
    thisMembers(c, touched, bound, stored);
    // In a template, `sm.sum(b)` on a `row_summary<W> sm` (and `this->A`
    // in a class template) is a member of a dependent type: the pattern
    // cannot tell an array from a function. Each instantiation of this
    // function has the same statement with the types known; the arrays it
    // reaches through members are synced by their text, the pattern's, when
    // every instantiation agrees (a sync of a member that is no array in one
    // of them would not compile there: a warning instead).
    std::map<std::string, int> fromInst;     // name -> uses, over all
    std::map<std::string, int> instCount;    // name -> instantiations with it
    std::map<std::string, SourceLocation> at; // name -> where
    int instances = 0;
    for (const auto &[inst, stmts] : instantiations) {
      auto found = stmts.find(stmtKey(c));
      if (found == stmts.end())
        continue;
      ++instances;
      const Stmt *ic = found->second;
      std::map<std::string, int> mine;
      std::vector<Access> iacc;
      collectAccesses(ic, iacc);
      std::set<const Expr *> ibound;
      referenceBindings(ic, ibound);
      std::set<const VarDecl *> iinside;
      collectDeclaredVars(ic, iinside);
      for (const Access &a : iacc) {
        if (!a.var || !a.arrayMember || iinside.count(a.var) || this->inside(a.expr->getBeginLoc(), stored) ||
            !(a.var->getDeclContext() == inst || (a.var->hasGlobalStorage() && !a.var->isStaticLocal())) ||
            !deviceArrayType(a.arrayMember->getType()) || !plainPath(a.arrayMember) ||
            ibound.count(a.arrayMember))
          continue;
        use(a, sourceText(a.arrayMember), a.arrayMember->getType(), mine);
        at.emplace(sourceText(a.arrayMember), a.arrayMember->getBeginLoc());
      }
      thisMembers(ic, mine, ibound, stored, &at);
      for (const auto &[name, u] : mine) {
        fromInst[name] |= u;
        ++instCount[name];
      }
    }
    for (const auto &[name, u] : fromInst) {
      if (instCount[name] == instances)
        touched[name] |= u;
      else if (touched.count(name) == 0 && warnedMixed.insert(name + "@" + std::to_string(at[name].getRawEncoding())).second)
        report(ctx.getDiagnostics(), ctx.getSourceManager().getExpansionLoc(at[name]), Diag::HostSyncMixed) << name;
    }
    for (const LambdaExpr *le : held) // `[a] { ... }` copies a when defined
      for (const LambdaCapture &lc : le->captures())
        if (lc.capturesVariable() && lc.getCaptureKind() == LCK_ByCopy)
          if (const auto *v = dyn_cast<VarDecl>(lc.getCapturedVar()); v && arrays.count(v))
            touched[v->getName().str()] |= Read;
    std::map<std::string, int> within;
    containerSyncs(c, acc, inside, stored, bound, within);
    for (auto &[name, use] : within)
      out.push_back("hy::cuda::host_within(" + name + ", " + accessText(use) + ")");
    for (auto &[name, use] : touched) {
      if (use == Size) // only the count (8 bytes) comes back
        out.push_back("hy::cuda::host_size(" + name + ")");
      else if (use == Clear) // replaced whole: nothing comes back
        out.push_back("hy::cuda::host(" + name + ", hy::cuda::overwrite)");
      else
        out.push_back("hy::cuda::host(" + name + ", " +
                      (use & (Write | Clear) ? "hy::cuda::read_write" : "hy::cuda::read") + ")");
    }
    return out;
  }

  // A member call that replaces every element, so that host code needs
  // none of the device's data (hy::cuda::overwrite): a worklist's clear(),
  // a hy::array's fill(v).
  static bool replacesWhole(QualType type, StringRef method) {
    ArrayKind k = classifyArray(type).kind;
    return (k == ArrayKind::Worklist && method == "clear") ||
           (k == ArrayKind::HyArray && method == "fill");
  }

  // The instantiations of a template function (a function template's
  // specializations, a class template's members instantiated from it),
  // each with its statements by source range (the outermost of a range:
  // `sm.w.clear()` is a CallExpr in the pattern, a CXXMemberCallExpr in an
  // instantiation), to find the instantiated copy of a pattern statement.
  using StmtKey = std::pair<unsigned, unsigned>;
  static StmtKey stmtKey(const Stmt *s) {
    return {s->getBeginLoc().getRawEncoding(), s->getEndLoc().getRawEncoding()};
  }
  static void indexStmts(const Stmt *s, std::map<StmtKey, const Stmt *> &out) {
    if (!s)
      return;
    out.emplace(stmtKey(s), s);
    for (const Stmt *c : s->children())
      indexStmts(c, out);
  }
  void collectInstantiations(const FunctionDecl *fd) {
    instantiations.clear();
    if (!fd->isDependentContext())
      return;
    std::vector<const FunctionDecl *> found;
    if (const FunctionTemplateDecl *ft = fd->getDescribedFunctionTemplate())
      for (const FunctionDecl *sp : ft->specializations())
        found.push_back(sp);
    else if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
      if (const ClassTemplateDecl *ct = md->getParent()->getDescribedClassTemplate())
        for (const ClassTemplateSpecializationDecl *cs : ct->specializations())
          for (const Decl *d : cs->decls())
            if (const auto *m = dyn_cast<CXXMethodDecl>(d))
              if (m->getInstantiatedFromMemberFunction() == md)
                found.push_back(m);
    for (const FunctionDecl *f : found)
      if (const Stmt *b = f->getBody(); b && f->getTemplateInstantiationPattern() &&
                                        f->getTemplateInstantiationPattern()->getBody() == fd->getBody())
        indexStmts(b, instantiations.emplace_back(f, std::map<StmtKey, const Stmt *>{}).second);
  }

  // A variable of this function (not of a lambda in it, whose parameters
  // and locals a call of the lambda touches out of their scope), or a
  // global.
  bool visibleHere(const VarDecl *v) const {
    if (arrays.count(v))
      return true;
    if (v->isImplicit()) // a range-for's __range: its source is synced instead
      return false;
    if (v->hasGlobalStorage() && !v->isStaticLocal())
      return true;
    if (lambda) // the enclosing function's variables the lambda captures
      for (const LambdaCapture &lc : lambda->captures())
        if (lc.capturesVariable() && lc.getCapturedVar() == v)
          return true;
    return v->getDeclContext() == fn;
  }

  // Arrays that are members of the object (`A(0)`, `this->q.clear()`), to
  // `touched` as the other arrays; the access is classified by the method
  // called on it (size, clear, a const one) or else as read and write
  // (read only in a const member function or for a const member).
  void thisMembers(const Stmt *s, std::map<std::string, int> &touched,
                   const std::set<const Expr *> &bound, const std::vector<SourceRange> &stored,
                   std::map<std::string, SourceLocation> *where = nullptr) const {
    enum Use { Size = 1, Clear = 2, Read = 4, Write = 8 };
    std::set<const Expr *> done;
    const auto *method = dyn_cast_or_null<CXXMethodDecl>(fn);
    auto arrayOfThis = [&](const Expr *e) -> const MemberExpr * {
      const auto *me = e ? dyn_cast<MemberExpr>(e->IgnoreParenImpCasts()) : nullptr;
      if (!me || !deviceArrayType(me->getType()) || bound.count(me) ||
          inside(me->getBeginLoc(), stored))
        return nullptr;
      const Expr *b = me;
      while (const auto *m = dyn_cast<MemberExpr>(b->IgnoreParenImpCasts()))
        b = m->getBase();
      return isa<CXXThisExpr>(b->IgnoreParenImpCasts()) ? me : nullptr;
    };
    auto note = [&](const MemberExpr *me, int use) {
      std::string name = sourceText(me);
      if (!name.empty() && use)
        touched[name] |= use;
      if (where && !name.empty())
        where->emplace(name, me->getBeginLoc());
      done.insert(me);
    };
    std::function<void(const Stmt *)> walk = [&](const Stmt *x) {
      if (!x || isa<LambdaExpr>(x))
        return;
      if (const auto *mc = dyn_cast<CXXMemberCallExpr>(x))
        if (const MemberExpr *me = arrayOfThis(mc->getImplicitObjectArgument())) {
          const CXXMethodDecl *md = mc->getMethodDecl();
          bool worklist = classifyArray(me->getType()).kind == ArrayKind::Worklist;
          std::string m = md ? md->getName().str() : "";
          if (m == "size" || m == "extent")
            note(me, worklist && m == "size" ? Size : 0);
          else if (replacesWhole(me->getType(), m))
            note(me, Clear);
          else
            note(me, md && md->isConst() ? Read : Read | Write);
        }
      if (const MemberExpr *me = arrayOfThis(dyn_cast<Expr>(x)); me && !done.count(me)) {
        bool readOnly = me->getType().isConstQualified() || (method && method->isConst());
        note(me, readOnly ? Read : Read | Write);
        return;
      }
      for (const Stmt *ch : x->children())
        walk(ch);
    };
    walk(s);
  }

  // `T &r = s.A;` names the array without touching its data: the
  // initializers of references are not uses to sync.
  static void referenceBindings(const Stmt *s, std::set<const Expr *> &out) {
    if (!s)
      return;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d);
            vd && !vd->isImplicit() && vd->getType()->isReferenceType() && vd->getInit())
          out.insert(vd->getInit()->IgnoreParenImpCasts());
    for (const Stmt *c : s->children())
      referenceBindings(c, out);
  }

  std::string sourceText(const Expr *e) const {
    const SourceManager &SM = ctx.getSourceManager();
    if (e->getBeginLoc().isMacroID() || e->getEndLoc().isMacroID())
      return "";
    return Lexer::getSourceText(CharSourceRange::getTokenRange(e->getSourceRange()), SM,
                                ctx.getLangOpts())
        .str();
  }

  // `std::swap(a, b)`, `swap(a, b)` or `a.swap(b)` of two arrays the kernels
  // use: their uses there need no sync (the device copies are swapped with
  // them); std::vectors, whose device copies are found by address, get
  // hy::cuda::swap_mirrors(a, b) in front.
  void swaps(const Stmt *s, std::set<const Expr *> &skip, std::vector<std::string> &out) const {
    if (!s)
      return;
    const VarDecl *a = nullptr, *b = nullptr;
    const Expr *ea = nullptr, *eb = nullptr;
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s)) {
      if (mc->getMethodDecl() && mc->getMethodDecl()->getName() == "swap" && mc->getNumArgs() == 1) {
        ea = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
        eb = mc->getArg(0)->IgnoreParenImpCasts();
      }
    } else if (const auto *ce = dyn_cast<CallExpr>(s); ce && ce->getNumArgs() == 2) {
      const FunctionDecl *fd = ce->getDirectCallee();
      std::string name;
      if (fd)
        name = fd->getName().str();
      else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit()))
        name = ule->getName().getAsString();
      if (name == "swap") {
        ea = ce->getArg(0)->IgnoreParenImpCasts();
        eb = ce->getArg(1)->IgnoreParenImpCasts();
      }
    }
    a = refVar(ea);
    b = refVar(eb);
    ArrayType ta = a ? classifyArray(a->getType()) : ArrayType{};
    ArrayType tb = b ? classifyArray(b->getType()) : ArrayType{};
    if (a && b && arrays.count(a) && arrays.count(b) && ta.kind != ArrayKind::None &&
        ta.kind == tb.kind) {
      skip.insert(ea);
      skip.insert(eb);
      if (ta.kind == ArrayKind::StdVector)
        out.push_back("hy::cuda::swap_mirrors(" + a->getName().str() + ", " +
                      b->getName().str() + ")");
      return;
    }
    for (const Stmt *c : s->children())
      swaps(c, skip, out);
  }

  // `cond` -> `(hy::cuda::host(a, ...), cond)`; in a declaration, around
  // each initializer.
  void syncInside(const Stmt *h) {
    if (!h)
      return;
    if (const auto *ds = dyn_cast<DeclStmt>(h)) {
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d))
          if (vd->getInit() && !(vd->getType()->isReferenceType() &&
                                 withinType(vd->getInit()->getType()))) // binding reads nothing
            syncInside(vd->getInit());
      return;
    }
    const auto *e = dyn_cast<Expr>(h);
    if (!e)
      return;
    if (containsDeviceWork(e))
      return inPlace(e); // `while (step(a) && a(0) > 0)`: after the launch
    std::vector<std::string> syncs = syncsFor(e);
    if (syncs.empty())
      return;
    std::string pre = "(";
    for (const std::string &x : syncs)
      pre += x + ", ";
    const SourceManager &SM = ctx.getSourceManager();
    remark(in, e->getBeginLoc(), "host sync: " + pre.substr(1, pre.size() - 3));
    R.InsertTextBefore(SM.getExpansionLoc(e->getBeginLoc()), pre);
    R.InsertTextAfter(Lexer::getLocForEndOfToken(SM.getExpansionLoc(e->getEndLoc()), 0, SM,
                                                 ctx.getLangOpts()),
                      ")");
  }

  enum Use { UseSize = 1, UseClear = 2, UseRead = 4, UseWrite = 8 };

  // How the code around an array expression uses it: from the accesses of
  // the variable it starts from, else from the member called on it (size or
  // extent: no data; a const member: read); 0 for metadata only.
  int useOf(const Expr *x, const Stmt *parent, const std::vector<Access> &acc) const {
    bool worklist = classifyArray(x->getType()).kind == ArrayKind::Worklist;
    // The accesses of the variable the expression starts from say whether
    // it is read or written, or only its size asked (`a(0) = 1`,
    // `t += v[0](1)`, `q.size()`).
    if (const DeclRefExpr *base = baseRef(x))
      for (const Access &a : acc)
        if (a.expr == base) {
          if (a.meta) {
            const CXXMethodDecl *md = a.member ? a.member->getMethodDecl() : nullptr;
            return worklist && md && md->getIdentifier() && md->getName() == "size" ? UseSize : 0;
          }
          int u = (a.read ? UseRead : 0) | (a.write ? UseWrite : 0);
          return u ? u : UseRead;
        }
    // Otherwise (a call's result, a member of `this`) the member called on
    // it: size or extent (no data), a const one (read).
    const CXXMethodDecl *md = nullptr;
    if (const auto *me = dyn_cast_or_null<MemberExpr>(parent);
        me && me->getBase()->IgnoreParenImpCasts() == x)
      md = dyn_cast<CXXMethodDecl>(me->getMemberDecl());
    if (const auto *oc = dyn_cast_or_null<CXXOperatorCallExpr>(parent);
        oc && oc->getNumArgs() && oc->getArg(0)->IgnoreParenImpCasts() == x)
      md = dyn_cast_or_null<CXXMethodDecl>(oc->getCalleeDecl());
    std::string m = md && md->getIdentifier() ? md->getName().str() : "";
    if (m == "size" || m == "extent" || m == "capacity")
      return worklist && m == "size" ? UseSize : 0;
    if ((md && md->isConst()) || x->getType().isConstQualified())
      return UseRead;
    return UseRead | UseWrite;
  }

  // The variable an array expression starts from, through members and
  // container steps (`s.A`, `v[0]`, `hs[1].A`, `std::get<0>(t)`, `*o`);
  // null for a call's result or a member of `this`.
  static const DeclRefExpr *baseRef(const Expr *x) {
    const Expr *e = x->IgnoreParenImpCasts();
    for (;;) {
      if (const auto *dre = dyn_cast<DeclRefExpr>(e))
        return dre;
      if (const auto *me = dyn_cast<MemberExpr>(e)) {
        if (me->isArrow())
          return nullptr;
        e = me->getBase()->IgnoreParenImpCasts();
      } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
                 op && (op->getOperator() == OO_Subscript || op->getOperator() == OO_Star)) {
        e = op->getArg(0)->IgnoreParenImpCasts();
      } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
        const CXXMethodDecl *md = mc->getMethodDecl();
        StringRef n = md && md->getIdentifier() ? md->getName() : "";
        if (n != "value" && n != "front" && n != "back" && n != "at")
          return nullptr;
        e = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
      } else if (const auto *ce = dyn_cast<CallExpr>(e)) {
        const FunctionDecl *fd = ce->getDirectCallee();
        if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() || fd->getName() != "get" ||
            ce->getNumArgs() != 1)
          return nullptr;
        e = ce->getArg(0)->IgnoreParenImpCasts();
      } else {
        return nullptr;
      }
    }
  }

  static std::string accessText(int use) {
    return use & (UseWrite | UseClear) ? "hy::cuda::read_write" : "hy::cuda::read";
  }

  // `x` -> `hy::cuda::synced(x, mode)`: the array made current where it is
  // evaluated, for a use that no statement-level sync can precede.
  void wrapInPlace(const Expr *x, int use) {
    const SourceManager &SM = ctx.getSourceManager();
    if (!use || x->getBeginLoc().isMacroID() || x->getEndLoc().isMacroID() ||
        sourceText(x).empty() || !wrapped.insert(x).second)
      return;
    std::string pre = use == UseSize ? "hy::cuda::synced_size(" : "hy::cuda::synced(";
    std::string post = use == UseSize ? ")" : ", " + accessText(use) + ")";
    remark(in, x->getBeginLoc(), "host sync in place: " + pre + sourceText(x) + post);
    R.InsertTextBefore(SM.getExpansionLoc(x->getBeginLoc()), pre);
    R.InsertTextAfter(Lexer::getLocForEndOfToken(SM.getExpansionLoc(x->getEndLoc()), 0, SM,
                                                 ctx.getLangOpts()),
                      post);
  }

  // The array arguments of resident calls in `s`: handed to the kernels,
  // which keep them on the device (the callee syncs what it reads).
  void markHanded(const Stmt *s, std::set<const Expr *> &out) const {
    if (!s || isa<LambdaExpr>(s) || isRegion(s))
      return;
    if (residentCallee(s))
      for (const Expr *a : cast<CallExpr>(s)->arguments())
        if (deviceArrayType(a->getType()) || withinType(a->getType()))
          out.insert(a->IgnoreParenImpCasts());
    for (const Stmt *c : s->children())
      markHanded(c, out);
  }

  // A statement that launches kernels (directly or through calls) and also
  // reads or writes arrays: each array expression outside the kernels and
  // the arrays handed to them is synced where it is evaluated, so that
  // `r = step(a) + a(0)` and `f(step(a), a(0))` read what the serial program
  // reads in whatever order the operands run.
  void inPlace(const Stmt *s) {
    std::vector<Access> acc;
    collectAccesses(s, acc);
    std::set<const Expr *> handed;
    markHanded(s, handed);
    arrayExprs(s, [&](const Stmt *n) { return isRegion(n); },
               [&](const Expr *x, const Stmt *parent) {
                 if (handed.count(x))
                   return;
                 wrapInPlace(x, useOf(x, parent, acc));
               });
  }

  // Arrays reached through standard containers, calls and range-for
  // variables over containers (`v[0](1)`, `std::get<0>(t)`, `pick(s)(2)`,
  // `for (auto &x : vs) t += x(1)`): the outermost container, when a
  // variable in scope here holds it, gets host_within(...) in front of the
  // statement; anything else is synced in place.
  void containerSyncs(const Stmt *c, const std::vector<Access> &acc,
                      const std::set<const VarDecl *> &declaredInside,
                      const std::vector<SourceRange> &stored, const std::set<const Expr *> &bound,
                      std::map<std::string, int> &within) {
    RangeOf ranges;
    rangeLoopVars(c, ranges);
    arrayExprs(
        c, [&](const Stmt *n) { return inside(n->getBeginLoc(), stored); },
        [&](const Expr *x, const Stmt *parent) {
          if (bound.count(x))
            return; // `auto &r = v[0];` binds, reads nothing
          const auto *dre = dyn_cast<DeclRefExpr>(x);
          bool loopVar = dre && ranges.count(dyn_cast<VarDecl>(dre->getDecl()));
          if ((plainPath(x) && !loopVar) || x->isPRValue())
            return; // by name or through members: syncsFor's own
          const Expr *root = containerRoot(x, ranges);
          int use = useOf(x, parent, acc);
          if (root && !use)
            use = UseRead; // a size through a container: the container's arrays
          if (!use)
            return;
          const DeclRefExpr *b = root ? pathBase(root) : nullptr;
          const auto *bv = b ? dyn_cast<VarDecl>(b->getDecl()) : nullptr;
          std::string text = root ? sourceText(root) : "";
          if (root && !text.empty() && (!bv || (!declaredInside.count(bv) && visibleHere(bv))))
            within[text] |= use == UseSize ? UseRead : use;
          else
            wrapInPlace(x, use);
        });
  }

  // One statement of host code: a kernel region or a resident call is left
  // alone, a statement holding device work is searched further, any other
  // gets the host syncs of the arrays it touches in front of it.
  void visit(const Stmt *c, bool alone) {
    if (!c || isRegion(c))
      return;
    // `case 1: stmt` / `label: stmt`: the sync goes after the label.
    if (const auto *sc = dyn_cast<SwitchCase>(c))
      return visit(sc->getSubStmt(), alone);
    if (const auto *ls = dyn_cast<LabelStmt>(c))
      return visit(ls->getSubStmt(), alone);
    const Expr *e = dyn_cast<Expr>(c);
    if (e && residentCallee(e->IgnoreParenImpCasts()))
      return inPlace(c); // the arrays it is given stay resident; other arguments are read first
    if (containsDeviceWork(c)) {
      std::vector<const Stmt *> headers, bodies;
      if (controlParts(c, headers, bodies))
        walk(c);
      else
        inPlace(c); // `r = step(a) + a(0)`: each read synced where it is evaluated
      return;
    }
    std::string sync;
    for (const std::string &x : syncsFor(c))
      sync += x + "; ";
    if (sync.empty())
      return;
    SourceLocation at = ctx.getSourceManager().getExpansionLoc(c->getBeginLoc());
    remark(in, at, "host sync before this statement: " + sync.substr(0, sync.size() - 2));
    R.InsertTextBefore(at, alone ? "{ " + sync : sync);
    if (alone)
      R.InsertTextAfter(stmtEnd(ctx, c), " }");
  }

  const PrintInput &in;
  ASTContext &ctx;
  Rewriter &R;
  const std::vector<const Kernel *> &ks;
  const std::set<const FunctionDecl *> &resident;
  std::set<const VarDecl *> arrays;
  const FunctionDecl *fn = nullptr;
  const LambdaExpr *lambda = nullptr; // when fn is a lambda's call operator
  std::set<const Expr *> wrapped;      // array expressions synced in place
  std::vector<std::pair<const FunctionDecl *, std::map<StmtKey, const Stmt *>>> instantiations;
  mutable std::set<std::string> warnedMixed; // "name@location" of HostSyncMixed warnings given
};

// Functions of the main file that launch kernels, and (to a fixpoint) those
// that call them.
class ResidentFunctions : public RecursiveASTVisitor<ResidentFunctions> {
public:
  ResidentFunctions(ASTContext &ctx, std::set<const FunctionDecl *> &set) : ctx(ctx), set(set) {}
  bool VisitFunctionDecl(FunctionDecl *fd) {
    const SourceManager &SM = ctx.getSourceManager();
    if (fd->doesThisDeclarationHaveABody() && !fd->isTemplateInstantiation() &&
        SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      all.push_back(fd);
    return true;
  }
  // A lambda's call operator is a function of its own: it launches the
  // kernels written in its body, on its own parameters.
  bool VisitLambdaExpr(LambdaExpr *le) {
    const SourceManager &SM = ctx.getSourceManager();
    const CXXMethodDecl *op = le->getCallOperator();
    if (op && op->getBody() && SM.isInMainFile(SM.getExpansionLoc(le->getBeginLoc()))) {
      all.push_back(op);
      lambdas[op] = le;
    }
    return true;
  }
  bool calls(const Stmt *s) const {
    if (!s || isa<LambdaExpr>(s)) // a lambda's body runs where it is called
      return false;
    if (const auto *ce = dyn_cast<CallExpr>(s)) {
      if (const FunctionDecl *fd = ce->getDirectCallee()) {
        if (const FunctionDecl *p = fd->getTemplateInstantiationPattern())
          fd = p;
        if (set.count(fd->getDefinition() ? fd->getDefinition() : fd))
          return true;
      } else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit())) {
        for (const NamedDecl *d : ule->decls())
          if (const FunctionDecl *f = d->getAsFunction())
            if (set.count(f->getDefinition() ? f->getDefinition() : f))
              return true;
      }
    }
    for (const Stmt *c : s->children())
      if (calls(c))
        return true;
    return false;
  }
  void close() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (const FunctionDecl *fd : all)
        if (!set.count(fd) && calls(fd->getBody())) {
          set.insert(fd);
          changed = true;
        }
    }
  }
  ASTContext &ctx;
  std::set<const FunctionDecl *> &set;
  std::vector<const FunctionDecl *> all;
  std::map<const FunctionDecl *, const LambdaExpr *> lambdas;
};

// The function whose host code launches a kernel: the innermost lambda
// around its loop (its call operator), else the function it is written in.
const FunctionDecl *launcher(ASTContext &ctx, const Kernel &k) {
  DynTypedNodeList ps = ctx.getParents(*k.blockLoops.front().loop);
  while (!ps.empty()) {
    if (const auto *le = ps[0].get<LambdaExpr>())
      return le->getCallOperator();
    if (const auto *md = ps[0].get<CXXMethodDecl>(); md && md->getParent()->isLambda())
      return md;
    if (ps[0].get<Decl>())
      break;
    ps = ctx.getParents(ps[0]);
  }
  return k.function;
}

} // namespace

std::vector<const Kernel *> deviceCheckedKernels(const TranslationModel &model) {
  std::vector<const Kernel *> ks;
  for (const auto *list : {&model.kernels, &model.rejected})
    for (const std::unique_ptr<Kernel> &k : *list)
      ks.push_back(k.get());
  return ks;
}

bool deviceFunctions(const PrintInput &in, std::set<const FunctionDecl *> &out) {
  bool ok = true;
  DeviceCalls calls(in.ctx, out, ok);
  for (const Kernel *k : deviceCheckedKernels(in.model))
    calls.TraverseStmt(const_cast<Stmt *>(static_cast<const Stmt *>(k->blockLoops.front().loop)));
  return ok;
}

// A local std::vector that a kernel uses gets `hy::cuda::forget(v);` after
// its declaration. The runtime finds a vector's device copy by the
// vector's address, and a vector declared anew (in each iteration of a
// host loop, in each call) takes the same address, and often the same heap
// buffer, as the one before it: its device copy then looked current and
// the kernel read the old values (e2e omp_regions, `std::vector<int>
// shift(1, s + 1)` in a loop, found on an H200). Only declarations that
// are statements of a block (a for-init declaration has nowhere to put it).
static void forgetNewVectors(const PrintInput &in, Rewriter &host, const FunctionDecl *fd,
                             const std::vector<const Kernel *> &ks) {
  std::set<const VarDecl *> used;
  for (const Kernel *k : ks)
    for (const Capture &c : k->captures)
      if (c.array.kind == ArrayKind::StdVector)
        used.insert(c.var);
  if (used.empty() || !fd->hasBody())
    return;
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *cs = dyn_cast<CompoundStmt>(s))
      for (const Stmt *c : cs->body())
        if (const auto *ds = dyn_cast<DeclStmt>(c)) {
          std::string forgets;
          for (const Decl *d : ds->decls())
            if (const auto *vd = dyn_cast<VarDecl>(d))
              if (used.count(vd) && vd->hasLocalStorage() && !vd->getType()->isReferenceType())
                forgets += " hy::cuda::forget(" + vd->getName().str() + ");";
          SourceLocation end = ds->getEndLoc();
          if (!forgets.empty() && end.isValid() && !end.isMacroID())
            host.InsertTextAfterToken(end, forgets);
        }
    for (const Stmt *c : s->children())
      walk(c);
  };
  walk(fd->getBody());
}

void syncHostCode(const PrintInput &in, Rewriter &host,
                  const std::map<const FunctionDecl *, std::vector<const Kernel *>> &byFunction,
                  const std::set<const FunctionDecl *> &onDevice) {
  // Kernels by the function that launches them (a lambda in `k.function`
  // launches its own).
  std::map<const FunctionDecl *, std::vector<const Kernel *>> launches;
  for (auto &[fd, ks] : byFunction)
    for (const Kernel *k : ks)
      launches[launcher(in.ctx, *k)].push_back(k);
  std::set<const FunctionDecl *> resident;
  for (auto &[fd, ks] : launches)
    resident.insert(fd);
  for (auto &[fd, ks] : byFunction)
    forgetNewVectors(in, host, fd, ks);
  ResidentFunctions rf(in.ctx, resident);
  rf.TraverseDecl(in.ctx.getTranslationUnitDecl());
  rf.close();
  static const std::vector<const Kernel *> none;
  for (const FunctionDecl *fd : rf.all) {
    auto le = rf.lambdas.find(fd);
    // (A lambda's call operator is constexpr whenever it can be; one that
    // launches kernels never runs at compile time.)
    bool compileTime = le == rf.lambdas.end() && fd->isConstexpr();
    if (onDevice.count(fd) || compileTime)
      continue; // code that runs on the GPU (or at compile time)
    if (le != rf.lambdas.end() && !resident.count(fd))
      continue; // a lambda without kernels: synced where it is called
    auto it = launches.find(fd);
    HostSync(in, host, it == launches.end() ? none : it->second, resident)
        .run(fd, resident.count(fd) > 0, le == rf.lambdas.end() ? nullptr : le->second);
  }
}

} // namespace hy::cudagen

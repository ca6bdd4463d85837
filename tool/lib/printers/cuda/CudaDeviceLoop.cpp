// Host loops that stay on the device (CudaDeviceLoop.h): which loops can,
// decided on the AST; the state struct, the step kernels (the loop's host
// statements with their names rewritten to the state's members) and the
// device form printed in front of the host form.
#include "cuda/CudaDeviceLoop.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace hy::cudagen {

namespace {

// A scalar the device loop can keep in its state: a builtin arithmetic type.
bool scalarType(QualType t) {
  t = t.getNonReferenceType();
  return t->isBuiltinType() && (t->isIntegerType() || t->isRealFloatingType());
}

bool isWorklist(const VarDecl *v) {
  return classifyArray(v->getType()).kind == ArrayKind::Worklist;
}

const VarDecl *varOf(const Expr *e) {
  if (const auto *d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(d->getDecl());
  return nullptr;
}

} // namespace

struct DeviceLoop {
  const Stmt *loop = nullptr;
  enum Kind { While, Do, For } kind = While;
  const Expr *cond = nullptr, *inc = nullptr;
  const Stmt *init = nullptr;
  std::vector<const Stmt *> items; // the body's statements
  std::map<const Stmt *, const Kernel *> kernelAt;
  const FunctionDecl *function = nullptr;

  // The state: scalars and worklists, in order of first use.
  std::vector<const VarDecl *> scalars, lists;
  std::map<const VarDecl *, std::string> member;
  std::set<const VarDecl *> written, bodyLocals, writtenLists, initLocals;
  std::map<const VarDecl *, bool> arrays; // arrays of the kernels -> written
  std::vector<const DeclRefExpr *> refs;  // host names to rewrite in steps

  std::string problem;
  SourceLocation problemLoc;
  std::string name; // hy_dloop<N>_L<line>
  std::vector<bool> stepAfter; // a step kernel after the i-th kernel (i >= 1)
  unsigned line = 0;

  struct KernelUse {
    std::string variant, launch;
  };
  std::map<const Kernel *, KernelUse> uses;
  const Decl *decl = nullptr;
  std::string open, close;

  void fail(SourceLocation at, const std::string &why) {
    if (problem.empty()) {
      problem = why;
      problemLoc = at;
    }
  }
  bool inState(const VarDecl *v) const { return member.count(v) != 0; }
  std::string memberOf(const VarDecl *v) const {
    auto it = member.find(v);
    return it == member.end() ? "" : it->second;
  }
  void addScalar(const VarDecl *v) {
    if (inState(v))
      return;
    scalars.push_back(v);
    name_(v);
  }
  void addList(const VarDecl *v) {
    if (inState(v))
      return;
    lists.push_back(v);
    name_(v);
  }
  void name_(const VarDecl *v) {
    std::string n = v->getName().str();
    std::set<std::string> taken;
    for (auto &[_, m] : member)
      taken.insert(m);
    std::string m = n;
    for (int i = 2; taken.count(m); ++i)
      m = n + "_" + std::to_string(i);
    member[v] = m;
  }
};

namespace {

// The checks of one candidate loop on the AST: the statements of its body
// and its condition, and what its state holds.
class Eligibility {
public:
  Eligibility(ASTContext &ctx, DeviceLoop &d) : ctx(ctx), SM(ctx.getSourceManager()), d(d) {}

  void run() {
    if (const auto *ws = dyn_cast<WhileStmt>(d.loop)) {
      if (ws->getConditionVariable())
        return d.fail(ws->getBeginLoc(), "its condition declares a variable");
      d.kind = DeviceLoop::While;
      d.cond = ws->getCond();
    } else if (const auto *ds = dyn_cast<DoStmt>(d.loop)) {
      d.kind = DeviceLoop::Do;
      d.cond = ds->getCond();
    } else if (const auto *fs = dyn_cast<ForStmt>(d.loop)) {
      if (fs->getConditionVariable())
        return d.fail(fs->getBeginLoc(), "its condition declares a variable");
      d.kind = DeviceLoop::For;
      d.cond = fs->getCond();
      d.inc = fs->getInc();
      d.init = fs->getInit();
    }
    if (d.init) {
      if (const auto *ds = dyn_cast<DeclStmt>(d.init)) {
        for (const Decl *x : ds->decls()) {
          const auto *v = dyn_cast<VarDecl>(x);
          if (!v || !scalarType(v->getType()) || v->getType()->isReferenceType() ||
              !v->hasLocalStorage())
            return d.fail(x->getLocation(), "its init-statement declares something other "
                                            "than an arithmetic scalar");
          d.initLocals.insert(v);
          if (v->getInit() && !expr(v->getInit()))
            return;
        }
      } else if (const auto *e = dyn_cast<Expr>(d.init)) {
        if (!expr(e))
          return;
      }
    }
    const Stmt *body = nullptr;
    if (const auto *ws = dyn_cast<WhileStmt>(d.loop))
      body = ws->getBody();
    else if (const auto *ds = dyn_cast<DoStmt>(d.loop))
      body = ds->getBody();
    else
      body = cast<ForStmt>(d.loop)->getBody();
    if (const auto *cs = dyn_cast<CompoundStmt>(body))
      for (const Stmt *s : cs->body())
        d.items.push_back(s);
    else
      d.items.push_back(body);
    for (const Stmt *s : d.items)
      if (!d.kernelAt.count(s) && !statement(s))
        return;
    if (d.cond && !expr(d.cond))
      return;
    if (d.inc && !expr(d.inc))
      return;
    // What the kernels use: worklists through the state; scalars the loop
    // changes from the state; cross-block reductions into the state.
    for (auto &[s, k] : d.kernelAt)
      for (const Capture &c : k->captures) {
        if (c.array.kind == ArrayKind::Worklist)
          d.addList(c.var);
        else if (c.array.kind != ArrayKind::None)
          d.arrays[c.var] |= c.written;
        else if (c.reduction) {
          if (!scalarType(c.var->getType()) || !c.var->hasLocalStorage())
            return d.fail(k->blockLoops.front().pragma->loc,
                          "the reduction variable '" + c.var->getName().str() +
                              "' is not a local arithmetic scalar");
          d.addScalar(c.var);
          d.written.insert(c.var);
        }
      }
    for (auto &[s, k] : d.kernelAt)
      for (const VarDecl *w : pushed(*k))
        d.writtenLists.insert(w);
    // A reference parameter in the state is written back through; two of
    // them might be one variable.
    int refs = 0;
    for (const VarDecl *v : d.scalars)
      refs += v->getType()->isReferenceType();
    if (refs > 1)
      for (const VarDecl *v : d.scalars)
        if (v->getType()->isReferenceType())
          return d.fail(v->getLocation(),
                        "two reference parameters ('" + v->getName().str() +
                            "' and another) could be one variable");
    // The state is one struct for every instantiation of a template.
    for (const auto *vs : {&d.scalars, &d.lists})
      for (const VarDecl *v : *vs)
        if (v->getType()->isDependentType() ||
            (isWorklist(v) && classifyArray(v->getType()).elem->isDependentType()))
          return d.fail(v->getLocation(), "the type of '" + v->getName().str() +
                                              "' depends on a template parameter");
    for (const VarDecl *w : d.writtenLists)
      if (w->getType().getNonReferenceType().isConstQualified())
        return d.fail(w->getLocation(), "the worklist '" + w->getName().str() + "' is const");
  }

private:
  static std::set<const VarDecl *> pushed(const Kernel &k) {
    std::vector<Access> acc;
    collectAccesses(k.blockLoops.front().loop, acc);
    std::set<const VarDecl *> out;
    for (const Access &a : acc)
      if (a.push && isWorklist(a.var))
        out.insert(a.var);
    return out;
  }

  std::string text(const Stmt *s) const {
    std::string t = sourceText(SM, ctx.getLangOpts(), s->getSourceRange());
    if (size_t nl = t.find('\n'); nl != std::string::npos)
      t = t.substr(0, nl) + "...";
    if (t.size() > 40)
      t = t.substr(0, 37) + "...";
    return "'" + t + "'";
  }

  // A statement of the body other than a kernel.
  bool statement(const Stmt *s) {
    if (!s->getBeginLoc().isFileID())
      return d.fail(s->getBeginLoc(), "a statement written in a macro"), false;
    if (containsKernel(s))
      return d.fail(s->getBeginLoc(), "a kernel inside a nested statement (" + text(s) +
                                          "): only kernels directly in the loop's body"),
             false;
    if (isa<NullStmt>(s))
      return true;
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *x : ds->decls()) {
        const auto *v = dyn_cast<VarDecl>(x);
        if (!v || !scalarType(v->getType()) || v->getType()->isReferenceType() ||
            !v->hasLocalStorage())
          return d.fail(x->getLocation(), "the declaration of something other than an "
                                          "arithmetic scalar"),
                 false;
        d.bodyLocals.insert(v);
        d.addScalar(v);
        d.written.insert(v);
        if (v->getInit() && !expr(v->getInit()))
          return false;
      }
      return true;
    }
    if (const auto *e = dyn_cast<Expr>(s)) {
      const Expr *x = e->IgnoreImplicit();
      if (const auto *mc = dyn_cast<CXXMemberCallExpr>(x)) {
        const VarDecl *w = varOf(mc->getImplicitObjectArgument());
        const CXXMethodDecl *md = mc->getMethodDecl();
        if (w && md && isWorklist(w) && md->getName() == "clear") {
          listRef(mc->getImplicitObjectArgument());
          d.writtenLists.insert(w);
          return true;
        }
        if (w && md && isWorklist(w) && md->getName() == "swap" && mc->getNumArgs() == 1)
          return swapOf(s, mc->getImplicitObjectArgument(), mc->getArg(0));
      } else if (const auto *ce = dyn_cast<CallExpr>(x)) {
        const FunctionDecl *fd = ce->getDirectCallee();
        if (fd && fd->getIdentifier() && fd->getName() == "swap" && ce->getNumArgs() == 2)
          return swapOf(s, ce->getArg(0), ce->getArg(1));
      }
      return expr(e);
    }
    std::string what = isa<BreakStmt>(s)      ? "a 'break'"
                       : isa<ContinueStmt>(s) ? "a 'continue'"
                       : isa<ReturnStmt>(s)   ? "a 'return'"
                       : isa<IfStmt>(s)       ? "an 'if' statement"
                       : isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) ||
                               isa<CXXForRangeStmt>(s)
                           ? "a nested loop"
                       : isa<CompoundStmt>(s) ? "a nested block"
                                              : "a statement of a kind it does not run";
    return d.fail(s->getBeginLoc(), what + " (" + text(s) + ")"), false;
  }

  bool swapOf(const Stmt *s, const Expr *a, const Expr *b) {
    const VarDecl *va = varOf(a), *vb = varOf(b);
    if (!va || !vb || !isWorklist(va) || !isWorklist(vb))
      return d.fail(s->getBeginLoc(), "a swap of other than two worklists (" + text(s) + ")"),
             false;
    listRef(a);
    listRef(b);
    d.writtenLists.insert(va);
    d.writtenLists.insert(vb);
    return true;
  }

  void listRef(const Expr *e) {
    const auto *dre = cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    d.addList(cast<VarDecl>(dre->getDecl()));
    d.refs.push_back(dre);
  }

  bool containsKernel(const Stmt *s) const {
    for (auto &kp : kernels)
      for (const Stmt *p = kp; p;) {
        if (p == s)
          return true;
        DynTypedNodeList ps = ctx.getParents(*p);
        p = ps.empty() ? nullptr : ps[0].get<Stmt>();
      }
    return false;
  }

public:
  std::vector<const Stmt *> kernels; // every kernel's outer loop (for containsKernel)

private:
  // An expression a GPU thread can evaluate with the state's values.
  bool expr(const Expr *e) {
    if (!e)
      return true;
    e = e->IgnoreParens();
    if (!e->getBeginLoc().isFileID())
      return d.fail(e->getBeginLoc(), "an expression written in a macro"), false;
    if (isa<IntegerLiteral>(e) || isa<FloatingLiteral>(e) || isa<CXXBoolLiteralExpr>(e) ||
        isa<CharacterLiteral>(e))
      return true;
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(e))
      return expr(ic->getSubExpr());
    if (const auto *ce = dyn_cast<ExplicitCastExpr>(e)) {
      if (!isa<CStyleCastExpr>(ce) && !isa<CXXStaticCastExpr>(ce) &&
          !isa<CXXFunctionalCastExpr>(ce))
        return d.fail(e->getBeginLoc(), "a cast of this kind (" + text(e) + ")"), false;
      if (!scalarType(ce->getType()))
        return d.fail(e->getBeginLoc(), "a cast to a non-arithmetic type (" + text(e) + ")"),
               false;
      return expr(ce->getSubExpr());
    }
    if (const auto *u = dyn_cast<UnaryOperator>(e)) {
      if (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref)
        return d.fail(e->getBeginLoc(), "an address or a dereference (" + text(e) + ")"), false;
      if (u->isIncrementDecrementOp() && !target(u->getSubExpr()))
        return false;
      return expr(u->getSubExpr());
    }
    if (const auto *b = dyn_cast<BinaryOperator>(e)) {
      if (b->isAssignmentOp() && !target(b->getLHS()))
        return false;
      return expr(b->getLHS()) && expr(b->getRHS());
    }
    if (const auto *c = dyn_cast<ConditionalOperator>(e))
      return expr(c->getCond()) && expr(c->getTrueExpr()) && expr(c->getFalseExpr());
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const VarDecl *w = varOf(mc->getImplicitObjectArgument());
      const CXXMethodDecl *md = mc->getMethodDecl();
      if (w && md && isWorklist(w) && w->isLocalVarDeclOrParm() &&
          (md->getName() == "size" || md->getName() == "empty" || md->getName() == "capacity")) {
        listRef(mc->getImplicitObjectArgument());
        return true;
      }
      return d.fail(e->getBeginLoc(), "a call (" + text(e) + ")"), false;
    }
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e))
      if (const VarDecl *a = oc->getNumArgs() ? varOf(oc->getArg(0)) : nullptr)
        if (classifyArray(a->getType()).kind != ArrayKind::None)
          return d.fail(e->getBeginLoc(),
                        "a use of an element of '" + a->getName().str() + "' on the host (" +
                            text(e) + ")"),
                 false;
    if (isa<CallExpr>(e))
      return d.fail(e->getBeginLoc(), "a call (" + text(e) + ")"), false;
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      if (isa<EnumConstantDecl>(dre->getDecl()))
        return true;
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (!v)
        return d.fail(e->getBeginLoc(), "a name that is not a variable (" + text(e) + ")"),
               false;
      if (!scalarType(v->getType()))
        return d.fail(e->getBeginLoc(), "a use of '" + v->getName().str() +
                                            "', which is not an arithmetic scalar"),
               false;
      if (!v->isLocalVarDeclOrParm())
        return v->isConstexpr() ? true
                                : (d.fail(e->getBeginLoc(), "a use of the variable '" +
                                                                v->getName().str() +
                                                                "', which is not local"),
                                   false);
      if (v->isStaticLocal())
        return d.fail(e->getBeginLoc(), "a use of the static variable '" +
                                            v->getName().str() + "'"),
               false;
      if (v->getType()->isReferenceType() && !isa<ParmVarDecl>(v))
        return d.fail(e->getBeginLoc(), "a use of the local reference '" +
                                            v->getName().str() + "'"),
               false;
      d.addScalar(v);
      d.refs.push_back(dre);
      return true;
    }
    return d.fail(e->getBeginLoc(), "an expression it does not run (" + text(e) + ")"), false;
  }

  // The target of an assignment or increment: a scalar of the state.
  bool target(const Expr *e) {
    const VarDecl *v = varOf(e);
    if (!v || !isa<DeclRefExpr>(e->IgnoreParens()))
      return d.fail(e->getBeginLoc(), "an assignment to other than a local scalar (" + text(e) +
                                          ")"),
             false;
    if (v->getType().getNonReferenceType().isConstQualified())
      return d.fail(e->getBeginLoc(), "an assignment to a constant"), false;
    d.written.insert(v);
    return true;
  }

  ASTContext &ctx;
  SourceManager &SM;
  DeviceLoop &d;
};

// The innermost host loop around a kernel in its function (a lambda's body
// ends the search), and whether a zone loop is around that.
const Stmt *hostLoopOf(ASTContext &ctx, const Stmt *s) {
  DynTypedNodeList ps = ctx.getParents(*s);
  while (!ps.empty()) {
    const Stmt *p = ps[0].get<Stmt>();
    if (!p || isa<LambdaExpr>(p))
      return nullptr;
    if (isa<ForStmt>(p) || isa<WhileStmt>(p) || isa<DoStmt>(p) || isa<CXXForRangeStmt>(p))
      return p;
    ps = ctx.getParents(*p);
  }
  return nullptr;
}

} // namespace

DeviceLoops::DeviceLoops(const PrintInput &in) : in(in) {
  ASTContext &ctx = in.ctx;
  SourceManager &SM = ctx.getSourceManager();
  std::set<const Stmt *> zoneLoops;
  for (auto &z : in.model.zones)
    zoneLoops.insert(z->loop.loop);
  std::map<const Stmt *, DeviceLoop *> byLoop;
  std::vector<const Stmt *> kernelLoops;
  for (auto &kp : in.model.kernels)
    kernelLoops.push_back(kp->blockLoops.front().loop);
  // The candidate of a host loop, made on first sight.
  auto entry = [&](const Stmt *l, const Kernel &k) {
    DeviceLoop *&d = byLoop[l];
    if (!d) {
      loops.push_back(std::make_unique<DeviceLoop>());
      d = loops.back().get();
      d->loop = l;
      d->function = k.function;
      d->line = SM.getExpansionLineNumber(l->getBeginLoc());
      d->name = "hy_dloop" + std::to_string(loops.size() - 1) + "_L" + std::to_string(d->line);
    }
    return d;
  };
  for (auto &kp : in.model.kernels) {
    const Kernel &k = *kp;
    const Stmt *l = hostLoopOf(ctx, k.blockLoops.front().loop);
    if (!l || zoneLoops.count(l))
      continue;
    DeviceLoop *d = entry(l, k);
    loopOf[&k] = d;
    // The host loops around this one keep their host form: say so there.
    for (const Stmt *inner = l, *o = hostLoopOf(ctx, l); o; inner = o, o = hostLoopOf(ctx, o)) {
      if (zoneLoops.count(o))
        break;
      entry(o, k)->fail(inner->getBeginLoc(), "a kernel in a nested host loop (line " +
                                         std::to_string(SM.getExpansionLineNumber(
                                             inner->getBeginLoc())) +
                                         ")");
    }
    // Directly in the body: the kernel is one of its statements.
    DynTypedNodeList ps = ctx.getParents(*k.blockLoops.front().loop);
    const Stmt *p = ps.empty() ? nullptr : ps[0].get<Stmt>();
    if (p == l || (p && isa<CompoundStmt>(p) && hostLoopOf(ctx, p) == l &&
                   [&] {
                     DynTypedNodeList qs = ctx.getParents(*p);
                     return !qs.empty() && qs[0].get<Stmt>() == l;
                   }()))
      d->kernelAt[k.blockLoops.front().loop] = &k;
  }
  for (auto &dp : loops) {
    DeviceLoop &d = *dp;
    if (isa<CXXForRangeStmt>(d.loop)) {
      d.fail(d.loop->getBeginLoc(), "a range-for loop");
      continue;
    }
    if (!d.loop->getBeginLoc().isFileID()) {
      d.fail(d.loop->getBeginLoc(), "a loop written in a macro");
      continue;
    }
    for (const Stmt *zs : zoneLoops)
      for (const Stmt *p = d.loop; p;) {
        if (p == zs)
          d.fail(d.loop->getBeginLoc(), "a loop inside a zone loop");
        DynTypedNodeList ps = ctx.getParents(*p);
        p = ps.empty() ? nullptr : ps[0].get<Stmt>();
      }
    if (!d.problem.empty())
      continue;
    Eligibility e(ctx, d);
    e.kernels = kernelLoops;
    e.run();
    if (d.kernelAt.empty())
      d.fail(d.loop->getBeginLoc(), "no kernel directly in its body");
  }
}

DeviceLoops::~DeviceLoops() = default;

void DeviceLoops::kernelPrinted(const Kernel &k, const KernelPrinter &kpr,
                                unsigned collapsed, const std::string &whereText,
                                const std::string &aliasCheck, const Decl *decl, const std::string &open,
                                const std::string &close, bool after) {
  auto it = loopOf.find(&k);
  if (it == loopOf.end())
    return;
  DeviceLoop &d = *it->second;
  if (!d.problem.empty())
    return;
  ASTContext &ctx = in.ctx;
  const SourceLocation at = k.blockLoops.front().pragma->loc;
  if (after)
    return d.fail(at, "its kernel " + k.name + " is in a member function defined in its class");
  if (k.scan && k.scan->reduction)
    return d.fail(at, "its kernel " + k.name +
                          " is a scan, whose tiles and total the host sets up at each launch");
  if (kpr.dynamicSmem())
    return d.fail(at, "its kernel " + k.name + " sizes its shared memory at the launch");
  if (!kpr.gridPerLoop())
    return d.fail(at, "its kernel " + k.name + " has more than three block loops");
  if (d.decl && d.decl != decl)
    return d.fail(at, "its kernels are printed in different places");
  d.decl = decl;
  d.open = open;
  d.close = close;
  KernelPrinter::MemberOf memberOf = [&d](const VarDecl *v) {
    const bool state = d.inState(v) && (isWorklist(v) || d.written.count(v) ||
                                        d.bodyLocals.count(v) || d.initLocals.count(v));
    return state ? d.memberOf(v) : std::string();
  };
  // The launch in the device form (as CudaPrinter's, on the loop's stream).
  // Trip counts computed on the host are fixed when the graph is made: they
  // may not read what the loop changes.
  std::string L = "    { // " + k.blockLoops.front().pragma->text + "  ->  kernel " + k.name + "_dl\n";
  std::string trips, tripDecls;
  for (unsigned i = 0; i < collapsed; ++i) {
    if (kpr.deviceTrip(i))
      continue;
    const LoopInfo &li = k.blockLoops[i];
    std::vector<Access> acc;
    for (const Expr *e : {li.lower, li.bound, li.step})
      if (e)
        collectAccesses(e, acc);
    for (const Access &a : acc)
      if (!memberOf(a.var).empty())
        return d.fail(li.pragma->loc, "the trip count of the loop over '" +
                                          li.index->getName().str() + "' reads '" +
                                          a.var->getName().str() + "', which the loop changes");
    tripDecls += "      const long long hy_trip" + std::to_string(i) + " = " + tripText(ctx, li) +
                 ";\n";
    trips += (trips.empty() ? "" : " * ") + std::string("hy_trip") + std::to_string(i);
  }
  L += tripDecls;
  L += "      if (" + (trips.empty() ? "true" : "hy_dl.keyed(" + trips + " > 0)") + ") {\n";
  L += aliasCheck.empty() ? "" : "  " + aliasCheck;
  const LoopInfo &outer = k.blockLoops.front();
  if (kpr.staticSmem() > 0 && outer.pragma->minBlocks > 0)
    L += "        hy::cuda::reserve_shared((const void *)" + k.name + "_dl" + kpr.templArgs() + ", " +
         kpr.smemBytesText() + ", " + std::to_string(outer.pragma->minBlocks) + ", " +
         whereText + ");\n";
  const std::string block = "dim3(" + std::to_string(kpr.shape.dim[0]) + ", " +
                            std::to_string(kpr.shape.dim[1]) + ", " +
                            std::to_string(kpr.shape.dim[2]) + ")";
  L += "        " + k.name + "_dl" + kpr.templArgs() + "<<<hy_dl.keyed(" + kpr.gridText(true) + "), " + block +
       ", 0, hy_dl.stream()>>>(" + kpr.loopLaunchArgs(whereText, memberOf) + ");\n";
  L += "        hy_dl.launched(" + whereText + ");\n";
  L += "      }\n    }\n";
  d.uses[&k].launch = L;
  d.uses[&k].variant = kpr.loopVariant(d.name + "_state", memberOf);
}

namespace {

// The text of the loop's host statements for the step kernels: names of
// the state rewritten to its members.
struct StepText {
  StepText(ASTContext &ctx, const DeviceLoop &d)
      : ctx(ctx), SM(ctx.getSourceManager()), d(d), R(SM, ctx.getLangOpts()) {
    for (const DeclRefExpr *r : d.refs)
      if (const auto *v = dyn_cast<VarDecl>(r->getDecl()))
        if (d.inState(v))
          R.ReplaceText(chars(r->getSourceRange()), "hy_s->" + d.memberOf(v));
  }
  std::string of(const Expr *e) const {
    // This rewriter holds only the renames: a name at the start of the
    // expression belongs to it.
    return R.getRewrittenText(chars(e->getSourceRange()));
  }
  CharSourceRange chars(SourceRange r) const {
    SourceLocation b = SM.getExpansionLoc(r.getBegin()), e = SM.getExpansionLoc(r.getEnd());
    return CharSourceRange::getCharRange(
        b, Lexer::getLocForEndOfToken(e, 0, SM, ctx.getLangOpts()));
  }
  std::string list(const Expr *e) const {
    const VarDecl *v = varOf(e);
    return "hy_s->" + d.memberOf(v);
  }
  // One statement of the body (not a kernel), as the device runs it.
  std::string statement(const Stmt *s) const {
    std::string c = "    // line " + std::to_string(SM.getExpansionLineNumber(s->getBeginLoc())) + "\n";
    if (isa<NullStmt>(s))
      return "";
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      std::string t;
      for (const Decl *x : ds->decls()) {
        const auto *v = cast<VarDecl>(x);
        if (v->getInit())
          t += "    hy_s->" + d.memberOf(v) + " = " + of(v->getInit()) + ";\n";
      }
      return t.empty() ? "" : c + t;
    }
    const Expr *e = cast<Expr>(s);
    const Expr *x = e->IgnoreImplicit();
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(x)) {
      const CXXMethodDecl *md = mc->getMethodDecl();
      if (md && md->getName() == "clear")
        return c + "    hy::cuda::loop_clear(" + list(mc->getImplicitObjectArgument()) + ");\n";
      if (md && md->getName() == "swap")
        return c + "    hy::cuda::loop_swap(" + list(mc->getImplicitObjectArgument()) + ", " +
               list(mc->getArg(0)) + ");\n";
    } else if (const auto *ce = dyn_cast<CallExpr>(x)) {
      const FunctionDecl *fd = ce->getDirectCallee();
      if (fd && fd->getIdentifier() && fd->getName() == "swap")
        return c + "    hy::cuda::loop_swap(" + list(ce->getArg(0)) + ", " + list(ce->getArg(1)) +
               ");\n";
    }
    return c + "    " + of(e) + ";\n";
  }
  ASTContext &ctx;
  SourceManager &SM;
  const DeviceLoop &d;
  Rewriter R;
};

std::string typeOf(ASTContext &ctx, const VarDecl *v) {
  if (isWorklist(v))
    return "hy::cuda::worklist_view<" +
           typeText(ctx, namespaceType(ctx, classifyArray(v->getType()).elem)) + ">";
  return typeText(ctx, v->getType().getNonReferenceType().getUnqualifiedType());
}

} // namespace

void DeviceLoops::printDeviceCode(std::map<const Decl *, std::string> &before) {
  ASTContext &ctx = in.ctx;
  for (auto &dp : loops) {
    DeviceLoop &d = *dp;
    if (!d.problem.empty() || d.kernelAt.empty())
      continue;
    for (auto &[s, k] : d.kernelAt)
      if (!d.uses.count(k))
        d.fail(s->getBeginLoc(), "its kernel " + k->name + " was not printed");
    if (!d.problem.empty())
      continue;
    std::string t = d.open;
    t += "// The state of the device loop of line " + std::to_string(d.line) +
         " (hy::cuda::device_loop): what its host statements and kernels share\n";
    t += "struct " + d.name + "_state {\n";
    for (const VarDecl *v : d.scalars)
      t += "  alignas(16) " + typeOf(ctx, v) + " " + d.memberOf(v) + ";\n";
    for (const VarDecl *v : d.lists)
      t += "  alignas(16) " + typeOf(ctx, v) + " " + d.memberOf(v) + ";\n";
    t += "};\n";
    for (const Stmt *s : d.items)
      if (d.kernelAt.count(s))
        t += d.uses[d.kernelAt[s]].variant;
    // The steps: the first decides whether the body runs (and runs its
    // leading statements); the others run the statements between kernels;
    // the last one ends an iteration and starts the next.
    StepText st(ctx, d);
    std::vector<std::string> segs(1);
    for (const Stmt *s : d.items)
      if (d.kernelAt.count(s))
        segs.emplace_back();
      else
        segs.back() += st.statement(s);
    const std::string cond = d.cond ? st.of(d.cond) : "true";
    const std::string inc = d.inc ? "    // the increment\n    " + st.of(d.inc) + ";\n" : "";
    const std::string head = "__global__ void __launch_bounds__(1) ";
    const std::string params = "(" + d.name + "_state *hy_s, cudaGraphConditionalHandle hy_h)";
    auto decide = [&](const std::string &lead) {
      return "    const bool hy_more = (" + cond + ");\n" +
             (lead.empty() ? "" : "    if (hy_more) { // the next iteration's first statements\n" + lead + "    }\n") +
             "    hy::cuda::loop_continue(hy_h, hy_more);\n";
    };
    t += "// Device loop of line " + std::to_string(d.line) + ": its first step\n";
    t += head + d.name + "_first" + params + " {\n";
    if (d.kind == DeviceLoop::Do)
      t += segs.front() + "    hy::cuda::loop_continue(hy_h, true);\n";
    else
      t += decide(segs.front());
    t += "}\n";
    d.stepAfter.assign(segs.size(), false);
    for (size_t i = 1; i + 1 < segs.size(); ++i)
      if ((d.stepAfter[i] = !segs[i].empty()))
        t += head + d.name + "_step" + std::to_string(i) + params + " {\n" + segs[i] +
             "    (void)hy_h;\n}\n";
    t += "// Device loop of line " + std::to_string(d.line) +
         ": the end of an iteration and the start of the next\n";
    t += head + d.name + "_next" + params + " {\n" + segs.back() + inc + decide(segs.front()) +
         "}\n";
    t += d.close + "\n";
    before[d.decl] += t;
  }
}

void DeviceLoops::printHostForms(Rewriter &host) {
  ASTContext &ctx = in.ctx;
  SourceManager &SM = ctx.getSourceManager();
  for (auto &dp : loops) {
    DeviceLoop &d = *dp;
    const std::string loopWhere = "line " + std::to_string(d.line);
    if (!d.problem.empty()) {
      remark(in, d.problemLoc,
             "the host loop of " + loopWhere + " keeps its host form (a launch per kernel and a "
             "read back per iteration): " + d.problem);
      continue;
    }
    const std::string whereText =
        cString(where(SM, d.loop->getBeginLoc()) + " (device loop)");
    std::string L = "if (hy::cuda::device_loops()) {\n";
    L += "  // the loop below as one CUDA graph: a while node around its kernels and steps\n";
    L += "  static hy::cuda::device_loop_site hy_dl_site;\n";
    if (d.init) {
      std::string it = rewrittenText(host, ctx, d.init->getSourceRange());
      if (!isa<DeclStmt>(d.init))
        it += ";";
      L += "  " + it + "\n";
    }
    L += "  " + d.name + "_state hy_ls{};\n";
    for (const VarDecl *v : d.scalars)
      if (!d.bodyLocals.count(v))
        L += "  hy_ls." + d.memberOf(v) + " = " + v->getName().str() + ";\n";
    for (const VarDecl *v : d.lists) {
      L += "  hy_ls." + d.memberOf(v) + " = hy::cuda::device(" + v->getName().str() + ", " +
           (d.writtenLists.count(v) ? "hy::cuda::read_write" : "hy::cuda::read") + ", " +
           whereText + ");\n";
      if (d.writtenLists.count(v))
        L += "  const auto *const hy_items_" + d.memberOf(v) + " = hy_ls." + d.memberOf(v) +
             ".items;\n";
    }
    for (auto &[a, w] : d.arrays)
      L += "  (void)hy::cuda::device(" + a->getName().str() + ", " +
           (w ? "hy::cuda::read_write" : "hy::cuda::read") + ", " + whereText + ");\n";
    L += "  {\n";
    L += "    hy::cuda::device_loop<" + d.name + "_state> hy_dl(hy_dl_site, hy_ls, " + whereText +
         ");\n";
    L += "    hy_dl.begin_first();\n";
    L += "    " + d.name + "_first<<<1, 1, 0, hy_dl.stream()>>>(hy_dl.state(), hy_dl.handle());\n";
    L += "    hy_dl.launched(" + whereText + ");\n";
    L += "    hy_dl.end_first();\n";
    L += "    hy_dl.begin_body();\n";
    std::vector<std::string> names;
    size_t seg = 0, steps = 0;
    for (const Stmt *s : d.items) {
      if (!d.kernelAt.count(s))
        continue;
      if (seg > 0 && d.stepAfter[seg]) {
        L += "    " + d.name + "_step" + std::to_string(seg) +
             "<<<1, 1, 0, hy_dl.stream()>>>(hy_dl.state(), hy_dl.handle());\n";
        L += "    hy_dl.launched(" + whereText + ");\n";
        ++steps;
      }
      L += d.uses[d.kernelAt[s]].launch;
      names.push_back(d.kernelAt[s]->name);
      ++seg;
    }
    L += "    " + d.name + "_next<<<1, 1, 0, hy_dl.stream()>>>(hy_dl.state(), hy_dl.handle());\n";
    L += "    hy_dl.launched(" + whereText + ");\n";
    L += "    hy_dl.end_body();\n";
    L += "    hy_ls = hy_dl.run();\n";
    L += "  }\n";
    for (const VarDecl *v : d.scalars)
      if (!d.bodyLocals.count(v) && !d.initLocals.count(v) && d.written.count(v))
        L += "  " + v->getName().str() + " = hy_ls." + d.memberOf(v) + ";\n";
    // Worklists the loop changed, grouped by element type (a swap pairs lists of one type).
    std::map<std::string, std::vector<const VarDecl *>> groups;
    for (const VarDecl *v : d.lists)
      if (d.writtenLists.count(v))
        groups[typeText(ctx, namespaceType(ctx, classifyArray(v->getType()).elem))].push_back(v);
    for (auto &[ty, vs] : groups) {
      std::string ls, bs, as;
      for (const VarDecl *v : vs) {
        ls += (ls.empty() ? "" : ", ") + std::string("&") + v->getName().str();
        bs += (bs.empty() ? "" : ", ") + std::string("hy_items_") + d.memberOf(v);
        as += (as.empty() ? "" : ", ") + std::string("hy_ls.") + d.memberOf(v);
      }
      L += "  hy::cuda::finish_device_loop<" + ty + ">({" + ls + "}, {" + bs + "}, {" + as +
           "}, " + whereText + ");\n";
    }
    L += "} else\n";
    L += lineDirective(in, d.loop->getBeginLoc());
    // In front of the loop, after what the host code's syncs put there.
    host.InsertTextAfter(SM.getExpansionLoc(d.loop->getBeginLoc()), L);
    std::string ks;
    for (auto &n : names)
      ks += (ks.empty() ? "" : ", ") + n;
    std::string state;
    for (const VarDecl *v : d.scalars)
      state += (state.empty() ? "" : ", ") + v->getName().str();
    for (const VarDecl *v : d.lists)
      state += (state.empty() ? "" : ", ") + v->getName().str();
    remark(in, d.loop->getBeginLoc(),
           "host loop stays on the device: one CUDA graph launch for the whole loop (a "
           "conditional while node around kernel" + std::string(names.size() > 1 ? "s " : " ") +
               ks + " and " + std::to_string(steps + 1) +
               " one-thread step kernel" + (steps ? "s" : "") +
               " per iteration), no read back per iteration; state on the device: " + state +
               "; HY_DEVICE_LOOPS=0 takes the host form");
  }
}

} // namespace hy::cudagen

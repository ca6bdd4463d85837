// One OpenMP parallel region per host loop (CpuRegions.h): the planner.
// Without it each kernel of a level loop, of Δ-stepping's phases or of
// Bellman-Ford's rounds forks and joins a team at every iteration of the
// host loop. A `while (cond) { body }` or `for (init; cond; inc) { body }`
// whose body is kernels, host statements, calls of team functions, inner
// host loops and `if`s around such work becomes one region (the text:
// CpuRegionsText.cpp): its kernels work-sharing loops, its host statements,
// condition and the inner loops' headers and ifs' conditions evaluated by
// one thread into shared flags that every thread reads after a barrier. An
// iteration costs a barrier per kernel and per run of host statements
// between kernels, plus one, which is what a fork and a join per kernel
// cost for a loop of one kernel, less for more kernels. The team's size
// follows the first kernel's small-loop test when the body is flat: a run
// of small iterations is a region of one thread, a run of large ones one
// of the whole team. The host statements' locals that a kernel or a later
// statement uses move out of the region (shared, assigned where they were
// declared); exceptions thrown by host code stop the loop and are thrown
// again after the region. Where a loop cannot be one region, the reason is
// kept for the report.
#include "cpu/CpuRegions.h"
#include "cpu/CpuRegionPlan.h"
#include "PrintUtil.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include <algorithm>
#include <functional>
#include <set>

using namespace clang;

namespace hy {

namespace {

bool isLoop(const Stmt *s) {
  return isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s);
}

// The host loop around a kernel in its function, if any (a lambda's body
// ends the search).
const Stmt *enclosingHostLoop(ASTContext &ctx, const Stmt *s) {
  DynTypedNodeList ps = ctx.getParents(*s);
  while (!ps.empty()) {
    const Stmt *p = ps[0].get<Stmt>();
    if (!p)
      return nullptr;
    if (isLoop(p))
      return p;
    ps = ctx.getParents(*p);
  }
  return nullptr;
}

// The host loops of the main file (not template instantiations) with a
// statement of their body that `wanted` picks (a call of a function that
// launches kernels, as a statement or inside one).
std::vector<const Stmt *> loopsCalling(ASTContext &ctx,
                                       const std::function<bool(const Stmt *)> &wanted) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &ctx;
    const std::function<bool(const Stmt *)> &wanted;
    std::vector<const Stmt *> loops;
    Finder(ASTContext &ctx, const std::function<bool(const Stmt *)> &wanted)
        : ctx(ctx), wanted(wanted) {}
    bool VisitCompoundStmt(CompoundStmt *cs) {
      DynTypedNodeList ps = ctx.getParents(*cs);
      const Stmt *L = ps.empty() ? nullptr : ps[0].get<Stmt>();
      if (!L || !isLoop(L) || !ctx.getSourceManager().isInMainFile(
                                  ctx.getSourceManager().getExpansionLoc(L->getBeginLoc())))
        return true;
      for (const Stmt *s : cs->body())
        if (wanted(s)) {
          loops.push_back(L);
          break;
        }
      return true;
    }
  } f(ctx, wanted);
  f.TraverseDecl(ctx.getTranslationUnitDecl());
  return f.loops;
}

// Every statement under s (s included), lambda bodies included.
void forEach(const Stmt *s, const std::function<void(const Stmt *)> &f) {
  if (!s)
    return;
  f(s);
  for (const Stmt *c : s->children())
    forEach(c, f);
}

// The first statement under s that leaves the host loop's body: a break
// or continue of the loop itself, a return, a goto (not inside lambdas).
// With `breaks`, a break of the loop is counted there instead.
const Stmt *leaves(const Stmt *s, bool inLoop, bool inSwitch, int *breaks = nullptr) {
  if (!s || isa<LambdaExpr>(s) || isa<BlockExpr>(s))
    return nullptr;
  if (isa<BreakStmt>(s) && !inLoop && !inSwitch) {
    if (!breaks)
      return s;
    ++*breaks;
    return nullptr;
  }
  if (isa<ContinueStmt>(s) && !inLoop)
    return s;
  if (isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) || isa<CoreturnStmt>(s))
    return s;
  bool l = inLoop || isLoop(s), sw = inSwitch || isa<SwitchStmt>(s);
  for (const Stmt *c : s->children())
    if (const Stmt *r = leaves(c, l, sw, breaks))
      return r;
  return nullptr;
}

const char *jumpName(const Stmt *s) {
  if (isa<BreakStmt>(s))
    return "'break'";
  if (isa<ContinueStmt>(s))
    return "'continue'";
  if (isa<ReturnStmt>(s))
    return "'return'";
  if (isa<CoreturnStmt>(s))
    return "'co_return'";
  return "'goto'";
}

const FunctionDecl *patternOf(const FunctionDecl *fd) {
  if (const FunctionDecl *p = fd->getTemplateInstantiationPattern())
    fd = p;
  return fd->getCanonicalDecl();
}

// Whether a statement may throw: a throw, a call of a function not
// declared noexcept (or through a pointer), a non-trivial constructor
// that may throw, a new-expression. False when exceptions are off.
bool mayThrow(ASTContext &ctx, const Stmt *s) {
  if (!s || !ctx.getLangOpts().CXXExceptions)
    return false;
  bool found = false;
  auto nothrow = [](const FunctionDecl *fd) {
    const auto *p = fd->getType()->getAs<FunctionProtoType>();
    return p && p->isNothrow();
  };
  forEach(s, [&](const Stmt *x) {
    if (found)
      return;
    if (isa<CXXThrowExpr>(x) || isa<CXXNewExpr>(x))
      found = true;
    else if (const auto *c = dyn_cast<CallExpr>(x)) {
      const FunctionDecl *fd = c->getDirectCallee();
      found = !fd || (!fd->getBuiltinID() && !nothrow(fd));
    } else if (const auto *c = dyn_cast<CXXConstructExpr>(x)) {
      const CXXConstructorDecl *cd = c->getConstructor();
      found = !cd->isTrivial() && !nothrow(cd);
    }
  });
  return found;
}

} // namespace

namespace {

// The shared locals a team function may have (hy::team_frame::kSlots).
constexpr size_t kTeamSlots = 16;

class Planner {
public:
  Planner(const PrintInput &in,
          std::map<const FunctionDecl *, std::unique_ptr<TeamFunction>> &fns)
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), fns(fns) {
    for (auto &k : in.model.kernels)
      kernelOf[k->blockLoops.front().loop] = k.get();
  }

  unsigned line(SourceLocation l) const { return SM.getExpansionLineNumber(l); }
  std::string at(const Stmt *s) const {
    return " (line " + std::to_string(line(s->getBeginLoc())) + ")";
  }

  const Kernel *kernelIn(const Stmt *s) const {
    const Kernel *found = nullptr;
    forEach(s, [&](const Stmt *x) {
      if (!found)
        if (auto it = kernelOf.find(x); it != kernelOf.end())
          found = it->second;
    });
    return found;
  }

  // Whether a function (its body, lambdas in it, the functions it calls)
  // launches kernels.
  bool launches(const FunctionDecl *fd) {
    fd = patternOf(fd);
    if (auto it = memo.find(fd); it != memo.end())
      return it->second;
    memo[fd] = false; // a recursive call launches nothing by itself
    const FunctionDecl *def = nullptr;
    const Stmt *body = fd->getBody(def);
    bool r = body && (kernelIn(body) || launchingCall(body));
    memo[fd] = r;
    return r;
  }

  // The functions a call may call: its callee or, in a template, the
  // candidates a call with dependent arguments will choose from.
  static std::vector<const FunctionDecl *> calleesOf(const CallExpr *c) {
    std::vector<const FunctionDecl *> callees;
    if (const FunctionDecl *fd = c->getDirectCallee())
      callees.push_back(fd);
    else if (const auto *o = dyn_cast<OverloadExpr>(c->getCallee()->IgnoreParenImpCasts()))
      for (const NamedDecl *d : o->decls()) {
        d = d->getUnderlyingDecl();
        if (const auto *t = dyn_cast<FunctionTemplateDecl>(d))
          callees.push_back(t->getTemplatedDecl());
        else if (const auto *fd = dyn_cast<FunctionDecl>(d))
          callees.push_back(fd);
      }
    return callees;
  }

  // The first function called under s that launches kernels.
  const FunctionDecl *launchingCall(const Stmt *s) {
    const FunctionDecl *found = nullptr;
    forEach(s, [&](const Stmt *x) {
      if (found)
        return;
      std::vector<const FunctionDecl *> callees;
      if (const auto *c = dyn_cast<CallExpr>(x))
        callees = calleesOf(c);
      else if (const auto *c = dyn_cast<CXXConstructExpr>(x))
        callees.push_back(c->getConstructor());
      for (const FunctionDecl *fd : callees)
        if (!found && launches(fd))
          found = fd;
    });
    return found;
  }

  // A statement that is only a call (its value unused) of a function that
  // launches kernels: the call a team can make together.
  const CallExpr *callStatement(const Stmt *s) {
    const auto *e = dyn_cast<Expr>(s);
    const auto *c = e ? dyn_cast<CallExpr>(e->IgnoreImplicit()) : nullptr;
    if (!c || isa<CXXOperatorCallExpr>(c) || isa<CUDAKernelCallExpr>(c))
      return nullptr;
    for (const FunctionDecl *fd : calleesOf(c))
      if (launches(fd))
        return c;
    return nullptr;
  }

  // A statement that uses the value of a call of a function that launches
  // kernels: `x = f(...);` (x a variable of scalar type) or `T x = f(...);`
  // (one scalar variable initialised with '='). The team makes the call,
  // the statement reads its value (hy::team_frame) on one thread.
  const CallExpr *valueCall(const Stmt *s) {
    const Expr *rhs = nullptr;
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      const auto *v = ds->isSingleDecl() ? dyn_cast<VarDecl>(ds->getSingleDecl()) : nullptr;
      if (!v || isa<DecompositionDecl>(v) || !v->getInit() ||
          v->getInitStyle() != VarDecl::CInit || !v->getType()->isScalarType())
        return nullptr;
      rhs = v->getInit();
    } else if (const auto *b = dyn_cast<BinaryOperator>(s)) {
      const auto *r = dyn_cast<DeclRefExpr>(b->getLHS()->IgnoreParens());
      if (b->getOpcode() != BO_Assign || !r || !isa<VarDecl>(r->getDecl()))
        return nullptr;
      rhs = b->getRHS();
    } else {
      return nullptr;
    }
    const CallExpr *c = dyn_cast<CallExpr>(rhs->IgnoreImplicit());
    if (!c || isa<CXXOperatorCallExpr>(c) || isa<CUDAKernelCallExpr>(c) ||
        !(c->getType()->isDependentType() || c->getType()->isScalarType()) ||
        c->getBeginLoc().isMacroID() || c->getEndLoc().isMacroID())
      return nullptr;
    for (const FunctionDecl *fd : calleesOf(c))
      if (launches(fd))
        return c;
    return nullptr;
  }

  // The functions called under s that hyc cannot look into: no body in
  // this translation unit, declared outside system headers, not builtins.
  std::vector<const FunctionDecl *> unseenCalls(const Stmt *s) const {
    std::vector<const FunctionDecl *> out;
    forEach(s, [&](const Stmt *x) {
      const auto *c = dyn_cast<CallExpr>(x);
      const FunctionDecl *fd = c ? c->getDirectCallee() : nullptr;
      if (!fd || fd->getBuiltinID() || fd->hasBody() || fd->isTemplateInstantiation() ||
          SM.isInSystemHeader(SM.getExpansionLoc(fd->getLocation())))
        return;
      if (std::find(out.begin(), out.end(), fd) == out.end())
        out.push_back(fd);
    });
    return out;
  }

  // The function whose body has s (a lambda's call operator for a lambda's).
  const FunctionDecl *functionOf(const Stmt *s) {
    DynTypedNodeList ps = ctx.getParents(*s);
    while (!ps.empty()) {
      if (const auto *le = ps[0].get<LambdaExpr>())
        return le->getCallOperator();
      if (const auto *fd = ps[0].get<FunctionDecl>())
        return fd;
      ps = ctx.getParents(ps[0]);
    }
    return nullptr;
  }

  // Whether every thread of a team can make the call c (a call statement of
  // `caller`'s body): every function it calls (in a template, in every
  // instantiation) is a team function, and its arguments have no side
  // effects (every thread evaluates them). Fills the functions' patterns.
  //
  // once (a region's call, not a team function's): arguments with side
  // effects that one thread can evaluate before the call, into a shared
  // variable the call then reads (`++stamp` passed by value): a scalar
  // that binds to a parameter passed by value in every instantiation,
  // which may not throw and whose variables no other argument reads (that
  // order would be unspecified).
  std::string callWhyNot(const FunctionDecl *caller, const CallExpr *c,
                         std::vector<const FunctionDecl *> &callees,
                         std::vector<const Expr *> *once = nullptr) {
    std::set<unsigned> onceAt; // argument positions evaluated once
    for (unsigned a = 0; once && a < c->getNumArgs(); ++a) {
      const Expr *e = c->getArg(a);
      if (!e->HasSideEffects(ctx, /*IncludePossibleEffects=*/true))
        continue;
      QualType t = e->getType();
      if (isa<CXXDefaultArgExpr>(e) || e->isTypeDependent() || !t->isScalarType() ||
          e->getBeginLoc().isMacroID() || e->getEndLoc().isMacroID() || mayThrow(ctx, e))
        continue; // refused below
      std::map<const ValueDecl *, const Stmt *> mine, others;
      forEach(e, [&](const Stmt *x) { // the variables it changes
        const Expr *target = nullptr;
        if (const auto *u = dyn_cast<UnaryOperator>(x); u && u->isIncrementDecrementOp())
          target = u->getSubExpr();
        else if (const auto *b = dyn_cast<BinaryOperator>(x); b && b->isAssignmentOp())
          target = b->getLHS();
        else if (const auto *o = dyn_cast<CXXOperatorCallExpr>(x);
                 o && o->getNumArgs() > 0 && (o->isAssignmentOp() ||
                                              o->getOperator() == OO_PlusPlus ||
                                              o->getOperator() == OO_MinusMinus))
          target = o->getArg(0);
        if (const auto *r = target ? dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts()) : nullptr)
          mine.emplace(r->getDecl(), r);
      });
      for (unsigned b = 0; b < c->getNumArgs(); ++b)
        if (b != a)
          refs(c->getArg(b), others);
      if (const auto *m = dyn_cast<CXXMemberCallExpr>(c))
        refs(m->getImplicitObjectArgument(), others);
      const ValueDecl *shared = nullptr;
      for (auto &[d, use] : mine)
        if (others.count(d))
          shared = d;
      if (shared)
        return "an argument" + at(e) + " changes '" + shared->getNameAsString() +
               "', which another argument uses (evaluated once before the call, the order of "
               "the two would be unspecified)";
      onceAt.insert(a);
      once->push_back(e);
    }
    std::vector<const CallExpr *> calls;
    if (caller && caller->isDependentContext()) {
      const FunctionTemplateDecl *t = caller->getDescribedFunctionTemplate();
      if (!t)
        return "the call is in a template that is not a function template";
      for (const FunctionDecl *spec : t->specializations())
        forEach(spec->getBody(), [&](const Stmt *x) {
          if (const auto *cc = dyn_cast<CallExpr>(x))
            if (cc->getBeginLoc() == c->getBeginLoc() && cc->getEndLoc() == c->getEndLoc())
              calls.push_back(cc);
        });
      if (calls.empty()) // never instantiated: the candidates
        for (const FunctionDecl *fd : calleesOf(c)) {
          if (!launches(fd))
            return "it may call '" + fd->getNameAsString() + "', which launches no kernels";
          callees.push_back(patternOf(fd));
        }
    } else {
      calls.push_back(c);
    }
    for (const CallExpr *cc : calls) {
      const FunctionDecl *fd = cc->getDirectCallee();
      if (!fd || !launches(fd))
        return "an instantiation calls a function that launches no kernels there";
      std::string why = teamWhyNot(patternOf(fd));
      if (!why.empty())
        return "'" + fd->getNameAsString() + "' cannot be called by a team: " + why;
      std::vector<const Expr *> args(cc->arg_begin(), cc->arg_end());
      if (const auto *m = dyn_cast<CXXMemberCallExpr>(cc)) {
        args.push_back(m->getImplicitObjectArgument());
        if (m->getMethodDecl() && m->getMethodDecl()->isVirtual())
          return "it is a virtual call";
      }
      for (unsigned a : onceAt)
        if (a >= fd->getNumParams() || fd->getParamDecl(a)->getType()->isReferenceType())
          return "an argument" + at(cc->getArg(a)) +
                 " has side effects and binds to a reference parameter (only an argument "
                 "passed by value is evaluated once, by one thread, before the team's call)";
      for (unsigned a = 0; a < args.size(); ++a)
        if (args[a] && !onceAt.count(a) &&
            args[a]->HasSideEffects(ctx, /*IncludePossibleEffects=*/true))
          return "an argument" + at(args[a]) +
                 " may have side effects (or make a temporary), which every thread would "
                 "repeat" +
                 (once ? " (one thread evaluates such an argument once only when it is a "
                         "scalar passed by value, free of exceptions, and not in a macro)"
                       : "");
      if (std::find(callees.begin(), callees.end(), patternOf(fd)) == callees.end())
        callees.push_back(patternOf(fd));
    }
    for (const FunctionDecl *fd : callees) {
      std::string why = teamWhyNot(fd);
      if (!why.empty())
        return "'" + fd->getNameAsString() + "' cannot be called by a team: " + why;
    }
    return "";
  }

  // A body's statements in order (fn: the function it is in): kernels,
  // runs of host statements, and call statements of functions that launch
  // kernels, which the team calls, if it can (else why not). In a region
  // (`nest`), an inner loop or an if that it takes is an item of its own.
  std::string split(const std::vector<const Stmt *> &stmts, const FunctionDecl *fn,
                    std::vector<HostRegion::Item> &items, const char *team, bool region,
                    const std::function<bool(const Stmt *, std::string &)> &nest = nullptr) {
    for (const Stmt *s : stmts) {
      if (auto it = kernelOf.find(s); it != kernelOf.end()) {
        items.push_back({it->second, {}, false, {}});
        continue;
      }
      const CallExpr *value = valueCall(s);
      if (const CallExpr *c = value ? value : callStatement(s)) {
        HostRegion::Item call;
        call.host = {s};
        call.valueCall = value;
        std::string why = callWhyNot(fn, c, call.callees, region ? &call.once : nullptr);
        if (!why.empty())
          return "it calls '" + calleesOf(c).front()->getNameAsString() + "'" + at(s) +
                 ", which launches kernels, and " + team + " cannot call it: " + why;
        for (const FunctionDecl *fd : call.callees) {
          const TeamFunction &t = *fns.at(fd);
          call.framed |= t.framed;
          call.callThrows |= t.throws;
          if (value)
            call.valueType = t.fd->getReturnType();
        }
        items.push_back(call);
        if (value) { // the statement itself, on one thread, reads the value
          valueStmts.insert(s);
          items.push_back({});
          items.back().host.push_back(s);
        }
        continue;
      }
      std::string why;
      if (nest && nest(s, why)) {
        if (!why.empty())
          return why;
        continue;
      }
      if (items.empty() || items.back().team())
        items.push_back({});
      items.back().host.push_back(s);
    }
    return "";
  }

  // Whether a function's kernels can be a team's work-sharing loops (key:
  // its pattern's canonical declaration); plans it (TeamFunction).
  std::string teamWhyNot(const FunctionDecl *key) {
    if (auto it = fns.find(key); it != fns.end())
      return it->second->why;
    std::unique_ptr<TeamFunction> &t = fns[key];
    t = std::make_unique<TeamFunction>();
    t->why = "it calls itself, directly or not";
    std::string why = teamPlan(*t, key);
    t->why = why;
    if (!why.empty())
      t->items.clear();
    return why;
  }

  std::string teamPlan(TeamFunction &t, const FunctionDecl *key) {
    const FunctionDecl *def = nullptr;
    const auto *body = dyn_cast_or_null<CompoundStmt>(key->getBody(def));
    if (!body)
      return "its body is not a { } block";
    t.fd = def;
    t.body = body;
    t.line = line(def->getLocation());
    if (!SM.isInMainFile(SM.getExpansionLoc(def->getLocation())))
      return "it is defined in another file";
    if (body->getLBracLoc().isMacroID() || body->getRBracLoc().isMacroID())
      return "its body is written in a macro";
    // A value: returned by its last statement, `return e;`, which one
    // thread runs (into the team's frame); every thread returns it.
    if (!def->getReturnType()->isVoidType()) {
      QualType rt = def->getReturnType();
      const auto *r = body->body_empty() ? nullptr : dyn_cast<ReturnStmt>(body->body_back());
      if (rt->isDependentType() || !rt->isScalarType() || rt->isReferenceType())
        return "it returns a value of type '" + rt.getAsString() +
               "' (a team function returns void or a scalar)";
      if (!r || !r->getRetValue() || r->getBeginLoc().isMacroID() ||
          r->getRetValue()->getBeginLoc().isMacroID())
        return "it returns a value, but not by its last statement ('return e;', the only "
               "'return' a team function may have)";
      t.ret = r;
    }
    if (def->isVariadic())
      return "it is variadic";
    if (const auto *m = dyn_cast<CXXMethodDecl>(def)) {
      if (m->isVirtual())
        return "it is virtual";
      if (isa<CXXConstructorDecl>(m) || isa<CXXDestructorDecl>(m))
        return "it is a constructor or a destructor";
      if (m->getParent()->isLambda())
        return "it is a lambda";
    }
    // Each thread of the team has its own parameters: copies of scalars
    // are alike, copies of objects would be several objects.
    for (unsigned i = 0; i < def->getNumParams(); ++i) {
      const ParmVarDecl *p = def->getParamDecl(i);
      QualType ty = p->getType();
      std::string whyParam = "its parameter '" + p->getNameAsString() +
                             "' is passed by value and is not trivially copyable (each thread "
                             "of the team would have an object of its own)";
      if (p->isParameterPack())
        return "its parameter '" + p->getNameAsString() + "' is a pack";
      if (ty->isReferenceType() ||
          (!ty->isDependentType() && ty.isTriviallyCopyableType(ctx)))
        continue;
      if (!ty->isDependentType())
        return whyParam;
      const FunctionTemplateDecl *ft = def->getDescribedFunctionTemplate();
      if (!ft)
        return whyParam;
      for (const FunctionDecl *spec : ft->specializations())
        if (i >= spec->getNumParams() ||
            !spec->getParamDecl(i)->getType().isTriviallyCopyableType(ctx))
          return whyParam;
    }
    if (std::string why = split({body->body_begin(), body->body_end()}, def, t.items, "a team",
                                false);
        !why.empty())
      return why;
    replicate(t.items);
    for (HostRegion::Item &i : t.items) {
      if (i.kernel) {
        if (i.kernel->scan && i.kernel->scan->reduction)
          return "the kernel of line " +
                 std::to_string(line(i.kernel->blockLoops.front().pragma->loc)) +
                 " is a scan, whose two passes need a parallel region of their own";
        continue;
      }
      if (i.team())
        continue;
      for (const Stmt *s : i.host) {
        if (valueStmts.count(s))
          continue; // the call is the team's (the item before), the rest a scalar's assignment
        if (const Kernel *k = kernelIn(s))
          return "the kernel of line " + std::to_string(line(k->blockLoops.front().pragma->loc)) +
                 " is inside a statement of its body, not a statement of its own";
        if (const FunctionDecl *fd = launchingCall(s))
          return "it calls '" + fd->getNameAsString() + "'" + at(s) +
                 ", which launches kernels, inside a statement (only a call that is a "
                 "statement of its own is made by the team)";
        const Stmt *j = s == t.ret ? leaves(t.ret->getRetValue(), false, false)
                                   : leaves(s, false, false);
        if (j)
          return std::string("a ") + jumpName(j) + at(j) + " would leave the team's code";
        // One thread keeps the exception (the team's frame), the team
        // leaves the function after the barrier that follows.
        if (mayThrow(ctx, s)) {
          i.mayThrow = true;
          t.throws = true;
        }
      }
    }
    for (const HostRegion::Item &i : t.items) {
      for (const FunctionDecl *fd : i.callees) {
        t.throws |= fns.at(fd)->throws;
        t.framed |= fns.at(fd)->framed;
      }
    }
    // Each thread has its own locals: what the host statements (one
    // thread) declare or change, the kernels and calls (every thread) must
    // not read.
    std::vector<std::map<const ValueDecl *, const Stmt *>> used(t.items.size());
    for (size_t i = 0; i < t.items.size(); ++i) {
      if (t.items[i].kernel)
        refs(t.items[i].kernel->blockLoops.front().loop, used[i]);
      for (const Stmt *s : t.items[i].host)
        refs(s, used[i]);
    }
    auto userOf = [&](size_t j) {
      return t.items[j].kernel
                 ? "the kernel of line " +
                       std::to_string(line(t.items[j].kernel->blockLoops.front().pragma->loc))
                 : "the statement" + at(t.items[j].host.front());
    };
    // Its locals that another item reads are the team's (hy::team_frame
    // slots): scalars declared as a region's moved-out locals are.
    HostRegion slots;
    if (std::string why = locals(t.items, slots); !why.empty())
      return why;
    for (const VarDecl *v : slots.hoisted)
      if (v->getType()->isRecordType())
        return "its local '" + v->getNameAsString() + "'" + at(slots.declOf.at(v)) +
               " is read by another of its statements or kernels and is not a scalar (the "
               "team shares only scalar locals)";
    if (slots.hoisted.size() > kTeamSlots)
      return "more than " + std::to_string(kTeamSlots) +
             " of its locals are read by other statements or kernels (the team's frame "
             "holds " + std::to_string(kTeamSlots) + ")";
    t.shared = slots.hoisted;
    t.declOf = slots.declOf;
    std::set<const VarDecl *> sharedSet(t.shared.begin(), t.shared.end());
    t.framed |= t.throws || t.ret || !t.shared.empty();
    // A kernel's scalar reduction goes into a shared local or a reference
    // parameter (each thread of the team has its own other locals).
    for (const HostRegion::Item &i : t.items)
      if (i.kernel)
        for (const Reduction &r : i.kernel->reductions)
          if (!r.isArray && r.var->hasLocalStorage() && !r.var->getType()->isReferenceType() &&
              !sharedSet.count(dyn_cast<VarDecl>(r.var)))
            return "the kernel of line " +
                   std::to_string(line(i.kernel->blockLoops.front().pragma->loc)) +
                   " reduces into '" + r.var->getNameAsString() +
                   "', a local variable that the team does not share (each thread of the team "
                   "has its own)";
    for (size_t j = 0; j < t.items.size(); ++j) {
      if (!t.items[j].team() && !t.items[j].replicated)
        continue;
      for (auto &[d, use] : used[j]) {
        const auto *v = dyn_cast<VarDecl>(d);
        if (!v || !v->hasLocalStorage() || v->getType()->isReferenceType() || sharedSet.count(v))
          continue;
        for (const HostRegion::Item &i : t.items) {
          if (i.team() || i.replicated)
            continue;
          for (const Stmt *s : i.host) {
            const Stmt *write = nullptr;
            forEach(s, [&](const Stmt *x) {
              const auto *r = dyn_cast<DeclRefExpr>(x);
              if (write || !r || r->getDecl() != v)
                return;
              DynTypedNodeList ps = ctx.getParents(*r);
              const auto *c = ps.empty() ? nullptr : ps[0].get<ImplicitCastExpr>();
              if (!c || c->getCastKind() != CK_LValueToRValue)
                write = r;
            });
            if (write)
              return "its statement" + at(s) + " may change '" + v->getNameAsString() +
                     "', which " + userOf(j) + " reads (each thread of the team has its own)";
          }
        }
      }
    }
    // The own region's size: the first kernel's small-loop test, when only
    // replicated declarations come before it and its bounds read none of
    // them (the test is evaluated before the body).
    std::set<const ValueDecl *> before;
    for (const HostRegion::Item &i : t.items) {
      if (i.replicated) {
        for (const Stmt *s : i.host) // one declaration may declare several
          for (const Decl *d : cast<DeclStmt>(s)->decls())
            if (const auto *v = dyn_cast<VarDecl>(d))
              before.insert(v);
        continue;
      }
      if (!i.kernel)
        break;
      std::map<const ValueDecl *, const Stmt *> bounds;
      for (const LoopInfo &li : i.kernel->blockLoops)
        for (const Stmt *e : {(const Stmt *)li.lower, (const Stmt *)li.bound, (const Stmt *)li.step})
          refs(e, bounds);
      if (std::none_of(bounds.begin(), bounds.end(),
                       [&](const auto &b) { return before.count(b.first); })) {
        t.worth = cpuWorthTest(in, *i.kernel);
        t.worthLine = line(i.kernel->blockLoops.front().pragma->loc);
      }
      break;
    }
    return "";
  }

  // A team function's declarations that every thread can run (each
  // thread's locals then hold the same): a const scalar whose initializer,
  // free of side effects, reads only parameters passed by value, such
  // declarations before it and constants (`const int o = p * B;`), or a
  // reference bound to a parameter's or global's member (`auto &s = ws.stack;`),
  // which reads no memory. They become items of their own.
  void replicate(std::vector<HostRegion::Item> &items) {
    std::set<const VarDecl *> same; // locals every thread holds alike
    auto readsSame = [&](const Expr *init) {
      bool ok = !init->HasSideEffects(ctx, /*IncludePossibleEffects=*/true);
      forEach(init, [&](const Stmt *x) {
        const auto *r = dyn_cast<DeclRefExpr>(x);
        if (!ok || !r)
          return;
        const auto *v = dyn_cast<VarDecl>(r->getDecl());
        if (!v)
          ok = isa<EnumConstantDecl>(r->getDecl());
        else if (v->hasLocalStorage())
          ok = same.count(v) || (isa<ParmVarDecl>(v) && !v->getType()->isReferenceType());
        else
          ok = v->getType().isConstQualified();
      });
      return ok;
    };
    auto bindsSame = [&](const Expr *init) {
      const Expr *e = init->IgnoreParenImpCasts();
      while (const auto *m = dyn_cast<MemberExpr>(e)) {
        if (m->isArrow())
          return false;
        e = m->getBase()->IgnoreParenImpCasts();
      }
      const auto *r = dyn_cast<DeclRefExpr>(e);
      const auto *v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
      return v && (!v->hasLocalStorage() || same.count(v) ||
                   (isa<ParmVarDecl>(v) && v->getType()->isReferenceType()));
    };
    std::vector<HostRegion::Item> out;
    for (HostRegion::Item &i : items) {
      if (i.team()) {
        out.push_back(i);
        continue;
      }
      for (const Stmt *s : i.host) {
        const auto *ds = dyn_cast<DeclStmt>(s);
        auto repVar = [&](const Decl *d) {
          const auto *v = dyn_cast<VarDecl>(d);
          const Expr *init = v ? v->getInit() : nullptr;
          QualType ty = v ? v->getType() : QualType();
          // A type of the template's parameters (`const W up = ...;`) counts
          // as a scalar when it is one in every instantiation.
          bool scalar = v && ty.isConstQualified() &&
                        (ty->isDependentType() ? !ty->isReferenceType() && scalarInEvery(v, true)
                                               : ty->isScalarType());
          return init && !isa<DecompositionDecl>(v) &&
                 ((ty->isReferenceType() && !ty->isDependentType() && bindsSame(init)) ||
                  (scalar && (readsSame(init) || constantInEvery(v))));
        };
        // (`auto &next = ws.next, &warpq = ws.warpq;`: every declarator.)
        bool rep = ds && std::all_of(ds->decl_begin(), ds->decl_end(), repVar);
        if (rep) {
          for (const Decl *d : ds->decls())
            same.insert(cast<VarDecl>(d));
          HostRegion::Item r;
          r.host = {s};
          r.replicated = true;
          out.push_back(r);
          continue;
        }
        if (out.empty() || out.back().team() || out.back().replicated)
          out.push_back({});
        out.back().host.push_back(s);
      }
    }
    items = out;
  }

  // Whether a local's initializer is a constant expression (in a function
  // template, in every instantiation): every thread computes the same
  // value, with no side effects (`const W inf = Weighted ? infinity<W>() :
  // W(kUnreached);`).
  bool constantInEvery(const VarDecl *v) {
    std::vector<const VarDecl *> all =
        v->getInit()->isValueDependent() || v->getType()->isDependentType()
            ? instancesOf(v)
            : std::vector<const VarDecl *>{v};
    return !all.empty() && std::all_of(all.begin(), all.end(), [&](const VarDecl *iv) {
      return iv->getInit() && !iv->getInit()->isValueDependent() &&
             iv->getInit()->isCXX11ConstantExpr(ctx);
    });
  }

  // A local of a type that depends on a function template's parameters
  // (`const W up = ...;`): its declarations in every instantiation (none
  // when it is not in a function template or never instantiated).
  std::vector<const VarDecl *> instancesOf(const VarDecl *v) {
    std::vector<const VarDecl *> out;
    const auto *fd = dyn_cast_or_null<FunctionDecl>(v->getDeclContext());
    const FunctionTemplateDecl *t = fd ? fd->getDescribedFunctionTemplate() : nullptr;
    if (!t)
      return out;
    for (const FunctionDecl *spec : t->specializations())
      forEach(spec->getBody(), [&](const Stmt *x) {
        if (const auto *ds = dyn_cast<DeclStmt>(x))
          for (const Decl *d : ds->decls())
            if (const auto *iv = dyn_cast<VarDecl>(d); iv && iv->getLocation() == v->getLocation())
              out.push_back(iv);
      });
    return out;
  }

  // Whether a local of a dependent type is a scalar (not a reference, not
  // volatile) in every instantiation of its function template, and at
  // least one exists: then every instantiation can handle it as one.
  bool scalarInEvery(const VarDecl *v, bool allowConstant) {
    std::vector<const VarDecl *> all = instancesOf(v);
    return !all.empty() && std::all_of(all.begin(), all.end(), [&](const VarDecl *iv) {
      QualType t = iv->getType();
      return t->isScalarType() && !t->isReferenceType() && !t.isVolatileQualified() &&
             (allowConstant || !iv->isUsableInConstantExpressions(ctx));
    });
  }

  // A region's host loop (line) calls the team function (and what it calls).
  void calledFrom(const FunctionDecl *fd, unsigned loopLine) {
    TeamFunction &t = *fns.at(fd);
    if (!t.calledFrom.insert(loopLine).second)
      return;
    for (const HostRegion::Item &i : t.items)
      for (const FunctionDecl *c : i.callees)
        calledFrom(c, loopLine);
  }

  static void refs(const Stmt *s, std::map<const ValueDecl *, const Stmt *> &out) {
    forEach(s, [&](const Stmt *x) {
      if (const auto *r = dyn_cast<DeclRefExpr>(x))
        out.emplace(r->getDecl(), x);
    });
  }

  // Fills h's plan, or h.why.
  void plan(HostRegion &h) {
    h.why = whyNot(h);
    if (!h.why.empty()) {
      h.items.clear();
      h.hoisted.clear();
      h.declOf.clear();
    }
  }

  // The header of a host loop that can be a region, or an inner loop of
  // one: its body and the parts of its header, or why not.
  std::string header(const HostRegion &h, const CompoundStmt *&cs,
                     std::vector<const Stmt *> &head) {
    const Stmt *L = h.loop;
    const Stmt *body = nullptr;
    SourceLocation rparen;
    if (const auto *w = dyn_cast<WhileStmt>(L)) {
      if (w->getConditionVariable())
        return "its condition declares a variable";
      body = w->getBody();
      rparen = w->getRParenLoc();
      head = {w->getCond()};
    } else if (const auto *f = dyn_cast<ForStmt>(L)) {
      if (f->getConditionVariable())
        return "its condition declares a variable";
      if (!f->getCond())
        return "it has no condition (only a jump, which would leave the region, ends it)";
      body = f->getBody();
      rparen = f->getRParenLoc();
      head = {f->getCond(), f->getInc(), f->getInit()};
    } else if (isa<DoStmt>(L)) {
      return "it is a do-while loop (only while and for loops are done)";
    } else {
      return "it is a range-based for loop (only while and for loops are done)";
    }
    for (const auto &z : in.model.zones) {
      const Stmt *zl = z->loop.loop;
      if (zl == L)
        return "it is a zone loop (into(devices))";
      SourceRange r = zl->getSourceRange();
      if (SM.isBeforeInTranslationUnit(r.getBegin(), L->getBeginLoc()) &&
          SM.isBeforeInTranslationUnit(L->getEndLoc(), r.getEnd()))
        return "it is inside the zone loop of line " + std::to_string(line(zl->getBeginLoc()));
    }
    if (L->getBeginLoc().isMacroID() || rparen.isMacroID() || body->getBeginLoc().isMacroID() ||
        body->getEndLoc().isMacroID())
      return "it is written in a macro";
    if (line(L->getBeginLoc()) != line(rparen))
      return "its header spans lines (the region's opening replaces it on its line)";
    cs = dyn_cast<CompoundStmt>(body);
    if (!cs)
      return "its body is not a { } block";
    return "";
  }

  std::string whyNot(HostRegion &h) {
    const CompoundStmt *cs = nullptr;
    std::vector<const Stmt *> head; // condition, increment, init
    if (std::string why = header(h, cs, head); !why.empty())
      return why;
    std::vector<const Stmt *> stmts(cs->body_begin(), cs->body_end());
    if (std::string why = body(h, stmts, functionOf(h.loop), h, h.items); !why.empty())
      return why;
    for (const Stmt *s : head)
      if (s)
        if (const FunctionDecl *fd = launchingCall(s))
          return "its header calls '" + fd->getNameAsString() + "', which launches kernels";
    if (std::string why = locals(h.items, h); !why.empty())
      return why;
    // A function whose body hyc does not see (another file's) may launch
    // kernels: called by one thread inside the region, their OpenMP
    // regions would be nested ones, which run on that thread alone (BC's
    // pull step, when it was in bc_pull.cpp, lost its threads so). The
    // loop stays a region per kernel, whose host statements run outside
    // any region.
    {
      std::vector<const HostRegion::Item *> all = allItems(h.items);
      std::vector<const Stmt *> host(head.begin(), head.end());
      for (const HostRegion::Item *ip : all)
        if (!ip->team())
          host.insert(host.end(), ip->host.begin(), ip->host.end());
      for (const Stmt *s : host)
        if (s)
          if (std::vector<const FunctionDecl *> fds = unseenCalls(s); !fds.empty())
            return "it calls '" + fds.front()->getNameAsString() + "'" + at(s) +
                   ", defined in another file: hyc sees one file, and if it launches kernels "
                   "their regions would run on one thread inside this region (define it in "
                   "this file to let the team call it)";
    }
    // A local moved out must not hide another variable of its name that
    // the loop uses.
    std::map<const ValueDecl *, const Stmt *> all;
    refs(h.loop, all);
    for (const VarDecl *v : h.hoisted)
      for (auto &[d, s] : all)
        if (d != v && d->getDeclName() == v->getDeclName())
          return "moving '" + v->getNameAsString() + "' out of the region would hide another '" +
                 v->getNameAsString() + "'" + at(s);
    for (const Stmt *s : head)
      h.headThrows |= mayThrow(ctx, s);
    // The first kernel's small-loop test decides the team's size for an
    // iteration (either size computes the same), evaluated before the
    // iteration: not when its bounds read a local moved out of the region,
    // which has no value before the first iteration, nor when the body
    // calls team functions, or holds inner loops or the team's ifs, whose
    // kernels' sizes it cannot see (they had tests of their own:
    // Δ-stepping's relax_items is large where the kernel before it is small).
    bool calls = std::any_of(h.items.begin(), h.items.end(), [](const HostRegion::Item &i) {
      return !i.callees.empty() || i.nested();
    });
    for (const HostRegion::Item &i : calls ? std::vector<HostRegion::Item>() : h.items)
      if (i.kernel) {
        std::map<const ValueDecl *, const Stmt *> bounds;
        for (const LoopInfo &li : i.kernel->blockLoops)
          for (const Stmt *e :
               {(const Stmt *)li.lower, (const Stmt *)li.bound, (const Stmt *)li.step})
            refs(e, bounds);
        if (std::none_of(h.hoisted.begin(), h.hoisted.end(),
                         [&](const VarDecl *v) { return bounds.count(v); })) {
          h.worth = cpuWorthTest(in, *i.kernel);
          h.worthLine = line(i.kernel->blockLoops.front().pragma->loc);
        }
        break;
      }
    return "";
  }

  // Whether a statement of a region's body holds the team's work: a kernel
  // or a call of a function that launches kernels.
  bool holdsWork(const Stmt *s) { return kernelIn(s) || launchingCall(s); }

  // A list of statements of a region (its loop's body, an inner loop's
  // body, an if's branch; `loop`: the loop a break in them leaves, `top`:
  // the region's loop) as items: kernels, runs of host statements, the
  // team's calls, inner loops and ifs (planned here), or why not.
  std::string body(HostRegion &loop, const std::vector<const Stmt *> &stmts,
                   const FunctionDecl *fn, HostRegion &top, std::vector<HostRegion::Item> &items) {
    auto nest = [&](const Stmt *s, std::string &why) {
      if ((isa<WhileStmt>(s) || isa<ForStmt>(s)) && holdsWork(s)) {
        HostRegion::Item loopItem;
        loopItem.inner = std::make_shared<HostRegion>();
        loopItem.inner->loop = s;
        loopItem.inner->line = line(s->getBeginLoc());
        why = innerWhyNot(*loopItem.inner, fn, top);
        if (!why.empty())
          why = "its inner loop" + at(s) + " cannot run inside the region: " + why;
        items.push_back(loopItem);
        return true;
      }
      if (const auto *is = dyn_cast<IfStmt>(s); is && holdsWork(s)) {
        HostRegion::Item branch;
        why = teamIf(is, branch, fn, loop, top);
        if (!why.empty())
          why = "the 'if'" + at(s) + " cannot be the team's: " + why;
        items.push_back(branch);
        return true;
      }
      return false;
    };
    if (std::string why = split(stmts, fn, items, "the region's team", true, nest); !why.empty())
      return why;
    for (const HostRegion::Item &i : items) {
      if (!i.kernel)
        continue;
      if (i.kernel->scan && i.kernel->scan->reduction)
        return "the kernel of line " +
               std::to_string(line(i.kernel->blockLoops.front().pragma->loc)) +
               " is a scan, whose two passes need a parallel region of their own";
    }
    // A break of the loop in its host statements is the masked thread's:
    // it ends the loop for the team (its flag), which every thread reads
    // after the next barrier.
    for (HostRegion::Item &i : items)
      for (const Stmt *s : i.team() ? std::vector<const Stmt *>() : i.host) {
        if (const Kernel *k = kernelIn(s))
          return "the kernel of line " + std::to_string(line(k->blockLoops.front().pragma->loc)) +
                 " is inside a statement of the loop's body, not a statement of its own";
        int breaks = 0;
        if (const Stmt *j = leaves(s, false, false, &breaks))
          return std::string("a ") + jumpName(j) + at(j) + " would leave the region";
        i.breaks |= breaks > 0;
        loop.breaks |= breaks > 0;
      }
    for (const HostRegion::Item &i : items)
      for (const Stmt *s : i.team() ? std::vector<const Stmt *>() : i.host)
        if (const FunctionDecl *fd = valueStmts.count(s) ? nullptr : launchingCall(s))
          return "it calls '" + fd->getNameAsString() + "'" + at(s) +
                 ", which launches kernels, inside a statement: there its own regions would "
                 "run on one thread (only a call that is a statement of the loop's body is "
                 "made by the region's team)";
    for (HostRegion::Item &i : items)
      for (const Stmt *s : i.team() ? std::vector<const Stmt *>() : i.host)
        i.mayThrow |= !valueStmts.count(s) && mayThrow(ctx, s);
    return "";
  }

  // A host loop inside a region's loop (Δ-stepping's phase loop in its
  // bucket loop): every thread of the team runs it, one thread evaluates
  // its init-statement, condition and increment into a shared flag.
  std::string innerWhyNot(HostRegion &sub, const FunctionDecl *fn, HostRegion &top) {
    sub.nested = true;
    const CompoundStmt *cs = nullptr;
    std::vector<const Stmt *> head;
    if (std::string why = header(sub, cs, head); !why.empty())
      return why;
    if (const auto *f = dyn_cast<ForStmt>(sub.loop); f && f->getInit()) {
      const auto *ds = dyn_cast<DeclStmt>(f->getInit());
      const auto *v = ds && ds->isSingleDecl() ? dyn_cast<VarDecl>(ds->getSingleDecl()) : nullptr;
      if (ds) {
        // Its variable moves out of the region (shared), assigned at the
        // loop's top by the thread that runs its condition.
        QualType t = v ? v->getType() : QualType();
        bool scalar = v && !t->isReferenceType() && !t.isVolatileQualified() &&
                      (t->isDependentType() ? scalarInEvery(v, false) : t->isScalarType());
        if (!scalar || !v->getInit() || v->getInitStyle() != VarDecl::CInit ||
            v->isConstexpr() || isa<DecompositionDecl>(v) ||
            (!t->isDependentType() && v->isUsableInConstantExpressions(ctx)))
          return "its init-statement declares something other than one scalar variable "
                 "initialised with '=' (which would move out of the region)";
        top.hoisted.push_back(v);
        top.declOf[v] = nullptr;
      }
    }
    std::vector<const Stmt *> stmts(cs->body_begin(), cs->body_end());
    if (std::string why = body(sub, stmts, fn, top, sub.items); !why.empty())
      return why;
    for (const Stmt *s : head)
      if (s)
        if (const FunctionDecl *fd = launchingCall(s))
          return "its header calls '" + fd->getNameAsString() + "', which launches kernels";
    if (std::string why = locals(sub.items, top); !why.empty())
      return why;
    for (const Stmt *s : head)
      sub.headThrows |= mayThrow(ctx, s);
    return "";
  }

  // An `if` of a region's body whose branches launch kernels (BC's level
  // loop): its condition evaluated once by one thread into a shared flag,
  // every thread takes the branch it names; the branches are lists of the
  // region's items.
  std::string teamIf(const IfStmt *is, HostRegion::Item &item, const FunctionDecl *fn,
                     HostRegion &loop, HostRegion &top) {
    item.branch = is;
    if (is->isConstexpr() || is->isConsteval())
      return "it is an 'if constexpr' or 'if consteval'";
    if (is->getInit())
      return "it has an init-statement";
    if (is->getConditionVariable())
      return "its condition declares a variable";
    const Expr *cond = is->getCond();
    if (is->getBeginLoc().isMacroID() || cond->getBeginLoc().isMacroID() ||
        cond->getEndLoc().isMacroID() || is->getEndLoc().isMacroID())
      return "it is written in a macro";
    if (const FunctionDecl *fd = launchingCall(cond))
      return "its condition calls '" + fd->getNameAsString() + "', which launches kernels";
    for (const Stmt *b : {is->getThen(), is->getElse()}) {
      if (!b)
        continue;
      std::vector<const Stmt *> stmts;
      if (const auto *cs = dyn_cast<CompoundStmt>(b)) {
        stmts.assign(cs->body_begin(), cs->body_end());
      } else {
        if (kernelOf.count(b))
          return "the kernel of line " +
                 std::to_string(line(kernelOf.at(b)->blockLoops.front().pragma->loc)) +
                 " is a branch of its own, not in a { } block";
        if (b->getBeginLoc().isMacroID() || b->getEndLoc().isMacroID())
          return "a branch is written in a macro";
        stmts = {b};
      }
      auto &part = b == is->getThen() ? item.then : item.otherwise;
      part = std::make_shared<HostRegion>();
      if (std::string why = body(loop, stmts, fn, top, part->items); !why.empty())
        return why;
      if (std::string why = locals(part->items, top); !why.empty())
        return why;
    }
    item.condThrows = mayThrow(ctx, cond);
    return "";
  }

  // The locals of a list of a region's items that another item reads move
  // out of the region (they would be each thread's own, and end with the
  // statements' `omp masked` block): scalars declared one to a statement,
  // on one line, initialised with `=` or not at all (into top.hoisted).
  std::string locals(std::vector<HostRegion::Item> &items, HostRegion &top) {
    std::vector<std::map<const ValueDecl *, const Stmt *>> used(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].kernel)
        refs(items[i].kernel->blockLoops.front().loop, used[i]);
      if (items[i].inner)
        refs(items[i].inner->loop, used[i]);
      if (items[i].branch)
        refs(items[i].branch, used[i]);
      for (const Stmt *s : items[i].host)
        refs(s, used[i]);
    }
    auto first = [&](size_t j) -> const Stmt * {
      if (items[j].kernel)
        return items[j].kernel->blockLoops.front().loop;
      if (items[j].inner)
        return items[j].inner->loop;
      if (items[j].branch)
        return items[j].branch;
      return items[j].host.front();
    };
    for (size_t i = 0; i < items.size(); ++i)
      for (const Stmt *s : items[i].host) {
        const auto *ds = dyn_cast<DeclStmt>(s);
        if (!ds || items[i].team() || items[i].replicated)
          continue;
        // The statement's declarations, one of which another item uses.
        const Decl *usedDecl = nullptr;
        const Stmt *use = nullptr;
        const Kernel *byKernel = nullptr; // the kernel that uses it
        for (const Decl *d : ds->decls())
          for (size_t j = 0; j < items.size() && !use; ++j)
            if (j != i) {
              byKernel = items[j].kernel;
              if (const auto *vd = dyn_cast<ValueDecl>(d))
                if (auto it = used[j].find(vd); it != used[j].end())
                  use = it->second;
              // A type, alias or function declared in the body: its uses
              // are not DeclRefExprs; assume the later statements use it.
              if (!isa<ValueDecl>(d) && j > i)
                use = first(j);
              if (use)
                usedDecl = d;
            }
        if (!use)
          continue;
        const auto *nd = dyn_cast<NamedDecl>(usedDecl);
        std::string name = nd ? "'" + nd->getNameAsString() + "'" : "a declaration";
        std::string pre =
            "it declares " + name + at(s) + ", which " +
            (byKernel ? "the kernel of line " +
                            std::to_string(line(byKernel->blockLoops.front().pragma->loc))
                      : "a later statement" + at(use)) +
            " uses, and ";
        // Several declarators (`const W lo = a, hi = b;`) move out together,
        // the statement becoming `lo = a, hi = b;`: all of one type, each
        // initialised with '='.
        const bool several = std::distance(ds->decl_begin(), ds->decl_end()) != 1;
        const auto *firstVar = dyn_cast<VarDecl>(*ds->decl_begin());
        for (const Decl *d : ds->decls()) {
          const auto *vd = dyn_cast<VarDecl>(d);
          if (!vd || isa<DecompositionDecl>(vd))
            return pre + "only variables move out of the region";
          QualType t = vd->getType();
          // A type of the template's parameters (`const W limit = ...;`):
          // declared before the region as written (`W limit;`), when it is
          // a scalar, and no constant, in every instantiation.
          if (t->isDependentType() && (t->isReferenceType() || !scalarInEvery(vd, false)))
            return pre + "only scalar variables move out of the region, and the template's '" +
                   t.getAsString() + "' is not one in every instantiation (or is never "
                   "instantiated, or is a constant in one)";
          // A value of a plain class (`const auto start = clock::now();`):
          // declared before the region, assigned where it was declared,
          // which for a trivially copyable class copies what the
          // initialization would have.
          const bool object = !t->isDependentType() && t->isRecordType();
          const bool assigned = vd->getInit() && vd->getInitStyle() == VarDecl::CInit;
          if (object && (several || !assigned || !plainClass(t)))
            return pre + "only scalar variables, and single variables of a trivially copyable "
                         "class with a default constructor (trivial, constexpr or noexcept) "
                         "and assignment, initialised with '=', move out of the region ('" +
                   t.getUnqualifiedType().getAsString() + "' " +
                   (several     ? "is declared with others"
                    : !assigned ? "is not initialised with '='"
                                : "is not such a class") +
                   ")";
          if (!t->isDependentType() && !object &&
              (!t->isScalarType() || t->isReferenceType() || t.isVolatileQualified()))
            return pre + "only scalar variables (not '" + t.getAsString() +
                   "') move out of the region";
          if (!vd->hasLocalStorage()) {
            if (several)
              return pre + "only local variables declared together move out of the region";
            continue; // static: one variable already
          }
          if (vd->isConstexpr() || vd->isUsableInConstantExpressions(ctx))
            return pre + "a constant cannot move out of the region";
          if (several && (!firstVar || t != firstVar->getType() || !vd->getInit() ||
                          t->isPointerType() || t->isMemberPointerType()))
            return pre + "only variables declared one to a statement, or several of one "
                         "non-pointer type each initialised with '=', move out of the region";
          if (vd->getInit() && vd->getInitStyle() != VarDecl::CInit)
            return pre + "only variables initialised with '=' move out of the region";
          if (line(ds->getBeginLoc()) != line(ds->getEndLoc()) || ds->getBeginLoc().isMacroID() ||
              vd->getLocation().isMacroID())
            return pre + "its declaration spans lines or is a macro's";
          top.hoisted.push_back(vd);
          top.declOf[vd] = ds;
        }
      }
    return "";
  }

  // A class whose value can be declared before a region and assigned in
  // it with the meaning of its initialization: trivially copyable, a
  // trivial (non-deleted) assignment, no const or reference member, and a
  // public default constructor that is trivial, constexpr or noexcept.
  bool plainClass(QualType t) const {
    const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
    if (!rd || !rd->hasDefinition() || t.isVolatileQualified() ||
        !t.isTriviallyCopyableType(ctx) ||
        !(rd->hasTrivialCopyAssignment() || rd->hasTrivialMoveAssignment()))
      return false;
    for (const FieldDecl *f : rd->fields())
      if (f->getType().isConstQualified() || f->getType()->isReferenceType())
        return false;
    if (rd->hasTrivialDefaultConstructor())
      return true;
    for (const CXXConstructorDecl *c : rd->ctors()) {
      const auto *p = c->getType()->getAs<FunctionProtoType>();
      if (c->isDefaultConstructor() && !c->isDeleted() && c->getAccess() == AS_public &&
          (c->isConstexpr() || (p && p->isNothrow())))
        return true;
    }
    return false;
  }

  // The inner loops and ifs of a region's items, outermost first.
  // Every item of a loop's body, those of its inner loops and ifs too.
  static std::vector<const HostRegion::Item *>
  allItems(const std::vector<HostRegion::Item> &items) {
    std::vector<const HostRegion::Item *> nested, all;
    nestedOf(items, nested);
    for (const HostRegion::Item &i : items)
      all.push_back(&i);
    for (const HostRegion::Item *n : nested)
      for (const auto *list : {n->inner.get(), n->then.get(), n->otherwise.get()})
        if (list)
          for (const HostRegion::Item &i : list->items)
            all.push_back(&i);
    return all;
  }

  static void nestedOf(const std::vector<HostRegion::Item> &items,
                       std::vector<const HostRegion::Item *> &out) {
    for (const HostRegion::Item &i : items) {
      if (i.inner) {
        out.push_back(&i);
        nestedOf(i.inner->items, out);
      }
      if (i.branch) {
        out.push_back(&i);
        if (i.then)
          nestedOf(i.then->items, out);
        if (i.otherwise)
          nestedOf(i.otherwise->items, out);
      }
    }
  }

  const PrintInput &in;
  ASTContext &ctx;
  const SourceManager &SM;
  std::map<const FunctionDecl *, std::unique_ptr<TeamFunction>> &fns;
  std::map<const Stmt *, const Kernel *> kernelOf;
  std::map<const FunctionDecl *, bool> memo;
  // Statements whose call the team makes before them (valueCall).
  std::set<const Stmt *> valueStmts;
};

} // namespace

CpuRegions::CpuRegions(const PrintInput &in) : in(in) {
  if (in.opts.target != Target::OpenMP)
    return;
  Planner p(in, functions);
  const SourceManager &SM = in.ctx.getSourceManager();
  // The host loops around kernels, and those whose body has a call
  // statement of a function that launches kernels, in the file's order.
  std::vector<std::pair<const Stmt *, const Kernel *>> around;
  for (auto &k : in.model.kernels)
    if (const Stmt *L = enclosingHostLoop(in.ctx, k->blockLoops.front().loop))
      around.push_back({L, k.get()});
  // (A call inside a statement other than an inner loop, BC's level loop's
  // `if (pulling) pullStep(...); else pushStep(...);`, makes the loop a
  // candidate too, so that the report says why it is not one region.)
  // A loop whose body has an inner loop or an `if` around kernels or such
  // calls is a candidate too (the inner loop runs inside its region).
  for (const Stmt *L : loopsCalling(in.ctx, [&](const Stmt *s) {
         return p.callStatement(s) != nullptr || (!isLoop(s) && p.launchingCall(s) != nullptr) ||
                ((isa<WhileStmt>(s) || isa<ForStmt>(s) || isa<IfStmt>(s)) && p.holdsWork(s));
       }))
    around.push_back({L, nullptr});
  std::stable_sort(around.begin(), around.end(), [&](const auto &a, const auto &b) {
    return SM.isBeforeInTranslationUnit(a.first->getBeginLoc(), b.first->getBeginLoc());
  });
  std::map<const Stmt *, HostRegion *> byLoop;
  for (auto &[L, k] : around) {
    HostRegion *&h = byLoop[L];
    if (!h) {
      loops.push_back(std::make_unique<HostRegion>());
      h = loops.back().get();
      h->loop = L;
      h->line = p.line(L->getBeginLoc());
      p.plan(*h);
      std::string what;
      if (h->why.empty()) {
        what = "host loop: one OpenMP parallel region around it; its kernels run as "
               "work-sharing loops ('omp for'), its condition and host statements on one "
               "thread ('omp masked'), a barrier before each kernel and one after it";
        if (!h->hoisted.empty()) {
          what += "; locals moved out of the region (shared): ";
          for (size_t i = 0; i < h->hoisted.size(); ++i)
            what += (i ? ", " : "") + h->hoisted[i]->getNameAsString();
        }
        std::vector<const HostRegion::Item *> nested, all = Planner::allItems(h->items);
        Planner::nestedOf(h->items, nested);
        auto where = [](const HostRegion::Item *i) -> const Stmt * {
          if (i->kernel)
            return i->kernel->blockLoops.front().loop;
          if (i->inner)
            return i->inner->loop;
          if (i->branch)
            return i->branch;
          return i->host.front();
        };
        std::stable_sort(all.begin(), all.end(), [&](const auto *a, const auto *b) {
          return SM.isBeforeInTranslationUnit(where(a)->getBeginLoc(), where(b)->getBeginLoc());
        });
        bool calls = false;
        for (const HostRegion::Item *ip : all)
          for (const FunctionDecl *fd : ip->callees) {
            const HostRegion::Item &i = *ip;
            p.calledFrom(fd, h->line);
            calls = true;
            what += "; every thread of the team calls '" + fd->getNameAsString() + "'" +
                    p.at(i.host.front()) + ", whose kernels run as the team's work-sharing loops";
            if (!i.once.empty() && fd == i.callees.front())
              what += std::string(" (") + (i.once.size() == 1 ? "an argument" : "arguments") +
                      " with side effects evaluated once, by one thread, before the call)";
          }
        if (h->breaks)
          what += "; a 'break' in its host statements ends the loop for the whole team (the "
                  "thread that runs them tells the others at the next barrier)";
        std::string inner, ifs;
        for (const HostRegion::Item *n : nested) {
          std::string &to = n->inner ? inner : ifs;
          to += (to.empty() ? "" : ", ") +
                std::to_string(n->inner ? n->inner->line : p.line(n->branch->getBeginLoc()));
          const Stmt *at = n->inner ? n->inner->loop : n->branch;
          std::string note =
              n->inner ? "host loop: inside the parallel region of the host loop of line " +
                             std::to_string(h->line) +
                             ": every thread of the team runs it, one thread evaluates its "
                             "header into a shared flag that all read after a barrier"
                       : "'if' inside the parallel region of the host loop of line " +
                             std::to_string(h->line) +
                             ": one thread evaluates its condition once into a shared flag "
                             "that all read after a barrier, and every thread takes that "
                             "branch (its kernels run as the team's work-sharing loops)";
          if (n->inner && n->inner->breaks)
            note += "; a 'break' in its host statements ends it for the whole team";
          remark(in, SM.getExpansionLoc(at->getBeginLoc()), note);
          if (n->inner)
            byLoop[n->inner->loop] = h;
        }
        if (!inner.empty())
          what += "; its inner host loops (line " + inner +
                  ") run inside the region, their conditions on one thread, shared after a "
                  "barrier";
        if (!ifs.empty())
          what += "; the team takes the branches of its 'if' (line " + ifs +
                  ") together, the condition evaluated once on one thread, shared after a "
                  "barrier";
        if (!nested.empty())
          what += "; every iteration runs on the whole team";
        if (calls && nested.empty())
          what += "; every iteration runs on the whole team (the sizes of the called "
                  "functions' kernels are not known before it)";
        if (!h->worth.empty())
          what += "; a run of iterations in which the kernel of line " +
                  std::to_string(h->worthLine) +
                  " is small (its small-loop test) runs on one thread";
        if (h->guarded())
          what += "; an exception from its host code ends the loop and is thrown again after "
                  "the region";
      } else {
        what = "host loop: not one parallel region (a region per kernel per iteration): " + h->why;
      }
      remark(in, in.ctx.getSourceManager().getExpansionLoc(L->getBeginLoc()), what);
    }
    if (k)
      of[k] = h;
  }
  // The team functions the regions call, each once, in the order of the file.
  std::vector<const TeamFunction *> called;
  for (auto &[fd, t] : functions)
    if (t->why.empty() && !t->calledFrom.empty())
      called.push_back(t.get());
  std::sort(called.begin(), called.end(), [&](const TeamFunction *a, const TeamFunction *b) {
    return SM.isBeforeInTranslationUnit(a->fd->getLocation(), b->fd->getLocation());
  });
  for (const TeamFunction *t : called) {
    std::string lines;
    for (unsigned l : t->calledFrom)
      lines += (lines.empty() ? "" : ", ") + std::to_string(l);
    std::string what =
        "function called by the team of the host loop's region of line " + lines +
        ": there its kernels run as the team's work-sharing loops ('omp for'), its host "
        "statements on one thread ('omp masked') with a barrier after them; called anywhere "
        "else, it is one parallel region of its own";
    if (!t->worth.empty())
      what += " (on one thread when the kernel of line " + std::to_string(t->worthLine) +
              " is small: its small-loop test)";
    if (t->ret)
      what += "; its value ('return' of line " + std::to_string(p.line(t->ret->getBeginLoc())) +
              ") is stored by one thread in the team's frame and returned by every thread";
    if (!t->shared.empty()) {
      what += "; locals the team shares (the frame's, assigned on one thread): ";
      for (size_t i = 0; i < t->shared.size(); ++i)
        what += (i ? ", " : "") + t->shared[i]->getNameAsString();
    }
    if (t->throws)
      what += "; an exception from its host statements is kept, the team leaves the function "
              "after the next barrier, and it is thrown again after the caller's region";
    remark(in, SM.getExpansionLoc(t->fd->getLocation()), what);
    for (const HostRegion::Item &i : t->items)
      if (i.kernel)
        fnOf[i.kernel] = t;
  }
}

CpuRegions::~CpuRegions() = default;

unsigned CpuRegions::regionLine(const Kernel &k) const {
  if (auto f = fnOf.find(&k); f != fnOf.end())
    return f->second->line;
  auto it = of.find(&k);
  return it != of.end() && it->second->why.empty() ? it->second->line : 0;
}

std::string CpuRegions::teamFunction(const Kernel &k) const {
  auto f = fnOf.find(&k);
  return f != fnOf.end() ? f->second->fd->getNameAsString() : "";
}

unsigned CpuRegions::hostLoopLine(const Kernel &k, std::string &why) const {
  auto it = of.find(&k);
  if (it == of.end())
    return 0;
  why = it->second->why;
  return it->second->line;
}

} // namespace hy

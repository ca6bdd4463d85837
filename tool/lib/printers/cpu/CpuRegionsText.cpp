// The text of the host loops' parallel regions and of team functions
// (CpuRegions.h; the plan: CpuRegionPlan.h, made by CpuRegions.cpp). A
// region's loop becomes
//   { init; <locals moved out> bool hy_go = cond, hy_stay, hy_team;
//     while (hy_go) { hy_team = <first kernel's small-loop test>; hy_stay = true;
//       _Pragma("omp parallel if(hy_team)") for (bool hy_again = false;; hy_again = true) {
//         _Pragma("omp masked") { if (hy_again) { inc; hy_go = cond; hy_stay = ...; }
//           if (hy_stay) { <host statements before the first kernel> } }
//         _Pragma("omp barrier") if (!hy_stay) break;
//         <kernel: '#pragma omp for ...', its barrier at the end>
//         _Pragma("omp masked") { <host statements> } _Pragma("omp barrier")
//         ...
//         _Pragma("omp masked") { <the last host statements> } } } }
// Every thread of the team takes the same branches: the condition is
// evaluated by one thread into a shared flag, which all threads read after
// a barrier and which is written again only after the next barrier.
//
// Inside it, an inner host loop is run by every thread, its header on one
// thread into a flag of its own:
//   for (bool hy_again1 = false;; hy_again1 = true) {
//     _Pragma("omp masked") { if (!hy_again1) { init; hy_go1 = cond; }
//       else if (hy_go1) { inc; hy_go1 = cond; } if (hy_go1) { <first host statements> } }
//     _Pragma("omp barrier") if (!hy_go1) break; <its items> }
// and an `if` around the team's work has its condition evaluated once:
//   _Pragma("omp masked") { hy_if2 = static_cast<bool>(cond); } _Pragma("omp barrier")
//   if (hy_if2) { <items> } else { <items> }
// A flag is written by one thread only after a barrier that follows every
// other thread's last read of it: where a write would come before such a
// barrier (a break just after an `if`'s branch that tested the flag), an
// extra barrier goes first.
#include "cpu/CpuRegionPlan.h"
#include "cpu/CpuRegions.h"
#include "PrintUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/StmtCXX.h"
#include <functional>

using namespace clang;

namespace hy {

namespace {

std::string text(const Rewriter &R, ASTContext &ctx, const Stmt *s) {
  return s ? rewrittenText(R, ctx, s->getSourceRange()) : "";
}

// A team function's call statement, made by every thread of the team: the
// function then runs its kernels as the team's work-sharing loops. With a
// frame (the callee's value, shared locals, exception: hy::team_frame) the
// call is `{ hy::team_call hy_call(frame); f(...); }`; a statement that uses
// the call's value (`x = f(...);`) gets the call before it and reads the
// value from the frame (`x = frame.value<T>();`, run on one thread). `after`
// follows the call (a test of the kept exception).
void teamCall(Rewriter &R, ASTContext &ctx, const HostRegion::Item &i, const std::string &frame,
              const std::string &after = "") {
  const Stmt *s = i.host.front();
  const std::string open = i.framed ? "{ hy::team_call hy_call(" + frame + "); "
                                    : std::string("{ hy::team_call hy_call; ");
  SourceLocation begin = ctx.getSourceManager().getExpansionLoc(s->getBeginLoc());
  if (!i.valueCall) {
    R.InsertTextAfter(begin, open);
    R.InsertTextAfter(stmtEnd(ctx, s), " }" + after);
    return;
  }
  const std::string call = rewrittenText(R, ctx, i.valueCall->getSourceRange());
  R.InsertTextAfter(begin, open + call + "; }" + after + " ");
  replaceRewritten(R, ctx, i.valueCall->getSourceRange(),
                   frame + ".value<" + typeText(ctx, i.valueType) + ">()");
}

// Every item of a list, those of its inner loops and ifs after each.
void forEachItem(const std::vector<HostRegion::Item> &items,
                 const std::function<void(const HostRegion::Item &)> &f) {
  for (const HostRegion::Item &i : items) {
    f(i);
    for (const auto *list : {i.inner.get(), i.then.get(), i.otherwise.get()})
      if (list)
        forEachItem(list->items, f);
  }
}

// The type of a local moved out of a region, as a declaration before it
// spells it: a scalar's as typeText; a class's fully qualified, its
// typedefs too (`const auto start = steady_clock::now();` is a
// `std::chrono::steady_clock::time_point`), since the region may be in
// another scope than the typedef's.
std::string localType(ASTContext &ctx, QualType t) {
  if (!t->isRecordType() || t->isDependentType())
    return typeText(ctx, t);
  PrintingPolicy pp(ctx.getLangOpts());
  pp.SuppressTagKeyword = true;
  pp.FullyQualifiedName = true;
  QualType plain = t.getNonReferenceType().getUnqualifiedType();
  if (const auto *a = plain->getAs<AutoType>()) // `auto`: the type it stands for
    plain = a->getDeducedType();
  return TypeName::getFullyQualifiedName(plain.getUnqualifiedType(), ctx, pp);
}

// The parts of a while or for loop's header, and its body.
struct LoopParts {
  const Stmt *init = nullptr, *cond = nullptr, *inc = nullptr;
  SourceLocation rparen;
  const CompoundStmt *body = nullptr;
};
LoopParts partsOf(const Stmt *loop) {
  LoopParts p;
  if (const auto *w = dyn_cast<WhileStmt>(loop)) {
    p.cond = w->getCond();
    p.rparen = w->getRParenLoc();
    p.body = cast<CompoundStmt>(w->getBody());
  } else {
    const auto *f = cast<ForStmt>(loop);
    p.init = f->getInit();
    p.cond = f->getCond();
    p.inc = f->getInc();
    p.rparen = f->getRParenLoc();
    p.body = cast<CompoundStmt>(f->getBody());
  }
  return p;
}

// The shared flags that other threads may still read since the last
// barrier (hy_go stands for hy_go and hy_stay).
using Reads = std::set<std::string>;

bool meets(const Reads &a, const Reads &b) {
  return std::any_of(a.begin(), a.end(), [&](const std::string &x) { return b.count(x); });
}

const char *const kBarrier = "_Pragma(\"omp barrier\") ";

// The declarations of locals that moved out of a region (or into a team's
// frame) become assignments: the text before the first name goes (`lo = a,
// hi = b;`), or the whole statement when nothing is assigned.
static void undeclare(Rewriter &R, ASTContext &ctx, const std::vector<const VarDecl *> &vars,
                      const std::map<const VarDecl *, const DeclStmt *> &declOf) {
  const SourceManager &SM = ctx.getSourceManager();
  for (const VarDecl *v : vars) {
    const DeclStmt *ds = declOf.at(v);
    if (!ds || *ds->decl_begin() != v)
      continue;
    if (v->getInit())
      R.RemoveText(CharSourceRange::getCharRange(SM.getExpansionLoc(ds->getBeginLoc()),
                                                 SM.getExpansionLoc(v->getLocation())));
    else
      R.RemoveText(stmtRange(ctx, ds));
  }
}

class RegionText {
public:
  RegionText(Rewriter &R, ASTContext &ctx, const HostRegion &h)
      : R(R), ctx(ctx), SM(ctx.getSourceManager()), h(h), guarded(h.guarded()) {}

  void emit();

private:
  // The flag that keeps a loop going, and what ends it (a break, an
  // exception) for the team.
  std::string go(const HostRegion &loop) const { return &loop == &h ? "hy_go" : flag.at(&loop); }
  std::string stop(const HostRegion &loop) const {
    return &loop == &h ? "hy_go = hy_stay = false;" : go(loop) + " = false;";
  }
  std::string cond(const Stmt *c) const {
    return "static_cast<bool>(" + text(R, ctx, c) + ")";
  }

  // A run of host statements on the masked thread. first: the first run of
  // a loop's body (inside the loop's top block); last: the last of a
  // loop's body (no barrier after it: the same thread goes on to the top).
  void hostRun(const HostRegion::Item &i, const HostRegion &loop, bool first, bool last,
               Reads &reads);
  void items(const std::vector<HostRegion::Item> &list, const HostRegion &loop, bool branch,
             Reads &reads);
  void innerLoop(const HostRegion &L, Reads &reads);
  void teamIf(const HostRegion::Item &i, const HostRegion &loop, Reads &reads);
  // The flags a run's statements may write (break: the loop's; exception:
  // hy_err and the loop's).
  Reads writes(const HostRegion::Item &i, const HostRegion &loop) const {
    Reads w;
    if (i.breaks || (guarded && i.mayThrow))
      w.insert(go(loop));
    if (guarded && i.mayThrow)
      w.insert("hy_err");
    return w;
  }

  Rewriter &R;
  ASTContext &ctx;
  const SourceManager &SM;
  const HostRegion &h;
  const bool guarded;
  std::map<const Expr *, std::string> argName; // team calls' arguments evaluated once
  std::map<const void *, std::string> flag;    // an inner loop's or an if's shared flag
};

void RegionText::hostRun(const HostRegion::Item &i, const HostRegion &loop, bool first, bool last,
                         Reads &reads) {
  const bool throws = guarded && i.mayThrow;
  SourceLocation begin = SM.getExpansionLoc(i.host.front()->getBeginLoc());
  SourceLocation end = stmtEnd(ctx, i.host.back());
  std::string caught = throws ? " } catch (...) { " + stop(loop) + " hy_err.keep(); }" : " }";
  // A break of the loop leaves the statements' do-while(0) before
  // hy_broke is cleared: the loop ends for the team (its flag), and the
  // increment and condition are not evaluated again.
  // (The statements get a block of their own: the text after them
  // starts with '}', not a statement after an unbraced body on its
  // line, which clang's -Wmisleading-indentation reports.)
  std::string open = i.breaks ? "bool hy_broke = true; do { { " : "";
  if (i.breaks)
    caught = " } hy_broke = false; } while (0); if (hy_broke) " + stop(loop) + caught;
  if (first) { // inside the loop's top block, whose barrier follows
    R.InsertTextAfter(begin, std::string(&loop == &h ? "if (hy_stay) " : "if (" + go(loop) + ") ") +
                                 (throws ? "try { " : "{ ") + open);
    R.InsertTextAfter(end, caught + " } " + kBarrier + "if (!" +
                               (&loop == &h ? std::string("hy_stay") : go(loop)) + ") break;");
    return;
  }
  std::string pre;
  if (meets(reads, writes(i, loop))) { // another thread may still test a flag it writes
    pre = kBarrier;
    reads.clear();
  }
  R.InsertTextAfter(begin, pre + "_Pragma(\"omp masked\") " + (throws ? "try { " : "{ ") + open);
  if (last) {
    R.InsertTextAfter(end, caught);
    return;
  }
  R.InsertTextAfter(end, caught + " _Pragma(\"omp barrier\")" +
                             (throws ? " if (hy_err) break;" : "") +
                             (i.breaks ? " if (!" + go(loop) + ") break;" : ""));
  reads.clear();
  if (throws)
    reads.insert("hy_err");
  if (i.breaks)
    reads.insert(go(loop));
}

void RegionText::items(const std::vector<HostRegion::Item> &list, const HostRegion &loop,
                       bool branch, Reads &reads) {
  for (size_t n = 0; n < list.size(); ++n) {
    const HostRegion::Item &i = list[n];
    if (i.kernel) { // an 'omp for' (CpuKernel.cpp), its barrier at the end
      reads.clear();
      continue;
    }
    if (i.inner) {
      innerLoop(*i.inner, reads);
      continue;
    }
    if (i.branch) {
      teamIf(i, loop, reads);
      continue;
    }
    if (!i.callees.empty()) { // a team function's call, by every thread
      // An exception in the callee: kept in the region's hy_err by its
      // thread, after which every thread leaves the loop.
      const bool throws = guarded && i.callThrows;
      if (throws && meets(reads, {"hy_err"})) {
        R.InsertTextAfter(SM.getExpansionLoc(i.host.front()->getBeginLoc()), kBarrier);
        reads.clear();
      }
      if (!i.once.empty()) {
        std::string eval = "_Pragma(\"omp masked\") { ";
        for (const Expr *a : i.once) {
          eval += argName.at(a) + " = " + text(R, ctx, a) + "; ";
          replaceRewritten(R, ctx, a->getSourceRange(), argName.at(a));
        }
        R.InsertTextAfter(SM.getExpansionLoc(i.host.front()->getBeginLoc()),
                          eval + "} _Pragma(\"omp barrier\") ");
      }
      teamCall(R, ctx, i, "hy_tf", throws ? " if (hy_err) break;" : "");
      reads.clear(); // its kernels and host statements end with barriers
      if (throws)
        reads.insert("hy_err");
      continue;
    }
    if (!branch && n == 0)
      continue; // in the loop's top (emitted with it)
    hostRun(i, loop, false, !branch && n + 1 == list.size(), reads);
  }
}

void RegionText::innerLoop(const HostRegion &L, Reads &reads) {
  const std::string g = go(L);
  const std::string again = "hy_again" + g.substr(5); // hy_go<k> -> hy_again<k>
  const LoopParts parts = partsOf(L.loop);
  const Stmt *init = parts.init, *c = parts.cond, *inc = parts.inc;
  const SourceLocation rparen = parts.rparen;
  const CompoundStmt *body = parts.body;
  std::string initText;
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(init)) { // its variable moved out
    const auto *v = cast<VarDecl>(ds->getSingleDecl());
    initText = v->getNameAsString() + " = " + text(R, ctx, v->getInit()) + "; ";
  } else if (init) {
    initText = text(R, ctx, init) + "; ";
  }
  const bool headThrows = guarded && L.headThrows;
  const HostRegion::Item *first =
      !L.items.empty() && !L.items.front().team() ? &L.items.front() : nullptr;
  // The top: what it writes, and whether a thread may still test that.
  Reads top = {g};
  if (headThrows || (first && guarded && first->mayThrow))
    top.insert("hy_err");
  const bool entryBarrier = meets(reads, top);
  std::string head = "if (!" + again + ") { " + initText + g + " = " + cond(c) + "; } else if (" +
                     g + ") { " + (inc ? text(R, ctx, inc) + "; " : "") + g + " = " + cond(c) +
                     "; }";
  if (headThrows)
    head = "try { " + head + " } catch (...) { " + g + " = false; hy_err.keep(); }";
  replaceRewritten(R,
                   CharSourceRange::getCharRange(SM.getExpansionLoc(L.loop->getBeginLoc()),
                                                 rparen.getLocWithOffset(1)),
                   std::string(entryBarrier ? kBarrier : "") + "for (bool " + again + " = false;; " +
                       again + " = true)");
  R.InsertTextAfter(body->getLBracLoc().getLocWithOffset(1),
                    " _Pragma(\"omp masked\") { " + head +
                        (first ? " " : std::string(" } ") + kBarrier + "if (!" + g + ") break;"));
  Reads in = {g};
  if (first)
    hostRun(*first, L, true, false, in);
  items(L.items, L, false, in);
  if (meets(in, top)) // the body's end: another thread may test a flag the top writes
    R.InsertTextBefore(body->getRBracLoc(), kBarrier);
  if (L.guarded())
    R.InsertTextAfter(body->getRBracLoc().getLocWithOffset(1), " if (hy_err) break;");
  reads = {g};
  if (L.guarded())
    reads.insert("hy_err");
}

void RegionText::teamIf(const HostRegion::Item &i, const HostRegion &loop, Reads &reads) {
  const std::string f = flag.at(i.branch);
  const bool throws = guarded && i.condThrows;
  Reads w = {f};
  if (throws) {
    w.insert("hy_err");
    w.insert(go(loop));
  }
  std::string eval = meets(reads, w) ? kBarrier : "";
  eval += "_Pragma(\"omp masked\") { " + std::string(throws ? "try { " : "") + f + " = " +
          cond(i.branch->getCond()) + ";" +
          (throws ? " } catch (...) { " + f + " = false; " + stop(loop) + " hy_err.keep(); }" : "") +
          " } " + kBarrier + (throws ? "if (hy_err) break; " : "");
  R.InsertTextAfter(SM.getExpansionLoc(i.branch->getBeginLoc()), eval);
  replaceRewritten(R, ctx, i.branch->getCond()->getSourceRange(), f);
  Reads after = {f};
  if (throws)
    after.insert("hy_err");
  Reads out = after; // no else: the reads after the condition's barrier
  for (const Stmt *b : {i.branch->getThen(), i.branch->getElse()}) {
    if (!b)
      continue;
    const HostRegion &part = b == i.branch->getThen() ? *i.then : *i.otherwise;
    const bool wrap = !isa<CompoundStmt>(b); // a statement of its own: into a block
    if (wrap)
      R.InsertTextAfter(SM.getExpansionLoc(b->getBeginLoc()), "{ ");
    Reads r = after;
    items(part.items, loop, true, r);
    if (wrap)
      R.InsertTextAfter(stmtEnd(ctx, b), " }");
    out.insert(r.begin(), r.end());
  }
  reads = out;
}

void RegionText::emit() {
  const LoopParts parts = partsOf(h.loop);
  const Stmt *init = parts.init, *c = parts.cond, *inc = parts.inc;
  const SourceLocation rparen = parts.rparen;
  const CompoundStmt *body = parts.body;
  const std::string condText = cond(c);
  const std::string incText = inc ? text(R, ctx, inc) + "; " : "";
  const std::string stopAll = "hy_go = hy_stay = false; hy_err.keep();";
  std::string open = "{ ";
  if (init) // as written, its ';' included: text from after '(' to the condition
    open += rewrittenText(R, CharSourceRange::getCharRange(
                                 cast<ForStmt>(h.loop)->getLParenLoc().getLocWithOffset(1),
                                 SM.getExpansionLoc(c->getBeginLoc())));
  for (const VarDecl *v : h.hoisted)
    open += localType(ctx, v->getType()) + " " + v->getNameAsString() + "; ";
  // Team calls' arguments evaluated once (hy_arg<k>, shared): one thread
  // assigns them before the call, every thread passes them. The flags of
  // inner loops (hy_go<k>) and ifs (hy_if<k>).
  std::string flags;
  forEachItem(h.items, [&](const HostRegion::Item &i) {
    for (const Expr *a : i.once) {
      std::string name = "hy_arg" + std::to_string(argName.size());
      argName[a] = name;
      open += typeText(ctx, a->getType()) + " " + name + "; ";
    }
    if (i.inner || i.branch) {
      std::string name = (i.inner ? "hy_go" : "hy_if") + std::to_string(flag.size() + 1);
      flag[i.inner ? (const void *)i.inner.get() : (const void *)i.branch] = name;
      flags += "bool " + name + " = false; ";
    }
  });
  open += flags;
  if (guarded)
    open += "hy::region_error hy_err; ";
  // The frame of the team calls that share one (hy::team_frame).
  bool framed = false, callThrows = false;
  forEachItem(h.items, [&](const HostRegion::Item &i) {
    framed |= i.framed;
    callThrows |= i.callThrows;
  });
  if (framed)
    open += guarded ? "hy::team_frame hy_tf(hy_err); " : "hy::team_frame hy_tf; ";
  open += "bool hy_go = " + condText + ", hy_stay" + (h.worth.empty() ? "" : ", hy_team") +
          "; while (hy_go" + (guarded && (h.nests() || callThrows) ? " && !hy_err" : "") + ") { " +
          (h.worth.empty() ? "" : "hy_team = " + h.worth + "; ") +
          "hy_stay = true; _Pragma(\"omp parallel" + (h.worth.empty() ? "" : " if(hy_team)") +
          "\") for (bool hy_again = false;; hy_again = true)";
  replaceRewritten(R,
                   CharSourceRange::getCharRange(SM.getExpansionLoc(h.loop->getBeginLoc()),
                                                 rparen.getLocWithOffset(1)),
                   open);
  // Locals moved out: their declarations become assignments (an inner
  // loop's init-statement is rewritten with its header).
  undeclare(R, ctx, h.hoisted, h.declOf);
  // The top of an iteration, on the masked thread: after the first, the
  // increment, the condition and whether the next iteration stays in
  // this region (the team's size, from the first kernel's small-loop
  // test, is unchanged); then the host statements before the first
  // kernel; then a barrier, after which every thread reads the flag.
  const bool headThrows = guarded && h.headThrows;
  std::string top =
      "_Pragma(\"omp masked\") { if (hy_again" + std::string(guarded ? " && !hy_err" : "") +
      (h.breaks ? " && hy_go" : "") + ") " + (headThrows ? "try { " : "{ ") + incText +
      "hy_go = " + condText + "; hy_stay = hy_go" +
      (h.worth.empty() ? "" : " && " + h.worth + " == hy_team") + "; }" +
      (headThrows ? " catch (...) { " + stopAll + " }" : "");
  const std::string barrier = " } _Pragma(\"omp barrier\") if (!hy_stay) break;";
  // A body that starts with a kernel needs none of it in the region's
  // first iteration (every thread knows that, and skips the barrier).
  if (h.items.front().team())
    top = "if (hy_again) { " + top + barrier + " }";
  R.InsertTextAfter(body->getLBracLoc().getLocWithOffset(1), " " + top);
  // The items: host statements on the masked thread (no barrier of their
  // own after the last ones: the same thread goes on to the next
  // iteration's top).
  Reads reads = {"hy_go"};
  if (!h.items.front().team())
    hostRun(h.items.front(), h, true, false, reads);
  items(h.items, h, false, reads);
  Reads topWrites = {"hy_go"};
  if (headThrows || (!h.items.front().team() && guarded && h.items.front().mayThrow))
    topWrites.insert("hy_err");
  if (meets(reads, topWrites)) // the body's end: another thread may test a flag the top writes
    R.InsertTextBefore(body->getRBracLoc(), kBarrier);
  R.InsertTextAfter(body->getRBracLoc().getLocWithOffset(1),
                    std::string(" }") + (guarded ? " hy_err.rethrow();" : "") + " }");
}

// A team function: the body becomes a lambda that the calling team runs,
// or, called anywhere else, a region of its own:
//   { const bool hy_in_team = hy::team_call::take(); auto hy_body = [&] {
//       <kernel: 'omp for'> _Pragma("omp masked") { <host statements> }
//       _Pragma("omp barrier") { hy::team_call hy_call; <call>; } ... };
//     if (hy_in_team) hy_body(); else { _Pragma("omp parallel if(...)") hy_body(); } }
// With a frame (a value, shared locals, host statements that may throw):
//   { hy::team_frame *const hy_tf_in = hy::team_call::take_frame();
//     const bool hy_in_team = hy_tf_in != nullptr; hy::team_frame hy_own;
//     hy::team_frame &hy_t = hy_in_team ? *hy_tf_in : hy_own;
//     auto hy_body = [&](T &x) { ...
//       _Pragma("omp masked") { try { <host statements> } catch (...) { hy_t.err().keep(); } }
//       _Pragma("omp barrier") if (hy_t.err()) return; ...
//       _Pragma("omp masked") { hy_t.value<R>() = e; } _Pragma("omp barrier") };
//     if (hy_in_team) hy_body(hy_t.local<T>(0));
//     else { _Pragma("omp parallel") hy_body(hy_t.local<T>(0)); hy_own.err().rethrow(); }
//     return hy_t.value<R>(); }
// Its shared locals' declarations become assignments (`x = e;`). A kept
// exception is tested by every thread after the barrier that follows the
// statements that threw, and the team leaves the function (the caller
// tests it again); one thread may write it only after a barrier that every
// thread passed after its last test.
void teamFunctionText(Rewriter &R, ASTContext &ctx, const TeamFunction &t) {
  const SourceManager &SM = ctx.getSourceManager();
  // Shared locals are the lambda's reference parameters, bound to the
  // frame's slots: OpenMP takes a reference parameter's data-sharing from
  // its argument (shared), where a local reference would be private, which
  // a kernel's reduction into it may not be.
  std::string params, args;
  for (size_t k = 0; k < t.shared.size(); ++k) {
    const VarDecl *v = t.shared[k];
    const std::string ty = typeText(ctx, v->getType());
    params += (k ? ", " : "") + ty + " &" + v->getNameAsString();
    args += (k ? ", " : "") + std::string("hy_t.local<") + ty + ">(" + std::to_string(k) + ")";
  }
  std::string top;
  if (t.framed)
    top = " hy::team_frame *const hy_tf_in = hy::team_call::take_frame(); const bool hy_in_team "
          "= hy_tf_in != nullptr; hy::team_frame hy_own; hy::team_frame &hy_t = hy_in_team ? "
          "*hy_tf_in : hy_own; auto hy_body = [&](" + params + ") {";
  else
    top = " const bool hy_in_team = hy::team_call::take(); auto hy_body = [&] {";
  R.InsertTextAfter(t.body->getLBracLoc().getLocWithOffset(1), top);
  // Shared locals: their declarations become assignments.
  undeclare(R, ctx, t.shared, t.declOf);
  bool tested = false; // a thread may still test hy_t.err() (no barrier since)
  for (const HostRegion::Item &i : t.items) {
    if (i.kernel) {
      tested = false; // its barrier
      continue;
    }
    if (i.replicated)
      continue;
    if (i.team()) {
      std::string pre = i.callThrows && tested ? kBarrier : "";
      if (!pre.empty())
        R.InsertTextAfter(SM.getExpansionLoc(i.host.front()->getBeginLoc()), pre);
      teamCall(R, ctx, i, "hy_t.next()", i.callThrows ? " if (hy_t.err()) return;" : "");
      tested = i.callThrows;
      continue;
    }
    const bool throws = i.mayThrow;
    std::string pre = throws && tested ? kBarrier : "";
    R.InsertTextAfter(SM.getExpansionLoc(i.host.front()->getBeginLoc()),
                      pre + "_Pragma(\"omp masked\") { " + (throws ? "try { " : ""));
    R.InsertTextAfter(stmtEnd(ctx, i.host.back()),
                      std::string(throws ? " } catch (...) { hy_t.err().keep(); }" : "") +
                          " } _Pragma(\"omp barrier\")" +
                          (throws ? " if (hy_t.err()) return;" : ""));
    tested = throws;
  }
  if (t.ret) { // `return e;` -> `hy_t.value<R>() = e;`
    replaceRewritten(R,
                     CharSourceRange::getCharRange(
                         SM.getExpansionLoc(t.ret->getBeginLoc()),
                         SM.getExpansionLoc(t.ret->getRetValue()->getBeginLoc())),
                     "hy_t.value<" + typeText(ctx, t.fd->getReturnType()) + ">() = ");
  }
  std::string end = "}; if (hy_in_team) hy_body(" + args + "); else { _Pragma(\"omp parallel" +
                    (t.worth.empty() ? "" : " if(" + t.worth + ")") + "\") hy_body(" + args +
                    "); " +
                    (t.throws ? "hy_own.err().rethrow(); " : "") + "} ";
  if (t.ret)
    end += "return hy_t.value<" + typeText(ctx, t.fd->getReturnType()) + ">(); ";
  R.InsertTextBefore(t.body->getRBracLoc(), end);
}

} // namespace

void CpuRegions::rewrite(Rewriter &R) const {
  ASTContext &ctx = in.ctx;
  for (const auto &hp : loops)
    if (hp->why.empty())
      RegionText(R, ctx, *hp).emit();
  for (const auto &[key, tp] : functions) {
    const TeamFunction &t = *tp;
    if (t.why.empty() && !t.calledFrom.empty())
      teamFunctionText(R, ctx, t);
  }
}

} // namespace hy

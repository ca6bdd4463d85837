// The CPU meaning of a kernel, used by the OpenMP target and by the CPU
// fallback of the CUDA target: the block nest becomes an OpenMP loop
// (collapse, scalar reductions), array reductions become per-thread copies
// or atomics, thread nests become SIMD lanes where that pays, fetches
// become comments (bounds checks with --check-fetch). The rewrites edit
// overlapping text, so they run in one order, innermost first, each taking
// the text the others left (PrintUtil.h, rewrittenText): lane subscripts,
// fetch checks, updates, lane loops, the region around the loop. Each
// decision is recorded as a remark for the report.
#include "cpu/CpuCopies.h"
#include "cpu/CpuRegions.h"
#include "cpu/CpuWork.h"
#include "PrintUtil.h"
#include "cpu/SimdLanes.h"
#include "hy/Analysis.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include <functional>
#include <map>
#include <set>

using namespace clang;

namespace hy {

namespace {

bool mentionsIndices(const LoopInfo &inner, const std::vector<LoopInfo> &outer, size_t upto,
                     const VarDecl **which = nullptr) {
  std::set<const VarDecl *> idx;
  for (size_t i = 0; i < upto; ++i)
    idx.insert(outer[i].index);
  const VarDecl *v = mentionsAny(inner.lower, idx);
  if (!v)
    v = mentionsAny(inner.bound, idx);
  if (!v && inner.step)
    v = mentionsAny(inner.step, idx);
  if (which)
    *which = v;
  return v != nullptr;
}

bool hasLoop(const Stmt *s) {
  if (!s)
    return false;
  if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s))
    return true;
  return std::any_of(s->child_begin(), s->child_end(), [](const Stmt *c) { return hasLoop(c); });
}

// OpenMP target: the innermost block loop stays a plain loop inside each
// iteration of the omp loop when its body has no loop, so that the
// compiler vectorises it: collapsed with the loops around it, its index
// comes from a division of the combined one and it does not (a 2-D
// element-wise kernel ran 2.6x slower on one thread than serially;
// docs/perf/cpu.md). Not when the loops around it have a constant
// product of iterations below 64, too few for the team.
bool innerLoopForSimd(const PrintInput &in, const Kernel &k, unsigned collapsed) {
  if (in.opts.target != Target::OpenMP || collapsed < 2 || collapsed != k.blockLoops.size() ||
      hasLoop(k.blockLoops.back().loop->getBody()))
    return false;
  long long outer = 1;
  for (unsigned i = 0; i + 1 < collapsed; ++i) {
    if (!k.blockLoops[i].constTrip)
      return true;
    outer *= std::max<int64_t>(*k.blockLoops[i].constTrip, 0);
    if (outer >= 64)
      return true;
  }
  return false;
}

// The OpenMP clauses of the block nest (collapse, reductions, schedule)
// and the user-defined reductions they need, declared before the pragma.
std::string ompClauses(const PrintInput &in, const Kernel &k, unsigned &collapsed,
                       std::string &declare, bool inRegion = false,
                       const std::map<const VarDecl *, std::string> &sections = {}) {
  collapsed = 1;
  while (collapsed < k.blockLoops.size() &&
         !mentionsIndices(k.blockLoops[collapsed], k.blockLoops, collapsed))
    ++collapsed;
  if (innerLoopForSimd(in, k, collapsed))
    --collapsed;
  std::string p;
  if (collapsed > 1)
    p += " collapse(" + std::to_string(collapsed) + ")";
  // Grouped by operator, in the order of ReductionOp, then user-defined ones.
  std::map<std::pair<int, std::string>, std::vector<std::string>> byOp;
  for (const Reduction &r : k.reductions) {
    if (r.isArray)
      continue;
    std::string var = r.var->getName().str();
    if (locReductionOp(r.var->getType())) {
      // hy::minloc / hy::maxloc: a user-defined OpenMP reduction whose
      // combiner is the type's own update (smallest index among equals).
      std::string id = std::string("hy_") + runtimeName(r.op) + "_" + var + "_" +
                       std::to_string(k.number);
      std::string ty = typeText(in.ctx, r.var->getType());
      declare += "_Pragma(\"omp declare reduction(" + id + " : " + ty +
                 " : omp_out.update(omp_in.value, omp_in.index)) initializer(omp_priv = " + ty +
                 "())\") ";
      byOp[{100, id}].push_back(var);
    } else if (auto it = sections.find(r.var); it != sections.end()) {
      // A team function's reduction into a reference or a shared local: a
      // one-element array section through a pointer to it (an orphaned
      // 'omp for' may not reduce into a reference, which clang checks).
      declare += typeText(in.ctx, r.var->getType()) + " *const " + it->second + " = &" + var +
                 "; ";
      byOp[{int(r.op), spelling(r.op)}].push_back(it->second + "[:1]");
    } else {
      byOp[{int(r.op), spelling(r.op)}].push_back(var);
    }
  }
  for (auto &[op, vars] : byOp) {
    p += " reduction(" + op.second + " : ";
    for (size_t i = 0; i < vars.size(); ++i)
      p += (i ? ", " : "") + vars[i];
    p += ")";
  }
  // In a host loop's region the lambda's copies are each thread's own
  // already (and OpenMP refuses them in firstprivate there).
  CpuCopies copies = cpuCopies(in, k);
  std::string fp = inRegion && copies.lambda ? "" : copies.firstprivate();
  return p + (fp.empty() ? "" : " firstprivate(" + fp + ")") + " schedule(static)";
}

// `#pragma omp <what> <clauses>`, or the same as _Pragma after the
// declarations it needs, all on one line so that lines keep their numbers.
std::string ompDirective(const std::string &what, const std::string &clauses,
                         const std::string &declare) {
  if (declare.empty())
    return "#pragma omp " + what + clauses;
  return declare + "_Pragma(\"omp " + what + clauses + "\")";
}

// An array reduction the kernel only updates (no read, no hy::fetch_<op>)
// can go to per-thread copies; returns why not, or "".
std::string whyShared(const Kernel &k, const Reduction &r) {
  std::set<const Expr *> owned;
  for (const ArrayUpdate &u : k.arrayUpdates) {
    std::vector<Access> whole, value;
    collectAccesses(u.assign, whole);
    if (u.fetchCall && !whole.empty() && whole.front().var == r.var)
      return "hy::" + std::string("fetch_<op>") +
             " returns the value the other iterations left, so every update stays atomic";
    collectAccesses(u.value, value);
    std::set<const Expr *> inValue;
    for (const Access &v : value)
      inValue.insert(v.expr);
    for (const Access &w : whole)
      if (w.var == r.var && w.element && !inValue.count(w.expr))
        owned.insert(w.expr);
  }
  std::vector<Access> acc;
  collectAccesses(k.blockLoops.front().loop, acc);
  for (const Access &a : acc)
    if (a.var == r.var && !a.meta && !owned.count(a.expr))
      return "the loop also reads it (its reads see other iterations' updates), so every "
             "update stays atomic";
  return "";
}

struct CpuKernel {
  /// `oneThread`: the kernel's form for a team of one thread, into a
  /// scratch Rewriter: no OpenMP, updates as written (see oneThreadText()).
  /// `regions`: the host loops that are one parallel region (OpenMP).
  CpuKernel(const PrintInput &in, const Kernel &k, Rewriter &R, bool oneThread = false,
            const CpuRegions *regions = nullptr)
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), k(k), R(R),
        report(in.opts.target == Target::OpenMP && !oneThread), oneThread(oneThread),
        reprinted(in.opts.target == Target::Cuda && inTemplate(ctx, k)), regions(regions),
        regionLine(regions && !oneThread ? regions->regionLine(k) : 0) {}

  // A template's code (a function template's, or a generic lambda's in
  // any function) is reprinted by nvcc's front end.
  static bool inTemplate(ASTContext &ctx, const Kernel &k) {
    if (k.function->isDependentContext())
      return true;
    DynTypedNodeList ps = ctx.getParents(*k.blockLoops.front().loop);
    while (!ps.empty()) {
      if (const auto *le = ps[0].get<LambdaExpr>())
        return le->isGenericLambda();
      if (const auto *fd = ps[0].get<FunctionDecl>()) // a lambda's call operator
        return fd->isDependentContext();
      if (ps[0].get<Decl>())
        return false;
      ps = ctx.getParents(ps[0]);
    }
    return false;
  }

  void run() {
    if (reprinted)
      compoundIncrements();
    if (!oneThread)
      choosePrivatized();
    versioned = !oneThread && (!privatized.empty() || hasAtomics());
    std::vector<ThreadLanes> lanes;
    if (in.opts.simdLanes)
      planLanes(k.body.get(), lanes);
    else
      noLanes(k.body.get());
    pragmas();
    for (ThreadLanes &l : lanes)
      l.subscript(R);
    if (in.opts.checkFetch)
      rewriteFetchChecks(in, k, R);
    if (!oneThread)
      updates();
    for (ThreadLanes &l : lanes)
      l.emit(R);
    if (!oneThread)
      aroundLoop();
  }

  // The CUDA output's CPU path in a template goes through nvcc's front end,
  // which reprints `i = i + s` increments in a form g++'s OpenMP refuses.
  void compoundIncrements() {
    for (const LoopInfo &li : k.blockLoops)
      compoundIncrement(ctx, li, R);
    std::function<void(const Node *)> threads = [&](const Node *n) {
      if (n->kind == NodeKind::ThreadNest)
        for (const LoopInfo &li : n->loops)
          compoundIncrement(ctx, li, R);
      for (auto &c : n->children)
        threads(c.get());
    };
    threads(k.body.get());
  }

  // Updates that may be atomic (hy::fetch_<op> calls are the user's own).
  bool hasAtomics() const {
    return std::any_of(k.arrayUpdates.begin(), k.arrayUpdates.end(),
                       [](const ArrayUpdate &u) { return !u.fetchCall; });
  }

  // A kernel whose updates may be atomic comes in two versions: the
  // OpenMP one, and for a team of one thread (hy::one_thread()) the loop
  // as the serial target has it, SIMD lanes included, with its updates as
  // written. An atomic anywhere in a loop, even on a path not taken, makes
  // the compiler reload every array's data pointer after each store, and
  // each atomic costs: one thread ran such loops up to 1.7x slower than
  // the serial build.
  std::string oneThreadText() {
    Rewriter scratch(ctx.getSourceManager(), ctx.getLangOpts());
    CpuKernel(in, k, scratch, /*oneThread=*/true).run();
    return rewrittenText(scratch, CharSourceRange::getCharRange(
                                      SM.getExpansionLoc(k.blockLoops.front().loop->getBeginLoc()),
                                      stmtEnd(ctx, k.blockLoops.front().loop)));
  }

  void note(SourceLocation loc, const std::string &text) {
    if (report)
      remark(in, loc, text);
  }

  void choosePrivatized() {
    for (const Reduction &r : k.reductions) {
      if (!r.isArray)
        continue;
      std::string name = r.var->getName().str();
      std::string why = whyShared(k, r);
      if (why.empty()) {
        privatized.push_back(&r);
        note(r.loc, "array reduction '" + name + "' (" + spelling(r.op) +
                        "): per-thread copies added into '" + name +
                        "' once after the loop when " + name +
                        ".size() x threads <= 4 x iterations and a copy takes at most 4 MiB; "
                        "otherwise one atomic per update; plain updates on one thread");
      } else {
        note(r.loc, "array reduction '" + name + "' (" + spelling(r.op) +
                        "): one atomic per update; " + why);
      }
    }
  }

  static std::string join(const std::vector<std::string> &v) {
    std::string s;
    for (const std::string &x : v)
      s += (s.empty() ? "" : ", ") + x;
    return s;
  }

  // In a team function, its scalar reductions into a reference or a local
  // (one the team shares): through a pointer, whose element the loop's
  // uses of the variable become (hy_rp_<name>_<kernel>[0]).
  std::map<const VarDecl *, std::string> teamSections() {
    std::map<const VarDecl *, std::string> out;
    if (!regions || !regionLine || regions->teamFunction(k).empty())
      return out;
    for (const Reduction &r : k.reductions)
      if (!r.isArray && r.var->hasLocalStorage() && !locReductionOp(r.var->getType()))
        out[r.var] = "hy_rp_" + r.var->getName().str() + "_" + std::to_string(k.number);
    std::set<SourceLocation> done;
    std::function<void(const Stmt *)> walk = [&](const Stmt *x) {
      if (!x)
        return;
      if (const auto *ref = dyn_cast<DeclRefExpr>(x))
        if (auto it = out.find(dyn_cast<VarDecl>(ref->getDecl())); it != out.end()) {
          SourceLocation l = SM.getExpansionLoc(ref->getLocation());
          if (done.insert(l).second)
            R.ReplaceText(l, it->first->getName().size(), it->second + "[0]");
        }
      for (const Stmt *c : x->children())
        walk(c);
    };
    walk(k.blockLoops.front().loop->getBody());
    return out;
  }

  void pragmas() {
    std::string declare;
    std::string clauses =
        ompClauses(in, k, collapsed, declare, regionLine != 0, teamSections());
    if (!oneThread)
      for (unsigned i = 0; i < collapsed; ++i)
        checkOmpStart(ctx, k.blockLoops[i], R);
    const PragmaDirective &outer = *k.blockLoops.front().pragma;
    std::string worth = worthTest();
    if (!versioned && !worth.empty())
      clauses += " if(" + worth + ")";
    std::string omp;
    if (privatized.empty()) {
      // In a host loop's region (CpuRegions.h) a work-sharing loop.
      omp = ompDirective(regionLine ? "for" : "parallel for", clauses, declare);
      if ((versioned || copies.open() != "{ ") && omp.rfind("#pragma ", 0) == 0)
        omp = "_Pragma(\"" + omp.substr(8) + "\")";
    } else {
      // In a region that runs (a host loop's, or a team function's caller's)
      // the team shares one set of copies (hy::privatize_team).
      omp = "{ ";
      for (const Reduction *r : privatized) {
        std::string name = r->var->getName().str();
        std::string make = std::string("<hy::ops::") + runtimeName(r->op) + ">(" + name + ", " + trips() + "); ";
        omp += regionLine ? "auto hy_team_privs_" + name + " = hy::privatize_team" + make +
                                "auto &hy_privs_" + name + " = *hy_team_privs_" + name + "; "
                          : "auto hy_privs_" + name + " = hy::privatize" + make;
      }
      omp += regionLine ? "{ " : "_Pragma(\"omp parallel\") { ";
      for (const Reduction *r : privatized)
        omp += "auto hy_priv_" + r->var->getName().str() + " = hy_privs_" +
               r->var->getName().str() + ".enter(); ";
      std::string d = ompDirective("for", clauses, declare);
      if (d.rfind("#pragma ", 0) == 0)
        d = "_Pragma(\"" + d.substr(8) + "\")";
      // The loop alone in a block: the combine after it, on its last line,
      // is then no statement after an unbraced body (clang's
      // -Wmisleading-indentation).
      omp += "{ " + d;
    }
    // The OpenMP loop in a lambda that makes the per-thread copies
    // (CpuCopies.h): the addresses the outlined loop gets are then the
    // copies', so the version for one thread also keeps its scalars in
    // registers (an escaped `n` is reloaded after every int store).
    if (versioned || copies.open() != "{ ")
      // In a region every thread takes the same branch: the team's size.
      omp = (versioned ? std::string(regionLine ? "if (!hy::team_of_one()" : "if (!hy::one_thread()") +
                             (worth.empty() ? "" : " && " + worth) + ") "
                       : "") +
            copies.open() + omp;
    for (size_t i = 0; i < k.blockLoops.size(); ++i) {
      const PragmaDirective &d = *k.blockLoops[i].pragma;
      if (i == 0 && oneThread)
        continue; // outside the loop's text
      if (i == 0)
        replacePragma(R, d, omp + " // " + d.text);
      else
        replacePragma(R, d, std::string("// ") + d.text +
                                (i < collapsed ? " (collapsed into the omp loop above)"
                                               : " (runs inside each omp iteration)"));
    }
    std::string what = "OpenMP " +
                       std::string(privatized.empty() && !regionLine ? "'parallel for'" : "'for'") +
                       " over " +
                       (collapsed > 1 ? std::to_string(collapsed) + " collapsed loops"
                                      : std::string("the loop over '") +
                                            k.blockLoops.front().index->getName().str() + "'") +
                       ", schedule(static)";
    if (collapsed < k.blockLoops.size()) {
      const VarDecl *v = nullptr;
      mentionsIndices(k.blockLoops[collapsed], k.blockLoops, collapsed, &v);
      what += "; the loop over '" + k.blockLoops[collapsed].index->getName().str() +
              "' runs inside each iteration " +
              (v ? "(its bounds use '" + v->getName().str() + "')"
                 : std::string("(not collapsed, so that the compiler can vectorise it: its body "
                               "has no loop)"));
    }
    for (const Reduction &r : k.reductions)
      if (!r.isArray)
        what += std::string("; reduction(") + spelling(r.op) + " : " + r.var->getName().str() +
                ")" + (locReductionOp(r.var->getType()) ? " as a user-defined reduction" : "");
    if (!copies.scalars.empty() || !copies.views.empty())
      what += "; per-thread copies (firstprivate): " + join(copies.scalars) +
              (copies.views.empty()
                   ? std::string()
                   : (copies.scalars.empty() ? "" : ", ") + std::string("views of ") +
                         join(copies.views));
    note(outer.loc, what);
    if (versioned)
      note(outer.loc, regionLine ? "in a team of one (hy::team_of_one()) the loop runs as "
                                   "written, without OpenMP and with plain updates (a second "
                                   "version of the loop)"
                                 : "on one thread (hy::one_thread()) the loop runs as written, "
                                   "without OpenMP and with plain updates (a second version of "
                                   "the loop)");
    noteWorth(outer.loc);
    std::string whyNot;
    std::string team = regions && regionLine ? regions->teamFunction(k) : "";
    if (!team.empty())
      note(outer.loc, "in '" + team + "' (line " + std::to_string(regionLine) +
                          "), which a region's team calls: a work-sharing loop with a barrier "
                          "at its end, run by the calling team or by the function's own "
                          "region (the function's remark says when)");
    else if (regionLine)
      note(outer.loc, "inside the host loop of line " + std::to_string(regionLine) +
                          ", which is one parallel region: a work-sharing loop with a barrier "
                          "at its end, run by the region's team (the host loop's remark "
                          "says its size)");
    else if (unsigned host = regions ? regions->hostLoopLine(k, whyNot) : 0)
      note(outer.loc, "inside the host loop of line " + std::to_string(host) +
                          ": a parallel region (fork, join, barrier) at each of its "
                          "iterations; the host loop is not one region: " + whyNot);
    // Thread loops and fetches inside the kernel.
    std::function<void(const Node *)> walk = [&](const Node *n) {
      if (n->kind == NodeKind::ThreadNest)
        for (const LoopInfo &li : n->loops)
          replacePragma(R, *li.pragma,
                        "// " + li.pragma->text +
                            (laneNests.count(n) && &li == &n->loops.back()
                                 ? " (threads of a block: SIMD lanes on the CPU)"
                                 : " (threads of a block: in order on the CPU)"));
      if (n->kind == NodeKind::FetchNode && n->fetch) {
        replacePragma(R, *n->fetch->pragma,
                      "// " + n->fetch->pragma->text + " (no copy on the CPU)");
        note(n->fetch->pragma->loc, "fetch of '" + n->fetch->pragma->fetch.array.name +
                                        "': no copy on the CPU; accesses go to the array" +
                                        (in.opts.checkFetch ? ", checked against the tile" : ""));
      }
      for (auto &c : n->children)
        walk(c.get());
    };
    walk(k.body.get());
  }

  // Small loops on the calling thread (hy/omp_work.hpp): the test the
  // OpenMP target puts on the kernel, or "" (and why not in whyNoWorth).
  std::string worthTest() {
    // Also the CUDA target's CPU fallback: the same OpenMP loop, run when
    // no GPU is used. Inside a host loop's region the region decides.
    if (in.opts.target == Target::Serial || oneThread || regionLine)
      return "";
    // The block loop left out of the collapse for vectorisation counts
    // with the others (its bounds do not use their indices).
    counted = collapsed;
    if (counted < k.blockLoops.size() &&
        !mentionsIndices(k.blockLoops[counted], k.blockLoops, counted))
      ++counted;
    for (unsigned i = 0; i < counted; ++i) {
      const LoopInfo &li = k.blockLoops[i];
      for (const Expr *e : {li.lower, li.bound, li.step})
        if (e && e->HasSideEffects(ctx, /*IncludePossibleEffects=*/false)) {
          whyNoWorth = "its bounds have side effects, which a second evaluation would repeat";
          return "";
        }
    }
    work = cpuWorkPerIteration(ctx, k, counted);
    std::string iters;
    for (unsigned i = 0; i < counted; ++i) {
      // A negative `n` of `i < n` is no iteration for omp_worth.
      const LoopInfo &li = k.blockLoops[i];
      std::string n = shortTripText(ctx, li);
      iters += (i ? " * " : "") + (li.constTrip ? n : "(long long)" + n);
    }
    return "hy::omp_worth(" + iters + ", " + std::to_string(work) + ")";
  }

  void noteWorth(SourceLocation loc) {
    if (in.opts.target != Target::OpenMP || regionLine)
      return;
    if (work == 0) {
      note(loc, "always runs on the OpenMP team, however small: " + whyNoWorth);
      return;
    }
    std::string n;
    bool allConst = true;
    long long iters = 1;
    for (unsigned i = 0; i < counted; ++i) {
      const LoopInfo &li = k.blockLoops[i];
      allConst &= li.constTrip.has_value();
      if (li.constTrip)
        iters *= std::max<int64_t>(*li.constTrip, 0);
    }
    long long below = (65536 + work - 1) / work;
    note(loc, std::string("runs on the calling thread") +
                  (versioned ? " (its version for one thread)" : "") + " when iterations x " +
                  std::to_string(work) +
                  " (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: "
                  "below " + std::to_string(below) + " iterations)" +
                  (allConst ? std::string("; its ") + std::to_string(iters) + " iterations run " +
                                  (iters >= below && iters > 1 ? "on the team" : "on the calling thread") +
                                  " by default"
                            : ""));
  }

  std::string trips() const {
    std::string t;
    for (unsigned i = 0; i < collapsed; ++i)
      t += (i ? " * " : "") + std::string("(long long)(") + tripText(ctx, k.blockLoops[i]) + ")";
    return t;
  }

  // The threads of a block become SIMD lanes where the nest allows it and
  // it pays.
  void planLanes(const Node *n, std::vector<ThreadLanes> &out) {
    if (n->kind == NodeKind::ThreadNest) {
      ThreadLanes l(in, k, *n);
      std::string why;
      const std::string idx = n->loops.back().index->getName().str();
      // The lanes copy the loop's header as written (`omp simd` would meet
      // the increment nvcc reprints): in order instead.
      bool assigned = false;
      for (const LoopInfo &li : n->loops)
        assigned |= assignIncrement(li) != nullptr;
      if (reprinted && assigned) {
        note(n->loops.back().pragma->loc,
             "threads '" + idx + "' run in order: an 'i = i + s' increment in a template");
      } else if (l.plan(why)) {
        note(n->loops.back().pragma->loc,
             "threads '" + idx + "' run as SIMD lanes ('omp simd' loops innermost)");
        out.push_back(std::move(l));
        laneNests.insert(n);
      } else {
        note(n->loops.back().pragma->loc, "threads '" + idx + "' run in order: " + why);
      }
      return;
    }
    for (auto &c : n->children)
      planLanes(c.get(), out);
  }

  void noLanes(const Node *n) {
    if (n->kind == NodeKind::ThreadNest)
      note(n->loops.back().pragma->loc, "threads '" + n->loops.back().index->getName().str() +
                                            "' run in order: --no-simd-lanes");
    for (auto &c : n->children)
      noLanes(c.get());
  }

  // Array reductions: an update of a per-thread copy (chosen at run time)
  // or an atomic (hy::fetch_<op> is one already).
  void updates() {
    for (const ArrayUpdate &u : k.arrayUpdates) {
      if (u.fetchCall)
        continue;
      std::string target = rewrittenText(R, ctx, u.target->getSourceRange());
      std::string value = u.value ? rewrittenText(R, ctx, u.value->getSourceRange()) : u.valueText;
      std::vector<Access> acc;
      collectAccesses(u.target, acc);
      const VarDecl *v = acc.empty() ? nullptr : acc.front().var;
      bool own = std::any_of(privatized.begin(), privatized.end(),
                             [&](const Reduction *r) { return r->var == v; });
      std::string text = own
                             ? "hy_priv_" + v->getName().str() + ".update(&(" + target + "), " +
                                   value + ")"
                             : std::string("hy::atomic_") + atomicName(u.op) + "(&(" + target +
                                   "), " + value + ")";
      replaceRewritten(R, ctx, u.assign->getSourceRange(), text);
    }
  }

  // The parallel region around the loop that per-thread copies need: the
  // copies are combined after the loop, on its last line. Then the version
  // for one thread, its lines mapped back to the loop's.
  void aroundLoop() {
    std::string end;
    if (!privatized.empty()) {
      end = " }";
      for (const Reduction *r : privatized)
        end += " hy_privs_" + r->var->getName().str() + ".combine(hy_priv_" +
               r->var->getName().str() + ");";
      end += " } }";
    }
    if (versioned || copies.open() != "{ ")
      end += " " + copies.close();
    if (versioned) {
      const Stmt *loop = k.blockLoops.front().loop;
      unsigned col = SM.getExpansionColumnNumber(SM.getExpansionLoc(loop->getBeginLoc()));
      end += std::string(" else { // one thread: the loop as written\n") +
             lineDirective(in, loop->getBeginLoc()) + std::string(col > 1 ? col - 1 : 0, ' ') +
             oneThreadText() + "\n}\n" + lineDirective(in, stmtEnd(ctx, loop));
    }
    if (!end.empty())
      R.InsertTextAfter(stmtEnd(ctx, k.blockLoops.front().loop), end);
  }

  const PrintInput &in;
  ASTContext &ctx;
  const SourceManager &SM;
  const Kernel &k;
  Rewriter &R;
  bool report;
  CpuCopies copies = cpuCopies(in, k);
  bool oneThread;        // the scratch version for a team of one
  bool reprinted;        // CUDA output, in a template: nvcc reprints it
  bool versioned = false; // has a version for one thread
  const CpuRegions *regions; // the host loops that are one region (OpenMP)
  unsigned regionLine;       // the line of the host loop whose region it is in, or 0
  unsigned collapsed = 1;
  unsigned counted = 1;   // block loops whose iterations the threshold counts
  long long work = 0;     // estimated operations per iteration (0: no threshold)
  std::string whyNoWorth; // why the kernel has no threshold
  std::vector<const Reduction *> privatized; // in clause order
  std::set<const Node *> laneNests;          // thread nests run as SIMD lanes
};

} // namespace

std::string ompPragma(const PrintInput &in, const Kernel &k, unsigned &collapsed) {
  std::string declare;
  std::string clauses = ompClauses(in, k, collapsed, declare);
  return ompDirective("parallel for", clauses, declare);
}

void rewriteFetchChecks(const PrintInput &in, const Kernel &k, Rewriter &R) {
  ASTContext &ctx = in.ctx;
  const SourceManager &SM = ctx.getSourceManager();
  // Debug mode: every access that the GPU redirects to a tile is checked
  // against that tile on the CPU too.
  for (auto &[access, f] : k.tileOf) {
    std::vector<Access> acc;
    collectAccesses(access, acc);
    if (acc.empty() || !acc.front().element)
      continue;
    const auto &idx = acc.front().indices;
    std::string at = cString(where(SM, access->getBeginLoc()));
    for (size_t d = 0; d < idx.size() && d < f->origins.size(); ++d) {
      std::string o = exprText(ctx, f->origins[d]);
      std::string s = exprText(ctx, f->sizes[d]);
      std::string x = rewrittenText(R, ctx, idx[d]->getSourceRange());
      replaceRewritten(R, ctx, idx[d]->getSourceRange(),
                       "hy::tile_index_checked((" + x + ") - (" + o + "), (" + s + "), " + at +
                           ", " + cString(f->array->getName().str()) + ", " +
                           std::to_string(d) + ") + (" + o + ")");
    }
  }
}

void rewriteKernelForCpu(const PrintInput &in, const Kernel &k, Rewriter &R,
                         const CpuRegions *regions) {
  if (k.scan && k.scan->reduction) {
    rewriteScanForCpu(in, k, R); // CpuScan.cpp (its own region: no host-loop region has it)
    return;
  }
  CpuKernel(in, k, R, /*oneThread=*/false, regions).run();
}

std::string cpuWorthTest(const PrintInput &in, const Kernel &k) {
  PrintInput quiet = in;
  quiet.remarks = nullptr;
  Rewriter scratch(in.ctx.getSourceManager(), in.ctx.getLangOpts());
  CpuKernel ck(quiet, k, scratch);
  std::string declare;
  ompClauses(quiet, k, ck.collapsed, declare);
  return ck.worthTest();
}


} // namespace hy

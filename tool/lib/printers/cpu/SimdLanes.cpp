// On a CPU the threads of a block are SIMD lanes. For a thread nest whose
// innermost `into(threads)` loop has a constant trip count, the CPU printers
// move that loop innermost: it is distributed over the statements of its
// body and interchanged with the serial loops around them (legal because the
// threads of a block are independent between barriers), and every variable
// private to a thread gets one copy per lane (`W acc[R][R]` becomes
// `W acc[R][R][16]`, `acc[a][b]` becomes `acc[a][b][tx]`). A per-thread
// scalar computed once from the lane index and values every lane shares
// (`int c = bj * T + j;`) is recomputed in each lane loop instead, so that
// accesses indexed by it stay contiguous. Each innermost loop carries `omp
// simd`. A nest that does not fit the pattern, or whose lanes would read
// or write an array through a per-lane copy of an index (a gather where the
// threads' accesses were contiguous), is left as it is, and `plan` says why.
#include "PrintUtil.h"
#include "cpu/SimdLanes.h"
#include "hy/Analysis.h"
#include "hy/Frontend.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hy {

struct ThreadLanes::Impl {
  Impl(const PrintInput &in, const Kernel &k, const Node &nest)
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), k(k), nest(nest),
        lane(nest.loops.back()) {}

  bool plan(std::string &why) {
    std::string idx = lane.index->getName().str();
    if (!nest.reductions.empty())
      return no(why, "a reduction over the threads combines their values in order");
    if (!lane.constTrip)
      return no(why, "the trip count of the loop over '" + idx + "' is not a constant");
    if (*lane.constTrip <= 1)
      return no(why, "the loop over '" + idx + "' has one iteration");
    if (!lane.declaresIndex)
      return no(why, "'" + idx + "' is declared outside its loop");
    if (std::string what = sharedUpdate(); !what.empty())
      return no(why, what + " must not run in several lanes at once");
    auto lo = evalInt(ctx, lane.lower);
    if (!lo || !lane.constStep)
      return no(why, "the loop over '" + idx + "' does not start at a constant with a constant step");
    laneIndex = *lo == 0 && *lane.constStep == 1
                    ? idx
                    : "(" + idx + " - " + std::to_string(*lo) + ") / " +
                          std::to_string(*lane.constStep);
    varying.insert(lane.index);
    const Stmt *body = lane.loop->getBody();
    std::vector<Access> acc;
    collectAccesses(body, acc);
    for (const Access &a : acc)
      if (a.write)
        written.insert(a.var);
    if (!planStmt(body, why))
      return false;
    for (const Stmt *u : uses)
      if (!checkUses(u, why))
        return false;
    return noGathers(why);
  }

  void subscript(Rewriter &R) {
    for (SourceLocation at : inserts)
      R.InsertTextAfterToken(at, "[" + laneIndex + "]");
    // Small loops inside a lane loop are unrolled at -O2 too (GCC unrolls
    // them completely only at -O3), or the lanes run slower than the
    // threads in order.
    for (const Stmt *l : leaves)
      for (const ForStmt *fs : smallLoopsIn(l))
        if (fs != l)
          R.InsertTextBefore(SM.getExpansionLoc(fs->getBeginLoc()), kUnroll);
  }

  static constexpr const char *kUnroll = "HY_UNROLL "; // hy/config.hpp

  std::vector<const ForStmt *> smallLoopsIn(const Stmt *s) const {
    std::vector<const ForStmt *> out;
    std::function<void(const Stmt *)> walk = [&](const Stmt *x) {
      if (!x)
        return;
      if (const auto *fs = dyn_cast<ForStmt>(x))
        if (smallLoop(fs) && !fs->getBeginLoc().isMacroID())
          out.push_back(fs);
      for (const Stmt *c : x->children())
        walk(c);
    };
    walk(s);
    return out;
  }

  void emit(Rewriter &R) {
    this->R = &R;
    // The lane loop's own header, reused for every innermost loop.
    header = rewrittenText(R, ctx, SourceRange(lane.loop->getBeginLoc(), lane.loop->getRParenLoc()));
    unsigned col = SM.getExpansionColumnNumber(SM.getExpansionLoc(lane.loop->getBeginLoc()));
    std::string pad(col > 1 ? col - 1 : 0, ' ');
    std::string text = "{ // threads " + lane.index->getName().str() + " as SIMD lanes\n" +
                       emitStmt(lane.loop->getBody(), pad + "  ") + pad + "}";
    unsigned next = SM.getExpansionLineNumber(stmtEnd(ctx, lane.loop));
    if (in.opts.lineDirectives)
      text += "\n#line " + std::to_string(next) + " " + cString(in.opts.inputName) + "\n";
    replaceRewritten(R, stmtRange(ctx, lane.loop), text);
  }

  static bool no(std::string &why, const std::string &text) {
    why = text;
    return false;
  }

  bool within(const Stmt *s) const {
    CharSourceRange r = stmtRange(ctx, nest.stmt);
    SourceLocation at = SM.getExpansionLoc(s->getBeginLoc());
    return !SM.isBeforeInTranslationUnit(at, r.getBegin()) &&
           SM.isBeforeInTranslationUnit(at, r.getEnd());
  }

  // Atomic updates of data other threads see (array reductions, fetch_<op>,
  // worklist pushes) stay in order: lanes in `omp simd` must not race, and
  // the updates' rewrites would collide with the lane subscripts. Returns
  // what such an update is, or "".
  std::string sharedUpdate() const {
    for (const ArrayUpdate &u : k.arrayUpdates)
      if (within(u.assign))
        return u.fetchCall ? "an atomic hy::fetch_<op> of '" + exprText(ctx, u.target) + "'"
                           : "the array-reduction update of '" + exprText(ctx, u.target) + "'";
    std::vector<Access> acc;
    collectAccesses(nest.stmt, acc);
    for (const Access &a : acc)
      if (a.write && classifyArray(a.var->getType()).kind == ArrayKind::Worklist)
        return "the push to worklist '" + a.var->getName().str() + "'";
    return "";
  }

  // A per-thread scalar that is computed once, from the lane index, values
  // every lane shares and other such scalars (no call, no write of it
  // later, no array the nest writes), is recomputed in every lane loop
  // that uses it instead of getting one copy per lane.
  bool recomputable(const VarDecl *vd) const {
    const Expr *init = vd->getInit();
    if (!init || vd->getType()->isArrayType() || written.count(vd) ||
        init->HasSideEffects(ctx) || vd->getType()->isReferenceType())
      return false;
    std::vector<Access> acc;
    collectAccesses(init, acc);
    for (const Access &a : acc) {
      if (a.element) {
        if (written.count(a.var) || privates.count(a.var))
          return false;
      } else if (privates.count(a.var)) {
        return false;
      }
    }
    return true;
  }

  // Walks the structure the lanes will be distributed over: compound
  // statements, declarations of per-thread variables, and loops whose
  // headers are the same for every lane; everything else is a leaf that
  // runs inside a lane loop. Per-thread variables must be arithmetic scalars
  // or arrays of them with constant dimensions.
  bool planStmt(const Stmt *s, std::string &why) {
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt *c : cs->body())
        if (!planStmt(c, why))
          return false;
      return true;
    }
    if (probeId(s))
      return planStmt(probeBody(cast<IfStmt>(s)), why);
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls()) {
        const auto *vd = dyn_cast<VarDecl>(d);
        if (!vd)
          return no(why, "the thread body declares something other than a variable");
        QualType t = vd->getType();
        while (const auto *at = ctx.getAsArrayType(t)) {
          if (!isa<ConstantArrayType>(at))
            return no(why, "per-thread array '" + vd->getName().str() + "' has no constant size");
          t = at->getElementType();
        }
        if (t->isReferenceType() || !(t->isArithmeticType() || t->isDependentType()))
          return no(why, "per-thread variable '" + vd->getName().str() +
                             "' is not of arithmetic type");
        // An array with an initializer ('W acc[4] = {0}') has no per-lane
        // form as one statement: leave the nest as it is.
        if (vd->getType()->isArrayType() && vd->getInit())
          return no(why, "per-thread array '" + vd->getName().str() + "' has an initializer");
        // A scalar computed from values that are the same in every lane and
        // never written again stays one scalar.
        if (vd->getInit() && !vd->getType()->isArrayType() &&
            !mentionsAny(vd->getInit(), varying) && !written.count(vd)) {
          uniform.insert(vd);
          continue;
        }
        varying.insert(vd);
        if (recomputable(vd)) {
          recomputed.push_back(vd);
          uses.push_back(vd->getInit());
          continue;
        }
        if (vd->getInit())
          uses.push_back(vd->getInit());
        privates.insert(vd);
      }
      return true;
    }
    if (const auto *fs = dyn_cast<ForStmt>(s))
      if (descend(fs))
        return planStmt(fs->getBody(), why);
    if (!leafOk(s))
      return no(why, "a 'continue', 'break', 'return' or 'goto' would leave its lane loop");
    uses.push_back(s);
    leaves.push_back(s);
    return true;
  }

  // A leaf runs inside its own lane loop, so a `continue` (or `break`) that
  // belongs to the thread loop or to a serial loop distributed over the
  // lanes would act on the wrong loop there: such a nest stays as it is.
  // Jumps within a loop or switch of the leaf itself are fine.
  bool leafOk(const Stmt *s, bool inLoop = false, bool inSwitch = false) const {
    if (!s)
      return true;
    if (isa<LambdaExpr>(s) || isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<LabelStmt>(s))
      return false;
    if ((isa<ContinueStmt>(s) && !inLoop) || (isa<BreakStmt>(s) && !inLoop && !inSwitch))
      return false;
    bool loop = inLoop || isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) ||
                isa<CXXForRangeStmt>(s);
    bool sw = inSwitch || isa<SwitchStmt>(s);
    for (const Stmt *c : s->children())
      if (!leafOk(c, loop, sw))
        return false;
    return true;
  }

  // Every use of a per-thread array is a full element access; it gets the
  // lane subscript appended (recorded here, applied by subscript()).
  bool checkUses(const Stmt *s, std::string &why) {
    if (!s)
      return true;
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(s)) {
      const Expr *base = ase;
      int depth = 0;
      std::vector<const Expr *> idx;
      while (const auto *a = dyn_cast<ArraySubscriptExpr>(base->IgnoreParenImpCasts())) {
        idx.push_back(a->getIdx());
        base = a->getBase();
        ++depth;
      }
      const VarDecl *v = refVar(base);
      if (v && privates.count(v)) {
        // Written in a macro, the subscript has nowhere to go in the text.
        if (depth != rankOf(v))
          return no(why, "per-thread array '" + v->getName().str() + "' is used whole");
        if (ase->getEndLoc().isMacroID())
          return no(why, "per-thread array '" + v->getName().str() + "' is used in a macro");
        inserts.push_back(SM.getExpansionLoc(ase->getEndLoc()));
        for (const Expr *i : idx)
          if (!checkUses(i, why))
            return false;
        return true;
      }
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(s)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (v && privates.count(v)) {
        if (rankOf(v) != 0)
          return no(why, "per-thread array '" + v->getName().str() + "' is used whole");
        if (dre->getLocation().isMacroID())
          return no(why, "per-thread variable '" + v->getName().str() + "' is used in a macro");
        inserts.push_back(SM.getExpansionLoc(dre->getEndLoc()));
      }
      return true;
    }
    for (const Stmt *c : s->children())
      if (!checkUses(c, why))
        return false;
    return true;
  }

  // Lanes pay where the compiler can load consecutive lanes' elements with
  // one vector access. An element of an array indexed through a per-lane
  // copy of a variable is a gather (or scatter) instead: the nest keeps its
  // threads in order, where the same access walks memory as written.
  bool noGathers(std::string &why) const {
    for (const Stmt *u : uses) {
      std::vector<Access> acc;
      collectAccesses(u, acc);
      for (const Access &a : acc) {
        if (!a.element || privates.count(a.var) || a.var->getType()->isArrayType())
          continue;
        for (const Expr *i : a.indices)
          if (const VarDecl *v = mentionsAny(i, privates))
            return no(why, "'" + v->getName().str() + "' would be a per-lane copy, and " +
                               exprText(ctx, a.elementExpr) +
                               " a gather where each thread's access is direct");
      }
    }
    return true;
  }

  int rankOf(const VarDecl *v) const {
    int r = 0;
    QualType t = v->getType();
    while (const auto *at = ctx.getAsArrayType(t)) {
      ++r;
      t = at->getElementType();
    }
    return r;
  }

  // A loop with a small constant trip count stays inside the lanes: the
  // compiler unrolls it there, and the lanes' body becomes straight-line
  // code it can vectorise (per-thread arrays indexed by it become vector
  // registers).
  bool smallLoop(const ForStmt *fs) const {
    auto li = analyzeCanonicalLoop(ctx, fs, nullptr, /*diagnose=*/false);
    return li && li->constTrip && *li->constTrip <= 16;
  }

  bool descend(const ForStmt *fs) const { return uniformLoop(fs) && !smallLoop(fs); }

  // A loop stays outside the lanes when its header uses nothing that
  // differs between lanes.
  bool uniformLoop(const ForStmt *fs) const {
    for (const Stmt *part : {fs->getInit(), static_cast<const Stmt *>(fs->getCond()),
                             static_cast<const Stmt *>(fs->getInc())})
      if (part && mentionsAny(part, varying))
        return false;
    return true;
  }

  std::string text(const Stmt *s) const { return rewrittenText(*R, stmtRange(ctx, s)); }

  // The recomputed scalars `s` needs (and those they need), as declarations
  // in the order of the source.
  std::string recomputedFor(const Stmt *s) const {
    std::set<const VarDecl *> need;
    for (auto it = recomputed.rbegin(); it != recomputed.rend(); ++it)
      if (mentionsAny(s, {*it}) || std::any_of(need.begin(), need.end(), [&](const VarDecl *n) {
            return mentionsAny(n->getInit(), {*it});
          }))
        need.insert(*it);
    std::string out;
    PrintingPolicy pp(ctx.getLangOpts());
    for (const VarDecl *vd : recomputed)
      if (need.count(vd))
        out += vd->getType().getAsString(pp) + " " + vd->getName().str() + " = " +
               rewrittenText(*R, ctx, vd->getInit()->getSourceRange()) + "; ";
    return out;
  }

  std::string leaf(const Stmt *s, const std::string &indent) const {
    bool small = isa<ForStmt>(s) && smallLoop(cast<ForStmt>(s));
    return indent + "_Pragma(\"omp simd\") " + header + " { " + recomputedFor(s) +
           (small ? kUnroll : "") + text(s) + " }\n";
  }

  std::string declText(const VarDecl *vd) const {
    QualType t = vd->getType();
    std::string dims;
    while (const auto *at = dyn_cast_or_null<ConstantArrayType>(ctx.getAsArrayType(t))) {
      dims += "[" + std::to_string(at->getSize().getZExtValue()) + "]";
      t = at->getElementType();
    }
    PrintingPolicy pp(ctx.getLangOpts());
    return t.getUnqualifiedType().getAsString(pp) + " " + vd->getName().str() + dims + "[" +
           std::to_string(*lane.constTrip) + "];";
  }

  std::string emitStmt(const Stmt *s, const std::string &indent) const {
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      std::string out;
      for (const Stmt *c : cs->body())
        out += emitStmt(c, indent);
      return out;
    }
    if (probeId(s)) // a fetch: nothing to copy on the CPU
      return emitStmt(probeBody(cast<IfStmt>(s)), indent);
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      std::string out;
      PrintingPolicy pp(ctx.getLangOpts());
      for (const Decl *d : ds->decls()) {
        const auto *vd = cast<VarDecl>(d);
        if (uniform.count(vd)) {
          out += indent + vd->getType().getAsString(pp) + " " + vd->getName().str() + " = " +
                 rewrittenText(*R, ctx, vd->getInit()->getSourceRange()) + ";\n";
          continue;
        }
        if (std::find(recomputed.begin(), recomputed.end(), vd) != recomputed.end())
          continue; // declared in each lane loop that uses it
        out += indent + declText(vd) + "\n";
        if (vd->getInit())
          out += indent + "_Pragma(\"omp simd\") " + header + " { " +
                 recomputedFor(vd->getInit()) + vd->getName().str() + "[" + laneIndex +
                 "] = " + rewrittenText(*R, ctx, vd->getInit()->getSourceRange()) + "; }\n";
      }
      return out;
    }
    if (const auto *fs = dyn_cast<ForStmt>(s)) {
      if (descend(fs)) {
        std::string h =
            rewrittenText(*R, ctx, SourceRange(fs->getBeginLoc(), fs->getRParenLoc()));
        return indent + h + " {\n" + emitStmt(fs->getBody(), indent + "  ") + indent + "}\n";
      }
    }
    return leaf(s, indent);
  }

  const PrintInput &in;
  ASTContext &ctx;
  const SourceManager &SM;
  const Kernel &k;
  const Node &nest;
  const LoopInfo &lane;
  Rewriter *R = nullptr;
  std::string laneIndex, header;
  std::set<const VarDecl *> privates, varying, uniform, written;
  std::vector<const VarDecl *> recomputed; // in source order
  std::vector<const Stmt *> uses;          // leaves and initialisers
  std::vector<const Stmt *> leaves;
  std::vector<SourceLocation> inserts;     // where "[lane]" goes
};

ThreadLanes::ThreadLanes(const PrintInput &in, const Kernel &k, const Node &nest)
    : impl(std::make_unique<Impl>(in, k, nest)) {}
ThreadLanes::~ThreadLanes() = default;
ThreadLanes::ThreadLanes(ThreadLanes &&) noexcept = default;
bool ThreadLanes::plan(std::string &why) { return impl->plan(why); }
void ThreadLanes::subscript(Rewriter &R) { impl->subscript(R); }
void ThreadLanes::emit(Rewriter &R) { impl->emit(R); }
const LoopInfo &ThreadLanes::laneLoop() const { return impl->lane; }

} // namespace hy

// On a CPU the threads of a block are SIMD lanes. For a thread nest whose
// innermost `into(threads)` loop has a constant trip count, the CPU printers
// move that loop innermost: it is distributed over the statements of its
// body and interchanged with the serial loops around them (legal because the
// threads of a block are independent between barriers), and every variable
// private to a thread gets one copy per lane (`W acc[R][R]` becomes
// `W acc[R][R][16]`, `acc[a][b]` becomes `acc[a][b][tx]`). Each innermost
// loop carries `omp simd`. A nest whose body does not fit the pattern (or
// uses a per-thread variable inside a macro) is left as it is.
#include "PrintUtil.h"
#include "SimdLanes.h"
#include "hy/Analysis.h"
#include "hy/Frontend.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hy {

namespace {

class Lanes {
public:
  Lanes(const PrintInput &in, const Kernel &k, const Node &nest, Rewriter &R)
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), k(k), nest(nest), R(R),
        lane(nest.loops.back()) {}

  bool run() {
    if (!nest.reductions.empty() || !lane.constTrip || *lane.constTrip <= 1 ||
        !lane.declaresIndex || updatesShared())
      return false;
    auto lo = evalInt(ctx, lane.lower);
    if (!lo || !lane.constStep)
      return false;
    laneIndex = *lo == 0 && *lane.constStep == 1
                    ? lane.index->getName().str()
                    : "(" + lane.index->getName().str() + " - " + std::to_string(*lo) + ") / " +
                          std::to_string(*lane.constStep);
    // The lane loop's own header, reused for every innermost loop.
    header = sourceText(SM, ctx.getLangOpts(),
                        SourceRange(lane.loop->getBeginLoc(), lane.loop->getRParenLoc()));
    varying.insert(lane.index);
    const Stmt *body = lane.loop->getBody();
    std::vector<Access> acc;
    collectAccesses(body, acc);
    for (const Access &a : acc)
      if (a.write)
        written.insert(a.var);
    if (!plan(body))
      return false;
    for (const Stmt *u : uses)
      if (!checkUses(u))
        return false;
    for (SourceLocation at : inserts)
      R.InsertTextAfterToken(at, "[" + laneIndex + "]");
    unsigned col = SM.getExpansionColumnNumber(SM.getExpansionLoc(lane.loop->getBeginLoc()));
    std::string pad(col > 1 ? col - 1 : 0, ' ');
    std::string text = "{ // threads " + lane.index->getName().str() +
                       " as SIMD lanes\n" + emit(body, pad + "  ") + pad + "}";
    unsigned next = SM.getExpansionLineNumber(stmtEnd(ctx, lane.loop));
    if (in.opts.lineDirectives)
      text += "\n#line " + std::to_string(next) + " " + cString(in.opts.inputName) + "\n";
    R.ReplaceText(stmtRange(ctx, lane.loop), text);
    return true;
  }

private:
  // Atomic updates of data other threads see (array reductions, fetch_<op>,
  // worklist pushes) stay in order: lanes in `omp simd` must not race, and
  // the updates' rewrites would collide with the lane subscripts.
  bool updatesShared() const {
    CharSourceRange r = stmtRange(ctx, nest.stmt);
    auto within = [&](const Stmt *s) {
      SourceLocation at = SM.getExpansionLoc(s->getBeginLoc());
      return !SM.isBeforeInTranslationUnit(at, r.getBegin()) &&
             SM.isBeforeInTranslationUnit(at, r.getEnd());
    };
    for (const ArrayUpdate &u : k.arrayUpdates)
      if (within(u.assign))
        return true;
    std::vector<Access> acc;
    collectAccesses(nest.stmt, acc);
    for (const Access &a : acc)
      if (a.write && classifyArray(a.var->getType()).kind == ArrayKind::Worklist)
        return true;
    return false;
  }

  // Walks the structure the lanes will be distributed over: compound
  // statements, declarations of per-thread variables, and loops whose
  // headers are the same for every lane; everything else is a leaf that
  // runs inside a lane loop. Per-thread variables must be arithmetic scalars
  // or arrays of them with constant dimensions.
  bool plan(const Stmt *s) {
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt *c : cs->body())
        if (!plan(c))
          return false;
      return true;
    }
    if (probeId(s))
      return plan(probeBody(cast<IfStmt>(s)));
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls()) {
        const auto *vd = dyn_cast<VarDecl>(d);
        if (!vd)
          return false;
        QualType t = vd->getType();
        while (const auto *at = ctx.getAsArrayType(t)) {
          if (!isa<ConstantArrayType>(at))
            return false;
          t = at->getElementType();
        }
        if (t->isReferenceType() || !(t->isArithmeticType() || t->isDependentType()))
          return false;
        // An array with an initializer ('W acc[4] = {0}') has no per-lane
        // form as one statement: leave the nest as it is.
        if (vd->getType()->isArrayType() && vd->getInit())
          return false;
        // A scalar computed from values that are the same in every lane and
        // never written again stays one scalar.
        if (vd->getInit() && !vd->getType()->isArrayType() &&
            !mentionsAny(vd->getInit(), varying) && !written.count(vd)) {
          uniform.insert(vd);
          continue;
        }
        if (vd->getInit())
          uses.push_back(vd->getInit());
        privates.insert(vd);
        varying.insert(vd);
      }
      return true;
    }
    if (const auto *fs = dyn_cast<ForStmt>(s))
      if (descend(fs))
        return plan(fs->getBody());
    if (!leafOk(s))
      return false;
    uses.push_back(s);
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
  // lane subscript appended (recorded first, applied when all uses fit).
  bool checkUses(const Stmt *s) {
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
        if (depth != rankOf(v) || ase->getEndLoc().isMacroID())
          return false;
        inserts.push_back(SM.getExpansionLoc(ase->getEndLoc()));
        for (const Expr *i : idx)
          if (!checkUses(i))
            return false;
        return true;
      }
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(s)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (v && privates.count(v)) {
        if (rankOf(v) != 0 || dre->getLocation().isMacroID())
          return false; // an array used whole (decays to a pointer), or in a macro
        inserts.push_back(SM.getExpansionLoc(dre->getEndLoc()));
      }
      return true;
    }
    for (const Stmt *c : s->children())
      if (!checkUses(c))
        return false;
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

  std::string text(const Stmt *s) const { return R.getRewrittenText(stmtRange(ctx, s)); }
  // An initializer with the lane subscripts appended inside it, including
  // one after its last token (`v[k]` -> `v[k][c]`): the range ends where the
  // next token starts, and the rewriter's text there includes what was
  // inserted after the last token.
  std::string initText(const Expr *e) const {
    CharSourceRange r = SM.getExpansionRange(e->getSourceRange());
    SourceLocation end = Lexer::getLocForEndOfToken(r.getEnd(), 0, SM, ctx.getLangOpts());
    return R.getRewrittenText(CharSourceRange::getCharRange(r.getBegin(), end));
  }

  std::string leaf(const Stmt *s, const std::string &indent) const {
    return indent + "_Pragma(\"omp simd\") " + header + " { " + text(s) + " }\n";
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

  std::string emit(const Stmt *s, const std::string &indent) const {
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      std::string out;
      for (const Stmt *c : cs->body())
        out += emit(c, indent);
      return out;
    }
    if (auto id = probeId(s)) // a fetch: nothing to copy on the CPU
      return emit(probeBody(cast<IfStmt>(s)), indent);
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      std::string out;
      for (const Decl *d : ds->decls()) {
        const auto *vd = cast<VarDecl>(d);
        if (uniform.count(vd)) {
          PrintingPolicy pp(ctx.getLangOpts());
          out += indent + vd->getType().getAsString(pp) + " " + vd->getName().str() + " = " +
                 R.getRewrittenText(SM.getExpansionRange(vd->getInit()->getSourceRange())) + ";\n";
          continue;
        }
        out += indent + declText(vd) + "\n";
        if (vd->getInit())
          out += indent + "_Pragma(\"omp simd\") " + header + " { " + vd->getName().str() + "[" +
                 laneIndex + "] = " + initText(vd->getInit()) + "; }\n";
      }
      return out;
    }
    if (const auto *fs = dyn_cast<ForStmt>(s)) {
      if (descend(fs)) {
        std::string h = sourceText(SM, ctx.getLangOpts(),
                                   SourceRange(fs->getBeginLoc(), fs->getRParenLoc()));
        return indent + h + " {\n" + emit(fs->getBody(), indent + "  ") + indent + "}\n";
      }
    }
    return leaf(s, indent);
  }

  const PrintInput &in;
  ASTContext &ctx;
  const SourceManager &SM;
  const Kernel &k;
  const Node &nest;
  Rewriter &R;
  const LoopInfo &lane;
  std::string laneIndex, header;
  std::set<const VarDecl *> privates, varying, uniform, written;
  std::vector<const Stmt *> uses;        // leaves and initialisers
  std::vector<SourceLocation> inserts;   // where "[lane]" goes
};

} // namespace

bool rewriteThreadNestAsLanes(const PrintInput &in, const Kernel &k, const Node &nest,
                              Rewriter &R) {
  return Lanes(in, k, nest, R).run();
}

} // namespace hy

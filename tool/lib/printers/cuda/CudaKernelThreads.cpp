// KernelPrinter, thread nests: strided loops over the block's threads (or the
// linear thread id), thread-level reductions through block_reduce, and small
// constant loops unrolled so per-thread arrays stay in registers.
#include "cuda/CudaKernel.h"
#include "clang/AST/TypeLoc.h"

namespace hy::cudagen {

void KernelPrinter::threadBody(const Node *n) {
  if (n->kind == NodeKind::FetchNode) {
    Sets s;
    fetch(n, s, true, /*threadLevel=*/true);
    return;
  }
  for (auto &c : n->children)
    threadBody(c.get());
}

// Are the nest's constant trip counts exactly the block's shape (its
// linear size, for a one-dimensional nest over the linear thread id)?
bool KernelPrinter::exactShape(const Node &n, bool linear) const {
  size_t d = n.loops.size();
  for (size_t i = 0; i < d; ++i) {
    const LoopInfo &li = n.loops[d - 1 - i];
    long long want = linear ? shape.total() : shape.dim[i];
    if (!li.constTrip || *li.constTrip != want)
      return false;
  }
  return true;
}

std::string KernelPrinter::indexType(const LoopInfo &li) const {
  // A dependent type as the loop wrote it, with what the kernel's scope
  // put in front of it (`idx` from `using typename Base<T>::idx;` is
  // `typename Der<T>::idx` in the kernel, which is no member of the class).
  QualType t = li.index->getType();
  if (const TypeSourceInfo *ts = li.index->getTypeSourceInfo();
      ts && t->isDependentType() && !t->getContainedAutoType()) {
    SourceRange r = ts->getTypeLoc().getSourceRange();
    if (r.isValid() && !r.getBegin().isMacroID() && !r.getEnd().isMacroID())
      return R.getRewrittenText(r);
  }
  return typeText(ctx, t);
}

void KernelPrinter::threadNest(const Node *n, bool inCompound) {
  static const char *axis[3] = {"x", "y", "z"};
  size_t d = n->loops.size();
  // A one-dimensional nest in a block of more dimensions spreads over all
  // the block's threads (linear thread id); a two-dimensional one in a 3-D
  // block runs in the z = 0 plane. No thread runs an iteration twice.
  bool linear = d == 1 && (shape.dim[1] > 1 || shape.dim[2] > 1) && !n->fixedShape;
  bool plane = d == 2 && shape.dim[2] > 1 && !n->fixedShape;
  // A nest whose trip counts are the block's shape (the usual case: the
  // block is sized for its largest nest) gives each thread exactly one
  // iteration; it is printed as such, without a loop, as a nest holding a
  // fetch always is. A `continue` of the nest needs the loop form.
  std::vector<const ContinueStmt *> jumps;
  ownContinues(n->loops.back().loop->getBody(), jumps);
  bool once = n->fixedShape || (jumps.empty() && exactShape(*n, linear));
  for (size_t i = 0; i < d; ++i) {
    const LoopInfo &li = n->loops[i];
    const char *ax = axis[d - 1 - i];
    std::string tid = linear ? "hy_tid" : std::string("threadIdx.") + ax;
    std::string ntid = linear ? "hy_nthreads" : std::string("blockDim.") + ax;
    replacePragma(R, *li.pragma, "// " + li.pragma->text + " (" + tid + ")");
    std::string idx = li.index->getName().str();
    std::string ty = li.declaresIndex ? indexType(li) + " " : "";
    std::string lo = "(" + text(li.lower) + ")";
    std::string step = stepText(li, textOf());
    std::string start = lo + " + (" + indexType(li) + ")" + tid +
                        (step == "1" ? "" : " * " + step);
    std::string header;
    if (once && evalInt(ctx, li.lower) == 0) // `const int tx = (int)threadIdx.x`
      start = "(" + indexType(li) + ")" + tid + (step == "1" ? "" : " * " + step);
    if (once)
      header = "if (" + (li.declaresIndex ? "const " + ty : "") + idx + " = " + start + "; true)";
    else
      header = "for (" + ty + idx + " = " + start + "; " + idx + " " + cmpText(li) + " (" +
               text(li.bound) + "); " + idx + " += (" + indexType(li) + ")" + ntid +
               (step == "1" ? "" : " * " + step) + ")";
    if (plane && i == 0)
      header = "if (threadIdx.z == 0) " + header;
    SourceLocation b = begin(li.loop);
    SourceLocation e = SM.getExpansionLoc(li.loop->getRParenLoc());
    replace(CharSourceRange::getTokenRange(b, e), header);
  }
  // Thread-level reductions: private partials, then a block reduction.
  std::string pre, post;
  for (const Reduction &r : n->reductions) {
    std::string name = r.var->getName().str();
    std::string part = "hy_" + name + "_t" + std::to_string(partialCounter++);
    std::string ty = outerType(r.var->getType());
    pre += ty + " " + part + " = " + opType(r.op) + "::identity<" + ty + ">(); ";
    post += " " + name + " = " + opType(r.op) + "::apply(" + name + ", hy::cuda::block_reduce<" +
            opType(r.op) + ">(" + part + "));";
    renameIn(n->stmt, r.var, part);
  }
  // Cross-block reduction variables updated by threads use the thread partial.
  for (const Reduction &r : k.reductions)
    if (!r.isArray) {
      bool own = false;
      for (const Reduction &x : n->reductions)
        own |= x.var == r.var;
      if (!own)
        renameIn(n->stmt, r.var, "hy_" + r.var->getName().str() + "_t");
    }
  unrollSmallLoops(n->loops.back().loop->getBody());
  if (n->fixedShape)
    threadBody(n->children.front().get());
  // A nest printed as `if (...)` (one iteration per thread, or the z = 0
  // plane) is braced where it is a branch of an `if`, so that an `else`
  // after it still belongs to that `if`.
  bool brace = !inCompound && (once || plane || !pre.empty());
  if (brace || !pre.empty()) {
    insertBefore(n->stmt, (brace ? "{ " : "") + pre);
    insertAfter(n->stmt, post + (brace ? " }" : ""));
  }
}

namespace {

// Does `s` subscript an array declared inside the thread code (a per-thread
// array of constant size, e.g. `W v[64]`) with the index `idx`?
bool subscriptsLocalArray(const Stmt *s, const VarDecl *idx) {
  if (!s)
    return false;
  if (const auto *ase = dyn_cast<ArraySubscriptExpr>(s)) {
    const Expr *base = ase->getBase()->IgnoreParenImpCasts();
    while (const auto *inner = dyn_cast<ArraySubscriptExpr>(base))
      base = inner->getBase()->IgnoreParenImpCasts();
    const auto *dr = dyn_cast<DeclRefExpr>(base);
    const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
    if (vd && vd->isLocalVarDecl() && isa<ConstantArrayType>(vd->getType().getTypePtr()))
      if (mentionsAny(ase->getIdx(), {idx}))
        return true;
  }
  for (const Stmt *c : s->children())
    if (subscriptsLocalArray(c, idx))
      return true;
  return false;
}

// Serial loops in thread code unroll fully when the per-thread arrays they
// index can then stay in registers: a constant trip count up to 16, or up
// to 64 when the loop's index subscripts such an array (`v[r]` in a loop
// over the 64 rows a thread owns).
bool smallLoop(const std::optional<LoopInfo> &li) {
  if (!li || !li->constTrip)
    return false;
  return *li->constTrip <= 16 ||
         (*li->constTrip <= 64 && subscriptsLocalArray(li->loop->getBody(), li->index));
}

std::optional<LoopInfo> serialLoop(ASTContext &ctx, const ForStmt *fs) {
  return analyzeCanonicalLoop(ctx, fs, nullptr, /*diagnose=*/false);
}

// Only small loops inside: straight-line code once those are unrolled.
bool onlySmallLoops(ASTContext &ctx, const Stmt *s) {
  if (!s)
    return true;
  if (const auto *fs = dyn_cast<ForStmt>(s))
    if (!smallLoop(serialLoop(ctx, fs)))
      return false;
  if (isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s))
    return false;
  for (const Stmt *c : s->children())
    if (!onlySmallLoops(ctx, c))
      return false;
  return true;
}

} // namespace

void KernelPrinter::unrollSmallLoops(const Stmt *s) {
  if (!s)
    return;
  if (const auto *fs = dyn_cast<ForStmt>(s))
    if (!k.blockLoops.empty()) {
      auto li = serialLoop(ctx, fs);
      if (li && registerRow(fs, *li))
        return;
      if (smallLoop(li))
        R.InsertTextBefore(begin(fs), "_Pragma(\"unroll\") ");
      // A longer loop whose body is straight-line after that (a register-
      // blocked inner product) unrolls 8 times: the compiler can then issue
      // the next steps' loads early, which matters with few resident warps.
      else if (li && li->constTrip && *li->constTrip >= 32 && onlySmallLoops(ctx, fs->getBody()))
        R.InsertTextBefore(begin(fs), "_Pragma(\"unroll 8\") ");
    }
  for (const Stmt *c : s->children())
    unrollSmallLoops(c);
}

void KernelPrinter::renameIn(const Stmt *s, const VarDecl *v, const std::string &to) {
  std::vector<Access> acc;
  collectAccesses(s, acc);
  for (const Access &a : acc)
    if (a.var == v && !a.element && !renamed.count(a.expr)) {
      renamed.insert(a.expr);
      SourceLocation at = SM.getExpansionLoc(a.expr->getBeginLoc());
      replace(CharSourceRange::getCharRange(at, at.getLocWithOffset(v->getName().size())), to);
    }
}

} // namespace hy::cudagen

// KernelPrinter, worklist pushes aggregated per block (docs/cuda.md,
// "Worklist pushes"; the runtime side is hy/cuda/block_push.cuh). Each
// `w.push(x)` written in the kernel on a worklist the kernel receives
// becomes `hy_push_w.push(x)`: the item goes to a buffer in the block's
// shared memory, which the block writes to the list with one atomic at the
// top of a grid-loop iteration when it is half full and at the kernel's end.
// Pushes that cannot take that form keep the warp form (the view's own
// push, one atomic per group of converged lanes) and say why in the report.
#include "cuda/CudaKernel.h"
#include "clang/AST/ExprCXX.h"

namespace hy::cudagen {

namespace {

// The source ranges of the lambdas inside `s` (their pushes run in another
// function, where the kernel's buffer is not in scope under that name when
// the lambda lists its captures).
void lambdaRanges(const Stmt *s, std::vector<SourceRange> &out) {
  if (!s)
    return;
  if (const auto *le = dyn_cast<LambdaExpr>(s))
    out.push_back(le->getSourceRange());
  for (const Stmt *c : s->children())
    lambdaRanges(c, out);
}

} // namespace

void KernelPrinter::planPushes() {
  std::vector<Access> acc;
  collectAccesses(k.blockLoops.front().loop, acc);
  std::vector<SourceRange> lambdas;
  lambdaRanges(k.blockLoops.front().loop, lambdas);
  // Reasons that keep every push of the kernel in the warp form.
  std::string kernelReason;
  if (k.scan)
    kernelReason = "a scan kernel's blocks end in the scan's own shared memory";
  else if (useDynamic)
    kernelReason = "the kernel's tiles are sized at run time (dynamic shared memory)";
  std::set<const VarDecl *> lists;
  for (const Access &a : acc)
    if (a.push && classifyArray(a.var->getType()).kind == ArrayKind::Worklist)
      lists.insert(a.var);
  if (kernelReason.empty() && !lists.empty() &&
      sharedBytes + (long long)lists.size() * kPushBufferBytes > kStaticSmemLimit)
    kernelReason = "its tiles (" + std::to_string(sharedBytes) + " bytes) leave no room for " +
                   std::to_string(lists.size()) + " push buffer(s) of up to " +
                   std::to_string(kPushBufferBytes) + " bytes in " +
                   std::to_string(kStaticSmemLimit) + " bytes of static shared memory";
  auto captured = [&](const VarDecl *v) {
    for (const Capture &c : k.captures)
      if (c.var == v)
        return c.array.kind == ArrayKind::Worklist;
    return false;
  };
  for (const Access &a : acc) {
    if (!a.push || classifyArray(a.var->getType()).kind != ArrayKind::Worklist)
      continue;
    const SourceLocation loc = a.pushCall ? a.pushCall->getBeginLoc() : a.expr->getBeginLoc();
    auto inLambda = [&] {
      for (const SourceRange &r : lambdas)
        if (!SM.isBeforeInTranslationUnit(a.expr->getBeginLoc(), r.getBegin()) &&
            !SM.isBeforeInTranslationUnit(r.getEnd(), a.expr->getBeginLoc()))
          return true;
      return false;
    };
    std::string reason = kernelReason;
    if (!reason.empty())
      ; // the kernel's reason
    else if (!a.pushCall)
      reason = "it is pushed to inside a function the kernel calls";
    else if (!captured(a.var) || !isa<DeclRefExpr>(a.expr))
      reason = "the list is not one of the kernel's parameters";
    else if (a.expr->getBeginLoc().isMacroID() || loc.isMacroID())
      reason = "the push is written in a macro";
    else if (inLambda())
      reason = "the push is inside a lambda";
    const std::string name = a.var->getName().str();
    if (reason.empty()) {
      blockLists.insert(a.var);
      blockPushes.push_back(cast<DeclRefExpr>(a.expr));
      remark(in, SM.getExpansionLoc(loc),
             "push to '" + name + "': aggregated per block (a shared-memory buffer of the " +
                 "block, written to the list with one atomic when half full and at the "
                 "kernel's end; -DHY_PUSH=warp: one atomic per warp)");
    } else
      remark(in, SM.getExpansionLoc(loc),
             "push to '" + name + "': aggregated per warp (one atomic per group of converged "
                                  "lanes), not per block: " + reason);
  }
}

void KernelPrinter::rewritePushes() {
  for (const DeclRefExpr *d : blockPushes)
    R.ReplaceText(SM.getExpansionLoc(d->getLocation()), d->getNameInfo().getAsString().size(),
                  pushName(cast<VarDecl>(d->getDecl())));
}

std::string KernelPrinter::pushName(const VarDecl *v) const {
  return "hy_push_" + v->getName().str();
}

std::string KernelPrinter::pushList() const {
  std::string s;
  for (const VarDecl *v : blockLists)
    s += (s.empty() ? "" : ", ") + pushName(v);
  return s;
}

std::string KernelPrinter::pushPreamble() const {
  if (blockLists.empty())
    return "";
  std::string s = "  // Pushes aggregated per block (hy/cuda/block_push.cuh): a buffer in shared "
                  "memory per list.\n";
  const std::string threads = std::to_string(shape.total());
  for (const VarDecl *v : blockLists) {
    std::string elem;
    for (const Capture &c : k.captures)
      if (c.var == v)
        elem = outerType(c.array.elem);
    const std::string name = v->getName().str();
    s += "  __shared__ hy::cuda::push_buffer<" + elem + ", " + threads + "> hy_pushbuf_" + name +
         ";\n";
    s += "  hy::cuda::block_push<" + elem + ", " + threads + "> " + pushName(v) + "{" + name +
         ", &hy_pushbuf_" + name + "};\n";
  }
  s += "  hy::cuda::push_start(" + pushList() + ");\n";
  return s;
}

} // namespace hy::cudagen

// KernelPrinter, the block's shape: the largest constant trip count of each
// dimension over the kernel's thread nests, capped at 1024 threads; nests
// that hold a fetch must have exactly that shape.
#include "cuda/CudaKernel.h"

namespace hy::cudagen {

bool KernelPrinter::print(std::string &kernelText) {
  // First: the names the kernel's text needs at namespace scope, so that
  // every later rewrite copies text that has them.
  scope.run();
  for (auto &f : k.fetches) { // their pragma lines are replaced later
    for (const Expr *e : f->sizes)
      text(e);
    for (const Expr *e : f->origins)
      text(e);
  }
  computeShape();
  if (!ok)
    return false;
  computeTiles();
  if (!checkSharedBudget(in, k, peakBytes))
    ok = false;
  if (!ok)
    return false;
  planPushes();
  rewritePushes();
  rewriteBody();
  kernelText = k.scan ? scanDefinition() : kernelDefinition();
  return ok;
}

void KernelPrinter::shapeOf(const Node *n) {
  if (n->kind == NodeKind::ThreadNest) {
    size_t d = n->loops.size();
    long long prod = 1;
    for (size_t i = 0; i < d; ++i) {
      const LoopInfo &li = n->loops[d - 1 - i]; // innermost -> x
      long long t = li.constTrip ? std::max<long long>(*li.constTrip, 1)
                                 : (d == 1 ? kDefaultThreads : 16);
      if (!li.constTrip && i == 2)
        t = 4;
      shape.dim[i] = std::max(shape.dim[i], t);
      prod *= t;
    }
    (void)prod;
    nests.push_back(n);
  }
  for (auto &c : n->children)
    shapeOf(c.get());
}

void KernelPrinter::computeShape() {
  shapeOf(k.body.get());
  if (nests.empty() && k.fetches.empty() && gridPerLoop()) {
    flat = true;
    shape.dim[0] = kFlatThreads;
    return;
  }
  // Keep within 1024 threads: halve the largest non-fixed dimension.
  while (shape.total() > kMaxThreads) {
    int best = 0;
    for (int i = 1; i < 3; ++i)
      if (shape.dim[i] > shape.dim[best])
        best = i;
    shape.dim[best] = (shape.dim[best] + 1) / 2;
  }
  for (const Node *n : nests) {
    if (!n->fixedShape)
      continue;
    size_t d = n->loops.size();
    for (int i = 0; i < 3; ++i) {
      long long want = i < (int)d ? *n->loops[d - 1 - i].constTrip : 1;
      if (want != shape.dim[i]) {
        std::string msg = "its shape is " + shapeText(n) + " but the block is " +
                          std::to_string(shape.dim[0]) + "x" + std::to_string(shape.dim[1]) +
                          "x" + std::to_string(shape.dim[2]);
        report(ctx.getDiagnostics(), n->stmt->getBeginLoc(), Diag::FetchNestShape) << msg;
        ok = false;
        return;
      }
    }
  }
}

std::string KernelPrinter::shapeText(const Node *n) {
  std::string s;
  size_t d = n->loops.size();
  for (int i = 0; i < 3; ++i) {
    long long t = i < (int)d && n->loops[d - 1 - i].constTrip ? *n->loops[d - 1 - i].constTrip : 1;
    s += (i ? "x" : "") + std::to_string(t);
  }
  return s;
}

} // namespace hy::cudagen

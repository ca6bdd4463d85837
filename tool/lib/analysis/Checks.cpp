// Semantic checks over the model, kernel by kernel (Checker.h): reduction
// clauses resolved and typed, no writes to outer scalars except reductions,
// array-reduction updates in an atomic-able form, the data a kernel may use,
// and the fetch rules (block-uniform origins, no divergent fetch, one
// iteration per thread, every access matched to exactly one tile).
#include "AffineIndex.h"
#include <functional>

namespace hy {

namespace checks {

void forEachLoop(const Kernel &k, llvm::function_ref<void(const LoopInfo &)> f) {
  for (const LoopInfo &li : k.blockLoops)
    f(li);
  std::function<void(const Node *)> walk = [&](const Node *n) {
    for (const LoopInfo &li : n->loops)
      f(li);
    for (const auto &c : n->children)
      walk(c.get());
  };
  if (k.body)
    walk(k.body.get());
}

Checker::Checker(ASTContext &ctx, Kernel &k, const std::vector<const Kernel *> &earlier)
    : earlier(earlier), ctx(ctx), DE(ctx.getDiagnostics()), k(k) {}
Checker::~Checker() = default;

bool Checker::run() {
  const Stmt *region = k.blockLoops.front().loop;
  collectDeclaredVars(region, k.locals);
  for (const LoopInfo &li : k.blockLoops)
    k.locals.insert(li.index);
  collectAccesses(region, regionAccesses);
  // The variables of reduction clauses with an error (reported by the
  // parser, which left the clause out): no write to them is reported again.
  forEachLoop(k, [&](const LoopInfo &li) {
    for (const NamedLoc &n : li.pragma ? li.pragma->brokenReductionVars : std::vector<NamedLoc>{})
      for (const Access &a : regionAccesses)
        if (a.var->getName() == n.name && !k.locals.count(a.var))
          rejectedReduction.insert(a.var);
  });

  resolveBlockReductions();
  resolveThreadReductions(k.body.get());
  checkScan();
  checkCaptures();
  checkWrites(k.body.get(), {});
  checkArrayUpdates(region);
  checkWorklists();
  checkRaces();
  for (auto &f : k.fetches)
    checkFetch(*f);
  checkFetchPlacement(k.body.get(), nullptr, {});
  std::set<const Stmt *> parallelLoops;
  for (const LoopInfo &li : k.blockLoops)
    parallelLoops.insert(li.loop);
  collectThreadLoops(k.body.get(), parallelLoops);
  checkJumps(region, parallelLoops, /*breakable=*/false);
  checkIndexAfterLoops();
  return ok;
}

} // namespace checks

bool checkModel(clang::ASTContext &ctx, TranslationModel &model) {
  bool ok = true;
  // The generated code's names are `hy_...` (CheckNames.cpp).
  if (!model.kernels.empty())
    ok &= checkReservedNames(
        ctx, [](llvm::StringRef n) { return n.starts_with("hy_"); }, Diag::ReservedName);
  std::vector<const Kernel *> earlier;
  for (auto &k : model.kernels) {
    ok &= checks::Checker(ctx, *k, earlier).run();
    earlier.push_back(k.get());
  }
  ok &= checkZones(ctx, model);
  return ok;
}

} // namespace hy

// The work estimate of an OpenMP kernel's iteration (CpuWork.h): a count
// over the AST of the loop body, not a timing model. It only has to tell
// a loop of a few thousand cheap iterations (faster on one thread than
// forked) from one that fills the cores; the threshold it is compared
// with at run time was measured (docs/perf/cpu.md, "Small loops").
#include "cpu/CpuWork.h"
#include "hy/Analysis.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

using namespace clang;

namespace hy {

namespace {

constexpr long long kUnknownTrips = 8;
constexpr long long kCap = 1LL << 40; // no overflow however deep the nest

long long capped(long long v) { return std::min(v, kCap); }

// The constant trip count of `for (i = a; i CMP b; i++ / i += c)`, when
// the loop has that shape and a, b, c are constants.
std::optional<long long> constTrips(ASTContext &ctx, const ForStmt *f) {
  if (auto li = analyzeCanonicalLoop(ctx, f, nullptr, /*diagnose=*/false))
    if (li->constTrip)
      return *li->constTrip;
  return std::nullopt;
}

long long cost(ASTContext &ctx, const Stmt *s) {
  if (!s)
    return 0;
  if (const auto *f = dyn_cast<ForStmt>(s)) {
    long long per = capped(cost(ctx, f->getCond()) + cost(ctx, f->getInc()) + cost(ctx, f->getBody()));
    long long trips = constTrips(ctx, f).value_or(kUnknownTrips);
    return capped(cost(ctx, f->getInit()) + capped(std::max(trips, 0LL) * per));
  }
  if (const auto *r = dyn_cast<CXXForRangeStmt>(s))
    return capped(kUnknownTrips * (1 + cost(ctx, r->getBody())));
  if (const auto *w = dyn_cast<WhileStmt>(s))
    return capped(kUnknownTrips * (cost(ctx, w->getCond()) + cost(ctx, w->getBody())));
  if (const auto *d = dyn_cast<DoStmt>(s))
    return capped(kUnknownTrips * (cost(ctx, d->getCond()) + cost(ctx, d->getBody())));
  if (const auto *i = dyn_cast<IfStmt>(s))
    return capped(cost(ctx, i->getInit()) + cost(ctx, i->getCond()) +
                  std::max(cost(ctx, i->getThen()), cost(ctx, i->getElse())));
  if (isa<LambdaExpr>(s))
    return 1; // its body runs where it is called
  long long own = 0;
  if (isa<BinaryOperator>(s) || isa<UnaryOperator>(s) || isa<ArraySubscriptExpr>(s) ||
      isa<AbstractConditionalOperator>(s))
    own = 1;
  else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s))
    own = op->getOperator() == OO_Call || op->getOperator() == OO_Subscript ? 1 : 4;
  else if (isa<CallExpr>(s))
    own = 4;
  long long sum = own;
  for (const Stmt *c : s->children())
    sum = capped(sum + cost(ctx, c));
  return sum;
}

} // namespace

long long cpuWorkPerIteration(ASTContext &ctx, const Kernel &k, unsigned collapsed) {
  const ForStmt *innermost = k.blockLoops[collapsed - 1].loop;
  return std::max(1LL, cost(ctx, innermost->getBody()));
}

} // namespace hy

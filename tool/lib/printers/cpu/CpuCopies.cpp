// The per-thread copies of an OpenMP kernel. A variable the outlined loop
// shares is reached through a pointer: the compiler reloads it (a scalar,
// an array's data pointer) after every store it cannot tell apart from it,
// and loops over arrays do not vectorise. One thread then ran such loops
// up to 1.45x slower than the serial build, which keeps them in registers.
// Copies per thread restore that: `firstprivate` scalars, and for arrays,
// which must not be copied, a view (pointer and extents) under the array's
// own name, so that the loop text stays as written.
#include "cpu/CpuCopies.h"
#include "hy/Analysis.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hy {

namespace {

// Uses of a structured binding declared outside the kernel.
class OuterBindings : public RecursiveASTVisitor<OuterBindings> {
public:
  explicit OuterBindings(const Kernel &k) : k(k) {}
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (const auto *b = dyn_cast<BindingDecl>(e->getDecl()))
      if (const auto *d = dyn_cast_or_null<VarDecl>(b->getDecomposedDecl()); !d || !k.locals.count(d))
        found = true;
    return !found;
  }
  const Kernel &k;
  bool found = false;
};

// The DeclRefExprs in the fetch probes, which have no text on the CPU.
void probeRefs(const Stmt *s, std::set<const Expr *> &out) {
  if (!s)
    return;
  if (const auto *e = dyn_cast<DeclRefExpr>(s))
    out.insert(e);
  for (const Stmt *c : s->children())
    probeRefs(c, out);
}

} // namespace

CpuCopies cpuCopies(const PrintInput &in, const Kernel &k) {
  CpuCopies c;
  const Stmt *region = k.blockLoops.front().loop;
  OuterBindings ob(k);
  ob.TraverseStmt(const_cast<Stmt *>(region));
  c.lambda = !ob.found;
  // An index declared before its loop (`int i; for (i = 0; ...)`) would be
  // a captured reference in the lambda, which no OpenMP loop may iterate.
  for (const LoopInfo &li : k.blockLoops) {
    const auto *init = dyn_cast_or_null<DeclStmt>(li.loop->getInit());
    bool declaredHere = false;
    if (init)
      for (const Decl *d : init->decls())
        declaredHere |= d == li.index;
    if (!declaredHere)
      c.lambda = false;
  }
  std::set<const Expr *> inProbes;
  for (const auto &f : k.fetches)
    if (f->probe)
      probeRefs(f->probe->getCond(), inProbes);
  std::vector<Access> acc;
  collectAccesses(region, acc);
  for (const Capture &cap : k.captures) {
    const VarDecl *v = cap.var;
    if (!v->hasLocalStorage())
      continue; // a static local: not captured, and shared anyway
    if (v->isParameterPack())
      continue; // no copy: neither a capture nor firstprivate names a pack (the '&' takes it)
    QualType t = v->getType();
    if (cap.array.kind == ArrayKind::None) {
      if (!cap.written && !cap.reduction && !t->isReferenceType() &&
          (t->isArithmeticType() || t->isEnumeralType() || t->isDependentType()) &&
          !v->isUsableInConstantExpressions(in.ctx))
        c.scalars.push_back(v->getName().str());
      continue;
    }
    if (!c.lambda ||
        (cap.array.kind != ArrayKind::HyArray && cap.array.kind != ArrayKind::StdVector))
      continue;
    // Indexed only (elements, extent(), size()): anything else (a call
    // that takes the array, a member function) needs the array itself.
    bool indexed = true;
    for (const Access &a : acc)
      if (a.var == v && !a.element && !a.meta && !inProbes.count(a.expr))
        indexed = false;
    if (indexed)
      c.views.push_back(v->getName().str());
  }
  return c;
}

std::string CpuCopies::firstprivate() const {
  std::string s;
  for (const auto *list : {&scalars, &views})
    for (const std::string &n : *list)
      s += (s.empty() ? "" : ", ") + n;
  return s;
}

std::string CpuCopies::open() const {
  if (!lambda || (scalars.empty() && views.empty()))
    return "{ ";
  std::string s = "[&";
  for (const std::string &n : scalars)
    s += ", " + n;
  for (const std::string &n : views)
    s += ", " + n + " = hy::view_of(" + n + ")";
  return s + "] { ";
}

std::string CpuCopies::close() const {
  return !lambda || (scalars.empty() && views.empty()) ? "}" : "}();";
}

} // namespace hy

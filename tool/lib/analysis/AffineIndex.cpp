// AffineIndex.h: index expressions as sums of coefficient x loop digit.
#include "AffineIndex.h"
#include <algorithm>

namespace hy::checks {

Poly constant(int64_t c) { return c ? Poly{{Mono{}, c}} : Poly{}; }
Poly add(Poly a, const Poly &b, int64_t sign) {
  for (auto &[m, c] : b)
    if ((a[m] += sign * c) == 0)
      a.erase(m);
  return a;
}
Poly mul(const Poly &a, const Poly &b) {
  Poly out;
  for (auto &[ma, ca] : a)
    for (auto &[mb, cb] : b) {
      Mono m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      std::sort(m.begin(), m.end());
      if ((out[m] += ca * cb) == 0)
        out.erase(m);
    }
  return out;
}
// Every invariant that appears is taken as at least 1 (a trip count of a
// loop that runs, a size): p > 0 for all such values when its monomials'
// coefficients are not negative and p(1, ..., 1) > 0.
bool positive(const Poly &p) {
  int64_t at1 = 0;
  for (auto &[m, c] : p) {
    if (!m.empty() && c < 0)
      return false;
    at1 += c;
  }
  return at1 > 0;
}
// |p| when all coefficients share a sign; nullopt otherwise.
std::optional<Poly> magnitude(const Poly &p) {
  bool pos = false, neg = false;
  for (auto &[m, c] : p)
    (c > 0 ? pos : neg) = true;
  if (pos && neg)
    return std::nullopt;
  return neg ? add(Poly{}, p, -1) : p;
}

std::optional<int64_t> constValue(const Poly &p) {
  int64_t v = 0;
  for (auto &[m, c] : p) {
    if (!m.empty())
      return std::nullopt;
    v += c;
  }
  return v;
}

Affine subtract(Affine a, const Affine &b) {
  if (a.opaque || b.opaque) {
    a.opaque = true;
    return a;
  }
  for (auto &[v, c] : b.digits)
    a.digits[v] = add(a.digits[v], c, -1);
  a.inv = add(a.inv, b.inv, -1);
  return a;
}

AffineForms::AffineForms(ASTContext &ctx, const Kernel &k,
                         const std::vector<Access> &regionAccesses)
    : ctx(ctx), k(k) {
  for (const Access &a : regionAccesses)
    if (a.write)
      written.insert(a.var);
  for (const LoopInfo &li : k.blockLoops)
    addLoop(li, true);
  addThreadLoops(k.body.get());
  collectSerialLoops(k.blockLoops.front().loop);
}

void AffineForms::addLoop(const LoopInfo &li, bool parallel) {
  if (digits.count(li.index))
    return;
  Digit d;
  d.loop = &li;
  d.parallel = parallel;
  if (li.constTrip)
    d.trip = constant(*li.constTrip);
  else if (li.constStep && (*li.constStep == 1 || *li.constStep == -1)) {
    Affine lo = affine(li.lower), hi = affine(li.bound);
    if (!lo.opaque && !hi.opaque && lo.digits.empty() && hi.digits.empty()) {
      Poly span = *li.constStep > 0 ? add(hi.inv, lo.inv, -1) : add(lo.inv, hi.inv, -1);
      if (li.cmp == BO_LE || li.cmp == BO_GE)
        span = add(span, constant(1));
      d.trip = span;
    }
  }
  digits[li.index] = d;
}

void AffineForms::addThreadLoops(const Node *n) {
  if (n->kind == NodeKind::ThreadNest)
    for (const LoopInfo &li : n->loops)
      addLoop(li, true);
  for (auto &c : n->children)
    addThreadLoops(c.get());
}

// Serial loops inside the kernel: their indices are digits too (any
// value in their range, one iteration may write several elements).
void AffineForms::collectSerialLoops(const Stmt *s) {
  if (!s)
    return;
  if (const auto *fs = dyn_cast<ForStmt>(s))
    if (auto li = analyzeCanonicalLoop(ctx, fs, nullptr, /*diagnose=*/false))
      if (li->declaresIndex && !digits.count(li->index)) {
        serial.push_back(std::make_unique<LoopInfo>(*li));
        addLoop(*serial.back(), false);
      }
  for (const Stmt *c : s->children())
    collectSerialLoops(c);
}

unsigned AffineForms::atomId(const Expr *e) {
  for (unsigned i = 0; i < atoms.size(); ++i)
    if (sameExpr(ctx, atoms[i], e))
      return i;
  atoms.push_back(e);
  return atoms.size() - 1;
}

// The same value in every iteration: no loop index, no local that is
// not itself invariant, no element of an array the kernel writes.
bool AffineForms::invariant(const Expr *e, std::string &why, int depth) {
  std::vector<Access> uses;
  collectAccesses(e, uses);
  for (const Access &u : uses) {
    if (digits.count(u.var))
      return false;
    if (u.meta)
      continue;
    if (u.element) {
      if (written.count(u.var) || !allInvariant(u.indices, why, depth)) {
        why = "it depends on '" + u.var->getName().str() + "', read from memory";
        return false;
      }
      continue;
    }
    if (k.locals.count(u.var)) {
      if (written.count(u.var) || !u.var->getInit() || depth > 8 ||
          !invariant(u.var->getInit(), why, depth + 1))
        return false;
    } else if (written.count(u.var)) {
      return false;
    }
  }
  return true;
}
bool AffineForms::allInvariant(const std::vector<const Expr *> &es, std::string &why, int depth) {
  for (const Expr *e : es)
    if (!invariant(e, why, depth + 1))
      return false;
  return true;
}

Affine AffineForms::opaque(const std::string &why) {
  Affine a;
  a.opaque = true;
  a.why = why;
  return a;
}

// A local defined once (`const long long first = off(u);`) stands for its
// initializer.
const Expr *AffineForms::throughLocals(const Expr *e) const {
  for (int n = 0; e && n < 8; ++n) {
    e = e->IgnoreParenImpCasts();
    const VarDecl *vd = refVar(e);
    if (!vd || !k.locals.count(vd) || written.count(vd) || !vd->getInit())
      break;
    e = vd->getInit();
  }
  return e ? e->IgnoreParenImpCasts() : e;
}

// `A(x)` / `A[x]` of a 1-D array the kernel does not write: its access.
std::optional<Access> AffineForms::readOnlyElement(const Expr *e) const {
  std::vector<Access> uses;
  collectAccesses(e, uses);
  for (const Access &u : uses)
    if (u.element && u.indices.size() == 1 && !written.count(u.var) &&
        u.elementExpr->IgnoreParenImpCasts() == e)
      return u;
  return std::nullopt;
}

std::shared_ptr<const RowWalk> AffineForms::rowWalk(const LoopInfo &li, int depth) {
  if (!li.constStep || *li.constStep <= 0 || (li.cmp != BO_LT && li.cmp != BO_LE))
    return nullptr;
  // lower: A(x) or A(x) + L
  const Expr *lo = throughLocals(li.lower);
  const Expr *start = lo, *rest = nullptr;
  if (const auto *bo = dyn_cast<BinaryOperator>(lo); bo && bo->getOpcode() == BO_Add) {
    start = throughLocals(bo->getLHS());
    rest = bo->getRHS();
    if (!readOnlyElement(start))
      std::swap(start, rest), start = throughLocals(start);
  }
  std::optional<Access> first = readOnlyElement(start);
  if (!first)
    return nullptr;
  const VarDecl *offsets = first->var;
  Affine x = affine(first->indices[0], depth + 1);
  // bound: A(x + 1) with <, A(x + 1) - 1 with <=
  const Expr *hi = throughLocals(li.bound);
  if (li.cmp == BO_LE) {
    const auto *bo = dyn_cast<BinaryOperator>(hi);
    auto one = bo && bo->getOpcode() == BO_Sub ? evalInt(ctx, bo->getRHS()) : std::nullopt;
    if (!one || *one != 1)
      return nullptr;
    hi = throughLocals(bo->getLHS());
  }
  std::optional<Access> last = readOnlyElement(hi);
  if (!last || last->var != offsets || x.opaque)
    return nullptr;
  Affine diff = subtract(affine(last->indices[0], depth + 1), x);
  bool nextRow = !diff.opaque && constValue(diff.inv) == 1;
  for (auto &[v, c] : diff.digits)
    nextRow &= c.empty();
  if (!nextRow)
    return nullptr;
  // L >= 0: non-negative coefficients and part.
  Affine pos = rest ? affine(rest, depth + 1) : Affine{};
  if (pos.opaque)
    return nullptr;
  auto nonNegative = [](const Poly &p) { 
    return p.empty() || positive(p) || (constValue(p) && *constValue(p) >= 0);
  };
  bool ok = nonNegative(pos.inv);
  for (auto &[v, c] : pos.digits)
    ok &= nonNegative(c);
  if (!ok)
    return nullptr;
  pos.digits[li.index] = add(pos.digits[li.index], constant(*li.constStep));
  auto w = std::make_shared<RowWalk>();
  w->row = std::move(x);
  w->position = std::move(pos);
  return w;
}

Affine AffineForms::affine(const Expr *e, int depth) {
  if (!e || depth > 16)
    return opaque("");
  e = e->IgnoreParens();
  if (const auto *ce = dyn_cast<CastExpr>(e))
    if (ce->getType()->isIntegerType() && ce->getSubExpr()->getType()->isIntegerType())
      return affine(ce->getSubExpr(), depth + 1);
  if (auto v = evalInt(ctx, e)) {
    Affine a;
    a.inv = constant(*v);
    return a;
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    if (const auto *vd = dyn_cast<VarDecl>(dre->getDecl())) {
      auto it = digits.find(vd);
      if (it != digits.end()) {
        const LoopInfo &li = *it->second.loop;
        if (!li.constStep)
          return opaque("");
        Affine a = affine(li.lower, depth + 1);
        if (a.opaque && !it->second.parallel)
          a.row = rowWalk(li, depth);
        a.digits[vd] = add(a.digits[vd], constant(*li.constStep));
        return a;
      }
      if (k.locals.count(vd) && !written.count(vd) && vd->getInit())
        return affine(vd->getInit(), depth + 1);
    }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_Add || op == BO_Sub) {
      Affine l = affine(bo->getLHS(), depth + 1), r = affine(bo->getRHS(), depth + 1);
      if (l.opaque || r.opaque)
        return opaque(!l.why.empty() ? l.why : r.why);
      int64_t sign = op == BO_Add ? 1 : -1;
      for (auto &[v, c] : r.digits)
        l.digits[v] = add(l.digits[v], c, sign);
      l.inv = add(l.inv, r.inv, sign);
      return l;
    }
    if (op == BO_Mul) {
      Affine l = affine(bo->getLHS(), depth + 1), r = affine(bo->getRHS(), depth + 1);
      if (l.opaque || r.opaque)
        return opaque(!l.why.empty() ? l.why : r.why);
      if (!l.digits.empty() && !r.digits.empty())
        return opaque("");
      if (l.digits.empty())
        std::swap(l, r);
      for (auto &[v, c] : l.digits)
        c = mul(c, r.inv);
      l.inv = mul(l.inv, r.inv);
      return l;
    }
  }
  // x % C of a non-negative x lies in 0..C-1: a digit nothing determines,
  // of known span (r % T in a row index).
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Rem) {
    auto c = evalInt(ctx, bo->getRHS());
    Affine x = affine(bo->getLHS(), depth + 1);
    bool nonNegative = !x.opaque && (x.inv.empty() || positive(x.inv) ||
                                     (constValue(x.inv) && *constValue(x.inv) >= 0));
    for (auto &[v, coef] : x.digits)
      nonNegative &= coef.empty() || (magnitude(coef) && *magnitude(coef) == coef);
    if (c && *c > 0 && nonNegative) {
      Digit d;
      d.trip = constant(*c);
      digits[e] = d;
      Affine a;
      a.digits[e] = constant(1);
      return a;
    }
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e))
    if (uo->getOpcode() == UO_Minus) {
      Affine a = affine(uo->getSubExpr(), depth + 1);
      for (auto &[v, c] : a.digits)
        c = add(Poly{}, c, -1);
      a.inv = add(Poly{}, a.inv, -1);
      return a;
    }
  // An item of a worklist whose items are distinct determines its position.
  if (!distinctItems.empty())
    if (auto item = readOnlyElement(e->IgnoreParenImpCasts());
        item && distinctItems.count(item->var)) {
      auto w = std::make_shared<RowWalk>();
      w->row = affine(item->indices[0], depth + 1);
      Affine a = opaque("it depends on '" + item->var->getName().str() + "', read from memory");
      a.row = w;
      return a;
    }
  std::string why;
  if (invariant(e, why)) {
    Affine a;
    a.inv[Mono{atomId(e)}] = 1;
    return a;
  }
  return opaque(why);
}


} // namespace hy::checks

// Checker, races: a write to an array element inside a kernel must go to a
// different element for every combination of the parallel indices around
// it (the block loops, and the thread loops of its nest), or two iterations
// write one element and the result depends on their order: a race on every
// parallel target, silent until the numbers are wrong (a histogram without
// its reduction clause). hyc proves what it can and warns (-Why-race) about
// the rest; arrays named in a reduction clause (atomics) or in a
// `disjoint(a)` clause (the programmer's promise) are not checked.
//
// The proof: each index is turned into a sum of terms coef x digit, where
// a digit runs over 0..trip-1 (a loop index i = lower + step x digit, through
// the locals of the kernel that are defined once), coefficients are
// polynomials of loop-invariant values with integer factors, and anything
// else (data read in the loop, a call, a product of two indices) makes the
// index opaque. An index determines a digit when the digit's coefficient
// exceeds what all smaller terms can add (mixed radix: in o + i with
// o = b x 16 and i < 16 both b and i are determined); digits found in one
// index count as known in the others (A(i, i + j)). The write is safe when
// every parallel digit is determined. Branches `if (x == c)` on a parallel
// index fix that index inside them.
#include "AffineIndex.h"

namespace hy::checks {

namespace {

class Races {
public:
  Races(ASTContext &ctx, DiagnosticsEngine &DE, const Kernel &k,
        const std::vector<Access> &regionAccesses)
      : ctx(ctx), DE(DE), k(k), acc(regionAccesses), forms(ctx, k, regionAccesses) {}

  void run() {
    std::set<const VarDecl *> disjoint, reduced;
    for (const Reduction &r : k.reductions)
      if (r.isArray)
        reduced.insert(r.var);
    for (const LoopInfo &li : k.blockLoops)
      noteDisjoint(li, disjoint);
    std::set<const Expr *> done;
    for (const Access &a : acc) {
      if (!a.write || !a.element || k.locals.count(a.var) || reduced.count(a.var) ||
          !done.insert(a.elementExpr).second)
        continue;
      ArrayType t = classifyArray(a.var->getType());
      if (t.kind != ArrayKind::HyArray && t.kind != ArrayKind::StdVector)
        continue;
      const Node *nest = nestOf(k.body.get(), a.expr);
      std::vector<const LoopInfo *> parallel;
      std::set<const VarDecl *> silenced = disjoint;
      for (const LoopInfo &li : k.blockLoops)
        parallel.push_back(&li);
      if (nest)
        for (const LoopInfo &li : nest->loops) {
          noteDisjoint(li, silenced);
          parallel.push_back(&li);
        }
      if (silenced.count(a.var))
        continue;
      check(a, parallel);
    }
    for (const LoopInfo *li : disjointLoops)
      for (const NamedLoc &n : li->pragma->disjoint)
        if (!usedDisjoint.count(n.name)) {
          bool isReduction = false;
          for (const VarDecl *v : reduced)
            isReduction |= v->getName() == n.name;
          report(DE, n.loc, isReduction ? Diag::DisjointReduction : Diag::DisjointUnused)
              << n.name;
        }
  }

private:
  void noteDisjoint(const LoopInfo &li, std::set<const VarDecl *> &out) {
    if (li.pragma->disjoint.empty())
      return;
    if (std::find(disjointLoops.begin(), disjointLoops.end(), &li) == disjointLoops.end())
      disjointLoops.push_back(&li);
    for (const NamedLoc &n : li.pragma->disjoint)
      for (const Access &a : acc)
        if (a.write && a.element && a.var->getName() == n.name) {
          out.insert(a.var);
          usedDisjoint.insert(n.name);
        }
  }

  static const Node *nestOf(const Node *n, const Expr *e) {
    if (n->kind == NodeKind::ThreadNest && n->stmt->getSourceRange().fullyContains(e->getSourceRange()))
      return n;
    for (auto &c : n->children)
      if (const Node *r = nestOf(c.get(), e))
        return r;
    return nullptr;
  }

  // Parallel indices that a branch around the write fixes: the write runs
  // only for one value of x in `if (x == c) write` (or the else of !=).
  void fixedByBranches(const Expr *w, std::set<DigitKey> &known) {
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *is = dyn_cast<IfStmt>(s)) {
        const auto *c = dyn_cast<BinaryOperator>(is->getCond()->IgnoreParenImpCasts());
        auto holds = [&](const Stmt *branch) {
          return branch && branch->getSourceRange().fullyContains(w->getSourceRange());
        };
        if (c && (c->getOpcode() == BO_EQ || c->getOpcode() == BO_NE)) {
          const VarDecl *v = refVar(c->getLHS());
          if (!v || !evalInt(ctx, c->getRHS()))
            v = evalInt(ctx, c->getLHS()) ? refVar(c->getRHS()) : nullptr;
          const AffineForms::Digit *d = v ? forms.digit(v) : nullptr;
          if (d && d->parallel) {
            bool two = d->loop->constTrip && *d->loop->constTrip == 2;
            if ((c->getOpcode() == BO_EQ && (holds(is->getThen()) || (two && holds(is->getElse())))) ||
                (c->getOpcode() == BO_NE && (holds(is->getElse()) || (two && holds(is->getThen())))))
              known.insert(v);
          }
        }
      }
      for (const Stmt *ch : s->children())
        walk(ch);
    };
    walk(k.blockLoops.front().loop);
  }

  void check(const Access &a, const std::vector<const LoopInfo *> &parallel) {
    std::set<DigitKey> known;
    for (const LoopInfo *li : parallel)
      if (li->constTrip && *li->constTrip <= 1)
        known.insert(li->index);
    fixedByBranches(a.elementExpr, known);
    std::vector<Affine> dims;
    std::string dataWhy;
    bool anyOpaque = false;
    for (const Expr *i : a.indices) {
      dims.push_back(forms.affine(i));
      anyOpaque |= dims.back().opaque;
      if (dataWhy.empty())
        dataWhy = dims.back().why;
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (const Affine &d : dims)
        if (!d.opaque)
          changed |= peel(d, known);
    }
    const LoopInfo *missing = nullptr;
    for (const LoopInfo *li : parallel)
      if (!known.count(li->index)) {
        missing = li;
        break;
      }
    if (!missing)
      return;
    std::string idx = missing->index->getName().str();
    bool used = false;
    for (const Affine &d : dims)
      used |= d.digits.count(missing->index) && !d.digits.at(missing->index).empty();
    std::string why =
        !dataWhy.empty()     ? "its index " + dataWhy.substr(3)
        : !used && !anyOpaque ? "its indices do not use '" + idx + "'"
                              : "hyc cannot show that its indices differ for different values of '" +
                                    idx + "'";
    report(DE, a.expr->getBeginLoc(), Diag::WriteRace)
        << a.var->getName() << why << SourceRange(a.elementExpr->getSourceRange());
    report(DE, missing->loop->getBeginLoc(), Diag::NoteParallelIndex) << idx;
  }

  // Peels the digits one index determines, largest coefficient first.
  bool peel(const Affine &d, std::set<DigitKey> &known) {
    std::vector<std::pair<DigitKey, Poly>> terms;
    for (auto &[v, c] : d.digits) {
      if (c.empty() || known.count(v))
        continue;
      auto m = magnitude(c);
      if (!m)
        return false;
      terms.push_back({v, *m});
    }
    bool any = false;
    while (!terms.empty()) {
      bool found = false;
      for (size_t t = 0; t < terms.size() && !found; ++t) {
        Poly rest = terms[t].second; // coef_t - sum of the others' spans
        bool ok = true;
        for (size_t u = 0; u < terms.size() && ok; ++u) {
          if (u == t)
            continue;
          const AffineForms::Digit *du = forms.digit(terms[u].first);
          if (!du || !du->trip) {
            ok = false;
            break;
          }
          rest = add(rest, mul(terms[u].second, add(*du->trip, constant(1), -1)), -1);
        }
        if (ok && positive(rest)) {
          const AffineForms::Digit *dt = forms.digit(terms[t].first);
          if (dt && dt->parallel)
            any |= known.insert(terms[t].first).second;
          terms.erase(terms.begin() + t);
          found = true;
        }
      }
      if (!found)
        break;
    }
    return any;
  }

  ASTContext &ctx;
  DiagnosticsEngine &DE;
  const Kernel &k;
  const std::vector<Access> &acc;
  AffineForms forms;
  std::vector<const LoopInfo *> disjointLoops;
  std::set<std::string> usedDisjoint;
};

} // namespace

void Checker::checkRaces() { Races(ctx, DE, k, regionAccesses).run(); }

} // namespace hy::checks

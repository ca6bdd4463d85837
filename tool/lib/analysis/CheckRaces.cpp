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
// index opaque, except a loop walking one row of CSR offsets (`e` from
// off(u) to off(u + 1)): rows do not overlap, so e determines u; and an
// item `v = wl(f)` of a worklist filled with distinct items (below)
// determines f. An index
// determines a digit when the digit's coefficient
// exceeds what all smaller terms can add (mixed radix: in o + i with
// o = b x 16 and i < 16 both b and i are determined); digits found in one
// index count as known in the others (A(i, i + j)). The write is safe when
// every parallel digit is determined. Branches `if (x == c)` on a parallel
// index fix that index inside them (also as a conjunct). Writes that all
// store one loop-invariant value to an array the kernel does not read
// (`visited(col(e)) = 1`) are not checked: any order leaves the same value.
//
// Worklists: a kernel that pushes to a worklist once per iteration (one
// push, outside serial loops) a one-to-one function of its parallel indices
// fills it with distinct items (Kernel::distinctPushes); a later kernel of
// the same block of statements, with only size reads in between, after a
// clear() or the declaration before the filling kernel, sees distinct
// items: `wl.clear(); kernel: if (c(i)) wl.push(i); kernel: out(wl(f)) = ...`.
#include "AffineIndex.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

namespace hy::checks {

namespace {

class Races {
public:
  Races(ASTContext &ctx, DiagnosticsEngine &DE, Kernel &k,
        const std::vector<Access> &regionAccesses, const std::vector<const Kernel *> &earlier)
      : ctx(ctx), DE(DE), k(k), acc(regionAccesses), forms(ctx, k, regionAccesses),
        earlier(earlier) {}

  void run() {
    for (const Access &a : acc)
      if (a.element && classifyArray(a.var->getType()).kind == ArrayKind::Worklist &&
          distinctBefore(a.var))
        forms.distinctItems.insert(a.var);
    recordDistinctPushes();
    std::set<const VarDecl *> disjoint, reduced;
    for (const Reduction &r : k.reductions)
      if (r.isArray)
        reduced.insert(r.var);
    for (const LoopInfo &li : k.blockLoops)
      noteDisjoint(li, disjoint);
    std::set<const Expr *> done;
    std::set<const VarDecl *> sameValue = sameValueArrays();
    for (const Access &a : acc) {
      if (!a.write || !a.element || k.locals.count(a.var) || reduced.count(a.var) ||
          sameValue.count(a.var) || !done.insert(a.elementExpr).second)
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
      // A reduction clause with an error (reported by the parser) may have
      // named the array.
      bool unread = false;
      for (const LoopInfo *li : parallel) {
        if (!li->pragma)
          continue;
        unread |= li->pragma->reductionsUnread;
        for (const NamedLoc &n : li->pragma->brokenReductionVars)
          if (n.name == a.var->getName())
            silenced.insert(a.var);
      }
      if (silenced.count(a.var) || unread)
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
  // only for one value of x in `if (x == c) write` (or the else of !=),
  // also as a conjunct (`if (queue && x == 0)`) or, in an else branch, a
  // disjunct (`if (x != 0 || done) ... else write`).
  void fixedByBranches(const Expr *w, std::set<DigitKey> &known) {
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *is = dyn_cast<IfStmt>(s)) {
        auto holds = [&](const Stmt *branch) {
          return branch && branch->getSourceRange().fullyContains(w->getSourceRange());
        };
        if (holds(is->getThen()))
          fixes(is->getCond(), true, known);
        if (holds(is->getElse()))
          fixes(is->getCond(), false, known);
      }
      for (const Stmt *ch : s->children())
        walk(ch);
    };
    walk(k.blockLoops.front().loop);
  }

  // The parallel indices condition `c` fixes to one value when it is
  // `truth` (a loop of two iterations is fixed by x != C too, when C is
  // one of its values).
  void fixes(const Expr *c, bool truth, std::set<DigitKey> &known) {
    c = c->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(c); u && u->getOpcode() == UO_LNot)
      return fixes(u->getSubExpr(), !truth, known);
    const auto *b = dyn_cast<BinaryOperator>(c);
    if (!b)
      return;
    if ((b->getOpcode() == BO_LAnd && truth) || (b->getOpcode() == BO_LOr && !truth)) {
      fixes(b->getLHS(), truth, known);
      fixes(b->getRHS(), truth, known);
      return;
    }
    if (b->getOpcode() != BO_EQ && b->getOpcode() != BO_NE)
      return;
    const VarDecl *v = refVar(b->getLHS());
    std::optional<int64_t> cval = evalInt(ctx, b->getRHS());
    if (!v || !cval) {
      cval = evalInt(ctx, b->getLHS());
      v = cval ? refVar(b->getRHS()) : nullptr;
    }
    const AffineForms::Digit *d = v ? forms.digit(v) : nullptr;
    if (!d || !d->parallel)
      return;
    if ((b->getOpcode() == BO_EQ) == truth || isOneOfTwo(*d->loop, *cval))
      known.insert(v);
  }

  // Is `c` one of the two values of a loop of two iterations (x != c then
  // leaves only the other one)? Not when c lies outside the loop's range:
  // x != 5 with x in {0, 1} holds for both.
  bool isOneOfTwo(const LoopInfo &li, int64_t c) {
    if (!li.constTrip || *li.constTrip != 2 || !li.constStep)
      return false;
    std::optional<int64_t> lo = evalInt(ctx, li.lower);
    return lo && (c == *lo || c == *lo + *li.constStep);
  }

  // The first parallel loop whose index `indices` (of the expression `at`)
  // do not determine; null if they determine all.
  const LoopInfo *undetermined(const std::vector<const Expr *> &indices, const Expr *at,
                               const std::vector<const LoopInfo *> &parallel,
                               std::vector<Affine> &dims) {
    std::set<DigitKey> known;
    for (const LoopInfo *li : parallel)
      if (li->constTrip && *li->constTrip <= 1)
        known.insert(li->index);
    fixedByBranches(at, known);
    for (const Expr *i : indices)
      dims.push_back(forms.affine(i));
    for (bool changed = true; changed;) {
      changed = false;
      for (const Affine &d : dims)
        if (!d.opaque)
          changed |= peel(d, known);
        else if (d.row) {
          // A CSR row walk: e determines its row x; once x is known, the
          // position in the row determines the rest (a lane's offset).
          bool rowKnown = false;
          changed |= peel(d.row->row, known, &rowKnown);
          if (rowKnown)
            changed |= peel(d.row->position, known);
        }
    }
    for (const LoopInfo *li : parallel)
      if (!known.count(li->index))
        return li;
    return nullptr;
  }

  void check(const Access &a, const std::vector<const LoopInfo *> &parallel) {
    std::vector<Affine> dims;
    const LoopInfo *missing = undetermined(a.indices, a.elementExpr, parallel, dims);
    if (!missing)
      return;
    std::string dataWhy;
    bool anyOpaque = false;
    for (const Affine &d : dims) {
      anyOpaque |= d.opaque;
      if (dataWhy.empty())
        dataWhy = d.why;
    }
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

  // Peels the digits one index determines, largest coefficient first;
  // `all`: whether every digit of it is determined (its value is known).
  bool peel(const Affine &d, std::set<DigitKey> &known, bool *all = nullptr) {
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
    if (all)
      *all = terms.empty();
    return any;
  }

  // Arrays every write of which in this kernel stores one loop-invariant
  // value (`visited(col(e)) = 1`, `P(v, u) = true`), and which the kernel
  // does not read, by element or whole (passed to a helper, .data()):
  // whichever write comes last, the element ends the same.
  std::set<const VarDecl *> sameValueArrays() {
    std::map<const VarDecl *, const Expr *> value;
    std::set<const VarDecl *> no;
    for (const Access &a : acc) {
      if (a.meta)
        continue;
      if (!a.element) { // the whole array: a helper or .data() may read it
        no.insert(a.var);
        continue;
      }
      const Expr *rhs = a.read || !a.write ? nullptr : assignedValue(a.elementExpr);
      Affine f = rhs ? forms.affine(rhs) : Affine{};
      if (!rhs || f.opaque || !f.digits.empty()) {
        no.insert(a.var);
        continue;
      }
      auto [it, fresh] = value.emplace(a.var, rhs);
      if (!fresh && !sameExpr(ctx, it->second, rhs))
        no.insert(a.var);
    }
    std::set<const VarDecl *> out;
    for (auto &[v, e] : value)
      if (!no.count(v))
        out.insert(v);
    return out;
  }

  // The value `lhs = value` stores (null if lhs is not a plain assignment's
  // left side).
  const Expr *assignedValue(const Expr *lhs) {
    auto parents = ctx.getParents(*lhs);
    const auto *bo = parents.size() == 1 ? parents[0].get<BinaryOperator>() : nullptr;
    if (!bo || bo->getOpcode() != BO_Assign || bo->getLHS()->IgnoreParenImpCasts() != lhs)
      return nullptr;
    return bo->getRHS();
  }

  // One push per iteration, outside serial loops, of a one-to-one function
  // of the parallel indices around it: the kernel fills the worklist with
  // distinct items.
  void recordDistinctPushes() {
    // (A push through a helper has no call here: not known to be distinct.)
    std::map<const VarDecl *, std::vector<const CallExpr *>> pushes;
    for (const Access &a : acc)
      if (a.push && classifyArray(a.var->getType()).kind == ArrayKind::Worklist)
        pushes[a.var].push_back(a.pushCall);
    for (auto &[w, calls] : pushes) {
      if (calls.size() != 1 || !calls[0] || calls[0]->getNumArgs() != 1)
        continue;
      const CallExpr *call = calls[0];
      std::vector<const LoopInfo *> parallel;
      for (const LoopInfo &li : k.blockLoops)
        parallel.push_back(&li);
      if (const Node *nest = nestOf(k.body.get(), call))
        for (const LoopInfo &li : nest->loops)
          parallel.push_back(&li);
      std::vector<Affine> dims;
      if (!inSerialLoop(call, parallel) &&
          !undetermined({call->getArg(0)}, call, parallel, dims))
        k.distinctPushes.insert(w);
    }
  }

  bool inSerialLoop(const Stmt *s, const std::vector<const LoopInfo *> &parallel) {
    const Stmt *top = k.blockLoops.front().loop;
    for (int depth = 0; s && s != top && depth < 64; ++depth) {
      auto parents = ctx.getParents(*s);
      if (parents.size() != 1)
        return true;
      s = parents[0].get<Stmt>();
      if (s && (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) ||
                isa<CXXForRangeStmt>(s)) &&
          std::none_of(parallel.begin(), parallel.end(),
                       [&](const LoopInfo *li) { return li->loop == s; }))
        return true;
    }
    return s != top;
  }

  // Whether worklist `w` holds distinct items when this kernel starts: the
  // statement before it that touches `w` (size reads aside) is a kernel
  // that fills it with distinct items, and the one before that clears it
  // or declares it.
  bool distinctBefore(const VarDecl *w) {
    const Stmt *top = k.blockLoops.front().loop;
    auto parents = ctx.getParents(*top);
    const auto *block = parents.size() == 1 ? parents[0].get<CompoundStmt>() : nullptr;
    if (!block)
      return false;
    std::vector<const Stmt *> before;
    for (const Stmt *s : block->body()) {
      if (s == top)
        break;
      before.push_back(s);
    }
    bool filled = false;
    for (auto it = before.rbegin(); it != before.rend(); ++it) {
      if (const auto *ds = dyn_cast<DeclStmt>(*it))
        for (const Decl *d : ds->decls())
          if (d == w)
            return filled;
      std::vector<Access> uses;
      collectAccesses(*it, uses);
      bool touches = false;
      for (const Access &u : uses)
        touches |= u.var == w && !u.meta;
      if (!touches)
        continue;
      if (filled) {
        const auto *mc = dyn_cast<CXXMemberCallExpr>(*it);
        return mc && mc->getMethodDecl() && mc->getMethodDecl()->getName() == "clear" &&
               refVar(mc->getImplicitObjectArgument()) == w;
      }
      auto fill = std::find_if(earlier.begin(), earlier.end(), [&](const Kernel *e) {
        return e->blockLoops.front().loop == *it;
      });
      if (fill == earlier.end() || !(*fill)->distinctPushes.count(w))
        return false;
      filled = true;
    }
    return false;
  }

  ASTContext &ctx;
  DiagnosticsEngine &DE;
  Kernel &k;
  const std::vector<Access> &acc;
  AffineForms forms;
  const std::vector<const Kernel *> &earlier;
  std::vector<const LoopInfo *> disjointLoops;
  std::set<std::string> usedDisjoint;
};

} // namespace

void Checker::checkRaces() { Races(ctx, DE, k, regionAccesses, earlier).run(); }

} // namespace hy::checks

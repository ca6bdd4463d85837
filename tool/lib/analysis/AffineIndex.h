// Index expressions of a kernel as sums of coefficient x digit: a loop
// index i = lower + step x digit with the digit in 0..trip-1 (block, thread
// and serial loops), through the locals of the kernel that are defined once;
// coefficients and the rest are polynomials of loop-invariant values with
// integer factors. Anything else (data read in the loop, a call on an
// index, a product of two indices) is opaque. The race check
// (CheckRaces.cpp) and the tile bounds check (CheckFetch.cpp) reason over
// these forms.
#pragma once

#include "Checker.h"
#include <memory>

namespace hy::checks {

using Mono = std::vector<unsigned>;   // sorted ids of invariant atoms (empty: 1)
using Poly = std::map<Mono, int64_t>; // sum of coefficient x monomial

Poly constant(int64_t c);
Poly add(Poly a, const Poly &b, int64_t sign = 1);
Poly mul(const Poly &a, const Poly &b);
/// p > 0 for all values >= 1 of its invariants.
bool positive(const Poly &p);
/// |p| when all coefficients share a sign; nullopt otherwise.
std::optional<Poly> magnitude(const Poly &p);
/// The value of a polynomial without invariants; nullopt otherwise.
std::optional<int64_t> constValue(const Poly &p);

/// A digit: a loop index (its VarDecl), or a value known only to lie in
/// 0..trip-1 (the Expr `x % C` of a non-negative x).
using DigitKey = const void *;

struct RowWalk;

struct Affine {
  std::map<DigitKey, Poly> digits;        // coefficient of each digit
  Poly inv;                               // the invariant part
  bool opaque = false;                    // not of this form
  std::string why;                        // data it depends on, if that is why
  /// Set (on an opaque form) for the index of a loop that walks one row of
  /// a CSR offsets array; see RowWalk.
  std::shared_ptr<const RowWalk> row;
};

/// The index e of `for (e = A(x) + L; e < A(x + 1); e += s)` (A read-only
/// in the kernel, L >= 0, s > 0; also `e <= A(x + 1) - 1`): e lies in row x
/// of the offsets A, and the rows of different x are disjoint (CSR offsets
/// do not decrease). So e determines x, and, once x is known, the position
/// e - A(x) = L + s x (the loop's digit).
struct RowWalk {
  Affine row;      // x
  Affine position; // L + s x digit
};
/// a - b (opaque if either is).
Affine subtract(Affine a, const Affine &b);

class AffineForms {
public:
  struct Digit {
    const LoopInfo *loop = nullptr; // null for a bounded value (x % C)
    std::optional<Poly> trip; // nullopt: not known as a polynomial
    bool parallel = false;
  };

  /// The forms over the loops of kernel `k` (block loops and thread loops
  /// parallel, every other canonical loop of the kernel serial).
  AffineForms(ASTContext &ctx, const Kernel &k, const std::vector<Access> &regionAccesses);

  Affine affine(const Expr *e, int depth = 0);
  const Digit *digit(DigitKey v) const {
    auto it = digits.find(v);
    return it == digits.end() ? nullptr : &it->second;
  }
  bool isWritten(const VarDecl *v) const { return written.count(v); }
  /// Worklists whose items are distinct in this kernel: an item determines
  /// its position (`v = wl(f)` determines f), as a RowWalk without offset.
  std::set<const VarDecl *> distinctItems;

private:
  void addLoop(const LoopInfo &li, bool parallel);
  void addThreadLoops(const Node *n);
  void collectSerialLoops(const Stmt *s);
  unsigned atomId(const Expr *e);
  bool invariant(const Expr *e, std::string &why, int depth = 0);
  bool allInvariant(const std::vector<const Expr *> &es, std::string &why, int depth);
  Affine opaque(const std::string &why);
  std::shared_ptr<const RowWalk> rowWalk(const LoopInfo &li, int depth);
  const Expr *throughLocals(const Expr *e) const;
  std::optional<Access> readOnlyElement(const Expr *e) const;

  ASTContext &ctx;
  const Kernel &k;
  std::set<const VarDecl *> written;
  std::map<DigitKey, Digit> digits;
  std::vector<std::unique_ptr<LoopInfo>> serial;
  std::vector<const Expr *> atoms;
};

} // namespace hy::checks

// Internal to the analyses: Checker runs the semantic checks of one kernel
// of the model (Checks.cpp: the order; CheckReductions.cpp: reduction
// clauses, writes to outer scalars, array-reduction updates;
// CheckCaptures.cpp: the data a kernel may use and jumps out of parallel
// loops; CheckIndexUse.cpp: loop indices read after their loop;
// CheckFetch.cpp: the fetch rules).
#pragma once

#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hy::checks {

using namespace clang;

class AffineForms;

/// Every parallel loop of the kernel (block loops, then thread loops).
void forEachLoop(const Kernel &k, llvm::function_ref<void(const LoopInfo &)> f);

class Checker {
public:
  /// `earlier`: the kernels checked before this one (of the same file).
  Checker(ASTContext &ctx, Kernel &k, const std::vector<const Kernel *> &earlier = {});
  ~Checker();
  bool run();

  // The update forms of reductions (CheckReductions.cpp), also for scans:
  // `min(a, b)` / `max(a, b)` (std::, fmin, fmax) and `OP=`.
  static bool isMinMaxCall(const Expr *e, ReductionOp &op,
                           const Expr *&a, const Expr *&b);
  static std::optional<ReductionOp> compoundOp(BinaryOperatorKind k);
  /// hy::fetch_<op>(x, v): its operator (`name`: the function's name).
  static std::optional<ReductionOp> fetchOpCall(const CallExpr *ce, std::string &name);

private:
  void fail() { ok = false; }

  // --- reduction clauses (CheckReductions.cpp)
  // The clause's variable `v` of the clause on `loop`, used in `scope`
  // and declared outside it (`inside`: what the region declares).
  bool resolve(const ReductionClause &c, const NamedLoc &v, const ForStmt *loop,
               const Stmt *scope, const std::set<const VarDecl *> &inside, Reduction &r);
  bool sameReduction(const Reduction &r, const std::vector<Reduction> &known);
  void resolveBlockReductions();
  void resolveThreadReductions(Node *n);
  const Reduction *blockReduction(const VarDecl *v) const;

  // --- captures (CheckCaptures.cpp). Members reached through `this` cannot
  // be passed to a kernel (reported once per kernel).
  void checkThis(const Stmt *s);
  void checkCaptures();
  void checkBindings(const Stmt *s);

  // --- jumps (CheckCaptures.cpp): an iteration of a parallel loop
  // must run to its end (or to 'continue'); break/return/goto/co_return
  // cannot leave it.
  static void collectThreadLoops(const Node *n, std::set<const Stmt *> &out);
  void checkJumps(const Stmt *s, const std::set<const Stmt *> &parallel, bool breakable);

  // --- loop indices (CheckIndexUse.cpp): a parallel loop whose index is
  // declared outside it leaves that variable with a value that differs
  // between targets, so the first use after the loop must not read it.
  void checkIndexAfterLoops();
  void checkIndexAfterLoop(const LoopInfo &li);

  // --- writes (CheckReductions.cpp): scalars declared outside a parallel
  // loop may be written inside it only as reductions of that loop (or of an
  // enclosing block loop).
  void checkWrites(const Node *n, std::set<const VarDecl *> allowed);
  void writeError(const Access &a);
  /// `q.push(v)` on a hy::worklist: the one write of shared data that needs
  /// no clause.
  static bool isPush(const Access &a);
  bool resultUnused(const Expr *e);
  static std::string growingCall(const Access &a);
  static const VarDecl *growingVar(const CXXMemberCallExpr *call);
  static bool hasThreadNests(const Node *n);
  /// The variables a thread nest declares, its loop indices included.
  static std::set<const VarDecl *> nestLocals(const Node *nest);

  // --- array reductions (CheckReductions.cpp)
  void checkArrayUpdates(const Stmt *region);
  bool checkFetchOp(const CallExpr *ce, const std::set<const VarDecl *> &arrays,
                    const std::set<const VarDecl *> &scalars,
                    std::set<const Expr *> &reported);
  /// "a(...) += e or ..." for the array reduction variable v.
  std::string allowedUpdates(const VarDecl *v) const;

  // --- scans (CheckScan.cpp): reduction(inscan, ...) and its separator.
  void checkScan();
  const ReductionClause *inscanClause(const LoopInfo &li) const;
  void checkScanPhases(const Scan &sc, const Reduction &r);

  // --- races (CheckRaces.cpp): writes to array elements that two
  // iterations may share (warning -Why-race).
  void checkRaces();
  std::vector<const Kernel *> earlier;

  // --- fetch (CheckFetch.cpp)
  void checkFetch(Fetch &f);
  void checkPrivatized(Fetch &f, const std::vector<Access> &acc);

  // --- worklists (CheckCaptures.cpp): a kernel that pushes to a worklist
  // does not read it.
  void checkWorklists();

  // Walks the block body with the fetches and thread-varying variables in
  // scope; matches accesses to tiles and checks origins and divergence.
  void checkFetchPlacement(const Node *n, const Node *nest,
                           std::vector<const Fetch *> active);

  // The parts of a control statement that decide which way it goes.

  // Variables whose value differs between the threads of a block inside
  // `nest`: its loop indices and every local of the nest that is
  // initialised or assigned from one of them (to a fixed point). A serial
  // loop counter declared in the nest stays uniform.
  const std::set<const VarDecl *> &threadVarying(const Node *nest);
  static bool containsFetch(const Node *n);

  // Each access to the array inside the statement of `f` goes to exactly
  // one tile of `active` (the innermost fetch of a chain matches first).
  void matchAccesses(const Fetch *f, const std::vector<const Fetch *> &active);
  bool covers(const Fetch *g, const Expr *e) const;
  // An access whose offset in the tile has constant bounds stays inside it.
  void checkTileOffsets(const Fetch *f, const Access &a);
  std::unique_ptr<AffineForms> forms; // built on first use
  bool originMatches(const Fetch *g, const std::vector<const Expr *> &idx);

  ASTContext &ctx;
  std::set<SourceLocation> macroReported; // accesses in macros already reported
  DiagnosticsEngine &DE;
  Kernel &k;
  std::vector<Access> regionAccesses;
  std::map<const Node *, std::set<const VarDecl *>> varyingCache;
  std::set<const VarDecl *> reportedGlobal;
  std::set<const BindingDecl *> reportedBinding;
  std::set<const VarDecl *> rejectedReduction; // a reduction clause named it, with an error
  std::set<const VarDecl *> reportedCapture;   // the kernel may not take it (reported)
  std::set<const Expr *> reportedWrite;
  std::vector<const CXXMemberCallExpr *> grown; // growing calls reported (AppendInKernel)
  bool ok = true;
};

} // namespace hy::checks

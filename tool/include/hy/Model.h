// The one model of annotated regions that every target prints from:
// a Kernel is an outermost block-level `parallel for` nest; its body is a
// tree of Nodes (block-uniform statements, uniform control flow, thread
// nests, fetches). Built by model/ModelBuilder.cpp, checked by analysis/,
// printed by target/.
#pragma once

#include "hy/Pragma.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hy {

/// A canonical loop: for (index = lower; index CMP bound; index += step).
struct LoopInfo {
  const clang::ForStmt *loop = nullptr;
  const PragmaDirective *pragma = nullptr;
  const clang::VarDecl *index = nullptr;
  bool declaresIndex = true;      // 'int i = lo' (true) or 'i = lo'
  const clang::Expr *lower = nullptr;
  const clang::Expr *bound = nullptr;
  const clang::Expr *step = nullptr; // null: +1 or -1 (see stepSign)
  clang::BinaryOperatorKind cmp = clang::BO_LT; // index CMP bound
  int stepSign = 1;               // +1 increasing, -1 decreasing
  std::optional<int64_t> constStep; // the signed step if constant
  std::optional<int64_t> constTrip; // the trip count if constant
};

/// Which storage a name the kernel uses refers to. A worklist
/// (hy::worklist<T>) is a 1-D array that kernels append to.
enum class ArrayKind { None, HyArray, StdVector, Worklist };

struct ArrayType {
  ArrayKind kind = ArrayKind::None;
  int rank = 0;
  clang::QualType elem;
};

/// hy::array<T, N> / std::vector<T> / hy::worklist<T> (through references
/// and cv) or None.
ArrayType classifyArray(clang::QualType t);

/// hy::minloc<T, I> (Min) / hy::maxloc<T, I> (Max): the value-with-location
/// types that reduce with that operator; nullopt for any other type.
std::optional<ReductionOp> locReductionOp(clang::QualType t);

struct Reduction {
  ReductionOp op;
  const clang::VarDecl *var = nullptr;
  bool isArray = false;
  clang::SourceLocation loc; // the variable's name in the clause
  /// Named on a thread loop only: a scalar declared outside the kernel (also
  /// reduced across blocks) or an array (atomics, like a block loop's).
  bool fromThreadLoop = false;
  /// `reduction(inscan, OP : v)`: the variable of the kernel's scan.
  bool inscan = false;
};

/// A prefix scan (docs/language.md, "Scans"): the kernel's one block loop
/// carries `reduction(inscan, OP : v)` and its braced body a `scan`
/// separator. The input phase (the statements before the separator for
/// `inclusive`, after it for `exclusive`) combines each iteration's
/// contribution into v; in the scan phase v holds the combination over the
/// iterations before (exclusive) or up to (inclusive) this one.
struct Scan {
  const PragmaDirective *pragma = nullptr; // the separator
  const clang::CompoundStmt *body = nullptr;
  unsigned split = 0; // body statements [0, split) come before the separator
  bool inclusive = true;
  std::vector<const clang::Stmt *> input, scan; // the phases' statements
  const Reduction *reduction = nullptr;        // in Kernel::reductions (checks)
};

struct Fetch {
  const PragmaDirective *pragma = nullptr;
  const clang::IfStmt *probe = nullptr; // the parsed probe wrapper
  const clang::Stmt *stmt = nullptr;    // the statement the fetch covers
  const clang::VarDecl *array = nullptr;
  ArrayType type;
  std::vector<const clang::Expr *> sizes, origins; // AST from the probe
  std::vector<std::optional<int64_t>> constSizes;
  std::vector<const clang::VarDecl *> threads;
  std::vector<int> perm; // storage order: tile dim k holds array dim perm[k]
  bool written = false;  // the statement writes the array (write back)
  bool insideThreadNest = false;
  /// The array is an array-reduction variable that the statement only
  /// updates: the tile starts from the operator's identity and is combined
  /// into the array with atomics at the end (no copy in, no write-back).
  bool privatized = false;
  ReductionOp privatizedOp = ReductionOp::Add;
  unsigned number = 0; // index in Kernel::fetches
};

enum class NodeKind {
  Sequence,   // a compound statement: children in order
  Uniform,    // a block-uniform statement without nests or fetches
  Control,    // block-uniform if/for/while/do containing nests or fetches
  ThreadNest, // perfectly nested into(threads) loops
  FetchNode,  // a fetch covering its child
  ThreadStmt, // a statement inside a thread nest (per-thread code)
};

struct Node {
  NodeKind kind = NodeKind::Uniform;
  const clang::Stmt *stmt = nullptr;
  std::vector<std::unique_ptr<Node>> children;
  // ThreadNest
  std::vector<LoopInfo> loops; // outermost first
  std::vector<Reduction> reductions;
  bool fixedShape = false; // one iteration per thread (contains a fetch)
  // FetchNode
  Fetch *fetch = nullptr;
};

/// An update of an element of an array reduction variable: target op=
/// value, or target = min/max(target, value), rewritten as an atomic; or a
/// call hy::fetch_<op>(target, value), atomic by itself (kept as written).
struct ArrayUpdate {
  const clang::Expr *assign = nullptr; // the whole assignment (or the call)
  const clang::Expr *target = nullptr; // A(i, j)
  const clang::Expr *value = nullptr;  // e; null for A(i)++ and A(i)-- (valueText)
  std::string valueText;               // "1" or "-1" when value is null
  ReductionOp op;
  bool fetchCall = false; // hy::fetch_<op>(A(i, j), e): not rewritten
};

/// A variable declared outside a kernel and used inside it.
struct Capture {
  const clang::VarDecl *var = nullptr;
  ArrayType array;       // kind None: a scalar passed by value
  bool read = false, written = false;
  const Reduction *reduction = nullptr; // cross-block reduction variable
};

struct Kernel {
  unsigned number = 0;
  const clang::FunctionDecl *function = nullptr;
  const clang::Decl *topLevel = nullptr; // insertion point for device code
  std::vector<LoopInfo> blockLoops;      // the perfect nest, outermost first
  const clang::Stmt *blockBody = nullptr;
  std::unique_ptr<Node> body;
  std::vector<Reduction> reductions;     // across blocks (block-loop clauses)
  std::vector<std::unique_ptr<Fetch>> fetches;
  std::vector<Capture> captures;
  std::vector<ArrayUpdate> arrayUpdates;
  /// Element accesses inside fetch statements -> the tile they use.
  std::map<const clang::Expr *, const Fetch *> tileOf;
  /// Variables declared inside the kernel (block loop indices included).
  std::set<const clang::VarDecl *> locals;
  /// Worklists this kernel fills with distinct items: one push per
  /// iteration, of a one-to-one function of the parallel indices
  /// (CheckRaces.cpp; a later kernel's writes indexed by the items are then
  /// disjoint).
  std::set<const clang::VarDecl *> distinctPushes;
  /// The kernel's scan separator, when its block body has one.
  std::unique_ptr<Scan> scan;
  std::string name; // hy_<function>_<line>
};

/// A zone loop: a host loop marked `into(devices)` whose iterations are
/// spread over zones (MPI ranks, one GPU each); the kernels in its body are
/// ordinary Kernels. Its reductions are combined across zones at its end
/// (docs/language.md, "Zones"; checked by analysis/CheckZones.cpp).
struct ZoneLoop {
  LoopInfo loop;
  std::vector<Reduction> reductions;
  /// 'scratch': written before read in every iteration, each zone's own
  /// (nothing to print); 'gather': arrays whose row i iteration i writes,
  /// exchanged after the loop so that every zone holds every row.
  std::vector<const clang::VarDecl *> scratch, gathers;
  const clang::FunctionDecl *function = nullptr;
  std::string name; // hy_zone_L<line>: the hy::zones::loop in the output
};

struct TranslationModel {
  std::vector<std::unique_ptr<Kernel>> kernels;
  /// Kernels the checks reported an error in (Checking.cpp), out of
  /// `kernels`: never printed, but the checks of a target that do not rest
  /// on theirs (the GPU's device code, the tiles' shared memory) still run
  /// over them, so that one run reports every independent problem.
  std::vector<std::unique_ptr<Kernel>> rejected;
  std::vector<std::unique_ptr<ZoneLoop>> zones;
  /// Functions defined in this TU and called (transitively) from kernels.
  std::vector<const clang::FunctionDecl *> deviceFunctions;
};

} // namespace hy

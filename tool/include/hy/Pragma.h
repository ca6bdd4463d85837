// What the `#pragma hy` front end records: one PragmaDirective per pragma,
// with its clauses as written. Parsing happens in the PragmaHandler; the
// expressions of fetch sizes/origins are re-parsed by clang through a probe
// (see frontend/PragmaHandler.cpp) so later stages get real AST for them.
#pragma once

#include "clang/Basic/SourceLocation.h"
#include <string>
#include <vector>

namespace hy {

/// Scan: `#pragma hy scan inclusive(x)` / `exclusive(x)`, the separator of a
/// loop with `reduction(inscan, OP : x)` (docs/language.md, "Scans").
enum class PragmaKind { ParallelFor, Fetch, Scan };

enum class ReductionOp { Add, Mul, Min, Max, BitAnd, BitOr, BitXor, LogAnd, LogOr };

/// Spelling of the operator as the user writes it and OpenMP accepts it.
const char *spelling(ReductionOp op);
/// Name used by the runtimes: hy::atomic_<name>, hy::cuda::op::<name>.
const char *runtimeName(ReductionOp op);
/// Suffix of the atomic update functions: hy::atomic_<name>, hy::cuda::atomic_<name>.
const char *atomicName(ReductionOp op);

struct NamedLoc {
  std::string name;
  clang::SourceLocation loc;
};

struct ReductionClause {
  ReductionOp op;
  clang::SourceLocation opLoc;
  /// `reduction(inscan, OP : x)`: a prefix scan with a `scan` separator.
  bool inscan = false;
  clang::SourceLocation inscanLoc;
  std::vector<NamedLoc> vars;
};

struct FetchClause {
  NamedLoc array;
  std::vector<clang::SourceRange> sizes;   // token ranges in the pragma line
  std::vector<clang::SourceRange> origins; // token ranges in the pragma line
  std::vector<NamedLoc> threads;
  std::vector<int> perm; // empty: identity
  clang::SourceLocation permLoc;
};

struct PragmaDirective {
  unsigned id = 0;
  PragmaKind kind = PragmaKind::ParallelFor;
  clang::SourceLocation loc;   // the '#' of '#pragma'
  clang::SourceLocation endLoc; // end of the pragma line (the eod token)
  std::string text;            // "hy parallel for ..." as written, one line
  bool intoThreads = false;
  bool intoDevices = false;        // 'into(devices)': a zone loop (docs/language.md, Zones)
  clang::SourceLocation intoLoc;  // the 'into' of either
  int minBlocks = 0;               // 'min_blocks(N)': blocks per multiprocessor (CUDA)
  clang::SourceLocation minBlocksLoc;
  std::vector<ReductionClause> reductions;
  /// 'disjoint(a, ...)': no two iterations write one element of these
  /// arrays (silences the race warning, CheckRaces.cpp).
  std::vector<NamedLoc> disjoint;
  /// Zone loops only (docs/language.md, "Zones"): 'scratch(v, ...)', data
  /// every iteration writes before reading it (each zone keeps its own
  /// copy); 'gather(a, ...)', arrays whose row i iteration i owns (every
  /// zone holds every row after the loop).
  std::vector<NamedLoc> scratch, gather;
  clang::SourceLocation scratchLoc, gatherLoc; // the clauses' names
  FetchClause fetch;
  /// `scan inclusive(x)` (true) or `scan exclusive(x)`: the variable.
  bool scanInclusive = true;
  NamedLoc scanVar;
  bool valid = true; // false: a parse error was reported; ignore it later
  /// A clause with an error is reported and left out, and the rest of the
  /// pragma kept, so that the loop is still checked: where each such error
  /// is (the stages after the parser do not count it against the loop),
  /// the variables a reduction clause with an error named (a write to them
  /// is not reported again), and whether such a clause had variables that
  /// could not be read (then no write to an outer scalar is reported in
  /// the loop: it may be one of them).
  std::vector<clang::SourceLocation> clauseErrors;
  std::vector<NamedLoc> brokenReductionVars;
  bool reductionsUnread = false;
};

/// All pragmas of one translation unit, owned by the frontend action.
struct PragmaTable {
  std::vector<PragmaDirective> pragmas;
  /// #elif/#else/#endif directives of the main file and the #if of each.
  struct Conditional {
    clang::SourceLocation ifLoc, loc;
    std::string name; // "else", "endif", ...
  };
  std::vector<Conditional> conditionals;
  /// Every #pragma / _Pragma of the main file (hy's own included): nothing
  /// may stand between a hy pragma and its statement.
  std::vector<clang::SourceLocation> allPragmas;
  /// A `#pragma hy` in each user header (not a system header) that holds
  /// one: such a header is translated as a file of its own (hy/Headers.h),
  /// and its pragmas are not part of this table.
  std::vector<clang::SourceLocation> headerPragmas;
  const PragmaDirective *byId(unsigned id) const {
    return id < pragmas.size() ? &pragmas[id] : nullptr;
  }
};

/// Name of the probe function clang parses in place of a fetch pragma:
/// `if (__hy_fetch_probe(ID, m, __hy_list(s...), __hy_list(o...))) {} else`.
inline constexpr const char *kFetchProbe = "__hy_fetch_probe";
inline constexpr const char *kListProbe = "__hy_list";
/// Declarations of the probes, added to the predefines of every parse.
const char *probeDeclarations();

} // namespace hy

// Internal to the CUDA target: KernelPrinter turns one kernel of the model
// into a __global__ function (block loops -> grid-stride loops over the grid
// dimensions, thread nests -> strided loops over the block's threads,
// fetches -> shared-memory tiles with cooperative copies, barriers where a
// later part of the block may read what an earlier one wrote) and supplies
// what the launch needs. Its members are defined in CudaKernel*.cpp, one
// file per concern; CudaPrinter.cpp prints launches and the output file.
#pragma once

#include "cuda/CudaScope.h"
#include "PrintUtil.h"
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hy::cudagen {

using namespace clang;

constexpr long long kDefaultThreads = 256; // for thread loops of unknown trip count
constexpr long long kMaxThreads = 1024;
constexpr long long kFlatThreads = 256; // block of a kernel without thread nests
constexpr long long kStaticSmemLimit = 48 * 1024;
// Shared bytes a block-aggregated push buffer may take per worklist (the
// runtime's hy::cuda::push_buffer: at most 8 KiB of items and its counters).
constexpr long long kPushBufferBytes = 8192 + 32;

/// The runtime's operator type for a reduction (hy::cuda::op::...).
std::string opType(ReductionOp op);

/// Device data that a loop's bounds read: each worklist or array, and
/// whether only a worklist's size() is read (true) or elements (false).
std::map<const VarDecl *, bool> boundDeviceData(const LoopInfo &li);

/// Shape of a kernel's thread block.
struct BlockShape {
  long long dim[3] = {1, 1, 1};
  long long total() const { return dim[0] * dim[1] * dim[2]; }
};

/// Sets of arrays (and tile ids, as strings) touched by a part of a block.
struct Sets {
  std::set<std::string> r, w;
  bool conflicts(const Sets &later) const { return !conflict(later).empty(); }
  /// An array or tile that `later` reads and this wrote, or writes and
  /// this touched ("" if none).
  std::string conflict(const Sets &later) const {
    for (auto &x : later.r)
      if (w.count(x))
        return x;
    for (auto &x : later.w)
      if (w.count(x) || r.count(x))
        return x;
    return "";
  }
  void add(const Sets &o) {
    r.insert(o.r.begin(), o.r.end());
    w.insert(o.w.begin(), o.w.end());
  }
  void clear() {
    r.clear();
    w.clear();
  }
};

class KernelPrinter {
public:
  KernelPrinter(const PrintInput &in, const Kernel &k, Rewriter &R)
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), k(k), R(R), scope(in, k, R) {}

  /// Up to three collapsed block loops map to grid dimensions (innermost ->
  /// x), so a block finds its indices without dividing; more loops share x
  /// through one linear index. Set before print().
  void setCollapsed(unsigned c) { collapsed = c; }
  bool gridPerLoop() const { return collapsed <= 3; }
  /// A kernel without thread nests (and so without fetches or barriers)
  /// gives each thread its own iteration of the innermost block loop, in
  /// blocks of kFlatThreads, instead of one thread per block. Known after
  /// print().
  bool isFlat() const { return flat; }

  /// Prints the __global__ function; fills launch-side facts.
  bool print(std::string &kernelText);

  /// A grid loop whose bounds read data that lives on the device (a
  /// worklist's size, an array element): its trip count is computed by the
  /// kernel itself, and the launch covers the GPU (the grid-stride loops do
  /// the rest), so the host reads nothing to launch it.
  bool deviceTrip(unsigned i) const;
  bool anyDeviceTrip() const;
  /// `hy::cuda::size_known(q) && ...` for the worklists whose size() a loop
  /// sized on the device reads, or "" if its bounds read other device data.
  std::string knownSizes(unsigned i) const;
  /// Worklists the kernel pushes to: launched with hy::cuda::append, and
  /// the kernel ends with their publish().
  std::set<const VarDecl *> pushedWorklists() const;
  /// Whether some push to `w` in this kernel is aggregated per block
  /// (CudaKernelPushes.cpp); known after print().
  bool blockPushed(const VarDecl *w) const { return blockLists.count(w) != 0; }

  // Launch-side facts (CudaKernelText.cpp).
  BlockShape shape;
  std::string smemExpr() const { return useDynamic ? peakExpr() : "0"; }
  /// The shared bytes per block as C++ text (static or dynamic).
  std::string smemBytesText() const { return peakExpr(); }
  bool dynamicSmem() const { return useDynamic; }
  long long staticSmem() const { return sharedBytes; }
  std::string launchArgs(const std::string &whereText) const;
  /// The launch's grid: one dimension per collapsed block loop (see
  /// gridPerLoop), clamped by hy::cuda::grid_dim; kernels stride beyond.
  std::string gridText(bool inDeviceLoop = false) const;
  /// Kernels of a host loop that stays on the device (CudaDeviceLoop.cpp):
  /// `fromState` names the state member a captured variable is read from
  /// ("" for those passed as usual). The variant `<name>_dl` takes the
  /// state first and reads those members at its start; known after print().
  using MemberOf = std::function<std::string(const VarDecl *)>;
  std::string loopVariant(const std::string &stateType, const MemberOf &fromState) const;
  /// The variant's arguments, each through hy_dl.keyed() (the device loop
  /// runs its last graph again when they are all the same).
  std::string loopLaunchArgs(const std::string &whereText, const MemberOf &fromState) const;
  std::string templArgs() const { return templateArgs(); }
  /// The kernel's declaration, for a kernel defined after the class whose
  /// member function launches it.
  std::string prototype() const;
  /// What the kernel's text could not carry from the scope of its loop
  /// (CudaKernelScope.cpp); known after print().
  const std::vector<Problem> &scopeProblems() const { return scope.problems; }

  /// A tile as the report describes it: its extents, element type, bytes
  /// (0 when its size is known only at run time).
  struct TileFacts {
    const Fetch *f;
    std::string shape, elem;
    long long bytes;
  };
  std::vector<TileFacts> tileFacts() const;
  /// The shared bytes the kernel's constant-size tiles need per block (the
  /// largest stack), computed without printing; for the budget check of
  /// the CPU targets.
  long long sharedPeak();

private:
  // --- block shape from the thread nests (CudaKernelShape.cpp)
  void shapeOf(const Node *n);
  void computeShape();
  static std::string shapeText(const Node *n);

  // --- tiles (CudaKernelTiles.cpp)
  struct Tile {
    const Fetch *f;
    std::string name, elem;
    std::vector<std::string> size;  // per array dim, text
    std::vector<std::string> pitch; // per storage dim, text (last padded)
    std::string count;              // elements incl. padding, text
    long long bytes = 0;            // when constant
    bool written = false;
    std::string offset = "0";       // byte offset in the kernel's shared buffer
  };
  void computeTiles();
  static std::string roundUp16(const std::string &e) { return "((" + e + " + 15) / 16 * 16)"; }
  void allocate(const Node *n, std::string base, long long baseBytes);
  /// Bytes of shared memory the kernel needs (the largest stack of tiles).
  std::string peakExpr() const;
  const Tile *tileFor(const Fetch *f) const;
  // Constant 2-D tiles of hy::array copy through hy::cuda::tile_load/store.
  static bool tileCopy(const Fetch *f);
  // Copies the tile of f in (in=true) or back (in=false): element e of the
  // tile in the array's row-major order, so neighbouring threads touch
  // neighbouring elements of the array.
  std::string copyLoop(const Fetch *f, const Tile *t, bool in) const;
  // A chain of fetches covering one statement: all tiles are copied in,
  // one barrier, the statement, a barrier, written tiles are copied back.
  void fetch(const Node *n, Sets &state, bool inCompound, bool threadLevel);

  // --- rewriting the body (CudaKernelBody.cpp)
  SourceLocation begin(const Stmt *s) const { return SM.getExpansionLoc(s->getBeginLoc()); }
  // Replaces source text but keeps text inserted at either end of the range
  // (barriers, fetch copies) outside the replacement.
  void replace(CharSourceRange r, const std::string &text);
  void insertBefore(const Stmt *s, const std::string &text);
  void insertAfter(const Stmt *s, const std::string &text);
  void rewriteBody();
  // The tile access that replaces `e` (applied to the text if `apply`).
  std::string redirect(const Expr *e, const Fetch *f, bool apply);
  // Accesses of a statement as sets for the barrier analysis.
  Sets setsOf(const Stmt *s) const;
  static constexpr const char *kBarrier = "__syncthreads();";
  std::string barrierReason(const Sets &state, const Sets &later) const;
  // Places a barrier before `n` if it conflicts with what is pending.
  void barrierBefore(const Node *n, const Sets &mine, Sets &state, bool inCompound);
  // Walks block-level nodes in order, rewriting and placing barriers.
  void block(const Node *n, Sets &state, bool inCompound);
  // What a node reads/writes before its first barrier (approximation: all).
  Sets firstExposed(const Node *n) const;

  // --- thread nests (CudaKernelThreads.cpp)
  void threadBody(const Node *n);
  std::string indexType(const LoopInfo &li) const;
  bool exactShape(const Node &n, bool linear) const;
  void threadNest(const Node *n, bool inCompound);
  // Serial loops with a small constant trip count inside thread code are
  // unrolled, so that per-thread arrays indexed by them stay in registers.
  void unrollSmallLoops(const Stmt *s);
  // A loop moving a run of a per-thread array to or from consecutive
  // elements of an array in global memory is printed as one call of
  // hy::cuda::load_row / store_row (CudaKernelRows.cpp). True if it was.
  bool registerRow(const ForStmt *fs, const LoopInfo &li);
  void renameIn(const Stmt *s, const VarDecl *v, const std::string &to);

  // --- pushes aggregated per block (CudaKernelPushes.cpp)
  /// Decides the form of each push (remarks say which and why).
  void planPushes();
  /// `w.push(x)` -> `hy_push_w.push(x)` for the pushes aggregated per block.
  void rewritePushes();
  std::string pushName(const VarDecl *v) const;
  /// `hy_push_a, hy_push_b`: the arguments of the runtime's flushes.
  std::string pushList() const;
  /// The buffers' declarations and push_start, at the kernel's start.
  std::string pushPreamble() const;

  // --- the kernel definition (CudaKernelText.cpp)
  /// The kernel's text of an expression: the source as rewritten for the
  /// kernel (members qualified, constants named plainly).
  std::string text(const Expr *e) const {
    auto it = texts.find(e);
    if (it != texts.end())
      return it->second;
    return texts[e] = R.getRewrittenText(SM.getExpansionRange(e->getSourceRange()));
  }
  TextOf textOf() const {
    return [this](const Expr *e) { return text(e); };
  }
  /// A type of a variable from outside the kernel, as the kernel spells it.
  std::string outerType(QualType t) const { return typeText(ctx, namespaceType(ctx, t)); }
  std::string params() const { return params(nullptr); }
  std::string params(const MemberOf &fromState) const;
  std::string gridParams(const std::string &type) const;
  std::string templateHeader() const;
  std::string templateArgs() const;
  std::string launchBounds() const;
  std::string kernelDefinition();
  /// A scan kernel (CudaKernelScan.cpp) and its variable's type.
  std::string scanDefinition();
  std::string scanType() const;

  const PrintInput &in;
  ASTContext &ctx;
  const SourceManager &SM;
  const Kernel &k;
  Rewriter &R;
  KernelScope scope;
  // Kernel texts of expressions, kept from before later rewrites replace
  // the text around them (a fetch's sizes and origins, in its pragma line).
  mutable std::map<const Expr *, std::string> texts;
  // The definition after its first line (for loopVariant).
  std::string definitionRest;
  unsigned collapsed = 1;
  bool flat = false;
  std::vector<const Node *> nests;
  std::vector<Tile> tiles;
  std::set<const Expr *> renamed;
  bool useDynamic = false, tilesDone = false;
  long long sharedBytes = 0, peakBytes = 0;
  std::vector<std::string> peaks;
  unsigned partialCounter = 0;
  bool ok = true;
  std::set<const VarDecl *> blockLists;
  std::vector<const DeclRefExpr *> blockPushes;
};

} // namespace hy::cudagen

// The CUDA target. Each kernel of the model becomes a __global__ function
// printed before the top-level declaration that contains it (block loops ->
// a grid-stride loop over blocks, thread nests -> strided loops over the
// block's threads, fetches -> shared-memory tiles with cooperative copies,
// barriers where a later part of the block may read what an earlier one
// wrote), and the loop nest in the host function becomes a launch with a
// CPU (OpenMP) fallback. Host code that touches an array after a kernel gets
// a coherence call; functions called from kernels become __host__ __device__.
#include "PrintUtil.h"
#include "hy/Analysis.h"
#include "hy/Diagnostics.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace hy {

namespace {

constexpr long long kDefaultThreads = 256; // for thread loops of unknown trip count
constexpr long long kMaxThreads = 1024;
constexpr long long kStaticSmemLimit = 48 * 1024;
constexpr long long kDynamicSmemLimit = 227 * 1024; // sm_90 opt-in per block

std::string typeText(ASTContext &ctx, QualType t) {
  PrintingPolicy pp(ctx.getLangOpts());
  pp.SuppressTagKeyword = true;
  pp.FullyQualifiedName = true;
  return t.getNonReferenceType().getUnqualifiedType().getAsString(pp);
}

std::string opType(ReductionOp op) {
  return std::string("hy::cuda::op::") + runtimeName(op);
}

/// Shape of a kernel's thread block.
struct BlockShape {
  long long dim[3] = {1, 1, 1};
  long long total() const { return dim[0] * dim[1] * dim[2]; }
};

/// Sets of arrays (and tile ids, as strings) touched by a part of a block.
struct Sets {
  std::set<std::string> r, w;
  bool conflicts(const Sets &later) const {
    for (auto &x : later.r)
      if (w.count(x))
        return true;
    for (auto &x : later.w)
      if (w.count(x) || r.count(x))
        return true;
    return false;
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
      : in(in), ctx(in.ctx), SM(ctx.getSourceManager()), k(k), R(R) {}

  /// Prints the __global__ function; fills launch-side facts.
  bool print(std::string &kernelText) {
    computeShape();
    if (!ok)
      return false;
    computeTiles();
    if (!ok)
      return false;
    rewriteBody();
    kernelText = kernelDefinition();
    return ok;
  }


  BlockShape shape;
  unsigned collapsed = 1;

private:
  // --- block shape from the thread nests
  void shapeOf(const Node *n) {
    if (n->kind == NodeKind::ThreadNest) {
      size_t d = n->loops.size();
      long long prod = 1;
      for (size_t i = 0; i < d; ++i) {
        const LoopInfo &li = n->loops[d - 1 - i]; // innermost -> x
        long long t = li.constTrip ? std::max<long long>(*li.constTrip, 1)
                                   : (d == 1 ? kDefaultThreads : 16);
        if (!li.constTrip && i == 2)
          t = 4;
        shape.dim[i] = std::max(shape.dim[i], t);
        prod *= t;
      }
      (void)prod;
      nests.push_back(n);
    }
    for (auto &c : n->children)
      shapeOf(c.get());
  }

  void computeShape() {
    shapeOf(k.body.get());
    // Keep within 1024 threads: halve the largest non-fixed dimension.
    while (shape.total() > kMaxThreads) {
      int best = 0;
      for (int i = 1; i < 3; ++i)
        if (shape.dim[i] > shape.dim[best])
          best = i;
      shape.dim[best] = (shape.dim[best] + 1) / 2;
    }
    for (const Node *n : nests) {
      if (!n->fixedShape)
        continue;
      size_t d = n->loops.size();
      for (int i = 0; i < 3; ++i) {
        long long want = i < (int)d ? *n->loops[d - 1 - i].constTrip : 1;
        if (want != shape.dim[i]) {
          std::string msg = "its shape is " + shapeText(n) + " but the block is " +
                            std::to_string(shape.dim[0]) + "x" + std::to_string(shape.dim[1]) +
                            "x" + std::to_string(shape.dim[2]);
          report(ctx.getDiagnostics(), n->stmt->getBeginLoc(), Diag::FetchNestShape) << msg;
          ok = false;
          return;
        }
      }
    }
  }

  static std::string shapeText(const Node *n) {
    std::string s;
    size_t d = n->loops.size();
    for (int i = 0; i < 3; ++i) {
      long long t = i < (int)d && n->loops[d - 1 - i].constTrip ? *n->loops[d - 1 - i].constTrip : 1;
      s += (i ? "x" : "") + std::to_string(t);
    }
    return s;
  }

  // --- tiles
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

  void computeTiles() {
    bool anyDynamic = false;
    for (auto &fp : k.fetches) {
      const Fetch *f = fp.get();
      if (!f->array || f->type.kind == ArrayKind::None)
        continue;
      Tile t;
      t.f = f;
      t.name = "hy_tile" + std::to_string(f->number) + "_" + f->array->getName().str();
      t.elem = typeText(ctx, f->type.elem);
      int rank = f->sizes.size();
      bool constant = true;
      for (int d = 0; d < rank; ++d) {
        if (f->constSizes[d])
          t.size.push_back(std::to_string(*f->constSizes[d]));
        else {
          t.size.push_back("(" + exprText(ctx, f->sizes[d]) + ")");
          constant = false;
        }
      }
      long long elemBytes = 4;
      if (!f->type.elem->isDependentType())
        elemBytes = ctx.getTypeSizeInChars(f->type.elem).getQuantity();
      // Storage order: storage dim s holds array dim perm[s]. A row whose
      // length is a multiple of the 32 banks gets one 16-byte vector of
      // padding: column walks spread over the banks, rows stay aligned for
      // vector accesses.
      for (int s = 0; s < rank; ++s) {
        std::string p = t.size[f->perm[s]];
        if (s == rank - 1 && rank > 1) {
          auto c = f->constSizes[f->perm[s]];
          if (c && (*c * elemBytes) % 128 == 0)
            p = std::to_string(*c + std::max<long long>(1, 16 / elemBytes));
        }
        t.pitch.push_back(p);
      }
      t.count = t.pitch[0];
      for (int s = 1; s < rank; ++s)
        t.count += " * " + t.pitch[s];
      if (constant) {
        long long n = 1;
        for (int s = 0; s < rank; ++s)
          n *= std::stoll(t.pitch[s]);
        t.bytes = n * elemBytes;
      } else {
        anyDynamic = true;
      }
      std::vector<Access> inStmt;
      collectAccesses(f->stmt, inStmt);
      for (const Access &a : inStmt)
        if (a.write && a.element) {
          auto it = k.tileOf.find(a.elementExpr);
          if (it != k.tileOf.end() && it->second == f)
            t.written = true;
        }
      tiles.push_back(t);
    }
    // Tiles live while their statement runs: fetches that follow one another
    // (or sit in different branches) share the same bytes, nested ones stack.
    allocate(k.body.get(), "0", 0);
    useDynamic = anyDynamic || peakBytes > kStaticSmemLimit;
    sharedBytes = peakBytes;
    if (peakBytes > kDynamicSmemLimit) {
      report(ctx.getDiagnostics(), k.blockLoops.front().loop->getBeginLoc(),
             Diag::SharedTooLarge)
          << std::to_string(peakBytes) << "sm_90" << std::to_string(kDynamicSmemLimit);
      ok = false;
    }
  }

  static std::string roundUp16(const std::string &e) { return "((" + e + " + 15) / 16 * 16)"; }

  void allocate(const Node *n, std::string base, long long baseBytes) {
    if (n->kind == NodeKind::FetchNode) {
      const Node *cur = n;
      while (cur->kind == NodeKind::FetchNode) {
        if (Tile *t = const_cast<Tile *>(tileFor(cur->fetch))) {
          t->offset = base;
          std::string bytes = "(" + t->count + ") * sizeof(" + t->elem + ")";
          base = base == "0" ? roundUp16(bytes) : base + " + " + roundUp16(bytes);
          baseBytes += (t->bytes + 15) / 16 * 16;
        }
        cur = cur->children.front().get();
      }
      if (baseBytes > peakBytes)
        peakBytes = baseBytes;
      if (std::find(peaks.begin(), peaks.end(), base) == peaks.end())
        peaks.push_back(base);
      allocate(cur, base, baseBytes);
      return;
    }
    for (auto &c : n->children)
      allocate(c.get(), base, baseBytes);
  }

  /// Bytes of shared memory the kernel needs (the largest stack of tiles).
  std::string peakExpr() const {
    if (peaks.empty())
      return "0";
    if (peaks.size() == 1)
      return peaks.front();
    std::string e = "hy::cuda::max_size({";
    for (size_t i = 0; i < peaks.size(); ++i)
      e += (i ? ", " : "") + std::string("(size_t)(") + peaks[i] + ")";
    return e + "})";
  }

  const Tile *tileFor(const Fetch *f) const {
    for (const Tile &t : tiles)
      if (t.f == f)
        return &t;
    return nullptr;
  }

  // --- rewriting the body
  SourceLocation begin(const Stmt *s) const { return SM.getExpansionLoc(s->getBeginLoc()); }

  // Replaces source text but keeps text inserted at either end of the range
  // (barriers, fetch copies) outside the replacement.
  void replace(CharSourceRange r, const std::string &text) {
    Rewriter::RewriteOptions opts;
    opts.IncludeInsertsAtBeginOfRange = false;
    opts.IncludeInsertsAtEndOfRange = false;
    if (r.isTokenRange())
      r = CharSourceRange::getCharRange(
          r.getBegin(), Lexer::getLocForEndOfToken(r.getEnd(), 0, SM, ctx.getLangOpts()));
    R.RemoveText(r, opts);
    R.InsertTextAfter(r.getBegin(), text);
  }

  void insertBefore(const Stmt *s, const std::string &text) {
    R.InsertTextBefore(begin(s), text);
  }
  void insertAfter(const Stmt *s, const std::string &text) {
    R.InsertTextAfter(stmtEnd(ctx, s), text);
  }

  void rewriteBody() {
    // Inner block loops that are not part of the grid stay serial loops.
    for (size_t i = 1; i < k.blockLoops.size(); ++i)
      replacePragma(R, *k.blockLoops[i].pragma,
                    "// " + k.blockLoops[i].pragma->text +
                        (i < collapsed ? " (grid dimension)" : " (serial inside each block)"));
    // Accesses redirected to tiles (innermost first, so nested ones compose).
    std::vector<std::pair<const Expr *, const Fetch *>> acc(k.tileOf.begin(), k.tileOf.end());
    std::sort(acc.begin(), acc.end(), [&](auto &a, auto &b) {
      return R.getRangeSize(a.first->getSourceRange()) < R.getRangeSize(b.first->getSourceRange());
    });
    for (auto &[e, f] : acc)
      redirect(e, f);
    for (const ArrayUpdate &u : k.arrayUpdates) {
      std::string target = R.getRewrittenText(SM.getExpansionRange(u.target->getSourceRange()));
      std::string value = R.getRewrittenText(SM.getExpansionRange(u.value->getSourceRange()));
      replace(SM.getExpansionRange(u.assign->getSourceRange()),
                    std::string("hy::cuda::atomic_") + atomicName(u.op) + "(&(" + target +
                        "), " + value + ")");
    }
    Sets state;
    block(k.body.get(), state, /*inCompound=*/true);
  }

  void redirect(const Expr *e, const Fetch *f) {
    const Tile *t = tileFor(f);
    std::vector<Access> a;
    collectAccesses(e, a);
    if (!t || a.empty())
      return;
    const auto &idx = a.front().indices;
    int rank = idx.size();
    std::vector<std::string> local(rank);
    for (int d = 0; d < rank; ++d) {
      std::string x = R.getRewrittenText(SM.getExpansionRange(idx[d]->getSourceRange()));
      std::string o = exprText(ctx, f->origins[d]);
      local[d] = "(" + x + ") - (" + o + ")";
      if (in.opts.checkFetch)
        local[d] = "hy::tile_index_checked(" + local[d] + ", " + t->size[d] + ", " +
                   cString(where(SM, e->getBeginLoc())) + ")";
    }
    std::string flat = "(" + local[f->perm[0]] + ")";
    for (int s = 1; s < rank; ++s)
      flat = "(" + flat + ") * " + t->pitch[s] + " + (" + local[f->perm[s]] + ")";
    replace(SM.getExpansionRange(e->getSourceRange()), t->name + "[" + flat + "]");
  }

  // Accesses of a statement as sets for the barrier analysis.
  Sets setsOf(const Stmt *s) const {
    Sets out;
    std::vector<Access> acc;
    collectAccesses(s, acc);
    for (const Access &a : acc) {
      if (a.meta || !(a.element || classifyArray(a.var->getType()).kind != ArrayKind::None))
        continue;
      std::string key = a.var->getName().str();
      if (a.element)
        if (auto it = k.tileOf.find(a.elementExpr); it != k.tileOf.end())
          key = tileFor(it->second) ? tileFor(it->second)->name : key;
      if (a.read)
        out.r.insert(key);
      if (a.write)
        out.w.insert(key);
    }
    return out;
  }

  static constexpr const char *kBarrier = "__syncthreads();";

  // Places a barrier before `n` if it conflicts with what is pending.
  void barrierBefore(const Node *n, const Sets &mine, Sets &state, bool inCompound) {
    if (state.conflicts(mine)) {
      if (inCompound)
        insertBefore(n->stmt, std::string(kBarrier) + " ");
      else {
        insertBefore(n->stmt, std::string("{ ") + kBarrier + " ");
        insertAfter(n->stmt, " }");
      }
      state.clear();
    }
  }

  // Walks block-level nodes in order, rewriting and placing barriers.
  void block(const Node *n, Sets &state, bool inCompound) {
    switch (n->kind) {
    case NodeKind::Sequence:
      for (auto &c : n->children)
        block(c.get(), state, true);
      return;
    case NodeKind::Uniform: {
      Sets mine = setsOf(n->stmt);
      barrierBefore(n, mine, state, inCompound);
      if (!mine.w.empty() && !isa<DeclStmt>(n->stmt) && !isa<NullStmt>(n->stmt)) {
        insertBefore(n->stmt, "if (hy_leader) { ");
        insertAfter(n->stmt, " }");
      }
      state.add(mine);
      return;
    }
    case NodeKind::ThreadNest: {
      Sets mine = setsOf(n->stmt);
      barrierBefore(n, mine, state, inCompound);
      threadNest(n, inCompound);
      state.add(mine);
      return;
    }
    case NodeKind::FetchNode:
      fetch(n, state, inCompound, /*threadLevel=*/false);
      return;
    case NodeKind::Control: {
      Sets header;
      for (const Stmt *c : n->stmt->children()) {
        bool body = false;
        for (auto &ch : n->children)
          body |= ch->stmt == c;
        if (!body && c)
          header.add(setsOf(c));
      }
      barrierBefore(n, header, state, inCompound);
      state.add(header);
      Sets incoming = state;
      Sets out;
      bool loop = !isa<IfStmt>(n->stmt);
      for (auto &c : n->children) {
        Sets s = incoming;
        Sets exposed = firstExposed(c.get());
        block(c.get(), s, isa<CompoundStmt>(c->stmt));
        if (loop && (s.conflicts(exposed) || header.conflicts(s))) {
          // Loop-carried: the next iteration may read what this one wrote.
          if (const auto *cs = dyn_cast<CompoundStmt>(c->stmt))
            R.InsertTextBefore(cs->getRBracLoc(), std::string(kBarrier) + " ");
          else {
            insertBefore(c->stmt, "{ ");
            insertAfter(c->stmt, std::string(" ") + kBarrier + " }");
          }
          s.clear();
        }
        out.add(s);
      }
      out.add(incoming);
      state = out;
      return;
    }
    case NodeKind::ThreadStmt:
      return;
    }
  }

  // What a node reads/writes before its first barrier (approximation: all).
  Sets firstExposed(const Node *n) const {
    if (n->kind == NodeKind::FetchNode)
      return Sets{}; // a fetch starts with a barrier
    if (n->kind == NodeKind::Sequence && !n->children.empty()) {
      Sets s;
      for (auto &c : n->children) {
        if (c->kind == NodeKind::FetchNode)
          break;
        s.add(setsOf(c->stmt));
      }
      return s;
    }
    return setsOf(n->stmt);
  }

  // Constant 2-D tiles of hy::array copy through hy::cuda::tile_load/store.
  static bool tileCopy(const Fetch *f) {
    return f->sizes.size() == 2 && f->constSizes[0] && f->constSizes[1] &&
           f->type.kind == ArrayKind::HyArray;
  }

  // Copies the tile of f in (in=true) or back (in=false): element e of the
  // tile in the array's row-major order, so neighbouring threads touch
  // neighbouring elements of the array.
  std::string copyLoop(const Fetch *f, const Tile *t, bool in) const {
    std::string m = f->array->getName().str();
    int rank = f->sizes.size();
    if (tileCopy(f)) {
      // hy::cuda::tile_load/tile_store: vectorised (asynchronous in) when
      // aligned, unrolled over the block's thread count.
      return std::string("hy::cuda::") + (in ? "tile_load<" : "tile_store<") + t->size[0] + ", " +
             t->size[1] + ", " + t->pitch[1] + ", " + (f->perm[0] == 1 ? "true" : "false") +
             ", " + std::to_string(shape.total()) + ">(" + t->name + ", " + m + ", " +
             exprText(ctx, f->origins[0]) + ", " + exprText(ctx, f->origins[1]) + ");";
    }
    std::string elems = t->size[0];
    for (int d = 1; d < rank; ++d)
      elems += " * " + t->size[d];
    std::string code = "for (int hy_e = hy_tid; hy_e < " + elems + "; hy_e += hy_nthreads) { ";
    std::string rest = "hy_e";
    std::vector<std::string> a(rank);
    for (int d = rank - 1; d >= 0; --d) {
      a[d] = "hy_a" + std::to_string(d);
      if (d == 0)
        code += "const int " + a[d] + " = " + rest + "; ";
      else {
        code += "const int " + a[d] + " = " + rest + " % " + t->size[d] + "; ";
        rest = "(" + rest + " / " + t->size[d] + ")";
      }
    }
    std::string flat = a[f->perm[0]];
    for (int s2 = 1; s2 < rank; ++s2)
      flat = "(" + flat + ") * " + t->pitch[s2] + " + " + a[f->perm[s2]];
    std::string guard, at;
    for (int d = 0; d < rank; ++d) {
      std::string g = "(" + exprText(ctx, f->origins[d]) + ") + " + a[d];
      at += (d ? ", " : "") + g;
      guard += std::string(d ? " && " : "") + "(unsigned long long)(" + g +
               ") < (unsigned long long)" + m + ".extent(" + std::to_string(d) + ")";
    }
    std::string elem = t->name + "[" + flat + "]";
    std::string src = m + "(" + at + ")";
    code += "if (" + guard + ") " + (in ? elem + " = " + src : src + " = " + elem) + "; }";
    return code;
  }

  // A chain of fetches covering one statement: all tiles are copied in,
  // one barrier, the statement, a barrier, written tiles are copied back.
  void fetch(const Node *n, Sets &state, bool inCompound, bool threadLevel) {
    std::vector<const Fetch *> chain;
    const Node *cur = n;
    while (cur->kind == NodeKind::FetchNode) {
      replacePragma(R, *cur->fetch->pragma, "// " + cur->fetch->pragma->text);
      if (cur->fetch && tileFor(cur->fetch))
        chain.push_back(cur->fetch);
      cur = cur->children.front().get();
    }
    const Stmt *s = cur->stmt;
    std::string pre = std::string("{ ") + kBarrier + " ";
    std::string post = std::string(" ") + kBarrier;
    bool wrote = false, async = false;
    // Asynchronous copies first: a transposed tile goes through registers,
    // and its loads then overlap the copies already in flight.
    std::stable_partition(chain.begin(), chain.end(),
                          [](const Fetch *f) { return !tileCopy(f) || f->perm[0] != 1; });
    for (const Fetch *f : chain) {
      const Tile *t = tileFor(f);
      async |= tileCopy(f);
      pre += "/* fetch " + f->array->getName().str() + " -> " + t->name + " */ " +
             copyLoop(f, t, true) + " ";
      if (t->written) {
        post += " " + copyLoop(f, t, false);
        wrote = true;
      }
    }
    if (async)
      pre += "hy::cuda::tile_wait(); "; // asynchronous copies land before the barrier
    pre += std::string(kBarrier) + " ";
    post += " }";
    if (!chain.empty()) {
      R.InsertTextBefore(begin(s), pre);
      R.InsertTextAfter(stmtEnd(ctx, s), post);
    }
    if (threadLevel)
      threadBody(cur);
    else {
      Sets inner;
      block(cur, inner, true);
    }
    state.clear();
    if (wrote)
      for (const Fetch *f : chain) {
        state.r.insert(tileFor(f)->name);
        state.w.insert(f->array->getName().str());
      }
  }

  void threadBody(const Node *n) {
    if (n->kind == NodeKind::FetchNode) {
      Sets s;
      fetch(n, s, true, /*threadLevel=*/true);
      return;
    }
    for (auto &c : n->children)
      threadBody(c.get());
  }

  std::string indexType(const LoopInfo &li) const {
    return typeText(ctx, li.index->getType());
  }

  void threadNest(const Node *n, bool inCompound) {
    static const char *axis[3] = {"x", "y", "z"};
    size_t d = n->loops.size();
    // A one-dimensional nest in a block of more dimensions spreads over all
    // the block's threads (linear thread id); a two-dimensional one in a 3-D
    // block runs in the z = 0 plane. No thread runs an iteration twice.
    bool linear = d == 1 && (shape.dim[1] > 1 || shape.dim[2] > 1) && !n->fixedShape;
    bool plane = d == 2 && shape.dim[2] > 1 && !n->fixedShape;
    for (size_t i = 0; i < d; ++i) {
      const LoopInfo &li = n->loops[i];
      const char *ax = axis[d - 1 - i];
      std::string tid = linear ? "hy_tid" : std::string("threadIdx.") + ax;
      std::string ntid = linear ? "hy_nthreads" : std::string("blockDim.") + ax;
      replacePragma(R, *li.pragma, "// " + li.pragma->text + " (" + tid + ")");
      std::string idx = li.index->getName().str();
      std::string ty = li.declaresIndex ? indexType(li) + " " : "";
      std::string lo = "(" + exprText(ctx, li.lower) + ")";
      std::string step = stepText(ctx, li);
      std::string start = lo + " + (" + indexType(li) + ")" + tid +
                          (step == "1" ? "" : " * " + step);
      std::string header;
      if (n->fixedShape)
        header = "if (" + (li.declaresIndex ? "const " + ty : "") + idx + " = " + start + "; true)";
      else
        header = "for (" + ty + idx + " = " + start + "; " + idx + " " + cmpText(li) + " (" +
                 exprText(ctx, li.bound) + "); " + idx + " += (" + indexType(li) + ")" + ntid +
                 (step == "1" ? "" : " * " + step) + ")";
      if (plane && i == 0)
        header = "if (threadIdx.z == 0) " + header;
      SourceLocation b = begin(li.loop);
      SourceLocation e = SM.getExpansionLoc(li.loop->getRParenLoc());
      replace(CharSourceRange::getTokenRange(b, e), header);
    }
    // Thread-level reductions: private partials, then a block reduction.
    std::string pre, post;
    for (const Reduction &r : n->reductions) {
      std::string name = r.var->getName().str();
      std::string part = "hy_" + name + "_t" + std::to_string(partialCounter++);
      std::string ty = typeText(ctx, r.var->getType());
      pre += ty + " " + part + " = " + opType(r.op) + "::identity<" + ty + ">(); ";
      post += " " + name + " = " + opType(r.op) + "::apply(" + name + ", hy::cuda::block_reduce<" +
              opType(r.op) + ">(" + part + "));";
      renameIn(n->stmt, r.var, part);
    }
    // Cross-block reduction variables updated by threads use the thread partial.
    for (const Reduction &r : k.reductions)
      if (!r.isArray) {
        bool own = false;
        for (const Reduction &x : n->reductions)
          own |= x.var == r.var;
        if (!own)
          renameIn(n->stmt, r.var, "hy_" + r.var->getName().str() + "_t");
      }
    unrollSmallLoops(n->loops.back().loop->getBody());
    if (n->fixedShape)
      threadBody(n->children.front().get());
    if (!pre.empty()) {
      insertBefore(n->stmt, (inCompound ? "" : "{ ") + pre);
      insertAfter(n->stmt, post + (inCompound ? "" : " }"));
    }
  }

  // Serial loops with a small constant trip count inside thread code are
  // unrolled, so that per-thread arrays indexed by them stay in registers.
  void unrollSmallLoops(const Stmt *s) {
    if (!s)
      return;
    if (const auto *fs = dyn_cast<ForStmt>(s))
      if (!k.blockLoops.empty()) {
        auto li = analyzeCanonicalLoop(ctx, fs, nullptr, /*diagnose=*/false);
        if (li && li->constTrip && *li->constTrip <= 16)
          R.InsertTextBefore(begin(fs), "_Pragma(\"unroll\") ");
      }
    for (const Stmt *c : s->children())
      unrollSmallLoops(c);
  }

  void renameIn(const Stmt *s, const VarDecl *v, const std::string &to) {
    std::vector<Access> acc;
    collectAccesses(s, acc);
    for (const Access &a : acc)
      if (a.var == v && !a.element && !renamed.count(a.expr)) {
        renamed.insert(a.expr);
        SourceLocation at = SM.getExpansionLoc(a.expr->getBeginLoc());
        replace(CharSourceRange::getCharRange(at, at.getLocWithOffset(v->getName().size())), to);
      }
  }

  // --- the kernel definition
  std::string params() const {
    std::string p;
    for (const Capture &c : k.captures) {
      std::string name = c.var->getName().str();
      std::string decl;
      if (c.array.kind != ArrayKind::None)
        decl = "hy::cuda::view<" + typeText(ctx, c.array.elem) + ", " +
               std::to_string(c.array.rank ? c.array.rank : 1) + "> " + name;
      else if (c.reduction)
        decl = typeText(ctx, c.var->getType()) + " *hy_red_" + name;
      else
        decl = typeText(ctx, c.var->getType()) + " " + name;
      p += (p.empty() ? "" : ", ") + decl;
    }
    return p + (p.empty() ? "" : ", ") + gridParams("long long ");
  }

  std::string gridParams(const std::string &type) const {
    if (!gridPerLoop())
      return type + "hy_nblocks";
    std::string p;
    for (unsigned i = 0; i < collapsed; ++i)
      p += (i ? ", " : "") + type + "hy_trip" + std::to_string(i);
    return p;
  }

  std::string templateHeader() const {
    if (const auto *ftd = k.function->getDescribedFunctionTemplate())
      return sourceText(SM, ctx.getLangOpts(), ftd->getTemplateParameters()->getSourceRange()) + "\n";
    return "";
  }

  std::string templateArgs() const {
    const auto *ftd = k.function->getDescribedFunctionTemplate();
    if (!ftd)
      return "";
    std::string a = "<";
    bool first = true;
    for (const NamedDecl *p : *ftd->getTemplateParameters()) {
      a += (first ? "" : ", ") + p->getName().str();
      first = false;
    }
    return a + ">";
  }

  std::string kernelDefinition() {
    const LoopInfo &outer = k.blockLoops.front();
    std::string s = "// Kernel " + k.name + " from " + where(SM, outer.pragma->loc) + ": " +
                    outer.pragma->text + "\n// block " + std::to_string(shape.dim[0]) + "x" +
                    std::to_string(shape.dim[1]) + "x" + std::to_string(shape.dim[2]) +
                    " threads, shared memory " +
                    (useDynamic ? "dynamic" : std::to_string(sharedBytes) + " bytes") + "\n";
    s += templateHeader();
    s += "__global__ void __launch_bounds__(" + std::to_string(shape.total()) + ") " + k.name +
         "(" + params() + ") {\n";
    s += "  const int hy_tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n";
    s += "  const int hy_nthreads = blockDim.x * blockDim.y * blockDim.z;\n";
    s += "  const bool hy_leader = hy_tid == 0;\n";
    s += "  (void)hy_nthreads; (void)hy_leader;\n";
    if (!tiles.empty()) {
      if (useDynamic)
        s += "  extern __shared__ __align__(16) unsigned char hy_smem[];\n";
      else
        s += "  __shared__ __align__(16) unsigned char hy_smem[" + peakExpr() + "];\n";
      for (const Tile &t : tiles)
        s += "  " + t.elem + " *const " + t.name + " = reinterpret_cast<" + t.elem +
             " *>(hy_smem + " + t.offset + ");\n";
    }
    for (const Reduction &r : k.reductions)
      if (!r.isArray) {
        std::string ty = typeText(ctx, r.var->getType());
        std::string name = r.var->getName().str();
        s += "  " + ty + " " + name + " = " + opType(r.op) + "::identity<" + ty + ">();\n";
        s += "  " + ty + " hy_" + name + "_t = " + opType(r.op) + "::identity<" + ty + ">();\n";
      }
    std::string close = "  }\n";
    if (gridPerLoop()) {
      static const char *const xyz[] = {"x", "y", "z"};
      for (unsigned i = 0; i < collapsed; ++i) {
        const LoopInfo &li = k.blockLoops[i];
        std::string b = "hy_b" + std::to_string(i), d = xyz[collapsed - 1 - i];
        std::string step = stepText(ctx, li);
        std::string ind(2 + 2 * i, ' ');
        s += ind + "for (long long " + b + " = blockIdx." + d + "; " + b + " < hy_trip" +
             std::to_string(i) + "; " + b + " += gridDim." + d + ") {\n";
        s += ind + "  const " + indexType(li) + " " + li.index->getName().str() + " = (" +
             exprText(ctx, li.lower) + ") + (" + indexType(li) + ")" + b +
             (step == "1" ? "" : " * " + step) + "; (void)" + li.index->getName().str() + ";\n";
      }
      close = std::string(collapsed, '}');
      close = "  " + close + "\n";
    } else
      s += "  for (long long hy_b = blockIdx.x; hy_b < hy_nblocks; hy_b += gridDim.x) {\n";
    std::string rest = "hy_b";
    std::vector<std::string> decls(gridPerLoop() ? 0 : collapsed);
    for (int i = (int)decls.size() - 1; i >= 0; --i) {
      const LoopInfo &li = k.blockLoops[i];
      std::string pos = i == 0 ? rest : "(" + rest + " % hy_trip" + std::to_string(i) + ")";
      std::string step = stepText(ctx, li);
      decls[i] = "    const " + indexType(li) + " " + li.index->getName().str() + " = (" +
                 exprText(ctx, li.lower) + ") + (" + indexType(li) + ")" + pos +
                 (step == "1" ? "" : " * " + step) + "; (void)" + li.index->getName().str() + ";\n";
      if (i > 0) {
        s += "    const long long hy_trip" + std::to_string(i) + " = " + tripText(ctx, li) + ";\n";
        rest = "(" + rest + " / hy_trip" + std::to_string(i) + ")";
      }
    }
    for (auto &d : decls)
      s += d;
    const Stmt *body = collapsed < k.blockLoops.size() ? k.blockLoops[collapsed].loop
                                                       : k.blockLoops[collapsed - 1].loop->getBody();
    SourceLocation from = begin(body);
    if (collapsed < k.blockLoops.size())
      from = k.blockLoops[collapsed].pragma->loc;
    s += lineDirective(in, from);
    s += "    " + R.getRewrittenText(CharSourceRange::getCharRange(from, stmtEnd(ctx, body))) + "\n";
    s += close;
    for (const Reduction &r : k.reductions)
      if (!r.isArray) {
        std::string name = r.var->getName().str();
        s += "  hy::cuda::block_combine<" + opType(r.op) + ">(hy_red_" + name + ", hy_" + name +
             "_t, " + name + ");\n";
      }
    s += "}\n";
    return s;
  }

  const PrintInput &in;
  ASTContext &ctx;
  const SourceManager &SM;
  const Kernel &k;
  Rewriter &R;
  std::vector<const Node *> nests;
  std::vector<Tile> tiles;
  std::set<const Expr *> renamed;
  bool useDynamic = false;
  long long sharedBytes = 0, peakBytes = 0;
  std::vector<std::string> peaks;
  unsigned partialCounter = 0;
  bool ok = true;


public:
  std::string smemExpr() const { return useDynamic ? peakExpr() : "0"; }
  bool dynamicSmem() const { return useDynamic; }
  long long staticSmem() const { return sharedBytes; }
  std::string launchArgs(const std::string &whereText) const {
    std::string a;
    for (const Capture &c : k.captures) {
      std::string name = c.var->getName().str();
      std::string v;
      if (c.array.kind != ArrayKind::None)
        v = "hy::cuda::device(" + name + ", " +
            (c.written ? (c.read ? "hy::cuda::read_write" : "hy::cuda::read_write")
                       : "hy::cuda::read") +
            ", " + whereText + ")";
      else if (c.reduction)
        v = "hy_red_" + name + ".ptr()";
      else
        v = name;
      a += (a.empty() ? "" : ", ") + v;
    }
    return a + (a.empty() ? "" : ", ") + gridParams("");
  }

  /// The launch's grid: one dimension per collapsed block loop (see
  /// gridPerLoop), clamped by hy::cuda::grid_dim; kernels stride beyond.
  std::string gridText() const {
    if (!gridPerLoop())
      return "hy::cuda::grid_dim(hy_nblocks, 0)";
    std::string g = "dim3(";
    for (unsigned d = 0; d < collapsed; ++d)
      g += (d ? ", " : "") + std::string("hy::cuda::grid_dim(hy_trip") +
           std::to_string(collapsed - 1 - d) + ", " + std::to_string(d) + ")";
    return g + ")";
  }
  std::string templArgs() const { return templateArgs(); }
  void setCollapsed(unsigned c) { collapsed = c; }
  // Up to three collapsed block loops map to grid dimensions (innermost ->
  // x), so a block finds its indices without dividing; more loops share x
  // through one linear index.
  bool gridPerLoop() const { return collapsed <= 3; }
};

// Calls from kernels to functions of this file: they become
// __host__ __device__ (transitively); calls to functions with no body
// outside system headers are errors.
class DeviceCalls : public RecursiveASTVisitor<DeviceCalls> {
public:
  DeviceCalls(ASTContext &ctx, std::set<const FunctionDecl *> &out, bool &ok)
      : ctx(ctx), out(out), ok(ok) {}
  bool VisitCallExpr(CallExpr *ce) {
    const FunctionDecl *fd = ce->getDirectCallee();
    if (!fd) {
      // In templates a call with dependent arguments stays unresolved: every
      // candidate of this file may run on the device.
      if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit()))
        for (const NamedDecl *d : ule->decls()) {
          const FunctionDecl *cand = d->getAsFunction();
          const SourceManager &SM = ctx.getSourceManager();
          if (cand && SM.isInMainFile(SM.getExpansionLoc(cand->getLocation())) &&
              cand->hasBody() && out.insert(cand).second)
            TraverseStmt(cand->getBody());
        }
      return true;
    }
    if (const FunctionDecl *def = fd->getDefinition())
      fd = def;
    const SourceManager &SM = ctx.getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(fd->getLocation())))
      return true;
    if (!SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      return true; // e.g. hy::array members: views provide them
    if (!fd->hasBody()) {
      report(ctx.getDiagnostics(), ce->getBeginLoc(), Diag::CallNoBody) << fd->getName();
      ok = false;
      return true;
    }
    if (const FunctionDecl *pattern = fd->getTemplateInstantiationPattern())
      fd = pattern;
    // A lambda defined in the kernel is device code already.
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
      if (md->getParent()->isLambda())
        return true;
    if (out.insert(fd).second)
      TraverseStmt(fd->getBody());
    return true;
  }
  ASTContext &ctx;
  std::set<const FunctionDecl *> &out;
  bool &ok;
};

// Host code of resident functions (those that launch kernels or call such
// functions of this file): a statement that touches an array the function
// hands to kernels gets hy::cuda::host(...) before it; arrays that outlive
// the function are registered with a hy::cuda::resident_scope, which brings
// them back to the host when the outermost resident function returns.
class HostSync {
public:
  HostSync(const PrintInput &in, Rewriter &R, const std::vector<const Kernel *> &ks,
           const std::set<const FunctionDecl *> &resident)
      : in(in), ctx(in.ctx), R(R), ks(ks), resident(resident) {}

  void run(const FunctionDecl *fd) {
    for (const Kernel *k : ks)
      for (const Capture &c : k->captures)
        if (c.array.kind != ArrayKind::None)
          arrays.insert(c.var);
    collectCallArrays(fd->getBody());
    const auto *body = dyn_cast_or_null<CompoundStmt>(fd->getBody());
    if (arrays.empty() || !body)
      return;
    walk(body);
    // Arrays that outlive the function: parameters and globals from the
    // start, local references (aliases of outside arrays) from their
    // declaration on.
    std::string scope = "hy::cuda::resident_scope hy_scope;";
    for (const VarDecl *v : arrays) {
      std::string escape = " hy_scope.escape(" + v->getName().str() + ");";
      if (isa<ParmVarDecl>(v) || v->hasGlobalStorage())
        scope += escape;
      else if (v->getType()->isReferenceType())
        if (const Stmt *decl = declarationOf(body, v))
          R.InsertTextAfter(stmtEnd(ctx, decl), escape);
    }
    R.InsertTextAfter(body->getLBracLoc().getLocWithOffset(1), " " + scope);
  }

private:
  static const Stmt *declarationOf(const Stmt *s, const VarDecl *v) {
    if (!s)
      return nullptr;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (d == v)
          return ds;
    for (const Stmt *c : s->children())
      if (const Stmt *found = declarationOf(c, v))
        return found;
    return nullptr;
  }

  const FunctionDecl *residentCallee(const Stmt *s) const {
    const auto *ce = dyn_cast<CallExpr>(s);
    if (!ce)
      return nullptr;
    if (const FunctionDecl *fd = ce->getDirectCallee()) {
      if (const FunctionDecl *p = fd->getTemplateInstantiationPattern())
        fd = p;
      if (const FunctionDecl *d = fd->getDefinition())
        fd = d;
      return resident.count(fd) ? fd : nullptr;
    }
    if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit()))
      for (const NamedDecl *d : ule->decls())
        if (const FunctionDecl *f = d->getAsFunction())
          if (resident.count(f->getDefinition() ? f->getDefinition() : f))
            return f;
    return nullptr;
  }
  // Arrays handed to resident callees are device data here too.
  void collectCallArrays(const Stmt *s) {
    if (!s)
      return;
    if (residentCallee(s))
      for (const Expr *a : cast<CallExpr>(s)->arguments())
        if (const VarDecl *v = refVar(a))
          if (classifyArray(v->getType()).kind != ArrayKind::None)
            arrays.insert(v);
    for (const Stmt *c : s->children())
      collectCallArrays(c);
  }
  bool isRegion(const Stmt *s) const {
    for (const Kernel *k : ks)
      if (k->blockLoops.front().loop == s)
        return true;
    return false;
  }
  bool containsDeviceWork(const Stmt *s) const {
    if (!s)
      return false;
    if (isRegion(s) || residentCallee(s))
      return true;
    for (const Stmt *c : s->children())
      if (containsDeviceWork(c))
        return true;
    return false;
  }
  void walk(const Stmt *s) {
    if (!s)
      return;
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt *c : cs->body()) {
        if (isRegion(c))
          continue;
        const Expr *e = dyn_cast<Expr>(c);
        if (e && residentCallee(e->IgnoreParenImpCasts()))
          continue; // a call that keeps its arrays resident
        if (containsDeviceWork(c)) {
          for (const Stmt *ch : c->children())
            walk(ch);
          continue;
        }
        std::vector<Access> acc;
        collectAccesses(c, acc);
        std::map<const VarDecl *, bool> touched; // var -> written
        for (const Access &a : acc)
          if (arrays.count(a.var) && !a.meta)
            touched[a.var] = touched[a.var] || a.write;
        std::string sync;
        for (auto &[v, w] : touched)
          sync += "hy::cuda::host(" + v->getName().str() + ", " +
                  (w ? "hy::cuda::read_write" : "hy::cuda::read") + "); ";
        if (!sync.empty())
          R.InsertTextBefore(ctx.getSourceManager().getExpansionLoc(c->getBeginLoc()), sync);
      }
      return;
    }
    for (const Stmt *c : s->children())
      walk(c);
  }

  const PrintInput &in;
  ASTContext &ctx;
  Rewriter &R;
  const std::vector<const Kernel *> &ks;
  const std::set<const FunctionDecl *> &resident;
  std::set<const VarDecl *> arrays;
};

// Functions of the main file that launch kernels, and (to a fixpoint) those
// that call them.
class ResidentFunctions : public RecursiveASTVisitor<ResidentFunctions> {
public:
  ResidentFunctions(ASTContext &ctx, std::set<const FunctionDecl *> &set) : ctx(ctx), set(set) {}
  bool VisitFunctionDecl(FunctionDecl *fd) {
    const SourceManager &SM = ctx.getSourceManager();
    if (fd->doesThisDeclarationHaveABody() && !fd->isTemplateInstantiation() &&
        SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      all.push_back(fd);
    return true;
  }
  bool calls(const Stmt *s) const {
    if (!s)
      return false;
    if (const auto *ce = dyn_cast<CallExpr>(s)) {
      if (const FunctionDecl *fd = ce->getDirectCallee()) {
        if (const FunctionDecl *p = fd->getTemplateInstantiationPattern())
          fd = p;
        if (set.count(fd->getDefinition() ? fd->getDefinition() : fd))
          return true;
      } else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreImplicit())) {
        for (const NamedDecl *d : ule->decls())
          if (const FunctionDecl *f = d->getAsFunction())
            if (set.count(f->getDefinition() ? f->getDefinition() : f))
              return true;
      }
    }
    for (const Stmt *c : s->children())
      if (calls(c))
        return true;
    return false;
  }
  void close() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (const FunctionDecl *fd : all)
        if (!set.count(fd) && calls(fd->getBody())) {
          set.insert(fd);
          changed = true;
        }
    }
  }
  ASTContext &ctx;
  std::set<const FunctionDecl *> &set;
  std::vector<const FunctionDecl *> all;
};

} // namespace

bool printCuda(const PrintInput &in, std::string &out) {
  ASTContext &ctx = in.ctx;
  SourceManager &SM = ctx.getSourceManager();
  bool ok = true;

  // Device functions.
  std::set<const FunctionDecl *> device;
  DeviceCalls calls(ctx, device, ok);
  for (auto &k : in.model.kernels)
    calls.TraverseStmt(const_cast<Stmt *>(static_cast<const Stmt *>(k->blockLoops.front().loop)));

  Rewriter cpu(SM, ctx.getLangOpts());  // CPU fallback text of each region
  Rewriter dev(SM, ctx.getLangOpts());  // kernel bodies
  Rewriter host(SM, ctx.getLangOpts()); // the output file
  for (auto &k : in.model.kernels)
    rewriteKernelForCpu(in, *k, cpu);

  std::map<const Decl *, std::string> before; // kernels before top-level decls
  std::map<const FunctionDecl *, std::vector<const Kernel *>> byFunction;
  for (auto &kp : in.model.kernels) {
    const Kernel &k = *kp;
    KernelPrinter kpr(in, k, dev);
    unsigned collapsed = 1;
    ompPragma(in, k, collapsed);
    kpr.setCollapsed(collapsed);
    std::string text;
    if (!kpr.print(text)) {
      ok = false;
      continue;
    }
    before[k.topLevel] += text + "\n";
    byFunction[k.function].push_back(&k);

    // The launch replacing the region.
    const LoopInfo &outer = k.blockLoops.front();
    CharSourceRange region =
        CharSourceRange::getCharRange(outer.pragma->loc, stmtEnd(ctx, outer.loop));
    std::string cpuText = cpu.getRewrittenText(region);
    std::string whereText = cString(where(SM, outer.pragma->loc) + " (" + outer.pragma->text + ")");
    std::string trips, tripDecls;
    for (unsigned i = 0; i < collapsed; ++i) {
      std::string t = tripText(ctx, k.blockLoops[i]);
      if (kpr.gridPerLoop()) {
        tripDecls += "  const long long hy_trip" + std::to_string(i) + " = " + t + ";\n";
        t = "hy_trip" + std::to_string(i);
      }
      trips += (i ? " * " : "") + t;
    }
    std::string L;
    L += "// " + outer.pragma->text + "  ->  kernel " + k.name + "\n";
    L += "if (hy::cuda::use_gpu()) {\n";
    L += tripDecls;
    L += "  const long long hy_nblocks = " + trips + ";\n";
    for (const Reduction &r : k.reductions)
      if (!r.isArray)
        L += "  hy::cuda::reduction<" + opType(r.op) + ", " + typeText(ctx, r.var->getType()) +
             "> hy_red_" + r.var->getName().str() + "(" + whereText + ");\n";
    L += "  if (hy_nblocks > 0) {\n";
    if (kpr.dynamicSmem()) {
      L += "    const size_t hy_smem_bytes = " + kpr.smemExpr() + ";\n";
      L += "    hy::cuda::set_dynamic_smem((const void *)" + k.name + kpr.templArgs() +
           ", hy_smem_bytes, " + whereText + ");\n";
    }
    L += "    " + k.name + kpr.templArgs() + "<<<" + kpr.gridText() + ", dim3(" +
         std::to_string(kpr.shape.dim[0]) + ", " + std::to_string(kpr.shape.dim[1]) + ", " +
         std::to_string(kpr.shape.dim[2]) + "), " + (kpr.dynamicSmem() ? "hy_smem_bytes" : "0") +
         ">>>(" + kpr.launchArgs(whereText) + ");\n";
    L += "    hy::cuda::after_launch(" + whereText + ");\n";
    L += "  }\n";
    for (const Reduction &r : k.reductions)
      if (!r.isArray) {
        std::string n = r.var->getName().str();
        L += "  " + n + " = " + opType(r.op) + "::apply(" + n + ", hy_red_" + n + ".result());\n";
      }
    L += "} else {\n";
    L += lineDirective(in, outer.pragma->loc);
    L += cpuText + "\n}\n";
    unsigned nextLine = SM.getExpansionLineNumber(stmtEnd(ctx, outer.loop));
    if (in.opts.lineDirectives)
      L += "#line " + std::to_string(nextLine) + " " + cString(in.opts.inputName) + "\n";
    host.ReplaceText(region, L);
  }
  if (!ok)
    return false;

  std::set<const FunctionDecl *> resident;
  for (auto &[fd, ks] : byFunction)
    resident.insert(fd);
  ResidentFunctions rf(ctx, resident);
  rf.TraverseDecl(ctx.getTranslationUnitDecl());
  rf.close();
  static const std::vector<const Kernel *> none;
  for (const FunctionDecl *fd : resident) {
    auto it = byFunction.find(fd);
    HostSync(in, host, it == byFunction.end() ? none : it->second, resident).run(fd);
  }

  for (const FunctionDecl *fd : device)
    for (const FunctionDecl *rd : fd->redecls())
      if (SM.isInMainFile(SM.getExpansionLoc(rd->getLocation())))
        host.InsertTextBefore(SM.getExpansionLoc(rd->getInnerLocStart()), "__host__ __device__ ");

  for (auto &[decl, text] : before) {
    SourceLocation at = SM.getExpansionLoc(decl->getBeginLoc());
    std::string t = text;
    if (in.opts.lineDirectives)
      t += "#line " + std::to_string(SM.getExpansionLineNumber(at)) + " " +
           cString(in.opts.inputName) + "\n";
    host.InsertTextBefore(at, t);
  }

  std::string body;
  if (const RewriteBuffer *rb = host.getRewriteBufferFor(SM.getMainFileID()))
    body.assign(rb->begin(), rb->end());
  else
    body = SM.getBufferData(SM.getMainFileID()).str();
  out = "// Generated by hyc (CUDA target) from " + in.opts.inputName +
        "; edit the annotated source instead.\n#include <hy/cuda.cuh>\n";
  if (in.opts.lineDirectives)
    out += "#line 1 " + cString(in.opts.inputName) + "\n";
  out += body;
  return true;
}

std::string kernelReport(const PrintInput &in) {
  ASTContext &ctx = in.ctx;
  SourceManager &SM = ctx.getSourceManager();
  std::string r;
  for (auto &kp : in.model.kernels) {
    const Kernel &k = *kp;
    const LoopInfo &outer = k.blockLoops.front();
    Rewriter scratch(SM, ctx.getLangOpts());
    KernelPrinter kpr(in, k, scratch);
    unsigned collapsed = 1;
    ompPragma(in, k, collapsed);
    kpr.setCollapsed(collapsed);
    std::string text;
    kpr.print(text);
    // Blocks per grid dimension, as simply as the loop allows.
    std::string grid;
    for (unsigned i = 0; i < collapsed; ++i) {
      const LoopInfo &li = k.blockLoops[i];
      auto lo = evalInt(ctx, li.lower);
      std::string n = li.constTrip ? std::to_string(*li.constTrip)
                      : lo && *lo == 0 && li.constStep && *li.constStep == 1 && li.cmp == BO_LT
                          ? "(" + exprText(ctx, li.bound) + ")"
                          : tripText(ctx, li);
      grid += (i ? " x " : "") + n;
    }
    r += where(SM, outer.pragma->loc) + ": " + outer.pragma->text + "\n";
    r += "  kernel " + k.name + ": grid " + grid + " blocks, block " +
         std::to_string(kpr.shape.dim[0]) + "x" + std::to_string(kpr.shape.dim[1]) + "x" +
         std::to_string(kpr.shape.dim[2]) + " threads, shared memory " +
         (kpr.dynamicSmem() ? "dynamic, " : "static, ") +
         std::to_string(kpr.staticSmem()) + " bytes" +
         (kpr.dynamicSmem() ? " for the constant-size tiles" : "") + "\n";
    for (const Capture &c : k.captures)
      if (c.array.kind != ArrayKind::None)
        r += "  array " + c.var->getName().str() +
             (c.written ? ": read and written on the device" : ": read on the device") +
             "; copied to the GPU only when the host copy is newer" +
             (c.written ? ", back to the host when host code uses it or the outermost "
                          "translated function returns"
                        : "") +
             "\n";
    for (auto &f : k.fetches)
      r += "  " + where(SM, f->pragma->loc) + ": " + f->pragma->text + "\n";
  }
  return r;
}

} // namespace hy

// KernelPrinter, shared-memory tiles: one per fetch, sized and padded at
// translation time, stacked so that sibling fetches share bytes; the
// cooperative copies in and back around the fetched statement.
#include "cuda/CudaKernel.h"
#include <algorithm>

namespace hy::cudagen {

void KernelPrinter::computeTiles() {
  if (tilesDone)
    return;
  tilesDone = true;
  bool anyDynamic = false;
  for (auto &fp : k.fetches) {
    const Fetch *f = fp.get();
    if (!f->array || f->type.kind == ArrayKind::None)
      continue;
    Tile t;
    t.f = f;
    t.name = "hy_tile" + std::to_string(f->number) + "_" + f->array->getName().str();
    t.elem = outerType(f->type.elem);
    int rank = f->sizes.size();
    bool constant = true;
    for (int d = 0; d < rank; ++d) {
      if (f->constSizes[d])
        t.size.push_back(std::to_string(*f->constSizes[d]));
      else {
        t.size.push_back("(" + text(f->sizes[d]) + ")");
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
}

long long KernelPrinter::sharedPeak() {
  computeTiles();
  return peakBytes;
}

std::vector<KernelPrinter::TileFacts> KernelPrinter::tileFacts() const {
  std::vector<TileFacts> out;
  for (const Tile &t : tiles) {
    std::string shape;
    for (size_t d = 0; d < t.size.size(); ++d)
      shape += (d ? " x " : "") + t.size[d];
    out.push_back({t.f, shape, t.elem, t.bytes});
  }
  return out;
}

void KernelPrinter::allocate(const Node *n, std::string base, long long baseBytes) {
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

std::string KernelPrinter::peakExpr() const {
  if (peaks.empty())
    return "0";
  if (peaks.size() == 1)
    return peaks.front();
  std::string e = "hy::cuda::max_size({";
  for (size_t i = 0; i < peaks.size(); ++i)
    e += (i ? ", " : "") + std::string("(size_t)(") + peaks[i] + ")";
  return e + "})";
}

const KernelPrinter::Tile *KernelPrinter::tileFor(const Fetch *f) const {
  for (const Tile &t : tiles)
    if (t.f == f)
      return &t;
  return nullptr;
}

bool KernelPrinter::tileCopy(const Fetch *f) {
  return f->sizes.size() == 2 && f->constSizes[0] && f->constSizes[1] &&
         f->type.kind == ArrayKind::HyArray && !f->privatized;
}

std::string KernelPrinter::copyLoop(const Fetch *f, const Tile *t, bool in) const {
  std::string m = f->array->getName().str();
  int rank = f->sizes.size();
  if (tileCopy(f)) {
    // hy::cuda::tile_load/tile_store: vectorised (asynchronous in) when
    // aligned, unrolled over the block's thread count.
    return std::string("hy::cuda::") + (in ? "tile_load<" : "tile_store<") + t->size[0] + ", " +
           t->size[1] + ", " + t->pitch[1] + ", " + (f->perm[0] == 1 ? "true" : "false") +
           ", " + std::to_string(shape.total()) + ">(" + t->name + ", " + m + ", " +
           text(f->origins[0]) + ", " + text(f->origins[1]) + ");";
  }
  if (f->privatized && in) // the whole tile, padding included, from the identity
    return "for (int hy_e = hy_tid; hy_e < " + t->count + "; hy_e += hy_nthreads) " + t->name +
           "[hy_e] = " + opType(f->privatizedOp) + "::identity<" + t->elem + ">();";
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
    std::string g = "(" + text(f->origins[d]) + ") + " + a[d];
    at += (d ? ", " : "") + g;
    guard += std::string(d ? " && " : "") + "(unsigned long long)(" + g +
             ") < (unsigned long long)" + m + ".extent(" + std::to_string(d) + ")";
  }
  std::string elem = t->name + "[" + flat + "]";
  std::string src = m + "(" + at + ")";
  if (f->privatized) {
    // A privatized tile starts from the identity and is combined into the
    // array at the end; elements no update touched cost no atomic.
    std::string id = opType(f->privatizedOp) + "::identity<" + t->elem + ">()";
    return code + "const " + t->elem + " hy_v = " + elem + "; if (" + guard + " && !(hy_v == " +
           id + ")) hy::cuda::atomic_" + atomicName(f->privatizedOp) + "(&" + src +
           ", hy_v); }";
  }
  code += "if (" + guard + ") " + (in ? elem + " = " + src : src + " = " + elem) + "; }";
  return code;
}

void KernelPrinter::fetch(const Node *n, Sets &state, bool inCompound, bool threadLevel) {
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
    pre += "/* " + std::string(f->privatized ? "privatized " : "fetch ") +
           f->array->getName().str() + " -> " + t->name + " */ " + copyLoop(f, t, true) + " ";
    if (t->written) {
      post += " " + copyLoop(f, t, false);
      wrote = true;
    }
  }
  if (async)
    pre += "hy::cuda::tile_wait(); "; // asynchronous copies land before the barrier
  pre += std::string(kBarrier) + " ";
  // Without a write-back nothing after the statement needs all threads to
  // have finished it: the next copy into these bytes (a later fetch, or this
  // one again in a loop) starts with its own barrier, and the statement's
  // other accesses stay pending for the barrier analysis below.
  post = wrote ? post + " }" : " }";
  if (!chain.empty()) {
    R.InsertTextBefore(begin(s), pre);
    R.InsertTextAfter(stmtEnd(ctx, s), post);
  }
  Sets inner;
  if (threadLevel)
    threadBody(cur);
  else
    block(cur, inner, true);
  if (wrote) {
    state.clear();
    for (const Fetch *f : chain) {
      state.r.insert(tileFor(f)->name);
      state.w.insert(f->array->getName().str());
    }
  } else if (!chain.empty())
    state = inner;
  else
    state.add(inner);
}

} // namespace hy::cudagen

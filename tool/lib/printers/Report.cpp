// The report (hyc --report / -Rhy): for the target built, per kernel, what
// was done with each loop, nest, array and fetch, and why, as remarks at
// their source locations (the OpenACC user's -Minfo). The CPU printers and
// the CUDA kernel and host printers record their decisions as they make
// them (PrintInput::remarks); this file adds the CUDA kernel's summary
// (grid, block, shared memory, tiles, atomics, transfers), which it reads
// off a KernelPrinter run on a scratch rewriter, and sorts everything by
// location.
#include "cuda/CudaKernel.h"
#include <algorithm>

namespace hy {

using namespace cudagen;

namespace {

std::string blocksText(ASTContext &ctx, const Kernel &k, unsigned collapsed) {
  std::string grid;
  for (unsigned i = 0; i < collapsed; ++i) {
    grid += (i ? " x " : "") + shortTripText(ctx, k.blockLoops[i]);
  }
  return grid;
}

void cudaKernel(const PrintInput &in, const Kernel &k, std::vector<Remark> &out) {
  ASTContext &ctx = in.ctx;
  const LoopInfo &outer = k.blockLoops.front();
  auto add = [&](SourceLocation loc, const std::string &text) { out.push_back({loc, text}); };
  PrintInput quiet = in; // the printing run recorded its own remarks already
  quiet.remarks = nullptr;
  Rewriter scratch(ctx.getSourceManager(), ctx.getLangOpts());
  KernelPrinter kpr(quiet, k, scratch);
  unsigned collapsed = 1;
  ompPragma(quiet, k, collapsed);
  kpr.setCollapsed(collapsed);
  std::string text;
  kpr.print(text);
  std::string block = std::to_string(kpr.shape.dim[0]) + "x" + std::to_string(kpr.shape.dim[1]) +
                      "x" + std::to_string(kpr.shape.dim[2]);
  std::string grid = blocksText(ctx, k, collapsed);
  std::string s = "CUDA kernel " + k.name + ": ";
  if (k.scan && k.scan->reduction)
    s += std::string("a single-pass ") + (k.scan->inclusive ? "inclusive" : "exclusive") +
         " scan of '" + k.scan->reduction->var->getName().str() + "' (" +
         spelling(k.scan->reduction->op) + "): " + grid +
         " iterations in tiles of hy::cuda::scan_shape<T>::threads x items, one block each; "
         "each thread runs the input phase of its items, a block scan (cub::BlockScan) and "
         "decoupled look-back over the tiles before (cub::TilePrefixCallbackOp) give each "
         "item its prefix, then the scan phase runs; the trip count is computed on the host";
  else if (kpr.isFlat())
    s += "grid " + grid + " iterations, one per thread (no thread loops), in blocks of " +
         block + " threads";
  else
    s += "grid " + grid + " blocks, block " + block + " threads";
  if (!kpr.gridPerLoop() && !k.scan)
    s += "; " + std::to_string(collapsed) + " block loops share one grid dimension";
  if (collapsed < k.blockLoops.size())
    s += "; the loop over '" + k.blockLoops[collapsed].index->getName().str() +
         "' runs inside each block";
  if (!k.scan) // its shared memory is the block scan's (CUB)
    s += "; shared memory " +
       (kpr.dynamicSmem() ? "dynamic, " + std::to_string(kpr.staticSmem()) +
                                " bytes for the constant-size tiles"
                          : "static, " + std::to_string(kpr.staticSmem()) + " bytes");
  add(outer.pragma->loc, s);
  if (outer.pragma->minBlocks)
    add(outer.pragma->minBlocksLoc,
        "min_blocks(" + std::to_string(outer.pragma->minBlocks) +
            "): registers limited to what " + std::to_string(outer.pragma->minBlocks) +
            " resident blocks per multiprocessor allow (__launch_bounds__)");
  for (const Capture &c : k.captures)
    if (c.array.kind != ArrayKind::None)
      add(outer.pragma->loc,
          "array " + c.var->getName().str() +
              (c.written ? ": read and written on the device" : ": read on the device") +
              "; copied to the GPU only when the host copy is newer" +
              (c.written ? ", back to the host when host code uses it or the outermost "
                           "translated function returns"
                         : ""));
  for (unsigned i = 0; i < collapsed && !k.scan; ++i)
    if (kpr.deviceTrip(i))
      add(k.blockLoops[i].pragma->loc,
          "loop over '" + k.blockLoops[i].index->getName().str() +
              "': trip count read on the device (worklist size or array element); grid "
              "sized to it when the host knows the count, else the resident blocks");
  for (const VarDecl *w : kpr.pushedWorklists())
    add(outer.pragma->loc,
        "worklist " + w->getName().str() +
            (kpr.blockPushed(w)
                 ? ": pushed (aggregated per block: a shared-memory buffer of hy::cuda::push_buffer<T, " +
                       std::to_string(kpr.shape.total()) +
                       ">::items items, written out at the top of a grid-loop iteration when half "
                       "full and at the kernel's end, one atomic each time)"
                 : std::string(": pushed (one atomic per warp)")) +
            "; its count is published to the host at the kernel's end");
  for (const Reduction &r : k.reductions) {
    std::string name = r.var->getName().str();
    bool tile = std::any_of(k.fetches.begin(), k.fetches.end(), [&](auto &f) {
      return f->privatized && f->array == r.var;
    });
    if (r.isArray)
      add(r.loc, "array reduction '" + name + "' (" + spelling(r.op) +
                     "): one device atomic per update (hy::cuda::atomic_" + atomicName(r.op) +
                     ")" + (tile ? ", on the shared-memory tile inside its privatizing fetch" : ""));
    else if (r.inscan)
      add(r.loc, "reduction(inscan, " + std::string(spelling(r.op)) + " : " + name +
                     "): the last tile stores the total, which the host reads after the "
                     "launch and combines into '" + name + "'");
    else
      add(r.loc, "reduction(" + std::string(spelling(r.op)) + " : " + name +
                     "): combined in each block, then one atomic per block into the result, "
                     "which the host reads after the launch");
  }
  for (const KernelPrinter::TileFacts &t : kpr.tileFacts()) {
    const Fetch *f = t.f;
    std::string d = "tile of '" + f->array->getName().str() + "': " + t.shape + " " + t.elem +
                    (t.bytes ? ", " + std::to_string(t.bytes) + " bytes" : ", size set at run time") +
                    (kpr.dynamicSmem() ? " of dynamic" : " of static") + " shared memory; ";
    if (f->privatized)
      d += std::string("privatized: starts from the identity of '") + spelling(f->privatizedOp) +
           "', combined into the array with one atomic per touched element per block";
    else
      d += "copied in by the block's threads, barrier, the statement, barrier" +
           std::string(f->written ? ", copied back" : "");
    add(f->pragma->loc, d);
  }
}

} // namespace

std::vector<Remark> kernelReport(const PrintInput &in) {
  std::vector<Remark> out;
  for (auto &kp : in.model.kernels) {
    const Kernel &k = *kp;
    switch (in.opts.target) {
    case Target::Cuda:
      cudaKernel(in, k, out);
      break;
    case Target::Serial:
      out.push_back({k.blockLoops.front().pragma->loc,
                     std::string("serial: pragmas removed, the loops run in order") +
                         (in.opts.checkFetch && !k.fetches.empty()
                              ? "; accesses to fetched arrays are checked against their tiles"
                              : "")});
      break;
    case Target::OpenMP:
      break; // the printer's remarks say it all
    }
  }
  if (in.remarks)
    out.insert(out.end(), in.remarks->begin(), in.remarks->end());
  const SourceManager &SM = in.ctx.getSourceManager();
  std::stable_sort(out.begin(), out.end(), [&](const Remark &a, const Remark &b) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(a.loc), SM.getExpansionLoc(b.loc));
  });
  return out;
}

} // namespace hy

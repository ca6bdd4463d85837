// KernelPrinter, the kernel's text: parameters, template header, the grid
// loops around the rewritten body, and the launch's grid and arguments.
#include "cuda/CudaKernel.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace hy::cudagen {

std::string opType(ReductionOp op) {
  return std::string("hy::cuda::op::") + runtimeName(op);
}

std::set<const VarDecl *> KernelPrinter::pushedWorklists() const {
  std::vector<Access> acc;
  collectAccesses(k.blockLoops.front().loop, acc);
  std::set<const VarDecl *> out;
  for (const Access &a : acc)
    if (a.push && classifyArray(a.var->getType()).kind == ArrayKind::Worklist)
      out.insert(a.var);
  return out;
}

std::map<const VarDecl *, bool> boundDeviceData(const LoopInfo &li) {
  std::vector<Access> acc;
  for (const Expr *e : {li.lower, li.bound, li.step})
    if (e)
      collectAccesses(e, acc);
  std::map<const VarDecl *, bool> data;
  for (const Access &a : acc) {
    ArrayType t = classifyArray(a.var->getType());
    if (t.kind == ArrayKind::Worklist && a.meta)
      data.emplace(a.var, true); // size() only, unless elements too
    else if (t.kind != ArrayKind::None && !a.meta)
      data[a.var] = false;
  }
  return data;
}

bool KernelPrinter::deviceTrip(unsigned i) const {
  return gridPerLoop() && i < collapsed && !boundDeviceData(k.blockLoops[i]).empty();
}

std::string KernelPrinter::knownSizes(unsigned i) const {
  std::string cond;
  for (auto &[v, sizeOnly] : boundDeviceData(k.blockLoops[i])) {
    if (!sizeOnly)
      return ""; // an element of device data: the host does not know it
    cond += (cond.empty() ? "" : " && ") + std::string("hy::cuda::size_known(") +
            v->getName().str() + ")";
  }
  return cond;
}

bool KernelPrinter::anyDeviceTrip() const {
  for (unsigned i = 0; i < collapsed; ++i)
    if (deviceTrip(i))
      return true;
  return false;
}

std::string KernelPrinter::gridParams(const std::string &type) const {
  if (!gridPerLoop())
    return type + "hy_nblocks";
  std::string p;
  for (unsigned i = 0; i < collapsed; ++i)
    if (!deviceTrip(i))
      p += (p.empty() ? "" : ", ") + type + "hy_trip" + std::to_string(i);
  return p;
}

std::string KernelPrinter::templateHeader() const { return scope.templateHeader; }

std::string KernelPrinter::templateArgs() const { return scope.templateArgs; }

std::string KernelPrinter::launchBounds() const {
  // min_blocks(N): nvcc limits registers so that N blocks fit per multiprocessor.
  const int minBlocks = k.blockLoops.front().pragma->minBlocks;
  if (k.scan)
    return "__launch_bounds__(hy::cuda::scan_shape<" + scanType() + ">::threads)";
  return "__launch_bounds__(" + std::to_string(shape.total()) +
         (minBlocks ? ", " + std::to_string(minBlocks) : std::string()) + ")";
}

std::string KernelPrinter::prototype() const {
  return templateHeader() + "__global__ void " + launchBounds() + " " + k.name + "(" + params() +
         ");\n";
}

std::string KernelPrinter::kernelDefinition() {
  const LoopInfo &outer = k.blockLoops.front();
  std::string s = "// Kernel " + k.name + " from " + where(SM, outer.pragma->loc) + ": " +
                  outer.pragma->text + "\n// block " + std::to_string(shape.dim[0]) + "x" +
                  std::to_string(shape.dim[1]) + "x" + std::to_string(shape.dim[2]) +
                  " threads, shared memory " +
                  (useDynamic ? "dynamic" : std::to_string(sharedBytes) + " bytes") + "\n";
  s += templateHeader();
  s += "__global__ void " + launchBounds() + " " + k.name + "(" + params() + ") {\n";
  const size_t restFrom = s.size();
  // What the loop's text names from the scope it left (CudaKernelScope.cpp).
  s += scope.preamble;
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
      std::string ty = outerType(r.var->getType());
      std::string name = r.var->getName().str();
      s += "  " + ty + " " + name + " = " + opType(r.op) + "::identity<" + ty + ">();\n";
      s += "  " + ty + " hy_" + name + "_t = " + opType(r.op) + "::identity<" + ty + ">();\n";
    }
  for (unsigned i = 0; i < collapsed; ++i)
    if (deviceTrip(i))
      s += "  const long long hy_trip" + std::to_string(i) + " = " +
           tripText(ctx, k.blockLoops[i], textOf()) + "; // read on the device\n";
  s += pushPreamble();
  // With pushes aggregated per block, each iteration of the innermost grid
  // loop starts with the block's flush check, which every thread of the
  // block must reach alike: a kernel with one iteration per thread walks
  // its grid loop a block at a time, each thread taking its own iteration
  // inside it (docs/cuda.md, "Worklist pushes").
  const std::string flushTop =
      blockLists.empty() ? "" : "hy::cuda::push_flush_if_full(" + pushList() + ");\n";
  std::string close = "  }\n";
  if (gridPerLoop()) {
    static const char *const xyz[] = {"x", "y", "z"};
    for (unsigned i = 0; i < collapsed; ++i) {
      const LoopInfo &li = k.blockLoops[i];
      std::string b = "hy_b" + std::to_string(i), d = xyz[collapsed - 1 - i];
      std::string step = stepText(li, textOf());
      std::string ind(2 + 2 * i, ' ');
      std::string first = "blockIdx." + d, stride = "gridDim." + d;
      const bool perThread = flat && i + 1 == collapsed; // one iteration per thread
      if (perThread) {
        first = "(long long)blockIdx.x * blockDim.x + threadIdx.x";
        stride = "(long long)gridDim.x * blockDim.x";
      }
      const std::string trip = "hy_trip" + std::to_string(i);
      if (perThread && !flushTop.empty()) {
        std::string f = "hy_f" + std::to_string(i);
        s += ind + "for (long long " + f + " = (long long)blockIdx.x * blockDim.x; " + f + " < " +
             trip + "; " + f + " += " + stride + ") {\n";
        s += ind + "  " + flushTop;
        s += ind + "  if (const long long " + b + " = " + f + " + threadIdx.x; " + b + " < " +
             trip + ") {\n";
      } else {
        s += ind + "for (long long " + b + " = " + first + "; " + b + " < " + trip + "; " + b +
             " += " + stride + ") {\n";
        if (i + 1 == collapsed && !flushTop.empty())
          s += ind + "  " + flushTop;
      }
      const std::string declInd = ind + (perThread && !flushTop.empty() ? "    " : "  ");
      s += declInd + "const " + indexType(li) + " " + li.index->getName().str() + " = (" +
           text(li.lower) + ") + (" + indexType(li) + ")" + b +
           (step == "1" ? "" : " * " + step) + "; (void)" + li.index->getName().str() + ";\n";
    }
    close = std::string(collapsed + (flat && !flushTop.empty() ? 1 : 0), '}');
    close = "  " + close + "\n";
  } else {
    s += "  for (long long hy_b = blockIdx.x; hy_b < hy_nblocks; hy_b += gridDim.x) {\n";
    if (!flushTop.empty())
      s += "    " + flushTop;
  }
  std::string rest = "hy_b";
  std::vector<std::string> decls(gridPerLoop() ? 0 : collapsed);
  for (int i = (int)decls.size() - 1; i >= 0; --i) {
    const LoopInfo &li = k.blockLoops[i];
    std::string pos = i == 0 ? rest : "(" + rest + " % hy_trip" + std::to_string(i) + ")";
    std::string step = stepText(li, textOf());
    decls[i] = "    const " + indexType(li) + " " + li.index->getName().str() + " = (" +
               text(li.lower) + ") + (" + indexType(li) + ")" + pos +
               (step == "1" ? "" : " * " + step) + "; (void)" + li.index->getName().str() + ";\n";
    if (i > 0) {
      s += "    const long long hy_trip" + std::to_string(i) + " = " + tripText(ctx, li, textOf()) +
           ";\n";
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
  if (!blockLists.empty())
    s += "  hy::cuda::push_flush(" + pushList() + ");\n";
  // Worklists the kernel pushes to: the last block to finish publishes the
  // count for the host (hy::cuda::host_size reads it without a copy).
  for (const VarDecl *w : pushedWorklists())
    s += "  " + w->getName().str() + ".publish();\n";
  for (const Reduction &r : k.reductions)
    if (!r.isArray) {
      std::string name = r.var->getName().str();
      if (flat) // the block-level value is each thread's own
        s += "  hy::cuda::block_combine<" + opType(r.op) + ">(hy_red_" + name + ", " +
             opType(r.op) + "::apply(hy_" + name + "_t, " + name + "), " + opType(r.op) +
             "::identity<" + outerType(r.var->getType()) + ">());\n";
      else
        s += "  hy::cuda::block_combine<" + opType(r.op) + ">(hy_red_" + name + ", hy_" + name +
             "_t, " + name + ");\n";
    }
  s += "}\n";
  definitionRest = s.substr(restFrom);
  return s;
}

std::string KernelPrinter::params(const MemberOf &fromState) const {
  std::string p;
  // A scan's tiles cover the host's trip count (CudaKernelScan.cpp).
  std::string grid = k.scan ? "cub::ScanTileState<" + scanType() + "> hy_scan_state, " +
                                  scanType() + " hy_scan_init, long long hy_trip0"
                            : gridParams("long long ");
  for (const Capture &c : k.captures) {
    if (fromState && !fromState(c.var).empty())
      continue;
    std::string name = c.var->getName().str();
    std::string decl;
    if (c.array.kind == ArrayKind::Worklist)
      decl = "hy::cuda::worklist_view<" + outerType(c.array.elem) + "> " + name;
    else if (c.array.kind != ArrayKind::None)
      decl = "hy::cuda::view<" + outerType(c.array.elem) + ", " +
             std::to_string(c.array.rank ? c.array.rank : 1) + "> " + name;
    else if (c.reduction)
      decl = outerType(c.var->getType()) + " *hy_red_" + name;
    else
      decl = outerType(c.var->getType()) + " " + name;
    p += (p.empty() ? "" : ", ") + decl;
  }
  return p + (p.empty() || grid.empty() ? "" : ", ") + grid;
}

std::string KernelPrinter::loopVariant(const std::string &stateType,
                                       const MemberOf &fromState) const {
  const LoopInfo &outer = k.blockLoops.front();
  std::string ps = params(fromState);
  std::string s = "// Kernel " + k.name + " from " + where(SM, outer.pragma->loc) +
                  " as its device loop runs it: the loop's values from the state\n";
  s += templateHeader();
  s += "__global__ void " + launchBounds() + " " + k.name + "_dl(" + stateType + " *hy_s" +
       (ps.empty() ? "" : ", " + ps) + ") {\n";
  for (const Capture &c : k.captures) {
    std::string m = fromState(c.var);
    if (m.empty())
      continue;
    std::string name = c.var->getName().str();
    if (c.array.kind == ArrayKind::Worklist)
      s += "  hy::cuda::worklist_view<" + outerType(c.array.elem) + "> " + name + " = hy_s->" + m +
           ";\n";
    else if (c.reduction)
      s += "  " + outerType(c.var->getType().getNonReferenceType()) + " *const hy_red_" + name +
           " = &hy_s->" + m + ";\n";
    else
      s += "  " + outerType(c.var->getType().getNonReferenceType()) + " " + name + " = hy_s->" + m +
           ";\n";
  }
  return s + definitionRest;
}

std::string KernelPrinter::loopLaunchArgs(const std::string &whereText,
                                          const MemberOf &fromState) const {
  std::string a = "hy_dl.state()";
  std::set<const VarDecl *> pushed = pushedWorklists();
  for (const Capture &c : k.captures) {
    if (!fromState(c.var).empty())
      continue;
    std::string name = c.var->getName().str();
    std::string v;
    if (c.array.kind != ArrayKind::None)
      v = "hy::cuda::device(" + name + ", " +
          (c.written || pushed.count(c.var) ? "hy::cuda::read_write" : "hy::cuda::read") + ", " +
          whereText + ")";
    else
      v = name;
    a += ", hy_dl.keyed(" + v + ")";
  }
  // The trip counts of the grid loops the host computes (gridPerLoop()).
  for (unsigned i = 0; i < collapsed; ++i)
    if (!deviceTrip(i))
      a += ", hy_dl.keyed(hy_trip" + std::to_string(i) + ")";
  return a;
}

std::string KernelPrinter::launchArgs(const std::string &whereText) const {
  std::string a;
  std::set<const VarDecl *> pushed = pushedWorklists();
  for (const Capture &c : k.captures) {
    std::string name = c.var->getName().str();
    std::string v;
    if (c.array.kind != ArrayKind::None)
      v = "hy::cuda::device(" + name + ", " +
          (pushed.count(c.var) ? "hy::cuda::append"
           : c.written         ? "hy::cuda::read_write"
                               : "hy::cuda::read") +
          ", " + whereText + ")";
    else if (c.reduction)
      v = "hy_red_" + name + ".ptr()";
    else
      v = name;
    a += (a.empty() ? "" : ", ") + v;
  }
  std::string grid = k.scan ? "hy_scan_tiles.state(), " + k.scan->reduction->var->getName().str() +
                                  ", hy_trip0"
                            : gridParams("");
  return a + (a.empty() || grid.empty() ? "" : ", ") + grid;
}

std::string KernelPrinter::gridText(bool inDeviceLoop) const {
  // Blocks the GPU holds at once: the grid of a loop sized on the device,
  // and the cap of a grid that ends in a reduction across blocks (each
  // block strides over more iterations, fewer blocks combine atomically).
  std::string resident = "(long long)hy::cuda::resident_grid((const void *)" + k.name +
                         templateArgs() + ", " + std::to_string(shape.total()) + ", " +
                         smemExpr() + ")";
  bool combines = false;
  for (const Reduction &r : k.reductions)
    combines |= !r.isArray;
  if (!gridPerLoop()) {
    if (combines)
      return "hy::cuda::grid_dim(std::min(hy_nblocks, " + resident + "), 0)";
    if (!blockLists.empty())
      return "hy::cuda::grid_dim(hy::cuda::push_grid(hy_nblocks, " + resident + "), 0)";
    return "hy::cuda::grid_dim(hy_nblocks, 0)";
  }
  std::string g = "dim3(";
  for (unsigned d = 0; d < collapsed; ++d) {
    unsigned i = collapsed - 1 - d;
    // A loop sized on the device has no host trip count; the host's view of
    // it (worklist counts the host knows) only sizes the grid.
    std::string trip = deviceTrip(i) ? "(" + tripText(ctx, k.blockLoops[i]) + ")"
                                     : "hy_trip" + std::to_string(i);
    std::string n = flat && d == 0 ? "(" + trip + " + " + std::to_string(kFlatThreads - 1) +
                                         ") / " + std::to_string(kFlatThreads)
                                   : trip;
    if (deviceTrip(i)) {
      // Sized to the work when the host knows the worklists' counts (they
      // were read or set since the last push): a one-item frontier is one
      // block, not a full GPU whose blocks all end in publish()'s atomic.
      std::string known = inDeviceLoop ? "" : knownSizes(i); // counts change on the device
      n = known.empty() ? resident
                        : "(" + known + " ? std::min<long long>(" + n + ", " + resident + ") : " +
                              resident + ")";
    } else if (combines && d == 0)
      n = "std::min(" + n + ", " + resident + ")";
    else if (!blockLists.empty() && d == 0) // each block gathers many iterations' pushes
      n = "hy::cuda::push_grid(" + n + ", " + resident + ")";
    g += (d ? ", " : "") + std::string("hy::cuda::grid_dim(") + n + ", " + std::to_string(d) + ")";
  }
  return g + ")";
}

} // namespace hy::cudagen

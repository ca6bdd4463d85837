// KernelPrinter, a scan kernel (`reduction(inscan, OP : x)` with a `#pragma
// hy scan` separator; docs/language.md "Scans", docs/cuda.md): one pass
// over the iterations in tiles of hy::cuda::scan_shape<T> (threads x items),
// one tile per block. Each thread runs the input phase of its items (in
// warp-striped order, so that neighbouring threads touch neighbouring
// iterations) with x starting from the operator's identity: its
// contribution. The block scans the contributions and gets the tile's prefix
// from the tiles before it by decoupled look-back (hy::cuda::block_scan over
// CUB's BlockScan and TilePrefixCallbackOp, hy/cuda/scan.cuh); then each
// item runs the scan phase with x = the value before the loop combined with
// its prefix. The last tile stores the total, which the host combines into
// x as any reduction across blocks.
#include "cuda/CudaKernel.h"

namespace hy::cudagen {

std::string KernelPrinter::scanType() const {
  return outerType(k.scan->reduction->var->getType());
}

std::string KernelPrinter::scanDefinition() {
  const Scan &sc = *k.scan;
  const Reduction &r = *sc.reduction;
  const LoopInfo &li = k.blockLoops.front();
  const std::string ty = scanType(), x = r.var->getName().str(), op = opType(r.op);
  const std::string idx = li.index->getName().str(), idxType = indexType(li);
  const std::string step = stepText(li, textOf());
  // The phases' text as rewritten for the kernel, each with its lines.
  auto phase = [&](const std::vector<const Stmt *> &stmts) {
    std::string s;
    for (const Stmt *st : stmts)
      s += lineDirective(in, begin(st)) + "      " +
           R.getRewrittenText(CharSourceRange::getCharRange(begin(st), stmtEnd(ctx, st))) + "\n";
    return s;
  };
  const std::string position =
      "      const long long hy_b0 = hy_scan::position(hy_k);\n";
  const std::string index = "        const " + idxType + " " + idx + " = (" + text(li.lower) +
                            ") + (" + idxType + ")hy_b0" + (step == "1" ? "" : " * " + step) +
                            "; (void)" + idx + ";\n";

  std::string s = "// Kernel " + k.name + " from " + where(SM, li.pragma->loc) + ": " +
                  li.pragma->text + "\n// " + (sc.inclusive ? "an inclusive" : "an exclusive") +
                  " scan of '" + x + "': tiles of hy::cuda::scan_shape<" + ty +
                  "> iterations, decoupled look-back (hy/cuda/scan.cuh)\n";
  s += templateHeader();
  s += "__global__ void " + launchBounds() + " " + k.name + "(" + params() + ") {\n";
  s += scope.preamble;
  s += "  using hy_scan = hy::cuda::block_scan<" + op + ", " + ty + ">;\n";
  s += "  __shared__ typename hy_scan::storage hy_scan_smem;\n";
  s += "  " + ty + " hy_items[hy_scan::items];\n";
  s += "  // The input phase: each item's contribution, from the identity.\n";
  s += "#pragma unroll\n";
  s += "  for (int hy_k = 0; hy_k < hy_scan::items; ++hy_k) {\n";
  s += "    " + ty + " " + x + " = " + op + "::identity<" + ty + ">();\n";
  s += "    {\n" + position;
  s += "      if (hy_b0 < hy_trip0) {\n" + index;
  s += phase(sc.input);
  s += "      }\n    }\n";
  s += "    hy_items[hy_k] = " + x + ";\n  }\n";
  s += "  hy_scan::" + std::string(sc.inclusive ? "inclusive" : "exclusive") +
       "(hy_items, hy_scan_state, hy_scan_smem, hy_red_" + x + ");\n";
  s += "  // The scan phase: '" + x + "' is the value before the loop combined with the " +
       (sc.inclusive ? "items up to this one" : "items before this one") + ".\n";
  s += "#pragma unroll\n";
  s += "  for (int hy_k = 0; hy_k < hy_scan::items; ++hy_k) {\n";
  s += "    " + ty + " " + x + " = " + op + "::apply(hy_scan_init, hy_items[hy_k]); (void)" + x +
       ";\n";
  s += "    {\n" + position;
  s += "      if (hy_b0 < hy_trip0) {\n" + index;
  s += phase(sc.scan);
  s += "      }\n    }\n  }\n";
  for (const VarDecl *w : pushedWorklists())
    s += "  " + w->getName().str() + ".publish();\n";
  s += "}\n";
  return s;
}

} // namespace hy::cudagen

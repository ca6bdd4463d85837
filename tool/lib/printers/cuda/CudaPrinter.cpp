// The CUDA target's output file. Each kernel of the model becomes a
// __global__ function (KernelPrinter, CudaKernel.h) printed before the
// top-level declaration that contains it, and the loop nest in the host
// function becomes a launch with a CPU (OpenMP) fallback. Host code that
// touches an array after a kernel gets a coherence call, and functions
// called from kernels become __host__ __device__ (CudaHost.h). The report
// is Report.cpp's.
#include "cuda/CudaDeviceLoop.h"
#include "cuda/CudaHost.h"
#include "cuda/CudaKernel.h"
#include "cuda/CudaTwins.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include "clang/Lex/Lexer.h"
#include <map>

namespace hy {

using namespace cudagen;

namespace {

// A kernel that fetches an array and receives more than one checks at the
// launch that the fetched one is not also passed under another name
// (hy::cuda::check_fetch_aliases): accesses through that name would miss
// the tile on the GPU.
std::string aliasCheck(const Kernel &k, const std::string &whereText) {
  std::set<const VarDecl *> fetched;
  for (auto &f : k.fetches)
    if (f->array)
      fetched.insert(f->array);
  std::string spans;
  int arrays = 0;
  for (const Capture &c : k.captures)
    if (c.array.kind != ArrayKind::None) {
      std::string name = c.var->getName().str();
      spans += std::string(arrays++ ? ", " : "") + "hy::cuda::span_of(" + name + ", \"" + name +
               "\", " + (fetched.count(c.var) ? "true" : "false") + ")";
    }
  if (fetched.empty() || arrays < 2)
    return "";
  return "    hy::cuda::check_fetch_aliases({" + spans + "}, " + whereText + ");\n";
}

// A launch whose block loops are linearised (four or more) computes their
// trip counts on the host: device data they read (a worklist's size, an
// array element) is brought back first.
std::string hostTripSyncs(const Kernel &k, unsigned collapsed) {
  std::map<const VarDecl *, bool> data; // var -> only a worklist's size()
  for (unsigned i = 0; i < collapsed; ++i)
    for (auto &[v, sizeOnly] : boundDeviceData(k.blockLoops[i]))
      data[v] = data.count(v) ? data[v] && sizeOnly : sizeOnly;
  std::string s;
  for (auto &[v, size] : data)
    s += size ? "  hy::cuda::host_size(" + v->getName().str() + ");\n"
              : "  hy::cuda::host(" + v->getName().str() + ", hy::cuda::read);\n";
  return s;
}

// The pragma as run-time messages name it: every launch argument and
// reduction repeats it, so a long one (thousands of clauses) is cut short
// and the output stays linear in the input.
std::string shortText(const std::string &text) {
  constexpr size_t kMax = 96;
  return text.size() <= kMax ? text : text.substr(0, kMax - 3) + "...";
}

// Where a kernel goes: before the declaration at namespace scope that holds
// its loop, or (a member function defined in its class) declared there and
// defined after the class; inside the function's namespace, reopened when
// that declaration stands in an enclosing one (`void ns::S::f() {...}` at
// global scope).
struct Placement {
  const Decl *decl = nullptr;
  bool after = false;
  std::string open, close;
};

Placement placement(const PrintInput &in, const Kernel &k) {
  Placement p;
  p.decl = k.topLevel;
  p.after = isa<CXXRecordDecl>(k.topLevel) || isa<ClassTemplateDecl>(k.topLevel) ||
            isa<ClassTemplatePartialSpecializationDecl>(k.topLevel);
  const DeclContext *lexical = k.topLevel->getLexicalDeclContext();
  while (lexical->isTransparentContext())
    lexical = lexical->getParent();
  std::vector<const NamespaceDecl *> path;
  for (const DeclContext *dc = k.function->getEnclosingNamespaceContext(); dc && dc != lexical;
       dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
      path.push_back(ns);
    else if (dc->isTranslationUnit())
      return p; // not inside the declaration's namespace: leave it
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    p.open += std::string((*it)->isInline() ? "inline " : "") + "namespace " +
              ((*it)->isAnonymousNamespace() ? "" : (*it)->getName().str() + " ") + "{\n";
    p.close += "}\n";
  }
  return p;
}

// The launch of a scan kernel (CudaKernelScan.cpp): one block per tile of
// hy::cuda::scan_shape<T> iterations, the tiles' look-back states
// initialised first (hy::cuda::scan_tiles), the trip count on the host (the
// device data its bounds read brought back first), the total combined into
// the variable as a reduction across blocks.
std::string scanLaunch(const PrintInput &in, const Kernel &k, const KernelPrinter &kpr,
                       const std::string &whereText) {
  const Reduction &r = *k.scan->reduction;
  const std::string x = r.var->getName().str(), ty = typeText(in.ctx, r.var->getType());
  const std::string name = k.name + kpr.templArgs();
  const std::string block = "dim3(hy::cuda::scan_shape<" + ty + ">::threads)";
  std::string L = "if (hy::cuda::use_gpu()) {\n";
  L += hostTripSyncs(k, 1);
  L += "  const long long hy_trip0 = " + tripText(in.ctx, k.blockLoops.front()) + ";\n";
  L += "  hy::cuda::reduction<" + opType(r.op) + ", " + ty + "> hy_red_" + x + "(" + whereText +
       ");\n";
  L += "  if (hy_trip0 > 0) {\n";
  L += "    hy::cuda::scan_tiles<" + ty + "> hy_scan_tiles(hy_trip0, " + whereText + ");\n";
  L += "    " + name + "<<<hy_scan_tiles.grid(), " + block + ", 0>>>(" +
       kpr.launchArgs(whereText) + ");\n";
  L += "    hy::cuda::after_launch(" + whereText +
       ", hy::cuda::launch_shape{hy_scan_tiles.grid(), " + block + ", 0});\n";
  L += "    " + x + " = " + opType(r.op) + "::apply(" + x + ", hy_red_" + x + ".result());\n";
  L += "  }\n";
  return L;
}

} // namespace

bool printCuda(const PrintInput &in, std::string &out) {
  ASTContext &ctx = in.ctx;
  SourceManager &SM = ctx.getSourceManager();
  // Device functions.
  std::set<const FunctionDecl *> device;
  bool ok = deviceFunctions(in, device);

  Rewriter cpu(SM, ctx.getLangOpts());  // CPU fallback text of each region
  Rewriter dev(SM, ctx.getLangOpts());  // kernel bodies
  Rewriter host(SM, ctx.getLangOpts()); // the output file
  for (auto &k : in.model.kernels)
    rewriteKernelForCpu(in, *k, cpu);

  std::map<const Decl *, std::string> before; // kernels before top-level decls
  std::map<const Decl *, std::string> after;  // and after top-level classes
  std::map<const FunctionDecl *, std::vector<const Kernel *>> byFunction;
  DeviceLoops onDevice(in); // host loops that stay on the device (CudaDeviceLoop.cpp)
  for (auto &kp : in.model.kernels) {
    const Kernel &k = *kp;
    KernelPrinter kpr(in, k, dev);
    unsigned collapsed = 1;
    ompPragma(in, k, collapsed);
    kpr.setCollapsed(collapsed);
    std::string text;
    bool printed = kpr.print(text);
    if (!kpr.scopeProblems().empty()) {
      reportAll(ctx.getDiagnostics(), kpr.scopeProblems());
      printed = false;
    }
    if (!printed) {
      ok = false;
      continue;
    }
    // In the function's namespace, where the class of a member function is
    // complete: a member function's kernel is declared before its class and
    // defined after it (the kernel names the class's members).
    Placement at = placement(in, k);
    if (at.after) {
      before[at.decl] += at.open + kpr.prototype() + at.close + "\n";
      after[at.decl] += at.open + text + at.close + "\n";
    } else
      before[at.decl] += at.open + text + at.close + "\n";
    byFunction[k.function].push_back(&k);

    // The launch replacing the region.
    const LoopInfo &outer = k.blockLoops.front();
    CharSourceRange region =
        CharSourceRange::getCharRange(outer.pragma->loc, stmtEnd(ctx, outer.loop));
    std::string cpuText = cpu.getRewrittenText(region);
    std::string whereText = cString(where(SM, outer.pragma->loc) + " (" + shortText(outer.pragma->text) + ")");
    std::string trips, tripDecls;
    for (unsigned i = 0; i < collapsed; ++i) {
      if (kpr.deviceTrip(i))
        continue; // the kernel reads it
      std::string t = tripText(ctx, k.blockLoops[i]);
      if (kpr.gridPerLoop()) {
        tripDecls += "  const long long hy_trip" + std::to_string(i) + " = " + t + ";\n";
        t = "hy_trip" + std::to_string(i);
      }
      trips += (trips.empty() ? "" : " * ") + t;
    }
    if (trips.empty())
      trips = "1";
    if (!kpr.gridPerLoop()) // trip counts from device data: read them on the host
      tripDecls += hostTripSyncs(k, collapsed);
    std::string L;
    L += "// " + outer.pragma->text + "  ->  kernel " + k.name + "\n";
    if (k.scan)
      L += scanLaunch(in, k, kpr, whereText);
    else {
    L += "if (hy::cuda::use_gpu()) {\n";
    L += tripDecls;
    L += "  const long long hy_nblocks = " + trips + ";\n";
    for (const Reduction &r : k.reductions)
      if (!r.isArray)
        L += "  hy::cuda::reduction<" + opType(r.op) + ", " + typeText(ctx, r.var->getType()) +
             "> hy_red_" + r.var->getName().str() + "(" + whereText + ");\n";
    L += "  if (hy_nblocks > 0) {\n";
    L += aliasCheck(k, whereText);
    if (kpr.dynamicSmem()) {
      L += "    const size_t hy_smem_bytes = " + kpr.smemExpr() + ";\n";
      L += "    hy::cuda::set_dynamic_smem((const void *)" + k.name + kpr.templArgs() +
           ", hy_smem_bytes, " + whereText + ");\n";
    } else if (kpr.staticSmem() > 0 && outer.pragma->minBlocks > 0)
      L += "    hy::cuda::reserve_shared((const void *)" + k.name + kpr.templArgs() + ", " +
           kpr.smemBytesText() + ", " + std::to_string(outer.pragma->minBlocks) +
           ", " + whereText + ");\n";
    const std::string block = "dim3(" + std::to_string(kpr.shape.dim[0]) + ", " +
                              std::to_string(kpr.shape.dim[1]) + ", " +
                              std::to_string(kpr.shape.dim[2]) + ")";
    const std::string smem = kpr.dynamicSmem() ? "hy_smem_bytes" : "0";
    L += "    " + k.name + kpr.templArgs() + "<<<" + kpr.gridText() + ", " + block + ", " + smem +
         ">>>(" + kpr.launchArgs(whereText) + ");\n";
    // The sizes, for the message of a launch or a kernel that fails.
    L += "    hy::cuda::after_launch(" + whereText + ", hy::cuda::launch_shape{" + kpr.gridText() +
         ", " + block + ", " + smem + "});\n";
    L += "  }\n";
    for (const Reduction &r : k.reductions)
      if (!r.isArray) {
        std::string n = r.var->getName().str();
        L += "  " + n + " = " + opType(r.op) + "::apply(" + n + ", hy_red_" + n + ".result());\n";
      }
    }
    L += "} else {\n";
    L += lineDirective(in, outer.pragma->loc);
    L += cpuText + "\n}\n";
    unsigned nextLine = SM.getExpansionLineNumber(stmtEnd(ctx, outer.loop));
    if (in.opts.lineDirectives)
      L += "#line " + std::to_string(nextLine) + " " + cString(in.opts.inputName) + "\n";
    host.ReplaceText(region, L);
    onDevice.kernelPrinted(k, kpr, collapsed, whereText, aliasCheck(k, whereText), at.decl,
                           at.open, at.close, at.after);
  }
  // Functions that kernels call with arrays get a twin over the views.
  std::set<const FunctionDecl *> twins;
  ok &= findTwins(in, device, twins);
  ok &= checkDeviceCode(in, device, host);
  if (!ok)
    return false;
  printTwins(in, twins, host);

  syncHostCode(in, host, byFunction, device);
  rewriteZones(in, host, /*cuda=*/true);
  onDevice.printDeviceCode(before);
  onDevice.printHostForms(host);

  // A template's CPU instantiations (the CPU path passes host types, e.g. a
  // hy::worklist to a helper that pushes) call host functions: nvcc's
  // warning #20014-D about them concerns code that never runs on the
  // device, and nv_exec_check_disable says so (as hy/csr.hpp does).
  std::set<SourceLocation> unchecked;
  for (const FunctionDecl *fd : device) {
    if (twins.count(fd))
      continue; // host code: its twin runs on the GPU
    for (const FunctionDecl *rd : fd->redecls())
      if (SM.isInMainFile(SM.getExpansionLoc(rd->getLocation()))) {
        host.InsertTextBefore(SM.getExpansionLoc(rd->getInnerLocStart()), "__host__ __device__ ");
        if (!rd->isDependentContext())
          continue;
        const FunctionTemplateDecl *ft = rd->getDescribedFunctionTemplate();
        SourceLocation at = SM.getExpansionLoc(ft ? ft->getBeginLoc() : rd->getBeginLoc());
        if (unchecked.insert(at).second)
          host.InsertTextBefore(at, "_Pragma(\"nv_exec_check_disable\") ");
      }
  }

  for (auto &[decl, text] : before) {
    SourceLocation at = SM.getExpansionLoc(decl->getBeginLoc());
    std::string t = text;
    if (in.opts.lineDirectives)
      t += "#line " + std::to_string(SM.getExpansionLineNumber(at)) + " " +
           cString(in.opts.inputName) + "\n";
    host.InsertTextBefore(at, t);
  }
  for (auto &[decl, text] : after) {
    // At the start of the line after the class's `};` (or right after it).
    SourceLocation end = SM.getExpansionRange(decl->getEndLoc()).getEnd();
    SourceLocation semi = Lexer::findLocationAfterToken(end, tok::semi, SM, ctx.getLangOpts(), false);
    SourceLocation at = semi.isValid() ? semi : Lexer::getLocForEndOfToken(end, 0, SM, ctx.getLangOpts());
    bool invalid = false;
    const char *p = SM.getCharacterData(at, &invalid);
    unsigned skip = 0;
    while (!invalid && (p[skip] == ' ' || p[skip] == '\t'))
      ++skip;
    bool lineEnds = !invalid && (p[skip] == '\n' || p[skip] == '\r');
    std::string t = text;
    if (lineEnds) {
      at = at.getLocWithOffset(skip + 1);
      if (in.opts.lineDirectives)
        t += "#line " + std::to_string(SM.getExpansionLineNumber(at)) + " " +
             cString(in.opts.inputName) + "\n";
    } else {
      t = "\n" + t;
      if (in.opts.lineDirectives)
        t += "#line " + std::to_string(SM.getExpansionLineNumber(at)) + " " +
             cString(in.opts.inputName) + "\n";
    }
    host.InsertTextAfter(at, t);
  }

  std::string body;
  if (const RewriteBuffer *rb = host.getRewriteBufferFor(SM.getMainFileID()))
    body.assign(rb->begin(), rb->end());
  else
    body = SM.getBufferData(SM.getMainFileID()).str();
  out = "// Generated by hyc (CUDA target) from " + in.opts.inputName +
"; edit the annotated source instead.\n" + translatedMarker(in) +
        "#include <hy/cuda.cuh>\n";
  if (!in.model.zones.empty())
    out += "#include <hy/cuda/zones.cuh>\n"; // the zone loops' runtime and device
  // Scan kernels' runtime, over CUB (whose headers cost some 5 s of nvcc
  // time: only where a scan needs them).
  if (std::any_of(in.model.kernels.begin(), in.model.kernels.end(),
                  [](const auto &k) { return k->scan != nullptr; }))
    out += "#include <hy/cuda/scan.cuh>\n";
  if (in.opts.lineDirectives)
    out += "#line 1 " + cString(in.opts.inputName) + "\n";
  out += body;
  return true;
}

} // namespace hy

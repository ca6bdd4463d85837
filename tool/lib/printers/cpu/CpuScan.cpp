// The CPU meaning of a scan kernel (`reduction(inscan, OP : x)` with a
// `#pragma hy scan` separator; docs/language.md, "Scans"), for the OpenMP
// target and the CUDA target's CPU fallback: one parallel region whose
// threads each take a contiguous chunk of the iterations, in two passes
// (hy::scan_parts, hy/scan.hpp). Pass 0 runs the input phase only, from the
// operator's identity; pass 1 runs the loop as written from the value the
// chunks before this one leave. The loop's text stays where it was: its
// header becomes the chunk loop, the scan phase is wrapped in
// `if (hy_pass == 1) { ... }`, and the rest goes on the pragma's line and
// after the loop, so the input's lines keep their numbers.
#include "cpu/CpuCopies.h"
#include "cpu/CpuWork.h"
#include "PrintUtil.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hy {

void rewriteScanForCpu(const PrintInput &in, const Kernel &k, Rewriter &R) {
  ASTContext &ctx = in.ctx;
  const SourceManager &SM = ctx.getSourceManager();
  const Scan &sc = *k.scan;
  const Reduction &r = *sc.reduction;
  const LoopInfo &li = k.blockLoops.front();
  const std::string x = r.var->getName().str();
  const std::string ty = typeText(ctx, r.var->getType());
  const std::string op = std::string("hy::ops::") + runtimeName(r.op);
  const std::string parts = "hy::scan_parts<" + op + ", " + ty + ">";
  const long long work = cpuWorkPerIteration(ctx, k, 1);
  // A bound with side effects would be evaluated again by the test.
  bool worth = true;
  for (const Expr *e : {li.lower, li.bound, li.step})
    if (e && e->HasSideEffects(ctx, /*IncludePossibleEffects=*/false))
      worth = false;

  // As other kernels, inside a lambda that copies the scalars the loop only
  // reads and views of the arrays it only indexes, each thread's own
  // (firstprivate): shared, they would be reloaded after every store.
  const CpuCopies copies = cpuCopies(in, k);
  const std::string fp = copies.firstprivate();
  std::string open = copies.open() + "const long long hy_scan_n = " + tripText(ctx, li) + "; " +
                     parts + " hy_scan_parts(" + x + "); " + ty + " hy_scan_total = " + x + "; " +
                     "_Pragma(\"omp parallel" + (fp.empty() ? "" : " firstprivate(" + fp + ")") +
                     (worth ? " if(hy::omp_worth(hy_scan_n, " + std::to_string(work) + "))" : "") +
                     "\") { const long long hy_lo = hy_scan_parts.first(hy_scan_n), hy_hi = "
                     "hy_scan_parts.last(hy_scan_n); for (int hy_pass = "
                     "hy_scan_parts.first_pass(); hy_pass < 2; ++hy_pass) { " +
                     ty + " " + x + " = hy_scan_parts.start(hy_pass); // " + li.pragma->text;
  replacePragma(R, *li.pragma, open);

  // The header: the loop over the thread's chunk, the index from it. Its
  // line breaks are kept.
  const ForStmt *fs = li.loop;
  SourceLocation from = SM.getExpansionLoc(fs->getBeginLoc());
  SourceLocation to = SM.getExpansionLoc(sc.body->getLBracLoc());
  std::string header = sourceText(SM, ctx.getLangOpts(), SourceRange(from, to));
  const std::string idxType = typeText(ctx, li.index->getType());
  const std::string step = stepText(ctx, li);
  std::string chunk = "for (long long hy_b = hy_lo; hy_b < hy_hi; ++hy_b) { const " + idxType +
                      " " + li.index->getName().str() + " = (" + exprText(ctx, li.lower) +
                      ") + (" + idxType + ")hy_b" + (step == "1" ? "" : " * " + step) + "; ";
  for (char c : header)
    if (c == '\n')
      chunk += '\n';
  R.ReplaceText(CharSourceRange::getCharRange(from, to), chunk);

  // The scan phase runs in pass 1 only.
  replacePragma(R, *sc.pragma,
                std::string(sc.inclusive ? "if (hy_pass == 1) { " : "} ") + "// " +
                    sc.pragma->text);
  SourceLocation lbrace = SM.getExpansionLoc(sc.body->getLBracLoc());
  SourceLocation rbrace = SM.getExpansionLoc(sc.body->getRBracLoc());
  if (sc.inclusive)
    R.InsertTextBefore(rbrace, "} ");
  else
    R.InsertTextAfter(lbrace.getLocWithOffset(1), " if (hy_pass == 1) {");

  R.InsertTextAfter(stmtEnd(ctx, fs), " } hy_scan_parts.end(hy_pass, " + x +
                                          ", hy_scan_total); } } " + x +
                                          " = hy_scan_total; " + copies.close());

  if (in.remarks && in.opts.target == Target::OpenMP)
    remark(in, li.pragma->loc,
           std::string("scan of '") + x + "' (" + spelling(r.op) + ", " +
               (sc.inclusive ? "inclusive" : "exclusive") +
               "): one OpenMP region, a contiguous chunk of iterations per thread in two "
               "passes (the input phase alone, then the loop as written from the chunk's "
               "prefix); one pass on a team of one thread" +
               (worth ? "; on the calling thread when iterations x " + std::to_string(work) +
                            " < HY_OMP_MIN_WORK"
                      : std::string()));
}

} // namespace hy

// Helpers shared by the printers: source text of AST nodes, statement ends,
// pragma-line replacement, the OpenMP-side rewrites (which the CUDA target
// reuses for its CPU fallback), and expression text for loop trip counts.
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <functional>
#include <string>

namespace hy {

class CpuRegions;

/// Source text of a node as written (macro uses expanded to their call text).
std::string sourceText(const clang::SourceManager &SM, const clang::LangOptions &LO,
                       clang::SourceRange r);
std::string exprText(clang::ASTContext &ctx, const clang::Expr *e);

/// Location just past a statement, its ';' included.
clang::SourceLocation stmtEnd(clang::ASTContext &ctx, const clang::Stmt *s);
/// Char range of the whole statement, ';' included.
clang::CharSourceRange stmtRange(clang::ASTContext &ctx, const clang::Stmt *s);

/// Rewrites that compose: the text of an expression or statement as it
/// stands now in R (edits inside it and text inserted right after its last
/// token included, text inserted before its first token not), and its
/// replacement. Every rewrite that wraps or rebuilds code another rewrite
/// may have changed goes through these two, so that neither loses the
/// other's edits (clang's token-range getRewrittenText cuts a changed last
/// token, and ReplaceText over a range with insertions at its start removes
/// too much).
std::string rewrittenText(const clang::Rewriter &R, clang::ASTContext &ctx,
                          clang::SourceRange r);
std::string rewrittenText(const clang::Rewriter &R, clang::CharSourceRange r);
void replaceRewritten(clang::Rewriter &R, clang::ASTContext &ctx, clang::SourceRange r,
                      const std::string &text);
void replaceRewritten(clang::Rewriter &R, clang::CharSourceRange r, const std::string &text);

/// Replaces the pragma line (not its newline) with `text`.
void replacePragma(clang::Rewriter &R, const PragmaDirective &d,
                   const std::string &text);

/// `#line N "file"` for a location, or "" if line directives are off.
std::string lineDirective(const PrintInput &in, clang::SourceLocation loc);

/// "file:line:col" of a location (for runtime messages).
std::string where(const clang::SourceManager &SM, clang::SourceLocation loc);

/// The text of an expression (as written, or as a rewriter has it).
using TextOf = std::function<std::string(const clang::Expr *)>;

/// Trip count of a canonical loop as C++ text.
std::string tripText(clang::ASTContext &ctx, const LoopInfo &li);
std::string tripText(clang::ASTContext &ctx, const LoopInfo &li, const TextOf &text);
/// The same, short where it can be: the constant, or `(n)` for
/// `for (i = 0; i < n; ++i)` (none when n <= 0, which callers allow for).
std::string shortTripText(clang::ASTContext &ctx, const LoopInfo &li);
/// The comparison to use in a strided version of the loop (< or >, <= or >=).
const char *cmpText(const LoopInfo &li);
/// The step of a loop as text, sign included.
std::string stepText(clang::ASTContext &ctx, const LoopInfo &li);
std::string stepText(const LoopInfo &li, const TextOf &text);

/// The shared memory a kernel's tiles need (`bytes`) against the limit of
/// the CUDA architecture (--cuda-arch): an error when translating for CUDA
/// (returns false), a warning (-Why-shared-memory) for the CPU targets,
/// since the same source is meant to build for both.
bool checkSharedBudget(const PrintInput &in, const Kernel &k, long long bytes);
/// The same for a kernel no CUDA printer prints (every kernel of a CPU
/// target, a kernel the checks rejected): computes the tiles' bytes first.
void checkSharedBudgetUnprinted(const PrintInput &in, const Kernel &k);

/// Applies the CPU meaning of a kernel to R: omp pragmas for block loops,
/// comments for thread loops and fetches, atomics for array reductions,
/// optional fetch bounds checks.
/// `regions`: the OpenMP target's host loops that are one parallel region
/// (CpuRegions.h), whose kernels become work-sharing loops.
void rewriteKernelForCpu(const PrintInput &in, const Kernel &k, clang::Rewriter &R,
                         const CpuRegions *regions = nullptr);

/// The CPU meaning of a scan kernel (CpuScan.cpp): two passes over a chunk
/// of iterations per thread (hy::scan_parts).
void rewriteScanForCpu(const PrintInput &in, const Kernel &k, clang::Rewriter &R);

/// Debug mode (--check-fetch): wraps every index of an access that the GPU
/// redirects to a tile in hy::tile_index_checked (serial and OpenMP).
void rewriteFetchChecks(const PrintInput &in, const Kernel &k, clang::Rewriter &R);

/// `i = i + s`, `i = s + i`, `i = i - s` as a loop's increment: the binary
/// operator on the right, else null.
const clang::BinaryOperator *assignIncrement(const LoopInfo &li);

/// The increment `i = i + s` written `i += (s)` (nvcc's front end reprints
/// a template's `i = i + s` as `i = (i + s)`, which g++'s OpenMP refuses).
void compoundIncrement(clang::ASTContext &ctx, const LoopInfo &li, clang::Rewriter &R);

/// The start of an OpenMP loop whose iteration count could overflow its
/// signed index type (bounds known only at run time) goes through
/// hy::omp_start, which stops with an error naming the loop.
void checkOmpStart(clang::ASTContext &ctx, const LoopInfo &li, clang::Rewriter &R);

/// Zone loops (ZonePrinter.cpp): the split over zones and the combine of
/// their reductions (OpenMP and CUDA outputs; `cuda` syncs arrays' host copies).
void rewriteZones(const PrintInput &in, clang::Rewriter &R, bool cuda);

/// The text of the OpenMP pragma of a kernel's block nest.
std::string ompPragma(const PrintInput &in, const Kernel &k, unsigned &collapsed);

/// A type as C++ text, fully qualified, without references and qualifiers.
std::string typeText(clang::ASTContext &ctx, clang::QualType t);

/// Escapes a string for a C string literal.
std::string cString(const std::string &s);

/// The output's second line: `#define HY_TRANSLATED_BY_HYC 1`, by
/// which hyc refuses its output as input (frontend/TranslatedInput.cpp).
std::string translatedMarker(const PrintInput &in);

} // namespace hy

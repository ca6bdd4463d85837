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

/// Source text of a node as written (macro uses expanded to their call text).
std::string sourceText(const clang::SourceManager &SM, const clang::LangOptions &LO,
                       clang::SourceRange r);
std::string exprText(clang::ASTContext &ctx, const clang::Expr *e);

/// Location just past a statement, its ';' included.
clang::SourceLocation stmtEnd(clang::ASTContext &ctx, const clang::Stmt *s);
/// Char range of the whole statement, ';' included.
clang::CharSourceRange stmtRange(clang::ASTContext &ctx, const clang::Stmt *s);

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
/// The comparison to use in a strided version of the loop (< or >, <= or >=).
const char *cmpText(const LoopInfo &li);
/// The step of a loop as text, sign included.
std::string stepText(clang::ASTContext &ctx, const LoopInfo &li);
std::string stepText(const LoopInfo &li, const TextOf &text);

/// Applies the CPU meaning of a kernel to R: omp pragmas for block loops,
/// comments for thread loops and fetches, atomics for array reductions,
/// optional fetch bounds checks.
void rewriteKernelForCpu(const PrintInput &in, const Kernel &k, clang::Rewriter &R);

/// Debug mode (--check-fetch): wraps every index of an access that the GPU
/// redirects to a tile in hy::tile_index_checked (serial and OpenMP).
void rewriteFetchChecks(const PrintInput &in, const Kernel &k, clang::Rewriter &R);

/// The text of the OpenMP pragma of a kernel's block nest.
std::string ompPragma(const PrintInput &in, const Kernel &k, unsigned &collapsed);

/// A type as C++ text, fully qualified, without references and qualifiers.
std::string typeText(clang::ASTContext &ctx, clang::QualType t);

/// Escapes a string for a C string literal.
std::string cString(const std::string &s);

} // namespace hy

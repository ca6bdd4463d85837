// The printers: one per target, each over the same TranslationModel. They
// rewrite the main file's source text (clang::Rewriter) and return the
// whole output file.
#pragma once

#include "hy/Frontend.h"
#include "hy/Model.h"
#include "clang/AST/ASTContext.h"
#include <string>

namespace hy {

enum class Target { Serial, OpenMP, Cuda };

struct PrintOptions {
  Target target = Target::OpenMP;
  bool lineDirectives = true;
  bool checkFetch = false;   // bounds-check every access redirected to a tile
  bool simdLanes = true;     // CPU: run the threads of a block as SIMD lanes
  std::string cudaArch = "sm_90"; // the GPU whose shared memory limits the tiles
  std::string inputName;     // the file name #line directives refer to
};

/// One line of the report: what a printer did with a loop, a nest, an
/// array or a fetch, and why (docs/hyc.md, "The report").
struct Remark {
  clang::SourceLocation loc;
  std::string text;
};

struct PrintInput {
  clang::ASTContext &ctx;
  const PragmaTable &pragmas;
  const Attachment &att;
  TranslationModel &model;
  const PrintOptions &opts;
  /// Where printers record their decisions for the report (null: none).
  std::vector<Remark> *remarks = nullptr;
};

/// Records a remark when a report is being made.
inline void remark(const PrintInput &in, clang::SourceLocation loc, std::string text) {
  if (in.remarks)
    in.remarks->push_back({loc, std::move(text)});
}

/// The shared memory a block may use on a CUDA architecture ("sm_90",
/// "90"): the opt-in maximum per block; 0 for an unknown architecture.
long long sharedLimitOf(const std::string &arch);
/// --cuda-arch: one architecture ("sm_86", "86") or a list as CMake's
/// CUDA_ARCHITECTURES gives it ("80-real,90", "80;90"): the one with the
/// least shared memory, whose budget holds for all. "native", "all",
/// "all-major" and "OFF" name no architecture here (sm_90 if nothing else
/// is named). "" for an unknown architecture.
std::string smallestCudaArch(const std::string &list);

std::string printSerial(const PrintInput &in);
std::string printOpenMP(const PrintInput &in);
/// Returns false (after reporting) if the model cannot run on the GPU.
bool printCuda(const PrintInput &in, std::string &out);

/// The report of the target built (printers/Report.cpp): per kernel, what
/// was done and why, as remarks sorted by location (the printers' own
/// remarks in `in.remarks` included).
std::vector<Remark> kernelReport(const PrintInput &in);

} // namespace hy

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
  std::string inputName;     // the file name #line directives refer to
};

struct PrintInput {
  clang::ASTContext &ctx;
  const PragmaTable &pragmas;
  const Attachment &att;
  TranslationModel &model;
  const PrintOptions &opts;
};

std::string printSerial(const PrintInput &in);
std::string printOpenMP(const PrintInput &in);
/// Returns false (after reporting) if the model cannot run on the GPU.
bool printCuda(const PrintInput &in, std::string &out);

/// One line per pragma: kernel, grid/block shape, shared bytes, transfers.
std::string kernelReport(const PrintInput &in);

} // namespace hy

// What the hyc driver needs besides the translation itself: writing the
// output files so that a failure never leaves a partial, stale or wrong file
// behind (and never touches the input), and the compiler arguments a parse
// can use (modes such as -E or -M that would replace the parse are dropped).
#pragma once

#include "clang/Tooling/ArgumentsAdjusters.h"
#include <string>
#include <vector>

namespace hy {

/// One file the driver writes: `path` "-" is standard output (for a report:
/// standard error when `toStderr`).
struct OutputFile {
  std::string path;
  const std::string *text = nullptr;
  bool toStderr = false;
};

/// An error message if the outputs cannot be written as asked (an output
/// that is the input file, or two outputs that are one file); "" if fine.
std::string checkOutputPaths(const std::string &input, const std::vector<OutputFile> &files);

/// Writes every file completely or none: each regular file goes to a
/// temporary next to it and is renamed into place once all are written;
/// special files (/dev/null, a pipe) and standard output are written
/// directly and checked. On failure prints `hyc: error: cannot write ...`,
/// removes what was written, and returns false.
bool writeOutputs(const std::vector<OutputFile> &files);

/// After a failed translation: removes stale outputs (never `input`).
void removeOutputs(const std::string &input, const std::vector<OutputFile> &files);

/// Drops compiler arguments that would make the parse something other than a
/// compilation (-E, -M, -MM, -S ..., and the dependency-file options), so
/// that the rest (-I, -D, -std) still applies.
clang::tooling::ArgumentsAdjuster parseOnlyAdjuster();

} // namespace hy

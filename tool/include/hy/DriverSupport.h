// What the hyc driver needs besides the translation itself: writing the
// output files so that a failure never leaves a partial, stale or wrong file
// behind (and never touches the input), and the compiler arguments a parse
// can use (modes such as -E or -M that would replace the parse are dropped).
#pragma once

#include "clang/Tooling/ArgumentsAdjusters.h"
#include <functional>
#include <string>
#include <vector>

namespace hy {

/// An error of the driver itself (a file it cannot write): `hyc: error:
/// TEXT` on standard error, or to the sink a DriverErrorSink installed.
void driverError(const std::string &text);

/// While it lives, driverError hands its text to `sink` (hyc
/// --diagnostics-format=sarif: the SARIF log's notifications).
class DriverErrorSink {
public:
  explicit DriverErrorSink(std::function<void(const std::string &)> sink);
  ~DriverErrorSink();
  DriverErrorSink(const DriverErrorSink &) = delete;
  DriverErrorSink &operator=(const DriverErrorSink &) = delete;

private:
  std::function<void(const std::string &)> sink;
  const std::function<void(const std::string &)> *saved;
};

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

// Make-style dependency files (hyc -MD / -MF): the files a translation read,
// so that a build system re-runs hyc when a header the annotated source
// includes changes (CMake's DEPFILE, for Ninja and Makefiles alike).
#pragma once

#include "clang/Frontend/Utils.h"
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace hy {

/// Records every file the preprocessor enters (the input, user and system
/// headers): a header's constants can change the translation, wherever it is.
class DepCollector : public clang::DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
  /// The recorded files as absolute paths (relative ones are taken against
  /// the parse's working directory).
  std::vector<std::string> absolute(clang::CompilerInstance &CI) const;
};

/// `target: dep dep ...` in make syntax (spaces, '#' and '$' escaped).
std::string depFileText(const std::string &target, const std::vector<std::string> &deps);

/// The -MD default: the output path with its extension replaced by ".d".
std::string depFileBeside(const std::string &output);

} // namespace hy

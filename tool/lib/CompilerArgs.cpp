// The compiler arguments hyc can parse with (DriverSupport.h): a parse is
// one compilation, so options that turn the compiler into a preprocessor or
// a dependency generator (-E, -M, -MM, -MD -MF ...) are dropped; the include
// paths, macros and language options that come with them still apply.
#include "hy/DriverSupport.h"
#include "llvm/ADT/StringRef.h"

namespace hy {

clang::tooling::ArgumentsAdjuster parseOnlyAdjuster() {
  return [](const clang::tooling::CommandLineArguments &args, llvm::StringRef) {
    clang::tooling::CommandLineArguments out;
    for (size_t i = 0; i < args.size(); ++i) {
      llvm::StringRef a = args[i];
      // A mode that replaces the compilation: preprocess, list dependencies.
      if (a == "-E" || a == "--preprocess" || a == "-M" || a == "--dependencies" ||
          a == "-MM" || a == "--user-dependencies" || a == "-dM")
        continue;
      // Dependency files written beside a compilation: no file for hyc to write.
      if (a == "-MD" || a == "-MMD" || a == "-MG" || a == "-MP" || a == "-MV" ||
          a == "--write-dependencies" || a == "--write-user-dependencies")
        continue;
      if (a == "-MF" || a == "-MT" || a == "-MQ" || a == "-MJ") {
        ++i; // and its value
        continue;
      }
      if (a.starts_with("-MF") || a.starts_with("-MT") || a.starts_with("-MQ") ||
          a.starts_with("-MJ"))
        continue;
      out.push_back(args[i]);
    }
    return out;
  };
}

} // namespace hy

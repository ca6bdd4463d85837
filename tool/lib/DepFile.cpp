// The dependency file hyc writes for build systems (see hy/DepFile.h).
#include "hy/DepFile.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/Path.h"

namespace hy {

std::vector<std::string> DepCollector::absolute(clang::CompilerInstance &CI) const {
  std::vector<std::string> out;
  for (const std::string &d : getDependencies()) {
    llvm::SmallString<256> p(d);
    CI.getFileManager().makeAbsolutePath(p);
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/false);
    out.push_back(std::string(p));
  }
  return out;
}

// GNU make's escaping, which Ninja and CMake's depfile reader also accept.
static std::string escape(const std::string &path) {
  std::string r;
  for (char c : path) {
    if (c == ' ' || c == '#')
      r += '\\';
    else if (c == '$')
      r += '$';
    r += c;
  }
  return r;
}

std::string depFileText(const std::string &target, const std::vector<std::string> &deps) {
  std::string text = escape(target) + ":";
  for (const std::string &d : deps)
    text += " \\\n  " + escape(d);
  return text + "\n";
}

std::string depFileBeside(const std::string &output) {
  llvm::SmallString<256> p(output);
  llvm::sys::path::replace_extension(p, "d");
  return std::string(p);
}

} // namespace hy

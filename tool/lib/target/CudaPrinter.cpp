// The CUDA target (in progress).
#include "PrintUtil.h"
using namespace clang;
namespace hy {
bool printCuda(const PrintInput &in, std::string &out) {
  llvm::errs() << "hyc: error: --target=cuda is not implemented yet\n";
  return false;
}
std::string kernelReport(const PrintInput &in) { return ""; }
} // namespace hy

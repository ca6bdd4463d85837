// The shared-memory budget of a kernel's fetch tiles: the largest stack of
// tiles a block holds at once (CudaKernelTiles.cpp computes it) against the
// opt-in limit per block of the CUDA architecture named by --cuda-arch. The
// CUDA target stops with an error; the CPU targets, which copy no tiles,
// warn, because the same source is meant to build for the GPU too. Also the
// architecture with the least shared memory among a list (--cuda-arch, the
// plugin's cuda-arch).
#include "cuda/CudaKernel.h"
#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace hy {

long long sharedLimitOf(const std::string &arch) {
  std::string a = arch;
  for (const char *prefix : {"sm_", "compute_"})
    if (a.rfind(prefix, 0) == 0)
      a = a.substr(std::string(prefix).size());
  while (!a.empty() && std::isalpha(static_cast<unsigned char>(a.back())))
    a.pop_back(); // sm_90a, sm_100f
  if (a.empty() || a.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  const int cc = std::atoi(a.c_str());
  // cudaDevAttrMaxSharedMemoryPerBlockOptin by compute capability (CUDA
  // programming guide, "Technical Specifications per Compute Capability").
  switch (cc) {
  case 50: case 52: case 53: case 60: case 61: case 62: return 48 * 1024;
  case 70: case 72: return 96 * 1024;
  case 75: return 64 * 1024;
  case 80: case 87: return 163 * 1024;
  case 86: case 89: case 120: case 121: return 99 * 1024;
  case 90: case 100: case 101: case 103: case 110: return 227 * 1024;
  default: return 0;
  }
}

std::string smallestCudaArch(const std::string &list) {
  std::string best;
  long long bestLimit = 0;
  std::string commas = list;
  std::replace(commas.begin(), commas.end(), ';', ',');
  llvm::SmallVector<llvm::StringRef, 4> parts;
  llvm::StringRef(commas).split(parts, ',');
  for (llvm::StringRef p : parts) {
    p = p.trim();
    for (llvm::StringRef suffix : {"-real", "-virtual"})
      p.consume_back(suffix);
    if (p.empty() || p == "native" || p == "all" || p == "all-major" || p == "OFF")
      continue;
    std::string a = p.find_first_not_of("0123456789") == llvm::StringRef::npos ? "sm_" + p.str()
                                                                                 : p.str();
    long long limit = sharedLimitOf(a);
    if (limit <= 0)
      return "";
    if (best.empty() || limit < bestLimit)
      best = a, bestLimit = limit;
  }
  return best.empty() ? "sm_90" : best;
}

bool checkSharedBudget(const PrintInput &in, const Kernel &k, long long bytes) {
  long long limit = sharedLimitOf(in.opts.cudaArch);
  if (limit <= 0 || bytes <= limit)
    return true;
  bool cuda = in.opts.target == Target::Cuda;
  report(in.ctx.getDiagnostics(), k.blockLoops.front().loop->getBeginLoc(),
         cuda ? Diag::SharedTooLarge : Diag::SharedTooLargeCpu)
      << std::to_string(bytes) << in.opts.cudaArch << std::to_string(limit);
  return !cuda;
}

void checkSharedBudgetUnprinted(const PrintInput &in, const Kernel &k) {
  if (k.fetches.empty())
    return;
  clang::Rewriter scratch(in.ctx.getSourceManager(), in.ctx.getLangOpts());
  PrintInput quiet = in;
  quiet.remarks = nullptr;
  cudagen::KernelPrinter kpr(quiet, k, scratch);
  checkSharedBudget(in, k, kpr.sharedPeak());
}

} // namespace hy

// Host loops that stay on the device (CUDA target): a `while`, `do` or
// `for` loop whose body holds kernels and otherwise only statements a GPU
// thread can run (scalar assignments, worklist clear/swap) is printed a
// second time as one CUDA graph with a conditional while node
// (hy::cuda::device_loop, runtime/include/hy/cuda/device_loop.cuh); the
// host form stays for HY_DEVICE_LOOPS=0 and the CPU fallback. CudaPrinter
// calls the three steps below; everything else is in CudaDeviceLoop.cpp.
#pragma once

#include "cuda/CudaKernel.h"
#include <map>
#include <memory>
#include <string>

namespace hy::cudagen {

struct DeviceLoop;

class DeviceLoops {
public:
  explicit DeviceLoops(const PrintInput &in);
  ~DeviceLoops();

  /// After a kernel is printed: if it is in a candidate loop, its variant
  /// and its launch in the device form (or why the loop cannot have one).
  /// `open`/`close` reopen the kernel's namespaces at `decl`; `after`: the
  /// kernel is defined after its class (not done: the loop keeps its host form).
  void kernelPrinted(const Kernel &k, const KernelPrinter &kpr, unsigned collapsed,
                     const std::string &whereText, const std::string &aliasCheck, const Decl *decl, const std::string &open,
                     const std::string &close, bool after);
  /// The device code of the loops that stay on the device (state struct,
  /// kernel variants, step kernels), appended before their declarations.
  void printDeviceCode(std::map<const Decl *, std::string> &before);
  /// The device form in front of each such loop (after the host code's
  /// syncs are in place), and the report's remarks.
  void printHostForms(Rewriter &host);

private:
  const PrintInput &in;
  std::vector<std::unique_ptr<DeviceLoop>> loops;
  std::map<const Kernel *, DeviceLoop *> loopOf;
};

} // namespace hy::cudagen

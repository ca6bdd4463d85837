// Which device ran the kernels, for plain C++ code (a sample's driver that
// prints it next to its times). The CUDA runtime (hy/cuda/device.cuh)
// registers itself when a translated CUDA file is linked into the program;
// without one the program is a CPU build and hy::device() says so.
#pragma once

#include <cstddef>
#include <string>

namespace hy {

struct device_info {
  bool cuda_build = false; ///< a translated CUDA file is linked in
  bool gpu = false;        ///< its kernels run on the GPU
  int index = -1;          ///< the CUDA device number (gpu only)
  std::string name;        ///< the GPU's name, e.g. "NVIDIA H200" (gpu only)
  std::size_t memory = 0;  ///< the GPU's global memory in bytes (gpu only)
  std::string fallback;    ///< why a CUDA build runs on the CPU (HY_DEVICE=cpu, no device)
};

namespace detail {
using device_query = device_info (*)();
inline device_query &device_query_slot() {
  static device_query q = nullptr;
  return q;
}
} // namespace detail

/// Whether a translated CUDA file is linked in (does not touch the GPU).
inline bool cuda_build() { return detail::device_query_slot() != nullptr; }

/// The device the kernels run on. In a CUDA build the first call decides it
/// as a kernel launch would (see HY_DEVICE in docs/runtime-cuda.md).
inline device_info device() {
  if (detail::device_query q = detail::device_query_slot())
    return q();
  return {};
}

} // namespace hy

// The GPU of this zone (hy/zones.hpp, docs/language.md "Zones"): CUDA
// outputs with zone loops include this header, which selects, when the
// program starts and before any data reaches a GPU, the device that the
// zone's local rank gets from HY_DEVICES (default: all visible devices, in
// turn). One zone (no MPI launcher) keeps device 0, as without zones;
// HY_DEVICE=cpu touches no GPU.
#pragma once

#include <cuda_runtime.h>
#include <hy/zones.hpp>

#include <cstdio>
#include <cstdlib>
#include <strings.h>

namespace hy::cuda::detail {

inline bool bind_zone_device() {
  const char *mode = std::getenv("HY_DEVICE");
  if (mode && strcasecmp(mode, "cpu") == 0)
    return false;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count <= 0) {
    (void)cudaGetLastError(); // the CPU path; hy::cuda::use_gpu() says why
    return false;
  }
  const int dev = hy::zones::device_of(hy::zones::launcher_local_rank(), hy::zones::devices(count));
  if (dev > 0 && cudaSetDevice(dev) != cudaSuccess) {
    std::fprintf(stderr, "hy: error: cudaSetDevice(%d) for this zone failed (HY_DEVICES)\n", dev);
    std::exit(1);
  }
  return dev >= 0;
}

/// Decided once per program, at static initialisation.
inline const bool zone_device_bound = bind_zone_device();

} // namespace hy::cuda::detail

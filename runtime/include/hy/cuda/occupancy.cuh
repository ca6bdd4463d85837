// resident_grid(): how many blocks of a kernel the GPU holds at once
// (multiprocessors x blocks per multiprocessor). Kernels whose blocks
// combine across the grid (reductions, worklist pushes) or whose loop trip
// counts live on the device walk their iterations with grid-stride loops,
// so any grid is correct; capping the grid at what is resident avoids
// launching blocks that only wait for others to finish and then do the
// same per-block work (a combine, an atomic) again.
#pragma once

#include <hy/cuda/device.cuh>

#include <cuda_runtime.h>

#include <cstddef>
#include <map>
#include <mutex>
#include <tuple>

namespace hy::cuda {

/// Blocks of `kernel` resident at once on the current device with `threads`
/// threads and `smem` bytes of dynamic shared memory per block; at least 1.
/// Computed once per (device, kernel, threads, smem) and cached. Call it
/// after set_dynamic_smem() for kernels that need more than 48 KiB.
inline unsigned resident_grid(const void *kernel, int threads, std::size_t smem) {
  const char *where = "hy::cuda::resident_grid()";
  int dev = 0;
  check(cudaGetDevice(&dev), "cudaGetDevice", where);
  using key = std::tuple<int, const void *, int, std::size_t>;
  static std::mutex *m = new std::mutex();
  static auto *cache = new std::map<key, unsigned>();
  std::lock_guard<std::mutex> lock(*m);
  const key k{dev, kernel, threads, smem};
  auto it = cache->find(k);
  if (it != cache->end())
    return it->second;
  int sms = 0, per_sm = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev),
        "cudaDeviceGetAttribute(MultiProcessorCount)", where);
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor", where);
  const long long n = static_cast<long long>(sms) * per_sm;
  const unsigned blocks = n < 1 ? 1u : static_cast<unsigned>(n);
  cache->emplace(k, blocks);
  return blocks;
}

} // namespace hy::cuda

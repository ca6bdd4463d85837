// Device selection, error checking, launch helpers and transfer statistics
// for translator-generated CUDA code. Everything a generated host function
// needs around a kernel launch that is not about a particular array lives
// here, so that a failure names the pragma it came from.
#pragma once

#include <cuda_runtime.h>
#include <hy/device.hpp>
#include <hy/cuda/faults.cuh>
#include <hy/transfers.hpp>

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace hy::cuda {

/// Counters behind HY_STATS=1. Only array / std::vector coherence transfers
/// are counted (not the scalars of reduction objects).
struct stats_snapshot {
  unsigned long long launches = 0;
  unsigned long long h2d = 0, h2d_bytes = 0;
  unsigned long long d2h = 0, d2h_bytes = 0;
};

namespace detail {

// Launches are counted here; transfers in hy::transfers() (hy/transfers.hpp),
// which plain C++ code can read too.
struct stats_counters {
  std::atomic<unsigned long long> launches{0};
};

inline bool env_is(const char *name, const char *value) {
  const char *v = std::getenv(name);
  return v && std::strcmp(v, value) == 0;
}

inline void print_stats_at_exit();

// The counters are never destroyed (leaked on purpose) so that the atexit
// handler and destructors of static arrays can still touch them at exit.
inline stats_counters &counters() {
  static stats_counters *c = [] {
    auto *p = new stats_counters();
    if (env_is("HY_STATS", "1"))
      std::atexit(print_stats_at_exit);
    return p;
  }();
  return *c;
}

inline void print_stats_at_exit() {
  stats_counters &c = counters();
  const hy::transfer_totals t = hy::transfers();
  std::fprintf(stderr,
               "hy stats: kernel launches %llu, host->device %llu transfers "
               "(%llu bytes), device->host %llu transfers (%llu bytes), %.3f s in "
               "transfers\n",
               c.launches.load(), t.h2d, t.h2d_bytes, t.d2h, t.d2h_bytes, t.seconds);
}

inline bool ascii_iequal(const char *a, const char *b) {
  for (; *a && *b; ++a, ++b) {
    char x = *a, y = *b;
    if (x >= 'A' && x <= 'Z')
      x = char(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z')
      y = char(y - 'A' + 'a');
    if (x != y)
      return false;
  }
  return *a == *b;
}

// Why the process runs on the CPU (empty when it uses the GPU).
inline std::string &fallback_reason() {
  static std::string r;
  return r;
}

inline bool decide_use_gpu() {
  counters(); // first use of the runtime: registers the HY_STATS report
  const char *mode = std::getenv("HY_DEVICE");
  enum { automatic, cpu, gpu } want = automatic;
  if (!mode || !*mode || ascii_iequal(mode, "auto"))
    want = automatic;
  else if (ascii_iequal(mode, "cpu"))
    want = cpu;
  else if (ascii_iequal(mode, "gpu"))
    want = gpu;
  else {
    std::fprintf(stderr,
                 "hy: error: HY_DEVICE='%s' is not valid; accepted values are "
                 "'cpu', 'gpu' and 'auto' (the default)\n",
                 mode);
    std::exit(1);
  }
  if (want == cpu) {
    fallback_reason() = "HY_DEVICE=cpu";
    return false;
  }
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  const char *reason = nullptr;
  if (e != cudaSuccess) {
    reason = cudaGetErrorString(e);
    (void)cudaGetLastError(); // do not leave the error for a later check
  } else if (count <= 0) {
    reason = "the CUDA runtime reports 0 devices";
  }
  if (!reason)
    return true;
  if (want == gpu) {
    std::fprintf(stderr,
                 "hy: error: HY_DEVICE=gpu but no CUDA device is available "
                 "(%s)\n",
                 reason);
    std::exit(1);
  }
  std::fprintf(stderr,
               "hy: no CUDA device available (%s); running the OpenMP path on "
               "the CPU\n",
               reason);
  fallback_reason() = std::string("no CUDA device available (") + reason + ")";
  return false;
}

} // namespace detail

/// Whether generated code takes the CUDA path. Decided once per process (see
/// docs/runtime-cuda.md for HY_DEVICE).
inline bool use_gpu() {
  static const bool decided = detail::decide_use_gpu();
  return decided;
}

/// hy::device() of a CUDA build: the GPU's name, or why it runs on the CPU.
inline hy::device_info describe_device() {
  hy::device_info d;
  d.cuda_build = true;
  d.gpu = use_gpu();
  if (!d.gpu) {
    d.fallback = detail::fallback_reason();
    return d;
  }
  cudaDeviceProp p;
  if (cudaGetDevice(&d.index) == cudaSuccess &&
      cudaGetDeviceProperties(&p, d.index) == cudaSuccess) {
    d.name = p.name;
    d.memory = p.totalGlobalMem;
  }
  return d;
}

namespace detail {
// Linking a translated CUDA file makes hy::device() ask the CUDA runtime.
inline const bool device_registered =
    (hy::detail::device_query_slot() = &describe_device, true);
} // namespace detail

/// Stops the program with a message naming the failed call and the pragma
/// (and, for a fault inside a kernel seen by a later call, the last kernel
/// launched and its sizes: faults.cuh).
inline void check(cudaError_t e, const char *what, const char *where) {
  if (e == cudaSuccess)
    return;
  std::fprintf(stderr, "%s\n", fault_message(e, what, where, &detail::last_kernel()).c_str());
  detail::last_kernel().reported = true;
  std::exit(1);
}

/// cudaMalloc of `bytes` for the code at `where`; a failure names the size
/// and the device's free memory.
inline void check_alloc(cudaError_t e, const char *what, std::size_t bytes, const char *where) {
  if (e == cudaSuccess)
    return;
  if (detail::is_kernel_fault(e))
    check(e, what, where);
  (void)cudaGetLastError(); // an allocation failure is not sticky
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess)
    free_bytes = total_bytes = 0;
  std::fprintf(stderr, "%s\n", alloc_message(e, what, bytes, where, free_bytes, total_bytes).c_str());
  detail::last_kernel().reported = true;
  std::exit(1);
}

inline void count_launch() {
  detail::counters().launches.fetch_add(1, std::memory_order_relaxed);
}

namespace detail {

inline launch_limits device_limits() {
  launch_limits lim;
  int dev = 0, v = 0;
  if (cudaGetDevice(&dev) != cudaSuccess)
    return lim;
  if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, dev) == cudaSuccess)
    lim.max_threads = v;
  if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) == cudaSuccess)
    lim.max_smem = static_cast<std::size_t>(v);
  if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxGridDimY, dev) == cudaSuccess)
    lim.max_grid_y = v;
  if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxGridDimZ, dev) == cudaSuccess)
    lim.max_grid_z = v;
  return lim;
}

// At exit, a kernel that failed after the program's last synchronising call
// still stops it with an error (status 1) instead of a clean exit.
inline void sync_at_exit() {
  const last_launch &k = last_kernel();
  if (k.reported)
    return; // the program stops because of an error it already printed
  const cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess || e == cudaErrorCudartUnloading || !k.where)
    return;
  std::fprintf(stderr, "%s\n", fault_message(e, "kernel execution (at exit)", "program exit", &k).c_str());
  std::fflush(stderr);
  std::_Exit(1);
}

} // namespace detail

/// Call right after every kernel launch: counts it, remembers it (a fault
/// found later names it), stops on a refused launch with its sizes and the
/// device's limits, and with HY_SYNC=1 waits for the kernel.
inline void after_launch(const char *where, const launch_shape &shape) {
  count_launch();
  detail::last_launch &k = detail::last_kernel();
  if (!k.where)
    std::atexit(detail::sync_at_exit); // after the CUDA runtime's own: runs before it
  k.where = where;
  k.shape = shape;
  k.shape_known = true;
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    if (detail::is_kernel_fault(e))
      check(e, "kernel launch", where); // an earlier kernel's fault
    std::fprintf(stderr, "%s\n", launch_message(e, where, shape, detail::device_limits()).c_str());
    k.reported = true;
    std::exit(1);
  }
  static const bool sync = detail::env_is("HY_SYNC", "1");
  if (sync)
    check(cudaDeviceSynchronize(), "kernel execution", where);
}

/// The form without sizes (hand-written launches, older generated code).
inline void after_launch(const char *where) {
  count_launch();
  detail::last_launch &k = detail::last_kernel();
  if (!k.where)
    std::atexit(detail::sync_at_exit);
  k.where = where;
  k.shape_known = false;
  check(cudaGetLastError(), "kernel launch", where);
  static const bool sync = detail::env_is("HY_SYNC", "1");
  if (sync)
    check(cudaDeviceSynchronize(), "kernel execution", where);
}

/// Current values of the HY_STATS counters (for tests and reports).
inline stats_snapshot stats() {
  detail::stats_counters &c = detail::counters();
  const hy::transfer_totals t = hy::transfers();
  stats_snapshot s;
  s.launches = c.launches.load();
  s.h2d = t.h2d;
  s.h2d_bytes = t.h2d_bytes;
  s.d2h = t.d2h;
  s.d2h_bytes = t.d2h_bytes;
  return s;
}

/// Number of blocks for `trips` iterations along grid dimension `dim`
/// (0 = x, 1 = y, 2 = z), clamped to [1, CUDA limit]. Kernels stride over
/// the iterations beyond the clamp.
inline unsigned grid_dim(long long trips, int dim) {
  const long long limit = dim == 0 ? 2147483647LL : 65535LL;
  if (trips < 1)
    return 1u;
  return static_cast<unsigned>(trips < limit ? trips : limit);
}

/// Opts `kernel` in to `bytes` of dynamic shared memory when that exceeds
/// the default 48 KiB; stops with the byte counts when the device cannot.
/// Such a kernel keeps its working set in tiles, so it also asks for the
/// largest shared-memory carveout: otherwise the driver may size the L1/shared
/// split for fewer resident blocks than the registers allow.
inline void set_dynamic_smem(const void *kernel, std::size_t bytes,
                             const char *where) {
  const std::size_t default_limit = 48 * 1024;
  if (bytes <= default_limit)
    return;
  int dev = 0;
  check(cudaGetDevice(&dev), "cudaGetDevice", where);
  int optin = 0;
  check(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                               dev),
        "cudaDeviceGetAttribute(MaxSharedMemoryPerBlockOptin)", where);
  if (bytes > static_cast<std::size_t>(optin)) {
    std::fprintf(stderr,
                 "hy: error: %s: the kernel needs %zu bytes of dynamic shared "
                 "memory per block, but device %d allows at most %d bytes\n",
                 where, bytes, dev, optin);
    std::exit(1);
  }
  check(cudaFuncSetAttribute(kernel,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(bytes)),
        "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)", where);
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                             static_cast<int>(cudaSharedmemCarveoutMaxShared)),
        "cudaFuncSetAttribute(PreferredSharedMemoryCarveout)", where);
}

/// For a kernel with `bytes` of static shared memory per block and a
/// `min_blocks(n)` clause: asks for the L1/shared carveout that holds n such
/// blocks per multiprocessor (the driver sizes it for the occupancy it
/// expects otherwise, which can be fewer blocks than the clause asks for).
inline void reserve_shared(const void *kernel, std::size_t bytes, int blocks,
                           const char *where) {
  int dev = 0, per_sm = 0, reserved = 0;
  check(cudaGetDevice(&dev), "cudaGetDevice", where);
  check(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev),
        "cudaDeviceGetAttribute(MaxSharedMemoryPerMultiprocessor)", where);
  check(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dev),
        "cudaDeviceGetAttribute(ReservedSharedMemoryPerBlock)", where);
  if (per_sm <= 0)
    return;
  const std::size_t want = static_cast<std::size_t>(blocks) * (bytes + reserved);
  const std::size_t pct = (want * 100 + per_sm - 1) / per_sm;
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                             static_cast<int>(pct < 100 ? pct : 100)),
        "cudaFuncSetAttribute(PreferredSharedMemoryCarveout)", where);
}

} // namespace hy::cuda

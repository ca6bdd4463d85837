// What a failed launch, a device allocation that does not fit, or a fault
// inside a kernel tells the user: the annotated source position of the
// kernel (the pragma), its grid, block and shared-memory sizes, and for an
// allocation the bytes asked for and free. Kernels run asynchronously, so a
// fault inside one surfaces at a later call: the runtime remembers the last
// kernel launched and names it then. The messages are built by plain
// functions (tested without a GPU, test/runtime/cuda_faults_test.cu);
// device.cuh prints them and stops the program.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <string>

namespace hy::cuda {

/// A launch's configuration, as generated code passes it to after_launch.
struct launch_shape {
  dim3 grid, block;
  std::size_t smem = 0; // dynamic shared memory per block, bytes
};

/// Limits of the device that explain a failed launch (0 = unknown).
struct launch_limits {
  int max_threads = 0;         // per block
  std::size_t max_smem = 0;    // opt-in shared memory per block
  int max_grid_y = 0, max_grid_z = 0;
};

namespace detail {

struct last_launch {
  const char *where = nullptr; // null until a kernel was launched
  launch_shape shape;
  bool shape_known = false;
  bool reported = false; // an error was printed: the program is stopping
};

inline last_launch &last_kernel() {
  static last_launch k;
  return k;
}

inline std::string dims(const dim3 &d) {
  return std::to_string(d.x) + " x " + std::to_string(d.y) + " x " + std::to_string(d.z);
}

inline std::string shape_text(const launch_shape &s) {
  return "grid " + dims(s.grid) + " blocks of " + dims(s.block) + " threads, " +
         std::to_string(s.smem) + " bytes of dynamic shared memory per block";
}

/// Errors that a kernel leaves behind (the context is unusable after them).
inline bool is_kernel_fault(cudaError_t e) {
  switch (e) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchFailure:
  case cudaErrorAssert:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorLaunchTimeout:
    return true;
  default:
    return false;
  }
}

} // namespace detail

/// The message of a failed CUDA call `what` made for the code at `where`.
/// `last` (may be null) is the last kernel launched: a kernel fault seen by
/// a later call is attributed to it.
inline std::string fault_message(cudaError_t e, const char *what, const char *where,
                                 const detail::last_launch *last) {
  std::string m = std::string("hy: CUDA error: ") + what + " failed at " + where + ": " +
                  cudaGetErrorString(e);
  if (!last || !last->where || !detail::is_kernel_fault(e))
    return m;
  if (std::string(what) == "kernel execution" && std::string(where) == last->where) {
    if (last->shape_known)
      m += " (" + detail::shape_text(last->shape) + ")";
    return m;
  }
  m += "\nhy: note: the fault happened in a kernel that ran before this call; the last kernel "
       "launched is ";
  m += last->where;
  if (last->shape_known)
    m += " (" + detail::shape_text(last->shape) + ")";
  m += "; run with HY_SYNC=1 to stop at the kernel that fails";
  return m;
}

/// The message of a launch that the runtime refused (bad configuration,
/// too many threads or too much shared memory for the device, ...).
inline std::string launch_message(cudaError_t e, const char *where, const launch_shape &s,
                                  const launch_limits &lim) {
  std::string m = std::string("hy: CUDA error: kernel launch failed at ") + where + ": " +
                  cudaGetErrorString(e) + " (" + detail::shape_text(s) + ")";
  if (lim.max_threads > 0)
    m += "; the device allows " + std::to_string(lim.max_threads) + " threads and " +
         std::to_string(lim.max_smem) + " bytes of shared memory per block, grid y and z up to " +
         std::to_string(lim.max_grid_y) + " and " + std::to_string(lim.max_grid_z);
  return m;
}

/// The message of a device allocation that failed.
inline std::string alloc_message(cudaError_t e, const char *what, std::size_t bytes,
                                 const char *where, std::size_t free_bytes,
                                 std::size_t total_bytes) {
  std::string m = std::string("hy: CUDA error: ") + what + " of " + std::to_string(bytes) +
                  " bytes failed at " + where + ": " + cudaGetErrorString(e);
  if (total_bytes > 0)
    m += " (the device has " + std::to_string(free_bytes) + " of " + std::to_string(total_bytes) +
         " bytes free)";
  return m;
}

} // namespace hy::cuda

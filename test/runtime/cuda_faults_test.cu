// The messages of runtime faults (hy/cuda/faults.cuh) without a GPU: a
// refused launch names the pragma, the grid, block and shared-memory sizes
// and the device's limits; a fault inside a kernel seen by a later call
// names the last kernel launched; a failed allocation names the bytes asked
// for and free. The GPU check (test/runtime/cuda_runtime_test.cu, child
// modes launch-too-big, oom, illegal-address) provokes the real faults.
#include <hy/cuda.cuh>

#include <cstdio>
#include <string>

static int failed = 0, passed = 0;

static void expect_has(const std::string &text, const std::string &part, const char *name) {
  if (text.find(part) != std::string::npos) {
    ++passed;
    return;
  }
  ++failed;
  std::printf("FAIL %s: '%s' not in:\n%s\n", name, part.c_str(), text.c_str());
}

int main() {
  namespace hc = hy::cuda;
  hc::detail::last_launch k;
  k.where = "prog.cpp:12:1 (#pragma hy parallel for)";
  k.shape = {dim3(40, 2, 1), dim3(256, 1, 1), 4096};
  k.shape_known = true;

  // A fault found by a later copy names the last kernel and its sizes.
  std::string m = hc::fault_message(cudaErrorIllegalAddress, "cudaMemcpy device->host",
                                    "hy::cuda::host()", &k);
  expect_has(m, "hy: CUDA error: cudaMemcpy device->host failed at hy::cuda::host(): ", "later.call");
  expect_has(m, "illegal memory access", "later.error");
  expect_has(m, "the last kernel launched is prog.cpp:12:1 (#pragma hy parallel for)", "later.kernel");
  expect_has(m, "grid 40 x 2 x 1 blocks of 256 x 1 x 1 threads, 4096 bytes of dynamic shared memory",
             "later.sizes");
  expect_has(m, "HY_SYNC=1", "later.hint");

  // With HY_SYNC=1 the failing kernel itself is named, with its sizes.
  m = hc::fault_message(cudaErrorLaunchFailure, "kernel execution", k.where, &k);
  expect_has(m, "kernel execution failed at prog.cpp:12:1 (#pragma hy parallel for): ", "sync.where");
  expect_has(m, "(grid 40 x 2 x 1 blocks of 256 x 1 x 1 threads", "sync.sizes");
  if (m.find("note:") != std::string::npos) {
    ++failed;
    std::printf("FAIL sync.no_note: %s\n", m.c_str());
  } else
    ++passed;

  // Errors that do not come from a kernel get no note.
  m = hc::fault_message(cudaErrorInvalidValue, "cudaMemcpy host->device", "x.cpp:3:1", &k);
  if (m.find("note:") != std::string::npos) {
    ++failed;
    std::printf("FAIL plain.no_note: %s\n", m.c_str());
  } else
    ++passed;

  // A refused launch: the sizes and the device's limits.
  hc::launch_limits lim;
  lim.max_threads = 1024;
  lim.max_smem = 232448;
  lim.max_grid_y = lim.max_grid_z = 65535;
  m = hc::launch_message(cudaErrorInvalidConfiguration, "prog.cpp:20:1 (#pragma hy parallel for)",
                         {dim3(1, 1, 1), dim3(2048, 1, 1), 0}, lim);
  expect_has(m, "kernel launch failed at prog.cpp:20:1 (#pragma hy parallel for): ", "launch.where");
  expect_has(m, "grid 1 x 1 x 1 blocks of 2048 x 1 x 1 threads", "launch.sizes");
  expect_has(m, "the device allows 1024 threads and 232448 bytes of shared memory per block", "launch.limits");

  // An allocation that does not fit.
  m = hc::alloc_message(cudaErrorMemoryAllocation, "cudaMalloc", 1ull << 40,
                        "prog.cpp:30:1 (#pragma hy parallel for)", 1000, 2000);
  expect_has(m, "cudaMalloc of 1099511627776 bytes failed at prog.cpp:30:1 (#pragma hy parallel for): ",
             "alloc.where");
  expect_has(m, "out of memory", "alloc.error");
  expect_has(m, "(the device has 1000 of 2000 bytes free)", "alloc.free");

  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

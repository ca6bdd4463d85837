// The build and the device a sample ran on, for its output and --json: a
// serial, OpenMP or CUDA build; the GPU's name, or the CPU (with OpenMP's
// thread count) and, for a CUDA build, why it fell back. Header-only on
// purpose: the including driver's compile (with -fopenmp or without) and
// whether a translated CUDA file is linked in decide; include it from one
// file of a program. Needs hy::runtime (hy/device.hpp).
#pragma once

#include <hy/device.hpp>

#include <string>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace hy::graph {

struct run_device {
  std::string build;     // "serial", "openmp" or "cuda"
  std::string kind;      // "gpu" or "cpu"
  std::string label;     // "GPU 0: NVIDIA H200", "CPU, OpenMP, 16 threads", "CPU, serial"
  std::string fallback;  // a CUDA build on the CPU: why ("no CUDA device available (...)")
};

// The build alone (does not touch the GPU), e.g. for --version.
inline std::string build_name() {
#ifdef _OPENMP
  const char* cpu = "openmp";
#else
  const char* cpu = "serial";
#endif
  return hy::cuda_build() ? "cuda" : cpu;
}

// Decides the device as the kernels do (in a CUDA build the first call may
// print the runtime's fallback message).
inline run_device current_device() {
  run_device r;
  r.build = build_name();
  const hy::device_info d = hy::device();
  if (d.gpu) {
    r.kind = "gpu";
    r.label = "GPU " + std::to_string(d.index) + ": " + (d.name.empty() ? "(unnamed)" : d.name);
    return r;
  }
  r.kind = "cpu";
#ifdef _OPENMP
  r.label = "CPU, OpenMP, " + std::to_string(omp_get_max_threads()) + " threads";
#else
  r.label = "CPU, serial";
#endif
  r.fallback = d.fallback;
  return r;
}

}  // namespace hy::graph

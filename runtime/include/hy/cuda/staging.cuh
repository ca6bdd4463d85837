// Large host <-> device copies through pinned staging buffers. A plain
// cudaMemcpy from pageable memory runs at the speed of the driver's own
// single-threaded staging (8-17 GB/s measured on the H200 host, against
// 54 GB/s from pinned memory). Here the host side is copied by several
// OpenMP threads into one of two pinned chunks while the copy engine moves
// the other, so a matrix that crosses the bus once each way does not cost
// more than the kernels around it. HY_STAGING=0 turns it off; without
// OpenMP the host copies run on one thread; if pinned memory cannot be had
// the plain copy is used.
#pragma once

#include <hy/cuda/device.cuh>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace hy::cuda::detail {

struct staging {
  static constexpr std::size_t chunk = std::size_t(32) << 20; // bytes per buffer
  static constexpr std::size_t min_bytes = std::size_t(8) << 20; // smaller: plain copy
  char *buf[2] = {nullptr, nullptr};
  cudaEvent_t done[2] = {};
  cudaStream_t stream = nullptr;
  bool ok = false;

  // Created on first use and kept (pinned memory is slow to allocate).
  static staging &get() {
    static staging *s = [] {
      auto *p = new staging();
      if (env_is("HY_STAGING", "0"))
        return p;
      p->ok = cudaMallocHost(reinterpret_cast<void **>(&p->buf[0]), chunk) == cudaSuccess &&
              cudaMallocHost(reinterpret_cast<void **>(&p->buf[1]), chunk) == cudaSuccess &&
              cudaStreamCreate(&p->stream) == cudaSuccess &&
              cudaEventCreateWithFlags(&p->done[0], cudaEventDisableTiming) == cudaSuccess &&
              cudaEventCreateWithFlags(&p->done[1], cudaEventDisableTiming) == cudaSuccess;
      if (!p->ok)
        (void)cudaGetLastError(); // fall back to plain copies
      return p;
    }();
    return *s;
  }
};

// memcpy split over the OpenMP threads (one thread without OpenMP).
inline void host_copy(void *dst, const void *src, std::size_t n) {
  const std::size_t part = std::size_t(1) << 20;
  const long long parts = static_cast<long long>((n + part - 1) / part);
#pragma omp parallel for schedule(static) if (parts > 1)
  for (long long i = 0; i < parts; ++i) {
    const std::size_t off = static_cast<std::size_t>(i) * part;
    std::memcpy(static_cast<char *>(dst) + off, static_cast<const char *>(src) + off,
                std::min(part, n - off));
  }
}

/// cudaMemcpy(to, from, bytes, kind) for host<->device kinds, staged when
/// large. Returns when the data has arrived.
inline void staged_copy(void *to, const void *from, std::size_t bytes, cudaMemcpyKind kind,
                        const char *what, const char *where) {
  // Small copies never touch (or allocate) the staging buffers.
  if (bytes < staging::min_bytes || !staging::get().ok) {
    check(cudaMemcpy(to, from, bytes, kind), what, where);
    return;
  }
  staging &s = staging::get();
  const std::size_t n = (bytes + staging::chunk - 1) / staging::chunk;
  auto len = [&](std::size_t i) { return std::min(staging::chunk, bytes - i * staging::chunk); };
  char *dst = static_cast<char *>(to);
  const char *src = static_cast<const char *>(from);
  if (kind == cudaMemcpyHostToDevice) {
    for (std::size_t i = 0; i < n; ++i) {
      const int b = static_cast<int>(i & 1);
      check(cudaEventSynchronize(s.done[b]), what, where); // buffer b is free again
      host_copy(s.buf[b], src + i * staging::chunk, len(i));
      check(cudaMemcpyAsync(dst + i * staging::chunk, s.buf[b], len(i), kind, s.stream), what,
            where);
      check(cudaEventRecord(s.done[b], s.stream), what, where);
    }
  } else {
    auto fetch = [&](std::size_t i) {
      const int b = static_cast<int>(i & 1);
      check(cudaMemcpyAsync(s.buf[b], src + i * staging::chunk, len(i), kind, s.stream), what,
            where);
      check(cudaEventRecord(s.done[b], s.stream), what, where);
    };
    fetch(0);
    for (std::size_t i = 0; i < n; ++i) {
      if (i + 1 < n)
        fetch(i + 1); // its buffer's previous chunk (i - 1) was copied out already
      const int b = static_cast<int>(i & 1);
      check(cudaEventSynchronize(s.done[b]), what, where);
      host_copy(dst + i * staging::chunk, s.buf[b], len(i));
    }
  }
  check(cudaStreamSynchronize(s.stream), what, where);
}

} // namespace hy::cuda::detail

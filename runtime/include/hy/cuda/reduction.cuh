// hy::cuda::reduction<Op, T>: the host side of a reduction across blocks,
// one device value initialised to the operator's identity that every block
// of the kernel folds into (block_combine), read back by result().
// Generated code makes one per launch, and host loops that launch a kernel
// per level (a `changed` flag deciding whether to go on) pay its cost every
// level. So nothing here waits for the GPU except result(): the device value
// comes from a pool (no cudaMalloc per launch), the identity is uploaded
// asynchronously from pinned memory that never changes, and result() copies
// into a pinned slot of its own.
#pragma once

#include <hy/cuda/device.cuh>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <vector>

namespace hy::cuda {

namespace detail {

constexpr std::size_t slot_bytes = 16; // enough for any supported T (minloc included)

/// A device value and the pinned host bytes its result is read into.
struct reduction_slot {
  void *dev = nullptr;
  void *host = nullptr;
};

// Pinned host memory, or ordinary memory when it cannot be had (copies are
// then slower, not wrong). Never freed: slots and identities live as long
// as the program.
inline void *host_bytes(std::size_t n) {
  void *p = nullptr;
  if (cudaMallocHost(&p, n) == cudaSuccess)
    return p;
  (void)cudaGetLastError(); // not an error for later checks
  return new std::max_align_t[(n + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t)];
}

/// Free slots, allocated a batch at a time (one cudaMalloc and one
/// cudaMallocHost per 64 slots).
class reduction_slot_pool {
public:
  static reduction_slot_pool &get() {
    static auto *p = new reduction_slot_pool(); // leaked: used until exit
    return *p;
  }
  reduction_slot take(const char *where) {
    std::lock_guard<std::mutex> lock(m_);
    if (free_.empty())
      grow(where);
    const reduction_slot s = free_.back();
    free_.pop_back();
    return s;
  }
  void give(reduction_slot s) {
    std::lock_guard<std::mutex> lock(m_);
    free_.push_back(s);
  }

private:
  void grow(const char *where) {
    constexpr std::size_t batch = 64;
    void *dev = nullptr;
    check_alloc(cudaMalloc(&dev, batch * slot_bytes), "cudaMalloc (reduction)", batch * slot_bytes, where);
    char *host = static_cast<char *>(host_bytes(batch * slot_bytes));
    for (std::size_t i = batch; i-- > 0;)
      free_.push_back({static_cast<char *>(dev) + i * slot_bytes, host + i * slot_bytes});
  }
  std::mutex m_;
  std::vector<reduction_slot> free_;
};

/// Op's identity for T in pinned memory, written once: an asynchronous copy
/// from it reads the same bytes whenever the copy engine gets to it.
template <class Op, class T>
const void *pinned_identity() {
  static const void *p = [] {
    void *h = host_bytes(sizeof(T));
    const T id = Op::template identity<T>();
    std::memcpy(h, &id, sizeof(T));
    return static_cast<const void *>(h);
  }();
  return p;
}

} // namespace detail

/// Host side of a reduction across blocks: one device T, initialised to the
/// operator's identity, that block_combine() folds every block into.
template <class Op, class T>
class reduction {
  static_assert(sizeof(T) <= detail::slot_bytes && alignof(T) <= detail::slot_bytes,
                "reduction type too large");
  static_assert(std::is_trivially_copyable_v<T>, "reduction type must be trivially copyable");

public:
  /// Takes a device value and queues its initialisation on the default
  /// stream (before the kernels launched after it); does not wait.
  explicit reduction(const char *where)
      : where_(where), slot_(detail::reduction_slot_pool::get().take(where)) {
    check(cudaMemcpyAsync(slot_.dev, detail::pinned_identity<Op, T>(), sizeof(T),
                          cudaMemcpyHostToDevice, 0),
          "cudaMemcpyAsync host->device (reduction)", where_);
  }
  reduction(const reduction &) = delete;
  reduction &operator=(const reduction &) = delete;
  /// Returns the slot: a later reduction re-initialises it on the same
  /// stream, after the kernels that used it here.
  ~reduction() { detail::reduction_slot_pool::get().give(slot_); }

  /// Device pointer passed to the kernel.
  T *ptr() const { return static_cast<T *>(slot_.dev); }

  /// The reduced value; waits for the kernels that fold into it. May be
  /// called more than once (later launches fold into the same value).
  T result() {
    check(cudaMemcpy(slot_.host, slot_.dev, sizeof(T), cudaMemcpyDeviceToHost),
          "cudaMemcpy device->host (reduction result)", where_);
    T r;
    std::memcpy(static_cast<void *>(&r), slot_.host, sizeof(T));
    return r;
  }

private:
  const char *where_;
  detail::reduction_slot slot_;
};

} // namespace hy::cuda

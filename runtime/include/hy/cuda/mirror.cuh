// Host/device coherence for the arrays kernels use. Each hy::array (and each
// std::vector, by address) gets a lazily allocated device copy plus a note of
// which side holds the newest data; generated code calls device() before a
// launch and host() before host code touches an array, so data moves only
// when the other side is stale (see docs/runtime-cuda.md).
#pragma once

#include <algorithm>
#include <chrono>

#include <hy/array.hpp>
#include <hy/cuda/device.cuh>
#include <hy/cuda/staging.cuh>
#include <hy/cuda/view.cuh>

#include <cuda_runtime.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <type_traits>
#include <unordered_map>
#include <functional>
#include <vector>

namespace hy::cuda {

/// How code is about to use an array. `overwrite` (host() and device() of
/// arrays and vectors, host() of worklists): the code replaces the whole
/// contents, so the other side's newer data is not copied over first.
/// `append` (device() of a worklist): the kernel pushes to it and publishes
/// its count when it ends (worklist_view::publish), so the host can read
/// the count without a copy.
enum access : int { read = 1, write = 2, read_write = 3, overwrite = 6, append = 19 };

namespace detail {

enum class newest { host, device, both };

// One coherence copy, counted in hy::transfers(). The device finishes
// earlier work first, so that the time is the copy's own.
inline void timed_copy(void *to, const void *from, std::size_t bytes, cudaMemcpyKind kind,
                       const char *what, const char *where) {
  check(cudaDeviceSynchronize(), "kernel execution", where);
  const auto t0 = std::chrono::steady_clock::now();
  staged_copy(to, from, bytes, kind, what, where);
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
  hy::detail::count_transfer(kind == cudaMemcpyHostToDevice, bytes,
                             static_cast<unsigned long long>(ns));
}

// One device copy. `host_data`/`bytes` record the host buffer the copy
// belongs to; a different buffer means the host data was replaced.
struct device_copy {
  void *dev = nullptr;
  std::size_t bytes = 0;
  const void *host_data = nullptr;
  newest state = newest::host;

  device_copy() = default;
  device_copy(const device_copy &) = delete;
  device_copy &operator=(const device_copy &) = delete;
  ~device_copy() {
    // Errors are ignored: at process exit the CUDA runtime may already be
    // shut down, and the memory goes away with the context anyway.
    if (dev)
      (void)cudaFree(dev);
  }

  void timed_copy(void *to, const void *from, cudaMemcpyKind kind, const char *what,
                  const char *where) {
    detail::timed_copy(to, from, bytes, kind, what, where);
  }

  // Makes the device copy current for the host buffer (data, bytes).
  void to_device(const void *data, std::size_t nbytes, access acc,
                 const char *where) {
    if (nbytes != bytes) {
      if (dev)
        check(cudaFree(dev), "cudaFree", where);
      dev = nullptr;
      bytes = 0;
      if (nbytes)
        check_alloc(cudaMalloc(&dev, nbytes), "cudaMalloc", nbytes, where);
      bytes = nbytes;
      state = newest::host;
    }
    if (data != host_data) {
      host_data = data;
      state = newest::host;
    }
    if (state == newest::host && acc != overwrite) {
      if (bytes)
        timed_copy(dev, data, cudaMemcpyHostToDevice, "cudaMemcpy host->device", where);
      state = newest::both;
    }
    if (acc & write)
      state = newest::device;
  }

  // Makes the host buffer current before host code accesses it.
  void to_host(void *data, std::size_t nbytes, access acc) {
    if (data != host_data || nbytes != bytes) {
      // The host buffer was replaced since the last launch: the device copy
      // describes other data and is simply out of date.
      state = newest::host;
      return;
    }
    if (state == newest::device && acc != overwrite) {
      // Also for write-only access: host code may write part of the array,
      // and the whole array is uploaded again later.
      if (bytes)
        timed_copy(data, dev, cudaMemcpyDeviceToHost, "cudaMemcpy device->host",
                   "hy::cuda::host()");
      state = newest::both;
    }
    if (acc & write)
      state = newest::host;
  }
};

inline std::mutex &coherence_mutex() {
  static std::mutex *m = new std::mutex();
  return *m;
}

// Syncs that a nested resident_scope handed to the outermost one (see
// resident_scope), each with the mirror it brings back: a mirror that is
// destroyed first (its array died) takes its entry with it, so the
// outermost scope never touches a dead array. Per thread, as the scopes.
struct deferred_sync {
  const hy::detail::mirror_base *mirror;
  std::function<void()> sync;
};
inline std::vector<deferred_sync> &deferred_syncs() {
  thread_local std::vector<deferred_sync> d;
  return d;
}
inline void forget_deferred(const hy::detail::mirror_base *m) {
  auto &d = deferred_syncs();
  d.erase(std::remove_if(d.begin(), d.end(),
                         [m](const deferred_sync &s) { return s.mirror == m; }),
          d.end());
}

struct array_mirror final : hy::detail::mirror_base {
  device_copy copy;
  ~array_mirror() override { forget_deferred(this); }
};

// Device copies of std::vectors, keyed by the vector object's address.
// Leaked on purpose: destroying it at exit could run after the CUDA runtime
// has been torn down; the driver frees the memory with the process.
inline std::unordered_map<const void *, std::unique_ptr<device_copy>> &
vector_registry() {
  static auto *r =
      new std::unordered_map<const void *, std::unique_ptr<device_copy>>();
  return *r;
}

template <class T>
constexpr bool vector_element_ok_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

} // namespace detail

template <class T, int N> void host(const hy::array<T, N> &a, access acc);

/// Device view of `a` for a kernel that accesses it as `acc`. Uploads the
/// host data when it is newer; a write marks the host copy stale.
template <class T, int N>
view<T, N> device(const hy::array<T, N> &a, access acc, const char *where) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto *m = dynamic_cast<detail::array_mirror *>(a.hy_mirror());
  if (!m) {
    auto fresh = std::make_unique<detail::array_mirror>();
    fresh->sync_host = [](const void *owner) { host(*static_cast<const hy::array<T, N> *>(owner), read); };
    fresh->unpark = [](const void *owner, bool all) {
      host(*static_cast<const hy::array<T, N> *>(owner), all ? overwrite : read_write);
    };
    m = fresh.get();
    a.hy_set_mirror(std::move(fresh));
  }
  m->copy.to_device(a.hy_storage(), a.size() * sizeof(T), acc, where);
  view<T, N> v;
  v.p = static_cast<T *>(m->copy.dev);
  for (int d = 0; d < N; ++d)
    v.ext[d] = static_cast<long long>(a.extent(d));
  return v;
}

/// Same for a std::vector (1-D). The device copy is found by the vector's
/// address; a changed data pointer or size means the host data is newer.
template <class T>
view<T, 1> device(const std::vector<T> &v, access acc, const char *where) {
  static_assert(detail::vector_element_ok_v<T>, 
                "kernels can use std::vector<T> only for arithmetic T other "
                "than bool; use hy::array for anything else");
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto &slot = detail::vector_registry()[static_cast<const void *>(&v)];
  if (!slot)
    slot = std::make_unique<detail::device_copy>();
  slot->to_device(v.data(), v.size() * sizeof(T), acc, where);
  view<T, 1> r;
  r.p = static_cast<T *>(slot->dev);
  r.ext[0] = static_cast<long long>(v.size());
  return r;
}

/// Host code is about to access `a` as `acc`: downloads the device copy if
/// it is newer; a write marks the device copy stale. No-op for arrays that
/// were never on the device.
template <class T, int N>
void host(const hy::array<T, N> &a, access acc) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto *m = dynamic_cast<detail::array_mirror *>(a.hy_mirror());
  if (!m)
    return;
  m->copy.to_host(a.hy_storage(), a.size() * sizeof(T), acc);
  // Host code may write from now on, and the device copy knows it: no
  // longer parked. After a read-only sync it stays parked, so that the
  // array's next accessor still tells the device copy of host writes.
  if (acc & write)
    m->parked.store(false, std::memory_order_release);
}

/// The outermost translated function is returning and `a` outlives it:
/// host code that hyc does not see may use it next. Nothing is copied
/// now; the array is marked so that its own host accessors (operator(),
/// data(), fill, copies) bring the device's data back first and tell the
/// device copy that the host may write (docs/runtime-cuda.md, "Parked
/// arrays"). An array that is only used by kernels again never travels.
template <class T, int N>
void park(const hy::array<T, N> &a) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto *m = dynamic_cast<detail::array_mirror *>(a.hy_mirror());
  if (!m || m->copy.state == detail::newest::host)
    return;
  if (a.hy_storage() != m->copy.host_data || a.size() * sizeof(T) != m->copy.bytes) {
    // The host buffer was replaced since the last launch: it is the data.
    m->copy.state = detail::newest::host;
    return;
  }
  m->parked.store(true, std::memory_order_release);
}

template <class T>
void host(const std::vector<T> &v, access acc) {
  static_assert(detail::vector_element_ok_v<T>, 
                "kernels can use std::vector<T> only for arithmetic T other "
                "than bool; use hy::array for anything else");
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto &reg = detail::vector_registry();
  auto it = reg.find(static_cast<const void *>(&v));
  if (it == reg.end())
    return;
  it->second->to_host(const_cast<T *>(v.data()), v.size() * sizeof(T), acc);
}

/// Drops the device copy of `v` (without copying anything back). Optional:
/// lets code that destroys a vector and may create another at the same
/// address make sure the new one is uploaded.
template <class T>
void forget(const std::vector<T> &v) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  detail::vector_registry().erase(static_cast<const void *>(&v));
}

/// Call with std::swap(a, b) of two vectors (before or after it): the vectors
/// exchange their buffers, and this exchanges their device copies, which the
/// registry keeps by the vectors' addresses. Nothing is copied.
template <class T>
void swap_mirrors(const std::vector<T> &a, const std::vector<T> &b) {
  if (&a == &b)
    return;
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto &reg = detail::vector_registry();
  const void *ka = static_cast<const void *>(&a), *kb = static_cast<const void *>(&b);
  auto take = [&reg](const void *k) {
    std::unique_ptr<detail::device_copy> c;
    auto it = reg.find(k);
    if (it != reg.end()) {
      c = std::move(it->second);
      reg.erase(it);
    }
    return c;
  };
  std::unique_ptr<detail::device_copy> ca = take(ka), cb = take(kb);
  if (cb)
    reg[ka] = std::move(cb);
  if (ca)
    reg[kb] = std::move(ca);
}

/// hy::array keeps its device copy in its own mirror slot, which std::swap
/// exchanges with the data: nothing to do (the overload lets generated code
/// call swap_mirrors for every kind of array alike).
template <class T, int N>
void swap_mirrors(const hy::array<T, N> &, const hy::array<T, N> &) {}

} // namespace hy::cuda

namespace hy {
namespace cuda {

namespace detail {
// At the end of the outermost scope: hy::arrays are parked (their own
// accessors sync lazily); anything else (worklists, std::vectors, whose
// host side hy cannot watch) is brought back at once.
template <class A> void park_or_sync(const A &a) { host(a, read_write); }
template <class T, int N> void park_or_sync(const hy::array<T, N> &a) { park(a); }

// What a nested scope hands on for an escaped array: the sync itself, kept
// until the outermost scope ends, with the mirror that says the array is
// still alive then. Nothing for an array that never reached the device.
template <class A> void defer_escape(const A &a) {
  const hy::detail::mirror_base *m = a.hy_mirror();
  if (!m)
    return;
  auto &d = deferred_syncs(); // once per array (a host loop may call often)
  for (const deferred_sync &s : d)
    if (s.mirror == m)
      return;
  d.push_back({m, [&a] { park_or_sync(a); }});
}
// std::vector's device copies live in the registry, by address, and outlive
// the vector: a nested scope brings them back at once.
template <class T> void defer_escape(const std::vector<T> &v) { host(v, read_write); }
} // namespace detail

/// Declared by hyc at the top of every function that launches kernels or
/// calls such functions. Arrays that outlive the function (parameters,
/// globals, references to them) are registered with escape(); they are
/// brought back to the host only when the outermost such scope ends, so a
/// host loop of calls to translated functions keeps its data on the device
/// in between. A nested scope hands its escapes to the outermost one: the
/// array may be one the caller never names (a function of another
/// translation unit, or reached through a struct), and the host code after
/// the outermost function must still see the kernels' results.
class resident_scope {
public:
  resident_scope() { ++depth(); }
  resident_scope(const resident_scope &) = delete;
  resident_scope &operator=(const resident_scope &) = delete;
  ~resident_scope() {
    if (--depth() != 0) {
      for (auto &hand_on : defers_)
        hand_on();
      return;
    }
    for (auto &sync : syncs_)
      sync();
    // Taken out first: a sync may destroy nothing, but keep the list
    // consistent if one throws or re-enters.
    std::vector<detail::deferred_sync> deferred;
    deferred.swap(detail::deferred_syncs());
    for (auto &d : deferred)
      d.sync();
  }
  template <class A> void escape(const A &a) {
    syncs_.push_back([&a] { detail::park_or_sync(a); });
    defers_.push_back([&a] { detail::defer_escape(a); });
  }

private:
  static int &depth() {
    thread_local int d = 0;
    return d;
  }
  std::vector<std::function<void()>> syncs_, defers_;
};

} // namespace cuda
} // namespace hy

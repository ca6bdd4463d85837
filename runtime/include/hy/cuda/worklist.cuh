// hy::worklist<T> on the GPU: worklist_view<T>, what a kernel receives for a
// worklist (push aggregated per warp, overflow counted, never silent), and
// its host/device coherence. Only the count and the items [0, count) ever
// move, and the count can move alone: host_size() reads just the count, so
// a host loop
//     while (host_size(q), q.size() > 0) {
//       kernel(device(q, read), device(next, append)); // ends with next.publish()
//       std::swap(q, next); host(next, overwrite); next.clear();
//     }
// costs one launch per level and nothing else but the wait for it: the
// kernel's last block writes next's count into host-mapped memory, where
// host_size() finds it without a CUDA call, and clearing a list whose
// device counter the host knows moves nothing (the list's items start at
// a `base` of that counter instead). See docs/runtime-cuda.md.
#pragma once

#include <hy/cuda/device.cuh>
#include <hy/cuda/mirror.cuh>
#include <hy/worklist.hpp>

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>

namespace hy::cuda {

namespace detail {
// A kernel read the size of a list that overflowed: stop, naming the counts.
__host__ __device__ inline void worklist_overflow_in_kernel(unsigned long long pushed,
                                                            long long capacity) {
  printf("hy: error: worklist overflow: %llu items pushed into a worklist of capacity "
         "%lld; items beyond the capacity were dropped\n",
         pushed, capacity);
#if defined(__CUDA_ARCH__)
  __trap();
#else
  std::fflush(stdout);
  std::exit(1);
#endif
}
} // namespace detail

/// The count a kernel publishes for the host (host-mapped memory): written
/// by the kernel's last block, `seq` last.
struct worklist_publication {
  unsigned long long count;
  unsigned long long seq;
};

/// What a kernel receives for a hy::worklist<T>: the items, the device
/// counter and the capacity. The list holds `*count - base` items: a list
/// cleared on the host starts at the counter's current value instead of
/// having it reset. Trivially copyable, passed by value.
template <class T>
struct worklist_view {
  using value_type = T;

  T *items;
  unsigned long long *count;
  long long cap;
  unsigned long long base = 0;
  // Publication of the count at the end of a kernel that appends
  // (device(w, append)): where (null: none), the blocks finished so far,
  // and this launch's sequence number.
  worklist_publication *pub = nullptr;
  unsigned long long *done = nullptr;
  unsigned long long seq = 0;

  /// Appends x. The threads of a warp that push together take their slots
  /// with one atomic add. Items past the capacity are dropped, but the
  /// count still counts them, so the host reports the overflow.
  __host__ __device__ void push(const T &x) const {
#if defined(__CUDA_ARCH__)
    namespace cg = cooperative_groups;
    const cg::coalesced_group g = cg::coalesced_threads();
    unsigned long long first = 0;
    if (g.thread_rank() == 0)
      first = atomicAdd(count, static_cast<unsigned long long>(g.size()));
    first = g.shfl(first, 0);
    const unsigned long long slot = first - base + g.thread_rank();
#else
    // A view of host memory (tests): the same rules, one item at a time.
    const unsigned long long slot = __atomic_fetch_add(count, 1ull, __ATOMIC_RELAXED) - base;
#endif
    if (slot < static_cast<unsigned long long>(cap))
      items[slot] = x;
  }

  /// The number of items. A kernel that pushes to the list may not read it;
  /// one that reads an overflowed list stops with an error.
  /// std::size_t, as hy::worklist::size() on the host.
  __host__ __device__ std::size_t size() const {
    const unsigned long long c = *count - base;
    if (c > static_cast<unsigned long long>(cap))
      detail::worklist_overflow_in_kernel(c, cap);
    return static_cast<std::size_t>(c);
  }

  /// Called by every thread at the end of a kernel that appends: the last
  /// block to finish writes the raw counter into host-mapped memory, then
  /// the sequence number, so host_size() needs no copy. Contains a barrier.
  __device__ void publish() const {
#if defined(__CUDA_ARCH__)
    if (!pub)
      return;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
      __threadfence(); // this block's pushes before its arrival
      const unsigned long long blocks =
          static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
      if (atomicAdd(done, 1ull) == blocks - 1) {
        __threadfence(); // every block's pushes are visible now
        const unsigned long long c = atomicAdd(count, 0ull);
        *done = 0; // ready for the next launch (stream-ordered after this one)
        volatile worklist_publication *p = pub;
        p->count = c;
        __threadfence_system();
        p->seq = seq;
      }
    }
#endif
  }
  __host__ __device__ std::size_t capacity() const { return static_cast<std::size_t>(cap); }
  __host__ __device__ T &operator()(long long i) const { return items[checked(i)]; }
  __host__ __device__ T &operator[](long long i) const { return items[checked(i)]; }
  __host__ __device__ T *data() const { return items; }
  // As hy::worklist on the host: empty(), front(), back(), at() (always
  // checked: out of range stops the kernel with a message) and iteration.
  __host__ __device__ bool empty() const { return size() == 0; }
  __host__ __device__ T &front() const { return items[checked(0)]; }
  __host__ __device__ T &back() const {
    return items[checked(static_cast<long long>(size()) - 1)];
  }
  __host__ __device__ T &at(long long i) const {
    const long long n = static_cast<long long>(size());
    if (i < 0 || i >= n)
      detail::at_out_of_range("worklist", i, n);
    return items[i];
  }
  __host__ __device__ T *begin() const { return items; }
  __host__ __device__ T *end() const { return items + size(); }

private:
  __host__ __device__ long long checked(long long i) const {
#ifdef HY_CHECK_BOUNDS
    const long long n = static_cast<long long>(size());
    if (i < 0 || i >= n) {
      printf("hy: worklist index out of range (index %lld, size %lld)\n", i, n);
#if defined(__CUDA_ARCH__)
      __trap();
#else
      std::fflush(stdout);
      std::abort();
#endif
    }
#endif
    return i;
  }
};

template <class T> void host(const hy::worklist<T> &w, access acc);

namespace detail {

// Bytes before the items in a worklist's device buffer (the count lives at
// the start; the items stay aligned for any T).
constexpr std::size_t worklist_items_offset = 256;

// Device copy of one worklist. The count and the items have their own
// "newest" note: after host_size() the count is on both sides while the
// items are still only on the device. The device counter only grows: the
// list holds `counter - base` items, and `raw` is the counter's value when
// the host knows it (then clearing or refilling the list sets `base`
// instead of writing the counter).
struct worklist_mirror final : hy::detail::mirror_base {
  void *dev = nullptr;
  std::size_t item_bytes = 0; // capacity * sizeof(T)
  const void *host_data = nullptr;
  newest count = newest::host;
  newest items = newest::host;
  unsigned long long base = 0;
  bool raw_known = false;
  unsigned long long raw = 0;
  // Host-mapped publication slot (null if it could not be had), the last
  // sequence number handed out, and the one host_size() waits for (0: no
  // publication pending).
  worklist_publication *pub = nullptr;
  worklist_publication *pub_dev = nullptr;
  unsigned long long seq = 0, expect = 0;

  worklist_mirror() = default;
  worklist_mirror(const worklist_mirror &) = delete;
  worklist_mirror &operator=(const worklist_mirror &) = delete;
  ~worklist_mirror() override {
    forget_deferred(this);
    // At exit the runtime may be gone already: errors are ignored.
    if (dev)
      (void)cudaFree(dev);
    if (pub)
      (void)cudaFreeHost(pub);
  }
  unsigned long long *count_ptr() const { return static_cast<unsigned long long *>(dev); }
  unsigned long long *done_ptr() const { return count_ptr() + 1; }
  void *items_ptr() const { return static_cast<char *>(dev) + worklist_items_offset; }
};

// Pinned bytes for the 8-byte count copies. They are synchronous and made
// under the coherence mutex, so one buffer serves every worklist.
inline unsigned long long *count_scratch() {
  static unsigned long long *p = [] {
    void *h = nullptr;
    if (cudaMallocHost(&h, sizeof(unsigned long long)) != cudaSuccess) {
      (void)cudaGetLastError();
      h = new unsigned long long;
    }
    return static_cast<unsigned long long *>(h);
  }();
  return p;
}

// The mirror of w, made to describe w's current buffer (allocated or
// reallocated when the capacity changed; host newer when the buffer did).
template <class T>
worklist_mirror &worklist_mirror_of(const hy::worklist<T> &w, const char *where) {
  auto *m = dynamic_cast<worklist_mirror *>(w.hy_mirror());
  if (!m) {
    auto fresh = std::make_unique<worklist_mirror>();
    fresh->sync_host = [](const void *owner) {
      hy::cuda::host(*static_cast<const hy::worklist<T> *>(owner), read);
    };
    m = fresh.get();
    w.hy_set_mirror(std::move(fresh));
  }
  const std::size_t item_bytes = w.capacity() * sizeof(T);
  if (!m->dev || item_bytes != m->item_bytes) {
    if (m->dev)
      check(cudaFree(m->dev), "cudaFree", where);
    m->dev = nullptr;
    check_alloc(cudaMalloc(&m->dev, worklist_items_offset + item_bytes), "cudaMalloc",
                worklist_items_offset + item_bytes, where);
    // The counter and the finished-blocks counter of publish() start at 0.
    check(cudaMemsetAsync(m->dev, 0, 2 * sizeof(unsigned long long), 0),
          "cudaMemsetAsync (worklist counters)", where);
    m->item_bytes = item_bytes;
    m->count = m->items = newest::host;
    m->base = 0;
    m->raw_known = true;
    m->raw = 0;
    m->expect = 0;
  }
  if (!m->pub) {
    void *h = nullptr;
    if (cudaHostAlloc(&h, sizeof(worklist_publication), cudaHostAllocMapped) == cudaSuccess) {
      void *d = nullptr;
      if (cudaHostGetDevicePointer(&d, h, 0) == cudaSuccess) {
        m->pub = static_cast<worklist_publication *>(h);
        m->pub_dev = static_cast<worklist_publication *>(d);
        m->pub->count = m->pub->seq = 0;
      } else {
        (void)cudaFreeHost(h);
      }
    }
    (void)cudaGetLastError(); // no mapped memory: counts are copied instead
  }
  if (w.data() != m->host_data) {
    m->host_data = w.data();
    m->count = m->items = newest::host;
  }
  return *m;
}

// Makes the device's count the host's. When the host knows the device
// counter (the usual case: it read the count last level), nothing moves:
// the list just starts at `base = counter - n`. Otherwise the counter is
// set: zero by an asynchronous memset that waits for nothing; any other
// count comes with items, whose copy synchronises anyway (one 8-byte
// transfer either way).
inline void upload_count(worklist_mirror &m, unsigned long long n, const char *where) {
  if (m.raw_known) {
    m.base = m.raw - n;
    return;
  }
  m.base = 0;
  m.raw_known = true;
  m.raw = n;
  m.expect = 0; // the counter is set after any pending publication
  if (n == 0) {
    const auto t0 = std::chrono::steady_clock::now();
    check(cudaMemsetAsync(m.count_ptr(), 0, sizeof(unsigned long long), 0),
          "cudaMemsetAsync (worklist count)", where);
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
    hy::detail::count_transfer(true, sizeof(unsigned long long),
                               static_cast<unsigned long long>(ns));
  } else {
    unsigned long long *s = count_scratch();
    *s = n;
    timed_copy(m.count_ptr(), s, sizeof(unsigned long long), cudaMemcpyHostToDevice,
               "cudaMemcpy host->device (worklist count)", where);
  }
}

// The count a launched kernel publishes (device(w, append)): waits for it
// in host-mapped memory, without a CUDA call, watching for errors of the
// kernels meanwhile. False if the device went idle without publishing.
inline bool await_publication(worklist_mirror &m, const char *where) {
  const auto t0 = std::chrono::steady_clock::now();
  for (unsigned long spins = 1;; ++spins) {
    if (__atomic_load_n(&m.pub->seq, __ATOMIC_ACQUIRE) == m.expect)
      break;
    if (spins % 4096 == 0) {
      const cudaError_t e = cudaStreamQuery(0);
      if (e == cudaSuccess && __atomic_load_n(&m.pub->seq, __ATOMIC_ACQUIRE) != m.expect)
        return false;
      if (e != cudaSuccess && e != cudaErrorNotReady)
        check(e, "kernel execution", where);
    }
  }
  m.raw = __atomic_load_n(&m.pub->count, __ATOMIC_RELAXED);
  const auto ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  hy::detail::count_transfer(false, sizeof(unsigned long long),
                             static_cast<unsigned long long>(ns));
  return true;
}

// Reads the device count into the host object; an overflow is an error.
template <class T>
void download_count(worklist_mirror &m, const hy::worklist<T> &w, const char *where) {
  const bool published = m.expect && m.pub && await_publication(m, where);
  m.expect = 0;
  if (!published) {
    unsigned long long *s = count_scratch();
    timed_copy(s, m.count_ptr(), sizeof(unsigned long long), cudaMemcpyDeviceToHost,
               "cudaMemcpy device->host (worklist count)", where);
    m.raw = *s;
  }
  m.raw_known = true;
  const unsigned long long n = m.raw - m.base;
  if (n > w.capacity()) {
    std::fprintf(stderr,
                 "hy: error: worklist overflow: %llu items pushed into a worklist of "
                 "capacity %zu; items beyond the capacity were dropped\n",
                 n, w.capacity());
    std::exit(1);
  }
  w.hy_set_size(static_cast<std::size_t>(n));
}

} // namespace detail

/// Device view of `w` for a kernel that accesses it as `acc`: uploads the
/// count and the items [0, count) when the host's are newer (a list the
/// host just cleared: only the count, asynchronously); a write (push)
/// marks the host's stale.
template <class T>
worklist_view<T> device(const hy::worklist<T> &w, access acc, const char *where) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  detail::worklist_mirror &m = detail::worklist_mirror_of(w, where);
  if (m.count == detail::newest::host) {
    detail::upload_count(m, w.size(), where);
    m.count = detail::newest::both;
  }
  if (m.items == detail::newest::host) {
    if (w.size())
      detail::timed_copy(m.items_ptr(), w.data(), w.size() * sizeof(T), cudaMemcpyHostToDevice,
                         "cudaMemcpy host->device (worklist items)", where);
    m.items = detail::newest::both;
  }
  worklist_view<T> v;
  v.items = static_cast<T *>(m.items_ptr());
  v.count = m.count_ptr();
  v.cap = static_cast<long long>(w.capacity());
  v.base = m.base;
  if (acc & write) {
    m.count = m.items = detail::newest::device;
    m.raw_known = false;
    m.expect = 0;
    if (acc == append && m.pub) { // the kernel publishes its count at the end
      v.pub = m.pub_dev;
      v.done = m.done_ptr();
      v.seq = m.expect = ++m.seq;
    }
  }
  return v;
}

/// Host code is about to use `w` as `acc`: brings the count and the items
/// over when the device's are newer (an overflow on the device is an error
/// naming the counts, exit status 1); a write marks the device's stale.
/// With `overwrite` (before `w.clear()`) nothing is copied.
template <class T>
void host(const hy::worklist<T> &w, access acc) {
  const char *where = "hy::cuda::host()";
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto *m = dynamic_cast<detail::worklist_mirror *>(w.hy_mirror());
  if (!m)
    return;
  if (w.data() != m->host_data || w.capacity() * sizeof(T) != m->item_bytes) {
    m->count = m->items = detail::newest::host; // another buffer now
    return;
  }
  if (acc != overwrite) {
    if (m->count == detail::newest::device) {
      detail::download_count(*m, w, where);
      m->count = detail::newest::both;
    }
    if (m->items == detail::newest::device) {
      if (w.size())
        detail::timed_copy(const_cast<T *>(w.data()), m->items_ptr(), w.size() * sizeof(T),
                           cudaMemcpyDeviceToHost, "cudaMemcpy device->host (worklist items)",
                           where);
      m->items = detail::newest::both;
    }
  }
  if (acc & write)
    m->count = m->items = detail::newest::host;
}

/// Host code is about to read w.size(): brings over only the count (8
/// bytes) when the device's is newer; an overflow is an error as in host().
template <class T>
void host_size(const hy::worklist<T> &w) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto *m = dynamic_cast<detail::worklist_mirror *>(w.hy_mirror());
  if (!m)
    return;
  if (w.data() != m->host_data || w.capacity() * sizeof(T) != m->item_bytes) {
    m->count = m->items = detail::newest::host;
    return;
  }
  if (m->count == detail::newest::device) {
    detail::download_count(*m, w, "hy::cuda::host_size()");
    m->count = detail::newest::both;
  }
}

/// Whether w.size() on the host is the device's count too (nothing pushed
/// since the host last read or set it). Launches of loops sized on the
/// device use it to size their grid to the work when the host knows it
/// (the kernel reads the count itself either way).
template <class T>
bool size_known(const hy::worklist<T> &w) {
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  auto *m = dynamic_cast<detail::worklist_mirror *>(w.hy_mirror());
  return !m || m->count != detail::newest::device;
}

/// A worklist's device copy lives in its own mirror slot, which std::swap
/// exchanges with the items: nothing to do.
template <class T>
void swap_mirrors(const hy::worklist<T> &, const hy::worklist<T> &) {}

} // namespace hy::cuda

// hy::worklist<T>: a bounded list that kernels append to (a BFS frontier, the
// vertices a relaxation improved). Items are pushed at any level of a kernel
// and read back by index; their order may differ between targets and runs,
// the multiset of items and the count do not. Pushing more items than the
// capacity is an error on every target, never silent: here it stops the
// program naming the capacity. Header-only and CUDA-free; like hy::array it
// carries an opaque slot in which a CUDA build keeps the device copy.
//
// OpenMP: a push inside a parallel region goes into the calling thread's
// small buffer (one per thread, kLane items); a full buffer takes its slots
// with one atomic add, so 16 threads pushing millions of items do not all
// queue on the count's cache line. What is left in the buffers when the
// region ends is moved into the list by the first access that reads it
// (size(), an item, data(), iteration, a copy): a kernel never pushes to and
// reads one list (the translator checks), so the reads come after the
// region that pushed.
#pragma once

#include <hy/array.hpp>

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace hy {

template <class T>
class worklist {
  static_assert(std::is_trivially_copyable_v<T>,
                "hy::worklist items must be trivially copyable (they are copied to and "
                "from device memory)");

public:
  using value_type = T;

  worklist() = default;
  explicit worklist(std::size_t capacity) : items_(new T[capacity]()), cap_(capacity) {
    make_lanes();
  }

  /// Copies hold the same items (and no device copy until a kernel uses them).
  worklist(const worklist &o)
      : items_((detail::before_copy(o), new T[o.cap_]())), cap_(o.cap_),
        count_((o.drain(), o.count_)) {
    for (std::size_t i = 0; i < count_; ++i)
      items_[i] = o.items_[i];
    make_lanes();
  }
  worklist(worklist &&o) noexcept
      : items_((o.drain(), std::move(o.items_))), cap_(std::exchange(o.cap_, 0)),
        count_(std::exchange(o.count_, 0)), mirror_(std::move(o.mirror_)),
        lanes_(std::move(o.lanes_)), nlanes_(std::exchange(o.nlanes_, 0)) {}
  worklist &operator=(const worklist &o) {
    if (this != &o) {
      worklist tmp(o);
      *this = std::move(tmp);
    }
    return *this;
  }
  worklist &operator=(worklist &&o) noexcept {
    if (this != &o) {
      o.drain();
      mirror_ = std::move(o.mirror_); // the old device copy goes first
      items_ = std::move(o.items_);
      cap_ = std::exchange(o.cap_, 0);
      count_ = std::exchange(o.count_, 0);
      lanes_ = std::move(o.lanes_);
      nlanes_ = std::exchange(o.nlanes_, 0);
      state_.store(0, std::memory_order_relaxed);
    }
    return *this;
  }

  /// Appends x. Safe from concurrent OpenMP iterations (a per-thread buffer
  /// and one atomic add per kLane items); stops the program when the list
  /// is full.
  void push(const T &x) {
#if defined(_OPENMP)
    if (nlanes_ && omp_get_level() == 1) {
      const int t = omp_get_thread_num();
      if (t < nlanes_) {
        lane &l = lanes_[t];
        if (l.n == 0 && state_.load(std::memory_order_relaxed) == 0)
          state_.store(1, std::memory_order_relaxed); // the region's end finds buffers to drain
        l.items[l.n++] = x;
        if (l.n == kLane)
          flush(l);
        return;
      }
    }
    const std::size_t slot = __atomic_fetch_add(&count_, std::size_t(1), __ATOMIC_RELAXED);
#else
    const std::size_t slot = count_++;
#endif
    if (slot >= cap_)
      overflow(slot + 1);
    items_[slot] = x;
  }

  std::size_t size() const { return drain(), count_; }
  std::size_t capacity() const { return cap_; }
  bool empty() const { return size() == 0; }
  void clear() noexcept { // an overflow found here stops the program
    discard();
    count_ = 0;
  }

  T &operator()(std::size_t i) { return drain(), items_[checked(i)]; }
  const T &operator()(std::size_t i) const { return drain(), items_[checked(i)]; }
  T &operator[](std::size_t i) { return drain(), items_[checked(i)]; }
  const T &operator[](std::size_t i) const { return drain(), items_[checked(i)]; }

  /// The first and last item, and item i checked (std::out_of_range, as
  /// std::vector::at; in a kernel on the GPU the check stops the kernel).
  T &front() { return (*this)[0]; }
  const T &front() const { return (*this)[0]; }
  T &back() { return (*this)[size() - 1]; }
  const T &back() const { return (*this)[size() - 1]; }
  T &at(std::size_t i) { return i < size() ? items_[i] : out_of_range(i); }
  const T &at(std::size_t i) const { return i < size() ? items_[i] : out_of_range(i); }

  /// Exchanges the contents with o without copying: the items, the count,
  /// the capacity and the device copy (the CUDA runtime's mirror, which
  /// describes the items it travels with), as std::swap(a, b) does.
  void swap(worklist &o) noexcept {
    drain();
    o.drain();
    std::swap(items_, o.items_);
    std::swap(cap_, o.cap_);
    std::swap(count_, o.count_);
    std::swap(mirror_, o.mirror_);
    std::swap(lanes_, o.lanes_);
    std::swap(nlanes_, o.nlanes_);
  }
  friend void swap(worklist &a, worklist &b) noexcept { a.swap(b); }

  T *data() { return drain(), items_.get(); }
  const T *data() const { return drain(), items_.get(); }
  T *begin() { return drain(), items_.get(); }
  T *end() { return drain(), items_.get() + count_; }
  const T *begin() const { return drain(), items_.get(); }
  const T *end() const { return drain(), items_.get() + count_; }

  /// The backend's attachment (device copy); null on CPU-only builds.
  detail::mirror_base *hy_mirror() const { return mirror_.get(); }
  void hy_set_mirror(std::unique_ptr<detail::mirror_base> m) const { mirror_ = std::move(m); }
  /// The CUDA runtime sets the count after reading the device's (the items
  /// it brings over separately, through data()).
  void hy_set_size(std::size_t n) const {
    discard();
    count_ = n;
  }

private:
  static constexpr int kLane = 64; // items a thread gathers before taking slots
  struct alignas(64) lane {
    int n = 0;
    T items[kLane];
  };

  void make_lanes() {
#if defined(_OPENMP)
    if (cap_ == 0)
      return;
    nlanes_ = omp_get_max_threads();
    lanes_.reset(new lane[nlanes_]);
#endif
  }
  /// Moves a thread's buffer into the list (one atomic add for its slots).
  void flush(lane &l) const {
    const std::size_t first =
        __atomic_fetch_add(&count_, static_cast<std::size_t>(l.n), __ATOMIC_RELAXED);
    if (first + l.n > cap_)
      overflow(first + l.n);
    for (int i = 0; i < l.n; ++i)
      items_[first + i] = l.items[i];
    l.n = 0;
  }
  /// After a parallel region that pushed: moves what the buffers hold into
  /// the list. One thread does it; readers that meet it wait for it.
  void drain() const {
    if (state_.load(std::memory_order_acquire) == 0)
      return;
    int pending = 1;
    if (state_.compare_exchange_strong(pending, 2, std::memory_order_acquire)) {
      for (int t = 0; t < nlanes_; ++t)
        if (lanes_[t].n)
          flush(lanes_[t]);
      state_.store(0, std::memory_order_release);
    } else {
      while (state_.load(std::memory_order_acquire) != 0) {
      }
    }
  }
  /// clear() and a count set by the CUDA runtime drop what is buffered,
  /// after checking that it fitted (an overflow is an error on every
  /// target, also when the items would have been dropped).
  void discard() const {
    if (state_.load(std::memory_order_relaxed) == 0)
      return;
    std::size_t pending = 0;
    for (int t = 0; t < nlanes_; ++t)
      pending += static_cast<std::size_t>(lanes_[t].n);
    if (count_ + pending > cap_)
      overflow(count_ + pending);
    for (int t = 0; t < nlanes_; ++t)
      lanes_[t].n = 0;
    state_.store(0, std::memory_order_release);
  }

  [[noreturn]] T &out_of_range(std::size_t i) const {
    throw std::out_of_range("hy::worklist::at: index " + std::to_string(i) +
                            " out of range (size " + std::to_string(count_) + ")");
  }
  [[noreturn]] void overflow(std::size_t pushed) const {
    std::fprintf(stderr,
                 "hy: error: worklist overflow: %zu items pushed into a worklist of "
                 "capacity %zu\n",
                 pushed, cap_);
    std::fflush(stderr);
    std::abort();
  }
  std::size_t checked(std::size_t i) const {
#ifdef HY_CHECK_BOUNDS
    assert(i < count_ && "hy::worklist index out of range");
#endif
    return i;
  }

  std::unique_ptr<T[]> items_;
  std::size_t cap_ = 0;
  mutable std::size_t count_ = 0; // mutable: the CUDA runtime updates it on const access
  mutable std::unique_ptr<detail::mirror_base> mirror_;
  // OpenMP push buffers (none in a serial build): one per thread of a
  // region, and 0 none pending / 1 pending / 2 being drained.
  std::unique_ptr<lane[]> lanes_;
  int nlanes_ = 0;
  mutable std::atomic<int> state_{0};
};

} // namespace hy

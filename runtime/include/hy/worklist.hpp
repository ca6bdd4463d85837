// hy::worklist<T>: a bounded list that kernels append to (a BFS frontier, the
// vertices a relaxation improved). Items are pushed at any level of a kernel
// and read back by index; their order may differ between targets and runs,
// the multiset of items and the count do not. Pushing more items than the
// capacity is an error on every target, never silent: here it stops the
// program naming the capacity. Header-only and CUDA-free; like hy::array it
// carries an opaque slot in which a CUDA build keeps the device copy.
#pragma once

#include <hy/array.hpp>

#include <cassert>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <utility>

namespace hy {

template <class T>
class worklist {
  static_assert(std::is_trivially_copyable_v<T>,
                "hy::worklist items must be trivially copyable (they are copied to and "
                "from device memory)");

public:
  using value_type = T;

  worklist() = default;
  explicit worklist(std::size_t capacity) : items_(new T[capacity]()), cap_(capacity) {}

  /// Copies hold the same items (and no device copy until a kernel uses them).
  worklist(const worklist &o) : items_(new T[o.cap_]()), cap_(o.cap_), count_(o.count_) {
    for (std::size_t i = 0; i < count_; ++i)
      items_[i] = o.items_[i];
  }
  worklist(worklist &&o) noexcept
      : items_(std::move(o.items_)), cap_(std::exchange(o.cap_, 0)),
        count_(std::exchange(o.count_, 0)), mirror_(std::move(o.mirror_)) {}
  worklist &operator=(const worklist &o) {
    if (this != &o) {
      worklist tmp(o);
      *this = std::move(tmp);
    }
    return *this;
  }
  worklist &operator=(worklist &&o) noexcept {
    if (this != &o) {
      mirror_ = std::move(o.mirror_); // the old device copy goes first
      items_ = std::move(o.items_);
      cap_ = std::exchange(o.cap_, 0);
      count_ = std::exchange(o.count_, 0);
    }
    return *this;
  }

  /// Appends x. Safe from concurrent OpenMP iterations (one atomic add of
  /// the count); stops the program when the list is full.
  void push(const T &x) {
#if defined(_OPENMP)
    const std::size_t slot = __atomic_fetch_add(&count_, std::size_t(1), __ATOMIC_RELAXED);
#else
    const std::size_t slot = count_++;
#endif
    if (slot >= cap_)
      overflow(slot + 1);
    items_[slot] = x;
  }

  std::size_t size() const { return count_; }
  std::size_t capacity() const { return cap_; }
  bool empty() const { return count_ == 0; }
  void clear() { count_ = 0; }

  T &operator()(std::size_t i) { return items_[checked(i)]; }
  const T &operator()(std::size_t i) const { return items_[checked(i)]; }
  T &operator[](std::size_t i) { return items_[checked(i)]; }
  const T &operator[](std::size_t i) const { return items_[checked(i)]; }

  T *data() { return items_.get(); }
  const T *data() const { return items_.get(); }
  T *begin() { return items_.get(); }
  T *end() { return items_.get() + count_; }
  const T *begin() const { return items_.get(); }
  const T *end() const { return items_.get() + count_; }

  /// The backend's attachment (device copy); null on CPU-only builds.
  detail::mirror_base *hy_mirror() const { return mirror_.get(); }
  void hy_set_mirror(std::unique_ptr<detail::mirror_base> m) const { mirror_ = std::move(m); }
  /// The CUDA runtime sets the count after reading the device's (the items
  /// it brings over separately, through data()).
  void hy_set_size(std::size_t n) const { count_ = n; }

private:
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
};

} // namespace hy

// hy::array<T, N>: the owning, row-major, value-initialised multidimensional
// array that annotated kernels index as A(i, j). Header-only and CUDA-free: a
// CUDA build attaches a device mirror through the opaque mirror slot.
#pragma once

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <utility>

namespace hy {

namespace detail {
// Base of whatever a backend attaches to an array (the CUDA runtime keeps the
// device copy and its coherence state there). Destroyed with the array.
struct mirror_base {
  virtual ~mirror_base() = default;
  /// Set by the backend that attached the mirror: brings the newest data of
  /// the owning array (or worklist) to its host buffer. A copy reads every
  /// element, so copies call it first (a struct holding arrays, a
  /// std::vector of arrays copied after kernels wrote them).
  void (*sync_host)(const void *owner) = nullptr;
  /// Parked: the device may hold newer data than the host buffer, and host
  /// code the backend does not see (a plain .cpp file calling translated
  /// functions) may touch the array next. Set when the outermost translated
  /// function returns instead of copying everything back then; the array's
  /// own host accessors call `unpark` first (hy::cuda: a copy back only of
  /// arrays host code really touches). `overwrite`: the caller replaces
  /// every element (fill), so nothing needs to come back.
  std::atomic<bool> parked{false};
  void (*unpark)(const void *owner, bool overwrite) = nullptr;
};

// Before a copy reads `o`'s host buffer: its newest data (no-op on CPU-only
// builds, and for arrays that never reached a device).
template <class A> void before_copy(const A &o) {
  if (const mirror_base *m = o.hy_mirror(); m && m->sync_host)
    m->sync_host(&o);
}

// Before host code reads or writes the elements of `a` through its own
// accessors: the newest data, if the backend parked it (one load and a
// branch otherwise; nothing on CPU-only builds, which attach no mirror).
template <class A> void before_host_access(const A &a, bool overwrite = false) {
  if (const mirror_base *m = a.hy_mirror();
      m && m->parked.load(std::memory_order_acquire))
    m->unpark(&a, overwrite);
}

template <class... I>
constexpr bool all_integral_v = (std::is_integral_v<std::decay_t<I>> && ...);

// HY_CHECK_BOUNDS: every index is checked, also where NDEBUG turns assert
// off (release builds); the message is the one hy::cuda::view prints on
// the GPU.
inline void check_index([[maybe_unused]] int d, [[maybe_unused]] std::size_t i,
                        [[maybe_unused]] std::size_t extent) {
#ifdef HY_CHECK_BOUNDS
  if (i >= extent) {
    std::fprintf(stderr, "hy: index out of range (dimension %d: index %lld, extent %lld)\n", d,
                 static_cast<long long>(i), static_cast<long long>(extent));
    std::abort();
  }
#endif
}

// The row-major offset of an element in extents `ext` (hy::array and
// hy::view index alike).
inline std::size_t offset(const std::size_t *ext, std::size_t i) {
  check_index(0, i, ext[0]);
  return i;
}
inline std::size_t offset(const std::size_t *ext, std::size_t i, std::size_t j) {
  check_index(0, i, ext[0]);
  check_index(1, j, ext[1]);
  return i * ext[1] + j;
}
inline std::size_t offset(const std::size_t *ext, std::size_t i, std::size_t j, std::size_t k) {
  check_index(0, i, ext[0]);
  check_index(1, j, ext[1]);
  check_index(2, k, ext[2]);
  return (i * ext[1] + j) * ext[2] + k;
}
} // namespace detail

template <class T, int N>
class array {
  static_assert(N >= 1 && N <= 3, "hy::array supports ranks 1 to 3");
  static_assert(std::is_trivially_copyable_v<T>,
                "hy::array elements must be trivially copyable (they are "
                "copied to and from device memory)");

public:
  using value_type = T;
  static constexpr int rank = N;

  array() = default;

  template <class... I,
            class = std::enable_if_t<sizeof...(I) == N &&
                                     detail::all_integral_v<I...>>>
  explicit array(I... extents) {
    std::size_t e[N] = {static_cast<std::size_t>(extents)...};
    std::size_t total = 1;
    for (int d = 0; d < N; ++d) {
      assert(static_cast<long long>(e[d]) >= 0 && "negative extent");
      ext_[d] = e[d];
      total *= e[d];
    }
    size_ = total;
    data_.reset(new T[total]());
  }

  array(const array &o) : size_((detail::before_copy(o), o.size_)) {
    for (int d = 0; d < N; ++d)
      ext_[d] = o.ext_[d];
    data_.reset(new T[size_]);
    for (std::size_t i = 0; i < size_; ++i)
      data_[i] = o.data_[i];
  }
  array(array &&) noexcept = default;
  array &operator=(const array &o) {
    if (this != &o) {
      array tmp(o);
      *this = std::move(tmp);
    }
    return *this;
  }
  array &operator=(array &&) noexcept = default;

  template <class... I,
            class = std::enable_if_t<sizeof...(I) == N &&
                                     detail::all_integral_v<I...>>>
  T &operator()(I... idx) {
    detail::before_host_access(*this);
    return data_[offset(static_cast<std::size_t>(idx)...)];
  }
  template <class... I,
            class = std::enable_if_t<sizeof...(I) == N &&
                                     detail::all_integral_v<I...>>>
  const T &operator()(I... idx) const {
    detail::before_host_access(*this);
    return data_[offset(static_cast<std::size_t>(idx)...)];
  }

  std::size_t extent(int d) const { return ext_[d]; }
  std::size_t size() const { return size_; }
  T *data() {
    detail::before_host_access(*this);
    return data_.get();
  }
  const T *data() const {
    detail::before_host_access(*this);
    return data_.get();
  }
  /// The host buffer as it is, for the backend's own copies (no
  /// before_host_access: the backend knows which side is newer).
  T *hy_storage() const noexcept { return data_.get(); }

  /// Sets every element to v.
  void fill(const T &v) {
    detail::before_host_access(*this, true);
    for (std::size_t i = 0; i < size_; ++i)
      data_[i] = v;
  }

  /// Exchanges the contents with o without copying: the data, the extents
  /// and the device copy (the CUDA runtime's mirror, which describes the
  /// data it travels with), as std::swap(a, b) does.
  void swap(array &o) noexcept {
    std::swap(data_, o.data_);
    for (int d = 0; d < N; ++d)
      std::swap(ext_[d], o.ext_[d]);
    std::swap(size_, o.size_);
    std::swap(mirror_, o.mirror_);
  }
  friend void swap(array &a, array &b) noexcept { a.swap(b); }

  /// The backend's attachment (device mirror); null on CPU-only builds.
  detail::mirror_base *hy_mirror() const { return mirror_.get(); }
  void hy_set_mirror(std::unique_ptr<detail::mirror_base> m) const {
    mirror_ = std::move(m);
  }

private:
  template <class... S> std::size_t offset(S... i) const { return detail::offset(ext_, i...); }

  std::unique_ptr<T[]> data_;
  std::size_t ext_[N] = {};
  std::size_t size_ = 0;
  // Device copy (declared last so it is destroyed first). Mutable: syncing
  // a const array to the device is not a logical change.
  mutable std::unique_ptr<detail::mirror_base> mirror_;
};

} // namespace hy

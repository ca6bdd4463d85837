// Host <-> device traffic as the program sees it: how many copies the CUDA
// runtime made, how many bytes, and how long the host waited for them. It is
// part of the CPU header so that plain C++ code linked with a translated
// CUDA file (a benchmark driver timing a solve, say) can read it in every
// build; without a GPU build nothing adds to it and it stays zero.
#pragma once

#include <atomic>

namespace hy {

struct transfer_totals {
  unsigned long long h2d = 0, h2d_bytes = 0; ///< host -> device copies
  unsigned long long d2h = 0, d2h_bytes = 0; ///< device -> host copies
  double seconds = 0;                        ///< host time spent in them
};

namespace detail {
struct transfer_counters {
  std::atomic<unsigned long long> h2d{0}, h2d_bytes{0}, d2h{0}, d2h_bytes{0}, nanoseconds{0};
};
/// One set of counters per program: an inline function's static is shared
/// by every translation unit, whichever compiler built it. Never destroyed,
/// so that code running at exit can still count.
inline transfer_counters &transfer_state() {
  static transfer_counters *c = new transfer_counters();
  return *c;
}
inline void count_transfer(bool to_device, unsigned long long bytes,
                           unsigned long long nanoseconds) {
  transfer_counters &c = transfer_state();
  (to_device ? c.h2d : c.d2h).fetch_add(1, std::memory_order_relaxed);
  (to_device ? c.h2d_bytes : c.d2h_bytes).fetch_add(bytes, std::memory_order_relaxed);
  c.nanoseconds.fetch_add(nanoseconds, std::memory_order_relaxed);
}
} // namespace detail

/// Totals since the program started; differences of two calls time a part.
inline transfer_totals transfers() {
  const detail::transfer_counters &c = detail::transfer_state();
  transfer_totals t;
  t.h2d = c.h2d.load();
  t.h2d_bytes = c.h2d_bytes.load();
  t.d2h = c.d2h.load();
  t.d2h_bytes = c.d2h_bytes.load();
  t.seconds = static_cast<double>(c.nanoseconds.load()) * 1e-9;
  return t;
}

} // namespace hy

// The CPU form of a scan (`reduction(inscan, OP : x)` with `#pragma hy scan`,
// docs/language.md "Scans"): the OpenMP output runs the loop in two passes
// over one contiguous chunk of iterations per thread. Pass 0 runs only the
// input phase from the operator's identity and publishes each thread's part;
// after a barrier, pass 1 runs the loop as written from the combination of
// the value before the loop and the parts of the threads before this one.
// On a team of one thread pass 0 is skipped: the loop runs as written.
// GCC's own `reduction(inscan ...)` ran 10x slower than the serial loop on
// one thread (it stores every iteration's value), hence this runtime.
#pragma once

#include <hy/privatize.hpp>

#include <algorithm>
#include <vector>

namespace hy {

template <class Op, class T>
class scan_parts {
public:
  /// Outside the parallel region: `init` is the variable's value before the loop.
  explicit scan_parts(T init)
      : init_(init), parts_(static_cast<std::size_t>(std::max(1, detail::omp_max_threads()))) {}

  // Inside the region, on every thread of the team.
  /// 0 when the team has several threads (the pass that computes the parts),
  /// else 1. Called once by every thread of the team at the region's start:
  /// a team larger than the threads counted at construction (a
  /// num_threads clause) gets its parts here, before anyone uses them.
  int first_pass() {
    if (team() <= 1)
      return 1;
#ifdef _OPENMP
#pragma omp single
    if (parts_.size() < static_cast<std::size_t>(team()))
      parts_.resize(static_cast<std::size_t>(team()));
#endif
    return 0;
  }
  /// The thread's chunk [first(n), first(n) + count) of n iterations.
  long long first(long long n) const { return begin(n, detail::omp_thread()); }
  long long last(long long n) const { return begin(n, detail::omp_thread() + 1); }
  /// The variable's value at the start of the thread's chunk in `pass`.
  T start(int pass) const {
    if (pass == 0)
      return Op::template identity<T>();
    T p = init_;
    for (int u = 0; u < detail::omp_thread(); ++u)
      Op::apply(p, parts_[u].value);
    return p;
  }
  /// The end of a pass: pass 0 publishes the part and waits for the team;
  /// pass 1 of the last thread leaves the total in `total`.
  void end(int pass, T v, T &total) {
    const int t = detail::omp_thread();
    if (pass == 0) {
      parts_[t].value = v;
#ifdef _OPENMP
#pragma omp barrier
#endif
    } else if (t == team() - 1) {
      total = v;
    }
  }

private:
  static int team() { return detail::omp_team(); }
  static long long begin(long long n, int t) {
    const long long nt = team();
    return n / nt * t + std::min<long long>(t, n % nt);
  }
  struct alignas(64) part {
    T value;
  };
  T init_;
  std::vector<part> parts_;
};

} // namespace hy

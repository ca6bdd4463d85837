// Small loops on the calling thread. An OpenMP kernel forks its team,
// joins it and waits at a barrier: 10 to 35 microseconds on a 2-core
// machine with passive waiting (hy/omp_wait.hpp), more when the machine is
// busy. A loop with less work than that runs faster on one thread, so the
// OpenMP target gives each kernel `if(hy::omp_worth(iterations, work))`,
// `work` being the translator's estimate of the operations of one
// iteration (`hyc --report` prints it): the team runs the loop when
// iterations x work >= HY_OMP_MIN_WORK (default 65536, measured in
// docs/perf/cpu.md, "Small loops"), else the calling thread runs it.
// HY_OMP_MIN_WORK=0 runs every kernel on the team, as before.
#pragma once

#include <cstdlib>

namespace hy {

namespace detail {
inline long long omp_min_work_from_env() {
  if (const char *e = std::getenv("HY_OMP_MIN_WORK")) {
    char *end = nullptr;
    long long v = std::strtoll(e, &end, 10);
    if (end != e && *end == '\0' && v >= 0)
      return v;
  }
  return 65536;
}
} // namespace detail

/// The least estimated work (iterations x operations per iteration) for
/// which a kernel runs on the OpenMP team (HY_OMP_MIN_WORK).
inline long long omp_min_work() {
  static const long long w = detail::omp_min_work_from_env();
  return w;
}

/// Whether a kernel of `iterations` iterations of `work` operations each
/// runs on the team (true) or on the calling thread, for a threshold `min`.
inline bool omp_worth(long long iterations, long long work, long long min) {
  if (min <= 0)
    return true;
  if (iterations <= 1 || work <= 0)
    return false;
  return iterations >= (min + work - 1) / work;
}

/// The same for the threshold HY_OMP_MIN_WORK (the test kernels carry).
inline bool omp_worth(long long iterations, long long work) {
  return omp_worth(iterations, work, omp_min_work());
}

} // namespace hy

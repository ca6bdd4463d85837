// Loop arithmetic the generated code shares between host and device:
// trip counts of canonical loops (used to size grids and blocks).
#pragma once

#if defined(__CUDACC__)
#define HY_HD_LOOPS __host__ __device__
#else
#define HY_HD_LOOPS
#endif

namespace hy {
/// Iterations of a loop covering `span` values with a positive `step`.
HY_HD_LOOPS inline long long trips(long long span, long long step) {
  return span > 0 ? (span + step - 1) / step : 0;
}
} // namespace hy

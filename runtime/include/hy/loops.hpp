// Loop arithmetic the generated code shares between host and device:
// trip counts of canonical loops (used to size grids and blocks).
#pragma once

#include <hy/config.hpp>

namespace hy {
/// Iterations of a loop covering `span` values with a positive `step`.
HY_HD inline long long trips(long long span, long long step) {
  return span > 0 ? (span + step - 1) / step : 0;
}
} // namespace hy

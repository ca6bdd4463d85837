// Basic vocabulary of the graph toolkit: vertex/edge index types, the
// "infinity" distance of each weight type, the error type readers throw and
// the policies for self-loops and duplicate edges.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace hy::graph {

using vid = std::int32_t;  // vertex id, 0-based inside the toolkit
using eid = std::int64_t;  // edge index / edge count

// Weight types the toolkit is instantiated for: int32_t, float, double.
template <class W>
inline constexpr bool is_weight_type_v =
    std::is_same_v<W, std::int32_t> || std::is_same_v<W, float> ||
    std::is_same_v<W, double>;

// "No path" distance. Floating types use +inf. int32 uses 2^30 - 1 so that
// inf + inf (as computed by a Floyd-Warshall relaxation) does not overflow;
// finite int32 distances must therefore stay below 2^30 - 1.
template <class W>
constexpr W infinity() {
  static_assert(is_weight_type_v<W>, "weight type must be int32_t, float or double");
  if constexpr (std::is_floating_point_v<W>)
    return std::numeric_limits<W>::infinity();
  else
    return (W{1} << 30) - 1;
}

template <class W>
constexpr bool is_infinite(W d) {
  return d >= infinity<W>();
}

// Thrown for any malformed input. what() reads "FILE:LINE: problem" (LINE is
// omitted when the problem is not tied to a line, e.g. a truncated binary).
class format_error : public std::runtime_error {
 public:
  format_error(const std::string& file, long line, const std::string& problem);
  const std::string& file() const { return file_; }
  long line() const { return line_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string file_;
  long line_;
  std::string problem_;
};

// What to do with an edge u -> u.
enum class self_loop_policy { keep, drop };
// What to do with several edges u -> v: keep all, keep the first one read,
// or keep one with the minimum weight.
enum class duplicate_policy { keep, drop, keep_min };

// Defaults (used by the library and the sample command line): drop
// self-loops, keep the lightest of duplicate edges; i.e. a simple graph.
struct edge_policy {
  self_loop_policy self_loops = self_loop_policy::drop;
  duplicate_policy duplicates = duplicate_policy::keep_min;
};

}  // namespace hy::graph

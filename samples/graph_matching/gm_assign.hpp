// The discrete step after graduated assignment: the Hungarian method (Kuhn
// and Munkres; the O(n^2 m) shortest-augmenting-path form) on the soft
// assignment, maximising the sum of the chosen entries. Plain C++, run on
// the host by every build.
#pragma once

#include <vector>

namespace gm {

// score is rows x cols, row-major. Returns, for every row, its column, or -1
// when rows > cols and the row is left unmatched. Ties are broken by the
// lowest index, so equal inputs give equal assignments on every build.
std::vector<int> hungarian_max(const std::vector<double>& score, int rows, int cols);

}  // namespace gm

// What an OpenMP kernel copies into each thread (CpuCopies.cpp): the
// scalars it only reads and a view (hy/view.hpp) of each array it only
// indexes, `firstprivate` inside a lambda that makes the copies.
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include <string>
#include <vector>

namespace hy {

struct CpuCopies {
  std::vector<std::string> scalars; // read-only scalars, copied by value
  std::vector<std::string> views;   // arrays seen through hy::view_of
  /// The kernel runs inside `[&, n, a = hy::view_of(a)] { ... }();` (false
  /// when it uses a structured binding of the function, which a C++17
  /// lambda cannot capture: then the scalars are firstprivate as they are
  /// and the arrays shared).
  bool lambda = false;

  /// "n, a" for the firstprivate clause ("" if none).
  std::string firstprivate() const;
  /// "[&, n, a = hy::view_of(a)] { " or "{ ".
  std::string open() const;
  /// "}();" or "}".
  std::string close() const;
};

CpuCopies cpuCopies(const PrintInput &in, const Kernel &k);

} // namespace hy

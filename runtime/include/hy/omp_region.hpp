// The exception of a host loop's parallel region. The OpenMP target runs a
// host loop around kernels as one parallel region, its host statements on
// one thread (`omp masked`; docs/language.md, "Host loops"); an exception
// must not leave an OpenMP construct, so the statements that may throw
// keep it here, the team leaves the loop together, and the region's end
// throws it again, where the loop's statement ends as it would have.
#pragma once

#include <exception>

namespace hy {

class region_error {
public:
  /// In a catch handler: keeps the exception being handled.
  void keep() { e_ = std::current_exception(); }
  /// Whether an exception was kept (read by every thread after a barrier).
  explicit operator bool() const { return static_cast<bool>(e_); }
  /// After the region: throws the kept exception, if any.
  void rethrow() const {
    if (e_)
      std::rethrow_exception(e_);
  }

private:
  std::exception_ptr e_;
};

} // namespace hy

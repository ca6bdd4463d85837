// The exception of a host loop's parallel region. The OpenMP target runs a
// host loop around kernels as one parallel region, its host statements on
// one thread (`omp masked`; docs/language.md, "Host loops"); an exception
// must not leave an OpenMP construct, so the statements that may throw
// keep it here, the team leaves the loop together, and the region's end
// throws it again, where the loop's statement ends as it would have.
// team_call marks the calls of functions that launch kernels which every
// thread of such a region makes.
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

/// A call that every thread of a host loop's region makes of a function
/// whose kernels then run as the team's work-sharing loops (a team
/// function, docs/language.md "Host loops"). The call site holds one for
/// the call; the function takes it first thing, so that the functions it
/// calls from anywhere else (a kernel's body) open regions of their own.
class team_call {
public:
  team_call() noexcept { flag() = true; }
  ~team_call() { flag() = false; }
  team_call(const team_call &) = delete;
  team_call &operator=(const team_call &) = delete;
  /// In a team function: whether the calling thread makes a team's call.
  static bool take() noexcept {
    const bool t = flag();
    flag() = false;
    return t;
  }

private:
  static bool &flag() noexcept {
    static thread_local bool f = false;
    return f;
  }
};

} // namespace hy

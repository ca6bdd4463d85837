// The exception of a host loop's parallel region. The OpenMP target runs a
// host loop around kernels as one parallel region, its host statements on
// one thread (`omp masked`; docs/language.md, "Host loops"); an exception
// must not leave an OpenMP construct, so the statements that may throw
// keep it here, the team leaves the loop together, and the region's end
// throws it again, where the loop's statement ends as it would have.
// team_call marks the calls of functions that launch kernels which every
// thread of such a region makes; team_frame is what such a call's threads
// share: the exception one of them kept, the value the function returns,
// its locals that every thread reads (one thread writes them).
#pragma once

#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <type_traits>

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

/// What the threads of a team share in a call of a team function that
/// returns a value, keeps locals for its team or may throw (docs/language.md,
/// "Host loops"): its shared locals (slots), its return value (one thread
/// stores it, every thread returns it after a barrier), the frame of the
/// team calls it makes itself (made by the first thread that asks for it),
/// and the exception of the host loop's region (or of the function's own
/// region) that one thread's host code threw.
class team_frame {
public:
  /// Slots for a function's shared locals (the translator checks the count).
  static constexpr unsigned kSlots = 16;

  team_frame() noexcept : err_(&own_) {}
  /// A region's frame: exceptions go to the region's own.
  explicit team_frame(region_error &err) noexcept : err_(&err) {}
  team_frame(const team_frame &) = delete;
  team_frame &operator=(const team_frame &) = delete;

  /// The exception kept by the team's thread (shared by the frames of the
  /// calls made from this one).
  region_error &err() noexcept { return *err_; }
  /// The k-th shared local, or (k == kSlots) the return value: a scalar.
  template <class T> T &local(unsigned k) noexcept {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(slot) &&
                      alignof(T) <= alignof(slot),
                  "a team function's shared locals and values are scalars");
    return *std::launder(reinterpret_cast<T *>(&slots_[k]));
  }
  template <class T> T &value() noexcept { return local<T>(kSlots); }
  /// The frame of the team calls this function makes (every thread asks;
  /// the first makes it).
  team_frame &next() {
    std::call_once(made_, [this] { next_ = std::make_unique<team_frame>(*err_); });
    return *next_;
  }

private:
  struct alignas(16) slot {
    unsigned char bytes[16];
  };
  slot slots_[kSlots + 1] = {};
  region_error own_;
  region_error *err_;
  std::once_flag made_;
  std::unique_ptr<team_frame> next_;
};

/// A call that every thread of a host loop's region makes of a function
/// whose kernels then run as the team's work-sharing loops (a team
/// function, docs/language.md "Host loops"). The call site holds one for
/// the call; the function takes it first thing, so that the functions it
/// calls from anywhere else (a kernel's body) open regions of their own.
class team_call {
public:
  team_call() noexcept { flag() = true; }
  /// A call of a function that shares a frame (team_frame) with its team.
  explicit team_call(team_frame &f) noexcept {
    flag() = true;
    frame() = &f;
  }
  ~team_call() {
    flag() = false;
    frame() = nullptr;
  }
  team_call(const team_call &) = delete;
  team_call &operator=(const team_call &) = delete;
  /// In a team function: whether the calling thread makes a team's call.
  static bool take() noexcept {
    const bool t = flag();
    flag() = false;
    return t;
  }

  /// In a team function that shares a frame: the team's frame, or null
  /// when the calling thread makes no team's call.
  static team_frame *take_frame() noexcept {
    team_frame *f = take() ? frame() : nullptr;
    frame() = nullptr;
    return f;
  }

private:
  static team_frame *&frame() noexcept {
    static thread_local team_frame *f = nullptr;
    return f;
  }
  static bool &flag() noexcept {
    static thread_local bool f = false;
    return f;
  }
};

} // namespace hy

// The CPU printers' SIMD-lane form of a thread nest (see SimdLanes.cpp).
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <memory>
#include <string>

namespace hy {

/// The innermost thread loop of a nest run as SIMD lanes innermost, in
/// three steps so that other rewrites of the same text compose with it:
/// `plan` decides (and says why not), `subscript` appends the lane
/// subscripts to per-thread variables (before other rewrites wrap the
/// expressions that hold them), `emit` replaces the lane loop with the
/// distributed loops (after them, from the rewritten text).
class ThreadLanes {
public:
  ThreadLanes(const PrintInput &in, const Kernel &k, const Node &nest);
  ~ThreadLanes();
  ThreadLanes(ThreadLanes &&) noexcept;
  /// False when the nest runs its threads in order; `why` says why.
  bool plan(std::string &why);
  void subscript(clang::Rewriter &R);
  void emit(clang::Rewriter &R);
  /// The lane loop's index (for reports).
  const LoopInfo &laneLoop() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace hy

// One OpenMP parallel region per host loop (CpuRegions.cpp): a host loop
// whose body is kernels and host statements becomes one `omp parallel`
// region, its kernels work-sharing loops (`omp for`, CpuKernel.cpp asks
// here whether a kernel is in one) and its host statements and condition
// run by one thread (`omp masked`), instead of a fork and a join per kernel
// per iteration. A call in such a loop of a function that launches kernels
// is made by every thread of the team: the function's kernels become the
// team's work-sharing loops too (a *team function*, called elsewhere one
// region of its own). Inner host loops and `if`s around kernels run inside
// the region, their headers and conditions on one thread, shared. Where a
// host loop cannot be one region, why is recorded for the report. The plan:
// CpuRegionPlan.h; the planner: CpuRegions.cpp; the text: CpuRegionsText.cpp.
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hy {

struct HostRegion;   // one host loop around kernels (CpuRegions.cpp)
struct TeamFunction; // a function a region's team calls (CpuRegions.cpp)

/// The kernel's small-loop test (`hy::omp_worth(...)`, CpuKernel.cpp), or
/// "" when it has none.
std::string cpuWorthTest(const PrintInput &in, const Kernel &k);

class CpuRegions {
public:
  /// Plans the host loops around the model's kernels (OpenMP target only;
  /// for other targets no kernel is in a region) and records a remark for
  /// each host loop.
  explicit CpuRegions(const PrintInput &in);
  ~CpuRegions();

  /// The line of the host loop whose region the kernel is a work-sharing
  /// loop of (for a team function's kernel, the function's line), or 0.
  unsigned regionLine(const Kernel &k) const;
  /// For a team function's kernel: the function's name (else "").
  std::string teamFunction(const Kernel &k) const;
  /// For a kernel inside a host loop that is not one region: the loop's
  /// line and why not (line 0 when the kernel is in no host loop).
  unsigned hostLoopLine(const Kernel &k, std::string &why) const;

  /// Rewrites the host loops that are regions (after the kernels'
  /// rewrites, which it composes with).
  void rewrite(clang::Rewriter &R) const;

private:
  const PrintInput &in;
  std::vector<std::unique_ptr<HostRegion>> loops;
  std::map<const Kernel *, const HostRegion *> of;
  std::map<const clang::FunctionDecl *, std::unique_ptr<TeamFunction>> functions;
  std::map<const Kernel *, const TeamFunction *> fnOf;
};

} // namespace hy

// How much work one iteration of an OpenMP kernel is (CpuWork.cpp): the
// kernel runs on the calling thread when its iterations times this
// estimate are below a threshold (hy::omp_worth, hy/omp_work.hpp), where a
// fork, a join and their barrier cost more than the loop.
#pragma once

#include "hy/Model.h"
#include "clang/AST/ASTContext.h"

namespace hy {

/// Estimated operations of one iteration of the kernel's OpenMP loop (the
/// body of its `collapsed`-th block loop): operators, element accesses and
/// calls count 1 (a call of a function 4), a loop inside counts its
/// constant trip count times its body, or 8 times when the count is not
/// constant; an `if` counts its condition and its costlier branch. At
/// least 1.
long long cpuWorkPerIteration(clang::ASTContext &ctx, const Kernel &k, unsigned collapsed);

} // namespace hy

// The CPU printers' SIMD-lane form of a thread nest (see SimdLanes.cpp).
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/Rewrite/Core/Rewriter.h"

namespace hy {

/// Rewrites the innermost thread loop of `nest` so that its iterations run
/// as SIMD lanes innermost. Returns false (and changes nothing) when the
/// nest does not fit (or updates shared data atomically: array-reduction
/// updates, hy::fetch_<op>, worklist pushes of kernel `k`).
bool rewriteThreadNestAsLanes(const PrintInput &in, const Kernel &k, const Node &nest,
                              clang::Rewriter &R);

} // namespace hy

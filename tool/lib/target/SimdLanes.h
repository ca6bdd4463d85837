// The CPU printers' SIMD-lane form of a thread nest (see SimdLanes.cpp).
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/Rewrite/Core/Rewriter.h"

namespace hy {

/// Rewrites the innermost thread loop of `nest` so that its iterations run
/// as SIMD lanes innermost. Returns false (and changes nothing) when the
/// nest does not fit.
bool rewriteThreadNestAsLanes(const PrintInput &in, const Node &nest, clang::Rewriter &R);

} // namespace hy

// The batched design's direction rule (bc_pull.cpp), for the BFS levels of
// bc_batched.cpp: a separate file so that the design reads as Brandes'
// phases, with Beamer's rule beside it. The pull step is in bc_batched.cpp
// (its functions launch kernels; the level loop that calls them is one
// OpenMP parallel region only when hyc sees their bodies in its file).
#pragma once

#include "bc_kernels.hpp"

namespace bc {

// Beamer's rule (`direction`): whether a level of `size` items with `arcs`
// arcs pulls, `unreached` the arcs of the unreached pairs, `before` the
// size of the level before, `pulling` whether that one pulled, `pairs`
// the rows x vertices.
bool pulls(const direction &dir, bool pulling, long long arcs, long long unreached, long long size,
           long long before, long long pairs);

} // namespace bc

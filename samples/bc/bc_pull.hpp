// The batched design's pull steps and its direction rule (bc_pull.cpp),
// for the BFS levels of bc_batched.cpp: a separate file so that the design
// reads as Brandes' phases, with Beamer's direction optimisation beside it.
// Unweighted BFS only: the functions work on ws.d, the BFS levels.
#pragma once

#include "bc_kernels.hpp"

namespace bc {

// Beamer's rule (`direction`): whether a level of `size` items with `arcs`
// arcs pulls, `unreached` the arcs of the unreached pairs, `before` the
// size of the level before, `pulling` whether that one pulled, `pairs`
// the rows x vertices.
bool pulls(const direction &dir, bool pulling, long long arcs, long long unreached, long long size,
           long long before, long long pairs);

// The arcs of stack(lo .. hi-1) (m_f of the sources' level).
long long arcsOf(const graph &g, const workspace &ws, long long lo, long long hi);

// A pull level stack(lo .. hi-1): its pairs' bits in ws.front, its heavy
// items into warpq and blockq, which the dependency pass reads (a push
// level's first kernel queues them on its way).
void markLevel(const graph &g, workspace &ws, long long lo, long long hi);

// A pull step from the level stack(lo .. hi-1), marked by markLevel, for
// rows 0 .. k-1 (undirected graphs): the unreached pairs that have a
// neighbour on the level go to ws.next with their path counts in ws.sigma;
// ws.d is only read; ws.front is cleared.
void pullStep(const graph &g, int k, long long lo, long long hi, workspace &ws);

// stack(at ...) = the items of ws.next, which is then emptied; with
// `pulled` (a pull step's items) their level ws.d becomes `up`. Returns the
// items' arcs (m_f of the next level).
long long settle(const graph &g, workspace &ws, long long at, long long count, bool pulled, int up);

} // namespace bc

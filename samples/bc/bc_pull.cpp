// Beamer's direction optimisation for the batched design's BFS (Beamer,
// Asanovic and Patterson, SC 2012; bc_pull.hpp declares, bc_batched.cpp
// calls): the rule that picks a push or a pull step per level, and the
// pull step. In a pull step every unreached (row, vertex) pair of the batch
// sums the path counts of its neighbours on the level: one thread per pair,
// or 32 threads or a block with a reduction for a heavy one, each pair
// written by its own threads only, so no atomics. The level it pulls from
// is a bitmap of the frontier's pairs (markLevel), which a GPU's L2 cache
// holds where d does not. The pulled pairs get their level when they are
// appended to the stack (settle), so the pull kernels only read d and no
// pair is read and written in one kernel.
#include "bc_pull.hpp"

namespace bc {

// Beamer's rule (`direction`): whether a level of `size` items with `arcs`
// arcs pulls, `unreached` the arcs of the unreached pairs, `before` the
// size of the level before, `pulling` whether that one pulled, `pairs`
// the rows x vertices.
bool pulls(const direction &dir, bool pulling, long long arcs, long long unreached, long long size,
           long long before, long long pairs) {
  switch (dir.mode) {
  case direction::push: return false;
  case direction::pull: return true;
  case direction::automatic: break;
  }
  if (!pulling)
    return static_cast<double>(arcs) * dir.alpha > static_cast<double>(unreached);
  return !(static_cast<double>(size) * dir.beta < static_cast<double>(pairs) && size < before);
}

// stack(at ...) = the items of `next`, which is then emptied; with
// `pulled` they are a pull step's, whose level d is set here. Returns the
// arcs of the items (m_f of the next level, for the direction rule).
long long settle(const graph &g, workspace &ws, long long at, long long count, bool pulled,
                 int up) {
  const hy::array<long long, 1> &off = g.off;
  hy::array<int, 2> &d = ws.d;
  hy::array<long long, 1> &stack = ws.stack;
  const hy::worklist<long long> &next = ws.next;
  long long arcs = 0;
  // Each item is in `next` once, so the writes to d are to distinct pairs.
#pragma hy parallel for reduction(+ : arcs) disjoint(d)
  for (long long i = 0; i < count; ++i) {
    const long long item = next(i);
    const int v = vertex_of(item);
    stack(at + i) = item;
    if (pulled)
      d(row_of(item), v) = up;
    arcs += off(v + 1) - off(v);
  }
  ws.next.clear();
  return arcs;
}

// The arcs of stack(lo .. hi-1): m_f of the sources' level.
long long arcsOf(const graph &g, const workspace &ws, long long lo, long long hi) {
  const hy::array<long long, 1> &off = g.off;
  const hy::array<long long, 1> &stack = ws.stack;
  long long arcs = 0;
#pragma hy parallel for reduction(+ : arcs)
  for (long long i = lo; i < hi; ++i) {
    const int v = vertex_of(stack(i));
    arcs += off(v + 1) - off(v);
  }
  return arcs;
}

// A pull level's frontier stack(lo .. hi-1): its pairs' bits in ws.front
// (what the pull step tests), its heavy items into the queues the
// dependency pass reads (a push level's first kernel queues them on its way).
void markLevel(const graph &g, workspace &ws, long long lo, long long hi) {
  const hy::array<long long, 1> &off = g.off;
  const hy::array<long long, 1> &stack = ws.stack;
  hy::array<unsigned, 2> &front = ws.front;
  hy::worklist<long long> &warpq = ws.warpq, &blockq = ws.blockq;
#pragma hy parallel for reduction(| : front)
  for (long long i = lo; i < hi; ++i) {
    const long long item = stack(i);
    const int v = vertex_of(item);
    front(row_of(item), v / 32) |= 1u << (v % 32);
    if (off(v + 1) - off(v) >= kBlockDegree)
      blockq.push(item);
    else if (off(v + 1) - off(v) >= kWarpDegree)
      warpq.push(item);
  }
}

// What in-neighbour u of a pair of row b passes to it in a pull step: its
// path count if u is on the level (its bit in front), else nothing (adding
// 0.0 leaves a sum as it is). The three kernels of pullStep call it.
static double levelPaths(int b, int u, const hy::array<unsigned, 2> &front,
                         const hy::array<double, 2> &sigma) {
  return front(b, u / 32) >> (u % 32) & 1u ? sigma(b, u) : 0.0;
}

// A pull step from the level stack(lo .. hi-1), marked in ws.front
// (undirected graphs: v's neighbours are the tails of its in-arcs): every
// unreached pair (b, v) sums sigma over its neighbours on the level; a pair
// that found one (sigma >= 1 there) goes to `next` with its count. A light
// pair is one thread's; a heavy one is queued for 32 threads or a block,
// which sum their arcs by reduction. The level is tested in the bitmap, a
// bit per pair (n / 8 bytes a row, which a GPU's L2 cache holds for a
// batch where the levels d, 4n bytes a row, do not fit it), and cleared at
// the end.
void pullStep(const graph &g, int k, long long lo, long long hi, workspace &ws) {
  const int n = g.n;
  const hy::array<int, 2> &d = ws.d;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<long long, 1> &stack = ws.stack;
  hy::array<unsigned, 2> &front = ws.front;
  hy::array<double, 2> &sigma = ws.sigma;
  hy::worklist<long long> &next = ws.next, &pullwarp = ws.pullwarp, &pullblock = ws.pullblock;
  pullwarp.clear();
  pullblock.clear();
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for
    for (int v = 0; v < n; ++v) {
      if (d(b, v) != kUnreached)
        continue;
      const long long begin = off(v), end = off(v + 1);
      if (end - begin >= kBlockDegree) {
        pullblock.push(pack_item(b, v));
      } else if (end - begin >= kWarpDegree) {
        pullwarp.push(pack_item(b, v));
      } else {
        double paths = 0;
        for (long long e = begin; e < end; ++e)
          paths += levelPaths(b, col(e), front, sigma);
        if (paths > 0) {
          sigma(b, v) = paths;
          next.push(pack_item(b, v));
        }
      }
    }
  // Each heavy pair is queued once, so the writes to sigma are to distinct pairs.
#pragma hy parallel for disjoint(sigma)
  for (long long i = 0; i < static_cast<long long>(pullwarp.size()); ++i) {
    const long long item = pullwarp(i);
    const int b = row_of(item), v = vertex_of(item);
    double paths = 0;
#pragma hy parallel for into(threads) reduction(+ : paths)
    for (int lane = 0; lane < kWarp; ++lane)
      for (long long e = off(v) + lane; e < off(v + 1); e += kWarp)
        paths += levelPaths(b, col(e), front, sigma);
    if (paths > 0) {
      sigma(b, v) = paths;
      next.push(item);
    }
  }
#pragma hy parallel for disjoint(sigma)
  for (long long i = 0; i < static_cast<long long>(pullblock.size()); ++i) {
    const long long item = pullblock(i);
    const int b = row_of(item), v = vertex_of(item);
    double paths = 0;
#pragma hy parallel for into(threads) reduction(+ : paths)
    for (long long e = off(v); e < off(v + 1); ++e)
      paths += levelPaths(b, col(e), front, sigma);
    if (paths > 0) {
      sigma(b, v) = paths;
      next.push(item);
    }
  }
  // The bitmap back to zeros for the next pull level (every write stores 0).
#pragma hy parallel for
  for (long long i = lo; i < hi; ++i) {
    const long long item = stack(i);
    front(row_of(item), vertex_of(item) / 32) = 0u;
  }
}

} // namespace bc

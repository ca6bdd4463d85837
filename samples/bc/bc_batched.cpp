// Brandes' betweenness centrality with work-efficient frontier queues over
// batches of sources: the design none of seed 003's three is, written as
// serial C++ with hy's parallelism in the margin.
//
// The seed's designs pay for every level with all arcs (Shi, Jia) or all
// vertices (Sriram), and Jia's and Sriram's keep a row of every auxiliary
// array for *every* source at once, which is what decides what they can run
// at all. Here `rows` sources run together (as many as fit the memory, see
// bc_memory.cpp), a row of d, sigma and delta each, and their frontiers form
// one worklist of (row, vertex) items, so a level costs only its own
// vertices' arcs, and many sources' small levels fill the GPU together.
//
// Forward (unweighted): a level's items walk their arcs; a head reached for
// the first time is claimed with hy::fetch_min on its level (one caller
// sees it unreached and queues it), and every arc into the next level adds
// the tail's path count. The levels are appended to `stack`, the order
// Brandes' stack keeps, with their boundaries on the host.
//
// Direction optimisation (Beamer, Asanovic and Patterson, SC 2012): where
// the frontier is large, a level is a pull step instead: every unreached
// (row, vertex) pair sums the path counts of its neighbours on the level
// (no atomics: each pair is one thread's, or one warp's or block's if it
// is heavy) and joins the next level if it found any. Unlike Beamer's BFS
// a pull cannot stop at the first parent (sigma needs them all), so it
// checks every arc of every unreached pair: it pays where the unreached
// arcs are few next to the frontier's, at and after the peak level. The
// rule's constants are `direction` in bc_kernels.hpp; the rule and the
// pull step are in bc_pull.cpp. Pulls need in-arcs, so directed graphs
// push.
//
// Work is matched to the degree as in Merrill, Garland and Grimshaw's BFS
// (and bench/irregular/bfs.hy.cpp): a thread walks a vertex of degree <
// kWarpDegree, 32 threads one of degree < kBlockDegree, a block of 256
// threads a hub. The first kernel of a level, a thread per item, queues
// the heavier items for the other two; the queues keep every level's heavy
// items (with boundaries) for the dependency pass.
//
// Backward: from the deepest level up, each item pulls from its successors
// w (arcs with d(w) = d(v) + 1): delta(v) = sigma(v) * sum (1 + delta(w)) /
// sigma(w). Each element is written by one item, so no atomics, and the
// sums do not depend on the schedule.
//
// Weighted (positive weights): the distances first, by worklist relaxation
// (Bellman-Ford on the items whose distance dropped, each queued once per
// round); then the shortest-path DAG (arcs with d(v) + w = d(w)) in levels:
// a vertex joins the level after its last DAG predecessor's (Kahn's order,
// `pending` counts the predecessors left), collecting path counts on the
// way. The levels are those of the DAG, so the backward pass is the same.
#include "bc_kernels.hpp"
#include "bc_pull.hpp"

#include <hy_graph/types.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace bc {

namespace {

constexpr int kItems = 256; // items per block of the thread-per-item kernels
constexpr int kWarpsPerBlock = 8; // such vertices per block (blocks of one warp fill half an SM)

// Where each level starts in the stack and in the two queues of heavy items.
struct levels {
  std::vector<long long> stack{0}, warp{0}, block{0};
  int count() const { return static_cast<int>(stack.size()) - 1; }
};

// stack(at ...) = the items of `next`, which is then emptied.
void append(workspace &ws, long long at, long long count) {
  hy::array<long long, 1> &stack = ws.stack;
  const hy::worklist<long long> &next = ws.next;
#pragma hy parallel for
  for (long long i = 0; i < count; ++i)
    stack(at + i) = next(i);
  ws.next.clear();
}

// One arc (v, x) of row b, of length len, in a push step (the three
// kernels of pushStep call it, each with its own share of the arcs). BFS:
// claim x if it is unreached (level up) and add v's path count over every
// arc into level up. Weighted: along a DAG arc, add v's path count and
// queue x when this was its last DAG predecessor. The updates are
// hy::fetch_<op>: atomic on every target, as the kernels' reductions need.
template <class W, bool Weighted>
void pushArc(int b, int v, int x, W len, W inf, W up, hy::array<W, 2> &d,
             hy::array<double, 2> &sigma, hy::array<int, 2> &pending,
             hy::worklist<long long> &next) {
  if (Weighted) {
    if (d(b, v) + len == d(b, x)) {
      hy::fetch_add(sigma(b, x), sigma(b, v));
      if (hy::fetch_add(pending(b, x), -1) == 1)
        next.push(pack_item(b, x));
    }
  } else {
    W dx = d(b, x);
    if (dx == inf) { // claim x: only the first caller sees it unreached
      dx = hy::fetch_min(d(b, x), up);
      if (dx == inf) {
        dx = up;
        next.push(pack_item(b, x));
      }
    }
    if (dx == up)
      hy::fetch_add(sigma(b, x), sigma(b, v));
  }
}

// A push step: the items of stack(lo .. hi-1) walk their arcs (a thread,
// 32 threads or a block per item by degree, the heavy ones queued for the
// dependency pass on the way). BFS: claim the heads reached first (level
// up) and add the tail's path count over every arc into level up.
// Weighted: add path counts along DAG arcs, queue a head when its last DAG
// predecessor is done.
template <class W, bool Weighted>
void pushStep(const graph &g, const hy::array<W, 1> &w, long long lo, long long hi, int level,
              workspace &ws, hy::array<W, 2> &d, levels &lv) {
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  hy::array<double, 2> &sigma = ws.sigma;
  hy::array<int, 2> &pending = ws.pending;
  const hy::array<long long, 1> &stack = ws.stack;
  hy::worklist<long long> &next = ws.next, &warpq = ws.warpq, &blockq = ws.blockq;
  const W inf = Weighted ? hy::graph::infinity<W>() : W(kUnreached);
  const W up = static_cast<W>(level + 1); // BFS: the next level
#pragma hy parallel for reduction(min : d) reduction(+ : sigma, pending)
  for (long long c = 0; c < (hi - lo + kItems - 1) / kItems; ++c)
#pragma hy parallel for into(threads)
    for (int t = 0; t < kItems; ++t) {
      const long long i = lo + c * kItems + t;
      if (i >= hi)
        continue;
      const long long item = stack(i);
      const int b = row_of(item), v = vertex_of(item);
      const long long begin = off(v), end = off(v + 1);
      if (end - begin >= kBlockDegree)
        blockq.push(item);
      else if (end - begin >= kWarpDegree)
        warpq.push(item);
      else
        for (long long e = begin; e < end; ++e)
          pushArc<W, Weighted>(b, v, col(e), Weighted ? w(e) : W(1), inf, up, d, sigma, pending,
                               next);
    }
  lv.warp.push_back(static_cast<long long>(warpq.size()));
  lv.block.push_back(static_cast<long long>(blockq.size()));
  const long long wlo = lv.warp[level], whi = lv.warp[level + 1];
  const long long blo = lv.block[level], bhi = lv.block[level + 1];
#pragma hy parallel for reduction(min : d) reduction(+ : sigma, pending)
  for (long long c = 0; c < (whi - wlo + kWarpsPerBlock - 1) / kWarpsPerBlock; ++c)
#pragma hy parallel for into(threads)
    for (int t = 0; t < kWarpsPerBlock * kWarp; ++t) {
      const long long i = wlo + c * kWarpsPerBlock + t / kWarp; // the warp's item
      if (i >= whi)
        continue;
      const long long item = warpq(i);
      const int b = row_of(item), v = vertex_of(item), lane = t % kWarp;
      for (long long e = off(v) + lane; e < off(v + 1); e += kWarp)
        pushArc<W, Weighted>(b, v, col(e), Weighted ? w(e) : W(1), inf, up, d, sigma, pending,
                             next);
    }
#pragma hy parallel for reduction(min : d) reduction(+ : sigma, pending)
  for (long long i = blo; i < bhi; ++i) {
    const long long item = blockq(i);
    const int b = row_of(item), v = vertex_of(item);
#pragma hy parallel for into(threads)
    for (long long e = off(v); e < off(v + 1); ++e)
      pushArc<W, Weighted>(b, v, col(e), Weighted ? w(e) : W(1), inf, up, d, sigma, pending, next);
  }
}

// The levels from the sources (stack(0 .. k-1)): each level's items reach
// the next level, which is appended to the stack. BFS (Weighted false):
// discover and count paths, a level by a push or (undirected graphs) a
// pull step as `dir` decides. Weighted: count paths along DAG arcs and
// queue the heads whose last DAG predecessor this was.
template <class W, bool Weighted>
levels forward(const graph &g, const hy::array<W, 1> &w, int k, const direction &dir,
               workspace &ws, hy::array<W, 2> &d, run_info &info) {
  const hy::worklist<long long> &next = ws.next;
  hy::worklist<long long> &warpq = ws.warpq, &blockq = ws.blockq;
  levels lv;
  lv.stack.push_back(k);
  warpq.clear();
  blockq.clear();
  // The direction rule's counts (BFS on an undirected graph; else every level pushes).
  const bool canPull = !Weighted && g.undirected;
  long long arcs = canPull ? arcsOf(g, ws, 0, k) : 0;   // m_f: the frontier's arcs
  long long unreached = canPull ? k * g.m - arcs : 0;     // m_u: the unreached pairs' arcs
  long long before = 0;                                   // the size of the level before
  bool pulling = false;
  for (int level = 0; lv.stack[level + 1] > lv.stack[level]; ++level) {
    const auto start = std::chrono::steady_clock::now();
    const long long lo = lv.stack[level], hi = lv.stack[level + 1];
    const long long before_arcs = arcs, before_unreached = unreached;
    if (canPull)
      pulling = pulls(dir, pulling, arcs, unreached, hi - lo, before,
                      static_cast<long long>(k) * g.n);
    before = hi - lo;
    if (pulling) {
      markLevel(g, ws, lo, hi);
      lv.warp.push_back(static_cast<long long>(warpq.size()));
      lv.block.push_back(static_cast<long long>(blockq.size()));
      pullStep(g, k, lo, hi, ws); // BFS: d is ws.d
    } else {
      pushStep<W, Weighted>(g, w, lo, hi, level, ws, d, lv);
    }
    const long long count = static_cast<long long>(next.size());
    if (canPull) {
      arcs = settle(g, ws, hi, count, pulling, level + 1);
      unreached -= arcs;
    } else {
      append(ws, hi, count);
    }
    lv.stack.push_back(hi + count);
    info.pulls += pulling;
    if (dir.trace) // the host has read the next level's size and arcs: the level is done
      std::fprintf(stderr, "level %d: %s, %lld pairs, m_f %lld, m_u %lld arcs, %.3f ms\n", level,
                   pulling ? "pull" : "push", hi - lo, canPull ? before_arcs : -1LL,
                   canPull ? before_unreached : -1LL,
                   std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  info.levels += lv.count() - 1; // the last one is empty
  return lv;
}

// What successor x of item (b, v), over an arc of length len, passes back
// to it: (1 + delta(x)) / sigma(x) along a DAG arc, else nothing (adding
// 0.0 leaves a sum as it is). The three kernels of backward call it.
template <class W>
double passedBack(int b, int v, int x, W len, const hy::array<W, 2> &d,
                  const hy::array<double, 2> &sigma, const hy::array<double, 2> &delta) {
  return d(b, x) == d(b, v) + len ? (1.0 + delta(b, x)) / sigma(b, x) : 0.0;
}

// From the deepest level up: each item pulls what its successors pass it.
template <class W, bool Weighted>
void backward(const graph &g, const hy::array<W, 1> &w, const levels &lv, workspace &ws,
              const hy::array<W, 2> &d) {
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<double, 2> &sigma = ws.sigma;
  hy::array<double, 2> &delta = ws.delta;
  const hy::array<long long, 1> &stack = ws.stack;
  const hy::worklist<long long> &warpq = ws.warpq, &blockq = ws.blockq;
  // The deepest level (count() - 2; the last is empty) has no successors,
  // and the sources' dependencies (level 0) are not used.
  for (int level = lv.count() - 3; level > 0; --level) {
    // One declaration a statement: the OpenMP target moves them out of the
    // loop's parallel region (docs/language.md, "Host loops").
    const long long lo = lv.stack[level];
    const long long hi = lv.stack[level + 1];
    const long long wlo = lv.warp[level];
    const long long whi = lv.warp[level + 1];
    const long long blo = lv.block[level];
    const long long bhi = lv.block[level + 1];
    // Each item (b, v) is on the stack once, so the three kernels below
    // write distinct elements of delta (hyc cannot see that through stack).
#pragma hy parallel for disjoint(delta)
    for (long long c = 0; c < (hi - lo + kItems - 1) / kItems; ++c)
#pragma hy parallel for into(threads)
      for (int t = 0; t < kItems; ++t) {
        const long long i = lo + c * kItems + t;
        if (i >= hi)
          continue;
        const long long item = stack(i);
        const int b = row_of(item), v = vertex_of(item);
        if (off(v + 1) - off(v) >= kWarpDegree)
          continue; // a heavy item: the kernels below
        double pulled = 0;
        for (long long e = off(v); e < off(v + 1); ++e)
          pulled += passedBack(b, v, col(e), Weighted ? w(e) : W(1), d, sigma, delta);
        delta(b, v) = sigma(b, v) * pulled;
      }
#pragma hy parallel for disjoint(delta)
    for (long long i = wlo; i < whi; ++i) {
      const long long item = warpq(i);
      const int b = row_of(item), v = vertex_of(item);
      double pulled = 0;
#pragma hy parallel for into(threads) reduction(+ : pulled)
      for (int lane = 0; lane < kWarp; ++lane)
        for (long long e = off(v) + lane; e < off(v + 1); e += kWarp)
          pulled += passedBack(b, v, col(e), Weighted ? w(e) : W(1), d, sigma, delta);
      delta(b, v) = sigma(b, v) * pulled;
    }
#pragma hy parallel for disjoint(delta)
    for (long long i = blo; i < bhi; ++i) {
      const long long item = blockq(i);
      const int b = row_of(item), v = vertex_of(item);
      double pulled = 0;
#pragma hy parallel for into(threads) reduction(+ : pulled)
      for (long long e = off(v); e < off(v + 1); ++e)
        pulled += passedBack(b, v, col(e), Weighted ? w(e) : W(1), d, sigma, delta);
      delta(b, v) = sigma(b, v) * pulled;
    }
  }
}

// Weighted distances of k rows by worklist relaxation: each round relaxes
// the arcs of the items whose distance dropped in the round before (each
// queued once per round: the round number claims it), until none drops.
template <class W>
void distances(const graph &g, const hy::array<W, 1> &w, int k, workspace &ws,
               hy::array<W, 2> &d) {
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  hy::array<int, 2> &claim = ws.pending;
  const hy::array<long long, 1> &stack = ws.stack;
  hy::worklist<long long> &next = ws.next;
  for (long long count = k, round = 0; count > 0; ++round) {
    const int r = static_cast<int>(round);
#pragma hy parallel for reduction(min : d) reduction(max : claim)
    for (long long i = 0; i < count; ++i) {
      const long long item = stack(i);
      const int b = row_of(item), v = vertex_of(item);
      const W dv = d(b, v);
      for (long long e = off(v); e < off(v + 1); ++e) {
        const int x = col(e);
        const W nd = dv + w(e);
        if (nd < d(b, x) && hy::fetch_min(d(b, x), nd) > nd && hy::fetch_max(claim(b, x), r) < r)
          next.push(pack_item(b, x));
      }
    }
    count = static_cast<long long>(next.size());
    append(ws, 0, count);
  }
}

// pending(b, x) = the number of shortest-path DAG arcs into x (row b); the
// stack starts again from the sources.
template <class W>
void dagIndegrees(const graph &g, const hy::array<W, 1> &w, int k, workspace &ws,
                  const hy::array<W, 2> &d) {
  const int n = g.n;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<int, 1> &source = ws.source;
  hy::array<int, 2> &pending = ws.pending;
  hy::array<long long, 1> &stack = ws.stack;
  const W inf = hy::graph::infinity<W>();
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for
    for (int v = 0; v < n; ++v) {
      if (v == 0)
        stack(b) = pack_item(b, source(b));
      pending(b, v) = 0;
    }
#pragma hy parallel for reduction(+ : pending)
  for (int b = 0; b < k; ++b)
#pragma hy parallel for into(threads)
    for (int v = 0; v < n; ++v)
      if (d(b, v) != inf)
        for (long long e = off(v); e < off(v + 1); ++e)
          if (d(b, v) + w(e) == d(b, col(e)))
            pending(b, col(e)) += 1;
}

// One batch of k <= ws.rows sources.
template <class W, bool Weighted>
int runBatch(const graph &g, const hy::array<W, 1> &w, const int *sources, int k, bool endpoints,
             const direction &dir, workspace &ws, hy::array<W, 2> &d, hy::array<double, 1> &bc,
             run_info &info) {
  const W inf = Weighted ? hy::graph::infinity<W>() : W(kUnreached);
  set_sources(ws, sources, k);
  start_rows(ws, d, k, inf); // and the stack: the sources are level 0
  if (Weighted) {
    distances(g, w, k, ws, d);
    dagIndegrees(g, w, k, ws, d);
  }
  const levels lv = forward<W, Weighted>(g, w, k, dir, ws, d, info);
  backward<W, Weighted>(g, w, lv, ws, d);
  add_dependencies(d, ws.delta, ws.source, k, inf, endpoints, bc);
  return lv.count() - 2; // the deepest level
}

template <class W, bool Weighted>
void runAll(const graph &g, const hy::array<W, 1> &w, const int *sources, int k, bool endpoints,
            const direction &dir, workspace &ws, hy::array<W, 2> &d, hy::array<double, 1> &bc,
            run_info &info) {
  for (int first = 0; first < k; first += ws.rows) {
    const int depth = runBatch<W, Weighted>(g, w, sources + first, std::min(ws.rows, k - first),
                                            endpoints, dir, ws, d, bc, info);
    info.depth = std::max(info.depth, depth);
    ++info.batches;
  }
}

} // namespace

void batched(const graph &g, const int *sources, int k, bool endpoints, const direction &dir,
             workspace &ws, hy::array<double, 1> &bc, run_info &info) {
  const hy::array<int, 1> unit; // BFS: no weights
  runAll<int, false>(g, unit, sources, k, endpoints, dir, ws, ws.d, bc, info);
}

namespace {
hy::array<int, 2> &distancesOf(workspace &ws, int) { return ws.d; }
hy::array<double, 2> &distancesOf(workspace &ws, double) { return ws.dw; }
} // namespace

template <class W>
void batched_weighted(const graph &g, const hy::array<W, 1> &w, const int *sources, int k,
                      bool endpoints, workspace &ws, hy::array<double, 1> &bc, run_info &info) {
  runAll<W, true>(g, w, sources, k, endpoints, direction{}, ws, distancesOf(ws, W()), bc, info);
}

template void batched_weighted(const graph &, const hy::array<int, 1> &, const int *, int, bool,
                               workspace &, hy::array<double, 1> &, run_info &);
template void batched_weighted(const graph &, const hy::array<double, 1> &, const int *, int, bool,
                               workspace &, hy::array<double, 1> &, run_info &);

} // namespace bc

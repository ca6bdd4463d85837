// Δ-stepping single-source shortest paths (Meyer & Sanders; seed 002's
// CPU and GPU implementation), written once as serial C++ with hy's
// parallelism in the margin. This is the file to read first.
//
// Vertices whose tentative distance lies in [iΔ, (i+1)Δ) are queued in
// bucket i. The algorithm empties the first non-empty bucket: it takes its
// vertices out, relaxes their light arcs (weight <= Δ), which may put
// vertices back into the same bucket, and repeats until the bucket stays
// empty; then it relaxes the heavy arcs of every vertex it took out (they
// cannot reach the bucket again) and moves to the next non-empty bucket.
// Δ = ∞ is Bellman-Ford, Δ below the smallest weight is Dijkstra.
//
// The buckets are the seed's GPU form: each vertex carries the index of the
// bucket it is queued in (-1: none), and every phase looks at all vertices
// — one iteration per vertex, on the GPU one thread per vertex. A phase is
// two kernels, as in the seed: the first takes the bucket's vertices and
// relaxes their arcs, marking the vertices whose distance dropped; the
// second puts the marked vertices into their new buckets. The split keeps
// every kernel free of races beyond the reductions it names: `dist` is only
// lowered (reduction(min : dist)), `changed` only raised.
//
// Distances are exact on every target: the final dist(w) is the least
// dist(v) + w(v, w) over the final distances of w's predecessors (a vertex
// whose distance drops is relaxed again), the same sums Dijkstra takes.
#include "delta_kernels.hpp"

#include <hy_graph/types.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>

namespace ds {

template <class W>
split_graph<W> split(const hy::graph::csr<W> &g, W delta) {
  split_graph<W> s;
  s.n = g.n;
  s.delta = delta;
  long long light = 0, heavy = 0;
  for (std::size_t e = 0; e < g.cols.size(); ++e)
    (g.weights[e] <= delta ? light : heavy) += 1;
  s.loff = hy::array<long long, 1>(g.n + 1);
  s.hoff = hy::array<long long, 1>(g.n + 1);
  s.lcol = hy::array<int, 1>(light);
  s.hcol = hy::array<int, 1>(heavy);
  s.lw = hy::array<W, 1>(light);
  s.hw = hy::array<W, 1>(heavy);
  long long l = 0, h = 0;
  for (int u = 0; u < g.n; ++u) {
    s.loff(u) = l;
    s.hoff(u) = h;
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.weights[e] <= delta) {
        s.lcol(l) = g.cols[e];
        s.lw(l++) = g.weights[e];
      } else {
        s.hcol(h) = g.cols[e];
        s.hw(h++) = g.weights[e];
      }
  }
  s.loff(g.n) = l;
  s.hoff(g.n) = h;
  return s;
}

// Relaxes the arcs [off(v), off(v + 1)) of every vertex v with take(v) set:
// clears take(v), lowers the distances of their heads and marks those that
// dropped in `changed`.
template <class W>
static void relax(const hy::array<long long, 1> &off, const hy::array<int, 1> &col,
                  const hy::array<W, 1> &wt, hy::array<int, 1> &take, hy::array<W, 1> &dist,
                  hy::array<int, 1> &changed, int n) {
#pragma hy parallel for reduction(min : dist) reduction(max : changed)
  for (int v = 0; v < n; ++v) {
    if (!take(v))
      continue;
    take(v) = 0;
    const W dv = dist(v);
    for (long long e = off(v); e < off(v + 1); ++e) {
      const int w = col(e);
      const W d = dv + wt(e);
      if (d < dist(w)) {
        dist(w) = std::min(dist(w), d);
        changed(w) = std::max(changed(w), 1);
      }
    }
  }
}

template <class W>
void delta_stepping(const split_graph<W> &g, int source, hy::array<W, 1> &dist, run_stats &st) {
  const int n = g.n;
  const W delta = g.delta, inf = hy::graph::infinity<W>();
  hy::array<long long, 1> bucket(n); // the bucket v is queued in, or -1
  hy::array<int, 1> now(n);          // taken from the current bucket: relax light arcs
  hy::array<int, 1> done(n);         // taken from it at all: relax heavy arcs at the end
  hy::array<int, 1> changed(n);      // distance dropped in the last relaxation

#pragma hy parallel for
  for (int v = 0; v < n; ++v) {
    dist(v) = v == source ? W(0) : inf;
    bucket(v) = v == source ? 0 : -1;
    now(v) = 0;
    done(v) = 0;
    changed(v) = 0;
  }

  long long current = 0;
  while (current >= 0) {
    ++st.buckets;
    // Light phases: take the bucket's vertices, relax their light arcs,
    // queue the vertices that dropped; until the bucket stays empty.
    bool refilled = true;
    while (refilled) {
      ++st.light_phases;
#pragma hy parallel for
      for (int v = 0; v < n; ++v)
        if (bucket(v) == current) {
          bucket(v) = -1;
          now(v) = 1;
          done(v) = 1;
        }
      relax(g.loff, g.lcol, g.lw, now, dist, changed, n);
      refilled = false;
#pragma hy parallel for reduction(|| : refilled)
      for (int v = 0; v < n; ++v)
        if (changed(v)) {
          changed(v) = 0;
          bucket(v) = static_cast<long long>(dist(v) / delta);
          refilled = refilled || bucket(v) == current;
        }
    }
    // One heavy phase: the heavy arcs of every vertex taken from the bucket
    // lead to later buckets only.
    ++st.heavy_phases;
    relax(g.hoff, g.hcol, g.hw, done, dist, changed, n);
    // The next non-empty bucket (all later ones: the current one is empty).
    long long next = LLONG_MAX;
#pragma hy parallel for reduction(min : next)
    for (int v = 0; v < n; ++v) {
      if (changed(v)) {
        changed(v) = 0;
        bucket(v) = static_cast<long long>(dist(v) / delta);
      }
      if (bucket(v) >= 0)
        next = std::min(next, bucket(v));
    }
    current = next == LLONG_MAX ? -1 : next;
  }
}

// The worklist form: the current bucket's vertices are a worklist (`front`)
// instead of a mark on every vertex, so a phase costs its own vertices and
// arcs, not n. A relaxation that lowers a distance pushes the vertex: into
// `next` while it stays in the current bucket, else into `far`, the pile of
// all later buckets (Davidson et al.'s near-far piles, split by Δ). The
// vertices the bucket takes go into `taken` once, for its heavy phase. When
// the bucket is done, the smallest non-empty bucket in `far` becomes the
// current one and `far` is split: its vertices go to `front` or stay far,
// each once (claimed with a stamp), and stale entries (a vertex that moved
// to an earlier bucket since) are dropped. The split tries the bucket right
// after the current one first, which is nearly always the next non-empty
// one: one pass over the pile per bucket instead of a search and a split.
// Claim stamps keep every vertex at most once in each pile, so every pile
// holds at most n vertices.
//
// Load balance: degrees in a power-law graph range from 1 to ~10^5, so one
// thread per vertex would leave a hub's thread walking its arcs while the
// others wait. As in Merrill, Garland and Grimshaw's BFS, the work is
// matched to the degree: a thread relaxes a vertex with fewer than 32 arcs,
// a warp one with fewer than 1024 (eight such vertices to a block of 256
// threads: blocks of one warp would leave half of each multiprocessor's
// thread slots empty), a block of 256 threads a hub. The first kernel, a
// thread per item in blocks of 256, relaxes the small ones and queues the
// others for the two kernels after it.

constexpr int kItemsPerBlock = 256; // items per block of the first kernel
constexpr int kWarpDegree = 32;     // a warp per vertex from this degree on
constexpr int kBlockDegree = 1024;  // a block per vertex from this degree on
constexpr int kWarpsPerBlock = 8;   // vertices (a warp each) per block of the second kernel

// Relaxes one arc to w, whose tail's distance plus its weight is d: a d
// that improves dist(w) pushes w into `near` if d < limit, else into `far`,
// each at most once: a near push claims w for the phase (stamp `phase`), a
// far push for the bucket (stamp `bucket` < `phase`; a vertex queued near is
// never needed far, as its distance only drops). The three kernels below
// call it, each with its own share of the arcs.
template <class W>
static void relax_arc(int w, W d, hy::array<W, 1> &dist, W limit, hy::worklist<int> &near,
                      hy::worklist<int> &far, hy::array<long long, 1> &claim, long long phase,
                      long long bucket) {
  if (d < dist(w) && hy::fetch_min(dist(w), d) > d) {
    if (d < limit) {
      if (hy::fetch_max(claim(w), phase) < phase)
        near.push(w);
    } else if (hy::fetch_max(claim(w), bucket) < bucket) {
      far.push(w);
    }
  }
}

// Relaxes the arcs [off(v), off(v + 1)) of every vertex v in `items`
// (relax_arc). `warps` and `blocks` hold the vertices of a larger degree
// between the kernels (empty before and after).
template <class W>
static void relax_items(const hy::worklist<int> &items, const hy::array<long long, 1> &off,
                        const hy::array<int, 1> &col, const hy::array<W, 1> &wt,
                        hy::array<W, 1> &dist, W limit, hy::worklist<int> &near,
                        hy::worklist<int> &far, hy::array<long long, 1> &claim, long long phase,
                        long long bucket, hy::worklist<int> &warps, hy::worklist<int> &blocks) {
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (std::size_t b = 0; b < (items.size() + kItemsPerBlock - 1) / kItemsPerBlock; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < kItemsPerBlock; ++t) {
      const std::size_t i = b * kItemsPerBlock + t;
      if (i >= items.size())
        continue;
      const int v = items(i);
      const long long begin = off(v), end = off(v + 1);
      if (end - begin >= kBlockDegree) {
        blocks.push(v);
      } else if (end - begin >= kWarpDegree) {
        warps.push(v);
      } else {
        const W dv = dist(v);
        for (long long e = begin; e < end; ++e)
          relax_arc(col(e), dv + wt(e), dist, limit, near, far, claim, phase, bucket);
      }
    }
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (std::size_t b = 0; b < (warps.size() + kWarpsPerBlock - 1) / kWarpsPerBlock; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < kWarpsPerBlock * 32; ++t) {
      const std::size_t i = b * kWarpsPerBlock + t / 32; // the warp's vertex
      if (i >= warps.size())
        continue;
      const int v = warps(i), lane = t % 32;
      const W dv = dist(v);
      for (long long e = off(v) + lane; e < off(v + 1); e += 32)
        relax_arc(col(e), dv + wt(e), dist, limit, near, far, claim, phase, bucket);
    }
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const int v = blocks(i);
    const W dv = dist(v);
#pragma hy parallel for into(threads)
    for (long long e = off(v); e < off(v + 1); ++e)
      relax_arc(col(e), dv + wt(e), dist, limit, near, far, claim, phase, bucket);
  }
  warps.clear();
  blocks.clear();
}

template <class W>
worklist_space::worklist_space(const split_graph<W> &g) {
  // Claims keep every vertex at most once in each pile.
  const std::size_t n = static_cast<std::size_t>(g.n);
  front = hy::worklist<int>(n);
  next = hy::worklist<int>(n);
  taken = hy::worklist<int>(n);
  far = hy::worklist<int>(n);
  rest = hy::worklist<int>(n);
  warps = hy::worklist<int>(n);
  blocks = hy::worklist<int>(n);
  claim = hy::array<long long, 1>(n);
  claim.fill(-1);
  seen = hy::array<long long, 1>(n);
  seen.fill(-1);
}

template <class W>
void delta_worklist(const split_graph<W> &g, int source, hy::array<W, 1> &dist,
                    worklist_space &ws, run_stats &st) {
  const int n = g.n;
  const W delta = g.delta, inf = hy::graph::infinity<W>();
  hy::worklist<int> &front = ws.front, &next = ws.next, &taken = ws.taken, &far = ws.far,
                    &rest = ws.rest;
  hy::array<long long, 1> &claim = ws.claim; // stamp of the phase or bucket that queued v last
  hy::array<long long, 1> &seen = ws.seen;   // stamp of the bucket that took v last
  // Stamps only grow, over all solves with this space: no reset per source.
  long long &stamp = ws.stamp;

#pragma hy parallel for
  for (int v = 0; v < n; ++v)
    dist(v) = v == source ? W(0) : inf;
  front.clear();
  next.clear();
  taken.clear();
  far.clear();
  rest.clear();
  front.push(source);
  long long current = 0, bucket = ++stamp;
  while (true) {
    ++st.buckets;
    const W limit = static_cast<W>((current + 1) * delta); // bucket `current` ends here
    while (front.size() > 0) {
      ++st.light_phases;
      const long long phase = ++stamp;
#pragma hy parallel for reduction(max : seen)
      for (int f = 0; f < (int)front.size(); ++f) {
        const int v = front(f);
        if (hy::fetch_max(seen(v), bucket) < bucket)
          taken.push(v); // first time in this bucket: its heavy arcs later
      }
      relax_items(front, g.loff, g.lcol, g.lw, dist, limit, next, far, claim, phase, bucket,
                  ws.warps, ws.blocks);
      std::swap(front, next);
      next.clear();
    }
    ++st.heavy_phases;
    // Heavy arcs lead past the bucket (d > dist(v) + delta >= limit): all far.
    relax_items(taken, g.hoff, g.hcol, g.hw, dist, limit, next, far, claim, ++stamp, bucket,
                ws.warps, ws.blocks);
    taken.clear();
    // The next bucket, split off the far pile: its vertices go to `front`,
    // those of later buckets stay far, each once (claimed with a stamp), and
    // stale entries (settled since) are dropped. On a connected graph the
    // next bucket is mostly the one after this, so it is tried first: one
    // pass over the pile. Only when it comes out empty does a second pass
    // find the smallest bucket in the pile, which is then split off.
    long long tried = current + 1;
    while (true) {
      bucket = ++stamp;
      const W lo = static_cast<W>(tried * delta), hi = static_cast<W>((tried + 1) * delta);
#pragma hy parallel for reduction(max : claim)
      for (int k = 0; k < (int)far.size(); ++k) {
        const int v = far(k);
        const W d = dist(v);
        if (d >= lo && hy::fetch_max(claim(v), bucket) < bucket) {
          if (d < hi)
            front.push(v);
          else
            rest.push(v);
        }
      }
      std::swap(far, rest);
      rest.clear();
      if (front.size() > 0 || far.size() == 0)
        break;
      long long first = LLONG_MAX; // every far vertex lies past `tried` now
#pragma hy parallel for reduction(min : first)
      for (int k = 0; k < (int)far.size(); ++k) {
        const long long b = static_cast<long long>(dist(far(k)) / delta);
        if (b > tried)
          first = std::min(first, b);
      }
      if (first == LLONG_MAX)
        break;
      tried = first;
    }
    if (front.size() == 0)
      break;
    current = tried;
  }
}

template split_graph<std::int32_t> split(const hy::graph::csr<std::int32_t> &, std::int32_t);
template split_graph<float> split(const hy::graph::csr<float> &, float);
template split_graph<double> split(const hy::graph::csr<double> &, double);
template void delta_stepping(const split_graph<std::int32_t> &, int, hy::array<std::int32_t, 1> &,
                             run_stats &);
template void delta_stepping(const split_graph<float> &, int, hy::array<float, 1> &, run_stats &);
template void delta_stepping(const split_graph<double> &, int, hy::array<double, 1> &,
                             run_stats &);
template worklist_space::worklist_space(const split_graph<std::int32_t> &);
template worklist_space::worklist_space(const split_graph<float> &);
template worklist_space::worklist_space(const split_graph<double> &);
template void delta_worklist(const split_graph<std::int32_t> &, int, hy::array<std::int32_t, 1> &,
                             worklist_space &, run_stats &);
template void delta_worklist(const split_graph<float> &, int, hy::array<float, 1> &,
                             worklist_space &, run_stats &);
template void delta_worklist(const split_graph<double> &, int, hy::array<double, 1> &,
                             worklist_space &, run_stats &);

} // namespace ds

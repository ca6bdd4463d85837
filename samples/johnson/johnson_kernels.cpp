// Johnson's all-pairs shortest paths (seed 001), written once as serial C++
// with hy's parallelism in the margin. This is the file to read first.
//
// 1. Potentials: Bellman-Ford from an added vertex joined to every vertex
//    by a 0-weight arc, so h(v) starts at 0 everywhere; every round relaxes
//    all arcs in parallel (`reduction(min : h)`), and the rounds stop as
//    soon as nothing changes (`reduction(|| : changed)`). A change in round
//    n means a negative cycle.
// 2. Reweighting: w'(u, v) = w(u, v) + h(u) - h(v) >= 0, so Dijkstra applies;
//    d(u, v) = d'(u, v) - h(u) + h(v).
// 3. Dijkstra from every source, many sources at once: a block per source
//    (the seed's "many small problems" layout keeps the GPU full), its
//    threads over the vertices. Each round finds the smallest tentative
//    distance m among unsettled vertices (hy::minloc over the block's
//    threads, the seed's Thrust min_element), then settles, in parallel,
//    every unsettled vertex whose distance no unsettled vertex can improve
//    any more and relaxes its arcs (seed 001's outer-loop
//    parallelisation). A vertex v is safe when d(v) <= m + Δ: any path
//    through an unsettled vertex costs at least m plus an arc into v, so Δ
//    is the least arc weight of the graph, or (per vertex) the least weight
//    of the arcs into v, which settles more vertices per round.
//    The inner-loop parallelisation the seed compares settles one vertex a
//    round, as Dijkstra does, and relaxes its arcs in parallel.
//    Both scan all n vertices every round (n^2 work per source at least);
//    for large sparse graphs the frontier form below does work in
//    proportion to the arcs: all sources of a batch advance together as
//    one Δ-stepping over (source, vertex) pairs.
// 4. Per-source summaries (eccentricity, closeness, reached vertices) are
//    reduced on the device from the rows, so large runs copy back k values
//    per batch instead of k x n distances.
// 5. The batches of sources are spread over zones (MPI ranks, one GPU
//    each; `into(devices)`), each batch's summaries gathered (last section).
#include "johnson_kernels.hpp"

#include <hy_graph/types.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace apsp {

template <class W>
bool potentials(const graph<W> &g, hy::array<W, 1> &h, long long &rounds) {
  const int n = g.n;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<W, 1> &w = g.w;
  h.fill(W(0)); // the added vertex reaches every vertex by a 0-weight arc
  bool changed = true;
  for (rounds = 0; changed && rounds <= n; ++rounds) {
    changed = false;
#pragma hy parallel for reduction(min : h) reduction(|| : changed)
    for (int u = 0; u < n; ++u) {
      const W hu = h(u);
      for (long long e = off(u); e < off(u + 1); ++e) {
        const int v = col(e);
        if (hu + w(e) < h(v)) {
          h(v) = std::min(h(v), hu + w(e));
          changed = true;
        }
      }
    }
  }
  return !changed; // still changing after n + 1 rounds: a negative cycle
}

template <class W>
void reweight(const graph<W> &g, const hy::array<W, 1> &h, graph<W> &g2,
              hy::array<W, 1> &minIn) {
  const int n = g.n;
  const hy::array<long long, 1> &off = g.off;
  const hy::array<int, 1> &col = g.col;
  const hy::array<W, 1> &w = g.w;
  hy::array<W, 1> &w2 = g2.w;
  minIn.fill(hy::graph::infinity<W>());
#pragma hy parallel for reduction(min : minIn)
  for (int u = 0; u < n; ++u)
    for (long long e = off(u); e < off(u + 1); ++e) {
      const int v = col(e);
      // >= 0 in exact arithmetic; a double sum may round a hair below 0
      w2(e) = std::max(W(0), w(e) + h(u) - h(v));
      minIn(v) = std::min(minIn(v), w2(e));
    }
}

template <class W>
long long dijkstra_rows(const graph<W> &g2, const hy::array<W, 1> &minIn, window win,
                        const hy::array<int, 1> &sources, int k, hy::array<W, 2> &D) {
  const int n = g2.n;
  const hy::array<long long, 1> &off = g2.off;
  const hy::array<int, 1> &col = g2.col;
  const hy::array<W, 1> &w = g2.w;
  const W inf = hy::graph::infinity<W>();
  // The least arc weight of the graph, for the uniform window.
  W least = inf;
#pragma hy parallel for reduction(min : least)
  for (int v = 0; v < n; ++v)
    least = std::min(least, minIn(v));
  const bool perVertex = win == window::per_vertex;
  hy::array<unsigned char, 2> settled(k, n);
  long long longest = 0;

#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for into(threads)
    for (int v = 0; v < n; ++v) {
      D(b, v) = v == sources(b) ? W(0) : inf;
      settled(b, v) = 0;
    }
#pragma hy parallel for reduction(min : D) reduction(max : longest)
  for (int b = 0; b < k; ++b) { // one source per block
    long long round = 0;
    bool more = true;
    while (more) {
      hy::minloc<W, int> m; // the smallest unsettled tentative distance
#pragma hy parallel for into(threads) reduction(min : m)
      for (int v = 0; v < n; ++v)
        if (!settled(b, v) && D(b, v) < inf)
          m.update(D(b, v), v);
      more = !m.empty();
      if (more) {
        ++round;
#pragma hy parallel for into(threads)
        for (int v = 0; v < n; ++v) {
          const W window = perVertex ? minIn(v) : least;
          if (settled(b, v) || D(b, v) == inf || D(b, v) > m.value + window)
            continue;
          settled(b, v) = 1;
          const W dv = D(b, v);
          for (long long e = off(v); e < off(v + 1); ++e)
            D(b, col(e)) = std::min(D(b, col(e)), dv + w(e));
        }
      }
    }
    longest = std::max(longest, round);
  }
  return longest;
}

template <class W>
long long inner_rows(const graph<W> &g2, const hy::array<int, 1> &sources, int k,
                     hy::array<W, 2> &D) {
  const int n = g2.n;
  const hy::array<long long, 1> &off = g2.off;
  const hy::array<int, 1> &col = g2.col;
  const hy::array<W, 1> &w = g2.w;
  const W inf = hy::graph::infinity<W>();
  hy::array<unsigned char, 2> settled(k, n);
  long long longest = 0;

#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for into(threads)
    for (int v = 0; v < n; ++v) {
      D(b, v) = v == sources(b) ? W(0) : inf;
      settled(b, v) = 0;
    }
#pragma hy parallel for reduction(min : D) reduction(max : longest)
  for (int b = 0; b < k; ++b) { // one source per block
    long long round = 0;
    while (true) {
      hy::minloc<W, int> m; // the closest unsettled vertex
#pragma hy parallel for into(threads) reduction(min : m)
      for (int v = 0; v < n; ++v)
        if (!settled(b, v) && D(b, v) < inf)
          m.update(D(b, v), v);
      if (m.empty())
        break;
      ++round;
      const int u = m.index;
      settled(b, u) = 1;
      const W du = m.value;
#pragma hy parallel for into(threads)
      for (long long e = off(u); e < off(u + 1); ++e)
        D(b, col(e)) = std::min(D(b, col(e)), du + w(e));
    }
    longest = std::max(longest, round);
  }
  return longest;
}

frontier_space::frontier_space(int n, int k)
    : front(std::size_t(k) * n), next(std::size_t(k) * n), far(std::size_t(k) * n),
      rest(std::size_t(k) * n), claim(k, n) {}

// The frontier form: items are (source row b, vertex v) pairs, stored as
// b * n + v. Every source of the batch runs Δ-stepping's near-far loop at
// once: relaxing an item's arcs pushes an improved pair into `next` while it
// stays below the current bucket's end (`limit`), else into `far`; when the
// near piles are empty, the smallest far distance opens the next bucket and
// `far` is split. Claim stamps keep each pair at most once in each pile:
// a near push claims the pair for the phase, a far push and the split claim
// it for the bucket (a phase's stamp is larger than its bucket's, so a pair
// queued near is not also queued far; improvements only lower a distance).
template <class W>
long long frontier_rows(const graph<W> &g2, W delta, const hy::array<int, 1> &sources, int k,
                        hy::array<W, 2> &D, frontier_space &fs) {
  const int n = g2.n;
  const hy::array<long long, 1> &off = g2.off;
  const hy::array<int, 1> &col = g2.col;
  const hy::array<W, 1> &w = g2.w;
  const W inf = hy::graph::infinity<W>();
  hy::worklist<int> &front = fs.front, &next = fs.next, &far = fs.far, &rest = fs.rest;
  hy::array<int, 2> &claim = fs.claim;

#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for into(threads)
    for (int v = 0; v < n; ++v) {
      D(b, v) = v == sources(b) ? W(0) : inf;
      claim(b, v) = -1;
    }
  front.clear();
  next.clear();
  far.clear();
  rest.clear();
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
    front.push(b * n + sources(b));

  int stamp = 0, bucketStamp = 0;
  long long phases = 0;
  W limit = delta; // the current bucket is [limit - delta, limit)
  while (true) {
    while (front.size() > 0) {
      ++phases;
      ++stamp;
#pragma hy parallel for reduction(min : D) reduction(max : claim)
      for (int i = 0; i < (int)front.size(); ++i) {
        const int b = front(i) / n, v = front(i) % n;
        const W dv = D(b, v);
        for (long long e = off(v); e < off(v + 1); ++e) {
          const int x = col(e);
          const W d = dv + w(e);
          if (d < D(b, x) && hy::fetch_min(D(b, x), d) > d) {
            if (d < limit) {
              if (hy::fetch_max(claim(b, x), stamp) < stamp)
                next.push(b * n + x);
            } else if (hy::fetch_max(claim(b, x), bucketStamp) < bucketStamp) {
              far.push(b * n + x);
            }
          }
        }
      }
      std::swap(front, next);
      next.clear();
    }
    // The next bucket starts at the smallest far distance past this one.
    W first = inf;
#pragma hy parallel for reduction(min : first)
    for (int i = 0; i < (int)far.size(); ++i) {
      const W d = D(far(i) / n, far(i) % n);
      if (d >= limit)
        first = std::min(first, d);
    }
    if (!(first < inf))
      break;
    const W lo = limit;
    limit = first + delta;
    bucketStamp = ++stamp;
#pragma hy parallel for reduction(max : claim)
    for (int i = 0; i < (int)far.size(); ++i) {
      const int b = far(i) / n, v = far(i) % n;
      const W d = D(b, v);
      if (d >= lo && hy::fetch_max(claim(b, v), bucketStamp) < bucketStamp) {
        if (d < limit)
          front.push(far(i));
        else
          rest.push(far(i));
      }
    }
    std::swap(far, rest);
    rest.clear();
  }
  return phases;
}

// Seed 001's starting point, the classic CPU form: every source is an
// independent serial Dijkstra with a binary heap (indexed, so a distance
// that drops moves its vertex up instead of queueing it again), and the
// sources run in parallel. It does the least work of all the forms (each
// arc relaxed once per source) and needs no atomics, which is what a CPU
// core wants; on a GPU each source would be one thread walking its heap in
// global memory, so the GPU builds use the frontier form instead.
template <class W>
long long heap_rows(const graph<W> &g2, const hy::array<int, 1> &sources, int k,
                    hy::array<W, 2> &D, heap_space &hs) {
  const int n = g2.n;
  const hy::array<long long, 1> &off = g2.off;
  const hy::array<int, 1> &col = g2.col;
  const hy::array<W, 1> &w = g2.w;
  const W inf = hy::graph::infinity<W>();
  hy::array<int, 2> &heap = hs.heap; // row b: the heap of source b (vertices)
  hy::array<int, 2> &pos = hs.pos;   // row b: v's place in it, -1 never queued, -2 settled
  long long longest = 0;
#pragma hy parallel for reduction(max : longest)
  for (int b = 0; b < k; ++b) {
    for (int v = 0; v < n; ++v) {
      D(b, v) = inf;
      pos(b, v) = -1;
    }
    const int s = sources(b);
    D(b, s) = W(0);
    heap(b, 0) = s;
    pos(b, s) = 0;
    int size = 1;
    long long settled = 0;
    while (size > 0) {
      const int u = heap(b, 0);
      pos(b, u) = -2;
      ++settled;
      if (--size > 0) { // the last vertex sifts down from the root
        const int x = heap(b, size);
        int i = 0;
        while (true) {
          int c = 2 * i + 1;
          if (c >= size)
            break;
          if (c + 1 < size && D(b, heap(b, c + 1)) < D(b, heap(b, c)))
            ++c;
          if (!(D(b, heap(b, c)) < D(b, x)))
            break;
          heap(b, i) = heap(b, c);
          pos(b, heap(b, i)) = i;
          i = c;
        }
        heap(b, i) = x;
        pos(b, x) = i;
      }
      const W du = D(b, u);
      for (long long e = off(u); e < off(u + 1); ++e) {
        const int v = col(e);
        const W d = du + w(e);
        if (pos(b, v) == -2 || !(d < D(b, v)))
          continue;
        D(b, v) = d;
        int i = pos(b, v) < 0 ? size++ : pos(b, v); // sift up from its place
        while (i > 0 && d < D(b, heap(b, (i - 1) / 2))) {
          heap(b, i) = heap(b, (i - 1) / 2);
          pos(b, heap(b, i)) = i;
          i = (i - 1) / 2;
        }
        heap(b, i) = v;
        pos(b, v) = i;
      }
    }
    longest = std::max(longest, settled);
  }
  return longest;
}

template <class W>
void summaries(const hy::array<W, 2> &D, const hy::array<W, 1> &h,
               const hy::array<int, 1> &sources, int k, row_summary<W> &out) {
  const int n = static_cast<int>(D.extent(1));
  const W inf = hy::graph::infinity<W>();
  hy::array<double, 1> &sum = out.sum;
  hy::array<long long, 1> &reached = out.reached;
  hy::array<W, 1> &ecc = out.ecc;
#pragma hy parallel for
  for (int b = 0; b < k; ++b) {
    const W hs = h(sources(b));
    double s = 0;
    long long r = 0;
    W e = W(0); // d(s, s) = 0 is always reached
#pragma hy parallel for into(threads) reduction(+ : s, r) reduction(max : e)
    for (int v = 0; v < n; ++v) {
      const W d = D(b, v);
      if (d < inf) {
        const W x = d - hs + h(v); // back from the reweighted graph
        s += static_cast<double>(x);
        r += 1;
        e = std::max(e, x);
      }
    }
    sum(b) = s;
    reached(b) = r;
    ecc(b) = e;
  }
}

// ---------------------------------------------------------------------------
// All sources, the batches over zones (docs/language.md "Zones",
// docs/multi_gpu.md): batch t of the sources runs in zone t mod Z (MPI ranks, one GPU each),
// by the chosen parallelisation in the zone's own working arrays
// (scratch: every batch sets them first); each batch's per-source summaries
// (and its rows of distances, when the driver needs them) are row t of
// arrays that the loop gathers, so every zone ends with every batch's
// results. Without MPI there is one zone: the batches in order, the
// program as it was.
// ---------------------------------------------------------------------------

template <class W>
long long solve_batches(const graph<W> &g2, const hy::array<W, 1> &h, const hy::array<W, 1> &minIn,
                        const std::vector<int> &sources, int batch, method how, window win,
                        W delta, bool keepRows, batch_results<W> &out) {
  const int n = g2.n, ns = static_cast<int>(sources.size());
  const int batches = (ns + batch - 1) / batch;
  hy::array<int, 1> src(batch);
  hy::array<W, 2> D(batch, n);
  frontier_space fs;
  if (how == method::frontier)
    fs = frontier_space(n, batch);
  heap_space hs;
  if (how == method::heap)
    hs = heap_space(n, batch);
  row_summary<W> sm(batch);
  hy::array<double, 2> sum(batches, batch);   // row t: batch t's sources
  hy::array<long long, 2> reached(batches, batch);
  hy::array<W, 2> ecc(batches, batch);
  hy::array<W, 3> rows(batches, keepRows ? batch : 0, keepRows ? n : 0);
  hy::array<long long, 1> batchRounds(batches);
  hy::array<double, 1> batchSeconds(batches);
  long long rounds = 0;
#pragma hy parallel for into(devices) scratch(src, D, fs, hs, sm) gather(sum, reached, ecc, rows, batchRounds, batchSeconds) reduction(max : rounds)
  for (int t = 0; t < batches; ++t) {
    const auto start = std::chrono::steady_clock::now();
    const int first = t * batch, k = std::min(batch, ns - first);
    for (int b = 0; b < k; ++b)
      src(b) = sources[first + b];
    long long r = 0;
    switch (how) {
    case method::frontier: r = frontier_rows(g2, delta, src, k, D, fs); break;
    case method::heap: r = heap_rows(g2, src, k, D, hs); break;
    case method::inner: r = inner_rows(g2, src, k, D); break;
    case method::outer: r = dijkstra_rows(g2, minIn, win, src, k, D); break;
    }
    rounds = std::max(rounds, r);
    summaries(D, h, src, k, sm);
    for (int b = 0; b < k; ++b) {
      sum(t, b) = sm.sum(b);
      reached(t, b) = sm.reached(b);
      ecc(t, b) = sm.ecc(b);
    }
    batchRounds(t) = r;
    batchSeconds(t) = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (keepRows)
      for (int b = 0; b < k; ++b)
        for (int v = 0; v < n; ++v)
          rows(t, b, v) = D(b, v);
  }
  out.sum = std::move(sum);
  out.reached = std::move(reached);
  out.ecc = std::move(ecc);
  out.rows = std::move(rows);
  out.rounds = std::move(batchRounds);
  out.seconds = std::move(batchSeconds);
  return rounds;
}

template long long solve_batches(const graph<std::int32_t> &, const hy::array<std::int32_t, 1> &,
                                 const hy::array<std::int32_t, 1> &, const std::vector<int> &, int,
                                 method, window, std::int32_t, bool, batch_results<std::int32_t> &);
template long long solve_batches(const graph<double> &, const hy::array<double, 1> &,
                                 const hy::array<double, 1> &, const std::vector<int> &, int,
                                 method, window, double, bool, batch_results<double> &);

template bool potentials(const graph<std::int32_t> &, hy::array<std::int32_t, 1> &, long long &);
template bool potentials(const graph<double> &, hy::array<double, 1> &, long long &);
template void reweight(const graph<std::int32_t> &, const hy::array<std::int32_t, 1> &,
                       graph<std::int32_t> &, hy::array<std::int32_t, 1> &);
template void reweight(const graph<double> &, const hy::array<double, 1> &, graph<double> &,
                       hy::array<double, 1> &);
template long long dijkstra_rows(const graph<std::int32_t> &, const hy::array<std::int32_t, 1> &,
                                 window, const hy::array<int, 1> &, int,
                                 hy::array<std::int32_t, 2> &);
template long long dijkstra_rows(const graph<double> &, const hy::array<double, 1> &, window,
                                 const hy::array<int, 1> &, int, hy::array<double, 2> &);

template long long inner_rows(const graph<std::int32_t> &, const hy::array<int, 1> &, int,
                              hy::array<std::int32_t, 2> &);
template long long inner_rows(const graph<double> &, const hy::array<int, 1> &, int,
                              hy::array<double, 2> &);
template long long frontier_rows(const graph<std::int32_t> &, std::int32_t,
                                 const hy::array<int, 1> &, int, hy::array<std::int32_t, 2> &,
                                 frontier_space &);
template long long frontier_rows(const graph<double> &, double, const hy::array<int, 1> &, int,
                                 hy::array<double, 2> &, frontier_space &);
template long long heap_rows(const graph<std::int32_t> &, const hy::array<int, 1> &, int,
                             hy::array<std::int32_t, 2> &, heap_space &);
template long long heap_rows(const graph<double> &, const hy::array<int, 1> &, int,
                             hy::array<double, 2> &, heap_space &);
template void summaries(const hy::array<std::int32_t, 2> &, const hy::array<std::int32_t, 1> &,
                        const hy::array<int, 1> &, int, row_summary<std::int32_t> &);
template void summaries(const hy::array<double, 2> &, const hy::array<double, 1> &,
                        const hy::array<int, 1> &, int, row_summary<double> &);

} // namespace apsp

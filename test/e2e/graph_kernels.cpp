// e2e: irregular kernels on a random CSR graph with hubs, each checked in
// the program against a plain serial reference (abort on mismatch) and
// printed for the cross-target comparison:
//  * chaotic Bellman-Ford: a thread per vertex inside blocks of vertices,
//    `min` updates of dist at thread level and an `||` flag that the host
//    loop reads after each launch;
//  * BFS levels with shortest-path counts: depth claimed with hy::fetch_min,
//    sigma accumulated by `+` updates (array reductions at both levels);
//  * a worklist BFS: frontiers pushed by threads, the next launch sized by
//    the count on the device, worklists swapped without transfers; the
//    sorted frontier of every level is printed;
//  * load balance: per-vertex sums of edge weights computed vertex-parallel,
//    edge-parallel through hy::csr_row, and by chunks of edges.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

static e2e::Checks require("graph_kernels", e2e::Checks::stop);

const int kInf = 1 << 29;

using Graph = e2e::Graph<int>;

// m arcs; sources skewed towards low vertex numbers (a few hubs with
// hundreds of arcs, many vertices with few), weights 1..9.
static Graph randomGraph(uint32_t &seed, int n, int m) {
  std::vector<e2e::Arc<int>> arcs;
  for (int e = 0; e < m; ++e) {
    double r = (e2e::next(seed) >> 8) / 16777216.0;
    int u = static_cast<int>(n * r * r * r);
    int v = static_cast<int>((e2e::next(seed) >> 8) % n);
    arcs.push_back({u, v, 1 + static_cast<int>((e2e::next(seed) >> 12) % 9)});
  }
  return e2e::csr(n, arcs);
}

// Relaxes every edge of every vertex until no distance changes. Threads
// of a block own 64 consecutive vertices; `changed` is reduced over the
// threads of a block and over the blocks.
static int bellmanFord(const Graph &g, hy::array<int, 1> &dist, int src) {
  const hy::array<int, 1> &off = g.off, &col = g.col, &w = g.w;
  const int n = g.n;
  dist.fill(kInf);
  dist(src) = 0;
  int rounds = 0;
  bool changed = true;
  while (changed) {
    changed = false;
#pragma hy parallel for
    for (int b = 0; b < (n + 63) / 64; ++b)
#pragma hy parallel for into(threads) reduction(min : dist) reduction(|| : changed)
      for (int t = 0; t < 64; ++t) {
        const int u = b * 64 + t;
        if (u >= n || dist(u) == kInf)
          continue;
        for (int e = off(u); e < off(u + 1); ++e) {
          const int v = col(e), d = dist(u) + w(e);
          if (d < dist(v)) {
            dist(v) = std::min(dist(v), d);
            changed = changed || true;
          }
        }
      }
    ++rounds;
  }
  return rounds;
}

// Level-synchronous BFS over all vertices: the vertices of level L claim
// their neighbours for level L + 1 and add their path counts to them.
static int bfsCounts(const Graph &g, hy::array<int, 1> &depth, hy::array<long long, 1> &sigma,
                     int src) {
  const hy::array<int, 1> &off = g.off, &col = g.col;
  const int n = g.n;
  depth.fill(kInf);
  sigma.fill(0);
  depth(src) = 0;
  sigma(src) = 1;
  int level = 0;
  bool more = true;
  while (more) {
    more = false;
#pragma hy parallel for reduction(min : depth)
    for (int b = 0; b < (n + 127) / 128; ++b)
#pragma hy parallel for into(threads) reduction(+ : sigma) reduction(|| : more)
      for (int t = 0; t < 128; ++t) {
        const int u = b * 128 + t;
        if (u < n && depth(u) == level)
          for (int e = off(u); e < off(u + 1); ++e) {
            const int v = col(e);
            if (hy::fetch_min(depth(v), level + 1) >= level + 1) {
              sigma(v) += sigma(u);
              more = more || true;
            }
          }
      }
    ++level;
  }
  return level;
}

// Frontier BFS: a block per frontier vertex, its threads over the vertex's
// arcs; a thread that lowers a depth pushes the vertex. The launch's size
// is the frontier's count, read on the device.
static int bfsWorklist(const Graph &g, hy::array<int, 1> &depth, int src,
                       std::vector<std::vector<int>> &levels) {
  const hy::array<int, 1> &off = g.off, &col = g.col;
  hy::worklist<int> frontier(g.n), next(g.n);
  depth.fill(kInf);
  depth(src) = 0;
  frontier.push(src);
  int level = 0;
  while (frontier.size() > 0) {
    std::vector<int> items(frontier.begin(), frontier.end());
    std::sort(items.begin(), items.end());
    levels.push_back(items);
#pragma hy parallel for reduction(min : depth)
    for (int f = 0; f < (int)frontier.size(); ++f) {
      const int u = frontier(f);
#pragma hy parallel for into(threads)
      for (int e = off(u); e < off(u + 1); ++e) {
        const int v = col(e);
        if (depth(v) > level + 1 && hy::fetch_min(depth(v), level + 1) > level + 1)
          next.push(v);
      }
    }
    std::swap(frontier, next);
    next.clear();
    ++level;
  }
  return level;
}

// Sum of the weights of each vertex's arcs, three ways.
static void weightSums(const Graph &g, hy::array<long long, 1> &byVertex,
                       hy::array<long long, 1> &byEdge, hy::array<long long, 1> &byChunk) {
  const hy::array<int, 1> &off = g.off, &w = g.w;
  const int n = g.n, m = g.off(g.n);
  // A thread per vertex: hubs keep their thread busy for long.
#pragma hy parallel for
  for (int u = 0; u < n; ++u) {
    long long s = 0;
    for (int e = off(u); e < off(u + 1); ++e)
      s += w(e);
    byVertex(u) = s;
  }
  // A thread per edge: its source by binary search in the offsets.
  byEdge.fill(0);
#pragma hy parallel for reduction(+ : byEdge)
  for (int e = 0; e < m; ++e)
    byEdge(hy::csr_row(off, e)) += w(e);
  // A thread per chunk of 16 edges: one search, then walk the rows.
  byChunk.fill(0);
  const int chunk = 16;
#pragma hy parallel for reduction(+ : byChunk)
  for (int c = 0; c < (m + chunk - 1) / chunk; ++c) {
    const int first = c * chunk, last = std::min(m, first + chunk);
    int u = static_cast<int>(hy::csr_row(off, first));
    for (int e = first; e < last; ++e) {
      while (off(u + 1) <= e)
        ++u;
      byChunk(u) += w(e);
    }
  }
}

// --- serial references
static std::vector<int> refDijkstraLike(const Graph &g, int src) {
  std::vector<int> d(g.n, kInf);
  d[src] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < g.n; ++u)
      if (d[u] != kInf)
        for (int e = g.off(u); e < g.off(u + 1); ++e)
          if (d[u] + g.w(e) < d[g.col(e)]) {
            d[g.col(e)] = d[u] + g.w(e);
            changed = true;
          }
  }
  return d;
}

static void refBfs(const Graph &g, int src, std::vector<int> &depth,
                   std::vector<long long> &sigma) {
  depth.assign(g.n, kInf);
  sigma.assign(g.n, 0);
  std::vector<int> q{src};
  depth[src] = 0;
  sigma[src] = 1;
  for (size_t i = 0; i < q.size(); ++i) {
    int u = q[i];
    for (int e = g.off(u); e < g.off(u + 1); ++e) {
      int v = g.col(e);
      if (depth[v] == kInf) {
        depth[v] = depth[u] + 1;
        q.push_back(v);
      }
      if (depth[v] == depth[u] + 1)
        sigma[v] += sigma[u];
    }
  }
}

int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 7u;
  const int n = 3000, m = 24000;
  Graph g = randomGraph(seed, n, m);
  const int src = 0;

  hy::array<int, 1> dist(n);
  const int rounds = bellmanFord(g, dist, src);
  std::vector<int> rd = refDijkstraLike(g, src);
  unsigned long long dsum = 0;
  for (int v = 0; v < n; ++v) {
    require(dist(v) == rd[v], "Bellman-Ford distances");
    dsum = dsum * 31 + dist(v);
  }
  std::printf("bellman-ford: distances %llu (%s)\n", dsum,
              rounds >= 2 ? "several rounds" : "one round");

  hy::array<int, 1> depth(n);
  hy::array<long long, 1> sigma(n);
  const int levels = bfsCounts(g, depth, sigma, src);
  std::vector<int> rdepth;
  std::vector<long long> rsigma;
  refBfs(g, src, rdepth, rsigma);
  unsigned long long ssum = 0;
  for (int v = 0; v < n; ++v) {
    require(depth(v) == rdepth[v] && sigma(v) == rsigma[v], "BFS depths and path counts");
    ssum = ssum * 31 + sigma(v) + depth(v);
  }
  std::printf("bfs counts: %d levels, %llu\n", levels, ssum);

  hy::array<int, 1> depth2(n);
  std::vector<std::vector<int>> frontiers;
  const int levels2 = bfsWorklist(g, depth2, src, frontiers);
  for (int v = 0; v < n; ++v)
    require(depth2(v) == rdepth[v], "worklist BFS depths");
  for (size_t l = 0; l < frontiers.size(); ++l) {
    std::vector<int> want;
    for (int v = 0; v < n; ++v)
      if (rdepth[v] == static_cast<int>(l))
        want.push_back(v);
    require(frontiers[l] == want, "worklist BFS frontier");
    unsigned long long h = 0;
    for (int v : frontiers[l])
      h = h * 131 + v;
    std::printf("worklist level %zu: %zu vertices, %llu\n", l, frontiers[l].size(), h);
  }
  std::printf("worklist bfs: %d levels\n", levels2);

  hy::array<long long, 1> a(n), b(n), c(n);
  weightSums(g, a, b, c);
  unsigned long long wsum = 0;
  for (int v = 0; v < n; ++v) {
    require(a(v) == b(v) && a(v) == c(v), "edge-balanced weight sums");
    wsum = wsum * 7 + a(v);
  }
  std::printf("weight sums %llu\n", wsum);
  return 0;
}

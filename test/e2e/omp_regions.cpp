// e2e: host loops around kernels, which the OpenMP target runs as one
// parallel region each (docs/language.md, "Host loops"): a worklist level
// loop, a `changed`-flag loop with a reduction, a counter the kernels read,
// host statements whose locals later kernels read, several kernels a
// round, a kernel with a version for a team of one, a minloc reduction, an
// exception thrown by host code in the region, nested host loops, per-thread
// copies of a reduction array (shared by the team) with a call of a
// function that launches kernels (made by the team: omp_team_calls.cpp);
// a loop left by a break from its host statements (one region, the masked
// thread ends it for the team); and the loops that stay a region per kernel
// (continue, return, a non-scalar local a kernel reads). Every builds' output (serial, OpenMP
// on 1, 2 and 3 threads, the CUDA build's CPU fallback) must agree, and
// every function checks itself against a plain reference.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <cstdio>
#include <stdexcept>
#include <vector>

static e2e::Checks require("omp_regions");

constexpr int kInf = 1 << 29;

using Graph = e2e::Graph<int>;

// A ring with chords: vertex u links to u+1, u+7 and u*3 (mod n).
static Graph makeGraph(int n) {
  std::vector<e2e::Arc<int>> arcs;
  for (int u = 0; u < n; ++u)
    for (int v : {(u + 1) % n, (u + 7) % n, (u * 3) % n})
      arcs.push_back({u, v, 1 + (u * 13 + v * 7) % 11});
  return e2e::csr(n, arcs);
}

// Reference BFS depths and shortest distances on the host.
static std::vector<int> refDepth(const Graph &g, int src) {
  std::vector<int> d(g.n, kInf), q{src};
  d[src] = 0;
  for (size_t i = 0; i < q.size(); ++i)
    for (int e = g.off(q[i]); e < g.off(q[i] + 1); ++e)
      if (d[g.col(e)] == kInf) {
        d[g.col(e)] = d[q[i]] + 1;
        q.push_back(g.col(e));
      }
  return d;
}
static std::vector<int> refDist(const Graph &g, int src) {
  std::vector<int> d(g.n, kInf);
  d[src] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < g.n; ++u)
      if (d[u] < kInf)
        for (int e = g.off(u); e < g.off(u + 1); ++e)
          if (d[u] + g.w(e) < d[g.col(e)]) {
            d[g.col(e)] = d[u] + g.w(e);
            changed = true;
          }
  }
  return d;
}
static bool same(const hy::array<int, 1> &a, const std::vector<int> &b) {
  for (size_t i = 0; i < b.size(); ++i)
    if (a(i) != b[i])
      return false;
  return true;
}

// 1. A worklist level loop: the frontier's kernel pushes the next level,
// host statements swap the lists and count the level (one region).
static int bfsLevels(const Graph &g, hy::array<int, 1> &depth, int src, long long &sizes) {
  const hy::array<int, 1> &off = g.off, &col = g.col;
  hy::worklist<int> frontier(g.n), next(g.n);
  depth.fill(kInf);
  depth(src) = 0;
  frontier.push(src);
  int level = 0;
  sizes = 0;
  while (frontier.size() > 0) {
    sizes += (long long)frontier.size() * (level + 1);
#pragma hy parallel for reduction(min : depth)
    for (int f = 0; f < (int)frontier.size(); ++f) {
      const int u = frontier(f);
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

// 2. A `changed` flag reduced by the kernel and read by the condition
// (one region; the body ends with a kernel).
static int bellmanFord(const Graph &g, hy::array<int, 1> &dist, int src) {
  const hy::array<int, 1> &off = g.off, &col = g.col, &w = g.w;
  const int n = g.n;
  dist.fill(kInf);
  dist(src) = 0;
  int rounds = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    ++rounds;
#pragma hy parallel for reduction(min : dist) reduction(|| : changed)
    for (int u = 0; u < n; ++u) {
      if (dist(u) == kInf)
        continue;
      for (int e = off(u); e < off(u + 1); ++e) {
        const int d = dist(u) + w(e);
        if (d < hy::fetch_min(dist(col(e)), d))
          changed = changed || true;
      }
    }
  }
  return rounds;
}

// 3. A for loop whose counter the kernels read, two kernels a round, host
// statements declaring locals (scalars) that the next kernel reads, and a
// scalar sum reduced into a local declared in the body.
static long long counters(hy::array<long long, 1> &a, int n, int steps) {
  long long total = 0;
  for (int s = 0; s < steps; ++s) {
    const int len = n - s;
    long long add = s * 3 + 1;
    long long sum = 0;
#pragma hy parallel for
    for (int i = 0; i < len; ++i)
      a(i) = a(i) + add + (i % (s + 2));
#pragma hy parallel for reduction(+ : sum)
    for (int i = 0; i < n; ++i)
      sum += a(i) % 1000;
    total += sum;
  }
  return total;
}
static long long refCounters(std::vector<long long> &a, int n, int steps) {
  long long total = 0;
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n - s; ++i)
      a[i] = a[i] + s * 3 + 1 + (i % (s + 2));
    for (int i = 0; i < n; ++i)
      total += a[i] % 1000;
  }
  return total;
}

// 4. A kernel whose array reduction reads the array (atomics; a version
// for a team of one), a minloc reduction, a collapsed 2-D kernel.
static long long relaxGrid(hy::array<long long, 2> &m, int n, int rounds, int &where) {
  hy::array<long long, 1> row(n);
  row.fill(0);
  long long best = 0;
  int r = 0;
  hy::minloc<long long> low;
  while (r < rounds) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
#pragma hy parallel for
      for (int j = 0; j < n; ++j)
        m(i, j) = (m(i, j) * 3 + i * 5 + j + r) % 1009;
#pragma hy parallel for reduction(+ : row)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (row(0) >= 0) // always: a read, so the updates stay atomic
          row((i + j) % n) += m(i, j);
    low = hy::minloc<long long>();
#pragma hy parallel for reduction(min : low)
    for (int i = 0; i < n; ++i)
      low.update(row(i) % 977, i);
    best += low.value;
    where = low.index;
    ++r;
  }
  return best;
}
static long long refRelaxGrid(std::vector<long long> &m, int n, int rounds, int &where) {
  std::vector<long long> row(n, 0);
  long long best = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        m[i * n + j] = (m[i * n + j] * 3 + i * 5 + j + r) % 1009;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        row[(i + j) % n] += m[i * n + j];
    long long low = row[0] % 977;
    where = 0;
    for (int i = 1; i < n; ++i)
      if (row[i] % 977 < low) {
        low = row[i] % 977;
        where = i;
      }
    best += low;
  }
  return best;
}

// 5. An exception thrown by host code inside the region ends the loop and
// reaches the caller, after the kernels of the rounds before it.
static int throwing(hy::array<int, 1> &a, int n, int limit) {
  int rounds = 0;
  try {
    for (int s = 0; s < 10; ++s) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) += s;
      if (s == limit)
        throw std::runtime_error("limit");
      ++rounds;
    }
  } catch (const std::runtime_error &) {
    rounds += 100;
  }
  return rounds;
}

// 6. Nested host loops: the inner loop is one region, the outer (which
// holds a loop with kernels) a region per inner loop.
static long long nested(hy::array<int, 1> &a, int n) {
  long long sum = 0;
  for (int outer = 0; outer < 3; ++outer) {
    int k = 0;
    while (k < 4) {
#pragma hy parallel for reduction(+ : sum)
      for (int i = 0; i < n; ++i) {
        a(i) = (a(i) + outer + k) % 101;
        sum += a(i);
      }
      ++k;
    }
  }
  return sum;
}

// 7. A loop left by a break (one region since issue 28's break form); loops
// that stay a region per kernel: a continue, a return, a non-scalar local
// that a kernel reads; and one region with per-thread
// copies of a reduction array and a call of a function that launches
// kernels (the team's).
static void addOne(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += 1;
}
static long long fallbacks(hy::array<int, 1> &a, int n) {
  long long check = 0;
  for (int s = 0; s < 5; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += s;
    if (s == 3)
      break;
  }
  for (int s = 0; s < 5; ++s) {
    if (s % 2)
      continue;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 2 * s;
  }
  hy::array<int, 1> hist(16);
  hist.fill(0);
  for (int s = 0; s < 3; ++s) {
#pragma hy parallel for reduction(+ : hist)
    for (int i = 0; i < n; ++i)
      hist(a(i) % 16) += 1;
    addOne(a, n);
  }
  for (int e = 0; e < 16; ++e)
    check += hist(e) * (e + 1);
  for (int s = 0; s < 3; ++s) {
    std::vector<int> shift(1, s + 1);
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += shift[0] - s;
  }
  return check;
}
static long long firstOver(hy::array<int, 1> &a, int n, int limit) {
  for (int s = 0; s < 100; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
    if (a(0) > limit)
      return s;
  }
  return -1;
}

int main() {
  const int n = 3001;
  Graph g = makeGraph(n);

  hy::array<int, 1> depth(n);
  long long sizes = 0;
  int levels = bfsLevels(g, depth, 5, sizes);
  require(same(depth, refDepth(g, 5)), "bfsLevels");
  std::printf("bfs: %d levels, sizes %lld\n", levels, sizes);

  hy::array<int, 1> dist(n);
  int rounds = bellmanFord(g, dist, 2);
  require(same(dist, refDist(g, 2)), "bellmanFord");
  long long dsum = 0;
  for (int v = 0; v < n; ++v)
    dsum += dist(v);
  // The number of rounds depends on the order of the updates (threads).
  require(rounds >= 1 && rounds <= n, "bellmanFord rounds");
  std::printf("bellman-ford: distances %lld\n", dsum);

  hy::array<long long, 1> a(n);
  std::vector<long long> ra(n);
  for (int i = 0; i < n; ++i)
    a(i) = ra[i] = i % 17;
  long long c = counters(a, n, 20), rc = refCounters(ra, n, 20);
  bool ok = c == rc;
  for (int i = 0; i < n; ++i)
    ok &= a(i) == ra[i];
  require(ok, "counters");
  std::printf("counters: %lld\n", c);

  const int m = 48;
  hy::array<long long, 2> grid(m, m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      grid(i, j) = (i * 31 + j * 17) % 23;
  int where = -1, rwhere = -2;
  long long best = relaxGrid(grid, m, 4, where);
  std::vector<long long> rg(m * m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      rg[i * m + j] = (i * 31 + j * 17) % 23;
  long long rbest = refRelaxGrid(rg, m, 4, rwhere);
  long long gsum = 0;
  ok = best == rbest && where == rwhere;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      ok &= grid(i, j) == rg[i * m + j];
      gsum += grid(i, j);
    }
  require(ok, "relaxGrid");
  std::printf("grid: %lld, best %lld at %d\n", gsum, best, where);

  hy::array<int, 1> t(n);
  t.fill(0);
  int tr = throwing(t, n, 4);
  require(tr == 104 && t(7) == 0 + 1 + 2 + 3 + 4, "throwing");
  std::printf("throwing: %d rounds, a(7) = %d\n", tr, t(7));

  hy::array<int, 1> b(n);
  for (int i = 0; i < n; ++i)
    b(i) = i % 7;
  long long ns = nested(b, n);
  std::vector<int> rb(n);
  long long rns = 0;
  for (int i = 0; i < n; ++i)
    rb[i] = i % 7;
  for (int outer = 0; outer < 3; ++outer)
    for (int k = 0; k < 4; ++k)
      for (int i = 0; i < n; ++i) {
        rb[i] = (rb[i] + outer + k) % 101;
        rns += rb[i];
      }
  require(ns == rns, "nested");
  std::printf("nested: %lld\n", ns);

  hy::array<int, 1> f(n);
  for (int i = 0; i < n; ++i)
    f(i) = i % 5;
  long long fc = fallbacks(f, n);
  long long over = firstOver(f, n, 40);
  long long fsum = 0;
  for (int i = 0; i < n; ++i)
    fsum += f(i);
  std::printf("fallbacks: %lld, first over %lld, sum %lld\n", fc, over, fsum);
  return require.status();
}

// e2e: a zone loop ('into(devices)') over independent problems, as in
// all-sources shortest paths: for every source a level-synchronous BFS on
// a generated graph (kernels inside the zone loop), then per-vertex sums
// of the distances (array reduction +), the number of reached pairs
// (scalar +), the largest eccentricity (max), the smallest (min) and an
// OR of flags (|). Run as one zone by every build and, when MPI is found,
// under mpirun with 1, 2 and 3 ranks (ctest e2e.zones_mpi.np*): every
// output equals the serial one. Zone 0 prints.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <hy/zones.hpp> // hy::zones::leader()
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks expect("zones", e2e::Checks::stop);

// BFS from s over the CSR graph (off, col); dist gets the levels (-1: not reached).
static int bfs(const hy::array<int, 1> &off, const hy::array<int, 1> &col, hy::array<int, 1> &dist,
               int n, int s) {
  dist.fill(-1);
  dist(s) = 0;
  int level = 0;
  hy::array<int, 1> changed(1);
  changed(0) = 1;
  while (changed(0) != 0) {
    changed(0) = 0;
#pragma hy parallel for reduction(max : changed)
    for (int u = 0; u < n; ++u) {
      if (dist(u) != level)
        continue;
      for (int e = off(u); e < off(u + 1); ++e)
        if (dist(col(e)) == -1) {
          dist(col(e)) = level + 1; // every writer writes the same value
          changed(0) = std::max(changed(0), 1);
        }
    }
    ++level;
  }
  return level - 1;
}

int main() {
  const int n = 300, sources = 37;
  uint32_t seed = 77;
  // A directed graph: a ring (everything reachable from 0) and random edges.
  std::vector<std::vector<int>> adj(n);
  for (int u = 0; u < n; ++u) {
    adj[u].push_back((u + 1) % n);
    for (int k = 0; k < 2; ++k)
      if (e2e::next(seed) % 3 == 0)
        adj[u].push_back(static_cast<int>(e2e::next(seed) % n));
  }
  hy::array<int, 1> off(n + 1);
  int m = 0;
  for (int u = 0; u < n; ++u) {
    off(u) = m;
    m += static_cast<int>(adj[u].size());
  }
  off(n) = m;
  hy::array<int, 1> col(m);
  for (int u = 0, e = 0; u < n; ++u)
    for (int v : adj[u])
      col(e++) = v;

  hy::array<long long, 1> far(n); // sum over sources of dist(v)
  std::vector<double> half(n, 0.5); // sum of dist(v) / 2 (exact in double), from 0.5
  long long pairs = 0;
  int widest = 0, narrowest = 1 << 30;
  unsigned seen = 0;
#pragma hy parallel for into(devices) reduction(+ : far, half, pairs) reduction(max : widest) reduction(min : narrowest) reduction(| : seen)
  for (int s = 0; s < sources * 7; s += 7) {
    hy::array<int, 1> dist(n);
    const int ecc = bfs(off, col, dist, n, s % n);
#pragma hy parallel for reduction(+ : far, half, pairs)
    for (int v = 0; v < n; ++v)
      if (dist(v) >= 0) {
        far(v) += dist(v);
        half[v] += dist(v) * 0.5;
        pairs += 1;
      }
    widest = std::max(widest, ecc);
    narrowest = std::min(narrowest, ecc);
    seen |= 1u << (s % 32);
  }

  // Host reference: the same sums, source by source.
  hy::array<long long, 1> rfar(n);
  long long rpairs = 0;
  int rw = 0, rn = 1 << 30;
  unsigned rseen = 0;
  for (int s = 0; s < sources * 7; s += 7) {
    std::vector<int> d(n, -1), q{s % n};
    d[s % n] = 0;
    for (std::size_t h = 0; h < q.size(); ++h)
      for (int v : adj[q[h]])
        if (d[v] < 0) {
          d[v] = d[q[h]] + 1;
          q.push_back(v);
        }
    int ecc = 0;
    for (int v = 0; v < n; ++v)
      if (d[v] >= 0) {
        rfar(v) += d[v];
        ++rpairs;
        ecc = std::max(ecc, d[v]);
      }
    rw = std::max(rw, ecc);
    rn = std::min(rn, ecc);
    rseen |= 1u << (s % 32);
  }
  for (int v = 0; v < n; ++v) {
    expect(far(v) == rfar(v), "far");
    expect(half[v] == 0.5 + rfar(v) * 0.5, "half");
  }
  expect(pairs == rpairs, "pairs");
  expect(widest == rw && narrowest == rn, "eccentricities");
  expect(seen == rseen, "seen");

  if (hy::zones::leader()) {
    long long total = 0;
    for (int v = 0; v < n; ++v)
      total += far(v);
    std::printf("sources %d pairs %lld distance sum %lld ecc %d..%d seen %08x\n", sources, pairs,
                total, narrowest, widest, seen);
    for (int v = 0; v < n; v += 37)
      std::printf("far(%d) = %lld, half = %.1f\n", v, far(v), half[v]);
  }
  return 0;
}

// e2e: the 'scratch' and 'gather' clauses of zone loops. All-pairs BFS
// distances: the BFS of each source works in scratch arrays allocated once
// outside the loop (dist, queue; every iteration sets them first), a
// kernel copies the distances into row s of the matrix D, and a
// per-source eccentricity goes to ecc[s]; D and ecc are gathered, so every
// zone holds every row after the loop. A second loop runs downwards by a
// step of 3 with a scratch struct and a gathered 1-D array. Every zone
// checks every row against a host BFS (aborting on a difference) and zone
// 0 prints; run as one zone by every build and under mpirun with 1, 2 and
// 3 ranks (ctest e2e.zone_rows_mpi.np*): every output equals the serial one.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <hy/zones.hpp> // hy::zones::leader()
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks expect("zone_rows", e2e::Checks::stop);

struct csr {
  hy::array<int, 1> off, col;
};

// BFS from s into dist (-1: not reached), queue the visiting order; writes
// both before reading them. Returns the eccentricity.
static int bfs(const csr &g, int n, int s, hy::array<int, 1> &dist, hy::array<int, 1> &queue) {
  dist.fill(-1);
  queue.fill(0);
  dist(s) = 0;
  queue(0) = s;
  int tail = 1, ecc = 0;
  for (int h = 0; h < tail; ++h) {
    const int u = queue(h);
    for (int e = g.off(u); e < g.off(u + 1); ++e)
      if (dist(g.col(e)) < 0) {
        dist(g.col(e)) = dist(u) + 1;
        ecc = std::max(ecc, dist(u) + 1);
        queue(tail++) = g.col(e);
      }
  }
  return ecc;
}

// The second loop's working space: a histogram of levels.
struct levels {
  hy::array<int, 1> count;
};

int main() {
  const int n = 160;
  uint32_t seed = 91;
  std::vector<std::vector<int>> adj(n);
  for (int u = 0; u < n; ++u) {
    if (u % 17 != 16)
      adj[u].push_back((u + 1) % n); // a broken ring: some pairs unreachable
    for (int k = 0; k < 2; ++k)
      if (e2e::next(seed) % 4 == 0)
        adj[u].push_back(static_cast<int>(e2e::next(seed) % n));
  }
  csr g;
  g.off = hy::array<int, 1>(n + 1);
  int m = 0;
  for (int u = 0; u < n; ++u) {
    g.off(u) = m;
    m += static_cast<int>(adj[u].size());
  }
  g.off(n) = m;
  g.col = hy::array<int, 1>(m);
  for (int u = 0, e = 0; u < n; ++u)
    for (int v : adj[u])
      g.col(e++) = v;

  hy::array<int, 2> D(n, n);
  std::vector<int> ecc(n, -7);
  hy::array<int, 1> dist(n), queue(n);
  long long pairs = 0;
#pragma hy parallel for into(devices) scratch(dist, queue) gather(D, ecc) reduction(+ : pairs)
  for (int s = 0; s < n; ++s) {
    ecc[s] = bfs(g, n, s, dist, queue);
    long long reached = 0;
#pragma hy parallel for reduction(+ : reached)
    for (int v = 0; v < n; ++v) {
      D(s, v) = dist(v);
      reached += dist(v) >= 0;
    }
    pairs += reached;
  }

  // Downwards by 3: rows n-1, n-4, ... of far (the others keep -1 in every
  // zone); a scratch struct filled first by every iteration.
  hy::array<long long, 1> far(n);
  far.fill(-1);
  levels lv;
  lv.count = hy::array<int, 1>(n);
#pragma hy parallel for into(devices) scratch(lv) gather(far)
  for (int s = n - 1; s >= 0; s -= 3) {
    lv.count.fill(0);
    for (int v = 0; v < n; ++v)
      if (D(s, v) >= 0)
        lv.count(D(s, v)) += 1;
    long long weight = 0;
    for (int l = 0; l < n; ++l)
      weight += static_cast<long long>(l) * lv.count(l);
    far(s) = weight;
  }

  // Every zone checks every row against a host BFS.
  long long rpairs = 0;
  for (int s = 0; s < n; ++s) {
    std::vector<int> d(n, -1), q{s};
    d[s] = 0;
    for (std::size_t h = 0; h < q.size(); ++h)
      for (int v : adj[q[h]])
        if (d[v] < 0) {
          d[v] = d[q[h]] + 1;
          q.push_back(v);
        }
    int e = 0;
    long long w = 0;
    for (int v = 0; v < n; ++v) {
      expect(D(s, v) == d[v], "a distance of source %d", s);
      e = std::max(e, d[v]);
      rpairs += d[v] >= 0;
      w += d[v] > 0 ? d[v] : 0;
    }
    expect(ecc[s] == e, "the eccentricity of source %d", s);
    expect(far(s) == ((n - 1 - s) % 3 == 0 ? w : -1), "the level weight of source %d", s);
  }
  expect(pairs == rpairs, "the reached pairs");

  if (hy::zones::leader()) {
    long long sum = 0, wsum = 0;
    for (int s = 0; s < n; ++s)
      for (int v = 0; v < n; ++v)
        sum += D(s, v) * (s + 1) + v;
    for (int s = 0; s < n; ++s)
      wsum += far(s);
    std::printf("n %d pairs %lld checksum %lld level weights %lld\n", n, pairs, sum, wsum);
    for (int s = 0; s < n; s += 23)
      std::printf("ecc[%d] = %d, far(%d) = %lld\n", s, ecc[s], s, far(s));
  }
  return 0;
}

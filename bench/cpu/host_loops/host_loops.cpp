// Host loops around small and large kernels (docs/perf/cpu.md, "One region per host
// loop"): BFS levels with a worklist (a frontier kernel, a swap) and Bellman-Ford
// rounds (a changed flag), timed per run; arguments: vertices, BFS runs.
#include <hy/hy.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>

constexpr int kInf = 1 << 29;

static int bfsLevels(const hy::array<int, 1> &off, const hy::array<int, 1> &col, int n,
                     hy::array<int, 1> &depth, int src) {
  hy::worklist<int> frontier(n), next(n);
  depth.fill(kInf);
  depth(src) = 0;
  frontier.push(src);
  int level = 0;
  while (frontier.size() > 0) {
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

// Bellman-Ford rounds with a changed flag.
static int rounds(const hy::array<int, 1> &off, const hy::array<int, 1> &col,
                  const hy::array<int, 1> &w, int n, hy::array<int, 1> &dist, int src) {
  dist.fill(kInf);
  dist(src) = 0;
  int r = 0;
  bool changed = true;
  while (changed) {
    changed = false;
#pragma hy parallel for reduction(min : dist) reduction(|| : changed)
    for (int u = 0; u < n; ++u) {
      if (dist(u) == kInf)
        continue;
      for (int e = off(u); e < off(u + 1); ++e) {
        const int d = dist(u) + w(e);
        if (d < dist(col(e)) && d < hy::fetch_min(dist(col(e)), d))
          changed = changed || true;
      }
    }
    ++r;
  }
  return r;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 3000;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 200;
  const int deg = 4;
  hy::array<int, 1> off(n + 1), col(deg * n), w(deg * n), depth(n), dist(n);
  unsigned x = 12345;
  for (int u = 0; u < n; ++u) {
    off(u) = deg * u;
    for (int k = 0; k < deg; ++k) {
      x = x * 1103515245u + 12345u;
      col(deg * u + k) = k == 0 ? (u + 1) % n : (int)((x >> 8) % n);
      w(deg * u + k) = 1 + (x >> 4) % 100;
    }
  }
  off(n) = deg * n;
  long long check = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    check += bfsLevels(off, col, n, depth, r % n);
  auto t1 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps / 10 + 1; ++r)
    check += rounds(off, col, w, n, dist, r % n) > 0 ? dist(n / 2) : 0;
  auto t2 = std::chrono::steady_clock::now();
  long long s = 0;
  for (int v = 0; v < n; ++v) s += depth(v);
  std::printf("bfs %.3f ms/run  bf %.3f ms/run  check %lld %lld\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count() / reps,
              std::chrono::duration<double, std::milli>(t2 - t1).count() / (reps / 10 + 1), s, check);
}

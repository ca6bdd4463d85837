// e2e: host loops that stay on the device (issue 27, docs/language.md "Host
// loops on the device"): BFS levels by worklist (swap, clear, a level
// counter the kernel reads), Bellman-Ford rounds on a `changed` reduction,
// a loop of zero iterations, a do-while whose body computes a value a kernel
// reads, a for loop with its own counter, and a loop that keeps its host form
// (it reads an array element on the host). On the GPU the first five run as
// one CUDA graph each (HY_DEVICE_LOOPS=0: the host form); every build must
// print what the serial build prints, and each result is checked against a
// plain host computation.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <algorithm>
#include <cstdio>
#include <queue>
#include <utility>
#include <vector>

static e2e::Checks require("device_loops");

// BFS levels from `src` by worklist; returns the number of levels.
static int bfs(const hy::array<int, 1> &off, const hy::array<int, 1> &col,
               hy::array<int, 1> &depth, hy::worklist<int> &frontier, hy::worklist<int> &next,
               int src) {
  int level = 0;
  frontier.clear();
  next.clear();
  frontier.push(src);
  depth(src) = 0;
  while (frontier.size() > 0) {
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

// Bellman-Ford rounds until nothing changes; returns the rounds.
static int bellmanFord(const hy::array<int, 1> &src, const hy::array<int, 1> &dst,
                       const hy::array<int, 1> &w, hy::array<int, 1> &dist, int m) {
  int rounds = 0;
  bool changed = true;
  while (changed) {
    changed = false;
#pragma hy parallel for reduction(min : dist) reduction(|| : changed)
    for (int e = 0; e < m; ++e) {
      const int du = dist(src(e));
      if (du < 1000000000 && du + w(e) < dist(dst(e))) {
        dist(dst(e)) = std::min(dist(dst(e)), du + w(e));
        changed = true;
      }
    }
    ++rounds;
  }
  return rounds;
}

// A do-while: each round stamps the array with a value computed on the
// device from a counter held by reference, and counts the sum.
static long long stamps(hy::array<int, 1> &a, int n, int &stamp, int rounds) {
  long long total = 0;
  int k = 0;
  do {
    const int p = ++stamp * 3;
    long long s = 0;
#pragma hy parallel for reduction(+ : s)
    for (int i = 0; i < n; ++i) {
      a(i) += p + (i & 1);
      s += a(i);
    }
    total += s;
    ++k;
  } while (k < rounds);
  return total;
}

// A for loop with its own counter, two kernels and a statement between them.
static int twoKernels(hy::array<int, 1> &a, hy::array<int, 1> &b, int n) {
  int last = 0;
  for (int r = 1; r <= 5; ++r) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += r;
    last = r * 10;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      b(i) += a(i) + last;
  }
  return last;
}

// Keeps its host form: the loop reads an array element on the host.
static int hostForm(hy::array<int, 1> &a, int n) {
  int s = 0;
  for (int r = 0; r < 4; ++r) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
    s += a(n - 1);
  }
  return s;
}

int main() {
  // A graph: a ring of n vertices with chords i -> (i * 7 + 3) % n.
  const int n = 5000;
  std::vector<std::vector<int>> adj(n);
  for (int i = 0; i < n; ++i) {
    adj[i].push_back((i + 1) % n);
    adj[i].push_back((i * 7 + 3) % n);
  }
  hy::array<int, 1> off(n + 1), col(2 * n);
  off(0) = 0;
  for (int i = 0; i < n; ++i) {
    off(i + 1) = off(i) + (int)adj[i].size();
    for (size_t j = 0; j < adj[i].size(); ++j)
      col(off(i) + (int)j) = adj[i][j];
  }
  hy::array<int, 1> depth(n);
  hy::worklist<int> frontier(n), next(n);
  long long depthSum = 0;
  int levelSum = 0;
  for (int src : {0, 17, 4999}) {
    for (int i = 0; i < n; ++i)
      depth(i) = 1 << 30;
    const int levels = bfs(off, col, depth, frontier, next, src);
    std::vector<int> ref(n, 1 << 30);
    std::queue<int> q;
    ref[src] = 0;
    q.push(src);
    int refLevels = 0;
    while (!q.empty()) {
      const int u = q.front();
      q.pop();
      refLevels = std::max(refLevels, ref[u] + 1);
      for (int v : adj[u])
        if (ref[v] > ref[u] + 1) {
          ref[v] = ref[u] + 1;
          q.push(v);
        }
    }
    bool same = levels == refLevels && frontier.size() == 0;
    for (int i = 0; i < n; ++i) {
      same = same && depth(i) == ref[i];
      depthSum += depth(i);
    }
    levelSum += levels;
    require(same, "BFS levels");
  }
  std::printf("bfs: levels %d, depth sum %lld\n", levelSum, depthSum);

  // Zero iterations: an empty frontier, and a changed flag that starts false.
  {
    frontier.clear();
    next.clear();
    int level = 0;
    while (frontier.size() > 0) {
#pragma hy parallel for
      for (int f = 0; f < (int)frontier.size(); ++f)
        next.push(frontier(f));
      std::swap(frontier, next);
      next.clear();
      ++level;
    }
    require(level == 0 && frontier.size() == 0, "a loop of zero iterations");
    std::printf("zero iterations: %d\n", level);
  }

  // Bellman-Ford on the ring with weights.
  {
    const int m = 2 * n;
    hy::array<int, 1> src(m), dst(m), w(m), dist(n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < 2; ++j) {
        src(2 * i + j) = i;
        dst(2 * i + j) = adj[i][j];
        w(2 * i + j) = 1 + (i * 13 + j * 5) % 17;
      }
    for (int i = 0; i < n; ++i)
      dist(i) = 1000000000;
    dist(0) = 0;
    const int rounds = bellmanFord(src, dst, w, dist, m);
    std::vector<long long> ref(n, 1000000000);
    ref[0] = 0;
    for (bool ch = true; ch;) {
      ch = false;
      for (int e = 0; e < m; ++e)
        if (ref[src(e)] < 1000000000 && ref[src(e)] + w(e) < ref[dst(e)]) {
          ref[dst(e)] = ref[src(e)] + w(e);
          ch = true;
        }
    }
    bool same = rounds >= 2;
    long long sum = 0;
    for (int i = 0; i < n; ++i) {
      same = same && dist(i) == ref[i];
      sum += dist(i);
    }
    require(same, "Bellman-Ford distances");
    std::printf("bellman-ford: distance sum %lld\n", sum);
  }

  // The do-while with a reference counter.
  {
    hy::array<int, 1> a(n);
    for (int i = 0; i < n; ++i)
      a(i) = i % 5;
    int stamp = 10;
    const long long total = stamps(a, n, stamp, 4);
    std::vector<long long> ra(n);
    for (int i = 0; i < n; ++i)
      ra[i] = i % 5;
    long long rt = 0;
    for (int st = 11; st <= 14; ++st)
      for (int i = 0; i < n; ++i) {
        ra[i] += st * 3 + (i & 1);
        rt += ra[i];
      }
    bool same = stamp == 14 && total == rt;
    for (int i = 0; i < n; ++i)
      same = same && a(i) == ra[i];
    require(same, "do-while stamps");
    std::printf("do-while: stamp %d, total %lld\n", stamp, total);
  }

  // Two kernels per iteration and a for loop's own counter.
  {
    hy::array<int, 1> a(n), b(n);
    for (int i = 0; i < n; ++i) {
      a(i) = i;
      b(i) = 0;
    }
    const int last = twoKernels(a, b, n);
    std::vector<long long> ra(n), rb(n, 0);
    for (int i = 0; i < n; ++i)
      ra[i] = i;
    for (int r = 1; r <= 5; ++r)
      for (int i = 0; i < n; ++i) {
        ra[i] += r;
        rb[i] += ra[i] + r * 10;
      }
    bool same = last == 50;
    long long sb = 0;
    for (int i = 0; i < n; ++i) {
      same = same && a(i) == ra[i] && b(i) == rb[i];
      sb += b(i);
    }
    require(same, "two kernels per iteration");
    std::printf("two kernels: last %d, b sum %lld\n", last, sb);
  }

  // The loop that keeps its host form.
  {
    hy::array<int, 1> a(n);
    for (int i = 0; i < n; ++i)
      a(i) = 0;
    const int s = hostForm(a, n);
    require(s == 1 + 2 + 3 + 4, "host form");
    std::printf("host form: %d\n", s);
  }
  return require.status();
}

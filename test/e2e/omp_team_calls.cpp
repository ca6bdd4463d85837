// e2e: calls, in host loops that the OpenMP target runs as one parallel
// region, of functions that launch kernels (team functions, docs/language.md
// "Host loops"): every thread of the region's team makes the call and the
// function's kernels are the team's work-sharing loops. A worklist SSSP in
// Δ-stepping's shape (a template team function with two kernels, the second
// sized by a worklist the first fills, host statements after them, and a
// nested team call), a team function whose host statements come first and
// whose kernel has a version for a team of one, one whose array reduction
// has per-thread copies (shared by the team), the same functions called
// outside any region (a region of their own), a call whose argument has a
// side effect (evaluated once, by one thread), and part 3's forms (locals of
// a template's type, a break, `++stamp` as an argument). Every build's output (serial, OpenMP on
// 1, 2, 3, 5 and 8 threads, the CUDA build's CPU fallback) must agree, and
// every result is checked against a plain reference.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <cstdio>
#include <utility>
#include <vector>

static e2e::Checks require("omp_team_calls");

using Graph = e2e::Graph<long long>;

// Vertex u links to u+1, u*5+3 and, for every 97th vertex (a hub), to 200
// more vertices (mod n).
static Graph makeGraph(int n) {
  std::vector<e2e::Arc<long long>> arcs;
  for (int u = 0; u < n; ++u) {
    std::vector<int> to{(u + 1) % n, (u * 5 + 3) % n};
    if (u % 97 == 0)
      for (int k = 1; k <= 200; ++k)
        to.push_back((u + k * 13) % n);
    for (int v : to)
      arcs.push_back({u, v, 1 + (u * 7 + v * 3) % 29});
  }
  return e2e::csr(n, arcs);
}

static std::vector<long long> refDist(const Graph &g, int src) {
  std::vector<long long> d(g.n, -1);
  d[src] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < g.n; ++u)
      if (d[u] >= 0)
        for (int e = g.off(u); e < g.off(u + 1); ++e)
          if (d[g.col(e)] < 0 || d[u] + g.w(e) < d[g.col(e)]) {
            d[g.col(e)] = d[u] + g.w(e);
            changed = true;
          }
  }
  return d;
}

// A nested team function: counts the phase's pushes into `pushed`.
static void countPushes(const hy::worklist<int> &next, hy::array<long long, 1> &pushed,
                        long long phase) {
#pragma hy parallel for
  for (int i = 0; i < 1; ++i)
    pushed(i) = pushed(i) + (long long)next.size() + phase * 0;
}

// Relaxes the arcs of the items: small-degree vertices in the first
// kernel, hubs queued for the second; an improved vertex is pushed into
// `next` once per phase (claimed with the phase's stamp).
template <class T>
static void relaxItems(const hy::worklist<int> &items, const hy::array<int, 1> &off,
                       const hy::array<int, 1> &col, const hy::array<long long, 1> &w,
                       hy::array<T, 1> &dist, hy::array<long long, 1> &claim, long long phase,
                       hy::worklist<int> &next, hy::worklist<int> &hubs,
                       hy::array<long long, 1> &pushed) {
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (int f = 0; f < (int)items.size(); ++f) {
    const int u = items(f);
    if (off(u + 1) - off(u) > 50) {
      hubs.push(u);
      continue;
    }
    for (int e = off(u); e < off(u + 1); ++e) {
      const int v = col(e);
      const T d = dist(u) + (T)w(e);
      if (d < dist(v) && hy::fetch_min(dist(v), d) > d && hy::fetch_max(claim(v), phase) < phase)
        next.push(v);
    }
  }
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (int h = 0; h < (int)hubs.size(); ++h) {
    const int u = hubs(h);
    for (int e = off(u); e < off(u + 1); ++e) {
      const int v = col(e);
      const T d = dist(u) + (T)w(e);
      if (d < dist(v) && hy::fetch_min(dist(v), d) > d && hy::fetch_max(claim(v), phase) < phase)
        next.push(v);
    }
  }
  hubs.clear();
  countPushes(next, pushed, phase);
}

// 1. The phase loop: one region; every thread calls relaxItems.
template <class T>
static int sssp(const Graph &g, int src, hy::array<T, 1> &dist, long long &pushes) {
  const int n = g.n;
  hy::worklist<int> front(n), next(n), hubs(n);
  hy::array<long long, 1> claim(n), pushed(1);
  claim.fill(-1);
  pushed.fill(0);
  dist.fill(static_cast<T>(1LL << 40));
  dist(src) = 0;
  front.push(src);
  long long stamp = 0;
  int phases = 0;
  while (front.size() > 0) {
    const long long phase = ++stamp;
    ++phases;
    relaxItems(front, g.off, g.col, g.w, dist, claim, phase, next, hubs, pushed);
    std::swap(front, next);
    next.clear();
  }
  pushes = pushed(0);
  return phases;
}
template int sssp(const Graph &, int, hy::array<long long, 1> &, long long &);
template int sssp(const Graph &, int, hy::array<double, 1> &, long long &);

// 2. A team function whose host statements come first, with a kernel
// whose updates stay atomic (the array is read too): a version for a team
// of one.
static void bins(const hy::array<int, 1> &a, hy::array<long long, 1> &h, int n, long long &calls) {
  calls += 1;
#pragma hy parallel for reduction(+ : h)
  for (int i = 0; i < n; ++i)
    if (h(0) >= 0) // always: a read, so the updates stay atomic
      h((a(i) * 7 + calls) % 16) += 1;
}
// Per-thread copies of an array reduction (only updated): the team shares
// one set (hy::privatize_team).
static void tally(const hy::array<int, 1> &a, hy::array<long long, 1> &t, int n) {
#pragma hy parallel for reduction(+ : t)
  for (int i = 0; i < n; ++i)
    t(a(i) % 16) += i % 3;
}
static void shift(hy::array<int, 1> &a, int n, int by) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = (a(i) + by) % 1000;
}
static long long rounds(hy::array<int, 1> &a, hy::array<long long, 1> &h, int n, int count) {
  long long calls = 0;
  for (int s = 0; s < count; ++s) {
    const int by = s * 3 + 1;
    bins(a, h, n, calls);
    tally(a, h, n);
    shift(a, n, by);
  }
  // Outside a region: each function a region of its own.
  bins(a, h, n, calls);
  // An argument with a side effect, passed by value: one thread evaluates
  // it before every thread calls (one region).
  int k = 0;
  while (k < 3) {
    shift(a, n, k++);
  }
  return calls;
}

// 3. Forms a region takes since issue 28's last part: locals of the
// template's type (`const T cap`, `T low`, moved out of the region; `const
// T step` in a team function, run by every thread), a `break` in the host
// statements between a kernel and a team call, and an argument with a side
// effect (`++stamp`) that one thread evaluates once.
template <class T>
static void addUpTo(hy::array<T, 1> &a, int n, T cap, long long stamp) {
  const T step = static_cast<T>(stamp % 5 + 20);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = a(i) + step > cap ? cap : a(i) + step;
}
template <class T>
static int climb(hy::array<T, 1> &a, int n, long long &stamp, T goal) {
  int r;
  for (r = 0; r < 100; ++r) {
    const T cap = static_cast<T>(goal / 2 + r);
    T low = goal;
#pragma hy parallel for reduction(min : low)
    for (int i = 0; i < n; ++i)
      low = a(i) < low ? a(i) : low;
    if (low >= goal / 2)
      break;
    addUpTo(a, n, cap, ++stamp);
  }
  return r;
}
template <class T>
static void climbCheck(int n, T goal, const char *what) {
  hy::array<T, 1> a(n);
  std::vector<T> ra(n);
  for (int i = 0; i < n; ++i)
    a(i) = ra[i] = static_cast<T>((i * 37) % 1000);
  long long stamp = 7, rstamp = 7;
  int r = climb(a, n, stamp, goal);
  int rr;
  for (rr = 0; rr < 100; ++rr) {
    const T cap = static_cast<T>(goal / 2 + rr);
    T low = goal;
    for (int i = 0; i < n; ++i)
      low = ra[i] < low ? ra[i] : low;
    if (low >= goal / 2)
      break;
    const T step = static_cast<T>(++rstamp % 5 + 20);
    for (int i = 0; i < n; ++i)
      ra[i] = ra[i] + step > cap ? cap : ra[i] + step;
  }
  bool ok = r == rr && stamp == rstamp && r > 1 && r < 100;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    ok &= a(i) == ra[i];
    sum += (double)a(i);
  }
  require(ok, "%s", what);
  std::printf("%s: %d rounds, stamp %lld, sum %.1f\n", what, r, stamp, sum);
}

int main() {
  const int n = 4001;
  Graph g = makeGraph(n);
  std::vector<long long> ref = refDist(g, 3);

  hy::array<long long, 1> dist(n);
  long long pushes = 0;
  int phases = sssp(g, 3, dist, pushes);
  bool ok = true;
  long long sum = 0;
  for (int v = 0; v < n; ++v) {
    ok &= dist(v) == ref[v];
    sum += dist(v);
  }
  require(ok, "sssp<long long>");
  // Phases and pushes depend on the order of the updates (threads).
  require(phases >= 1 && pushes >= n - 1, "sssp phases");
  std::printf("sssp<long long>: distances %lld\n", sum);

  hy::array<double, 1> ddist(n);
  sssp(g, 3, ddist, pushes);
  ok = true;
  double dsum = 0;
  for (int v = 0; v < n; ++v) {
    ok &= ddist(v) == (double)ref[v];
    dsum += ddist(v);
  }
  require(ok, "sssp<double>");
  std::printf("sssp<double>: distances %.1f\n", dsum);

  // The same team function outside any region.
  hy::worklist<int> all(n), next(n), hubs(n);
  hy::array<long long, 1> claim(n), pushed(1);
  claim.fill(-1);
  pushed.fill(0);
  for (int v = 0; v < n; ++v)
    all.push(v);
  relaxItems(all, g.off, g.col, g.w, dist, claim, 1, next, hubs, pushed);
  require(next.size() == 0 && pushed(0) == 0, "relaxItems on final distances");
  std::printf("relaxItems alone: %zu pushed\n", next.size());

  hy::array<int, 1> a(n);
  std::vector<int> ra(n);
  for (int i = 0; i < n; ++i)
    a(i) = ra[i] = (i * 37) % 1000;
  hy::array<long long, 1> h(16);
  h.fill(0);
  long long calls = rounds(a, h, n, 5);
  std::vector<long long> rh(16, 0);
  long long rcalls = 0;
  for (int s = 0; s <= 5; ++s) {
    rcalls += 1;
    for (int i = 0; i < n; ++i)
      rh[(ra[i] * 7 + rcalls) % 16] += 1;
    if (s < 5) {
      for (int i = 0; i < n; ++i)
        rh[ra[i] % 16] += i % 3;
      for (int i = 0; i < n; ++i)
        ra[i] = (ra[i] + s * 3 + 1) % 1000;
    }
  }
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < n; ++i)
      ra[i] = (ra[i] + k) % 1000;
  ok = calls == rcalls;
  long long hsum = 0;
  for (int b = 0; b < 16; ++b) {
    ok &= h(b) == rh[b];
    hsum += h(b) * (b + 1);
  }
  for (int i = 0; i < n; ++i)
    ok &= a(i) == ra[i];
  require(ok, "rounds");
  std::printf("rounds: %lld calls, bins %lld\n", calls, hsum);

  climbCheck<long long>(n, 1000, "climb<long long>");
  climbCheck<double>(n, 1000.0, "climb<double>");
  return require.status();
}

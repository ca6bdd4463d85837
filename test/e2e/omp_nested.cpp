// e2e: host loop nests and host `if`s around kernels, which the OpenMP
// target runs as one parallel region each (docs/language.md, "Host
// loops"): an inner host loop is run by every thread of the region's team,
// its header evaluated by one thread into a shared flag; an `if` whose
// branches launch kernels has its condition evaluated once, by one thread,
// and every thread takes that branch. The forms:
// * bucketed SSSP in Δ-stepping's shape: a bucket loop around a phase loop
//   (`while (refilled)`, flag set by a kernel's reduction), a team call in
//   each, a `break` of the bucket loop, a local of the outer body read by
//   the inner loop;
// * a `for` loop with its own variable inside a `while` loop, with a
//   `break` of the inner loop and host statements before its kernel;
// * a level loop that pushes or pulls by a host `if` (BC's shape), the
//   condition read from values the host statements and a kernel's
//   reduction wrote in the same iteration; an `else if` chain with a team
//   call as a branch of its own, and a `break` of the loop inside a branch;
// * an exception thrown by a host statement of an inner loop: the loop
//   stops there, the exception reaches the caller, the state is as serial.
// Every build's output (serial, OpenMP on 1, 2 and 3 threads, the CUDA
// build's CPU fallback) must agree, and the results are checked against
// plain references.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <stdexcept>
#include <vector>

static e2e::Checks require("omp_nested");

using Graph = e2e::Graph<long long>;

// Vertex u links to u+1, u*7+2 and, every 61st vertex, 40 more.
static Graph makeGraph(int n) {
  std::vector<e2e::Arc<long long>> arcs;
  for (int u = 0; u < n; ++u) {
    std::vector<int> to{(u + 1) % n, (u * 7 + 2) % n};
    if (u % 61 == 0)
      for (int k = 1; k <= 40; ++k)
        to.push_back((u + k * 17) % n);
    for (int v : to)
      arcs.push_back({u, v, 1 + (u * 5 + v * 11) % 23});
  }
  return e2e::csr(n, arcs);
}

static std::vector<long long> refDist(const Graph &g, int src) {
  std::vector<long long> d(g.n, LLONG_MAX);
  d[src] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < g.n; ++u)
      if (d[u] != LLONG_MAX)
        for (int e = g.off(u); e < g.off(u + 1); ++e)
          if (d[u] + g.w(e) < d[g.col(e)]) {
            d[g.col(e)] = d[u] + g.w(e);
            changed = true;
          }
  }
  return d;
}

// Relaxes the arcs of every vertex with take(v) set (a team function), from
// the distance each had when the phase began (from(v)): a read of dist(v)
// here would see some of the phase's own updates, in an order that differs
// between builds (GPU threads race; docs/language.md, array reductions), and
// so would the phase count printed below. From the snapshot, which vertices
// change and the phases a bucket takes are the same on every target.
static void relax(const hy::array<int, 1> &off, const hy::array<int, 1> &col,
                  const hy::array<long long, 1> &wt, hy::array<int, 1> &take,
                  const hy::array<long long, 1> &from, hy::array<long long, 1> &dist,
                  hy::array<int, 1> &changed, int n) {
#pragma hy parallel for reduction(min : dist) reduction(max : changed)
  for (int v = 0; v < n; ++v) {
    if (!take(v))
      continue;
    take(v) = 0;
    const long long dv = from(v);
    for (int e = off(v); e < off(v + 1); ++e) {
      const int w = col(e);
      const long long d = dv + wt(e);
      if (d < dist(w)) {
        dist(w) = std::min(dist(w), d);
        changed(w) = std::max(changed(w), 1);
      }
    }
  }
}

struct Stats {
  long long buckets = 0, phases = 0;
};

// Part 1: buckets of width delta; a bucket's light phases until it stays
// empty (the inner loop), then the next bucket (a kernel's min), or stop.
static void buckets(const Graph &g, int src, long long delta, hy::array<long long, 1> &dist,
                    Stats &st) {
  const int n = g.n;
  hy::array<long long, 1> bucket(n), from(n);
  hy::array<int, 1> now(n), changed(n);
#pragma hy parallel for
  for (int v = 0; v < n; ++v) {
    dist(v) = v == src ? 0 : LLONG_MAX;
    bucket(v) = v == src ? 0 : -1;
    now(v) = 0;
    changed(v) = 0;
  }
  long long current = 0;
  while (current < LLONG_MAX) {
    ++st.buckets;
    bool refilled = true;
    const long long limit = current;
    while (refilled) {
      ++st.phases;
#pragma hy parallel for
      for (int v = 0; v < n; ++v)
        if (bucket(v) == limit) {
          bucket(v) = -1;
          now(v) = 1;
          from(v) = dist(v);
        }
      relax(g.off, g.col, g.w, now, from, dist, changed, n);
      refilled = false;
#pragma hy parallel for reduction(|| : refilled)
      for (int v = 0; v < n; ++v)
        if (changed(v)) {
          changed(v) = 0;
          bucket(v) = dist(v) / delta;
          refilled = refilled || bucket(v) == limit;
        }
    }
    long long next = LLONG_MAX;
#pragma hy parallel for reduction(min : next)
    for (int v = 0; v < n; ++v)
      if (bucket(v) >= 0)
        next = bucket(v) < next ? bucket(v) : next;
    if (next == LLONG_MAX)
      break;
    current = next;
  }
}

// Part 2: rounds of smoothing passes; each round's pass count comes from a
// for loop with a variable of its own, left early by a break.
static long long passes(hy::array<long long, 1> &a, int n, int rounds) {
  long long total = 0;
  int round = 0;
  while (round < rounds) {
    const long long cap = 1000 + round * 7;
    for (int pass = 0; pass < 6; ++pass) {
      total += pass;
      if (pass > round % 5)
        break;
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) = (a(i) * 3 + i + pass) % cap;
    }
    long long s = 0;
#pragma hy parallel for reduction(+ : s)
    for (int i = 0; i < n; ++i)
      s += a(i);
    total += s % 1000;
    ++round;
  }
  return total;
}

// Scales every element by f (a team function for the else-if branch).
static void scale(hy::array<long long, 1> &a, int n, long long f) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = a(i) * f % 100003;
}

// Part 3: a level loop that picks a form per level by a host `if`, the
// condition computed from a kernel's reduction and host statements of the
// same iteration.
static long long levels(hy::array<long long, 1> &a, hy::array<long long, 1> &b, int n,
                        int rounds, std::vector<int> &forms) {
  long long big = 0;
  long long seen = 0;
  for (int level = 0; level < rounds; ++level) {
    big = 0;
#pragma hy parallel for reduction(+ : big)
    for (int i = 0; i < n; ++i)
      big += a(i) % 7 == level % 7 ? 1 : 0;
    const bool pull = big * 7 > n;
    forms.push_back(pull ? 1 : 0);
    if (pull) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        b(i) = a((i + 1) % n) + a((i + n - 1) % n);
      seen += 1;
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) = (a(i) + b(i)) % 100003;
    } else if (level % 3 == 0)
      scale(a, n, level + 2);
    else {
      seen += 100;
      if (seen > 100 * rounds / 8)
        break;
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) = (a(i) * 5 + 1) % 100003;
    }
  }
  return seen * 1000 + big;
}

// Part 4: an inner loop's host statement throws after some phases.
static void throwing(hy::array<long long, 1> &a, int n, int stopAt, long long &steps) {
  int outer = 0;
  while (outer < 4) {
    int k = 0;
    while (k < 5) {
      ++steps;
      if (steps == stopAt)
        throw std::runtime_error("stop");
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
        a(i) = (a(i) + k + outer) % 1009;
      ++k;
    }
    ++outer;
  }
}

int main() {
  const Graph g = makeGraph(3000);
  for (int src : {0, 1234}) {
    for (long long delta : {5LL, 40LL}) {
      hy::array<long long, 1> dist(g.n);
      Stats st;
      buckets(g, src, delta, dist, st);
      std::vector<long long> ref = refDist(g, src);
      long long sum = 0;
      bool same = true;
      for (int v = 0; v < g.n; ++v) {
        same = same && dist(v) == ref[v];
        sum += dist(v) == LLONG_MAX ? -1 : dist(v);
      }
      require(same, "bucketed SSSP");
      std::printf("buckets src %d delta %lld: %lld buckets, %lld phases, sum %lld\n", src, delta,
                  st.buckets, st.phases, sum);
    }
  }

  {
    const int n = 5000;
    hy::array<long long, 1> a(n);
    std::vector<long long> r(n);
    for (int i = 0; i < n; ++i)
      a(i) = r[i] = i % 13;
    long long total = passes(a, n, 9);
    long long rtotal = 0;
    for (int round = 0; round < 9; ++round) {
      const long long cap = 1000 + round * 7;
      for (int pass = 0; pass < 6; ++pass) {
        rtotal += pass;
        if (pass > round % 5)
          break;
        for (int i = 0; i < n; ++i)
          r[i] = (r[i] * 3 + i + pass) % cap;
      }
      long long s = 0;
      for (int i = 0; i < n; ++i)
        s += r[i];
      rtotal += s % 1000;
    }
    require(total == rtotal, "passes");
    std::printf("passes: total %lld\n", total);
  }

  {
    const int n = 4000;
    hy::array<long long, 1> a(n), b(n);
    for (int i = 0; i < n; ++i)
      a(i) = (i * 31) % 97;
    std::vector<int> forms;
    long long v = levels(a, b, n, 40, forms);
    long long sum = 0;
    for (int i = 0; i < n; ++i)
      sum += a(i);
    std::printf("levels: %lld, sum %lld, forms", v, sum);
    for (int f : forms)
      std::printf(" %d", f);
    std::printf("\n");
    // The reference.
    std::vector<long long> ra(n), rb(n);
    for (int i = 0; i < n; ++i)
      ra[i] = (i * 31) % 97;
    long long big = 0, seen = 0;
    for (int level = 0; level < 40; ++level) {
      big = 0;
      for (int i = 0; i < n; ++i)
        big += ra[i] % 7 == level % 7 ? 1 : 0;
      if (big * 7 > n) {
        for (int i = 0; i < n; ++i)
          rb[i] = ra[(i + 1) % n] + ra[(i + n - 1) % n];
        seen += 1;
        for (int i = 0; i < n; ++i)
          ra[i] = (ra[i] + rb[i]) % 100003;
      } else if (level % 3 == 0) {
        for (int i = 0; i < n; ++i)
          ra[i] = ra[i] * (level + 2) % 100003;
      } else {
        seen += 100;
        if (seen > 100 * 40 / 8)
          break;
        for (int i = 0; i < n; ++i)
          ra[i] = (ra[i] * 5 + 1) % 100003;
      }
    }
    long long rsum = 0;
    for (int i = 0; i < n; ++i)
      rsum += ra[i];
    require(v == seen * 1000 + big && sum == rsum, "levels");
  }

  for (int stopAt : {3, 12, 100}) {
    const int n = 2000;
    hy::array<long long, 1> a(n);
    for (int i = 0; i < n; ++i)
      a(i) = i % 17;
    long long steps = 0;
    bool thrown = false;
    try {
      throwing(a, n, stopAt, steps);
    } catch (const std::runtime_error &) {
      thrown = true;
    }
    long long sum = 0;
    for (int i = 0; i < n; ++i)
      sum += a(i);
    require(thrown == (stopAt <= 20), "throwing");
    std::printf("throwing at %d: %s after %lld steps, sum %lld\n", stopAt,
                thrown ? "thrown" : "not thrown", steps, sum);
  }
  return require.status();
}

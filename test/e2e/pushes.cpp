// e2e: worklist pushes of several items per thread, in every form the CUDA
// target gives them (docs/cuda.md, "Worklist pushes"): aggregated per block
// (one iteration per thread walking a vertex's arcs, many iterations per
// block, buffers that fill and spill, two lists at once, a block-level
// `continue`, pushes of the block's leader, a template, a BFS loop that
// stays on the device) and per warp (through a helper function). The order
// of a list's items is unspecified: each list is sorted, checked against a
// serial reference (abort on a difference) and printed.
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks require("pushes", e2e::Checks::stop);

template <class T> static std::vector<T> sorted(const hy::worklist<T> &w) {
  std::vector<T> v(w.begin(), w.end());
  std::sort(v.begin(), v.end());
  return v;
}
template <class T> static void print(const char *name, const std::vector<T> &v) {
  unsigned long long h = 1469598103934665603ull;
  for (T x : v)
    h = (h ^ static_cast<unsigned long long>(static_cast<long long>(x))) * 1099511628211ull;
  std::printf("%s: %zu items, hash %016llx\n", name, v.size(), h);
}

using Graph = e2e::Graph<int>;

// A graph whose degrees range from 0 to `hub` (vertex 0 has `hub` arcs),
// weights 0..999.
static Graph makeGraph(int n, int hub, uint32_t &s) {
  std::vector<e2e::Arc<int>> arcs;
  for (int u = 0; u < n; ++u) {
    const int d = u == 0 ? hub : static_cast<int>(e2e::next(s) >> 16) % 12;
    for (int e = 0; e < d; ++e) {
      const int v = static_cast<int>(e2e::next(s) >> 8) % n;
      arcs.push_back({u, v, static_cast<int>(e2e::next(s) >> 10) % 1000});
    }
  }
  return e2e::csr(n, arcs);
}

// Each frontier vertex pushes every arc's head whose weight passes, to one
// of two lists: several items per thread, from a loop over the arcs; the
// grid is sized on the device (the frontier's size), so each block walks
// many iterations and flushes between them.
static void expand(const hy::array<int, 1> &off, const hy::array<int, 1> &col,
                   const hy::array<int, 1> &w, const hy::worklist<int> &frontier,
                   hy::worklist<int> &even, hy::worklist<int> &odd) {
#pragma hy parallel for
  for (int f = 0; f < (int)frontier.size(); ++f) {
    const int u = frontier(f);
    for (int e = off(u); e < off(u + 1); ++e)
      if (w(e) % 3 != 0) {
        if (col(e) % 2 == 0)
          even.push(col(e));
        else
          odd.push(col(e));
      }
  }
}

// One iteration per thread over a size the host knows, most pushing one
// item and every 1000th pushing 3000 (more than a block's buffer: spills).
static void burst(int n, hy::worklist<long long> &out) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (i % 7 != 3)
      out.push(static_cast<long long>(i) * 5);
    if (i % 1000 == 0)
      for (int j = 0; j < 3000; ++j)
        out.push(-static_cast<long long>(i) * 4000 - j);
  }
}

// A block per row of 64 threads: rows that are multiples of 5 are skipped
// by a block-level `continue`; the leader pushes the row, the threads push
// the row's entries above a threshold (a thread nest with barriers around).
static void rows(const hy::array<int, 2> &m, hy::worklist<int> &kept, hy::worklist<int> &rowsSeen) {
  const int r = static_cast<int>(m.extent(0)), c = static_cast<int>(m.extent(1));
#pragma hy parallel for
  for (int i = 0; i < r; ++i) {
    if (i % 5 == 0)
      continue;
    rowsSeen.push(i);
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      for (int j = t; j < c; j += 64)
        if (m(i, j) > 600)
          kept.push(i * c + j);
  }
}

// Pushes that keep the warp form, through a helper of the file; the kernel
// also pushes in the block form, to the same list.
template <class W> void addTwice(W &w, int v) {
  w.push(v);
  w.push(-v - 1);
}
static void mixed(int n, hy::worklist<int> &out) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (i % 3 == 0)
      out.push(i);
    if (i % 3 == 1)
      addTwice(out, i);
    if (i % 11 == 0)
      out.push(i * i + 1000000);
  }
}

// A template kernel over a dependent element type.
template <class T> void scaled(const hy::array<T, 1> &a, T limit, hy::worklist<T> &out) {
#pragma hy parallel for
  for (int i = 0; i < (int)a.size(); ++i)
    for (int k = 1; k <= 3; ++k)
      if (a(i) * T(k) < limit)
        out.push(a(i) * T(k));
}

// BFS levels whose host loop stays on the device on the CUDA target; the
// vertices are claimed with hy::fetch_min, the next frontier is pushed.
static int bfs(const hy::array<int, 1> &off, const hy::array<int, 1> &col, int n,
               hy::array<int, 1> &depth, hy::worklist<int> &frontier, hy::worklist<int> &nextf) {
#pragma hy parallel for
  for (int v = 0; v < n; ++v)
    depth(v) = v == 0 ? 0 : 1 << 30;
  frontier.clear();
  nextf.clear();
  frontier.push(0);
  int level = 0;
  while (frontier.size() > 0) {
#pragma hy parallel for reduction(min : depth)
    for (int f = 0; f < (int)frontier.size(); ++f) {
      const int u = frontier(f);
      for (int e = off(u); e < off(u + 1); ++e)
        if (hy::fetch_min(depth(col(e)), level + 1) > level + 1)
          nextf.push(col(e));
    }
    std::swap(frontier, nextf);
    nextf.clear();
    ++level;
  }
  return level;
}

int main(int argc, char **argv) {
  uint32_t s = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 11u;
  const int n = 20000;
  Graph g = makeGraph(n, 5000, s);
  const int arcs = g.off(n);

  // expand: the frontier is every vertex once, vertex 0 (the hub) first.
  hy::worklist<int> frontier(n), even(arcs), odd(arcs);
  for (int u = 0; u < n; ++u)
    frontier.push(u);
  expand(g.off, g.col, g.w, frontier, even, odd);
  std::vector<int> want_even, want_odd;
  for (int u = 0; u < n; ++u)
    for (int e = g.off(u); e < g.off(u + 1); ++e)
      if (g.w(e) % 3 != 0)
        (g.col(e) % 2 == 0 ? want_even : want_odd).push_back(g.col(e));
  std::sort(want_even.begin(), want_even.end());
  std::sort(want_odd.begin(), want_odd.end());
  require(sorted(even) == want_even, "expand (even heads)");
  require(sorted(odd) == want_odd, "expand (odd heads)");
  print("expand even", want_even);
  print("expand odd", want_odd);

  // burst, twice into the same list (the second call appends).
  const int nb = 50000 + static_cast<int>(s % 1000);
  hy::worklist<long long> bursts(2 * (nb + 3000 * (nb / 1000 + 1)));
  burst(nb, bursts);
  burst(nb / 2, bursts);
  std::vector<long long> want_burst;
  for (int m : {nb, nb / 2})
    for (int i = 0; i < m; ++i) {
      if (i % 7 != 3)
        want_burst.push_back(static_cast<long long>(i) * 5);
      if (i % 1000 == 0)
        for (int j = 0; j < 3000; ++j)
          want_burst.push_back(-static_cast<long long>(i) * 4000 - j);
    }
  std::sort(want_burst.begin(), want_burst.end());
  require(sorted(bursts) == want_burst, "burst");
  print("burst", want_burst);

  // rows
  const int r = 300, c = 1000;
  hy::array<int, 2> m(r, c);
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j)
      m(i, j) = static_cast<int>(e2e::next(s) >> 12) % 1000;
  hy::worklist<int> kept(r * c), seen(r);
  rows(m, kept, seen);
  std::vector<int> want_kept, want_seen;
  for (int i = 0; i < r; ++i) {
    if (i % 5 == 0)
      continue;
    want_seen.push_back(i);
    for (int j = 0; j < c; ++j)
      if (m(i, j) > 600)
        want_kept.push_back(i * c + j);
  }
  require(sorted(kept) == want_kept, "rows (entries)");
  require(sorted(seen) == want_seen, "rows (rows)");
  print("rows kept", want_kept);
  print("rows seen", want_seen);

  // mixed
  const int nm = 30000;
  hy::worklist<int> mix(2 * nm);
  mixed(nm, mix);
  std::vector<int> want_mix;
  for (int i = 0; i < nm; ++i) {
    if (i % 3 == 0)
      want_mix.push_back(i);
    if (i % 3 == 1) {
      want_mix.push_back(i);
      want_mix.push_back(-i - 1);
    }
    if (i % 11 == 0)
      want_mix.push_back(i * i + 1000000);
  }
  std::sort(want_mix.begin(), want_mix.end());
  require(sorted(mix) == want_mix, "mixed");
  print("mixed", want_mix);

  // scaled (double)
  hy::array<double, 1> a(4000);
  for (int i = 0; i < 4000; ++i)
    a(i) = static_cast<double>(e2e::next(s) >> 16) / 64.0;
  hy::worklist<double> sc(3 * 4000);
  scaled(a, 700.0, sc);
  std::vector<double> want_sc;
  for (int i = 0; i < 4000; ++i)
    for (int k = 1; k <= 3; ++k)
      if (a(i) * k < 700.0)
        want_sc.push_back(a(i) * k);
  std::sort(want_sc.begin(), want_sc.end());
  require(sorted(sc) == want_sc, "scaled");
  std::printf("scaled: %zu items\n", want_sc.size());

  // bfs
  hy::array<int, 1> depth(n);
  hy::worklist<int> q(n), nq(n);
  const int levels = bfs(g.off, g.col, n, depth, q, nq);
  std::vector<int> rd(n, 1 << 30), cur{0}, nxt;
  rd[0] = 0;
  for (int l = 0; !cur.empty(); ++l) {
    nxt.clear();
    for (int u : cur)
      for (int e = g.off(u); e < g.off(u + 1); ++e)
        if (rd[g.col(e)] > l + 1) {
          rd[g.col(e)] = l + 1;
          nxt.push_back(g.col(e));
        }
    cur.swap(nxt);
  }
  long long reached = 0;
  for (int v = 0; v < n; ++v) {
    require(depth(v) == rd[v], "bfs depths");
    reached += depth(v) < (1 << 30);
  }
  std::printf("bfs: %d levels, %lld reached\n", levels, reached);
  return 0;
}

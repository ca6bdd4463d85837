// e2e (issue 29 item 2): functions of the file that take arrays by
// reference, called from kernels. A kernel holds its arrays as views on the
// GPU; hyc gives each such helper a __device__ twin over the views, and the
// CPU targets call the helper as written. Covered: a const hy::array<T, 2>&
// read by rows (extent), a const std::vector& (size, []), a hy::worklist&
// pushed to with claim stamps (hy::fetch_max on a reduction array) and a
// distance array lowered with hy::fetch_min (the relaxation of
// delta-stepping, in a template), a helper passing its arrays on to
// another, a helper declared before the kernel and defined after it, one
// marked HY_HD, one also called from host code, and one called from a
// thread loop of a block. Each result is checked against a plain host
// computation, and printed for the targets' comparison.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks expect("array_helpers", e2e::Checks::stop);

// Row r of a, summed (also called from host code below).
static double row_sum(const hy::array<double, 2> &a, int r) {
  double s = 0;
  for (std::size_t c = 0; c < a.extent(1); ++c)
    s += a(r, static_cast<int>(c));
  return s;
}

// The number of entries of v at most x (a helper over a helper's array).
static int at_most(const std::vector<int> &v, int x) {
  int k = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    k += v[i] <= x ? 1 : 0;
  return k;
}
static int rank_in(const std::vector<int> &v, int i) { return at_most(v, v[i]); }

// Declared here, defined after the kernel that calls it.
static long long weigh(const hy::array<int, 1> &w, int i);

// Marked for the device by hand: its twin keeps the mark.
HY_HD inline int clamp_at(const hy::array<int, 1> &a, int i, int hi) { return a(i) < hi ? a(i) : hi; }

// The relaxation of arc (v -> w, length len): lowers dist(w) and queues w
// once per phase (claim stamps) into near or far.
template <class W>
void relax_arc(int w, W d, hy::array<W, 1> &dist, hy::array<long long, 1> &claim, long long phase,
               W limit, hy::worklist<int> &near, hy::worklist<int> &far) {
  if (d < dist(w) && hy::fetch_min(dist(w), d) > d) {
    if (hy::fetch_max(claim(w), phase) < phase) {
      if (d < limit)
        near.push(w);
      else
        far.push(w);
    }
  }
}

void rows(const hy::array<double, 2> &a, hy::array<double, 1> &sums) {
#pragma hy parallel for
  for (int r = 0; r < (int)a.extent(0); ++r)
    sums(r) = row_sum(a, r);
}

void ranks(const std::vector<int> &v, hy::array<int, 1> &rank, const hy::array<int, 1> &w,
           hy::array<long long, 1> &weight, hy::array<int, 1> &clamped) {
#pragma hy parallel for
  for (int i = 0; i < (int)v.size(); ++i) {
    rank(i) = rank_in(v, i);
    weight(i) = weigh(w, i);
    clamped(i) = clamp_at(w, i, 50);
  }
}

static long long weigh(const hy::array<int, 1> &w, int i) {
  return static_cast<long long>(w(i)) * w((i + 1) % static_cast<int>(w.size()));
}

// One relaxation step from every vertex of `front` over a CSR graph, in
// blocks of 32 arcs' threads.
template <class W>
void relax_all(const hy::array<int, 1> &front, const hy::array<int, 1> &off,
               const hy::array<int, 1> &col, const hy::array<W, 1> &len, hy::array<W, 1> &dist,
               hy::array<long long, 1> &claim, long long phase, W limit, hy::worklist<int> &near,
               hy::worklist<int> &far) {
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (int f = 0; f < (int)front.size(); ++f) {
    const int v = front(f);
    const W dv = dist(v);
#pragma hy parallel for into(threads)
    for (int e = off(v); e < off(v + 1); ++e)
      relax_arc(col(e), dv + len(e), dist, claim, phase, limit, near, far);
  }
}

int main() {
  uint32_t seed = 29;
  // Rows.
  const int R = 37, C = 23;
  hy::array<double, 2> a(R, C);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      a(r, c) = static_cast<double>(e2e::next(seed) % 1000) / 8.0;
  hy::array<double, 1> sums(R);
  rows(a, sums);
  for (int r = 0; r < R; ++r) {
    double s = 0;
    for (int c = 0; c < C; ++c)
      s += a(r, c);
    expect(sums(r) == s && row_sum(a, r) == s, "row sums");
    std::printf("row %d %.3f\n", r, sums(r));
  }

  // Ranks, weights, clamps.
  const int n = 200;
  std::vector<int> v(n);
  hy::array<int, 1> w(n), rank(n), clamped(n);
  hy::array<long long, 1> weight(n);
  for (int i = 0; i < n; ++i) {
    v[i] = static_cast<int>(e2e::next(seed) % 97);
    w(i) = static_cast<int>(e2e::next(seed) % 100);
  }
  ranks(v, rank, w, weight, clamped);
  for (int i = 0; i < n; ++i) {
    int k = 0;
    for (int j = 0; j < n; ++j)
      k += v[j] <= v[i];
    expect(rank(i) == k, "ranks");
    expect(weight(i) == static_cast<long long>(w(i)) * w((i + 1) % n), "weights");
    expect(clamped(i) == std::min(w(i), 50), "clamps");
    std::printf("v %d rank %d weight %lld clamp %d\n", i, rank(i), weight(i), clamped(i));
  }

  // Relaxations over a random graph, from a front of vertices.
  const int nv = 300, deg = 9;
  hy::array<int, 1> off(nv + 1), col(nv * deg);
  hy::array<float, 1> len(nv * deg), dist(nv);
  hy::array<long long, 1> claim(nv);
  for (int u = 0; u <= nv; ++u)
    off(u) = u * deg;
  for (int e = 0; e < nv * deg; ++e) {
    col(e) = 10 + static_cast<int>(e2e::next(seed) % (nv - 10)); // the front's distances stay
    len(e) = static_cast<float>(e2e::next(seed) % 64) / 4.0f;
  }
  for (int u = 0; u < nv; ++u) {
    dist(u) = u < 10 ? static_cast<float>(u) : 1e30f;
    claim(u) = -1;
  }
  std::vector<float> ref(dist.data(), dist.data() + nv);
  hy::array<int, 1> front(10);
  for (int f = 0; f < 10; ++f)
    front(f) = f;
  hy::worklist<int> near(nv), far(nv);
  const float limit = 12.0f;
  relax_all(front, off, col, len, dist, claim, 7LL, limit, near, far);
  for (int f = 0; f < 10; ++f)
    for (int e = off(f); e < off(f + 1); ++e)
      ref[col(e)] = std::min(ref[col(e)], ref[f] + len(e));
  std::vector<int> nears, fars;
  for (std::size_t i = 0; i < near.size(); ++i)
    nears.push_back(near(i));
  for (std::size_t i = 0; i < far.size(); ++i)
    fars.push_back(far(i));
  std::sort(nears.begin(), nears.end());
  std::sort(fars.begin(), fars.end());
  std::vector<int> all = nears;
  all.insert(all.end(), fars.begin(), fars.end());
  std::sort(all.begin(), all.end());
  expect(std::adjacent_find(all.begin(), all.end()) == all.end(), "claims (a vertex queued twice)");
  for (int u = 0; u < nv; ++u) {
    expect(dist(u) == ref[u], "distances");
    bool queued = std::binary_search(all.begin(), all.end(), u);
    expect(queued == (claim(u) == 7), "claims");
    std::printf("u %d dist %.2f claim %lld\n", u, dist(u), claim(u));
  }
  std::printf("near+far %zu\n", all.size());
  return 0;
}

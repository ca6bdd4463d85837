// e2e: scattered updates and extremes with their location, each checked in
// the program against a plain serial reference (abort on mismatch) and
// printed for the cross-target comparison:
//  * histograms: through a privatized tile (1-D and 2-D bins, `+` and
//    `max`), and straight into the array with atomics;
//  * argmin / argmax over a large array with planted ties (hy::minloc /
//    hy::maxloc, smallest index wins): across all iterations, and per row
//    with a reduction over the threads of a block;
//  * every hy::fetch_<op>: the values they hand back are order-dependent,
//    so the program checks what every order has in common (the tickets of
//    a bucket are 0..count-1) and prints final values only; on variables of
//    the iteration's own they are the plain update (values printed).
#include <hy/hy.hpp>
#include "e2e_support.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks require("scatter", e2e::Checks::stop);

// 256 bins, a block per 2048 keys; the block's bins live in a privatized
// tile (shared memory on the GPU) and are added to `hist` at the end.
static void histTile(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
#pragma hy parallel for reduction(+ : hist)
  for (int b = 0; b < (n + 2047) / 2048; ++b)
#pragma hy parallel fetch(hist : 256 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 256; ++t)
      for (int i = b * 2048 + t; i < std::min(n, b * 2048 + 2048); i += 256)
        hist(key(i) & 255) += 1;
}

// 16 x 16 bins of the largest weight per (row, column) bucket, in a 2-D
// privatized tile updated with `max` by a thread loop.
static void maxTile(const hy::array<int, 1> &key, const hy::array<int, 1> &weight,
                    hy::array<int, 2> &best, int n) {
#pragma hy parallel for
  for (int b = 0; b < (n + 1023) / 1024; ++b)
#pragma hy parallel fetch(best : 16, 16 : 0, 0 : t)
#pragma hy parallel for into(threads) reduction(max : best)
    for (int t = 0; t < 128; ++t)
      for (int i = b * 1024 + t; i < std::min(n, b * 1024 + 1024); i += 128) {
        const int k = key(i) & 255;
        best(k / 16, k % 16) = std::max(best(k / 16, k % 16), weight(i));
      }
}

// 4096 bins, straight into global memory.
static void histGlobal(const hy::array<int, 1> &key, hy::array<long long, 1> &hist, int n) {
#pragma hy parallel for reduction(+ : hist)
  for (int i = 0; i < n; ++i)
    hist(key(i) & 4095) += 1;
}

// The smallest value and its first position, the largest and its first.
static void extremes(const hy::array<float, 1> &x, int n, hy::minloc<float, int> &lo,
                     hy::maxloc<float, long long> &hi) {
#pragma hy parallel for reduction(min : lo) reduction(max : hi)
  for (int i = 0; i < n; ++i) {
    lo.update(x(i), i);
    hi.update(x(i), i);
  }
}

// Per row: the column of the smallest element (a block per row, its
// threads reduce), and over all rows the row holding the overall minimum.
static void rowArgmin(const hy::array<int, 2> &m, hy::array<int, 1> &col, hy::minloc<int> &all) {
  const int rows = m.extent(0), cols = m.extent(1);
#pragma hy parallel for reduction(min : all)
  for (int r = 0; r < rows; ++r) {
    hy::minloc<int, int> best;
#pragma hy parallel for into(threads) reduction(min : best)
    for (int c = 0; c < cols; ++c)
      best.update(m(r, c), c);
    col(r) = best.index;
    all.update(best.value, r);
  }
}

// Tickets: each key takes the next number of its bucket. Other atomics
// leave final values only.
static void tickets(const hy::array<int, 1> &key, hy::array<int, 1> &ticket,
                    hy::array<int, 1> &count, hy::array<unsigned, 1> &bits,
                    hy::array<long long, 1> &lo, hy::array<double, 1> &hi, int n) {
#pragma hy parallel for reduction(+ : count) reduction(| : bits) reduction(min : lo) \
    reduction(max : hi)
  for (int i = 0; i < n; ++i) {
    const int k = key(i) % 97;
    ticket(i) = hy::fetch_add(count(k), 1);
    hy::fetch_or(bits(k), 1u << (key(i) % 32));
    hy::fetch_min(lo(k), -static_cast<long long>(key(i)) * 3);
    hy::fetch_max(hi(k), key(i) * 0.5);
  }
}

static void xorAnd(const hy::array<int, 1> &key, hy::array<unsigned, 1> &x,
                   hy::array<unsigned, 1> &a, int n) {
#pragma hy parallel for reduction(^ : x) reduction(& : a)
  for (int b = 0; b < (n + 255) / 256; ++b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 256; ++t) {
      const int i = b * 256 + t;
      if (i < n) {
        hy::fetch_xor(x(key(i) % 13), static_cast<unsigned>(key(i)));
        hy::fetch_and(a(key(i) % 13), ~(1u << (key(i) % 32)));
      }
    }
}

// The same updates in a template (the calls are resolved only when it is
// instantiated), into a fetched, privatized tile of the counts: the GPU
// once kept the tile's sums in shared memory and the array on the device.
template <class C>
static void templateCounts(const hy::array<int, 1> &key, hy::array<C, 1> &count,
                           hy::array<C, 1> &most, int n) {
#pragma hy parallel for reduction(+ : count) reduction(max : most)
  for (int b = 0; b < (n + 127) / 128; ++b) {
#pragma hy parallel fetch(count : 29 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t) {
      const int i = b * 128 + t;
      if (i < n) {
        hy::fetch_add(count(key(i) % 29), C(1));
        hy::fetch_max(most(key(i) % 29), C(key(i) % 1000));
      }
    }
  }
}

// hy::fetch_<op> on variables of the iteration's own (issue 26): a local of
// the block's code, locals and a per-thread array of a thread loop, in a
// template. Each is the plain read-modify-write; the GPU build once made a
// device atomic of it on the local's address, and the kernel faulted.
template <class T>
static void localFetches(const hy::array<int, 1> &key, hy::array<T, 1> &out, int n) {
#pragma hy parallel for
  for (int b = 0; b < (n + 63) / 64; ++b) {
    T seen = T(0);
    hy::fetch_add(seen, T(b % 5));
    const T first = hy::fetch_max(seen, T(3));
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t) {
      const int i = b * 64 + t;
      if (i < n) {
        T acc = T(key(i) % 11);
        T own[4] = {T(1), T(2), T(3), T(4)};
        const T a = hy::fetch_add(acc, T(t));
        const T m = hy::fetch_min(own[key(i) % 4], T(key(i) % 3));
        out(i) = a * T(1000) + acc * T(100) + m * T(10) + own[key(i) % 4] + first + seen;
      }
    }
  }
}

static void localBits(const hy::array<int, 1> &key, hy::array<unsigned, 1> &out, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    unsigned f = static_cast<unsigned>(key(i));
    const unsigned o = hy::fetch_or(f, 1u << (i % 32));
    const unsigned x = hy::fetch_xor(f, o >> 3);
    out(i) = hy::fetch_and(f, 0xff00ffu) ^ x ^ f;
  }
}

// Tickets handed out across blocks while a fetched, privatized tile
// counts hits: the tickets come from the array itself, which is not
// fetched (a fetched one is an error: its tile starts from 0 in every
// block, so tickets would repeat across blocks).
static void ticketsBesideTile(const hy::array<int, 1> &key, hy::array<int, 1> &count,
                              hy::array<int, 1> &hits, hy::array<int, 1> &ticket, int n) {
#pragma hy parallel for reduction(+ : count) reduction(+ : hits)
  for (int b = 0; b < (n + 255) / 256; ++b) {
#pragma hy parallel fetch(hits : 8 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 256; ++t) {
      const int i = b * 256 + t;
      if (i < n) {
        ticket(i) = hy::fetch_add(count(key(i) % 5), 1);
        hy::fetch_add(hits(key(i) % 8), 1);
      }
    }
  }
}

int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 11u;
  const int n = 200000;
  hy::array<int, 1> key(n), weight(n);
  hy::array<float, 1> x(n);
  for (int i = 0; i < n; ++i) {
    key(i) = static_cast<int>(e2e::next(seed) >> 4) & 0x3fffffff;
    weight(i) = static_cast<int>(e2e::next(seed) >> 12) % 100000 - 50000;
    x(i) = static_cast<float>(static_cast<int>(e2e::next(seed) >> 9) % 20001 - 10000) * 0.5f;
  }
  // Ties at both extremes, the first one after position 0.
  const int firstMin = 1 + static_cast<int>(e2e::next(seed) % (n / 2));
  const int firstMax = 1 + static_cast<int>(e2e::next(seed) % (n / 2));
  for (int i : {firstMin, firstMin + 7, n - 1})
    x(i) = -6000.0f;
  for (int i : {firstMax, firstMax + 3, n - 2})
    x(i) = 6000.0f;

  hy::array<int, 1> hist(256);
  histTile(key, hist, n);
  std::vector<int> rh(256, 0);
  for (int i = 0; i < n; ++i)
    ++rh[key(i) & 255];
  unsigned long long hs = 0;
  for (int b = 0; b < 256; ++b) {
    require(hist(b) == rh[b], "privatized histogram");
    hs = hs * 31 + hist(b);
  }
  std::printf("histogram 256 (tile): %llu\n", hs);

  hy::array<int, 2> best(16, 16);
  best.fill(-1000000);
  maxTile(key, weight, best, n);
  std::vector<int> rb(256, -1000000);
  for (int i = 0; i < n; ++i)
    rb[key(i) & 255] = std::max(rb[key(i) & 255], weight(i));
  unsigned long long bs = 0;
  for (int k = 0; k < 256; ++k) {
    require(best(k / 16, k % 16) == rb[k], "privatized 2-D max");
    bs = bs * 31 + best(k / 16, k % 16);
  }
  std::printf("max 16x16 (tile): %llu\n", bs);

  hy::array<long long, 1> big(4096);
  histGlobal(key, big, n);
  std::vector<long long> rbig(4096, 0);
  for (int i = 0; i < n; ++i)
    ++rbig[key(i) & 4095];
  unsigned long long gs = 0;
  for (int b = 0; b < 4096; ++b) {
    require(big(b) == rbig[b], "global histogram");
    gs = gs * 31 + big(b);
  }
  std::printf("histogram 4096 (global): %llu\n", gs);

  hy::minloc<float, int> lo;
  hy::maxloc<float, long long> hi;
  extremes(x, n, lo, hi);
  require(lo.value == -6000.0f && lo.index == firstMin, "argmin with ties");
  require(hi.value == 6000.0f && hi.index == firstMax, "argmax with ties");
  std::printf("argmin %.1f at %d, argmax %.1f at %lld\n", lo.value, lo.index, hi.value, hi.index);

  const int rows = 300, cols = 700;
  hy::array<int, 2> mat(rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      mat(r, c) = static_cast<int>(e2e::next(seed) >> 16) % 50; // many ties per row
  hy::array<int, 1> argcol(rows);
  hy::minloc<int> all;
  rowArgmin(mat, argcol, all);
  unsigned long long as = 0;
  hy::minloc<int> rall;
  for (int r = 0; r < rows; ++r) {
    int bc = 0;
    for (int c = 1; c < cols; ++c)
      if (mat(r, c) < mat(r, bc))
        bc = c;
    require(argcol(r) == bc, "row argmin");
    rall.update(mat(r, bc), r);
    as = as * 7 + argcol(r);
  }
  require(all.value == rall.value && all.index == rall.index, "argmin over rows");
  std::printf("row argmin %llu, overall %d in row %lld\n", as, all.value, all.index);

  hy::array<int, 1> ticket(n), count(97);
  hy::array<unsigned, 1> bits(97);
  hy::array<long long, 1> least(97);
  hy::array<double, 1> most(97);
  least.fill(0);
  most.fill(-1.0);
  tickets(key, ticket, count, bits, least, most, n);
  std::vector<std::vector<int>> seen(97);
  for (int i = 0; i < n; ++i)
    seen[key(i) % 97].push_back(ticket(i));
  unsigned long long ts = 0;
  for (int k = 0; k < 97; ++k) {
    std::sort(seen[k].begin(), seen[k].end());
    for (size_t j = 0; j < seen[k].size(); ++j)
      require(seen[k][j] == static_cast<int>(j), "tickets 0..count-1");
    require(count(k) == static_cast<int>(seen[k].size()), "ticket counts");
    unsigned rbits = 0;
    long long rl = 0;
    double rm = -1.0;
    for (int i = 0; i < n; ++i)
      if (key(i) % 97 == k) {
        rbits |= 1u << (key(i) % 32);
        rl = std::min(rl, -static_cast<long long>(key(i)) * 3);
        rm = std::max(rm, key(i) * 0.5);
      }
    require(bits(k) == rbits && least(k) == rl && most(k) == rm, "fetch_or/min/max");
    ts = ts * 31 + count(k) + bits(k) + static_cast<unsigned long long>(least(k)) +
         static_cast<unsigned long long>(most(k));
  }
  std::printf("tickets %llu\n", ts);

  hy::array<unsigned, 1> xs(13), as2(13);
  as2.fill(~0u);
  xorAnd(key, xs, as2, n);
  for (int k = 0; k < 13; ++k) {
    unsigned rx = 0, ra = ~0u;
    for (int i = 0; i < n; ++i)
      if (key(i) % 13 == k) {
        rx ^= static_cast<unsigned>(key(i));
        ra &= ~(1u << (key(i) % 32));
      }
    require(xs(k) == rx && as2(k) == ra, "fetch_xor/and");
    std::printf("bucket %d: %u %u\n", k, xs(k), as2(k));
  }

  hy::array<long long, 1> tc(29), tm(29);
  tm.fill(-1);
  templateCounts(key, tc, tm, n);
  for (int k = 0; k < 29; ++k) {
    long long rc = 0, rm = -1;
    for (int i = 0; i < n; ++i)
      if (key(i) % 29 == k) {
        ++rc;
        rm = std::max(rm, static_cast<long long>(key(i) % 1000));
      }
    require(tc(k) == rc && tm(k) == rm, "template fetch_add/max into a tile");
    std::printf("template bucket %d: %lld %lld\n", k, tc(k), tm(k));
  }

  hy::array<long long, 1> lint(n);
  hy::array<double, 1> ldbl(n);
  localFetches(key, lint, n);
  localFetches(key, ldbl, n);
  unsigned long long ls = 0;
  for (int i = 0; i < n; ++i) {
    const int b = i / 64, t = i % 64;
    const long long seen = std::max(b % 5, 3), first = b % 5;
    const long long acc = key(i) % 11, m = std::min(key(i) % 4 + 1, key(i) % 3);
    const long long want = acc * 1000 + (acc + t) * 100 + (key(i) % 4 + 1) * 10 + m + first + seen;
    require(lint(i) == want && ldbl(i) == static_cast<double>(want), "fetch_<op> on locals");
    ls = ls * 31 + static_cast<unsigned long long>(want);
  }
  std::printf("local fetches %llu\n", ls);

  hy::array<unsigned, 1> lbits(n);
  localBits(key, lbits, n);
  unsigned long long lb = 0;
  for (int i = 0; i < n; ++i) {
    const unsigned k0 = static_cast<unsigned>(key(i)), o = k0 | (1u << (i % 32));
    const unsigned f = o ^ (k0 >> 3);
    require(lbits(i) == (f ^ o ^ (f & 0xff00ffu)), "fetch_or/xor/and on a local");
    lb = lb * 31 + lbits(i);
  }
  std::printf("local bits %llu\n", lb);

  hy::array<int, 1> cnt5(5), hits(8), tk(n);
  ticketsBesideTile(key, cnt5, hits, tk, n);
  std::vector<std::vector<int>> got(5);
  std::vector<int> rhits(8, 0);
  for (int i = 0; i < n; ++i) {
    got[key(i) % 5].push_back(tk(i));
    ++rhits[key(i) % 8];
  }
  for (int k = 0; k < 5; ++k) {
    std::sort(got[k].begin(), got[k].end());
    for (size_t j = 0; j < got[k].size(); ++j)
      require(got[k][j] == static_cast<int>(j), "tickets across blocks beside a tile");
    require(cnt5(k) == static_cast<int>(got[k].size()), "ticket counts beside a tile");
    std::printf("tickets beside a tile %d: %d\n", k, cnt5(k));
  }
  for (int k = 0; k < 8; ++k)
    require(hits(k) == rhits[k], "privatized hits beside tickets");
  return 0;
}

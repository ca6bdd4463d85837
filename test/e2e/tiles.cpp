// e2e: every way a fetched tile is copied, read-only and written back. The
// GPU copies a constant 2-D tile of a hy::array with tile_load/tile_store and
// every other tile with a general loop (1-D, 3-D, std::vector, runtime
// sizes, permuted storage order); the CPU builds ignore fetch, so only the
// GPU check (scripts/gpu-check.sh) runs these copies. Each part is checked
// against a plain host computation in the program, which aborts on a
// mismatch, and prints a hash that the serial build is compared with.
// Tiles that are written do not overlap between blocks (each block writes
// back its whole tile); some reach past the array's end, where the copies
// skip the missing elements. The last part is Floyd-Warshall's phase-1
// shape: a serial loop inside a fetch whose iterations need a barrier.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static int draw(uint32_t &s, int range) { return static_cast<int>((e2e::next(s) >> 8) % range); }

constexpr int L = 64;

// 1-D tiles of hy::array (general copy, constant size): `in` read-only,
// `out` written; each thread reads another thread's element of `in`.
void reverse1(const hy::array<int, 1> &in, hy::array<int, 1> &out, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
    const int o = b * L;
#pragma hy parallel fetch(in : L : o : t)
#pragma hy parallel fetch(out : L : o : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < L; ++t)
      out(o + t) = out(o + t) * 3 + in(o + L - 1 - t);
  }
}

// std::vector tiles: `v` written, of a runtime size (dynamic shared memory);
// `w` read-only, of a constant size.
void vectors(std::vector<double> &v, const std::vector<double> &w, int problems, int len) {
#pragma hy parallel for
  for (int p = 0; p < problems; ++p) {
#pragma hy parallel fetch(w : 32 : p * 32 : t)
#pragma hy parallel fetch(v : len : p * len : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < len; ++t)
      v[p * len + t] = v[p * len + t] * 2 - w[p * 32 + (t * 7) % 32];
  }
}

// 3-D tiles: `c` written and stored in the order (x, z, y) (rows of 16
// doubles, 128 bytes, get padded), `g` read-only in array order. The last
// block's tiles reach one plane past the arrays' end when nz is odd.
void cube(hy::array<double, 3> &c, const hy::array<double, 3> &g, int nz) {
#pragma hy parallel for
  for (int b = 0; b < (nz + 1) / 2; ++b) {
#pragma hy parallel fetch(g : 2, 16, 8 : 2 * b, 0, 0 : z, y)
#pragma hy parallel fetch(c : 2, 16, 8 : 2 * b, 0, 0 : z, y : 2, 0, 1)
#pragma hy parallel for into(threads)
    for (int z = 0; z < 2; ++z)
#pragma hy parallel for into(threads)
      for (int y = 0; y < 16; ++y)
        if (2 * b + z < nz)
          for (int x = 0; x < 8; ++x)
            c(2 * b + z, y, x) = c(2 * b + z, y, x) * 2 + g(2 * b + z, 15 - y, 7 - x);
  }
}

// 2-D tiles of runtime height w: `d` written and stored transposed (each
// thread runs down its own column, a prefix sum), `add` read-only in array
// order. The last block's tiles reach past the last column.
void columns(hy::array<int, 2> &d, const hy::array<int, 2> &add, int nb, int w, int cols) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(add : w, 16 : 0, b * 16 : c)
#pragma hy parallel fetch(d : w, 16 : 0, b * 16 : c : 1, 0)
#pragma hy parallel for into(threads)
    for (int c = 0; c < 16; ++c)
      if (b * 16 + c < cols)
        for (int r = 1; r < w; ++r)
          d(r, b * 16 + c) += d(r - 1, b * 16 + c) + add(w - 1 - r, b * 16 + 15 - c);
  }
}

// A constant 2-D tile written through the fast path, stored transposed
// (tile_store of a transposed tile; rows of 32 floats are padded).
void transposed(hy::array<float, 2> &m, int nb) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj) {
#pragma hy parallel fetch(m : 32, 32 : bi * 32, bj * 32 : i, j : 1, 0)
#pragma hy parallel for into(threads)
      for (int i = 0; i < 32; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < 32; ++j)
          m(bi * 32 + i, bj * 32 + j) = m(bi * 32 + i, bj * 32 + j) * 2 + static_cast<float>(i - j);
    }
}

// A 1-D tile fetched inside a thread nest (every thread copies, then each
// updates its own element) and written back.
void inNest(hy::array<int, 1> &q, int nb) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b)
#pragma hy parallel for into(threads)
    for (int ty = 0; ty < 4; ++ty)
#pragma hy parallel for into(threads)
      for (int tx = 0; tx < 16; ++tx) {
#pragma hy parallel fetch(q : 64 : b * 64 : ty, tx)
        q(b * 64 + ty * 16 + tx) += ty * 100 + tx;
      }
}

// Floyd-Warshall's phase-1 shape on 1-D tiles: a serial loop inside the
// fetch, two thread nests per step that read their neighbours' elements, so
// the steps are separated by barriers (between the nests and at the end of
// each step), and both tiles go back at the end.
void smooth(hy::array<int, 1> &a, hy::array<int, 1> &s, int nb, int steps) {
  const int S = 256;
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
    const int o = b * S;
#pragma hy parallel fetch(a : S : o : t)
#pragma hy parallel fetch(s : S : o : t)
    for (int k = 0; k < steps; ++k) {
#pragma hy parallel for into(threads)
      for (int t = 0; t < S; ++t)
        s(o + t) = a(o + t) + a(o + (t + 1) % S);
#pragma hy parallel for into(threads)
      for (int t = 0; t < S; ++t)
        a(o + t) = s(o + (t + S - 1) % S) - k;
    }
  }
}

static e2e::Checks expect("tiles", e2e::Checks::stop);

template <class A>
static unsigned long long hashOf(const A &a) {
  unsigned long long h = 0;
  for (size_t i = 0; i < a.size(); ++i)
    h = h * 1000003u + static_cast<unsigned long long>(static_cast<long long>(a.data()[i] * 2));
  return h;
}

// The input comes from a seed: argv[1] when given (the GPU check draws fresh
// ones), else a fixed default.
int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 31u;

  const int nb1 = 5;
  hy::array<int, 1> in(nb1 * L), out(nb1 * L);
  for (int i = 0; i < nb1 * L; ++i) {
    in(i) = draw(seed, 1000);
    out(i) = draw(seed, 1000) - 500;
  }
  std::vector<int> want1(nb1 * L);
  for (int i = 0; i < nb1 * L; ++i)
    want1[i] = out(i) * 3 + in(i / L * L + L - 1 - i % L);
  reverse1(in, out, nb1);
  for (int i = 0; i < nb1 * L; ++i)
    expect(out(i) == want1[i], "1-D tiles");
  std::printf("1-D %llu\n", hashOf(out));

  const int problems = 7, len = 40;
  std::vector<double> v(problems * len), w(problems * 32);
  for (double &x : v)
    x = draw(seed, 2000) - 1000;
  for (double &x : w)
    x = draw(seed, 100) * 0.5;
  std::vector<double> want2(v.size());
  for (int p = 0; p < problems; ++p)
    for (int t = 0; t < len; ++t)
      want2[p * len + t] = v[p * len + t] * 2 - w[p * 32 + (t * 7) % 32];
  vectors(v, w, problems, len);
  expect(v == want2, "std::vector tiles");
  std::printf("vector %llu\n", hashOf(v));

  const int nz = 7;
  hy::array<double, 3> c(nz, 16, 8), g(nz, 16, 8);
  for (size_t i = 0; i < c.size(); ++i) {
    c.data()[i] = draw(seed, 1000);
    g.data()[i] = draw(seed, 64) * 0.25;
  }
  hy::array<double, 3> want3 = c;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 8; ++x)
        want3(z, y, x) = c(z, y, x) * 2 + g(z, 15 - y, 7 - x);
  cube(c, g, nz);
  for (size_t i = 0; i < c.size(); ++i)
    expect(c.data()[i] == want3.data()[i], "3-D tiles");
  std::printf("3-D %llu\n", hashOf(c));

  const int rows = 21, nb4 = 3, cols = nb4 * 16 - 5;
  hy::array<int, 2> d(rows, cols), add(rows, nb4 * 16);
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < nb4 * 16; ++col) {
      if (col < cols)
        d(r, col) = draw(seed, 100);
      add(r, col) = draw(seed, 10);
    }
  hy::array<int, 2> want4 = d;
  for (int col = 0; col < cols; ++col)
    for (int r = 1; r < rows; ++r)
      want4(r, col) += want4(r - 1, col) + add(rows - 1 - r, col / 16 * 16 + 15 - col % 16);
  columns(d, add, nb4, rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < cols; ++col)
      expect(d(r, col) == want4(r, col), "2-D runtime-size tiles");
  std::printf("2-D runtime size %llu\n", hashOf(d));

  const int nb5 = 3;
  hy::array<float, 2> m(nb5 * 32, nb5 * 32);
  for (size_t i = 0; i < m.size(); ++i)
    m.data()[i] = static_cast<float>(draw(seed, 512));
  hy::array<float, 2> want5 = m;
  for (int i = 0; i < nb5 * 32; ++i)
    for (int j = 0; j < nb5 * 32; ++j)
      want5(i, j) = m(i, j) * 2 + static_cast<float>(i % 32 - j % 32);
  transposed(m, nb5);
  for (size_t i = 0; i < m.size(); ++i)
    expect(m.data()[i] == want5.data()[i], "transposed 2-D tile");
  std::printf("transposed %llu\n", hashOf(m));

  const int nb6 = 4;
  hy::array<int, 1> q(nb6 * 64);
  for (int i = 0; i < nb6 * 64; ++i)
    q(i) = draw(seed, 1000);
  std::vector<int> want6(nb6 * 64);
  for (int i = 0; i < nb6 * 64; ++i)
    want6[i] = q(i) + i % 64 / 16 * 100 + i % 16;
  inNest(q, nb6);
  for (int i = 0; i < nb6 * 64; ++i)
    expect(q(i) == want6[i], "tile fetched in a thread nest");
  std::printf("in nest %llu\n", hashOf(q));

  const int nb7 = 3, S = 256, steps = 9;
  hy::array<int, 1> a(nb7 * S), s(nb7 * S);
  for (int i = 0; i < nb7 * S; ++i)
    a(i) = draw(seed, 1000);
  std::vector<int> ra(a.data(), a.data() + a.size()), rs(ra.size(), 0);
  for (int b = 0; b < nb7; ++b)
    for (int k = 0; k < steps; ++k) {
      for (int t = 0; t < S; ++t)
        rs[b * S + t] = ra[b * S + t] + ra[b * S + (t + 1) % S];
      for (int t = 0; t < S; ++t)
        ra[b * S + t] = rs[b * S + (t + S - 1) % S] - k;
    }
  smooth(a, s, nb7, steps);
  for (int i = 0; i < nb7 * S; ++i)
    expect(a(i) == ra[i] && s(i) == rs[i], "serial loop inside a fetch");
  std::printf("smooth %llu %llu\n", hashOf(a), hashOf(s));
  return 0;
}

// e2e: tiles with halos (2-D 5-point stencil, 16x16 threads reading an
// 18x18 tile), a permuted fetch (transpose), successive thread loops that
// need barriers, block-uniform if/while, helper functions, std::vector in a
// kernel, a template function, many small problems at one block each,
// if-branches without braces around nests and block-level writes (and in
// host code after a kernel), and `continue` in a thread loop.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <cstdlib>
#include <cstdint>
#include <cstdio>
#include <vector>

static uint32_t next(uint32_t &s) { return s = s * 1664525u + 1013904223u; }

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static int weight(int v) { return clampi(v, 0, 1000) + 1; }

// In-program references: each part is recomputed by plain host code, and a
// difference stops the program (so a wrong GPU result fails even where the
// serial build would print the same wrong line).
static e2e::Checks expect("stencil", e2e::Checks::stop);

// 5-point stencil on the interior; A has a 1-element border.
void stencil(const hy::array<int, 2> &A, hy::array<int, 2> &Out, int nb) {
  const int B = 16;
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj) {
      int oi = bi * B, oj = bj * B;
#pragma hy parallel fetch(A : B + 2, B + 2 : oi, oj : i, j)
      {
#pragma hy parallel for into(threads)
        for (int i = 0; i < B; ++i)
#pragma hy parallel for into(threads)
          for (int j = 0; j < B; ++j)
            Out(oi + i, oj + j) = A(oi + i + 1, oj + j + 1) * 4 - A(oi + i, oj + j + 1) -
                                  A(oi + i + 2, oj + j + 1) - A(oi + i + 1, oj + j) -
                                  A(oi + i + 1, oj + j + 2);
      }
    }
}

// Transpose through a permuted tile: each thread reads a column of the tile.
void transpose(const hy::array<int, 2> &A, hy::array<int, 2> &T, int n) {
  const int B = 8;
#pragma hy parallel for
  for (int b = 0; b < n / B; ++b) {
    int o = b * B;
#pragma hy parallel fetch(A : n, B : 0, o : r : 1, 0)
#pragma hy parallel for into(threads)
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < n; ++c)
        T(o + r, c) = A(c, o + r);
  }
}

// Many small problems, one block each: per problem, a prefix-sum-like pass
// in two thread loops separated by a barrier, block-uniform control flow.
template <class T>
void smallProblems(const std::vector<T> &in, std::vector<T> &out, hy::array<T, 2> &scratch,
                   int problems, int len) {
#pragma hy parallel for
  for (int p = 0; p < problems; ++p) {
    int base = p * len;
#pragma hy parallel for into(threads)
    for (int t = 0; t < len; ++t)
      scratch(p, t) = in[base + t] * T(2);
    // The second loop reads what the first wrote (neighbour): barrier.
#pragma hy parallel for into(threads)
    for (int t = 0; t < len; ++t)
      out[base + t] = scratch(p, t) + scratch(p, (t + 1) % len);
    int rounds = p % 3;
    while (rounds > 0) {
#pragma hy parallel for into(threads)
      for (int t = 0; t < len; ++t)
        scratch(p, t) = out[base + t] + T(weight(t));
#pragma hy parallel for into(threads)
      for (int t = 0; t < len; ++t)
        out[base + t] = scratch(p, (t + len - 1) % len);
      --rounds;
    }
    if (p % 2 == 0) {
#pragma hy parallel for into(threads)
      for (int t = 0; t < len; ++t)
        out[base + t] = -out[base + t];
    }
  }
}

// smallProblems on the host, one problem after the other.
template <class T>
std::vector<T> smallReference(const std::vector<T> &in, int problems, int len) {
  std::vector<T> out(in.size()), scratch(len);
  for (int p = 0; p < problems; ++p) {
    T *o = &out[p * len];
    for (int t = 0; t < len; ++t)
      scratch[t] = in[p * len + t] * T(2);
    for (int t = 0; t < len; ++t)
      o[t] = scratch[t] + scratch[(t + 1) % len];
    for (int rounds = p % 3; rounds > 0; --rounds) {
      for (int t = 0; t < len; ++t)
        scratch[t] = o[t] + T(weight(t));
      for (int t = 0; t < len; ++t)
        o[t] = scratch[(t + len - 1) % len];
    }
    if (p % 2 == 0)
      for (int t = 0; t < len; ++t)
        o[t] = -o[t];
  }
  return out;
}

// The input comes from a seed: argv[1] when given (the GPU check draws fresh
// ones), else a fixed default.
// Rows of even index keep a tag in c and get their negative values doubled
// (a thread skips the others with `continue`); odd rows are set to 7. The
// branches have no braces on purpose: code hyc puts in front of a branch
// must not take the `else` away from its `if`.
int branches(hy::array<int, 2> &a, hy::array<int, 1> &c, int n, bool again) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    if (i % 2 == 0)
      c(i) = i + 100;
    else
#pragma hy parallel for into(threads)
      for (int t = 0; t < 32; ++t)
        a(i, t) = 7;
    if (i % 2 == 0)
#pragma hy parallel for into(threads)
      for (int t = 0; t < 32; ++t) {
        if (a(i, t) >= 0)
          continue;
        a(i, t) *= 2;
      }
  }
  if (again)
    return branches(a, c, n, false);
  else
    c(0) += 1;
  return c(0);
}

int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 12345u;
  const int nb = 4, B = 16, n = nb * B;
  hy::array<int, 2> A(n + 2, n + 2), Out(n, n);
  for (int i = 0; i < n + 2; ++i)
    for (int j = 0; j < n + 2; ++j)
      A(i, j) = static_cast<int>(next(seed) % 1000);
  stencil(A, Out, nb);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      expect(Out(i, j) == A(i + 1, j + 1) * 4 - A(i, j + 1) - A(i + 2, j + 1) - A(i + 1, j) -
                              A(i + 1, j + 2),
             "stencil");
  unsigned long long cs = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      cs = cs * 31 + Out(i, j);
  std::printf("stencil %llu %d %d\n", cs, Out(0, 0), Out(n - 1, n - 1));

  const int m = 32;
  hy::array<int, 2> M(m, m), T(m, m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      M(i, j) = static_cast<int>(next(seed) % 100000);
  transpose(M, T, m);
  long long ok = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      ok += T(i, j) == M(j, i);
  std::printf("transpose %lld of %d, T(3,5)=%d\n", ok, m * m, T(3, 5));
  expect(ok == m * m, "transpose");

  const int problems = 37, len = 24;
  std::vector<long long> in(problems * len), out(problems * len);
  for (auto &v : in)
    v = static_cast<long long>(next(seed) % 5000) - 2500;
  hy::array<long long, 2> scratch(problems, len);
  smallProblems(in, out, scratch, problems, len);
  expect(out == smallReference(in, problems, len), "small problems (long long)");
  long long sum = 0;
  unsigned long long h = 0;
  for (long long v : out) {
    sum += v;
    h = h * 1000003u + static_cast<unsigned long long>(v);
  }
  std::vector<double> ind(problems * len), outd(problems * len);
  for (size_t i = 0; i < ind.size(); ++i)
    ind[i] = static_cast<double>(in[i]) * 0.5; // exact in double
  hy::array<double, 2> scratchd(problems, len);
  smallProblems(ind, outd, scratchd, problems, len);
  expect(outd == smallReference(ind, problems, len), "small problems (double)");
  double dsum = 0;
  for (double v : outd)
    dsum += v;
  std::printf("small %lld %llu %.1f\n", sum, h, dsum);
  hy::array<int, 2> br(9, 32);
  hy::array<int, 1> tag(9);
  for (int i = 0; i < 9; ++i)
    for (int t = 0; t < 32; ++t)
      br(i, t) = static_cast<int>(next(seed) % 200) - 100;
  hy::array<int, 2> brWant = br;
  const int c0 = branches(br, tag, 9, true);
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 9; ++i)
      for (int t = 0; t < 32; ++t)
        brWant(i, t) = i % 2 ? 7 : brWant(i, t) < 0 ? brWant(i, t) * 2 : brWant(i, t);
  for (int i = 0; i < 9; ++i) {
    expect(i % 2 || tag(i) == i + 100 + (i == 0), "branches (tags)");
    for (int t = 0; t < 32; ++t)
      expect(br(i, t) == brWant(i, t), "branches");
  }
  expect(c0 == 101, "branches (result)");
  long long bsum = 0;
  for (int i = 0; i < 9; ++i) {
    bsum = bsum * 7 + tag(i) * (i % 2 == 0);
    for (int t = 0; t < 32; ++t)
      bsum += br(i, t) * (t + 1);
  }
  std::printf("branches %d %lld\n", c0, bsum);
  std::printf("checksum %llu\n", cs ^ static_cast<unsigned long long>(ok + sum) ^ h);
  return 0;
}

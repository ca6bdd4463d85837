// e2e: register rows and fetches inside thread nests, the shape of the
// Floyd-Warshall sample's phase 3. Each thread owns an RY x RX sub-tile of C,
// read straight from the array into registers (on the GPU each of its rows
// moves as one vector where the array's rows are aligned for it, element by
// element otherwise: both kinds of array are here), updated from a tile that
// is fetched inside the thread's one-iteration nest and written back; a later
// nest reads other threads' results, so it needs the barrier that the fetch
// (nothing to write back) no longer ends with. A 1-D std::vector case moves
// runs whose start is and is not a multiple of the vector width. Rows of 4
// int or float are one 16-byte vector, of 4 double two. Last, a lambda that
// reads an array a kernel wrote, called after the kernel.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static uint32_t next(uint32_t &s) { return s = s * 22695477u + 1u; }

constexpr int TY = 4, TX = 8, RY = 2, RX = 4, K = 8;

// C(rows, cols) += A(rows, 0..K) (x) weights, over the leading
// (rb * TY * RY) x (cb * TX * RX) part; S gets, per thread, an element of
// the sub-tile of the thread mirrored across the block.
template <class T>
void update(hy::array<T, 2> &C, const hy::array<T, 2> &A, hy::array<T, 2> &S, int rb, int cb) {
#pragma hy parallel for
  for (int bi = 0; bi < rb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < cb; ++bj) {
      const int r0 = bi * TY * RY, c0 = bj * TX * RX;
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < TY; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < TX; ++tx) {
          T acc[RY][RX];
          for (int a = 0; a < RY; ++a)
            for (int b = 0; b < RX; ++b)
              acc[a][b] = C(r0 + ty * RY + a, c0 + tx * RX + b);
#pragma hy parallel fetch(A : TY * RY, K : r0, 0 : ty, tx)
          for (int k = 0; k < K; ++k)
            for (int a = 0; a < RY; ++a)
              for (int b = 0; b < RX; ++b)
                acc[a][b] += A(r0 + ty * RY + a, k) * static_cast<T>(k + b + 1);
          for (int a = 0; a < RY; ++a)
            for (int b = 0; b < RX; ++b)
              C(r0 + ty * RY + a, c0 + tx * RX + b) = acc[a][b];
        }
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < TY; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < TX; ++tx)
          S(bi * TY + ty, bj * TX + tx) =
              C(r0 + (TY - 1 - ty) * RY, c0 + (TX - 1 - tx) * RX + RX - 1);
    }
}

// v(off + i) = 3 * w(off + i) + i % 4 over runs of 4 per thread.
void runs(std::vector<int> &v, const std::vector<int> &w, int nb, int off) {
#pragma hy parallel for
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 32; ++t) {
      int r[4];
      for (int b = 0; b < 4; ++b) r[b] = w[off + bi * 128 + t * 4 + b];
      for (int b = 0; b < 4; ++b) r[b] = 3 * r[b] + b;
      for (int b = 0; b < 4; ++b) v[off + bi * 128 + t * 4 + b] = r[b];
    }
}

// A lambda that reads an array the kernel wrote, called after the kernel in
// the same function: the GPU build must sync the array before the calls.
long long lambda_after(std::vector<int> &v, int n) {
  long long sum = 0;
  auto add = [&](int i) { sum += v[i] * (i % 7 + 1); };
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    v[i] = 2 * v[i] + i;
  for (int i = 0; i < n; ++i)
    add(i);
  return sum;
}

template <class T>
void fill(hy::array<T, 2> &M, uint32_t &seed) {
  for (long long i = 0; i < static_cast<long long>(M.extent(0)); ++i)
    for (long long j = 0; j < static_cast<long long>(M.extent(1)); ++j)
      M(i, j) = static_cast<T>(static_cast<int>((next(seed) >> 8) % 200) - 100) / static_cast<T>(4);
}

template <class T>
unsigned long long hash(const hy::array<T, 2> &M) {
  unsigned long long h = 0;
  for (long long i = 0; i < static_cast<long long>(M.extent(0)); ++i)
    for (long long j = 0; j < static_cast<long long>(M.extent(1)); ++j)
      h = h * 1000003u + static_cast<unsigned long long>(static_cast<long long>(M(i, j) * 4));
  return h;
}

// In-program references: a difference from plain host code stops the program.
static e2e::Checks expect("rows", e2e::Checks::stop);

template <class T>
void check(const char *name, int extra, uint32_t &seed) {
  const int rb = 3, cb = 2, rows = rb * TY * RY, cols = cb * TX * RX + extra;
  hy::array<T, 2> C(rows, cols), A(rows, K), S(rb * TY, cb * TX);
  fill(C, seed);
  fill(A, seed);
  hy::array<T, 2> want = C; // every value a multiple of 1/4: exact in any order
  for (int round = 0; round < 2; ++round)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cb * TX * RX; ++c)
        for (int k = 0; k < K; ++k)
          want(r, c) += A(r, k) * static_cast<T>(k + c % RX + 1);
  update<T>(C, A, S, rb, cb);
  update<T>(C, A, S, rb, cb);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      expect(C(r, c) == want(r, c), "%s", name);
  for (int y = 0; y < rb * TY; ++y)
    for (int x = 0; x < cb * TX; ++x)
      expect(S(y, x) == want(y / TY * TY * RY + (TY - 1 - y % TY) * RY,
                             x / TX * TX * RX + (TX - 1 - x % TX) * RX + RX - 1),
             "%s", name);
  std::printf("%s %d x %d: C %llu S %llu\n", name, rows, cols, hash(C), hash(S));
}

// The input comes from a seed: argv[1] when given (the GPU check draws fresh
// ones), else a fixed default.
int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 7u;
  check<int>("int, aligned rows", 0, seed);
  check<int>("int, row length 3 over", 3, seed);
  check<float>("float, row length 2 over", 2, seed);
  check<double>("double, aligned rows", 0, seed);
  check<double>("double, row length 1 over", 1, seed);
  const int nb = 3;
  std::vector<int> w(nb * 128 + 8), v(nb * 128 + 8, -1);
  for (int &x : w)
    x = static_cast<int>((next(seed) >> 8) % 1000);
  for (int off : {0, 1, 4}) {
    runs(v, w, nb, off);
    for (int i = 0; i < nb * 128; ++i)
      expect(v[off + i] == 3 * w[off + i] + i % 4, "vector runs");
    unsigned long long h = 0;
    for (int x : v)
      h = h * 1000003u + static_cast<unsigned>(x);
    std::printf("vector runs from %d: %llu\n", off, h);
  }
  long long lambdaWant = 0;
  for (int i = 0; i < static_cast<int>(v.size()); ++i)
    lambdaWant += (2 * v[i] + i) * (i % 7 + 1);
  const long long lambdaSum = lambda_after(v, static_cast<int>(v.size()));
  expect(lambdaSum == lambdaWant, "lambda after a kernel");
  std::printf("lambda after a kernel: %lld\n", lambdaSum);
  return 0;
}

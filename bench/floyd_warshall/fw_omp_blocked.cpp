// Baseline: hand-tuned blocked Floyd-Warshall for CPUs. Rounds of the three
// phases over BS x BS tiles; phase 3 (almost all the work) is a min-plus
// product per tile whose inner kernel keeps RI rows x BS columns of the
// tile in vector registers across the whole k loop (BS int32 per row = four
// AVX-512 or eight AVX2 vectors), broadcasting D(i,k) and streaming row k.
//   g++ -O3 -march=native -fopenmp fw_omp_blocked.cpp -o fw_omp_blocked
#include <omp.h>

#include <chrono>

#include "fw_bench_common.hpp"

namespace {

constexpr int BS = 64;  // tile edge
constexpr int RI = 4;   // rows per register block

using i32 = std::int32_t;

// C = min(C, A (min,+) B) on BS x BS tiles of a matrix with leading dim ld.
inline void min_plus_tile(i32* __restrict C, const i32* __restrict A, const i32* __restrict B,
                          int ld) {
  for (int i = 0; i < BS; i += RI) {
    alignas(64) i32 acc[RI][BS];
    for (int r = 0; r < RI; ++r)
#pragma omp simd
      for (int j = 0; j < BS; ++j) acc[r][j] = C[(i + r) * static_cast<std::size_t>(ld) + j];
    for (int k = 0; k < BS; ++k) {
      const i32* b = B + k * static_cast<std::size_t>(ld);
      for (int r = 0; r < RI; ++r) {
        const i32 a = A[(i + r) * static_cast<std::size_t>(ld) + k];
#pragma omp simd
        for (int j = 0; j < BS; ++j) acc[r][j] = std::min(acc[r][j], a + b[j]);
      }
    }
    for (int r = 0; r < RI; ++r)
#pragma omp simd
      for (int j = 0; j < BS; ++j) C[(i + r) * static_cast<std::size_t>(ld) + j] = acc[r][j];
  }
}

// In-tile Floyd-Warshall step order (k outer) for phases 1 and 2:
// C(i,j) = min(C(i,j), A(i,k) + B(k,j)) where A or B may be C itself.
inline void fw_tile(i32* C, const i32* A, const i32* B, int ld) {
  for (int k = 0; k < BS; ++k) {
    const i32* b = B + k * static_cast<std::size_t>(ld);
    for (int i = 0; i < BS; ++i) {
      i32* c = C + i * static_cast<std::size_t>(ld);
      const i32 a = A[i * static_cast<std::size_t>(ld) + k];
#pragma omp simd
      for (int j = 0; j < BS; ++j) c[j] = std::min(c[j], a + b[j]);
    }
  }
}

void fw(i32* d, int ld) {
  const int nb = ld / BS;
  auto tile = [&](int I, int J) { return d + (static_cast<std::size_t>(I) * ld + J) * BS; };
#pragma omp parallel
  for (int p = 0; p < nb; ++p) {
#pragma omp single
    fw_tile(tile(p, p), tile(p, p), tile(p, p), ld);
    // implicit barrier
#pragma omp for schedule(dynamic, 1)
    for (int t = 0; t < 2 * nb; ++t) {
      const int q = t >> 1;
      if (q == p) continue;
      if (t & 1)
        fw_tile(tile(p, q), tile(p, p), tile(p, q), ld);  // pivot row
      else
        fw_tile(tile(q, p), tile(q, p), tile(p, p), ld);  // pivot column
    }
#pragma omp for collapse(2) schedule(static)
    for (int I = 0; I < nb; ++I)
      for (int J = 0; J < nb; ++J)
        if (I != p && J != p) min_plus_tile(tile(I, J), tile(I, p), tile(p, J), ld);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const fwb::args a = fwb::parse(argc, argv, "fw_omp_blocked");
  const int ld = (a.n + BS - 1) / BS * BS;
  const std::vector<i32> g = fwb::make_graph(a.n, ld, a.seed);
  std::vector<i32> d;
  std::vector<double> t;
  for (int r = 0; r <= a.repeat; ++r) {
    d = g;
    const auto t0 = std::chrono::steady_clock::now();
    fw(d.data(), ld);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (r > 0) t.push_back(s);
  }
  std::printf("threads: %d\n", omp_get_max_threads());
  fwb::report("omp_blocked", a.n, a.repeat, fwb::median(t), fwb::checksum(d, a.n, ld));
}

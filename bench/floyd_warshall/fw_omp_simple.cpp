// Baseline: the first OpenMP Floyd-Warshall anyone writes, rows of the
// matrix spread over the threads inside the k loop.
//   g++ -O3 -march=native -fopenmp fw_omp_simple.cpp -o fw_omp_simple
#include <omp.h>

#include <chrono>

#include "fw_bench_common.hpp"

static void fw(std::int32_t* d, int n) {
#pragma omp parallel
  for (int k = 0; k < n; ++k) {
    const std::int32_t* dk = d + static_cast<std::size_t>(k) * n;
#pragma omp for schedule(static)
    for (int i = 0; i < n; ++i) {
      std::int32_t* di = d + static_cast<std::size_t>(i) * n;
      const std::int32_t dik = di[k];
#pragma omp simd
      for (int j = 0; j < n; ++j) di[j] = std::min(di[j], dik + dk[j]);
    }  // implicit barrier: row k of the next step is final
  }
}

int main(int argc, char** argv) {
  const fwb::args a = fwb::parse(argc, argv, "fw_omp_simple");
  const std::vector<std::int32_t> g = fwb::make_graph(a.n, a.n, a.seed);
  std::vector<std::int32_t> d;
  std::vector<double> t;
  for (int r = 0; r <= a.repeat; ++r) {
    d = g;
    const auto t0 = std::chrono::steady_clock::now();
    fw(d.data(), a.n);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (r > 0) t.push_back(s);
  }
  std::printf("threads: %d\n", omp_get_max_threads());
  fwb::report("omp_simple", a.n, a.repeat, fwb::median(t), fwb::checksum(d, a.n, a.n));
}

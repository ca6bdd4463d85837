// Reference for the histogram row of issue 12: CUB's DeviceHistogram::
// HistogramEven (the CUDA toolkit's own) over N uniform random ints in
// [0, BINS), int counters. Times the call alone (temporary storage allocated
// before), CUDA events, warm-up, median of REPEAT; checks every bin against a
// CPU histogram after poisoning the output.
//   nvcc -arch=sm_90 -O3 -std=c++17 hist_cub.cu -o hist_cub
//   ./hist_cub [LOG2_N=28] [BINS=256] [SEED=1] [REPEAT=20]
#include <cub/device/device_histogram.cuh>

#include "irr_common.cuh"

namespace {

__global__ void fill(int* x, long long n, unsigned long long seed, int bins) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    x[i] = irr::hist_value(seed, i, bins);
}

}  // namespace

int main(int argc, char** argv) {
  const int log2n = static_cast<int>(irr::arg(argc, argv, 1, 28));
  const int bins = static_cast<int>(irr::arg(argc, argv, 2, 256));
  const unsigned long long seed = irr::arg(argc, argv, 3, 1);
  const int repeat = static_cast<int>(irr::arg(argc, argv, 4, 20));
  if (log2n < 10 || log2n > 30 || bins < 1 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..30)] [BINS] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const long long n = 1ll << log2n;

  int *x = nullptr, *hist = nullptr;
  IRR_CHECK(cudaMalloc(&x, n * sizeof(int)));
  IRR_CHECK(cudaMalloc(&hist, bins * sizeof(int)));
  fill<<<4096, 256>>>(x, n, seed, bins);
  IRR_LAUNCHED();

  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  // Levels 0, 1, ..., bins: bin b counts the values in [b, b + 1).
  auto run = [&] {
    IRR_CHECK(cub::DeviceHistogram::HistogramEven(temp, temp_bytes, x, hist, bins + 1, 0, bins,
                                                  static_cast<int>(n), s));
  };
  run();  // sizes temp_bytes
  IRR_CHECK(cudaMalloc(&temp, temp_bytes));
  const double ms = irr::time_events(s, 2, repeat, run);

  // Check: poison the counters, run once more, compare with the CPU.
  IRR_CHECK(cudaMemsetAsync(hist, 0xab, bins * sizeof(int), s));
  run();
  std::vector<int> got(bins), hx(n);
  IRR_CHECK(cudaMemcpyAsync(got.data(), hist, bins * sizeof(int), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaMemcpyAsync(hx.data(), x, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaStreamSynchronize(s));
  std::vector<int> want(bins, 0);
  bool ok = true;
  for (long long i = 0; i < n; ++i) {
    if (hx[i] != irr::hist_value(seed, i, bins)) ok = false;  // the input is what the hy side draws
    ++want[hx[i]];
  }
  std::uint64_t digest = 0;
  for (int b = 0; b < bins; ++b) {
    if (got[b] != want[b]) {
      if (ok) std::fprintf(stderr, "hist_cub: bin %d: %d, expected %d\n", b, got[b], want[b]);
      ok = false;
    }
    digest = irr::mix64(digest ^ static_cast<std::uint32_t>(want[b]));
  }
  irr::result("hist", "cub", n, "bins=" + std::to_string(bins), ms, n / (ms * 1e-3) / 1e9,
              "Gitems/s", ok, irr::hex(digest));
  cudaFree(temp);
  cudaFree(hist);
  cudaFree(x);
  return ok ? 0 : 1;
}

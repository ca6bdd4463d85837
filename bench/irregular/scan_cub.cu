// Reference for the scan row of issue 27: CUB's DeviceScan::InclusiveSum
// (the CUDA toolkit's own) over N ints in [0, 4) (mix64 of seed and index,
// as scan.hy.cpp draws them), int sums. Times the call alone (temporary
// storage allocated before), CUDA events, warm-up, median of REPEAT; checks
// every prefix against a CPU scan after poisoning the output.
//   nvcc -arch=sm_90 -O3 -std=c++17 scan_cub.cu -o scan_cub
//   ./scan_cub [LOG2_N=28] [SEED=1] [REPEAT=20]
#include <cub/device/device_scan.cuh>

#include "irr_common.cuh"

namespace {

__global__ void fill(int* x, long long n, unsigned long long seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    x[i] = static_cast<int>(irr::mix64((seed << 32) + static_cast<unsigned long long>(i)) % 4);
}

}  // namespace

int main(int argc, char** argv) {
  const int log2n = static_cast<int>(irr::arg(argc, argv, 1, 28));
  const unsigned long long seed = irr::arg(argc, argv, 2, 1);
  const int repeat = static_cast<int>(irr::arg(argc, argv, 3, 20));
  if (log2n < 10 || log2n > 29 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..29)] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const long long n = 1ll << log2n;

  int *x = nullptr, *y = nullptr;
  IRR_CHECK(cudaMalloc(&x, n * sizeof(int)));
  IRR_CHECK(cudaMalloc(&y, n * sizeof(int)));
  fill<<<4096, 256>>>(x, n, seed);
  IRR_LAUNCHED();

  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  auto run = [&] {
    IRR_CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, x, y, static_cast<int>(n), s));
  };
  run();  // sizes temp_bytes
  IRR_CHECK(cudaMalloc(&temp, temp_bytes));
  const double ms = irr::time_events(s, 2, repeat, run);

  // Check: poison the output, run once more, compare with the CPU.
  IRR_CHECK(cudaMemsetAsync(y, 0xab, n * sizeof(int), s));
  run();
  std::vector<int> got(n), hx(n);
  IRR_CHECK(cudaMemcpyAsync(got.data(), y, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaMemcpyAsync(hx.data(), x, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaStreamSynchronize(s));
  bool ok = true;
  int sum = 0;
  std::uint64_t digest = 0;
  for (long long i = 0; i < n; ++i) {
    const int v = static_cast<int>(irr::mix64((seed << 32) + static_cast<unsigned long long>(i)) % 4);
    if (hx[i] != v) ok = false;  // the input is what the hy side draws
    sum += v;
    if (got[i] != sum) {
      if (ok) std::fprintf(stderr, "scan_cub: element %lld: %d, expected %d\n", i, got[i], sum);
      ok = false;
    }
    if ((i & 0xffff) == 0xffff) digest = irr::mix64(digest ^ static_cast<std::uint32_t>(sum));
  }
  digest = irr::mix64(digest ^ static_cast<std::uint32_t>(sum));
  irr::result("scan", "cub", n, "int", ms, n / (ms * 1e-3) / 1e9, "Gitems/s", ok, irr::hex(digest));
  cudaFree(temp);
  cudaFree(y);
  cudaFree(x);
  return ok ? 0 : 1;
}

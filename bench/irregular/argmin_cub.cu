// Reference for the argmin row of issue 12: CUB's DeviceReduce::ArgMin (the
// overload with separate value and index outputs) over N random floats in
// [1, 2) with 7 planted copies of the minimum 0.5f, so the answer depends on
// ties going to the smallest index. CUDA events, warm-up, median of REPEAT;
// checks value and index against a CPU scan after poisoning the outputs.
//   nvcc -arch=sm_90 -O3 -std=c++17 argmin_cub.cu -o argmin_cub
//   ./argmin_cub [LOG2_N=28] [SEED=1] [REPEAT=20]
#include <cub/device/device_reduce.cuh>

#include "irr_common.cuh"

namespace {

__global__ void fill(float* x, long long n, unsigned long long seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    x[i] = irr::argmin_value(seed, i, n);
}

}  // namespace

int main(int argc, char** argv) {
  const int log2n = static_cast<int>(irr::arg(argc, argv, 1, 28));
  const unsigned long long seed = irr::arg(argc, argv, 2, 1);
  const int repeat = static_cast<int>(irr::arg(argc, argv, 3, 20));
  if (log2n < 10 || log2n > 30 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LOG2_N (10..30)] [SEED] [REPEAT]\n", argv[0]);
    return 2;
  }
  const long long n = 1ll << log2n;

  float *x = nullptr, *min_out = nullptr;
  long long* idx_out = nullptr;  // CUB writes cuda::std::int64_t
  IRR_CHECK(cudaMalloc(&x, n * sizeof(float)));
  IRR_CHECK(cudaMalloc(&min_out, sizeof(float)));
  IRR_CHECK(cudaMalloc(&idx_out, sizeof(long long)));
  fill<<<4096, 256>>>(x, n, seed);
  IRR_LAUNCHED();

  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  auto run = [&] {
    IRR_CHECK(cub::DeviceReduce::ArgMin(temp, temp_bytes, x, min_out,
                                        reinterpret_cast<::cuda::std::int64_t*>(idx_out), n, s));
  };
  run();  // sizes temp_bytes
  IRR_CHECK(cudaMalloc(&temp, temp_bytes));
  const double ms = irr::time_events(s, 2, repeat, run);

  IRR_CHECK(cudaMemsetAsync(min_out, 0x7f, sizeof(float), s));  // poison
  IRR_CHECK(cudaMemsetAsync(idx_out, 0xff, sizeof(long long), s));
  run();
  float got_v = 0;
  long long got_i = 0;
  std::vector<float> hx(n);
  IRR_CHECK(cudaMemcpyAsync(&got_v, min_out, sizeof(float), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaMemcpyAsync(&got_i, idx_out, sizeof(long long), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaMemcpyAsync(hx.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  IRR_CHECK(cudaStreamSynchronize(s));
  long long want_i = 0;
  bool ok = true;
  for (long long i = 0; i < n; ++i) {
    if (hx[i] != irr::argmin_value(seed, i, n)) ok = false;
    if (hx[i] < hx[want_i]) want_i = i;
  }
  if (!ok) std::fprintf(stderr, "argmin_cub: the device input differs from the formula\n");
  if (got_i != want_i || got_v != hx[want_i]) {
    std::fprintf(stderr, "argmin_cub: got %g at %lld, expected %g at %lld\n", got_v, got_i,
                 hx[want_i], want_i);
    ok = false;
  }
  irr::result("argmin", "cub", n, "", ms, n / (ms * 1e-3) / 1e9, "Gitems/s", ok,
              std::to_string(want_i));
  cudaFree(temp);
  cudaFree(idx_out);
  cudaFree(min_out);
  cudaFree(x);
  return ok ? 0 : 1;
}

// Baseline: blocked Floyd-Warshall on the GPU as a user writes it first
// (Katz and Kider): 32 x 32 tiles, one thread per element, three kernels per
// round, tiles in shared memory. Timed including the copies to and from the
// device (as the sample's CUDA build is, whose runtime moves the matrix once
// each way).
//   nvcc -arch=sm_90 -O3 fw_cuda_naive.cu -o fw_cuda_naive
#include <cuda_runtime.h>

#include <chrono>

#include "fw_bench_common.hpp"

#define CHECK(x)                                                                        \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "fw_cuda_naive: %s: %s\n", #x, cudaGetErrorString(e_));      \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

namespace {

constexpr int TS = 32;
using i32 = std::int32_t;

__global__ void phase1(i32* d, int ld, int p) {
  __shared__ i32 t[TS][TS];
  const int y = threadIdx.y, x = threadIdx.x, o = p * TS;
  t[y][x] = d[(o + y) * static_cast<size_t>(ld) + o + x];
  __syncthreads();
  for (int k = 0; k < TS; ++k) {
    const i32 s = t[y][k] + t[k][x];
    __syncthreads();
    if (s < t[y][x]) t[y][x] = s;
    __syncthreads();
  }
  d[(o + y) * static_cast<size_t>(ld) + o + x] = t[y][x];
}

// blockIdx.y == 0: pivot row tiles, 1: pivot column tiles; blockIdx.x skips p.
__global__ void phase2(i32* d, int ld, int p) {
  __shared__ i32 piv[TS][TS];
  __shared__ i32 cur[TS][TS];
  const int y = threadIdx.y, x = threadIdx.x, o = p * TS;
  const int q = blockIdx.x + (blockIdx.x >= static_cast<unsigned>(p) ? 1 : 0);
  const int r0 = blockIdx.y == 0 ? o : q * TS, c0 = blockIdx.y == 0 ? q * TS : o;
  piv[y][x] = d[(o + y) * static_cast<size_t>(ld) + o + x];
  cur[y][x] = d[(r0 + y) * static_cast<size_t>(ld) + c0 + x];
  __syncthreads();
  for (int k = 0; k < TS; ++k) {
    const i32 s = blockIdx.y == 0 ? piv[y][k] + cur[k][x] : cur[y][k] + piv[k][x];
    __syncthreads();
    if (s < cur[y][x]) cur[y][x] = s;
    __syncthreads();
  }
  d[(r0 + y) * static_cast<size_t>(ld) + c0 + x] = cur[y][x];
}

__global__ void phase3(i32* d, int ld, int p) {
  __shared__ i32 col[TS][TS];  // tile (I, p)
  __shared__ i32 row[TS][TS];  // tile (p, J)
  const int y = threadIdx.y, x = threadIdx.x, o = p * TS;
  const int r0 = (blockIdx.y + (blockIdx.y >= static_cast<unsigned>(p) ? 1 : 0)) * TS;
  const int c0 = (blockIdx.x + (blockIdx.x >= static_cast<unsigned>(p) ? 1 : 0)) * TS;
  col[y][x] = d[(r0 + y) * static_cast<size_t>(ld) + o + x];
  row[y][x] = d[(o + y) * static_cast<size_t>(ld) + c0 + x];
  i32 v = d[(r0 + y) * static_cast<size_t>(ld) + c0 + x];
  __syncthreads();
  for (int k = 0; k < TS; ++k) v = min(v, col[y][k] + row[k][x]);
  d[(r0 + y) * static_cast<size_t>(ld) + c0 + x] = v;
}

}  // namespace

int main(int argc, char** argv) {
  const fwb::args a = fwb::parse(argc, argv, "fw_cuda_naive");
  const int ld = (a.n + TS - 1) / TS * TS, nb = ld / TS;
  const std::vector<i32> g = fwb::make_graph(a.n, ld, a.seed);
  std::vector<i32> d(g.size());
  const size_t bytes = g.size() * sizeof(i32);
  i32* dd = nullptr;
  CHECK(cudaMalloc(&dd, bytes));
  std::vector<double> t, tt, tc;  // whole solve, its two copies, the rest
  using clk = std::chrono::steady_clock;
  auto since = [](clk::time_point a) { return std::chrono::duration<double>(clk::now() - a).count(); };
  for (int r = 0; r <= a.repeat; ++r) {
    CHECK(cudaDeviceSynchronize());
    const auto t0 = clk::now();
    CHECK(cudaMemcpy(dd, g.data(), bytes, cudaMemcpyHostToDevice));
    double copies = since(t0);
    for (int p = 0; p < nb; ++p) {
      phase1<<<1, dim3(TS, TS)>>>(dd, ld, p);
      if (nb > 1) {
        phase2<<<dim3(nb - 1, 2), dim3(TS, TS)>>>(dd, ld, p);
        phase3<<<dim3(nb - 1, nb - 1), dim3(TS, TS)>>>(dd, ld, p);
      }
    }
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    const auto t1 = clk::now();
    CHECK(cudaMemcpy(d.data(), dd, bytes, cudaMemcpyDeviceToHost));
    copies += since(t1);
    const double s = since(t0);
    if (r > 0) {
      t.push_back(s);
      tt.push_back(copies);
      tc.push_back(s - copies);
    }
  }
  CHECK(cudaFree(dd));
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s\n", prop.name);
  fwb::report("cuda_naive", a.n, a.repeat, fwb::median(t), fwb::checksum(d, a.n, ld));
  fwb::report_transfers(a.n, fwb::median(tt), fwb::median(tc));
}

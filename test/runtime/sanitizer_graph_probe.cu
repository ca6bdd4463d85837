// Why this exists: compute-sanitizer's synccheck reported "divergent thread(s)
// in warp" at barriers of kernels that hy's device loops launch inside a CUDA
// graph's conditional while node, and racecheck crashed on those programs.
// This probe launches one kernel whose barriers every thread reaches (a grid
// loop of uniform trips, a __syncthreads per trip, a __syncthreads_or) three
// ways: plainly, in a captured graph, and in the body of a conditional while
// node as hy/cuda/device_loop.cuh builds it. Run under the sanitizer
// (scripts/gpu-check.sh, GPU_CHECK_SANITIZE=1), its argument picks the way:
// a report for "while" but not for "plain" is the tool's, not hy's.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x)                                                                   \
  do {                                                                             \
    cudaError_t e_ = (x);                                                          \
    if (e_ != cudaSuccess) {                                                       \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));               \
      return 2;                                                                    \
    }                                                                              \
  } while (0)

__global__ void uniform_barriers(int *out, const int *trips) {
  __shared__ int tile[256];
  const int n = *trips; // the same for every thread
  for (int b = blockIdx.x; b < n; b += gridDim.x) {
    tile[threadIdx.x] = b + threadIdx.x;
    __syncthreads();
    const int v = tile[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    if (__syncthreads_or(v < 0)) // never true: a block-wide vote every thread reaches
      out[b] = -1;
    if (threadIdx.x == 0)
      out[b] = v;
  }
}

__global__ void count_down(int *left, cudaGraphConditionalHandle h) {
  cudaGraphSetConditional(h, --*left > 0);
}
__global__ void first_step(int *left, cudaGraphConditionalHandle h) {
  cudaGraphSetConditional(h, *left > 0);
}

int main(int argc, char **argv) {
  const char *way = argc > 1 ? argv[1] : "plain";
  const int n = 64, rounds = 3;
  int *out, *trips, *left;
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&trips, sizeof(int)));
  CHECK(cudaMalloc(&left, sizeof(int)));
  CHECK(cudaMemcpy(trips, &n, sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(left, &rounds, sizeof(int), cudaMemcpyHostToDevice));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  if (!std::strcmp(way, "plain")) {
    for (int r = 0; r < rounds; ++r)
      uniform_barriers<<<16, 256, 0, s>>>(out, trips);
  } else if (!std::strcmp(way, "graph") || !std::strcmp(way, "while")) {
    cudaGraph_t g, body = nullptr;
    CHECK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h{};
    const bool loop = !std::strcmp(way, "while");
    if (loop) {
      CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
      CHECK(cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
      first_step<<<1, 1, 0, s>>>(left, h);
      CHECK(cudaStreamEndCapture(s, &g));
      size_t k = 1;
      cudaGraphNode_t first;
      CHECK(cudaGraphGetNodes(g, &first, &k));
      cudaGraphNodeParams p = {};
      p.type = cudaGraphNodeTypeConditional;
      p.conditional.handle = h;
      p.conditional.type = cudaGraphCondTypeWhile;
      p.conditional.size = 1;
      cudaGraphNode_t node;
      CHECK(cudaGraphAddNode(&node, g, &first, nullptr, 1, &p));
      body = p.conditional.phGraph_out[0];
    }
    CHECK(cudaStreamBeginCaptureToGraph(s, loop ? body : g, nullptr, nullptr, 0,
                                        cudaStreamCaptureModeRelaxed));
    for (int r = 0; r < (loop ? 1 : rounds); ++r)
      uniform_barriers<<<16, 256, 0, s>>>(out, trips);
    if (loop)
      count_down<<<1, 1, 0, s>>>(left, h);
    cudaGraph_t captured;
    CHECK(cudaStreamEndCapture(s, &captured));
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s));
  } else {
    std::fprintf(stderr, "usage: %s plain|graph|while\n", argv[0]);
    return 2;
  }
  CHECK(cudaStreamSynchronize(s));
  int host[n];
  CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  for (int b = 0; b < n; ++b)
    if (host[b] != b + 1) {
      std::printf("probe %s: wrong value at %d: %d\n", way, b, host[b]);
      return 1;
    }
  std::printf("probe %s: ok\n", way);
  return 0;
}

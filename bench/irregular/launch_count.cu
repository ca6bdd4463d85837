// Reference for the "launch + host-visible count per level" row of issue 12:
// what one level of a host loop like BFS's `while (frontier.size() > 0)`
// costs at least, a kernel launch and the host reading a 4-byte count the
// kernel produced. The kernel is one thread that bumps the count (an empty
// kernel in all but name: the bump lets the host check that it read the
// value after the kernel). Ways of getting the count back, each timed over
// LEVELS levels (std::chrono, host wall time, which is what a level costs a
// host loop), warm-up, median of REPEAT batches, reported per level:
//   memcpy_pageable  cudaMemcpy into a plain host int (the row's reference);
//   memcpy_pinned    cudaMemcpyAsync into pinned memory + cudaStreamSynchronize;
//   mapped_spin      the kernel stores the count into host-mapped pinned
//                    memory (__threadfence_system) and the host spins on it;
//   graph            the kernel and the pinned copy captured once as a CUDA
//                    graph; cudaGraphLaunch + cudaStreamSynchronize per level;
// and, for comparison, launch_sync (kernel + cudaStreamSynchronize, no copy)
// and launch_only (kernels back to back, one synchronisation per batch), and
// graph_while: LEVELS iterations of the kernel inside one CUDA graph with a
// conditional while node, the kernel setting the condition (the floor of a
// host loop that stays on the device, issue 27; one graph launch per batch).
//   nvcc -arch=sm_90 -O3 -std=c++17 launch_count.cu -o launch_count
//   ./launch_count [LEVELS=10000] [REPEAT=7]
#include <chrono>

#include "irr_common.cuh"

namespace {

__global__ void bump(int* count) { *count += 1; }

__global__ void bump_mapped(int* count, volatile int* host_count) {
  const int c = *count + 1;
  *count = c;
  *host_count = c;
  __threadfence_system();
}

// One iteration of graph_while: bump, and go on while the count is below `until`.
__global__ void bump_while(int* count, int until, cudaGraphConditionalHandle h) {
  const int c = *count + 1;
  *count = c;
  cudaGraphSetConditional(h, c < until ? 1u : 0u);
}

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int levels = static_cast<int>(irr::arg(argc, argv, 1, 10000));
  const int repeat = static_cast<int>(irr::arg(argc, argv, 2, 7));
  if (levels < 1 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LEVELS] [REPEAT]\n", argv[0]);
    return 2;
  }
  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));  // blocking: ordered with the legacy default stream
  int* d_count = nullptr;
  IRR_CHECK(cudaMalloc(&d_count, sizeof(int)));
  int* pinned = nullptr;
  IRR_CHECK(cudaHostAlloc(&pinned, sizeof(int), cudaHostAllocDefault));
  int* mapped = nullptr;
  int* mapped_dev = nullptr;
  IRR_CHECK(cudaHostAlloc(&mapped, sizeof(int), cudaHostAllocMapped));
  IRR_CHECK(cudaHostGetDevicePointer(&mapped_dev, mapped, 0));

  // The graph lives on a stream of its own (captured streams should not be
  // ordered with the legacy default stream).
  cudaStream_t gs;
  IRR_CHECK(cudaStreamCreateWithFlags(&gs, cudaStreamNonBlocking));
  cudaGraphExec_t graph_exec = nullptr;
  {
    cudaGraph_t graph;
    IRR_CHECK(cudaStreamBeginCapture(gs, cudaStreamCaptureModeGlobal));
    bump<<<1, 1, 0, gs>>>(d_count);
    IRR_CHECK(cudaMemcpyAsync(pinned, d_count, sizeof(int), cudaMemcpyDeviceToHost, gs));
    IRR_CHECK(cudaStreamEndCapture(gs, &graph));
    IRR_CHECK(cudaGraphInstantiate(&graph_exec, graph, 0));
    IRR_CHECK(cudaGraphDestroy(graph));
  }

  // One level of each way; returns the count the host saw.
  int host_int = 0;
  struct way {
    const char* name;
    bool checks;  // the host sees the count after every level
  };
  const way ways[] = {{"memcpy_pageable", true}, {"memcpy_pinned", true}, {"mapped_spin", true},
                      {"graph", true},           {"launch_sync", false},  {"launch_only", false}};
  auto level = [&](int w) -> int {
    switch (w) {
      case 0:  // as first written: the legacy default stream, which s waits for
        bump<<<1, 1>>>(d_count);
        IRR_CHECK(cudaMemcpy(&host_int, d_count, sizeof(int), cudaMemcpyDeviceToHost));
        return host_int;
      case 1:
        bump<<<1, 1, 0, s>>>(d_count);
        IRR_CHECK(cudaMemcpyAsync(pinned, d_count, sizeof(int), cudaMemcpyDeviceToHost, s));
        IRR_CHECK(cudaStreamSynchronize(s));
        return *pinned;
      case 2: {
        const int before = *reinterpret_cast<volatile int*>(mapped);
        bump_mapped<<<1, 1, 0, s>>>(d_count, mapped_dev);
        int c;
        while ((c = *reinterpret_cast<volatile int*>(mapped)) == before) {
        }
        return c;
      }
      case 3:
        IRR_CHECK(cudaGraphLaunch(graph_exec, gs));
        IRR_CHECK(cudaStreamSynchronize(gs));
        return *pinned;
      case 4:
        bump<<<1, 1, 0, s>>>(d_count);
        IRR_CHECK(cudaStreamSynchronize(s));
        return 0;
      default:
        bump<<<1, 1, 0, s>>>(d_count);
        return 0;
    }
  };

  int status = 0;
  for (int w = 0; w < 6; ++w) {
    // Start each way from count 0 and the mapped slot at 0.
    IRR_CHECK(cudaMemset(d_count, 0, sizeof(int)));
    *reinterpret_cast<volatile int*>(mapped) = 0;
    IRR_CHECK(cudaDeviceSynchronize());
    int expect = 0;
    bool ok = true;
    for (int l = 0; l < 1000; ++l) {  // warm-up
      const int c = level(w);
      ++expect;
      if (ways[w].checks && c != expect) ok = false;
    }
    IRR_CHECK(cudaDeviceSynchronize());
    std::vector<double> us;
    for (int r = 0; r < repeat; ++r) {
      const double t0 = now_s();
      for (int l = 0; l < levels; ++l) {
        const int c = level(w);
        ++expect;
        if (ways[w].checks && c != expect) ok = false;
      }
      IRR_CHECK(cudaDeviceSynchronize());  // launch_only: the batch's kernels
      us.push_back((now_s() - t0) / levels * 1e6);
    }
    IRR_LAUNCHED();
    int final_count = 0;
    IRR_CHECK(cudaMemcpy(&final_count, d_count, sizeof(int), cudaMemcpyDeviceToHost));
    if (final_count != expect) ok = false;
    if (!ok) {
      std::fprintf(stderr, "launch_count %s: the host saw a wrong count (final %d, expected %d)\n",
                   ways[w].name, final_count, expect);
      status = 1;
    }
    const double per_level = irr::median(us);
    irr::result("levels", ways[w].name, levels, "", per_level * 1e-3, 1e6 / per_level, "levels/s", ok,
                std::to_string(levels));
  }
  {
    // graph_while: the count goes from 0 to `levels` inside one graph launch.
    std::vector<double> us;
    bool ok = true;
    for (int r = 0; r < repeat + 1; ++r) {  // the first: warm-up
      IRR_CHECK(cudaMemset(d_count, 0, sizeof(int)));
      IRR_CHECK(cudaDeviceSynchronize());
      const double t0 = now_s();
      cudaGraph_t g;
      IRR_CHECK(cudaGraphCreate(&g, 0));
      cudaGraphConditionalHandle h;
      IRR_CHECK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
      cudaGraphNodeParams p = {};
      p.type = cudaGraphNodeTypeConditional;
      p.conditional.handle = h;
      p.conditional.type = cudaGraphCondTypeWhile;
      p.conditional.size = 1;
      cudaGraphNode_t node;
      IRR_CHECK(cudaGraphAddNode(&node, g, nullptr, nullptr, 0, &p));
      IRR_CHECK(cudaStreamBeginCaptureToGraph(gs, p.conditional.phGraph_out[0], nullptr, nullptr, 0,
                                              cudaStreamCaptureModeRelaxed));
      bump_while<<<1, 1, 0, gs>>>(d_count, levels, h);
      cudaGraph_t body;
      IRR_CHECK(cudaStreamEndCapture(gs, &body));
      cudaGraphExec_t e;
      IRR_CHECK(cudaGraphInstantiate(&e, g, 0));
      IRR_CHECK(cudaGraphLaunch(e, gs));
      IRR_CHECK(cudaStreamSynchronize(gs));
      const double t = now_s() - t0;  // capture and instantiation included, as hy's loop pays
      IRR_CHECK(cudaGraphExecDestroy(e));
      IRR_CHECK(cudaGraphDestroy(g));
      int final_count = 0;
      IRR_CHECK(cudaMemcpy(&final_count, d_count, sizeof(int), cudaMemcpyDeviceToHost));
      ok = ok && final_count == levels;
      if (r > 0) us.push_back(t / levels * 1e6);
    }
    if (!ok) {
      std::fprintf(stderr, "launch_count graph_while: wrong final count\n");
      status = 1;
    }
    const double per_level = irr::median(us);
    irr::result("levels", "graph_while", levels, "", per_level * 1e-3, 1e6 / per_level, "levels/s",
                ok, std::to_string(levels));
  }
  cudaGraphExecDestroy(graph_exec);
  cudaStreamDestroy(gs);
  cudaStreamDestroy(s);
  cudaFreeHost(mapped);
  cudaFreeHost(pinned);
  cudaFree(d_count);
  return status;
}

// The hand-written CUDA baseline of the Δ-stepping benchmark (issue 13,
// docs/perf/delta_stepping.md): the same algorithm as the sample's worklist
// form (near-far piles split by Δ, Davidson et al.), written directly in
// CUDA by us, so the table compares hy's generated code with what a CUDA
// programmer would write by hand, on the same graph and the same sources.
//
// Per phase: a thread per frontier vertex relaxes the arcs of vertices of
// degree < 32 and queues the others; a warp per vertex of degree < 1024, a
// block per larger one (Merrill et al.'s thread/warp/block split). Pushes
// are aggregated per group of converged lanes (one atomicAdd per group).
// A vertex enters the near pile once per phase and the far pile once per
// bucket (claim stamps, atomicMax). The near count comes back through
// pinned memory once per phase; the next bucket starts at the smallest far
// distance (an atomicMin). Timing: CUDA events around each whole solve
// (initialisation included); checked against the toolkit's Dijkstra.
//
//   delta_ref --generate rmat:scale=22,ef=16,seed=1 --undirected --weights int:255 --sources 16 --delta 64
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

#include "../irregular/irr_common.cuh"
#include "hy_graph/cli.hpp"
#include "hy_graph/reference.hpp"

namespace cg = cooperative_groups;
namespace g = hy::graph;

namespace {

constexpr int kThreads = 256, kWarpDegree = 32, kBlockDegree = 1024;

// Queue counters: [0] near, [1] far, [2] warp queue, [3] block queue, [4] rest.
enum { kNear = 0, kFar = 1, kWarpQ = 2, kBlockQ = 3, kRest = 4 };

__device__ inline void push(int* q, unsigned* count, int x) {
  cg::coalesced_group grp = cg::coalesced_threads();
  unsigned base = 0;
  if (grp.thread_rank() == 0) base = atomicAdd(count, grp.size());
  base = grp.shfl(base, 0);
  q[base + grp.thread_rank()] = x;
}

// Non-negative distances: the bits of a double order as the values do.
__device__ inline bool lower(int* d, int v) { return atomicMin(d, v) > v; }
__device__ inline bool lower(double* d, double v) {
  auto* p = reinterpret_cast<unsigned long long*>(d);
  return __longlong_as_double(
             static_cast<long long>(atomicMin(p, static_cast<unsigned long long>(__double_as_longlong(v))))) > v;
}

template <class W>
struct dev {
  int n = 0;
  long long* off = nullptr;
  int* col = nullptr;
  W* w = nullptr;
  W* dist = nullptr;
  int* claim = nullptr;
  int *front = nullptr, *next = nullptr, *far = nullptr, *rest = nullptr, *warp_q = nullptr, *block_q = nullptr;
  unsigned* counts = nullptr;  // device counters
  unsigned* pinned = nullptr;  // host copy of the near count
  W* first = nullptr;          // smallest far distance past the bucket
  W* first_host = nullptr;
};

template <class W>
__device__ inline void relax(const dev<W>& d, W dv, long long e, W limit, int stamp, int bucket_stamp) {
  const int x = d.col[e];
  const W nd = dv + d.w[e];
  if (nd < d.dist[x] && lower(&d.dist[x], nd)) {
    if (nd < limit) {
      if (atomicMax(&d.claim[x], stamp) < stamp) push(d.next, &d.counts[kNear], x);
    } else if (atomicMax(&d.claim[x], bucket_stamp) < bucket_stamp) {
      push(d.far, &d.counts[kFar], x);
    }
  }
}

template <class W>
__global__ void init(dev<W> d, int src, W inf) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < d.n; v += gridDim.x * blockDim.x)
    d.dist[v] = v == src ? W(0) : inf;
  if (blockIdx.x == 0 && threadIdx.x == 0) d.front[0] = src;
}

template <class W>
__global__ void expand_threads(dev<W> d, int nf, W limit, int stamp, int bucket_stamp) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nf; i += gridDim.x * blockDim.x) {
    const int v = d.front[i];
    const long long b = d.off[v], e = d.off[v + 1];
    if (e - b >= kBlockDegree) push(d.block_q, &d.counts[kBlockQ], v);
    else if (e - b >= kWarpDegree) push(d.warp_q, &d.counts[kWarpQ], v);
    else {
      const W dv = d.dist[v];
      for (long long k = b; k < e; ++k) relax(d, dv, k, limit, stamp, bucket_stamp);
    }
  }
}

template <class W>
__global__ void expand_warps(dev<W> d, W limit, int stamp, int bucket_stamp) {
  const int lane = threadIdx.x % 32;
  const int warps = gridDim.x * blockDim.x / 32;
  for (unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) / 32; i < d.counts[kWarpQ]; i += warps) {
    const int v = d.warp_q[i];
    const W dv = d.dist[v];
    for (long long k = d.off[v] + lane; k < d.off[v + 1]; k += 32) relax(d, dv, k, limit, stamp, bucket_stamp);
  }
}

template <class W>
__global__ void expand_blocks(dev<W> d, W limit, int stamp, int bucket_stamp) {
  for (unsigned i = blockIdx.x; i < d.counts[kBlockQ]; i += gridDim.x) {
    const int v = d.block_q[i];
    const W dv = d.dist[v];
    for (long long k = d.off[v] + threadIdx.x; k < d.off[v + 1]; k += blockDim.x)
      relax(d, dv, k, limit, stamp, bucket_stamp);
  }
}

template <class W>
__global__ void far_min(dev<W> d, W limit) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < d.counts[kFar]; i += gridDim.x * blockDim.x) {
    const W x = d.dist[d.far[i]];
    if (x >= limit) lower(d.first, x);
  }
}

template <class W>
__global__ void split(dev<W> d, W lo, W hi, int bucket_stamp) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < d.counts[kFar]; i += gridDim.x * blockDim.x) {
    const int v = d.far[i];
    const W x = d.dist[v];
    if (x >= lo && atomicMax(&d.claim[v], bucket_stamp) < bucket_stamp) {
      if (x < hi) push(d.next, &d.counts[kNear], v);
      else push(d.rest, &d.counts[kRest], v);
    }
  }
}

// Resets a counter: the far pile's becomes the rest's after a split.
__global__ void move_count(unsigned* counts, int to, int from) {
  counts[to] = counts[from];
  counts[from] = 0;
}

struct grids {
  int threads = 0, warps = 0, blocks = 0, flat = 0;
};

// One solve from src; stamps continue across solves (claims never reset).
// Returns the number of phases.
template <class W>
long long solve(dev<W>& d, const grids& gr, int src, W delta, int& stamp, cudaStream_t s) {
  const W inf = g::infinity<W>();
  init<<<gr.flat, kThreads, 0, s>>>(d, src, inf);
  IRR_LAUNCHED();
  IRR_CHECK(cudaMemsetAsync(d.counts, 0, 5 * sizeof(unsigned), s));
  int nf = 1;
  long long phases = 0;
  W limit = delta;
  int bucket_stamp = ++stamp;
  while (true) {
    while (nf > 0) {
      ++phases;
      ++stamp;
      const int grid = std::min(gr.threads, (nf + kThreads - 1) / kThreads);
      expand_threads<<<grid, kThreads, 0, s>>>(d, nf, limit, stamp, bucket_stamp);
      IRR_LAUNCHED();
      expand_warps<<<gr.warps, kThreads, 0, s>>>(d, limit, stamp, bucket_stamp);
      IRR_LAUNCHED();
      expand_blocks<<<gr.blocks, kThreads, 0, s>>>(d, limit, stamp, bucket_stamp);
      IRR_LAUNCHED();
      IRR_CHECK(cudaMemcpyAsync(d.pinned, &d.counts[kNear], sizeof(unsigned), cudaMemcpyDeviceToHost, s));
      IRR_CHECK(cudaMemsetAsync(&d.counts[kNear], 0, sizeof(unsigned), s));
      IRR_CHECK(cudaMemsetAsync(&d.counts[kWarpQ], 0, 2 * sizeof(unsigned), s));
      IRR_CHECK(cudaStreamSynchronize(s));
      nf = static_cast<int>(*d.pinned);
      std::swap(d.front, d.next);
    }
    // The next bucket: the smallest far distance past this one.
    IRR_CHECK(cudaMemcpyAsync(d.first, &inf, sizeof(W), cudaMemcpyHostToDevice, s));
    far_min<<<gr.flat, kThreads, 0, s>>>(d, limit);
    IRR_LAUNCHED();
    IRR_CHECK(cudaMemcpyAsync(d.first_host, d.first, sizeof(W), cudaMemcpyDeviceToHost, s));
    IRR_CHECK(cudaStreamSynchronize(s));
    if (!(*d.first_host < inf)) break;
    const W lo = limit;
    limit = *d.first_host + delta;
    bucket_stamp = ++stamp;
    split<<<gr.flat, kThreads, 0, s>>>(d, lo, limit, bucket_stamp);
    IRR_LAUNCHED();
    move_count<<<1, 1, 0, s>>>(d.counts, kFar, kRest);
    IRR_LAUNCHED();
    IRR_CHECK(cudaMemcpyAsync(d.pinned, &d.counts[kNear], sizeof(unsigned), cudaMemcpyDeviceToHost, s));
    IRR_CHECK(cudaMemsetAsync(&d.counts[kNear], 0, sizeof(unsigned), s));
    IRR_CHECK(cudaStreamSynchronize(s));
    nf = static_cast<int>(*d.pinned);
    std::swap(d.front, d.next);
    std::swap(d.far, d.rest);
  }
  return phases;
}

struct ref_cli : g::sample_cli {
  std::string delta = "auto";
  ref_cli() : sample_cli("delta_ref", "Hand-written CUDA near-far delta-stepping (issue 13's baseline)") {
    add_string("delta", "X|auto", "bucket width (auto: mean weight x 32 / mean out-degree, as the sample)", delta);
  }
};

template <class W>
int run(const ref_cli& cli) {
  const g::csr<W> graph = g::load_csr<W>(cli.common);
  const std::vector<g::vid> roots = g::pick_sources(graph, cli.common.sources, cli.common.seed);
  if (roots.empty()) {
    std::fprintf(stderr, "delta_ref: the graph has no vertex with an arc\n");
    return 1;
  }
  double sum = 0;
  for (W x : graph.weights) sum += static_cast<double>(x);
  const long long m = static_cast<long long>(graph.num_arcs());
  double dd = cli.delta == "auto" ? sum / std::max(1LL, m) * 32.0 / std::max(1.0, double(m) / graph.n)
                                  : g::parse_double_value(cli.delta);
  W delta = std::is_integral_v<W> ? static_cast<W>(std::max(1.0, std::round(dd))) : static_cast<W>(dd);

  dev<W> d;
  d.n = graph.n;
  IRR_CHECK(cudaMalloc(&d.off, (d.n + 1) * sizeof(long long)));
  IRR_CHECK(cudaMalloc(&d.col, std::max(1LL, m) * sizeof(int)));
  IRR_CHECK(cudaMalloc(&d.w, std::max(1LL, m) * sizeof(W)));
  std::vector<long long> off(graph.offsets.begin(), graph.offsets.end());
  IRR_CHECK(cudaMemcpy(d.off, off.data(), (d.n + 1) * sizeof(long long), cudaMemcpyHostToDevice));
  IRR_CHECK(cudaMemcpy(d.col, graph.cols.data(), m * sizeof(int), cudaMemcpyHostToDevice));
  IRR_CHECK(cudaMemcpy(d.w, graph.weights.data(), m * sizeof(W), cudaMemcpyHostToDevice));
  IRR_CHECK(cudaMalloc(&d.dist, d.n * sizeof(W)));
  IRR_CHECK(cudaMalloc(&d.claim, d.n * sizeof(int)));
  IRR_CHECK(cudaMemset(d.claim, 0, d.n * sizeof(int)));
  // Each pile holds a vertex at most once (claims), the rest pile too.
  for (int** p : {&d.front, &d.next, &d.far, &d.rest, &d.warp_q, &d.block_q})
    IRR_CHECK(cudaMalloc(p, d.n * sizeof(int)));
  IRR_CHECK(cudaMalloc(&d.counts, 5 * sizeof(unsigned)));
  IRR_CHECK(cudaMalloc(&d.first, sizeof(W)));
  IRR_CHECK(cudaHostAlloc(&d.pinned, sizeof(unsigned), cudaHostAllocDefault));
  IRR_CHECK(cudaHostAlloc(&d.first_host, sizeof(W), cudaHostAllocDefault));
  grids gr;
  gr.threads = irr::resident_blocks(reinterpret_cast<const void*>(expand_threads<W>), kThreads);
  gr.warps = irr::resident_blocks(reinterpret_cast<const void*>(expand_warps<W>), kThreads);
  gr.blocks = irr::resident_blocks(reinterpret_cast<const void*>(expand_blocks<W>), kThreads);
  gr.flat = irr::resident_blocks(reinterpret_cast<const void*>(split<W>), kThreads);
  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));
  cudaEvent_t ev0, ev1;
  IRR_CHECK(cudaEventCreate(&ev0));
  IRR_CHECK(cudaEventCreate(&ev1));

  int stamp = 0;
  solve(d, gr, roots[0], delta, stamp, s);  // warm-up
  std::vector<double> ms;
  std::vector<W> got(d.n);
  bool ok = true;
  long long phases = 0;
  double checksum = 0;
  for (std::size_t r = 0; r < roots.size(); ++r) {
    IRR_CHECK(cudaEventRecord(ev0, s));
    phases = solve(d, gr, roots[r], delta, stamp, s);
    IRR_CHECK(cudaEventRecord(ev1, s));
    IRR_CHECK(cudaEventSynchronize(ev1));
    float t = 0;
    IRR_CHECK(cudaEventElapsedTime(&t, ev0, ev1));
    ms.push_back(t);
    IRR_CHECK(cudaMemcpy(got.data(), d.dist, d.n * sizeof(W), cudaMemcpyDeviceToHost));
    long long reached = 0;
    for (int v = 0; v < d.n; ++v)
      if (!g::is_infinite(got[v])) {
        ++reached;
        checksum += static_cast<double>(got[v]);
      }
    checksum += reached;
    if (cli.common.verify && r < 4) {
      const std::vector<W> want = g::dijkstra(graph, roots[r]);
      for (int v = 0; v < d.n && ok; ++v)
        if (!(got[v] == want[v])) {
          std::fprintf(stderr, "delta_ref: source %d: dist(%d) = %g, Dijkstra gives %g\n", roots[r], v,
                       static_cast<double>(got[v]), static_cast<double>(want[v]));
          ok = false;
        }
    }
  }
  double mean = 0;
  for (double t : ms) mean += t;
  mean /= ms.size();
  std::printf("delta_ref: delta %g, %zu source(s), mean %.4f ms, median %.4f ms, %.1f MTEPS (arcs / time), "
              "last source %lld phases, checksum %.17g%s\n",
              static_cast<double>(delta), roots.size(), mean, irr::median(ms), m / (mean * 1e-3) / 1e6, phases,
              checksum, cli.common.verify ? (ok ? ", verify: matches Dijkstra" : ", verify: FAILED") : "");
  return ok ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
  ref_cli cli;
  try {
    if (!cli.parse(argc, argv)) return 0;
    if (cli.common.weights.kind == g::weight_spec::real) return run<double>(cli);
    return run<std::int32_t>(cli);
  } catch (const std::exception& e) {
    std::cerr << "delta_ref: " << e.what() << "\n";
    return 1;
  }
}

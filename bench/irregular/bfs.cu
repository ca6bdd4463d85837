// Reference for the BFS row of issue 12: hand-written top-down, level-
// synchronous CUDA BFS on an undirected graph (Graph500 R-MAT, both arcs of
// every edge), the bar hy's generated BFS (bfs.hy.cpp) is compared with.
// A level expands the frontier queue into the next one; a vertex is claimed
// by setting its bit in a visited bitmap (atomicOr, after a plain read that
// filters most edges), and only its claimer writes its level and queues it.
// Two expansions, both timed:
//   edge_balanced  the frontier's degrees are scanned (CUB InclusiveSum) so
//                  every block takes a tile of 2048 consecutive arcs of the
//                  level, finds the tile's first and last frontier vertex
//                  with a 32-way warp search, then each thread its vertex by
//                  binary search in shared memory; newly reached vertices are
//                  gathered in shared memory and appended with one atomicAdd
//                  per tile (their degrees with them, the next scan's input);
//   twc            thread / warp / block per vertex by degree (Merrill et
//                  al.): a thread walks a vertex of degree < 32, a warp one of
//                  degree < 1024, a block of 256 threads a hub; the warp and
//                  block cases go through two queues filled by the first
//                  kernel; warp-aggregated appends (coalesced groups). This is
//                  the shape bfs.hy.cpp has, written by hand.
// Each level ends with the next frontier's size read by the host (pinned
// memory, cudaMemcpyAsync + cudaStreamSynchronize), which ends the loop.
// Timing: CUDA events around one whole BFS (level and bitmap reset included)
// per root, after one untimed BFS; GTEPS = input edges (Graph500: edge factor
// x 2^scale) / mean time over the roots. Every root's levels are compared
// with the toolkit's serial BFS (hy::graph::bfs_levels).
//   build: see run.sh (links the graph toolkit, samples/common)
//   ./bfs --input r22.hyg --sources 16 --seed 1 --input-edges 67108864
//   ./bfs --generate rmat:scale=22,ef=16,seed=1 --undirected --sources 16
#include <cooperative_groups.h>
#include <cub/device/device_scan.cuh>

#include <iostream>

#include "hy_graph/cli.hpp"
#include "hy_graph/reference.hpp"
#include "irr_common.cuh"

namespace g = hy::graph;
namespace cg = cooperative_groups;

namespace {

constexpr int kThreads = 256;
constexpr int kPer = 8;                    // arcs per thread and tile (edge_balanced)
constexpr int kTile = kThreads * kPer;     // arcs per tile
constexpr int kWarpDegree = 32;            // twc: a warp from this degree on
constexpr int kBlockDegree = 1024;         // twc: a block from this degree on

// Claims v for the next level: true for exactly one caller per vertex.
__device__ inline bool claim(unsigned* visited, int v) {
  const unsigned bit = 1u << (v & 31);
  unsigned* w = visited + (v >> 5);
  return (*w & bit) == 0 && (atomicOr(w, bit) & bit) == 0;
}

// Appends v to q, one atomicAdd per group of threads that append together.
__device__ inline void push(int* q, unsigned* count, int v) {
  const cg::coalesced_group grp = cg::coalesced_threads();
  unsigned base = 0;
  if (grp.thread_rank() == 0) base = atomicAdd(count, grp.size());
  base = grp.shfl(base, 0);
  q[base + grp.thread_rank()] = v;
}

__global__ void start(const int* offs, unsigned* visited, int* level, int* q, int* deg, int root) {
  visited[root >> 5] |= 1u << (root & 31);
  level[root] = 0;
  q[0] = root;
  deg[0] = offs[root + 1] - offs[root];
}

// Largest i in [0, n) with a[i] <= x, given a[0] <= x and a non-decreasing:
// each step the 32 lanes probe 32 evenly spaced entries.
__device__ inline int warp_search(const int* a, int n, int x) {
  const int lane = threadIdx.x & 31;
  int lo = 0, hi = n;
  while (hi - lo > 1) {
    const int step = (hi - lo + 31) >> 5;
    const int idx = lo + lane * step;
    const unsigned le = __ballot_sync(0xffffffffu, idx < hi && a[idx] <= x);
    lo += (31 - __clz(le)) * step;
    hi = min(hi, lo + step);
  }
  return lo;
}

// ---------------------------------------------------------------------------
// edge_balanced: eoff[0..nf] = 0, prefix sums of the frontier's degrees.
// ---------------------------------------------------------------------------
__global__ void __launch_bounds__(kThreads)
    expand_tiles(const int* __restrict__ offs, const int* __restrict__ cols,
                 const int* __restrict__ frontier, const int* __restrict__ eoff, int nf,
                 unsigned* visited, int* __restrict__ level, int next_level, int* __restrict__ next,
                 int* __restrict__ next_deg, unsigned* next_count) {
  __shared__ int s_eoff[kTile];  // of the tile's frontier vertices
  __shared__ int s_base[kTile];  // cols index of arc e of row j = s_base[j] + e
  __shared__ int s_q[kTile];     // vertices reached by this tile
  __shared__ int s_d[kTile];     // ... and their degrees
  __shared__ int s_r0, s_r1, s_n;
  __shared__ unsigned s_out;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int total = eoff[nf];
  const int tiles = (total + kTile - 1) / kTile;
  for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int e0 = t * kTile, e1 = min(e0 + kTile, total);
    // Every frontier vertex has an arc, so the tile spans at most kTile rows.
    if (warp == 0) {
      const int r = warp_search(eoff, nf, e0);
      if (lane == 0) s_r0 = r;
    } else if (warp == 1) {
      const int r = warp_search(eoff, nf, e1 - 1);
      if (lane == 0) s_r1 = r;
    }
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    const int r0 = s_r0, rows = s_r1 - s_r0 + 1;
    for (int j = threadIdx.x; j < rows; j += kThreads) {
      const int eo = eoff[r0 + j];
      s_eoff[j] = eo;
      s_base[j] = offs[frontier[r0 + j]] - eo;
    }
    __syncthreads();
    int lo = 0;  // this thread's arcs grow with k: its row never moves back
#pragma unroll 2
    for (int k = 0; k < kPer; ++k) {
      const int e = e0 + k * kThreads + threadIdx.x;
      if (e >= e1) break;
      int hi = rows;
      while (hi - lo > 1) {
        const int mid = (lo + hi) >> 1;
        if (s_eoff[mid] <= e) lo = mid;
        else hi = mid;
      }
      const int v = cols[s_base[lo] + e];
      if (claim(visited, v)) {
        level[v] = next_level;
        const int d = offs[v + 1] - offs[v];
        if (d > 0) {  // a vertex without arcs is reached but needs no expansion
          const int p = atomicAdd(&s_n, 1);
          s_q[p] = v;
          s_d[p] = d;
        }
      }
    }
    __syncthreads();
    const int n_out = s_n;
    if (threadIdx.x == 0 && n_out > 0) s_out = atomicAdd(next_count, n_out);
    __syncthreads();
    for (int j = threadIdx.x; j < n_out; j += kThreads) {
      next[s_out + j] = s_q[j];
      next_deg[s_out + j] = s_d[j];
    }
    __syncthreads();
  }
}

// ---------------------------------------------------------------------------
// twc: counts[0] next frontier, counts[1] warp queue, counts[2] block queue.
// ---------------------------------------------------------------------------
__device__ inline void visit(unsigned* visited, int* level, int next_level, int v, int* next,
                             unsigned* next_count) {
  if (claim(visited, v)) {
    level[v] = next_level;
    push(next, next_count, v);
  }
}

__global__ void __launch_bounds__(kThreads)
    expand_threads(const int* __restrict__ offs, const int* __restrict__ cols,
                   const int* __restrict__ frontier, int nf, unsigned* visited, int* level,
                   int next_level, int* next, unsigned* counts, int* warp_q, int* block_q) {
  for (int i = blockIdx.x * kThreads + threadIdx.x; i < nf; i += gridDim.x * kThreads) {
    const int u = frontier[i], b = offs[u], e = offs[u + 1];
    if (e - b >= kBlockDegree) push(block_q, &counts[2], u);
    else if (e - b >= kWarpDegree) push(warp_q, &counts[1], u);
    else
      for (int k = b; k < e; ++k) visit(visited, level, next_level, cols[k], next, &counts[0]);
  }
}

__global__ void __launch_bounds__(kThreads)
    expand_warps(const int* __restrict__ offs, const int* __restrict__ cols, const int* warp_q,
                 unsigned* visited, int* level, int next_level, int* next, unsigned* counts) {
  const int nq = counts[1], lane = threadIdx.x & 31;
  for (int i = (blockIdx.x * kThreads + threadIdx.x) >> 5; i < nq; i += (gridDim.x * kThreads) >> 5) {
    const int u = warp_q[i], e = offs[u + 1];
    for (int k = offs[u] + lane; k < e; k += 32) visit(visited, level, next_level, cols[k], next, &counts[0]);
  }
}

__global__ void __launch_bounds__(kThreads)
    expand_blocks(const int* __restrict__ offs, const int* __restrict__ cols, const int* block_q,
                  unsigned* visited, int* level, int next_level, int* next, unsigned* counts) {
  const int nq = counts[2];
  for (int i = blockIdx.x; i < nq; i += gridDim.x) {
    const int u = block_q[i], e = offs[u + 1];
    for (int k = offs[u] + threadIdx.x; k < e; k += kThreads)
      visit(visited, level, next_level, cols[k], next, &counts[0]);
  }
}

// ---------------------------------------------------------------------------
// Host side.
// ---------------------------------------------------------------------------
struct bfs_cli : g::sample_cli {
  std::int64_t input_edges = 0;
  std::string variants = "edge_balanced,twc";
  bool trace = false;
  bfs_cli() : sample_cli("bfs", "Hand-written top-down CUDA BFS (the reference of issue 12)") {
    add_int("input-edges", "M", "edges counted for TEPS (default: ef x 2^scale for rmat, else arcs / 2)",
            input_edges, 1);
    add_string("variants", "LIST", "comma-separated: edge_balanced, twc", variants);
    add_flag("trace", "after timing, search from the first root again printing each level (stderr)", trace);
  }
};

struct device_graph {
  int n = 0, m = 0;
  int *offs = nullptr, *cols = nullptr;
  int *level = nullptr, *qa = nullptr, *qb = nullptr, *da = nullptr, *db = nullptr, *eoff = nullptr;
  int *warp_q = nullptr, *block_q = nullptr;
  unsigned *visited = nullptr, *counts = nullptr, *pinned = nullptr;
  void* scan_temp = nullptr;
  std::size_t scan_bytes = 0;
  int grid_tiles = 0, grid_threads = 0, grid_warps = 0, grid_blocks = 0;
};

// One BFS from root; returns the number of levels. `trace` prints per level.
int bfs(device_graph& d, const std::string& variant, int root, cudaStream_t s, bool trace) {
  const int words = (d.n + 31) / 32;
  IRR_CHECK(cudaMemsetAsync(d.level, 0xff, d.n * sizeof(int), s));  // -1: not reached
  IRR_CHECK(cudaMemsetAsync(d.visited, 0, words * sizeof(unsigned), s));
  start<<<1, 1, 0, s>>>(d.offs, d.visited, d.level, d.qa, d.da, root);
  IRR_LAUNCHED();
  int *q = d.qa, *qn = d.qb, *dg = d.da, *dgn = d.db;
  int nf = 1, lv = 0;
  cudaEvent_t a = nullptr, b = nullptr;
  if (trace) {
    IRR_CHECK(cudaEventCreate(&a));
    IRR_CHECK(cudaEventCreate(&b));
  }
  while (nf > 0) {
    if (trace) IRR_CHECK(cudaEventRecord(a, s));
    IRR_CHECK(cudaMemsetAsync(d.counts, 0, 3 * sizeof(unsigned), s));
    if (variant == "edge_balanced") {
      IRR_CHECK(cub::DeviceScan::InclusiveSum(d.scan_temp, d.scan_bytes, dg, d.eoff + 1, nf, s));
      expand_tiles<<<d.grid_tiles, kThreads, 0, s>>>(d.offs, d.cols, q, d.eoff, nf, d.visited, d.level,
                                                     lv + 1, qn, dgn, d.counts);
      IRR_LAUNCHED();
    } else {
      const int grid = std::min(d.grid_threads, (nf + kThreads - 1) / kThreads);
      expand_threads<<<grid, kThreads, 0, s>>>(d.offs, d.cols, q, nf, d.visited, d.level, lv + 1, qn,
                                               d.counts, d.warp_q, d.block_q);
      IRR_LAUNCHED();
      expand_warps<<<d.grid_warps, kThreads, 0, s>>>(d.offs, d.cols, d.warp_q, d.visited, d.level, lv + 1,
                                                     qn, d.counts);
      IRR_LAUNCHED();
      expand_blocks<<<d.grid_blocks, kThreads, 0, s>>>(d.offs, d.cols, d.block_q, d.visited, d.level,
                                                       lv + 1, qn, d.counts);
      IRR_LAUNCHED();
    }
    IRR_CHECK(cudaMemcpyAsync(d.pinned, d.counts, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
    if (trace) IRR_CHECK(cudaEventRecord(b, s));
    IRR_CHECK(cudaStreamSynchronize(s));
    if (trace) {
      float ms = 0;
      IRR_CHECK(cudaEventElapsedTime(&ms, a, b));
      std::fprintf(stderr, "  %s level %d: frontier %d -> %u, %.3f ms\n", variant.c_str(), lv, nf,
                   *d.pinned, ms);
    }
    nf = static_cast<int>(*d.pinned);
    std::swap(q, qn);
    std::swap(dg, dgn);
    ++lv;
  }
  if (trace) {
    cudaEventDestroy(a);
    cudaEventDestroy(b);
  }
  return lv;
}

}  // namespace

int main(int argc, char** argv) {
  bfs_cli cli;
  try {
    if (!cli.parse(argc, argv)) return 0;
  } catch (const std::exception& e) {
    std::cerr << "bfs: " << e.what() << "\n";
    return 2;
  }
  g::csr<std::int32_t> graph;
  try {
    graph = g::load_csr<std::int32_t>(cli.common);
  } catch (const std::exception& e) {
    std::cerr << "bfs: " << e.what() << "\n";
    return 1;
  }
  if (graph.directed) std::fprintf(stderr, "bfs: warning: the graph is directed (Graph500 BFS wants --undirected)\n");
  if (graph.num_arcs() >= (1ll << 31)) {
    std::fprintf(stderr, "bfs: %lld arcs: this program indexes arcs with int\n", (long long)graph.num_arcs());
    return 1;
  }
  std::int64_t input_edges = cli.input_edges;
  if (input_edges == 0) {
    if (!cli.common.generate.empty() && g::generator_spec::parse(cli.common.generate).kind == "rmat") {
      const auto spec = g::generator_spec::parse(cli.common.generate);
      input_edges = std::stoll(spec.get("ef", "16")) << std::stoll(spec.get("scale", "16"));
    } else {
      input_edges = graph.directed ? graph.num_arcs() : graph.num_arcs() / 2;
    }
  }
  const std::vector<g::vid> roots = g::pick_sources(graph, cli.common.sources, cli.common.seed);
  if (roots.empty()) {
    std::fprintf(stderr, "bfs: the graph has no vertex with an arc\n");
    return 1;
  }

  // CPU reference levels, one root per OpenMP thread.
  std::vector<std::vector<g::vid>> want(roots.size());
#pragma omp parallel for schedule(dynamic, 1)
  for (int r = 0; r < static_cast<int>(roots.size()); ++r) want[r] = g::bfs_levels(graph, roots[r]);
  long long reached_sum = 0;
  int max_level = 0;
  for (const auto& w : want)
    for (g::vid l : w)
      if (l >= 0) {
        ++reached_sum;
        max_level = std::max(max_level, static_cast<int>(l));
      }
  const std::string answer = std::to_string(reached_sum) + ":" + std::to_string(max_level);

  device_graph d;
  d.n = graph.n;
  d.m = static_cast<int>(graph.num_arcs());
  std::vector<int> offs32(graph.offsets.begin(), graph.offsets.end());
  IRR_CHECK(cudaMalloc(&d.offs, (d.n + 1) * sizeof(int)));
  IRR_CHECK(cudaMalloc(&d.cols, std::max(d.m, 1) * sizeof(int)));
  IRR_CHECK(cudaMemcpy(d.offs, offs32.data(), (d.n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  IRR_CHECK(cudaMemcpy(d.cols, graph.cols.data(), d.m * sizeof(int), cudaMemcpyHostToDevice));
  for (int** p : {&d.level, &d.qa, &d.qb, &d.da, &d.db, &d.warp_q, &d.block_q})
    IRR_CHECK(cudaMalloc(p, d.n * sizeof(int)));
  IRR_CHECK(cudaMalloc(&d.eoff, (d.n + 1) * sizeof(int)));
  IRR_CHECK(cudaMemset(d.eoff, 0, sizeof(int)));  // eoff[0] = 0 for good
  IRR_CHECK(cudaMalloc(&d.visited, ((d.n + 31) / 32) * sizeof(unsigned)));
  IRR_CHECK(cudaMalloc(&d.counts, 4 * sizeof(unsigned)));
  IRR_CHECK(cudaHostAlloc(&d.pinned, sizeof(unsigned), cudaHostAllocDefault));
  IRR_CHECK(cub::DeviceScan::InclusiveSum(nullptr, d.scan_bytes, d.da, d.eoff + 1, d.n));
  IRR_CHECK(cudaMalloc(&d.scan_temp, d.scan_bytes));
  d.grid_tiles = irr::resident_blocks(reinterpret_cast<const void*>(expand_tiles), kThreads);
  d.grid_threads = irr::resident_blocks(reinterpret_cast<const void*>(expand_threads), kThreads);
  d.grid_warps = irr::resident_blocks(reinterpret_cast<const void*>(expand_warps), kThreads);
  d.grid_blocks = irr::resident_blocks(reinterpret_cast<const void*>(expand_blocks), kThreads);
  cudaStream_t s;
  IRR_CHECK(cudaStreamCreate(&s));
  cudaEvent_t ev0, ev1;
  IRR_CHECK(cudaEventCreate(&ev0));
  IRR_CHECK(cudaEventCreate(&ev1));

  int status = 0;
  std::vector<int> got(d.n);
  std::string list = cli.variants + ",";
  for (std::size_t at; (at = list.find(',')) != std::string::npos; list.erase(0, at + 1)) {
    const std::string variant = list.substr(0, at);
    if (variant.empty()) continue;
    if (variant != "edge_balanced" && variant != "twc") {
      std::fprintf(stderr, "bfs: unknown variant '%s'\n", variant.c_str());
      return 2;
    }
    bfs(d, variant, roots[0], s, false);  // warm-up
    std::vector<double> ms;
    bool ok = true;
    for (std::size_t r = 0; r < roots.size(); ++r) {
      IRR_CHECK(cudaEventRecord(ev0, s));
      bfs(d, variant, roots[r], s, false);
      IRR_CHECK(cudaEventRecord(ev1, s));
      IRR_CHECK(cudaEventSynchronize(ev1));
      float t = 0;
      IRR_CHECK(cudaEventElapsedTime(&t, ev0, ev1));
      ms.push_back(t);
      IRR_CHECK(cudaMemcpy(got.data(), d.level, d.n * sizeof(int), cudaMemcpyDeviceToHost));
      for (int v = 0; v < d.n; ++v)
        if (got[v] != want[r][v]) {
          if (ok)
            std::fprintf(stderr, "bfs %s: root %d: vertex %d has level %d, expected %d\n", variant.c_str(),
                         roots[r], v, got[v], want[r][v]);
          ok = false;
          break;
        }
    }
    if (cli.trace) bfs(d, variant, roots[0], s, true);  // untimed: per-level times on stderr
    double mean = 0;
    for (double t : ms) mean += t;
    mean /= ms.size();
    std::fprintf(stderr, "bfs %s: %zu roots, mean %.3f ms, median %.3f ms, min %.3f ms\n", variant.c_str(),
                 roots.size(), mean, irr::median(ms), *std::min_element(ms.begin(), ms.end()));
    irr::result("bfs", variant.c_str(), input_edges,
                "n=" + std::to_string(d.n) + ",arcs=" + std::to_string(d.m) + ",roots=" + std::to_string(roots.size()),
                mean, input_edges / (mean * 1e-3) / 1e9, "GTEPS", ok, answer);
    if (!ok) status = 1;
  }
  return status;
}

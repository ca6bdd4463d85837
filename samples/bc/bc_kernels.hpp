// The interface of the annotated betweenness-centrality kernels (bc_shi.cpp,
// bc_jia.cpp, bc_sriram.cpp, bc_batched.cpp, bc_common.cpp) to the driver:
// the graph in the two formats the designs read, the arrays they work in,
// and one entry point per design. Every design adds Brandes' dependencies
// to `bc`.
#pragma once

#include <cstdint>

#include <hy/hy.hpp>

namespace bc {

// BFS distance of a vertex the source does not reach.
constexpr int kUnreached = 0x7fffffff;

// The graph as the kernels take it. A design reads one format only and the
// driver fills only that one (the seed's memory tables count one format):
// an edge list (Shi, Jia) or adjacency lists (Sriram, batched). An
// undirected graph has both arcs of every edge, so m counts arcs.
struct graph {
  int n = 0;
  long long m = 0;
  hy::array<int, 1> src, dst;  // edge list: arc e is src(e) -> dst(e)
  hy::array<long long, 1> off; // adjacency lists (CSR): off(n + 1),
  hy::array<int, 1> col;       //   col(off(v) .. off(v + 1) - 1) are v's heads
  bool undirected = false;     // both arcs of every edge: v's in-arcs are its out-arcs
};

// How the batched design's BFS takes each level (Beamer's direction
// optimisation, bc_batched.cpp): push (the frontier walks its arcs and
// claims their heads, atomics on d and sigma), pull (every unreached
// vertex sums the path counts of its neighbours on the level, no atomics;
// undirected graphs only, where the in-arcs a pull reads are the out-arcs),
// or auto: Beamer's rule. With m_f the arcs of the frontier and m_u the
// arcs of the unreached (row, vertex) pairs, a push level is followed by
// pulls from m_f > m_u / alpha on, and pulls go back to pushes when the
// frontier shrinks below rows x n / beta vertices.
struct direction {
  enum mode_t { push, pull, automatic } mode = automatic;
  double alpha = 2, beta = 24;
  bool trace = false; // print each level: its step, sizes and time (stderr)
};

enum class design { shi, jia, sriram, batched };

// The arrays a design works in, one row per source it handles at once.
// Allocated once by prepare() and kept across runs, so that their device
// copies are made once too (a timed run moves no data).
struct workspace {
  int rows = 0;
  hy::array<int, 1> source;            // the source of each row
  hy::array<int, 2> d;                 // BFS levels (or integer weighted distances)
  hy::array<double, 2> dw;             // real weighted distances
  hy::array<double, 2> sigma, delta;   // shortest-path counts, dependencies
  hy::array<bool, 2> P;                // Shi: the n x n predecessor matrix
  hy::array<int, 2> pending;           // weighted: claims, then DAG predecessors left
  hy::array<long long, 1> stack;       // batched: the (row, vertex) items of all levels
  hy::worklist<long long> next, warpq, blockq; // batched: next level, heavy vertices
  hy::worklist<long long> pullwarp, pullblock; // batched BFS: heavy unreached items of a pull level
  hy::array<unsigned, 2> front;        // batched BFS: a pull level, a bit per (row, vertex)
  long long bytes() const;             // of all of the above
};

// The batched design's items: a row (the source) and a vertex in one
// 64-bit word (constexpr: kernels call them on the GPU too).
constexpr long long pack_item(int row, int v) {
  return (static_cast<long long>(row) << 32) | static_cast<unsigned>(v);
}
constexpr int row_of(long long item) { return static_cast<int>(item >> 32); }
constexpr int vertex_of(long long item) { return static_cast<int>(item & 0xffffffffLL); }

// Degrees from which the batched design gives a vertex a warp (kWarp
// threads) or a block (256 threads) instead of one thread.
constexpr int kWarpDegree = 32, kBlockDegree = 1024;
constexpr int kWarp = 32;

// Allocates what `d` needs for `rows` sources at a time (weightBytes: 0 for
// BFS, else the size of a weighted distance, 4 or 8); heavy32 and heavy1024
// are the numbers of vertices with kWarpDegree <= degree < kBlockDegree and
// with degree >= kBlockDegree (the batched design's queues).
void prepare(workspace &ws, design d, int n, int rows, int weightBytes, long long heavy32,
             long long heavy1024);

// What a run did: the deepest source's levels, the batches.
struct run_info {
  int depth = 0;       // levels of the BFS (or shortest-path DAG) of the deepest source
  long long batches = 0;
  long long levels = 0, pulls = 0; // batched BFS: levels over all batches, and those pulled
};

// Each design adds, for every source s in sources[0 .. k-1], Brandes'
// dependency delta_s(v) to bc(v) for v != s: the sums over ordered pairs
// before any scaling (NetworkX's values before _rescale). With `endpoints`
// a reached vertex t != s also gains 1 (the path ends there) and s gains
// the number of vertices it reaches. k may exceed ws.rows where a design
// runs its sources in turns (Shi: one, batched: ws.rows at a time).

// Shi: one source at a time; each BFS level is one launch over all arcs
// (edge-parallel, threads per block HY_BC_SHI_THREADS), the predecessors in
// an n x n bool matrix; the "another level" flag combined per block.
void shi(const graph &g, const int *sources, int k, bool endpoints, workspace &ws,
         hy::array<double, 1> &bc, run_info &info);
int shi_threads(); // the threads per block Shi's kernels were translated with

// Jia: all sources at once (k <= ws.rows), a block per source with its own
// rows of d, sigma and delta; threads over the arcs.
void jia(const graph &g, const int *sources, int k, bool endpoints, workspace &ws,
         hy::array<double, 1> &bc, run_info &info);

// Sriram: a block per source as in Jia, threads over the vertices, each
// frontier vertex walking its adjacency list.
void sriram(const graph &g, const int *sources, int k, bool endpoints, workspace &ws,
            hy::array<double, 1> &bc, run_info &info);

// Batched frontier queues: ws.rows sources at a time, their frontiers one
// worklist of (row, vertex) items, so a level costs its own arcs; the levels
// kept for the dependency pass, which pulls from successors without
// atomics. A level is a push or a pull step as `dir` says (pulls on
// undirected graphs only; a directed graph always pushes). Weighted (w: positive arc weights, parallel to col; W int or
// double): distances by worklist relaxation first, then path counts level by
// level along the shortest-path DAG.
void batched(const graph &g, const int *sources, int k, bool endpoints, const direction &dir,
             workspace &ws, hy::array<double, 1> &bc, run_info &info);
template <class W>
void batched_weighted(const graph &g, const hy::array<W, 1> &w, const int *sources, int k,
                      bool endpoints, workspace &ws, hy::array<double, 1> &bc, run_info &info);

// Any design over all zones (bc_zones.cpp): the sources in one chunk per
// zone (MPI rank), BC summed across zones; one zone: the design on all k.
template <class W>
void run_sources(design d, const graph &g, const hy::array<W, 1> &w, bool weighted,
                 const int *sources, int k, bool endpoints, const direction &dir,
                 workspace &ws, hy::array<double, 1> &bc, run_info &info);

// Shared by the designs that keep a row per source (bc_common.cpp): fills
// ws.source with sources[0 .. k-1]; starts rows 0 .. k-1 from their sources
// (distance 0, one path; the batched design's stack holds the sources as
// level 0 and its claims are cleared); adds the k rows of dependencies to bc
// (D: the distance type, `inf`: unreached).
void set_sources(workspace &ws, const int *sources, int k);
template <class D>
void start_rows(workspace &ws, hy::array<D, 2> &d, int k, D inf);
template <class D>
void add_dependencies(const hy::array<D, 2> &dist, const hy::array<double, 2> &delta,
                      const hy::array<int, 1> &source, int k, D inf, bool endpoints,
                      hy::array<double, 1> &bc);

} // namespace bc

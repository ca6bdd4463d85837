// Blocked Floyd-Warshall all-pairs shortest paths: the interface of the
// annotated kernels (fw_kernels.cpp), which hyc turns into serial, OpenMP and
// CUDA code. The driver (main.cpp) is plain C++ and only sees this header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <hy/hy.hpp>
#include <hy/zones_grid.hpp>

namespace fw {

// Tile geometry of the distance-only kernels, all on B x B tiles:
//  - phase 1 (the pivot tile): kPivotThreads^2 threads, each owning every
//    kPivotThreads-th row and column of the tile;
//  - phase 2: B threads, each owning a column (row) of a tile;
//  - phase 3: (B / kSubRows) x (B / kSubCols) threads, each owning the
//    kSubRows x kSubCols sub-tile that the GPU keeps in registers;
//  - fw_min_plus (out of core): kThreads^2 threads, kSub^2 elements each.
// A build may choose others with -DHY_FW_TILE=..., -DHY_FW_SUB_ROWS=...,
// -DHY_FW_SUB_COLS=..., -DHY_FW_PIVOT_THREADS=..., -DHY_FW_THREADS=...
// (the benchmark compares a few; phase 3's min_blocks(6) suits B = 64).
#ifndef HY_FW_TILE
#define HY_FW_TILE 64
#endif
#ifndef HY_FW_SUB_ROWS
#define HY_FW_SUB_ROWS 8
#endif
#ifndef HY_FW_SUB_COLS
#define HY_FW_SUB_COLS 4
#endif
#ifndef HY_FW_PIVOT_THREADS
#define HY_FW_PIVOT_THREADS 32
#endif
#ifndef HY_FW_THREADS
#define HY_FW_THREADS 16
#endif
constexpr int kTile = HY_FW_TILE;
constexpr int kSubRows = HY_FW_SUB_ROWS;
constexpr int kSubCols = HY_FW_SUB_COLS;
constexpr int kPivotThreads = HY_FW_PIVOT_THREADS;
constexpr int kThreads = HY_FW_THREADS;
constexpr int kSub = kTile / kThreads;
static_assert(kTile % kSubRows == 0 && kTile % kSubCols == 0, "sub-tiles must divide the tile");
static_assert(kTile % kPivotThreads == 0 && kTile % kThreads == 0,
              "tile must be a multiple of the block");

// The path-reconstruction kernels carry a next-hop tile beside every distance
// tile, so they use half the tile edge to stay within shared memory.
constexpr int kPathTile = 32;
constexpr int kPathSub = kPathTile / kThreads;
static_assert(kTile % kPathTile == 0, "padding to kTile must suit both");

// "No path": 2^30 - 1 for int32 (so that inf + inf does not overflow), +inf
// for float. The same values as hy::graph::infinity<W>().
template <class W>
constexpr W infinity() {
  if constexpr (std::is_floating_point_v<W>)
    return std::numeric_limits<W>::infinity();
  else
    return (W{1} << 30) - 1;
}

// In-core blocked Floyd-Warshall on the leading (nb*kTile)^2 part of D:
// nb rounds of the three phases. D(i,i) must start at 0 (or below, for a
// negative self-loop), absent edges at infinity<W>().
using progress_fn = void (*)(int done, int total, void* ctx);
template <class W>
void fw_blocked(hy::array<W, 2>& D, int nb, progress_fn progress = nullptr, void* ctx = nullptr);

// The same with next-hop tracking: N(i,j) is the vertex after i on a
// shortest i -> j path (j itself for an edge, -1 for none). N must start as
// j where D(i,j) is a finite edge and -1 elsewhere (i on the diagonal).
template <class W>
void fw_blocked_paths(hy::array<W, 2>& D, hy::array<int, 2>& N, int nb,
                      progress_fn progress = nullptr, void* ctx = nullptr);

// C = min(C, A (min,+) Bm) over tiles: C is mt x nt tiles, A is mt x kt,
// Bm is kt x nt (all from the leading tiles of each array). The building
// block of the out-of-core rounds.
template <class W>
void fw_min_plus(hy::array<W, 2>& C, const hy::array<W, 2>& A,
                 const hy::array<W, 2>& Bm, int mt, int nt, int kt);

// Out-of-core blocked Floyd-Warshall: D (n x n, n a multiple of kTile) stays
// in host memory; super-blocks of S x S (S a multiple of kTile, chosen so that
// three S x S staging arrays fit budget_bytes) are streamed through the
// kernels above. Same results as fw_blocked (bit for bit for int32).
struct ooc_info {
  int super_block = 0;      // S
  int super_rounds = 0;     // ceil(n / S)
  double bytes_staged = 0;  // host <-> staging copies, both directions
};
template <class W>
ooc_info fw_out_of_core(hy::array<W, 2>& D, std::size_t budget_bytes,
                        progress_fn progress = nullptr, void* ctx = nullptr);

// Largest super-block edge that fits budget_bytes for weight size w; 0 when
// not even one kTile fits.
int ooc_super_block(std::size_t budget_bytes, std::size_t w, int n);

// One matrix over several devices (fw_kernels.cpp's last section, docs/multi_gpu.md): the
// zones (MPI ranks; one without MPI) as the process grid g, the padded np x np
// matrix (np a multiple of kTile) spread 2-D block-cyclic over it in S x S
// blocks (S a multiple of kTile dividing np; grid_block's choice by default).
// L holds this zone's blocks only, packed (g.local_rows(np / S) * S rows of
// g.local_cols(np / S) * S): local block (i, j) is global block
// (g.row() + i * g.rows(), g.col() + j * g.cols()). Each zone computes on
// its own blocks and receives the pivot block and panels by broadcast; on
// return L holds its blocks of the result. rounds == 0 when S or L's shape
// does not fit np.
struct grid_info {
  int rows = 1, cols = 1, block = 0, rounds = 0;
  double bytes_sent = 0;  // this zone's share of the broadcasts (received or sent)
};
template <class W>
grid_info fw_grid(const hy::zones::grid& g, hy::array<W, 2>& L, int np, int S,
                  progress_fn progress = nullptr, void* ctx = nullptr);
int grid_block(int np, int grid_rows, int grid_cols);

}  // namespace fw

// Scans in generated kernels (`reduction(inscan, OP : x)` with `#pragma hy
// scan`, docs/language.md "Scans", docs/runtime-cuda.md): a single pass
// over the iterations in tiles, one per block, each tile's prefix found by
// decoupled look-back over the tiles before it (Merrill and Garland,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", 2016). The
// block scan, the warp-striped/blocked exchange and the look-back are CUB's
// (cub::BlockScan, cub::BlockExchange, cub::ScanTileState,
// cub::TilePrefixCallbackOp: public CUB, shipped with the CUDA toolkit), so
// the generated kernel runs what cub::DeviceScan runs, with the loop's own
// input and scan phases in place of its loads and stores.
#pragma once

#include <hy/cuda/device.cuh>
#include <hy/cuda/reduce.cuh>

#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_scan.cuh>

#include <climits>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace hy::cuda {

/// Threads per block and iterations per thread of a scan kernel over T:
/// CUB's sm_90 tuning of DeviceScan for sums of 4- and 8-byte values
/// (tuning_scan.cuh: 128 x 24 and 224 x 24), the 4-byte one for smaller types.
template <class T>
struct scan_shape {
  static constexpr int threads = sizeof(T) <= 4 ? 128 : 224;
  static constexpr int items = 24;
  static constexpr long long tile = (long long)threads * items;
};

namespace detail {

template <class Op>
struct scan_functor {
  template <class T>
  __host__ __device__ __forceinline__ T operator()(const T &a, const T &b) const {
    return Op::template apply<T>(a, b);
  }
};

template <class T>
__global__ void scan_init_tiles(cub::ScanTileState<T> state, int tiles) {
  state.InitializeStatus(tiles);
}

/// Device memory for the tiles' states, kept between launches and grown
/// when a launch needs more (launches on the default stream use it in turn).
inline void *scan_buffer(std::size_t bytes, const char *where) {
  static void *p = nullptr;
  static std::size_t have = 0;
  if (bytes > have) {
    if (p)
      check(cudaFree(p), "cudaFree (scan tiles)", where);
    p = nullptr;
    check_alloc(cudaMalloc(&p, bytes), "cudaMalloc (scan tiles)", bytes, where);
    have = bytes;
  }
  return p;
}

} // namespace detail

/// Host side of one scan launch: the look-back state of each tile of
/// `iterations`, initialised by a small kernel queued before the scan's.
template <class T>
class scan_tiles {
public:
  scan_tiles(long long iterations, const char *where) {
    const long long tiles = (iterations + scan_shape<T>::tile - 1) / scan_shape<T>::tile;
    if (tiles > INT_MAX) {
      std::fprintf(stderr, "%s: a scan of %lld iterations needs more than %d tiles\n", where,
                   iterations, INT_MAX);
      std::exit(1);
    }
    tiles_ = static_cast<int>(tiles);
    std::size_t bytes = 0;
    check(cub::ScanTileState<T>::AllocationSize(tiles_, bytes), "cub::ScanTileState", where);
    void *p = detail::scan_buffer(bytes, where);
    check(state_.Init(tiles_, p, bytes), "cub::ScanTileState::Init", where);
    constexpr int threads = 128; // InitializeStatus pads with the first block's first 32 threads
    detail::scan_init_tiles<T><<<(tiles_ + threads - 1) / threads, threads>>>(state_, tiles_);
    check(cudaGetLastError(), "launch of the scan's tile initialisation", where);
  }
  cub::ScanTileState<T> state() const { return state_; }
  /// One block per tile.
  dim3 grid() const { return dim3(static_cast<unsigned>(tiles_)); }

private:
  int tiles_ = 0;
  cub::ScanTileState<T> state_;
};

/// Device side of a scan kernel: a block of scan_shape<T>::threads threads
/// holds scan_shape<T>::items contributions each, in warp-striped order
/// (item k of lane l of warp w is iteration w * 32 * items + k * 32 + l of
/// the tile: neighbouring threads run neighbouring iterations).
template <class Op, class T>
struct block_scan {
  static constexpr int threads = scan_shape<T>::threads;
  static constexpr int items = scan_shape<T>::items;
  using state_t = cub::ScanTileState<T>;
  using functor = detail::scan_functor<Op>;
  using prefix_t = cub::TilePrefixCallbackOp<T, functor, state_t>;
  using scan_t = cub::BlockScan<T, threads, cub::BLOCK_SCAN_WARP_SCANS>;
  using exchange_t = cub::BlockExchange<T, threads, items>;
  struct scan_storage {
    typename scan_t::TempStorage scan;
    typename prefix_t::TempStorage prefix;
  };
  union storage {
    typename exchange_t::TempStorage exchange;
    scan_storage scan;
  };

  /// The loop iteration (counted from 0) of item k of this thread.
  static __device__ __forceinline__ long long position(int k) {
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    return (long long)blockIdx.x * scan_shape<T>::tile + (long long)warp * 32 * items + k * 32 +
           lane;
  }

  /// Replaces each contribution with the combination of the contributions
  /// of every iteration up to it (inclusive) or before it (exclusive), over
  /// all tiles; the last tile stores the total in *total.
  static __device__ __forceinline__ void inclusive(T (&v)[items], state_t state, storage &s,
                                                   T *total) {
    run<true>(v, state, s, total);
  }
  static __device__ __forceinline__ void exclusive(T (&v)[items], state_t state, storage &s,
                                                   T *total) {
    run<false>(v, state, s, total);
  }

private:
  template <bool Inclusive>
  static __device__ __forceinline__ void run(T (&v)[items], state_t &state, storage &s,
                                             T *total) {
    exchange_t(s.exchange).WarpStripedToBlocked(v, v);
    __syncthreads();
    const int tile = blockIdx.x;
    functor op;
    T through; // the tile's inclusive prefix, in thread 0
    if (tile == 0) {
      if constexpr (Inclusive)
        scan_t(s.scan.scan).InclusiveScan(v, v, op, through);
      else
        scan_t(s.scan.scan).ExclusiveScan(v, v, Op::template identity<T>(), op, through);
      if (threadIdx.x == 0 && gridDim.x > 1)
        state.SetInclusive(0, through);
    } else {
      prefix_t prefix(state, s.scan.prefix, op, tile);
      if constexpr (Inclusive)
        scan_t(s.scan.scan).InclusiveScan(v, v, op, prefix);
      else
        scan_t(s.scan.scan).ExclusiveScan(v, v, op, prefix);
      if (threadIdx.x == 0) // written by thread 0 in the look-back
        through = prefix.GetInclusivePrefix();
    }
    if (threadIdx.x == 0 && tile == (int)gridDim.x - 1)
      *total = through;
    __syncthreads();
    exchange_t(s.exchange).BlockedToWarpStriped(v, v);
  }
};

} // namespace hy::cuda

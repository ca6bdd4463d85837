// Block-aggregated worklist pushes (docs/cuda.md, "Worklist pushes"). A
// kernel that pushes to a worklist gathers its block's items in shared
// memory and moves them to the list together: one global atomic per block
// and flush instead of one per warp and push, and coalesced stores (a
// block-aggregated append measured 12x faster than warp aggregation,
// docs/perf/irregular.md). hyc prints, per worklist `w` a kernel pushes to:
//
//   __shared__ hy::cuda::push_buffer<int, 256> hy_pushbuf_w;    // 256: threads
//   hy::cuda::block_push<int, 256> hy_push_w{w, &hy_pushbuf_w};
//   hy::cuda::push_start(hy_push_w);                 // at the kernel's start
//   for (<grid-stride loop, the same trip for every thread of the block>) {
//     hy::cuda::push_flush_if_full(hy_push_w);       // at the top of each iteration
//     ... hy_push_w.push(x); ...                     // each `w.push(x)` of the body
//   }
//   hy::cuda::push_flush(hy_push_w);                 // then w.publish()
//
// push() takes a slot in the buffer with one shared-memory atomic per group
// of converged lanes; when the buffer is full it pushes to the list as the
// warp form does (worklist_view::push) until the next flush, so no item is
// ever lost and the buffer's size bounds nothing but speed. The flushes are block-wide (they
// hold barriers): every thread of the block must reach them, which is why
// they sit at the kernel's end and at the top of a grid loop that every
// thread of the block iterates alike.
//
// The block form is the default (it passed the GPU check on an H100,
// 2026-12-07: the runtime's worklist.push_block tests, the pushing e2e
// programs, Δ-stepping, BC and Johnson). -DHY_PUSH=warp at compile time
// makes push() the warp form and the flushes nothing, from the same output
// (for A/B timing); -DHY_PUSH=block names the default.
#pragma once

#include <hy/cuda/worklist.cuh>

#include <cooperative_groups.h>

#include <cstddef>

#define HY_PUSH_FORM_IS_block 1
#define HY_PUSH_FORM_IS_warp 2
#define HY_PUSH_FORM_CAT2(a, b) a##b
#define HY_PUSH_FORM_CAT(a, b) HY_PUSH_FORM_CAT2(a, b)
#ifndef HY_PUSH
#define HY_PUSH_BLOCK 1
#elif HY_PUSH_FORM_CAT(HY_PUSH_FORM_IS_, HY_PUSH) == 1
#define HY_PUSH_BLOCK 1
#elif HY_PUSH_FORM_CAT(HY_PUSH_FORM_IS_, HY_PUSH) == 2
#define HY_PUSH_BLOCK 0
#else
#error "HY_PUSH must be warp or block"
#endif

namespace hy::cuda {

/// Whether this build aggregates pushes per block (HY_PUSH).
inline constexpr bool block_pushes = HY_PUSH_BLOCK != 0;

/// Items a block buffers per worklist: 4 per thread, at most 8 KiB.
template <class T>
constexpr int push_buffer_items(int threads) {
  const int per_threads = 4 * threads;
  const int by_bytes = static_cast<int>(8192 / sizeof(T)) < 32 ? 32 : static_cast<int>(8192 / sizeof(T));
  return per_threads < by_bytes ? per_threads : by_bytes;
}

/// A block's buffer for one worklist, in shared memory (no constructor:
/// push_start sets it up). `count` counts the slots handed out since the
/// last flush and may pass the capacity by the pushes that raced past the
/// full check; `filled` and `first` carry a flush's size and reserved start
/// from the block's leader to its threads.
template <class T, int Threads>
struct push_buffer {
  static constexpr int items = block_pushes ? push_buffer_items<T>(Threads) : 1;
  unsigned count;
  unsigned filled;
  unsigned long long first;
  alignas(T) unsigned char raw[items * sizeof(T)];
  __device__ T *slots() { return reinterpret_cast<T *>(raw); }
};

/// What a kernel pushes through: the list's view, the block's buffer and
/// what this thread's pushes saw since the last flush (so that the flush
/// check reads no count another thread may be changing: every access to
/// the buffer is an atomic or ordered by a barrier, which racecheck sees
/// too). One per thread, a local of the kernel (not copied: a push in a
/// lambda keeps the warp form).
template <class T, int Threads>
struct block_push {
  static constexpr int items = push_buffer<T, Threads>::items;
  worklist_view<T> list;
  push_buffer<T, Threads> *buf;
  bool half = false; // a slot of the buffer's second half (a flush is due)
  bool full = false; // no slot left: push in the warp form until the flush

  __device__ void push(const T &x) {
#if HY_PUSH_BLOCK && defined(__CUDA_ARCH__)
    namespace cg = cooperative_groups;
    if (!full) {
      const cg::coalesced_group g = cg::coalesced_threads();
      unsigned first = 0;
      if (g.thread_rank() == 0)
        first = atomicAdd(&buf->count, g.size());
      const unsigned slot = g.shfl(first, 0) + g.thread_rank();
      half = half || slot >= static_cast<unsigned>(items) / 2;
      if (slot < static_cast<unsigned>(items)) {
        buf->slots()[slot] = x;
        return;
      }
      // Each thread takes at most one slot past the end per flush, so the
      // count stays below items + 32 x the block's threads.
      full = true;
    }
#endif
    list.push(x); // the warp form: the buffer is full (or HY_PUSH=warp)
  }

  // Block leader, between barriers: reserve the list's slots for the
  // buffered items with one atomic and empty the buffer for later pushes.
  __device__ void reserve() const {
    const unsigned c = buf->count;
    const unsigned n = c < static_cast<unsigned>(items) ? c : static_cast<unsigned>(items);
    buf->filled = n;
    buf->first = n ? atomicAdd(list.count, static_cast<unsigned long long>(n)) : 0ull;
    buf->count = 0;
  }
  // Every thread, after the leader's reserve(): neighbouring threads store
  // neighbouring items. Slots past the capacity are dropped (the count
  // still has them, so the host reports the overflow), as in push().
  __device__ void write(unsigned tid, unsigned nthreads) {
    const unsigned n = buf->filled;
    const unsigned long long at = buf->first - list.base;
    const T *from = buf->slots();
    for (unsigned i = tid; i < n; i += nthreads)
      if (at + i < static_cast<unsigned long long>(list.cap))
        list.items[at + i] = from[i];
    half = full = false;
  }
};

namespace detail {
__device__ inline unsigned push_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
// After a barrier that ended the block's pushes: the leader reserves every
// list's slots, a barrier, every thread stores; `more` when pushes follow
// (a barrier before they may reuse the buffers).
template <class... P>
__device__ void push_write_out(bool more, P &...p) {
  const unsigned tid = push_tid(), nthreads = blockDim.x * blockDim.y * blockDim.z;
  if (tid == 0)
    (p.reserve(), ...);
  __syncthreads();
  (p.write(tid, nthreads), ...);
  if (more)
    __syncthreads();
}
} // namespace detail

/// At the kernel's start, every thread: the buffers are empty. A barrier.
template <class... P>
__device__ void push_start(P &...p) {
#if HY_PUSH_BLOCK
  if (detail::push_tid() == 0)
    ((p.buf->count = 0), ...);
  __syncthreads();
#else
  ((void)p, ...);
#endif
}

/// At the top of each iteration of the grid loop, every thread of the
/// block: when a buffer is at least half full (some thread's push took a
/// slot of its second half), the buffers are written to their lists. One
/// barrier (__syncthreads_or: the same answer in every thread), three when
/// writing.
template <class... P>
__device__ void push_flush_if_full(P &...p) {
#if HY_PUSH_BLOCK
  if (__syncthreads_or((p.half || ...)))
    detail::push_write_out(true, p...);
#else
  ((void)p, ...);
#endif
}

/// At the kernel's end, every thread: the buffers are written to their
/// lists (before the lists' publish()). Two barriers.
template <class... P>
__device__ void push_flush(P &...p) {
#if HY_PUSH_BLOCK
  __syncthreads();
  detail::push_write_out(false, p...);
#else
  ((void)p, ...);
#endif
}

/// The grid of a kernel that aggregates pushes per block: at most the
/// resident blocks, so that each block gathers the items of many
/// iterations before it takes an atomic (HY_PUSH=warp: the grid as is).
inline long long push_grid(long long blocks, long long resident) {
  return block_pushes && resident < blocks ? resident : blocks;
}

} // namespace hy::cuda

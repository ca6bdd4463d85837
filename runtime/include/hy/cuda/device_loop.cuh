// Host loops that stay on the device: a `while`/`do`/`for` loop around
// kernels whose condition and other statements the device can run is one
// CUDA graph launch instead of a launch plus a device-to-host read per
// iteration. The graph is [first step] -> WHILE(handle) { kernels..., step },
// the steps being one-thread kernels the translator prints from the loop's
// host statements; each ends with cudaGraphSetConditional. The loop's
// scalars and worklist views live in a small device struct (the state) for
// the loop's duration. hyc prints both forms; HY_DEVICE_LOOPS=0 takes the
// host form at run time. See docs/runtime-cuda.md ("Device loops").
#pragma once

#include <hy/cuda/device.cuh>
#include <hy/cuda/worklist.cuh>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace hy::cuda {

/// Whether a loop the translator printed in both forms takes the device
/// form: on the GPU, unless the environment sets HY_DEVICE_LOOPS=0.
inline bool device_loops() {
  static const bool on = !detail::env_is("HY_DEVICE_LOOPS", "0");
  return on && use_gpu();
}

/// Whether a loop's execution whose launches differ from the last one's
/// updates the last executable graph in place (cudaGraphExecUpdate;
/// instantiated again if that fails) instead of instantiating its new graph:
/// HY_DEVICE_LOOP_UPDATE=1. Not the default yet: each execution captures a
/// new graph with its own conditional handle, and whether an update carries
/// the handle over to the while node is to be measured on the GPU first
/// (docs/runtime-cuda.md, "Device loops"). An execution whose launches are
/// the last one's (keyed()) reuses its executable graph either way.
inline bool update_in_place() {
  static const bool on = detail::env_is("HY_DEVICE_LOOP_UPDATE", "1");
  return on;
}

/// One loop's cache, a static object at its call site: the executable graph
/// and what its launches were given (see keyed, update_in_place), the device
/// state and the capture stream. A second
/// thread running the same loop waits for the first.
struct device_loop_site {
  std::mutex mu;
  void *state = nullptr;
  std::size_t bytes = 0;
  cudaGraphExec_t exec = nullptr;
  cudaStream_t stream = nullptr;
  std::vector<unsigned char> key; // what the executable graph's launches were given
  bool unkeyed = false;           // some of it not by its bytes: never reused
  unsigned long long runs = 0, instantiations = 0, reuses = 0;
  device_loop_site() = default;
  device_loop_site(const device_loop_site &) = delete;
  device_loop_site &operator=(const device_loop_site &) = delete;
  ~device_loop_site() {
    // At exit the CUDA runtime may be gone already: errors are ignored.
    if (exec)
      (void)cudaGraphExecDestroy(exec);
    if (state)
      (void)cudaFree(state);
    if (stream)
      (void)cudaStreamDestroy(stream);
  }
};

namespace detail {
// A capture that failed leaves its stream capturing: end it, then stop.
inline void capture_check(cudaError_t e, cudaStream_t s, const char *what, const char *where) {
  if (e == cudaSuccess)
    return;
  cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  if (s && cudaStreamIsCapturing(s, &st) == cudaSuccess && st != cudaStreamCaptureStatusNone) {
    cudaGraph_t g = nullptr;
    (void)cudaStreamEndCapture(s, &g);
    if (g)
      (void)cudaGraphDestroy(g);
  }
  check(e, what, where);
}
} // namespace detail

/// One execution of a device loop with state struct S (trivially copyable):
///     device_loop<S> dl(site, initial_state, where);
///     dl.begin_first(); step0<<<1, 1, 0, dl.stream()>>>(dl.state(), dl.handle()); dl.end_first();
///     dl.begin_body();  kernels and steps on dl.stream(), dl.launched(...) after each; dl.end_body();
///     S final = dl.run();
/// The first step decides whether the body runs at all (cudaGraphSetConditional).
template <class S>
class device_loop {
public:
  device_loop(device_loop_site &site, const S &init, const char *where)
      : site_(site), lock_(site.mu), where_(where) {
    if (!site_.stream)
      check(cudaStreamCreateWithFlags(&site_.stream, cudaStreamNonBlocking),
            "cudaStreamCreateWithFlags (device loop)", where_);
    if (site_.bytes < sizeof(S)) {
      if (site_.state)
        check(cudaFree(site_.state), "cudaFree (device loop state)", where_);
      site_.state = nullptr;
      check_alloc(cudaMalloc(&site_.state, sizeof(S)), "cudaMalloc (device loop state)",
                  sizeof(S), where_);
      site_.bytes = sizeof(S);
    }
    // On the default stream, ordered after every kernel launched before.
    check(cudaMemcpy(site_.state, &init, sizeof(S), cudaMemcpyHostToDevice),
          "cudaMemcpy host->device (device loop state)", where_);
    check(cudaGraphCreate(&graph_, 0), "cudaGraphCreate (device loop)", where_);
    check(cudaGraphConditionalHandleCreate(&handle_, graph_, 0, 0),
          "cudaGraphConditionalHandleCreate (device loop)", where_);
  }
  device_loop(const device_loop &) = delete;
  device_loop &operator=(const device_loop &) = delete;
  ~device_loop() {
    if (graph_)
      (void)cudaGraphDestroy(graph_);
  }

  S *state() const { return static_cast<S *>(site_.state); }
  cudaGraphConditionalHandle handle() const { return handle_; }
  cudaStream_t stream() const { return site_.stream; }

  /// The first step (condition, and the body's leading statements if it holds).
  void begin_first() { begin(graph_); }
  void end_first() {
    end(graph_);
    std::size_t n = 0;
    check(cudaGraphGetNodes(graph_, nullptr, &n), "cudaGraphGetNodes (device loop)", where_);
    if (n != 1) {
      std::fprintf(stderr, "hy: error: %s: device loop: the first step is %zu graph nodes, not 1\n",
                   where_, n);
      std::exit(1);
    }
    cudaGraphNode_t first = nullptr;
    check(cudaGraphGetNodes(graph_, &first, &n), "cudaGraphGetNodes (device loop)", where_);
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeConditional;
    p.conditional.handle = handle_;
    p.conditional.type = cudaGraphCondTypeWhile;
    p.conditional.size = 1;
    cudaGraphNode_t node = nullptr;
    check(cudaGraphAddNode(&node, graph_, &first, nullptr, 1, &p),
          "cudaGraphAddNode (device loop: conditional while node)", where_);
    body_ = p.conditional.phGraph_out[0];
  }
  /// The body: the kernels and steps launched on stream() until end_body().
  void begin_body() { begin(body_); }
  void end_body() { end(body_); }

  /// A value a launch in the body is given (a grid, an argument, whether it
  /// is launched), returned as is: an execution whose values are all the last
  /// one's runs the last executable graph again (the state and the
  /// conditional handle it was captured with are the site's and its own).
  /// A value whose bytes do not say what it is (not trivially copyable: a
  /// std::pair) makes the execution make its own graph.
  template <class T>
  const T &keyed(const T &v) {
    if constexpr (std::is_trivially_copyable_v<T>) {
      const auto *b = reinterpret_cast<const unsigned char *>(&v);
      key_.insert(key_.end(), b, b + sizeof(T));
    } else {
      unkeyed_ = true;
    }
    return v;
  }

  /// After each launch on stream(): a launch error names the kernel's pragma.
  void launched(const char *where) const {
    const cudaError_t e = cudaGetLastError();
    detail::capture_check(e, site_.stream, "kernel launch (device loop capture)", where);
  }

  /// Launches the loop, waits for it and returns the final state.
  S run() {
    ++site_.runs;
    if (site_.exec && !unkeyed_ && !site_.unkeyed && key_ == site_.key) {
      ++site_.reuses; // the same launches: the graph just captured is not needed
    } else {
      site_.key = key_;
      site_.unkeyed = unkeyed_;
      prepare_exec();
    }
    check(cudaGraphLaunch(site_.exec, 0), "cudaGraphLaunch (device loop)", where_);
    count_launch();
    S out;
    check(cudaMemcpy(&out, site_.state, sizeof(S), cudaMemcpyDeviceToHost),
          "device loop (its kernels, or the copy of its state back)", where_);
    return out;
  }

private:
  void prepare_exec() {
    if (site_.exec && !update_in_place()) {
      check(cudaGraphExecDestroy(site_.exec), "cudaGraphExecDestroy (device loop)", where_);
      site_.exec = nullptr;
    }
    if (site_.exec) {
      cudaGraphExecUpdateResultInfo info = {};
      if (cudaGraphExecUpdate(site_.exec, graph_, &info) != cudaSuccess) {
        (void)cudaGetLastError(); // not the same shape: instantiate again
        (void)cudaGraphExecDestroy(site_.exec);
        site_.exec = nullptr;
      }
    }
    if (!site_.exec) {
      check(cudaGraphInstantiate(&site_.exec, graph_, 0), "cudaGraphInstantiate (device loop)",
            where_);
      ++site_.instantiations;
    }
  }

  void begin(cudaGraph_t g) {
    check(cudaStreamBeginCaptureToGraph(site_.stream, g, nullptr, nullptr, 0,
                                        cudaStreamCaptureModeRelaxed),
          "cudaStreamBeginCaptureToGraph (device loop)", where_);
  }
  void end(cudaGraph_t g) {
    cudaGraph_t out = nullptr;
    detail::capture_check(cudaStreamEndCapture(site_.stream, &out), site_.stream,
                          "cudaStreamEndCapture (device loop)", where_);
    (void)g;
  }

  device_loop_site &site_;
  std::unique_lock<std::mutex> lock_;
  const char *where_;
  std::vector<unsigned char> key_;
  bool unkeyed_ = false;
  cudaGraph_t graph_ = nullptr, body_ = nullptr;
  cudaGraphConditionalHandle handle_ = 0;
};

/// Device-side statements of a step: `w.clear()` and `std::swap(a, b)` of
/// worklists held in the state (the view's count starts over at the
/// counter, as the host's clear does; a swap exchanges the views).
template <class T>
__device__ inline void loop_clear(worklist_view<T> &w) {
  w.base = *w.count;
}
template <class T>
__device__ inline void loop_swap(worklist_view<T> &a, worklist_view<T> &b) {
  const worklist_view<T> t = a;
  a = b;
  b = t;
}

/// The end of a step: whether the loop goes on.
__device__ inline void loop_continue(cudaGraphConditionalHandle h, bool more) {
  cudaGraphSetConditional(h, more ? 1u : 0u);
}

/// After a device loop: the host objects of worklists that the loop may have
/// swapped get the storage their final views describe (their device buffers
/// travel with them, as in std::swap), and each list's device count is the
/// newest, starting at its final view's base. `before[i]` is the items
/// pointer of lists[i]'s view when the loop started, `after[i]` its view at
/// the end.
template <class T>
void finish_device_loop(std::initializer_list<hy::worklist<T> *> lists_in,
                        std::initializer_list<const T *> before_in,
                        std::initializer_list<worklist_view<T>> after_in, const char *where) {
  std::vector<hy::worklist<T> *> lists(lists_in);
  std::vector<const T *> before(before_in);
  std::vector<worklist_view<T>> after(after_in);
  const std::size_t n = lists.size();
  // cur[k]: the list (by its index at the start) whose storage lists[k] holds now.
  std::vector<std::size_t> cur(n);
  for (std::size_t k = 0; k < n; ++k)
    cur[k] = k;
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t want = n;
    for (std::size_t j = 0; j < n; ++j)
      if (before[j] == after[i].items)
        want = j;
    if (want == n) {
      std::fprintf(stderr, "hy: error: %s: device loop: a worklist's final buffer is unknown\n",
                   where);
      std::exit(1);
    }
    std::size_t k = i;
    while (k < n && cur[k] != want)
      ++k;
    if (k == n) {
      std::fprintf(stderr, "hy: error: %s: device loop: worklists swapped inconsistently\n", where);
      std::exit(1);
    }
    if (k != i) {
      lists[i]->swap(*lists[k]);
      std::swap(cur[i], cur[k]);
    }
  }
  std::lock_guard<std::mutex> lock(detail::coherence_mutex());
  for (std::size_t i = 0; i < n; ++i) {
    auto *m = dynamic_cast<detail::worklist_mirror *>(lists[i]->hy_mirror());
    if (!m)
      continue; // never on the device: the loop did not run it there
    m->base = after[i].base;
    m->count = m->items = detail::newest::device;
    m->raw_known = false;
    m->expect = 0;
  }
}

} // namespace hy::cuda

// Breadth-first search by levels, the hy side of issue 12's BFS row
// (bfs.cu holds the hand-written references; goal: 10 GTEPS on Graph500
// R-MAT scale 22, edge factor 16). Top-down: level d + 1 is every vertex
// not reached yet that has a neighbour in level d's frontier.
//
// A vertex is claimed for the next level by lowering its level with
// hy::fetch_min: exactly one caller sees the old "unreached" value and
// queues the vertex, so every vertex enters a frontier once. The plain read
// before it skips the atomic for neighbours reached already (most of them).
//
// Degrees in an R-MAT graph range from 1 to ~10^5, so one shape of work per
// frontier vertex would leave threads idle or make one thread walk a hub.
// As in Merrill, Garland and Grimshaw's BFS, the work is matched to the
// degree: a thread walks a vertex of degree < 32, a warp (a block of 32
// threads) one of degree < 1024, and a block of 256 threads a hub. The first
// kernel, a thread per frontier vertex in blocks of 256, walks the small ones
// and queues the others for the two kernels after it.
//
// bfs_edges is the same search with the expansion balanced over the
// frontier's edges by a scan of the frontier's degrees (its own RESULT line,
// variant hy_edges).
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
//   hyc --target=cuda bfs.hy.cpp -o bfs.cuda.cu -- -std=c++17 -I<hy>/samples/common/include
//   ./bfs --input r22.hyg --sources 16 --input-edges 67108864
//   ./bfs --generate rmat:scale=22,ef=16,seed=1 --undirected --sources 16
#include <hy/hy.hpp>
#include <hy/update.hpp>
#include <hy/worklist.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "hy_graph/cli.hpp"
#include "hy_graph/reference.hpp"

namespace g = hy::graph;

constexpr int kUnreached = 0x7fffffff;
constexpr int kThreads = 256;     // frontier vertices per block of the first kernel
constexpr int kWarpDegree = 32;    // a warp per vertex from this degree on
constexpr int kBlockDegree = 1024; // a block per vertex from this degree on

// level(v) = the number of arcs on a shortest path from root to v, or
// kUnreached. The worklists are the frontiers and the two queues, passed in
// so that their memory is allocated once for all roots (capacity n each).
void bfs(const hy::array<std::int64_t, 1> &offsets, const hy::array<std::int32_t, 1> &cols, int root,
         hy::array<int, 1> &level, hy::worklist<int> &frontier, hy::worklist<int> &next,
         hy::worklist<int> &warp_queue, hy::worklist<int> &block_queue) {
  const int n = static_cast<int>(level.size());
#pragma hy parallel for
  for (int v = 0; v < n; ++v)
    level(v) = v == root ? 0 : kUnreached;
  frontier.clear();
  frontier.push(root);
  for (int d = 0; frontier.size() > 0; ++d) {
#pragma hy parallel for reduction(min : level)
    for (std::size_t b = 0; b < (frontier.size() + kThreads - 1) / kThreads; ++b)
#pragma hy parallel for into(threads)
      for (int t = 0; t < kThreads; ++t) {
        const std::size_t i = b * kThreads + t;
        if (i >= frontier.size())
          continue;
        const int u = frontier(i);
        const std::int64_t begin = offsets(u), end = offsets(u + 1);
        if (end - begin >= kBlockDegree)
          block_queue.push(u);
        else if (end - begin >= kWarpDegree)
          warp_queue.push(u);
        else
          for (std::int64_t e = begin; e < end; ++e) {
            const int v = cols(e);
            if (level(v) > d + 1 && hy::fetch_min(level(v), d + 1) > d + 1)
              next.push(v);
          }
      }
#pragma hy parallel for reduction(min : level)
    for (std::size_t i = 0; i < warp_queue.size(); ++i) {
      const int u = warp_queue(i);
#pragma hy parallel for into(threads)
      for (int lane = 0; lane < 32; ++lane)
        for (std::int64_t e = offsets(u) + lane; e < offsets(u + 1); e += 32) {
          const int v = cols(e);
          if (level(v) > d + 1 && hy::fetch_min(level(v), d + 1) > d + 1)
            next.push(v);
        }
    }
#pragma hy parallel for reduction(min : level)
    for (std::size_t i = 0; i < block_queue.size(); ++i) {
      const int u = block_queue(i);
#pragma hy parallel for into(threads)
      for (std::int64_t e = offsets(u); e < offsets(u + 1); ++e) {
        const int v = cols(e);
        if (level(v) > d + 1 && hy::fetch_min(level(v), d + 1) > d + 1)
          next.push(v);
      }
    }
    std::swap(frontier, next);
    next.clear();
    warp_queue.clear();
    block_queue.clear();
  }
}

// The same search with frontier expansion balanced over the frontier's
// edges (Merrill, Garland and Grimshaw, "Scalable GPU Graph Traversal",
// 2012): an inclusive scan of the frontier vertices' degrees gives vertex f
// the end of its run of edge slots, fend(f + 1) (fend(0) = 0), so that every
// thread does the same work whatever the degrees (docs/language.md,
// "Scans"). An iteration takes `chunk` consecutive slots: it finds the
// first one's frontier vertex by hy::csr_row over the scanned offsets and
// walks forward through fend for the others (chunk 1: a search per edge;
// the hand-written edge_balanced kernel searches once per 2048-arc tile).
// fend has room for n + 1 offsets.
void bfs_edges(const hy::array<std::int64_t, 1> &offsets, const hy::array<std::int32_t, 1> &cols,
               int root, hy::array<int, 1> &level, hy::worklist<int> &frontier,
               hy::worklist<int> &next, hy::array<long long, 1> &fend, long long chunk) {
  const int n = static_cast<int>(level.size());
#pragma hy parallel for
  for (int v = 0; v < n; ++v)
    level(v) = v == root ? 0 : kUnreached;
  frontier.clear();
  frontier.push(root);
  for (int d = 0; frontier.size() > 0; ++d) {
    const int nf = static_cast<int>(frontier.size());
    long long slots = 0;
#pragma hy parallel for reduction(inscan, + : slots)
    for (int f = 0; f < nf; ++f) {
      const int u = frontier(f);
      slots += offsets(u + 1) - offsets(u);
#pragma hy scan inclusive(slots)
      fend(f + 1) = slots;
    }
    const long long chunks = (slots + chunk - 1) / chunk;
#pragma hy parallel for reduction(min : level)
    for (long long c = 0; c < chunks; ++c) {
      const long long first = c * chunk;
      const long long last = first + chunk < slots ? first + chunk : slots;
      long long f = hy::csr_row(fend, nf, first);
      for (long long s = first; s < last; ++s) {
        while (fend(f + 1) <= s) // on to the next frontier vertex with slots
          ++f;
        const int u = frontier(f);
        const int v = cols(offsets(u) + (s - fend(f)));
        if (level(v) > d + 1 && hy::fetch_min(level(v), d + 1) > d + 1)
          next.push(v);
      }
    }
    std::swap(frontier, next);
    next.clear();
  }
}

struct bfs_cli : g::sample_cli {
  std::int64_t input_edges = 0;
  bfs_cli() : sample_cli("bfs", "Top-down BFS written in hy (issue 12)") {
    add_int("input-edges", "M", "edges counted for TEPS (default: ef x 2^scale for rmat, else arcs / 2)",
            input_edges, 1);
  }
};

int main(int argc, char **argv) {
  bfs_cli cli;
  g::csr<std::int32_t> graph;
  try {
    if (!cli.parse(argc, argv))
      return 0;
    graph = g::load_csr<std::int32_t>(cli.common);
  } catch (const std::exception &e) {
    std::cerr << "bfs: " << e.what() << "\n";
    return 2;
  }
  std::int64_t input_edges = cli.input_edges;
  if (input_edges == 0) {
    if (!cli.common.generate.empty() && g::generator_spec::parse(cli.common.generate).kind == "rmat") {
      const g::generator_spec spec = g::generator_spec::parse(cli.common.generate);
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
  const int n = graph.n;
  // The CSR in hy::arrays: their device copies stay on the GPU from one root
  // to the next (a std::vector's would be uploaded again at every call,
  // since hy cannot see host writes to it: docs/runtime-cuda.md).
  hy::array<std::int64_t, 1> offsets(graph.offsets.size());
  hy::array<std::int32_t, 1> cols(graph.cols.size());
  std::copy(graph.offsets.begin(), graph.offsets.end(), offsets.data());
  std::copy(graph.cols.begin(), graph.cols.end(), cols.data());

  hy::array<int, 1> level(n);
  hy::array<long long, 1> fend(n + 1);
  fend(0) = 0; // the scans write fend(1..)
  hy::worklist<int> frontier(n), next(n), warp_queue(n), block_queue(n);

  // Each variant: one timed search per root, each ended by the host seeing
  // an empty frontier; the levels are then compared with the toolkit's
  // serial BFS. Both print the same answer (reached vertices, deepest level).
  bool all_ok = true;
  auto measure = [&](const char *variant, auto search) {
    search(roots[0]); // warm-up
    std::vector<double> ms;
    bool ok = true;
    long long reached_sum = 0;
    int max_level = 0;
    for (const g::vid root : roots) {
      const auto t0 = std::chrono::steady_clock::now();
      search(root);
      const std::chrono::duration<double, std::milli> t = std::chrono::steady_clock::now() - t0;
      ms.push_back(t.count());
      const std::vector<g::vid> want = g::bfs_levels(graph, root);
      for (int v = 0; v < n; ++v) {
        const int got = level(v) == kUnreached ? -1 : level(v);
        if (got != want[v]) {
          if (ok)
            std::fprintf(stderr, "bfs (%s): root %d: vertex %d has level %d, expected %d\n",
                         variant, root, v, got, want[v]);
          ok = false;
        }
        if (want[v] >= 0) {
          ++reached_sum;
          max_level = std::max(max_level, static_cast<int>(want[v]));
        }
      }
    }
    double mean = 0;
    for (const double t : ms)
      mean += t;
    mean /= static_cast<double>(ms.size());
    std::printf("RESULT kernel=bfs variant=%s size=%lld param=n=%d,arcs=%lld,roots=%zu ms=%.6f "
                "rate=%.6g unit=GTEPS check=%s answer=%lld:%d\n",
                variant, static_cast<long long>(input_edges), n,
                static_cast<long long>(graph.num_arcs()), roots.size(), mean,
                input_edges / (mean * 1e-3) / 1e9, ok ? "ok" : "FAIL", reached_sum, max_level);
    all_ok = all_ok && ok;
  };
  measure("hy", [&](int root) {
    bfs(offsets, cols, root, level, frontier, next, warp_queue, block_queue);
  });
  measure("hy_edges", [&](int root) { bfs_edges(offsets, cols, root, level, frontier, next, fend, 1); });
  measure("hy_chunks", [&](int root) {
    bfs_edges(offsets, cols, root, level, frontier, next, fend, 8);
  });
  return all_ok ? 0 : 1;
}

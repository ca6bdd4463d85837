// Seed 003's memory tables, for every design and this build's element
// sizes: what a run needs before it starts, the memory there is, how many
// sources the batched design takes at once, and which design `auto` picks.
// Plain C++, no kernels.
#pragma once

#include "bc_kernels.hpp"

#include <string>

namespace bc {

// What the formulas depend on: vertices, arcs, vertices of degree in
// [32, 1024) and >= 1024 (the batched design's queues), and the weights.
struct shape {
  long long n = 0, m = 0, heavy32 = 0, heavy1024 = 0;
  int weightBytes = 0; // 0: BFS; 4 or 8: bytes of a weight (and of a distance)
};

struct need {
  long long bytes = 0;     // this build: graph + output + the design's arrays
  std::string formula;     // the same as a formula in n, m, k
  long long seedBytes = -1; // seed 003's formula with 4-byte entries (-1: not in the seed)
  std::string seedFormula;
};

// For `rows` sources at once (Shi: 1; Jia, Sriram: all; batched: a batch).
need memory_need(design d, const shape &s, long long rows);

// Memory a run may use, and where that number comes from. A CUDA build on
// the GPU: 90% of the GPU's memory, and no more than the host's available
// memory (hy keeps a host copy of every array); on the CPU: 90% of
// /proc/meminfo's MemAvailable. `override` (> 0: --memory) replaces both.
struct budget {
  long long bytes = 0;
  std::string where;
};
budget available_memory(long long override);

// The batched design's sources per batch: `wanted`, or by default on a GPU
// enough (row, vertex) items to keep it busy (2^27 / n), on a CPU four per
// thread (more rows than that spread a level's accesses over more memory
// than the caches hold: measured in the README); at most `sources`, lowered
// until it fits `b`; 0 when not even one row fits.
long long choose_batch(const shape &s, long long sources, long long wanted, const budget &b,
                       bool gpu, int cpuThreads);

// --algorithm auto: the design with the least estimated cost among those that
// fit (weighted graphs: batched). `levels` estimates the BFS depth + 1;
// `gpu`: costs for a GPU (launches are dear, a block per source needs many
// sources to fill it), else for `cpuThreads` threads. `why` says what was
// compared.
design choose_design(const shape &s, long long sources, int levels, bool gpu, int cpuThreads,
                     const budget &b, std::string &why);

const char *name(design d);

} // namespace bc

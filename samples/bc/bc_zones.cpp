// The sources over zones (docs/language.md "Zones", docs/multi_gpu.md): the
// k sources split into one chunk per zone (MPI rank, one GPU each), each
// chunk run by the chosen design on the zone's own workspace, BC summed
// across zones by the loop's reduction (MPI_Allreduce). Without MPI (or
// compiled as plain C++) there is one zone and one chunk: the serial
// program, which is what every number of zones computes (up to the order
// of the floating-point additions across zones).
#include "bc_kernels.hpp"

#include <algorithm>
#include <hy/zones.hpp>

namespace bc {

template <class W>
void run_sources(design d, const graph &g, const hy::array<W, 1> &w, bool weighted,
                 const int *sources, int k, bool endpoints, const direction &dir,
                 workspace &ws, hy::array<double, 1> &bc, run_info &info) {
  const int zones = hy::zones::init().size;
  const int chunk = std::max(1, (k + zones - 1) / zones);
  int depth = info.depth;
  long long batches = info.batches, levels = info.levels, pulls = info.pulls;
#pragma hy parallel for into(devices) scratch(ws) reduction(+ : bc, batches, levels, pulls) reduction(max : depth)
  for (int first = 0; first < k; first += chunk) {
    const int count = std::min(chunk, k - first);
    run_info mine;
    switch (d) {
    case design::shi: shi(g, sources + first, count, endpoints, ws, bc, mine); break;
    case design::jia: jia(g, sources + first, count, endpoints, ws, bc, mine); break;
    case design::sriram: sriram(g, sources + first, count, endpoints, ws, bc, mine); break;
    case design::batched:
      if (weighted)
        batched_weighted(g, w, sources + first, count, endpoints, ws, bc, mine);
      else
        batched(g, sources + first, count, endpoints, dir, ws, bc, mine);
      break;
    }
    depth = std::max(depth, mine.depth);
    batches += mine.batches;
    levels += mine.levels;
    pulls += mine.pulls;
  }
  info.depth = depth;
  info.batches = batches;
  info.levels = levels;
  info.pulls = pulls;
}

template void run_sources(design, const graph &, const hy::array<std::int32_t, 1> &, bool,
                          const int *, int, bool, const direction &, workspace &,
                          hy::array<double, 1> &, run_info &);
template void run_sources(design, const graph &, const hy::array<double, 1> &, bool, const int *,
                          int, bool, const direction &, workspace &, hy::array<double, 1> &,
                          run_info &);

} // namespace bc

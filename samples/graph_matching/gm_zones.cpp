// The many-small-graphs set over zones (docs/language.md "Zones",
// docs/multi_gpu.md): the pairs in one chunk per zone (MPI rank, one GPU
// each), each chunk matched by match_set (one block per pair) in the zone's
// own working state, each chunk's P and step counts gathered so that every
// zone holds the whole set's result. Without MPI there is one zone and one
// chunk: match_set on all pairs, as before. A pair's result does not depend
// on the other pairs of its launch, so every number of zones gives the same
// bits.
#include "gm_kernels.hpp"

#include <algorithm>
#include <hy/zones.hpp>

namespace gm {

void match_set_zones(const graph_set &g, const hy::array<int, 2> &pairs, const params &prm,
                     set_state &s) {
  constexpr int S = kSmall;
  const int np = static_cast<int>(pairs.extent(0));
  const int zones = hy::zones::init().size;
  const int chunk = std::max(1, (np + zones - 1) / zones);
  const int chunks = (np + chunk - 1) / chunk;
  hy::array<float, 2> P(chunks, static_cast<std::size_t>(chunk) * S * S); // row c: chunk c's P
  hy::array<int, 2> steps(chunks, chunk);
  set_state part; // a chunk's working state
#pragma hy parallel for into(devices) scratch(part) gather(P, steps)
  for (int c = 0; c < chunks; ++c) {
    const int first = c * chunk, count = std::min(chunk, np - first);
    hy::array<int, 2> mine(count, 2);
    for (int q = 0; q < count; ++q) {
      mine(q, 0) = pairs(first + q, 0);
      mine(q, 1) = pairs(first + q, 1);
    }
    match_set(g, mine, prm, part);
    for (int q = 0; q < count; ++q) {
      steps(c, q) = part.steps(q);
      for (int a = 0; a < S; ++a)
        for (int i = 0; i < S; ++i)
          P(c, (static_cast<std::size_t>(q) * S + a) * S + i) = part.P(q, a, i);
    }
  }
  // The set's result as match_set leaves it (P and the steps per pair).
  s.P = hy::array<float, 3>(np, S, S);
  s.steps = hy::array<int, 1>(np);
  for (int q = 0; q < np; ++q) {
    s.steps(q) = steps(q / chunk, q % chunk);
    for (int a = 0; a < S; ++a)
      for (int i = 0; i < S; ++i)
        s.P(q, a, i) = P(q / chunk, (static_cast<std::size_t>(q % chunk) * S + a) * S + i);
  }
}

}  // namespace gm

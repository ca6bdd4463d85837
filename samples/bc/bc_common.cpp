// The first and last steps of the designs that keep a row per source (Jia,
// Sriram, batched): every row starts from its source; at the end bc(v) +=
// the sum over the rows of delta(b, v). One thread per vertex sums its
// column in row order, so the result does not depend on how the rows were
// computed or scheduled (no atomics on bc).
#include "bc_kernels.hpp"

namespace bc {

void set_sources(workspace &ws, const int *sources, int k) {
  for (int b = 0; b < k; ++b)
    ws.source(b) = sources[b];
}

template <class D>
void start_rows(workspace &ws, hy::array<D, 2> &d, int k, D inf) {
  const int n = static_cast<int>(d.extent(1));
  const hy::array<int, 1> &source = ws.source;
  hy::array<double, 2> &sigma = ws.sigma, &delta = ws.delta;
  hy::array<int, 2> &pending = ws.pending;
  hy::array<long long, 1> &stack = ws.stack;
  const bool claims = pending.size() > 0, queue = stack.size() > 0; // batched
  // A grid of k x n, one thread per element (a batch may have few rows: a
  // block per row would leave most of a GPU idle).
#pragma hy parallel for
  for (int b = 0; b < k; ++b)
#pragma hy parallel for
    for (int v = 0; v < n; ++v) {
      if (queue && v == 0)
        stack(b) = pack_item(b, source(b));
      d(b, v) = v == source(b) ? D(0) : inf;
      sigma(b, v) = v == source(b) ? 1.0 : 0.0;
      delta(b, v) = 0.0;
      if (claims)
        pending(b, v) = -1; // no relaxation round has claimed v yet
    }
}

template <class D>
void add_dependencies(const hy::array<D, 2> &dist, const hy::array<double, 2> &delta,
                      const hy::array<int, 1> &source, int k, D inf, bool endpoints,
                      hy::array<double, 1> &bc) {
  const int n = static_cast<int>(dist.extent(1));
  const double end = endpoints ? 1.0 : 0.0; // a path also counts for its end
#pragma hy parallel for
  for (int v = 0; v < n; ++v) {
    double sum = 0;
    for (int b = 0; b < k; ++b)
      if (dist(b, v) != inf && v != source(b))
        sum += delta(b, v) + end;
    bc(v) += sum;
  }
  if (!endpoints)
    return;
  // With endpoints a source gains the number of vertices it reaches.
#pragma hy parallel for reduction(+ : bc)
  for (int b = 0; b < k; ++b) {
    long long reached = 0;
#pragma hy parallel for into(threads) reduction(+ : reached)
    for (int v = 0; v < n; ++v)
      if (dist(b, v) != inf && v != source(b))
        reached += 1;
    bc(source(b)) += static_cast<double>(reached);
  }
}

template void start_rows(workspace &, hy::array<int, 2> &, int, int);
template void start_rows(workspace &, hy::array<double, 2> &, int, double);
template void add_dependencies(const hy::array<int, 2> &, const hy::array<double, 2> &,
                               const hy::array<int, 1> &, int, int, bool, hy::array<double, 1> &);
template void add_dependencies(const hy::array<double, 2> &, const hy::array<double, 2> &,
                               const hy::array<int, 1> &, int, double, bool,
                               hy::array<double, 1> &);

} // namespace bc

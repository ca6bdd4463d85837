// The arrays each design works in (bc_kernels.hpp's workspace): allocated
// once for a number of rows (sources handled at once), counted in bytes so
// that the driver can check them against the design's memory formula.
#include "bc_kernels.hpp"

namespace bc {

namespace {
template <class A>
long long bytesOf(const A &a) {
  return static_cast<long long>(a.size() * sizeof(typename A::value_type));
}
template <class T>
long long capacityBytes(const hy::worklist<T> &w) {
  return static_cast<long long>(w.capacity() * sizeof(T));
}
} // namespace

long long workspace::bytes() const {
  return bytesOf(source) + bytesOf(d) + bytesOf(dw) + bytesOf(sigma) + bytesOf(delta) +
         bytesOf(P) + bytesOf(pending) + bytesOf(stack) + capacityBytes(next) +
         capacityBytes(warpq) + capacityBytes(blockq) + capacityBytes(pullwarp) +
         capacityBytes(pullblock) + bytesOf(front);
}

void prepare(workspace &ws, design d, int n, int rows, int weightBytes, long long heavy32,
             long long heavy1024) {
  if (ws.rows == rows && ws.sigma.extent(1) == static_cast<std::size_t>(n))
    return; // allocated by an earlier run (and on the device since)
  ws = workspace();
  ws.rows = rows;
  ws.source = hy::array<int, 1>(rows);
  if (weightBytes == 8)
    ws.dw = hy::array<double, 2>(rows, n);
  else
    ws.d = hy::array<int, 2>(rows, n);
  ws.sigma = hy::array<double, 2>(rows, n);
  ws.delta = hy::array<double, 2>(rows, n);
  if (d == design::shi)
    ws.P = hy::array<bool, 2>(n, n);
  if (d != design::batched)
    return;
  if (weightBytes > 0)
    ws.pending = hy::array<int, 2>(rows, n);
  const long long items = static_cast<long long>(rows) * n;
  ws.stack = hy::array<long long, 1>(items);
  ws.next = hy::worklist<long long>(items);
  ws.warpq = hy::worklist<long long>(rows * heavy32);
  ws.blockq = hy::worklist<long long>(rows * heavy1024);
  if (weightBytes == 0) { // BFS: a pull step's heavy unreached pairs
    ws.pullwarp = hy::worklist<long long>(rows * heavy32);
    ws.pullblock = hy::worklist<long long>(rows * heavy1024);
    ws.front = hy::array<unsigned, 2>(rows, (n + 31) / 32);
  }
}

} // namespace bc

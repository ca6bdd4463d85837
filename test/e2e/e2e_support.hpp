// The plumbing the end-to-end programs share, so that each program shows
// only its kernels, their inputs and their references: the checks that
// report a result differing from its reference, the random numbers most
// inputs are drawn with, and a CSR graph built from a list of arcs.
// Plain C++ without '#pragma hy': hyc leaves the #include as written, and
// the host code of the serial, OpenMP and CUDA outputs includes it from
// test/e2e (-I: test/e2e/CMakeLists.txt, scripts/gpu-bundle.sh, which also
// copies it into .gpu/e2e for scripts/gpu-check.sh).
#pragma once

#include <hy/hy.hpp>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace e2e {

// The linear congruential step most programs draw their inputs with.
inline uint32_t next(uint32_t &s) { return s = s * 1103515245u + 12345u; }

// A program's checks against its references: `check(ok, "what", ...)`
// (printf-style) reports "<program>: <what> differs from the reference" on
// stderr when ok is false. Made with Checks::stop, the program stops there
// (abort); with Checks::go_on it goes on, so one run shows every wrong
// part, and status() is its exit status.
class Checks {
public:
  enum Failure { go_on, stop };
  explicit Checks(const char *program, Failure onFailure = go_on)
      : program(program), onFailure(onFailure) {}

  __attribute__((format(printf, 3, 4))) void operator()(bool ok, const char *what, ...) {
    if (ok)
      return;
    std::fprintf(stderr, "%s: ", program);
    va_list args;
    va_start(args, what);
    std::vfprintf(stderr, what, args);
    va_end(args);
    std::fprintf(stderr, " differs from the reference\n");
    if (onFailure == stop)
      std::abort();
    ++failures;
  }
  int status() const { return failures == 0 ? 0 : 1; }

private:
  const char *program;
  Failure onFailure;
  int failures = 0;
};

// A graph in CSR form: the arcs of vertex u are off(u) .. off(u + 1) - 1,
// their heads in col and their weights in w.
template <class W> struct Graph {
  int n = 0;
  hy::array<int, 1> off, col;
  hy::array<W, 1> w;
};

template <class W> struct Arc {
  int from, to;
  W w;
};

// The graph of n vertices with these arcs, each vertex's in the order of
// the list.
template <class W> Graph<W> csr(int n, const std::vector<Arc<W>> &arcs) {
  Graph<W> g;
  g.n = n;
  g.off = hy::array<int, 1>(n + 1);
  g.col = hy::array<int, 1>(static_cast<long long>(arcs.size()));
  g.w = hy::array<W, 1>(static_cast<long long>(arcs.size()));
  for (const Arc<W> &a : arcs)
    ++g.off(a.from + 1);
  for (int u = 0; u < n; ++u)
    g.off(u + 1) += g.off(u);
  std::vector<int> fill(n, 0);
  for (const Arc<W> &a : arcs) {
    const int e = g.off(a.from) + fill[a.from]++;
    g.col(e) = a.to;
    g.w(e) = a.w;
  }
  return g;
}

} // namespace e2e

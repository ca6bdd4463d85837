// Memory formulas (seed 003's and this build's), the memory available, the
// batch size and the automatic choice of design; see bc_memory.hpp.
#include "bc_memory.hpp"

#include <hy/device.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace bc {

const char *name(design d) {
  switch (d) {
  case design::shi: return "shi";
  case design::jia: return "jia";
  case design::sriram: return "sriram";
  case design::batched: return "batched";
  }
  return "?";
}

need memory_need(design d, const shape &s, long long k) {
  const long long n = s.n, m = s.m, wb = s.weightBytes;
  const long long out = 8 * n;                  // bc, double
  const long long edgeList = 8 * m;             // src, dst
  const long long adjacency = 8 * (n + 1) + 4 * m + wb * m; // 64-bit offsets, heads, weights
  need r;
  switch (d) {
  case design::shi:
    // edge list, bc, d (int), sigma and delta (double), the bool matrix, the source
    r.bytes = n * n + edgeList + out + 20 * n + 4;
    r.formula = "n^2 + 8m + 28n + 4";
    r.seedBytes = n * n + 8 * m + 16 * n;
    r.seedFormula = "n^2 + 8m + 16n";
    break;
  case design::jia:
    r.bytes = 20 * k * n + 4 * k + edgeList + out;
    r.formula = "20kn + 4k + 8m + 8n";
    r.seedBytes = 16 * n * n + 8 * m + 4 * n;
    r.seedFormula = "16n^2 + 8m + 4n";
    break;
  case design::sriram:
    r.bytes = 20 * k * n + 4 * k + adjacency + out;
    r.formula = "20kn + 4k + 4m + 16n + 8";
    r.seedBytes = 16 * n * n + 8 * n + 4 * m;
    r.seedFormula = "16n^2 + 8n + 4m";
    break;
  case design::batched: {
    // a row: d, sigma, delta, the stack, the next level (8-byte items),
    // [claims / pending DAG predecessors], the heavy queues (BFS: twice,
    // the pull steps' too), [BFS: the pull steps' bitmap], the source
    const long long heavy = (wb ? 8 : 16) * (s.heavy32 + s.heavy1024);
    const long long bitmap = wb ? 0 : 4 * ((n + 31) / 32);
    const long long perRow = (wb ? wb + 4 : 4) * n + 32 * n + heavy + bitmap + 4;
    r.bytes = k * perRow + adjacency + out;
    r.formula = wb ? "k(" + std::to_string(wb + 36) + "n + 8h + 4) + " + std::to_string(4 + wb) +
                         "m + 16n + 8"
                   : "k(36n + 4ceil(n/32) + 16h + 4) + 4m + 16n + 8";
    break;
  }
  }
  return r;
}

namespace {
long long memAvailable() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("MemAvailable:", 0) == 0) {
      std::stringstream ss(line.substr(13));
      long long kb = 0;
      ss >> kb;
      return kb * 1024;
    }
  return 0;
}
std::string gib(long long b) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f GiB", b / 1073741824.0);
  return buf;
}
} // namespace

budget available_memory(long long override) {
  budget b;
  if (override > 0) {
    b.bytes = override;
    b.where = "--memory";
    return b;
  }
  const long long host = static_cast<long long>(0.9 * memAvailable());
  const hy::device_info dev = hy::device();
  if (dev.gpu) {
    const long long gpu = static_cast<long long>(0.9 * static_cast<double>(dev.memory));
    b.bytes = std::min(gpu, host);
    b.where = "90% of " + dev.name + "'s " + gib(static_cast<long long>(dev.memory)) +
              (host < gpu ? ", bounded by the host's available memory (" + gib(host) +
                                "; hy keeps a host copy of every array)"
                          : "");
  } else {
    b.bytes = host;
    b.where = "90% of the host's available memory";
  }
  return b;
}

long long choose_batch(const shape &s, long long sources, long long wanted, const budget &b,
                       bool gpu, int cpuThreads) {
  long long rows = wanted > 0 ? wanted
                   : gpu      ? std::max(1LL, (1LL << 27) / std::max(1LL, s.n))
                              : 4LL * std::max(1, cpuThreads);
  rows = std::min(rows, sources);
  const long long fixed = memory_need(design::batched, s, 0).bytes;
  const long long perRow = memory_need(design::batched, s, 1).bytes - fixed;
  if (fixed + perRow > b.bytes)
    return 0;
  return std::min(rows, (b.bytes - fixed) / perRow);
}

design choose_design(const shape &s, long long sources, int levels, bool gpu, int cpuThreads,
                     const budget &b, std::string &why) {
  if (s.weightBytes) {
    why = "weighted: only the batched design has a Dijkstra-like forward phase";
    return design::batched;
  }
  // Estimated cost in arc visits: the work of all sources, stretched where
  // a design cannot fill the machine, plus its launches (a GPU launch and
  // the host's wait cost about as much as 50,000 arc visits, an OpenMP
  // region about 2,000).
  const double n = s.n, m = s.m, k = sources, L = std::max(1, levels);
  const double slots = gpu ? 262144 : std::max(1, cpuThreads), launch = gpu ? 5e4 : 2e3;
  const double rows = std::max(1LL, choose_batch(s, sources, 0, b, gpu, cpuThreads));
  auto fill = [&](double parallel) { return std::max(1.0, slots / std::max(1.0, parallel)); };
  double cost[4];
  cost[0] = k * 2 * L * m * fill(m) + k * 2 * L * launch;                 // shi
  cost[1] = k * 2 * L * m * fill(k * 1024) + 3 * launch;                  // jia
  cost[2] = k * (2 * L * n + 2 * m) * fill(k * 1024) + 3 * launch;        // sriram
  // On the CPU an arc visit of the batched design (a worklist item, a
  // queue push, an atomic path count) costs about twice one of Sriram's
  // level scans (streaming rows): measured on BA n = 3000, m = 5, all
  // sources, 2026-12-03: 2 CPUs, batched 0.29 ms and sriram 0.18 ms per
  // source; 16 cores (issue 28), 0.230 s and 0.117 s. The GPU model keeps 1.
  const double batchedArc = gpu ? 1 : 2;
  cost[3] = k * (2 * m + 3 * n) * batchedArc * fill(rows * n / L) +
            std::ceil(k / rows) * 10 * L * launch; // batched
  const design all[4] = {design::shi, design::jia, design::sriram, design::batched};
  design best = design::batched;
  double bestCost = -1;
  std::ostringstream text;
  text << "estimated cost in arc visits:";
  for (int i = 0; i < 4; ++i) {
    const long long rowsOf = all[i] == design::shi ? 1 : all[i] == design::batched ? static_cast<long long>(rows) : sources;
    const bool fits = memory_need(all[i], s, rowsOf).bytes <= b.bytes;
    char buf[96];
    std::snprintf(buf, sizeof buf, " %s %.3g%s", name(all[i]), cost[i], fits ? "" : " (does not fit)");
    text << buf;
    if (fits && (bestCost < 0 || cost[i] < bestCost)) {
      bestCost = cost[i];
      best = all[i];
    }
  }
  text << " (" << (gpu ? "GPU" : "CPU") << " model, " << levels << " levels)";
  why = text.str();
  return best;
}

} // namespace bc

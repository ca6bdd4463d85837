// Cost of one level of a host loop whose length the device decides, the hy
// side of issue 12's "launch + host-visible count per level" row
// (launch_count.cu holds the hand-written ways). It is BFS's loop,
//     while (frontier.size() > 0) { kernel; swap; next.clear(); }
// with a frontier of one item that counts down: each level is one launch,
// the host reading the size of the worklist the kernel filled, a swap and a
// clear. A level costs what that machinery costs; goal: at most 10 us.
// Issue 27: on the CUDA target this loop stays on the device (one CUDA graph
// with a conditional while node: a level is the kernel and a one-thread step
// kernel, no host round trip); goal at most 3 us per level, against
// launch_count's launch_only floor in the same run. HY_DEVICE_LOOPS=0 runs
// the host form (reported as variant=hy-host-loop); a short loop (LEVELS =
// 16) shows what each execution of the loop adds (its capture; the graph is
// reused since the launch values are the same).
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
//   hyc --target=cuda levels.hy.cpp -o levels.cuda.cu -- -std=c++17
//   ./levels [LEVELS=10000] [REPEAT=7] [ROW LABEL=-]
#include <hy/hy.hpp>
#include <hy/worklist.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

// Runs levels from `from` down to 0; returns how many there were (from + 1).
int count_down(int from, hy::worklist<int> &frontier, hy::worklist<int> &next) {
  frontier.clear();
  next.clear();
  frontier.push(from);
  int levels = 0;
  while (frontier.size() > 0) {
#pragma hy parallel for
    for (std::size_t i = 0; i < frontier.size(); ++i)
      if (frontier(i) > 0)
        next.push(frontier(i) - 1);
    std::swap(frontier, next);
    next.clear();
    ++levels;
  }
  return levels;
}

int main(int argc, char **argv) {
  const int levels = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 7;
  const char *param = argc > 3 ? argv[3] : "-"; // the row's label in the table
  if (levels < 1 || repeat < 1) {
    std::fprintf(stderr, "usage: %s [LEVELS] [REPEAT]\n", argv[0]);
    return 2;
  }
  hy::worklist<int> frontier(1), next(1);
  bool ok = count_down(999, frontier, next) == 1000; // warm-up
  std::vector<double> us;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const int done = count_down(levels - 1, frontier, next);
    const std::chrono::duration<double, std::micro> t = std::chrono::steady_clock::now() - t0;
    if (done != levels)
      ok = false;
    us.push_back(t.count() / levels);
  }
  std::sort(us.begin(), us.end());
  const double med = us[us.size() / 2];
  if (!ok)
    std::fprintf(stderr, "levels: the loop did not run %d levels\n", levels);
  const char *dl = std::getenv("HY_DEVICE_LOOPS");
  const char *variant = dl && std::string(dl) == "0" ? "hy-host-loop" : "hy";
  std::printf("RESULT kernel=levels variant=%s size=%d param=%s ms=%.6f rate=%.6g unit=levels/s check=%s "
              "answer=%d\n",
              variant, levels, param, med * 1e-3, 1e6 / med, ok ? "ok" : "FAIL", levels);
  return ok ? 0 : 1;
}

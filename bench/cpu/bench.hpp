// Timing for the CPU benchmark (bench/cpu/run.sh). A driver includes the
// hyc output of one annotated program (its main renamed), calls its kernels
// on inputs `scale` times larger than the e2e test's, and prints one line
// per part it times:
//     <name> <size> <median s> <fastest s> <median CPU s> <least CPU s> <checksum>
// over `repeat` timed runs (after one untimed warm-up run), each after an
// untimed reset of its inputs: wall-clock time, and the CPU time of the
// process (on a loaded machine, the time a run on one thread really took),
// and a checksum every build must agree on.
//     driver [SCALE] [REPEAT]
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace bench {

struct args {
  int scale = 1, repeat = 5;
};

inline args parse(int argc, char **argv) {
  args a;
  if (argc > 1)
    a.scale = std::max(1, std::atoi(argv[1]));
  if (argc > 2)
    a.repeat = std::max(1, std::atoi(argv[2]));
  return a;
}

// "n=2^20" for powers of two, "n=3000" otherwise.
inline std::string size(const char *what, long long n) {
  int p = 0;
  while ((1LL << p) < n)
    ++p;
  return std::string(what) + "=" + ((1LL << p) == n && p >= 10 ? "2^" + std::to_string(p) : std::to_string(n));
}

// Times run(): reset() before every run (untimed), one warm-up run (first
// touch of the arrays, the thread pool), then `repeat` timed runs; prints
// the median and the fastest with checksum().
inline double cpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

inline double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  return t.size() % 2 ? t[t.size() / 2] : (t[t.size() / 2 - 1] + t[t.size() / 2]) / 2;
}

template <class Reset, class Run, class Sum>
void measure(const args &a, const char *name, const std::string &sizeText, Reset reset, Run run,
             Sum checksum) {
  reset();
  run();
  std::vector<double> wall, cpu;
  for (int r = 0; r < a.repeat; ++r) {
    reset();
    const double c0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    run();
    wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    cpu.push_back(cpuSeconds() - c0);
  }
  std::printf("%s %s %.6f %.6f %.6f %.6f %llu\n", name, sizeText.c_str(), median(wall),
              *std::min_element(wall.begin(), wall.end()), median(cpu),
              *std::min_element(cpu.begin(), cpu.end()),
              static_cast<unsigned long long>(checksum()));
  std::fflush(stdout);
}

inline void nothing() {}

// A size as the kernels see it in a real program, which reads it from its
// input: a value the compiler does not know. (A constant would let the
// serial build, whose loops the driver inlines, specialise on it, while the
// OpenMP build's loops live in an outlined function that gets it at run
// time: a difference between the drivers, not between the targets.)
template <class T> T opaque(T v) {
  asm volatile("" : "+r"(v));
  return v;
}

inline std::uint32_t lcg(std::uint32_t &s) { return s = s * 1664525u + 1013904223u; }

template <class A> unsigned long long hash(const A &a, unsigned long long h = 0) {
  for (std::size_t i = 0; i < a.size(); ++i)
    h = h * 1000003u + static_cast<unsigned long long>(static_cast<long long>(a.data()[i]));
  return h;
}

} // namespace bench

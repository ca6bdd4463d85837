// The report of the target built (--report=FILE, -Rhy on stderr): per
// kernel, for CUDA, its grid and block, shared memory, the arrays it moves,
// each tile, each reduction, each barrier hyc inserted and why, and the
// host syncs after it; for OpenMP, the omp loop and what is not collapsed,
// the array reductions' form and why, SIMD lanes or why not, the fetches.
// Each line is a remark in clang's format, at the line it is about.
// RUN: %hyc --target=cuda --report=%t.rep %s -o %t.cu
// RUN: FileCheck %s -check-prefix=GPU < %t.rep
// RUN: %hyc --target=openmp --report=%t.omp.rep %s -o %t.cpp
// RUN: FileCheck %s -check-prefix=OMP < %t.omp.rep
// RUN: %hyc --target=serial --report=%t.ser.rep %s -o %t.ser.cpp
// RUN: FileCheck %s -check-prefix=SER < %t.ser.rep
// On stderr (-Rhy, --report, --report=-) with the source line and caret:
// RUN: %hyc --target=openmp -Rhy %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=STDERR
// RUN: %hyc --target=openmp --report %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=STDERR
// RUN: %hyc --target=openmp --report=- %s -o %t.cpp 2>&1 | FileCheck %s -check-prefix=STDERR
#include <hy/hy.hpp>
#include <cstdio>

void smooth(const hy::array<float, 1> &in, hy::array<float, 1> &out, int n) {
// GPU: report.cpp:[[@LINE+9]]:1: remark: CUDA kernel hy_smooth_L{{[0-9]+}}: grid (n) x 4 blocks, block 64x1x1 threads; shared memory static, 272 bytes [-Rhy]
// GPU-NEXT: report.cpp:[[@LINE+8]]:1: remark: array in: read on the device; copied to the GPU only when the host copy is newer [-Rhy]
// GPU-NEXT: report.cpp:[[@LINE+7]]:1: remark: array out: read and written on the device; copied to the GPU only when the host copy is newer, back to the host when host code uses it or the outermost translated function returns [-Rhy]
// OMP: report.cpp:[[@LINE+6]]:1: remark: OpenMP 'parallel for' over 2 collapsed loops, schedule(static); per-thread copies (firstprivate): n, views of in, out [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+5]]:1: remark: runs on the calling thread when iterations x 976 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 68 iterations) [-Rhy]
// SER: report.cpp:[[@LINE+4]]:1: remark: serial: pragmas removed, the loops run in order [-Rhy]
// STDERR: report.cpp:[[@LINE+3]]:1: remark: OpenMP 'parallel for' over 2 collapsed loops, schedule(static); per-thread copies (firstprivate): n, views of in, out [-Rhy]
// STDERR-NEXT: #pragma hy parallel for
// STDERR-NEXT: ^
#pragma hy parallel for
  for (int r = 0; r < n; ++r)
#pragma hy parallel for
    for (int c = 0; c < 4; ++c) {
// GPU-NEXT: report.cpp:[[@LINE+2]]:1: remark: tile of 'in': 66 float, 264 bytes of static shared memory; copied in by the block's threads, barrier, the statement, barrier [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+1]]:1: remark: fetch of 'in': no copy on the CPU; accesses go to the array [-Rhy]
#pragma hy parallel fetch(in : 66 : r * 256 + c * 64 - 1 : t)
// OMP-NEXT: report.cpp:[[@LINE+1]]:1: remark: threads 't' run as SIMD lanes ('omp simd' loops innermost) [-Rhy]
#pragma hy parallel for into(threads)
      for (int t = 0; t < 64; ++t) {
        const int i = r * 256 + c * 64 + t;
        out(i) = in(i - 1) + in(i) + in(i + 1);
      }
    }
}

// Two thread nests with a barrier between them (the second reads what the
// first wrote), a scalar and an array reduction, and host code reading the
// array after the kernel.
float phases(hy::array<float, 2> &a, hy::array<int, 1> &hist, int n) {
  float total = 0;
// GPU: report.cpp:[[@LINE+7]]:1: remark: CUDA kernel hy_phases_L{{[0-9]+}}: grid (n) blocks, block 32x1x1 threads; shared memory static, 0 bytes [-Rhy]
// GPU: report.cpp:[[@LINE+6]]:39: remark: reduction(+ : total): combined in each block, then one atomic per block into the result, which the host reads after the launch [-Rhy]
// GPU-NEXT: report.cpp:[[@LINE+5]]:60: remark: array reduction 'hist' (+): one device atomic per update (hy::cuda::atomic_add) [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+4]]:1: remark: OpenMP 'for' over the loop over 'b', schedule(static); reduction(+ : total); per-thread copies (firstprivate): n, views of a, hist [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+3]]:1: remark: on one thread (hy::one_thread()) the loop runs as written, without OpenMP and with plain updates (a second version of the loop) [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+2]]:1: remark: runs on the calling thread (its version for one thread) when iterations x 512 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 128 iterations) [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+1]]:60: remark: array reduction 'hist' (+): per-thread copies added into 'hist' once after the loop when hist.size() x threads <= 4 x iterations and a copy takes at most 4 MiB; otherwise one atomic per update; plain updates on one thread [-Rhy]
#pragma hy parallel for reduction(+ : total) reduction(+ : hist)
  for (int b = 0; b < n; ++b) {
// OMP-NEXT: report.cpp:[[@LINE+1]]:1: remark: threads 't' run as SIMD lanes ('omp simd' loops innermost) [-Rhy]
#pragma hy parallel for into(threads)
    for (int t = 0; t < 32; ++t)
      a(b, t) = a(b, t) * 2;
// OMP-NEXT: report.cpp:[[@LINE+1]]:1: remark: threads 't' run in order: the array-reduction update of 'hist(static_cast<int>(a(b, (t + 1) % 32)) & 15)' must not run in several lanes at once [-Rhy]
#pragma hy parallel for into(threads)
// GPU-NEXT: report.cpp:[[@LINE+1]]:5: remark: barrier (__syncthreads) before this statement: it reads 'a', which the block's threads wrote before [-Rhy]
    for (int t = 0; t < 32; ++t) {
      hist(static_cast<int>(a(b, (t + 1) % 32)) & 15) += 1;
      total += a(b, t);
    }
  }
// GPU-NEXT: report.cpp:[[@LINE+1]]:3: remark: host sync before this statement: hy::cuda::host(a, hy::cuda::read) [-Rhy]
  std::printf("%g\n", a(0, 0));
  return total;
}

// A triangular nest with a relaxation (the reduction array is read), and
// a per-thread index computed in steps.
void triangle(hy::array<int, 2> &c, hy::array<int, 1> &dist, int n) {
// GPU: report.cpp:[[@LINE+5]]:1: remark: CUDA kernel hy_triangle_L{{[0-9]+}}: grid (n) iterations, one per thread (no thread loops), in blocks of 256x1x1 threads; the loop over 'j' runs inside each block; shared memory static, 0 bytes [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+4]]:1: remark: OpenMP 'parallel for' over the loop over 'i', schedule(static); the loop over 'j' runs inside each iteration (its bounds use 'i'); per-thread copies (firstprivate): n, views of c, dist [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+3]]:1: remark: on one thread (hy::one_thread()) the loop runs as written, without OpenMP and with plain updates (a second version of the loop) [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+2]]:1: remark: runs on the calling thread (its version for one thread) when iterations x 104 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 631 iterations) [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+1]]:41: remark: array reduction 'dist' (min): one atomic per update; the loop also reads it (its reads see other iterations' updates), so every update stays atomic [-Rhy]
#pragma hy parallel for reduction(min : dist)
  for (int i = 0; i < n; ++i)
#pragma hy parallel for
    for (int j = 0; j < i; ++j)
      if (c(i, j) < dist(j))
        dist(j) = std::min(dist(j), c(i, j));
// OMP-NEXT: report.cpp:[[@LINE+2]]:1: remark: OpenMP 'parallel for' over the loop over 'i', schedule(static); per-thread copies (firstprivate): n, views of c [-Rhy]
// OMP-NEXT: report.cpp:[[@LINE+1]]:1: remark: runs on the calling thread when iterations x 72 (estimated operations per iteration) < HY_OMP_MIN_WORK (default 65536: below 911 iterations) [-Rhy]
#pragma hy parallel for disjoint(c)
  for (int i = 0; i < n; ++i)
// OMP-NEXT: report.cpp:[[@LINE+1]]:1: remark: threads 'j' run in order: 'k' would be a per-lane copy, and c(i, k) a gather where each thread's access is direct [-Rhy]
#pragma hy parallel for into(threads)
    for (int j = 0; j < 8; ++j) {
      int k = j;
      k = (k * 5) % 8;
      c(i, k) = c(i, k) + 1;
    }
}

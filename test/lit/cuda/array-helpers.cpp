// Functions of the file that take arrays by reference, called from kernels
// (issue 29 item 2). A kernel holds its arrays as views on the GPU: each
// such function gets a __device__ twin right after it, the same body over
// hy::cuda::view / hy::cuda::worklist_view parameters (const where the
// function's are), which the kernel's call picks by overload; the original
// stays host code for the CPU fallback and the host's calls (no
// __host__ __device__, so nvcc has no host call in device code to warn
// about). A function declared before the kernel and defined after it gets
// a twin prototype too; one marked HY_HD keeps the mark on its twin only.
// The CPU targets leave the functions as they are.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s --check-prefix=CUDA
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s --check-prefix=CPU
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s --check-prefix=CPU
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -Wall -Werror -Wno-unknown-pragmas -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -Werror all-warnings -Xcompiler -Wall,-Werror -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

// CUDA: {{^}}static float total(const hy::array<float, 1> &a, int lo, int hi) {
// CUDA: // Device version of 'total' for kernels, which hold its arrays as views (hyc).
// CUDA-NEXT: {{^}}__device__ static float total(const hy::cuda::view<float, 1> a, int lo, int hi) {
// CUDA-NEXT: float s = 0;
// CPU: {{^}}static float total(const hy::array<float, 1> &a, int lo, int hi) {
// CPU-NOT: Device version
static float total(const hy::array<float, 1> &a, int lo, int hi) {
  float s = 0;
  for (int i = lo; i < hi; ++i)
    s += a(i);
  return s;
}

// A helper of helpers: its twin calls the other twins.
// CUDA: {{^}}__device__ static int pick(const hy::cuda::view<int, 1> v, hy::cuda::worklist_view<int> w, int i) {
static int pick(const std::vector<int> &v, hy::worklist<int> &w, int i) {
  if (v[i] > 0 && static_cast<std::size_t>(i) < v.size())
    w.push(i);
  return v[i];
}
// CUDA: {{^}}__device__ static int pick2(const hy::cuda::view<int, 1> v, hy::cuda::worklist_view<int> w, int i) { return pick(v, w, i) + pick(v, w, i + 1); }
static int pick2(const std::vector<int> &v, hy::worklist<int> &w, int i) { return pick(v, w, i) + pick(v, w, i + 1); }

// Templates: the written arguments name the view's element type and rank.
// CUDA: {{^}}template <class T, int N> __device__ std::size_t count(const hy::cuda::view<T, N> a) { return a.size() + a.extent(N - 1); }
// CUDA: // Device version of 'lower'
// CUDA-NEXT: template <class W>
// CUDA-NEXT: __device__ void lower(int w, W d, hy::cuda::view<W, 1> dist, hy::cuda::view<long long, 1> claim) {
template <class T, int N> std::size_t count(const hy::array<T, N> &a) { return a.size() + a.extent(N - 1); }
template <class W>
void lower(int w, W d, hy::array<W, 1> &dist, hy::array<long long, 1> &claim) {
  if (d < dist(w) && hy::fetch_min(dist(w), d) > d)
    hy::fetch_max(claim(w), 1LL);
}

// Recursion: the twin calls itself.
// CUDA: {{^}}__device__ static int depth(const hy::cuda::view<int, 1> a, int i) { return i <= 0 ? a(0) : a(i) + depth(a, i - 1); }
static int depth(const hy::array<int, 1> &a, int i) { return i <= 0 ? a(0) : a(i) + depth(a, i - 1); }

// Declared before the kernel, defined after it: a prototype of the twin too.
// CUDA: {{^}}long long weigh(const hy::array<int, 1> &w, int i);
// CUDA-NEXT: // Device version of 'weigh'
// CUDA-NEXT: {{^}}__device__ long long weigh(const hy::cuda::view<int, 1> w, int i);
long long weigh(const hy::array<int, 1> &w, int i);

// Marked by hand: the original loses the mark, the twin keeps it.
// CUDA: {{^}} inline int first(const hy::array<int, 1> &a) { return a(0); }
// CUDA: {{^}}HY_HD inline int first(const hy::cuda::view<int, 1> a) { return a(0); }
HY_HD inline int first(const hy::array<int, 1> &a) { return a(0); }

// The kernels' calls stay as written: their arguments are views.
// CUDA-LABEL: __global__ void __launch_bounds__(256) hy_run_L{{[0-9]+}}(
// CUDA: hy::cuda::view<float, 1> a, hy::cuda::view<float, 1> out
// CUDA: out(i) = total(a, i, n) + (float)count(a) + (float)weigh(h, i) + (float)first(h);
// CUDA: pick2(v, w, i);
// CUDA: out(i) += (float)depth(h, i % 4);
void run(const hy::array<float, 1> &a, hy::array<float, 1> &out, const hy::array<int, 1> &h,
         const std::vector<int> &v, hy::worklist<int> &w, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    out(i) = total(a, i, n) + (float)count(a) + (float)weigh(h, i) + (float)first(h);
    pick2(v, w, i);
    out(i) += (float)depth(h, i % 4);
  }
  // The host calls the original.
  out(0) += total(a, 0, n);
}

template <class W>
void relax(const hy::array<int, 1> &col, const hy::array<W, 1> &len, hy::array<W, 1> &dist,
           hy::array<long long, 1> &claim, int m) {
#pragma hy parallel for reduction(min : dist) reduction(max : claim)
  for (int e = 0; e < m; ++e)
    lower(col(e), dist(0) + len(e), dist, claim);
}
// A template's call is unresolved: an array that is not const passed to a
// candidate's const reference is only read (not written whole).
template <class W> W twice(const hy::array<W, 1> &a, int i) { return a(i) + a(i); }
template <class W> void scale(hy::array<W, 1> &x, hy::array<W, 1> &y, int m) {
#pragma hy parallel for
  for (int i = 0; i < m; ++i)
    y(i) = twice(x, i);
}
template void scale(hy::array<float, 1> &, hy::array<float, 1> &, int);
// CUDA-LABEL: __global__ void __launch_bounds__(256) hy_scale_L{{[0-9]+}}(
// CUDA: y(i) = twice(x, i);

template void relax(const hy::array<int, 1> &, const hy::array<float, 1> &, hy::array<float, 1> &,
                    hy::array<long long, 1> &, int);

// CUDA: {{^}}long long weigh(const hy::array<int, 1> &w, int i) { return (long long)w(i) * w.size(); }
// CUDA-NEXT: // Device version of 'weigh'
// CUDA-NEXT: {{^}}__device__ long long weigh(const hy::cuda::view<int, 1> w, int i) { return (long long)w(i) * w.size(); }
long long weigh(const hy::array<int, 1> &w, int i) { return (long long)w(i) * w.size(); }

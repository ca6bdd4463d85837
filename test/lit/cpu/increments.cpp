// Array reduction updates written as increments, on every target: hist(i)++, ++hist(i),
// hist(i)--, --hist(i) (as statements) are hist(i) += 1 / += -1 of a '+'
// reduction. OpenMP: per-thread copies when the loop only updates the
// array, atomics when it also reads it. The outputs compile with -Wall
// -Wextra -Werror and print what the serial build prints on 1 and 3
// threads. The forms refused: an increment whose value is used, and one
// of a reduction of another operator (diag/increments.cpp).
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefix=SER
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -std=c++17 -fopenmp -Wall -Wextra -Werror -O1 -I%hy_inc %t.omp.cpp -o %t.omp
// RUN: %hyc --target=serial %s -o %t.ser.cpp && %cxx -std=c++17 -Wall -Wextra -Wno-unknown-pragmas -Werror -O1 -I%hy_inc %t.ser.cpp -o %t.ser
// RUN: %t.ser > %t.want && env OMP_NUM_THREADS=1 %t.omp > %t.one && env OMP_NUM_THREADS=3 %t.omp > %t.three
// RUN: diff %t.want %t.one && diff %t.want %t.three
// The CUDA target: device atomics of 1 and -1, in block and thread loops; the
// output compiles with nvcc without a warning (e2e/reductions.cpp runs one).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=CUDA
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -Werror all-warnings -Xcompiler -Wall,-Werror -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <cstdio>

// CHECK-LABEL: void histogram(
void histogram(const hy::array<int, 1> &a, hy::array<int, 1> &hist, hy::array<unsigned, 1> &down,
               int n) {
#pragma hy parallel for reduction(+ : hist, down)
  for (int i = 0; i < n; ++i) {
// CHECK: hy_priv_hist.update(&(hist(a(i) % 8)), 1);
// CUDA: hy::cuda::atomic_add(&(hist(a(i) % 8)), 1);
// SER: {{^}}    hist(a(i) % 8)++;
    hist(a(i) % 8)++;
// CHECK: hy_priv_hist.update(&(hist((a(i) + 1) % 8)), 1);
// CUDA: hy::cuda::atomic_add(&(hist((a(i) + 1) % 8)), 1);
    ++hist((a(i) + 1) % 8);
// CHECK: hy_priv_down.update(&(down(a(i) % 4)), -1);
// CUDA: hy::cuda::atomic_add(&(down(a(i) % 4)), -1);
    down(a(i) % 4)--;
// CHECK: hy_priv_down.update(&(down(i % 4)), -1);
// CUDA: hy::cuda::atomic_add(&(down(i % 4)), -1);
    --(down(i % 4));
  }
}

// The loop also reads the array: every update is atomic.
// CHECK-LABEL: void readsToo(
void readsToo(hy::array<long long, 1> &count, int n) {
#pragma hy parallel for reduction(+ : count)
  for (int i = 0; i < n; ++i) {
// CHECK: hy::atomic_add(&(count(i % 3)), 1);
    count(i % 3)++;
    if (i == 0 && count(3) == 0)
// CHECK: hy::atomic_add(&(count(3)), -1);
      count(3)--;
  }
}

// A thread loop's array reduction (CUDA: an atomic per update).
void rows(const hy::array<int, 2> &a, hy::array<float, 1> &count, int n, int m) {
#pragma hy parallel for
  for (int r = 0; r < n; ++r) {
#pragma hy parallel for into(threads) reduction(+ : count)
    for (int c = 0; c < m; ++c)
// CUDA: hy::cuda::atomic_add(&(count(a(r, c) % 16)), 1);
      count(a(r, c) % 16)++;
  }
}

int main() {
  const int n = 1000;
  hy::array<int, 1> a(n), hist(8);
  hy::array<unsigned, 1> down(4);
  hy::array<long long, 1> count(4);
  for (int i = 0; i < n; ++i)
    a(i) = (i * 37 + 11) % 101;
  hist.fill(0);
  down.fill(5000);
  count.fill(0);
  histogram(a, hist, down, n);
  readsToo(count, n);
  for (int b = 0; b < 8; ++b)
    std::printf("hist %d %d\n", b, hist(b));
  for (int b = 0; b < 4; ++b)
    std::printf("down %d %u count %lld\n", b, down(b), count(b));
  return 0;
}

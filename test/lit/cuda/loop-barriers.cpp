// The barrier at the end of each iteration of a block-uniform loop around
// thread nests: the next iteration reads what this one wrote (Floyd-Warshall's
// phase 1 reads row and column k of the tile that step k - 1 updated), so
// the loop body ends with __syncthreads(), with or without a fetch around
// the loop, for `for` and `while` alike, and a body without braces gets
// them.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <algorithm>

constexpr int B = 16;

// Phase 1: the k loop inside the fetch ends with a barrier, then the fetch's
// own barrier and the copy back.
// CHECK-LABEL: hy_phase1_L{{[0-9]+}}(
// CHECK: hy::cuda::tile_wait(); __syncthreads(); for (int k = 0; k < B; ++k) {
// CHECK: hy_tile0_D[(((ko + i) - (ko))) * 16 + ((ko + j) - (ko))] = std::min(
// CHECK-NEXT: {{^ *}}__syncthreads(); } __syncthreads(); hy::cuda::tile_store<16, 16, 16, false, 256>(hy_tile0_D, D, ko, ko); }
void phase1(hy::array<int, 2> &D, int ko) {
#pragma hy parallel for
  for (int one = 0; one < 1; ++one) {
#pragma hy parallel fetch(D : B, B : ko, ko : i, j)
    for (int k = 0; k < B; ++k) {
#pragma hy parallel for into(threads)
      for (int i = 0; i < B; ++i)
#pragma hy parallel for into(threads)
        for (int j = 0; j < B; ++j)
          D(ko + i, ko + j) = std::min(D(ko + i, ko + j), D(ko + i, ko + k) + D(ko + k, ko + j));
    }
  }
}

// Without a fetch: a barrier between the two nests (the second reads what
// the first wrote) and one at the end of each step (the next step's first
// nest reads neighbours of what the second wrote).
// CHECK-LABEL: hy_pingpong_L{{[0-9]+}}(
// CHECK: for (int s = 0; s < steps; ++s) {
// CHECK: tmp(r, x) = a(r, x - 1) + a(r, x + 1);
// CHECK: __syncthreads(); if (const int x = (1) + (int)threadIdx.x; true)
// CHECK-NEXT: a(r, x) = tmp(r, x) / 2;
// CHECK-NEXT: {{^ *}}__syncthreads(); }
void pingpong(hy::array<int, 2> &a, hy::array<int, 2> &tmp, int n, int steps) {
#pragma hy parallel for
  for (int r = 0; r < n; ++r) {
    for (int s = 0; s < steps; ++s) {
#pragma hy parallel for into(threads)
      for (int x = 1; x < 63; ++x)
        tmp(r, x) = a(r, x - 1) + a(r, x + 1);
#pragma hy parallel for into(threads)
      for (int x = 1; x < 63; ++x)
        a(r, x) = tmp(r, x) / 2;
    }
  }
}

// A while loop: the same barrier before its closing brace.
// CHECK-LABEL: hy_rotate_L{{[0-9]+}}(
// CHECK: while (left > 0) {
// CHECK: b(r, x) = a(r, (x + 1) % 32);
// CHECK: a(r, x) = b(r, x);
// CHECK-NEXT: --left;
// CHECK-NEXT: {{^ *}}__syncthreads(); }
void rotate(hy::array<int, 2> &a, hy::array<int, 2> &b, int n, int times) {
#pragma hy parallel for
  for (int r = 0; r < n; ++r) {
    int left = times;
    while (left > 0) {
#pragma hy parallel for into(threads)
      for (int x = 0; x < 32; ++x)
        b(r, x) = a(r, (x + 1) % 32);
#pragma hy parallel for into(threads)
      for (int x = 0; x < 32; ++x)
        a(r, x) = b(r, x);
      --left;
    }
  }
}

// A loop body without braces gets them, with the barrier inside: step s
// reads the neighbours' elements that step s - 1 wrote.
// CHECK-LABEL: hy_alternate_L{{[0-9]+}}(
// CHECK: for (int s = 0; s < steps; ++s)
// CHECK-NEXT: // #pragma hy parallel for into(threads)
// CHECK-NEXT: { { if (const int x = (int)threadIdx.x; true)
// CHECK-NEXT: if (s % 2 == 0)
// CHECK-NEXT: b(r, x) = c(r, (x + 1) % 32);
// CHECK-NEXT: else
// CHECK-NEXT: c(r, x) = b(r, (x + 1) % 32); } __syncthreads(); }
void alternate(hy::array<int, 2> &b, hy::array<int, 2> &c, int n, int steps) {
#pragma hy parallel for
  for (int r = 0; r < n; ++r)
    for (int s = 0; s < steps; ++s)
#pragma hy parallel for into(threads)
      for (int x = 0; x < 32; ++x)
        if (s % 2 == 0)
          b(r, x) = c(r, (x + 1) % 32);
        else
          c(r, x) = b(r, (x + 1) % 32);
}

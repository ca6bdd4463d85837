// Zone loops in the CUDA output: as in the OpenMP output (see
// cpu/zones.cpp), and an array reduction variable's host copy is made
// current (its device copy stale) before its start and its combine, which
// run on the host; the kernel inside is a launch with its CPU fallback.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// The output includes the zone runtime and the device choice (hy/cuda/zones.cuh).
// CHECK: #include <hy/cuda.cuh>
// CHECK-NEXT: #include <hy/cuda/zones.cuh>
#include <hy/hy.hpp>

void sources(hy::array<float, 1> &bc, long long &edges, int n, int m) {
// CHECK: { hy::zones::loop hy_zone_L[[#@LINE+3]]; hy::cuda::host(bc, hy::cuda::read_write); hy_zone_L[[Z:[0-9]+]].start(hy::zones::op::add, bc); hy_zone_L[[Z]].start(hy::zones::op::add, edges); //
// CHECK-NEXT: for (int s = 0; s < m; ++s) { if (!hy_zone_L[[Z]].take()) continue; {{{$}}
#pragma hy parallel for into(devices) reduction(+ : bc, edges)
  for (int s = 0; s < m; ++s) {
// CHECK: if (hy::cuda::use_gpu()) {
#pragma hy parallel for reduction(+ : bc, edges)
    for (int v = 0; v < n; ++v) {
      bc(v) += float(s);
      edges += 1;
    }
  }
// CHECK: } } hy::cuda::host(bc, hy::cuda::read_write); hy_zone_L[[Z]].finish(hy::zones::op::add, bc); hy_zone_L[[Z]].finish(hy::zones::op::add, edges); }
}

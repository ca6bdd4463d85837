// The 'scratch' and 'gather' clauses of zone loops ('into(devices)'):
// scratch data changes nothing in the output (each zone is a process with
// its own copy); a gathered array makes take() record the loop index (the
// rows) and is exchanged after the combine of the reductions, on the
// loop's last line. The serial output is the plain loop.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,OMP
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,SER
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,CUDA
// The outputs compile, the OpenMP one also against MPI (-DHY_MPI) where mpicxx exists.
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial %s -o %t.ser.cpp && %cxx -std=c++17 -fsyntax-only -Wall -Werror -I%hy_inc %t.ser.cpp
// RUN: %if mpicxx %{ mpicxx -std=c++17 -fopenmp -DHY_MPI=1 -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp %}
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

// Per-source rows of a matrix and a per-source summary, with scratch
// arrays and a scratch scalar that every iteration sets first.
// COMMON-LABEL: void rows(
void rows(hy::array<double, 2> &D, std::vector<long long> &far, double &total, int n) {
  hy::array<double, 1> dist(n), sigma(n);
  int seen = 0;
// OMP: { hy::zones::loop hy_zone_L[[#@LINE+4]]; hy_zone_L[[Z:[0-9]+]].start(hy::zones::op::add, total); // #pragma hy parallel for into(devices) {{.*}}: this zone's iterations, then the combine{{$}}
// CUDA: { hy::zones::loop hy_zone_L[[#@LINE+3]]; hy_zone_L[[Z:[0-9]+]].start(hy::zones::op::add, total); //
// SER-NOT: pragma
#pragma hy parallel for into(devices) scratch(dist, sigma, seen) gather(D, far) reduction(+ : total)
  for (int s = 0; s < n; ++s) {
// OMP-NEXT: for (int s = 0; s < n; ++s) { if (!hy_zone_L[[Z]].take(s)) continue; {{{$}}
// CUDA-NEXT: for (int s = 0; s < n; ++s) { if (!hy_zone_L[[Z]].take(s)) continue; {{{$}}
// SER: for (int s = 0; s < n; ++s) {{{$}}
    dist.fill(0.0);
    seen = 0;
#pragma hy parallel for
    for (int v = 0; v < n; ++v)
      sigma(v) = double(v + s);
#pragma hy parallel for reduction(+ : seen)
    for (int v = 0; v < n; ++v) {
      dist(v) += sigma(v) * 2;
      seen += dist(v) > n;
    }
    long long sum = 0;
    for (int v = 0; v < n; ++v) {
      D(s, v) = dist(v);
      sum += v;
    }
    far[s] = sum + seen;
    total += D(s, 0);
  }
// OMP: {{^}}  } } hy_zone_L[[Z]].finish(hy::zones::op::add, total); hy_zone_L[[Z]].gather(D); hy_zone_L[[Z]].gather(far); }{{$}}
// CUDA: {{^}}  } } hy_zone_L[[Z]].finish(hy::zones::op::add, total); hy::cuda::host(D, hy::cuda::read_write); hy_zone_L[[Z]].gather(D); hy::cuda::host(far, hy::cuda::read_write); hy_zone_L[[Z]].gather(far); }{{$}}
// SER: {{^}}  }{{$}}
  dist.fill(1.0); // written again before any read: fine
  total += dist(0);
}

// A decreasing loop with a step of 2 and a scratch struct passed to a
// function that fills it (taken as an output): take(b) records the rows.
struct work {
  hy::array<int, 1> level;
};
void fill(work &w, int b) { w.level.fill(b); }

// COMMON-LABEL: void steps(
void steps(hy::array<int, 1> &out, work &w, int m) {
#pragma hy parallel for into(devices) scratch(w) gather(out)
  for (int b = m - 1; b >= 0; b -= 2) {
// OMP: for (int b = m - 1; b >= 0; b -= 2) { if (!hy_zone_L[[Z2:[0-9]+]].take(b)) continue; {{{$}}
    fill(w, b);
    out(b) = w.level(0) + 1;
  }
// OMP: {{^}}  } } hy_zone_L[[Z2]].gather(out); }{{$}}
}

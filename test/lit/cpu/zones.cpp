// Zone loops ('into(devices)'): the serial output is the plain loop; the
// OpenMP output wraps it in a hy::zones::loop (each zone takes its
// iterations cyclically), starts the reduction variables before it and
// combines them after it, all on the loop's own lines; kernels inside stay
// kernels.
// RUN: %hyc --target=openmp --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,OMP
// RUN: %hyc --target=serial --no-line-directives %s | %strip | FileCheck %s -check-prefixes=COMMON,SER
// The outputs compile, the OpenMP one also against MPI (-DHY_MPI) where mpicxx exists.
// RUN: %hyc --target=openmp %s -o %t.omp.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp
// RUN: %hyc --target=serial %s -o %t.ser.cpp && %cxx -std=c++17 -fsyntax-only -Wall -Werror -I%hy_inc %t.ser.cpp
// RUN: %if mpicxx %{ mpicxx -std=c++17 -fopenmp -DHY_MPI=1 -fsyntax-only -Wall -Werror -I%hy_inc %t.omp.cpp %}
#include <hy/hy.hpp>
#include <vector>

// COMMON-LABEL: void sources(
void sources(hy::array<float, 1> &bc, std::vector<int> &hits, double &sum, int n, int m) {
  int most = 0;
// OMP: { hy::zones::loop hy_zone_L[[#@LINE+3]]; hy_zone_L[[Z1:[0-9]+]].start(hy::zones::op::add, bc); hy_zone_L[[Z1]].start(hy::zones::op::add, sum); hy_zone_L[[Z1]].start(hy::zones::op::max, most); hy_zone_L[[Z1]].start(hy::zones::op::bor, hits); // #pragma hy parallel for into(devices) {{.*}}: this zone's iterations, then the combine{{$}}
// SER-NOT: pragma
#pragma hy parallel for into(devices) reduction(+ : bc, sum) reduction(max : most) reduction(| : hits)
  for (int s = 0; s < m; ++s) {
// OMP-NEXT: for (int s = 0; s < m; ++s) { if (!hy_zone_L[[Z1]].take()) continue; {{{$}}
// SER: for (int s = 0; s < m; ++s) {{{$}}
    hy::array<float, 1> delta(n);
// OMP: #pragma omp parallel for schedule(static) // #pragma hy parallel for
#pragma hy parallel for
    for (int v = 0; v < n; ++v)
      delta(v) = float(s + v);
    for (int v = 0; v < n; ++v)
      bc(v) += delta(v);
    sum += s;
    most = most > s ? most : s;
    hits[s % 4] |= 1;
  }
// OMP: {{^}} } } hy_zone_L[[Z1]].finish(hy::zones::op::add, bc); hy_zone_L[[Z1]].finish(hy::zones::op::add, sum); hy_zone_L[[Z1]].finish(hy::zones::op::max, most); hy_zone_L[[Z1]].finish(hy::zones::op::bor, hits); }{{$}}
// SER: {{^}}  }{{$}}
  sum += most;
}

// A body that is one kernel, without braces; a decreasing loop; no reductions.
// COMMON-LABEL: void one_kernel(
void one_kernel(int m) {
// OMP: { hy::zones::loop hy_zone_L[[#@LINE+2]]; // #pragma hy parallel for into(devices): this zone's iterations, then the combine{{$}}
#pragma hy parallel for into(devices)
  for (int p = m - 1; p >= 0; --p)
// OMP-NEXT: for (int p = m - 1; p >= 0; --p) { if (!hy_zone_L[[#@LINE-1]].take()) continue;{{$}}
// OMP-NEXT: #pragma omp parallel for schedule(static) // #pragma hy parallel for
#pragma hy parallel for
    for (int i = 0; i < 8; ++i) {
      hy::array<int, 1> scratch(8);
      scratch(i) = p;
    }
// OMP-NEXT: for (int i = 0; i < 8; ++i) {
// OMP: } } }{{$}}
}

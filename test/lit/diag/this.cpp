// A kernel inside a member function cannot reach the object's members:
// the error names the member and says what to do instead.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

struct Grid {
  hy::array<float, 1> cells;
  float scale = 2;
  int n = 0;

  void step() {
#pragma hy parallel for
    for (int i = 0; i < 16; ++i)
// CHECK: [[@LINE+1]]:7: error: kernel uses 'cells' of the enclosing object; copy it into a local variable before the loop (kernels take their data by value)
      cells(i) = cells(i) * 2;
  }

  void fine() {
    hy::array<float, 1> &c = cells;
    const float s = scale;
#pragma hy parallel for
    for (int i = 0; i < 16; ++i)
      c(i) = c(i) * s;
  }
};

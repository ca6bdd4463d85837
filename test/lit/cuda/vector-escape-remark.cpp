// A std::vector that outlives a resident function (a parameter, a global, a
// reference to an outside vector) goes back to the host when the call
// returns and counts as written there: hy cannot see host writes to a
// std::vector, so the next call uploads all of it again (the irregular
// BFS bench lost 8x to it: its 133 MB CSR was uploaded per root). hyc says
// so with a remark; hy::array parameters, which park instead, and local
// vectors, which do not outlive the call, get none.
// RUN: %hyc --target=cuda --report=- %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s -check-prefix=OUT
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <vector>

std::vector<float> weights(8, 1.0f);

// CHECK: vector-escape-remark.cpp:[[@LINE+2]]:44: remark: 'offsets' is a std::vector that outlives 'degrees': when the call returns, its device copy counts as stale (hy cannot see host writes to a std::vector), so the next call uploads all of 'offsets' again; a hy::array keeps its device copy between calls [-Rhy]
// OUT: void degrees({{.*}}{ hy::cuda::resident_scope hy_scope; hy_scope.escape(offsets); hy_scope.escape(deg);
void degrees(const std::vector<long long> &offsets, hy::array<int, 1> &deg, int n) {
#pragma hy parallel for
  for (int v = 0; v < n; ++v)
    deg(v) = static_cast<int>(offsets[v + 1] - offsets[v]);
}

float scale(hy::array<float, 1> &out, int n) {
  std::vector<int> local(n, 2); // dies with the call: no remark
  // CHECK: vector-escape-remark.cpp:[[@LINE+1]]:23: remark: 'w' is a std::vector that outlives 'scale'
  std::vector<float> &w = weights;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    out(i) = w[i % 8] * static_cast<float>(local[i]);
  return out(0);
}
// CHECK-NOT: is a std::vector that outlives

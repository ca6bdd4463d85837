// The smallest complete hy program (docs/getting-started.md): squares a
// vector and adds it up in one annotated loop, then says where it ran.
#include <hy/hy.hpp>
#include <cstdio>

int main() {
  const int n = 1 << 20;
  hy::array<float, 1> x(n);
  for (int i = 0; i < n; ++i)
    x(i) = 0.001f * (i % 1000);

  double sum = 0;
#pragma hy parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    x(i) = x(i) * x(i);
    sum += x(i);
  }

  const hy::device_info d = hy::device();
  std::printf("sum = %.3f, x(999) = %.6f\n", sum, x(999));
  std::printf("ran on %s\n", d.gpu ? d.name.c_str() : "the CPU");
  return 0;
}

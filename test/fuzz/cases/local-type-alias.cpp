// Found by test/fuzz (difftest, cuda compile): a type alias declared in the
// function (or class) around a kernel is used in the kernel; the outlined
// CUDA kernel does not see it: nvcc stops with 'identifier "E" is undefined'.
// Reproduce: hyc --target=cuda local-type-alias.cpp -o x.cu && nvcc -c x.cu
#include <hy/hy.hpp>
void f(hy::array<int, 1> &a, int n) {
  using E = int;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) = static_cast<E>(i);
}

// Found by test/fuzz (difftest, cuda compile): in a function template, a
// block loop whose increment is written `i = i - 1`, `i = i + 2` or
// `i = 2 + i` (canonical forms, docs/language.md) gets, in the CUDA output's
// OpenMP fallback, a `#pragma omp parallel for` that nvcc's host compilation
// (cudafe++ then g++) rejects: "invalid increment expression". The OpenMP
// target and non-template functions compile.
// Reproduce: hyc --target=cuda template-assign-increment.cpp -o x.cu &&
//            nvcc -Xcompiler -fopenmp -c x.cu
#include <hy/hy.hpp>
template <class T> void down(hy::array<T, 1> &a, int n) {
#pragma hy parallel for
  for (int i = n - 1; i >= 0; i = i - 1)
    a(i) = i;
}
template <class T> void up(hy::array<T, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; i = i + 2)
    a(i) = i;
}
template <class T> void up2(hy::array<T, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; i = 2 + i)
    a(i) = i;
}
void plain(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = n - 1; i >= 0; i = i - 1)
    a(i) = i;
}
int main() {
  hy::array<int, 1> a(10);
  down(a, 10);
  up(a, 10);
  up2(a, 10);
  plain(a, 10);
}

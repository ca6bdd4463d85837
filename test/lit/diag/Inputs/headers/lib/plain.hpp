// An annotated header whose kernel is in a plain inline function (lit:
// diag/headers.cpp): refused; the template beside it is fine.
#pragma once
#include <hy/hy.hpp>

inline void bump(hy::array<int, 1> &a) {
// PLAIN: plain.hpp:[[@LINE+1]]:1: error: a kernel in a header must be in a template (a function template or a member of a class template): every source that includes the header gets its own copy of 'bump', and the kernel hyc makes of this loop (on CUDA a '__global__' function) would be defined once per source; make 'bump' a template, or move it into an annotated .cpp
#pragma hy parallel for
  for (int i = 0; i < a.extent(0); ++i)
    a(i) += 1;
}

struct Ops {
  void twice(hy::array<int, 1> &a) {
// PLAIN: plain.hpp:[[@LINE+1]]:1: error: a kernel in a header must be in a template {{.*}} 'Ops::twice'
#pragma hy parallel for
    for (int i = 0; i < a.extent(0); ++i)
      a(i) *= 2;
  }
};

template <class T>
void bumpAll(hy::array<T, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < a.extent(0); ++i)
    a(i) += 1;
}
// PLAIN: hyc: annotated header '{{.*}}plain.hpp' (included by '{{.*}}headers.cpp') not translated (errors above)

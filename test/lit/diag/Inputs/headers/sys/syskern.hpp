// An annotated header found through -isystem (lit: diag/headers.cpp).
#pragma once
#include <hy/hy.hpp>

template <class T>
void sysinc(hy::array<T, 1> &a) {
// SYS: syskern.hpp:[[@LINE+1]]:1: error: '#pragma hy' in a system header is not translated; annotate loops in the main file or in a header of your own (found through -I or a quoted include, not -isystem)
#pragma hy parallel for
  for (int i = 0; i < a.extent(0); ++i)
    a(i) += 1;
}

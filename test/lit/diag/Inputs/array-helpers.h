// Helpers of a header for diag/array-helpers.cpp: hyc does not rewrite
// this header, so it gives these no device version over a kernel's views.
#pragma once
#include <hy/hy.hpp>
HY_HD inline int headerPeek(const hy::array<int, 1> &a, int i) { return a(i); }
template <class A> HY_HD int headerLook(const A &a, int i) { return a(i); } // fine: a template
inline int headerPlain(int x) { return x + 1; }                 // not for the device

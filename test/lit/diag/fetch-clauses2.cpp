// 'parallel fetch' clause errors found on the model: non-array, rank
// mismatch, thread index that is no into(threads) loop index, bad
// permutation, non-positive or non-integer size.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.out && not %hyc %s -o %t.out && not test -e %t.out
#include <hy/hy.hpp>

void f(hy::array<float, 2> &A, int n) {
  int x = 0;
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
// CHECK: [[@LINE+1]]:27: error: 'x' in 'parallel fetch' is not a hy::array or std::vector (it has type 'int')
#pragma hy parallel fetch(x : 8 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = x;
// CHECK: [[@LINE+1]]:27: error: 'parallel fetch' of 'A' gives 1 sizes but the array has rank 2
#pragma hy parallel fetch(A : 8 : b, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 1;
// CHECK: [[@LINE+1]]:27: error: 'parallel fetch' of 'A' gives 3 origins but the array has rank 2
#pragma hy parallel fetch(A : 1, 8 : b, 0, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 2;
// CHECK: [[@LINE+1]]:45: error: 'b' is not the index of an 'into(threads)' loop around the fetch or inside its statement
#pragma hy parallel fetch(A : 1, 8 : b, 0 : b)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 3;
// CHECK: [[@LINE+1]]:45: error: 'u' is not the index of an 'into(threads)' loop around the fetch or inside its statement
#pragma hy parallel fetch(A : 1, 8 : b, 0 : u)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 4;
// CHECK: [[@LINE+1]]:49: error: the permutation of 'parallel fetch' must list each dimension 0..1 exactly once
#pragma hy parallel fetch(A : 1, 8 : b, 0 : t : 1, 1)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 5;
// CHECK: [[@LINE+1]]:49: error: the permutation of 'parallel fetch' must list each dimension 0..1 exactly once
#pragma hy parallel fetch(A : 1, 8 : b, 0 : t : 0, 2)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 6;
// CHECK: [[@LINE+1]]:49: error: the permutation of 'parallel fetch' must list each dimension 0..1 exactly once
#pragma hy parallel fetch(A : 1, 8 : b, 0 : t : 0)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 7;
// CHECK: [[@LINE+1]]:31: error: fetch size 0 is not positive
#pragma hy parallel fetch(A : 0, 8 : b, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 8;
// CHECK: [[@LINE+1]]:31: error: fetch size must be an integer expression
#pragma hy parallel fetch(A : 1.5, 8 : b, 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 8; ++t) A(b, t) = 9;
  }
}

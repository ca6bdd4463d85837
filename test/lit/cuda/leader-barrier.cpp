// A block-level statement that writes memory (run by the block's leader
// thread) after a thread nest that reads it needs a barrier, and the
// barrier must stand outside the leader's `if (hy_leader) { ... }`: inside
// it, one thread would wait at a barrier the others never reach (a hang, or
// a barrier matched with a later one and a silent wrong result). Found in
// the Johnson sample's inner-loop form and the BC sample's batched design
// on an H200. Members: a statement of a block, an unbraced branch of an
// `if`, and after a thread nest with a reduction; the thread nest after
// the leader's write gets its barrier in front of its reduction prologue.
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s --implicit-check-not="hy_leader) { __syncthreads"  --implicit-check-not="hy_leader) { { __syncthreads"
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>

// CHECK-LABEL: hy_settle_L{{[0-9]+}}(
// CHECK: __syncthreads(); if (hy_leader) { if (first < n)
// CHECK: __syncthreads(); int hy_count_t{{[0-9]+}} =
void settle(hy::array<unsigned char, 2> &done, hy::array<int, 1> &out, int k, int n) {
#pragma hy parallel for
  for (int b = 0; b < k; ++b) {
    int first = n;
#pragma hy parallel for into(threads) reduction(min : first)
    for (int v = 0; v < n; ++v)
      if (!done(b, v))
        first = v < first ? v : first;
    if (first < n)
      done(b, first) = 1;
    int count = 0;
#pragma hy parallel for into(threads) reduction(+ : count)
    for (int v = 0; v < n; ++v)
      count += done(b, v);
    out(b) = count;
  }
}

// CHECK-LABEL: hy_mark_L{{[0-9]+}}(
// CHECK: __syncthreads(); if (hy_leader) { seen(b) = 1; }
void mark(hy::array<int, 2> &a, hy::array<int, 1> &seen, int k, int n) {
#pragma hy parallel for
  for (int b = 0; b < k; ++b) {
#pragma hy parallel for into(threads)
    for (int v = 0; v < n; ++v)
      a(b, v) = seen(b) + v;
    seen(b) = 1;
  }
}

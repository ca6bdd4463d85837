// hy::fetch_<op> on an array reduction variable inside a fetch of that
// array (issue 26, family 4): the update goes to the block's privatized
// tile, which starts from the operator's identity in every block, so the
// value it returns is the block's partial one ("tickets" repeat across
// blocks on the GPU). Where that value is used it is an error on every
// target, naming the way out; a result thrown away (a statement of its own,
// cast to void, the left of a comma, a for's increment) is a plain update.
// Every operator, block-level and thread-level reductions and code, a
// template. Outside a fetch of the array, the value is the array's: fine.
// RUN: not %hyc --target=cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %hyc --target=openmp %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <hy/hy.hpp>

void tickets(const hy::array<int, 1> &key, hy::array<int, 1> &count, hy::array<int, 1> &ticket,
             int n) {
#pragma hy parallel for reduction(+ : count)
  for (int b = 0; b < (n + 127) / 128; ++b) {
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(count : 16 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t) {
      const int i = b * 128 + t;
      if (i < n)
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:21: error: hy::fetch_add returns the value the element had before the update, but 'count' is fetched here, so in this statement the update goes to the block's tile, which starts from the operator's identity in every block and reaches 'count' when the statement ends: the value would be the block's partial one, not the serial one; take 'count' out of this fetch (the update then goes to the array atomically and returns its value) or do not use the result
        ticket(i) = hy::fetch_add(count(key(i) % 16), 1);
    }
  }
}

// Each operator: the value in a condition, an initialiser, an argument;
// block-level reductions and a thread loop's.
static int keep(int v) { return v; }
void claims(const hy::array<int, 1> &key, hy::array<int, 1> &lo, hy::array<int, 1> &hi,
            hy::array<unsigned, 1> &bits, hy::array<unsigned, 1> &all,
            hy::array<unsigned, 1> &flip, hy::array<int, 1> &out, int n) {
#pragma hy parallel for reduction(min : lo) reduction(| : bits) reduction(& : all) \
    reduction(^ : flip)
  for (int b = 0; b < n; ++b) {
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+4]]:1: note: tile fetched here
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+4]]:1: note: tile fetched here
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+4]]:1: note: tile fetched here
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+4]]:1: note: tile fetched here
#pragma hy parallel fetch(lo : 8 : 0 : t)
#pragma hy parallel fetch(bits : 8 : 0 : t)
#pragma hy parallel fetch(all : 8 : 0 : t)
#pragma hy parallel fetch(flip : 8 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 32; ++t) {
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:11: error: hy::fetch_min returns the value the element had before the update, but 'lo' is fetched here
      if (hy::fetch_min(lo(t % 8), key(b)) > key(b))
        hy::fetch_min(lo(t % 8), key(b) - 1); // thrown away: fine
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:26: error: hy::fetch_or returns the value the element had before the update, but 'bits' is fetched here
      const unsigned o = hy::fetch_or(bits(t % 8), 1u << t);
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:30: error: hy::fetch_and returns
      out(b * 32 + t) = keep(hy::fetch_and(all(t % 8), ~(1u << t)) + o);
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:30: error: hy::fetch_xor returns
      out(b * 32 + t) += t ? hy::fetch_xor(flip(t % 8), 1u) : 0u;
    }
  }
}

// A reduction on the thread loop, and the value in block-level code of the
// fetched statement (the block's leader runs it).
void blockLevel(const hy::array<int, 1> &key, hy::array<int, 1> &hi, hy::array<int, 1> &count,
                hy::array<int, 1> &out, int n) {
#pragma hy parallel for reduction(+ : count)
  for (int b = 0; b < n; ++b) {
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+2]]:1: note: tile fetched here
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+2]]:1: note: tile fetched here
#pragma hy parallel fetch(hi : 4 : 0 : t)
#pragma hy parallel fetch(count : 4 : 0 : t)
    {
#pragma hy parallel for into(threads) reduction(max : hi)
      for (int t = 0; t < 64; ++t)
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:27: error: hy::fetch_max returns the value the element had before the update, but 'hi' is fetched here
        out(b * 64 + t) = hy::fetch_max(hi(t % 4), key(b * 64 + t));
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:16: error: hy::fetch_add returns the value the element had before the update, but 'count' is fetched here
      out(b) = hy::fetch_add(count(b % 4), 1);
    }
  }
}

// A template: the calls are resolved only when it is instantiated.
template <class C>
void templated(const hy::array<int, 1> &key, hy::array<C, 1> &count, hy::array<C, 1> &ticket,
               int n) {
#pragma hy parallel for reduction(+ : count)
  for (int b = 0; b < n; ++b) {
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:1: note: tile fetched here
#pragma hy parallel fetch(count : 16 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t)
// CHECK-DAG: fetch-op-tile.cpp:[[@LINE+1]]:29: error: hy::fetch_add returns the value the element had before the update, but 'count' is fetched here
      ticket(b * 128 + t) = hy::fetch_add(count(key(b * 128 + t) % 16), C(1));
  }
}
template void templated(const hy::array<int, 1> &, hy::array<long long, 1> &,
                        hy::array<long long, 1> &, int);

// Results thrown away inside the fetch, and used outside it: no error.
void fine(const hy::array<int, 1> &key, hy::array<int, 1> &count, hy::array<int, 1> &out,
          int n) {
#pragma hy parallel for reduction(+ : count)
  for (int b = 0; b < n; ++b) {
#pragma hy parallel fetch(count : 16 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t) {
      hy::fetch_add(count(key(b * 128 + t) % 16), 1);
      (void)hy::fetch_add(count(t % 16), 2);
      hy::fetch_add(count(t % 8), 1), hy::fetch_add(count(t % 4), 1);
      for (int k = 0; k < 2; hy::fetch_add(count(k), 1), ++k)
        ;
    }
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t)
      out(b * 128 + t) = hy::fetch_add(count(t % 16), 1);
  }
}

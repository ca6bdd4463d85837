// hy::fetch_<op> on a variable of the iteration's own (issue 26, family 4):
// a local of the block's code, a local and a per-thread array of a thread
// loop, a local of a one-thread-per-iteration kernel, one reached through a
// helper's reference, in a template. The call stays as written; in device
// code hy::fetch_<op> is the plain read-modify-write on local memory (the
// thread's own, where a device atomic faults: nvcc used to warn "Cannot do
// atomic on local memory", an error here with -Werror all-warnings) and an
// atomic on shared and global memory (the privatized tile's update is a
// shared-memory atomic, the array's a global one).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -Werror all-warnings -I%hy_inc -ptx %t.cu -o %t.ptx && FileCheck %s --check-prefix=PTX < %t.ptx %}
#include <hy/hy.hpp>

template <class T> T bump(T &x, T v) { return hy::fetch_add(x, v); }

// CHECK-LABEL: hy_locals_L{{[0-9]+}}(
template <class T>
void locals(const hy::array<int, 1> &key, hy::array<T, 1> &out, int n) {
#pragma hy parallel for
  for (int b = 0; b < n; ++b) {
    T seen = T(0);
    hy::fetch_add(seen, T(b % 5));
    const T first = hy::fetch_max(seen, T(3));
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t) {
      T acc = T(key(b * 64 + t) % 11);
      T own[4] = {T(1), T(2), T(3), T(4)};
      const T a = hy::fetch_add(acc, T(t));
      const T m = hy::fetch_min(own[key(b * 64 + t) % 4], T(2));
      out(b * 64 + t) = a + acc + m + own[t % 4] + first + seen + bump(acc, T(1));
    }
  }
}
// CHECK: T seen = T(0);
// CHECK-NEXT: hy::fetch_add(seen, T(b % 5));
// CHECK: const T a = hy::fetch_add(acc, T(t));
// CHECK-NEXT: const T m = hy::fetch_min(own[key(b * 64 + t) % 4], T(2));

// CHECK-LABEL: hy_perThread_L{{[0-9]+}}(
void perThread(const hy::array<int, 1> &key, hy::array<unsigned, 1> &out, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    unsigned f = static_cast<unsigned>(key(i));
    const unsigned o = hy::fetch_or(f, 1u << (i % 32));
    const unsigned x = hy::fetch_xor(f, o >> 3);
    out(i) = hy::fetch_and(f, 0xff00ffu) ^ x ^ f;
  }
}
// CHECK: const unsigned o = hy::fetch_or(f, 1u << (i % 32));

// A privatized tile and the array: atomics on shared and global memory.
// CHECK-LABEL: hy_tileAndArray_L{{[0-9]+}}(
void tileAndArray(const hy::array<int, 1> &key, hy::array<int, 1> &hits,
                  hy::array<int, 1> &count, hy::array<int, 1> &ticket, int n) {
#pragma hy parallel for reduction(+ : hits) reduction(+ : count)
  for (int b = 0; b < n; ++b) {
#pragma hy parallel fetch(hits : 8 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 128; ++t) {
      hy::fetch_add(hits(key(b * 128 + t) % 8), 1);
      ticket(b * 128 + t) = hy::fetch_add(count(key(b * 128 + t) % 5), 1);
    }
  }
}
// CHECK: hy::fetch_add(hy_tile0_hits[
// CHECK: ticket(b * 128 + t) = hy::fetch_add(count(key(b * 128 + t) % 5), 1);

void run(const hy::array<int, 1> &key, hy::array<long long, 1> &l, hy::array<double, 1> &d,
         hy::array<unsigned, 1> &u, hy::array<int, 1> &h, hy::array<int, 1> &c,
         hy::array<int, 1> &tk, int n) {
  locals(key, l, n);
  locals(key, d, n);
  perThread(key, u, n);
  tileAndArray(key, h, c, tk, n);
}

// The kernels in the order nvcc prints them: no atomic in the kernels whose
// updates are all on the thread's own variables.
// PTX-LABEL: .entry {{.*}}hy_perThread_L
// PTX-NOT: atom.
// PTX-LABEL: .entry {{.*}}hy_tileAndArray_L
// PTX: atom.shared.add.u32
// PTX: atom.global.add.u32
// PTX-LABEL: .entry {{.*}}hy_locals_L{{[0-9]+}}Ix
// PTX-NOT: atom.
// PTX-LABEL: .entry {{.*}}hy_locals_L{{[0-9]+}}Id
// PTX-NOT: atom.

// Host reads the CUDA target syncs besides arrays named directly:
//  * arrays reached through standard containers (std::vector, std::array,
//    std::pair, std::tuple, std::optional), including a range-for over
//    them: the container, held by a variable in scope, is synced whole
//    (hy::cuda::host_within) before the statement;
//  * an array returned by reference from a call, or reached through a
//    member of a container's element: synced where it is evaluated
//    (hy::cuda::synced);
//  * a statement that also launches kernels (through a call): each read is
//    synced in place, after whatever the operands before it launched
//    (operands, arguments, conditions, initializers), while the arrays it
//    hands to the call are left to the callee.
// Binding a reference reads nothing. (Copies of arrays sync themselves:
// the runtime's copy constructor, test/runtime.)
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <array>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

struct holder {
  hy::array<int, 1> A;
};

int step(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += i;
  return 1;
}
hy::array<int, 1> &pick(holder &h) { return h.A; }
int use(int x, int y) { return x + y; }

// CHECK-LABEL: int containers(
// CHECK: hy::cuda::host_within(v, hy::cuda::read); int t = v[0](1);
// CHECK: hy::cuda::host_within(arr, hy::cuda::read); t += arr[1](2);
// CHECK: hy::cuda::host(pr.second, hy::cuda::read); t += pr.second(0);
// CHECK: hy::cuda::host_within(tup, hy::cuda::read_write); t += std::get<1>(tup)(3);
// CHECK: hy::cuda::host_within(o, hy::cuda::read_write); t += (*o)(0) + o.value()(1);
// CHECK: hy::cuda::host_within(v, hy::cuda::read); for (auto &x : v)
// CHECK: t += hy::cuda::synced(pick(h), hy::cuda::read_write)(0);
// CHECK: t += hy::cuda::synced(hs[0].A, hy::cuda::read)(1);
// CHECK: hy::array<int, 1> &r = v[1];
// CHECK-NOT: synced(v[1]
int containers(std::vector<hy::array<int, 1>> &v, std::array<hy::array<int, 1>, 2> &arr,
               std::pair<int, hy::array<int, 1>> &pr, std::tuple<int, hy::array<int, 1>> &tup,
               std::optional<hy::array<int, 1>> &o, holder &h, std::vector<holder> &hs, int n) {
  hy::array<int, 1> own(n);
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    own(i) = i;
  step(v[0], n);
  int t = v[0](1);
  step(arr[1], n);
  t += arr[1](2);
  step(pr.second, n);
  t += pr.second(0);
  step(std::get<1>(tup), n);
  t += std::get<1>(tup)(3);
  step(*o, n);
  t += (*o)(0) + o.value()(1);
  for (auto &x : v)
    t += x(0);
  step(pick(h), n);
  t += pick(h)(0);
  step(hs[0].A, n);
  t += hs[0].A(1);
  hy::array<int, 1> &r = v[1];
  return t + r.size();
}

// CHECK-LABEL: int launchAndRead(hy::array<int, 1> &a, holder &h, int n) {
// CHECK: int r = step(a, n) + hy::cuda::synced(a, hy::cuda::read)(3);
// CHECK-NEXT: r += use(step(a, n), hy::cuda::synced(a, hy::cuda::read)(3));
// CHECK-NEXT: if (step(a, n) && hy::cuda::synced(h.A, hy::cuda::read)(0) > 0)
// CHECK: while (step(a, hy::cuda::synced(a, hy::cuda::read)(0)) && r < 10)
// CHECK: int s = (step(h.A, n), hy::cuda::synced(h.A, hy::cuda::read)(2));
// CHECK-NEXT: hy::cuda::synced(a, hy::cuda::read_write)(1) = step(a, n);
// CHECK-NEXT: return r + s + step(a, n) * a.size();
int launchAndRead(hy::array<int, 1> &a, holder &h, int n) {
  int r = step(a, n) + a(3);
  r += use(step(a, n), a(3));
  if (step(a, n) && h.A(0) > 0)
    r++;
  while (step(a, a(0)) && r < 10)
    ++r;
  int s = (step(h.A, n), h.A(2));
  a(1) = step(a, n);
  return r + s + step(a, n) * a.size();
}

// A host fill replaces every element: nothing comes back from the device
// first (it used to be downloaded only to be overwritten).
// CHECK-LABEL: int refill(hy::array<int, 1> &a, holder &h, int n) {
// CHECK: hy::cuda::host(a, hy::cuda::overwrite); a.fill(0);
// CHECK: hy::cuda::host(h.A, hy::cuda::overwrite); h.A.fill(n);
// CHECK: hy::cuda::host(a, hy::cuda::read_write); a.fill(a(0));
int refill(hy::array<int, 1> &a, holder &h, int n) {
  step(a, n);
  a.fill(0);
  step(a, n);
  h.A.fill(n);
  step(h.A, n);
  a.fill(a(0));
  return a(1);
}

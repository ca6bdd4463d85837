// Errors of worklists in kernels (pushed to or read, not both; no clause;
// not fetched) and of fetched reduction arrays (only updated: the tile is
// privatized).
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

void worklists(hy::worklist<int> &q, hy::worklist<int> &out, hy::array<int, 1> &h, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    q.push(i);
// CHECK: [[@LINE+2]]:13: error: this kernel pushes to worklist 'q' and also reads its size; what a kernel pushes is there when the kernel ends: read it in a later kernel
// CHECK: [[@LINE-2]]:5: note: 'q' is pushed to here
    if (i < q.size())
// CHECK: [[@LINE+2]]:16: error: this kernel pushes to worklist 'q' and also reads its items; what a kernel pushes is there when the kernel ends: read it in a later kernel
// CHECK: [[@LINE-5]]:5: note: 'q' is pushed to here
      out.push(q(i));
  }
// CHECK: [[@LINE+1]]:39: error: 'out' is a hy::worklist, which is not a reduction variable; threads append to it with 'out.push(v)' without a clause
#pragma hy parallel for reduction(+ : out)
  for (int i = 0; i < n; ++i)
    out.push(i);
#pragma hy parallel for
  for (int b = 0; b < n; ++b)
// CHECK: [[@LINE+1]]:27: error: 'q' is a hy::worklist, which 'parallel fetch' does not copy; fetch a hy::array
#pragma hy parallel fetch(q : 64 : b * 64 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 64; ++t)
      h(t) = q(b * 64 + t);
}

void privatizedReads(const hy::array<int, 1> &key, hy::array<int, 1> &hist, int n) {
#pragma hy parallel for reduction(+ : hist)
  for (int b = 0; b < n; ++b)
#pragma hy parallel fetch(hist : 256 : 0 : t)
#pragma hy parallel for into(threads)
    for (int t = 0; t < 256; ++t) {
      hist(key(b * 256 + t) & 255) += 1;
// CHECK: [[@LINE+1]]:11: error: 'hist' is an array reduction variable and is fetched here, so its tile starts from the operator's identity and is combined into 'hist' at the end (other blocks update 'hist' at the same time); the statement may only update it (hist(...) += e or hist(...) = hist(...) + e or hist(...)++ or hist(...)-- (as statements) or hy::fetch_add(hist(...), e)), but it reads it here
      if (hist(t) > 3)
        hist(t) += 1;
    }
}

// The data rules of zone loops ('into(devices)'): a variable declared
// outside and written inside is a reduction of the loop; reductions are
// arithmetic scalars or arrays; no iteration leaves the loop.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>
#include <vector>

void clauses(hy::array<int, 1> &a, hy::worklist<int> &w, hy::minloc<float, int> &best, double &x,
             int n) {
// CHECK: [[@LINE+3]]:53: error: 'w' has type 'hy::worklist<int>'; a reduction of an 'into(devices)' loop is an arithmetic scalar or a hy::array / std::vector of arithmetic elements
// CHECK: [[@LINE+2]]:72: error: 'best' has type 'hy::minloc<float, int>'; a reduction
// CHECK: [[@LINE+1]]:88: error: reduction operator '|' needs an integer type; 'x' has type 'double'
#pragma hy parallel for into(devices) reduction(+ : w) reduction(min : best) reduction(| : x)
  for (int p = 0; p < n; ++p) {
    w.push(p);
    best.update(float(p), p);
    x = x + 1;
  }
// CHECK: [[@LINE+2]]:53: error: reduction variable 'inner' must be declared outside the loop
// CHECK: [[@LINE+1]]:60: warning: reduction variable 'ghost' is not used in the loop
#pragma hy parallel for into(devices) reduction(+ : inner, ghost)
  for (int p = 0; p < n; ++p) {
    int inner = p;
    inner += 1;
  }
}

void writes(hy::array<int, 1> &a, std::vector<int> &out, int n) {
  int count = 0;
#pragma hy parallel for into(devices) reduction(+ : a)
  for (int p = 0; p < n; ++p) {
    hy::array<int, 1> mine(n);
// CHECK: [[@LINE+2]]:5: error: 'count' is declared outside the 'into(devices)' loop and written inside it; each zone writes its own copy and only reduction variables are combined across zones: name it in a 'reduction' clause of the loop (or 'scratch' if every iteration writes it before reading it, 'gather' if iteration i writes row i of it), or declare it inside the loop
// CHECK: :[[@LINE-5]]:7: note: 'count' is declared here
    count = p;
    mine(p) = count;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+2]]:7: error: 'out' is declared outside the 'into(devices)' loop and written inside it
// CHECK: :[[@LINE-12]]:53: note: 'out' is declared here
      out[i] = mine(i);
    a(p) += 1;
  }
}

int jumps(hy::array<int, 1> &a, int n) {
#pragma hy parallel for into(devices) reduction(+ : a)
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q)
      if (q == p)
        break;
    if (a(p) < 0)
// CHECK: [[@LINE+1]]:7: error: 'break' may not leave a 'parallel for' loop
      break;
    if (a(p) > 9)
// CHECK: [[@LINE+1]]:7: error: 'return' may not leave a 'parallel for' loop
      return p;
    a(p) += 1;
  }
  return 0;
}

// In a template, a call left unresolved until instantiation: a const array
// passed to it is read (no error); a non-const one may be written.
template <class W> void use(const hy::array<W, 1> &a, int s);
template <class W> void fill_in(hy::array<W, 1> &a, int s);
template <class W>
void templated(const hy::array<W, 1> &w, hy::array<W, 1> &out, int n) {
#pragma hy parallel for into(devices)
  for (int s = 0; s < n; ++s) {
    use(w, s);
// CHECK: [[@LINE+1]]:13: error: 'out' is declared outside the 'into(devices)' loop and written inside it
    fill_in(out, s);
  }
}

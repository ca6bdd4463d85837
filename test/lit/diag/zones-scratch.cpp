// The 'scratch' clause of zone loops: each iteration writes the variable
// before it reads it (else the serial loop would read what the previous
// iteration, run by another zone, left), the code after the loop writes it
// before it reads it again, and it is a local or parameter named once.
// RUN: not %hyc %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <hy/hy.hpp>
#include <vector>

int global_scratch = 0;

// Not a zone loop: the clause is refused where it is written (while the
// pragma is read, so before the other errors).
void not_zone(hy::array<int, 1> &a, int n) {
// CHECK: [[@LINE+1]]:25: error: 'scratch' on a loop that is not 'into(devices)'; it is a clause of zone loops, whose zones each hold their own copy of every variable
#pragma hy parallel for scratch(a)
  for (int i = 0; i < n; ++i)
    a(i) = i;
}


void read_first(hy::array<double, 1> &bc, int n) {
  hy::array<double, 1> sigma(n), delta(n);
  std::vector<int> stack;
  double x = 0, y = 0;
#pragma hy parallel for into(devices) scratch(sigma, delta, stack, x, y) reduction(+ : bc)
  for (int s = 0; s < n; ++s) {
    // A kernel that reads before anything writes.
#pragma hy parallel for
    for (int v = 0; v < n; ++v)
// CHECK: [[@LINE+1]]:16: error: 'sigma' is scratch data of the 'into(devices)' loop, but an iteration reads it here before writing it: the serial loop would read what the previous iteration left, and another zone ran that one; write it first in every iteration (an assignment, a fill, a loop or a kernel that sets its elements), or declare it inside the loop
      bc(v) += sigma(v);
    // An update is a read.
// CHECK: [[@LINE+1]]:5: error: 'delta' is scratch data of the 'into(devices)' loop, but an iteration reads it here
    delta(s) += 1.0;
    // Appending keeps what was there.
// CHECK: [[@LINE+1]]:5: error: 'stack' is scratch data of the 'into(devices)' loop, but an iteration reads it here
    stack.push_back(s);
    // x = x + 1 reads x first; so does a compound assignment.
// CHECK: [[@LINE+1]]:9: error: 'x' is scratch data of the 'into(devices)' loop, but an iteration reads it here
    x = x + 1;
    if (s > 2)
// CHECK: [[@LINE+1]]:7: error: 'y' is scratch data of the 'into(devices)' loop, but an iteration reads it here
      y += x;
  }
}

void read_after(int n) {
  hy::array<int, 1> level(n);
  int depth = 0;
#pragma hy parallel for into(devices) scratch(level, depth)
  for (int s = 0; s < n; ++s) {
    level.fill(-1);
    level(s) = 0;
    depth = s;
  }
  {
// CHECK: [[@LINE+1]]:9: error: 'level' is scratch data of the 'into(devices)' loop above and is read here before being written again; after the loop each zone holds what its own last iteration left: write it first, or make it a 'gather' or 'reduction' of the loop
    if (level(0) > 0)
      return;
  }
  depth = 3; // written first after the loop: fine
  (void)depth;
}

void names(int n) {
  std::vector<double> twice(n);
  double sum = 0;
// CHECK: [[@LINE+5]]:47: error: 'global_scratch' is a global or static variable; 'scratch' names a local variable or parameter of the function (other code may read a global after the loop, where each zone holds a different value)
// CHECK: [[@LINE+4]]:63: error: 'inner' is declared inside the 'into(devices)' loop; 'scratch' names a variable declared before the loop (one declared inside is each iteration's own already)
// CHECK: [[@LINE+3]]:70: warning: 'ghost' in the 'scratch' clause is not used in the loop
// CHECK: [[@LINE+2]]:99: error: 'sum' is named in the 'reduction' and 'scratch' clauses of this loop; a variable takes one of 'reduction', 'scratch' and 'gather'
// CHECK: [[@LINE+1]]:84: error: 'twice' is named in the 'scratch' and 'gather' clauses of this loop
#pragma hy parallel for into(devices) scratch(global_scratch, inner, ghost) gather(twice) scratch(sum, twice) reduction(+ : sum)
  for (int s = 0; s < n; ++s) {
    global_scratch = s;
    int inner = s;
    inner += 1;
    twice[s] = 2.0 * s;
    sum += s;
  }
}


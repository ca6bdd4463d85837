// CUDA: a kernel is printed at namespace scope, away from its loop. What it
// cannot carry there is an error that says what to move where (never code
// that nvcc rejects); the CPU targets keep the loop where it is and accept
// the same input.
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
#include <hy/hy.hpp>
#include <algorithm>

// Private and protected members, however they are named: the kernel is a
// function outside the class.
class Private {
  using elem = float;
  static float h(float x) { return x + 1; }
  struct In { static constexpr int V = 3; };
  enum Mode { A = 4 };
  static constexpr int K = 2; // a constant is copied: fine
public:
  void f(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i) {
// CHECK: [[@LINE+2]]:16: error: kernel uses 'elem', a private member of 'Private'; the kernel is a function outside 'Private': make 'elem' public, or copy its value into a variable before the loop
// CHECK: [[@LINE+1]]:34: error: kernel uses 'h', a private member of 'Private'
      Private::elem e = Private::h(a(i));
// CHECK: [[@LINE+2]]:27: error: kernel uses 'In', a private member of 'Private'
// CHECK: [[@LINE+1]]:61: error: kernel uses 'A', a private member of 'Private'
      a(i) = e + Private::In::V + Private::K + K + Private::A + h(1);
// CHECK: [[@LINE-1]]:65: error: kernel uses 'h', a private member of 'Private'
    }
  }
};

template <class T, int N> class Base {
protected:
  static T g(T x) { return x * 2; }
  static constexpr int D = N * 2; // depends on N: named through the class
};
template <class T, int N> struct Derived : Base<T, N> {
  void f(hy::array<T, 1> &a, int n) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+2]]:26: error: kernel uses 'g', a protected member of 'Base'
// CHECK: [[@LINE+1]]:48: error: kernel uses 'D', a protected member of 'Base'
      a(i) = Base<T, N>::g(a(i)) + Base<T, N>::D;
  }
};
template struct Derived<float, 2>;

// Generic lambdas: the kernel needs its parameters' types.
void generic(hy::array<float, 1> &a, int n) {
// CHECK: [[@LINE+1]]:21: error: kernel uses 'arr', a parameter of a generic lambda whose type is 'auto'; the kernel needs its type: write it in the lambda's parameter list instead of 'auto' (or copy the parameter into a typed local before the loop)
  auto f = [](auto &arr, int m) {
#pragma hy parallel for
    for (int i = 0; i < m; ++i)
      arr(i) += 1;
  };
  f(a, n);
}

// A function parameter pack: no kernel parameter can take it.
template <class... Ts> void pack(hy::array<float, 1> &a, int n, Ts... xs) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += (xs + ... + 0);
}
// CHECK: [[@LINE-5]]:71: error: kernel uses function parameter pack 'xs', which a kernel cannot take as a parameter; copy the values it needs into variables before the loop
template void pack<int, int>(hy::array<float, 1> &, int, int, int);

// A local enum as a kernel parameter's type.
void localEnum(hy::array<float, 1> &a, int n, int k) {
  enum Mode { Add, Mul };
// CHECK: [[@LINE+1]]:8: error: kernel uses 'm', whose type 'Mode' is declared inside a function or class, so the kernel's parameter list (at namespace scope) cannot name it; declare 'Mode' at namespace scope
  Mode m = k ? Add : Mul;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += m == Add ? 1 : 2;
}

// A local type declared together with a variable the kernel does not take.
void together(hy::array<float, 1> &a, int n) {
// CHECK: [[@LINE+1]]:20: error: kernel uses 'w', which is declared in the function around the loop together with variables the kernel does not take; declare it in a statement of its own (or at namespace scope)
  const int v = n, w = 3;
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += w;
  (void)v;
}

// A local declaration written by a macro, a member named in a macro.
#define DECLARE_SCALE constexpr float kScale = 2
#define TWICE(x) twice(x)
struct Macro {
  static float twice(float x) { return 2 * x; }
  void f(hy::array<float, 1> &a, int n) {
    DECLARE_SCALE;
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+2]]:14: error: kernel uses member 'twice' inside a macro expansion; hyc qualifies member names with their class in the kernel's text, which it cannot do inside a macro: write it out
// CHECK: [[@LINE-4]]:5: error: kernel uses 'kScale', whose declaration in the function around the loop comes from a macro; hyc copies that declaration into the kernel: write it out, or declare it at namespace scope
      a(i) = TWICE(a(i)) * kScale;
  }
};

// A member of a local class, named without its class inside it.
void localClass(hy::array<float, 1> &a, int n) {
  struct Local {
    static float one() { return 1; }
    static void run(hy::array<float, 1> &a, int n) {
#pragma hy parallel for
      for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:17: error: kernel uses 'one', a member of the local class 'Local', which code at namespace scope cannot name; define 'Local' at namespace scope
        a(i) += one();
    }
  };
  Local::run(a, n);
}

// Two constants of one name from different scopes.
namespace one { constexpr int kC = 1; }
namespace two { constexpr int kC = 2; }
void clash(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) += std::max(one::kC, two::kC); // binds references: copied
}
// CHECK: [[@LINE-6]]:31: error: code that runs on the GPU uses two names 'kC' (constants from different scopes, or a constant and a local name), and hyc copies the constant into that code under its name; rename one

// A constant of a type hyc cannot copy.
struct Pt { int x, y; };
constexpr Pt kOrigin{1, 2};
void constantType(hy::array<int, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
// CHECK: [[@LINE+1]]:22: error: kernel uses constant 'kOrigin' of type 'const Pt'; device code has no copy of a host constant, and hyc copies only arithmetic values and arrays of them into the kernel: declare it inside the loop
    a(i) += std::max(kOrigin.x, 0) + kOrigin.y; // the first binds a reference
}

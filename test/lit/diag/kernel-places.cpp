// Places a kernel cannot come from, on every target: g++ and nvcc accept no
// pragma in a default argument or a default member initializer; a kernel
// cannot take a variable template's parameters; code evaluated at compile
// time cannot run OpenMP or launch kernels. Each is an error at the pragma
// that says where to move the loop (the output would not compile).
// RUN: not %hyc --target=serial %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=openmp %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %hyc --target=cuda %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <hy/hy.hpp>

struct Member {
  int v = [] {
    hy::array<float, 1> a(4);
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in a default argument or a default member initializer, where g++ and nvcc accept no pragma: move the loop into a function and call it there
#pragma hy parallel for
    for (int i = 0; i < 4; ++i)
      a(i) += 1;
    return 0;
  }();
};

void defaultArgument(int k = [] {
  hy::array<float, 1> a(4);
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in a default argument
#pragma hy parallel for
  for (int i = 0; i < 4; ++i)
    a(i) += 1;
  return 0;
}()) {}

void localClassMember() {
  struct Local {
    int v = [] {
      hy::array<float, 1> a(4);
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in a default argument
#pragma hy parallel for
      for (int i = 0; i < 4; ++i)
        a(i) += 1;
      return 0;
    }();
  };
}

template <class T> T variableTemplate = [] {
  hy::array<T, 1> a(4);
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in the initializer of a variable template, whose template parameters a kernel cannot take: move the loop into a function template and call it there
#pragma hy parallel for
  for (int i = 0; i < 4; ++i)
    a(i) += 1;
  return a(0);
}();

constexpr int constexprFunction(int n) {
  int s = 0;
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in code evaluated at compile time (a constexpr or consteval function or lambda, a static_assert, an enumerator, a constexpr variable's initializer), which cannot run OpenMP or launch kernels: remove 'constexpr' or move the loop into another function
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

void constexprLambda(hy::array<float, 1> &a, int n) {
  auto l = [&]() constexpr {
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in code evaluated at compile time
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      a(i) += 1;
  };
  l();
}

static_assert([] {
  int s = 0;
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in code evaluated at compile time
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < 4; ++i)
    s += i;
  return s == 6;
}());

enum Enumerator { X = [] {
  int s = 0;
// CHECK: [[@LINE+1]]:1: error: this 'parallel for' loop is in code evaluated at compile time
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < 4; ++i)
    s += i;
  return s;
}() };

// Fine: a lambda whose call operator C++17 makes constexpr by itself, a
// lambda at namespace scope, a static member's initializer.
void implicitConstexpr(int n) {
  int s = 0;
  [&] {
#pragma hy parallel for reduction(+ : s)
    for (int i = 0; i < n; ++i)
      s += i;
  }();
}
auto atNamespaceScope = [](hy::array<float, 1> &a, int n) {
#pragma hy parallel for
  for (int i = 0; i < n; ++i)
    a(i) *= 2;
};
struct Static {
  static inline int w = [] {
    hy::array<float, 1> a(4);
#pragma hy parallel for
    for (int i = 0; i < 4; ++i)
      a(i) += 1;
    return 0;
  }();
};

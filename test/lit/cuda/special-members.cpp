// CUDA: objects a kernel creates run constructors and destructors that the
// AST does not show as calls (a construction, the end of a scope). Those
// this file defines become __host__ __device__ like the functions the
// kernel calls, transitively (their initializers and bodies, the
// destructors of members and bases); nvcc refused them as host functions.
// Found by the nvcc oracle of test/fuzz (a kernel-local object).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
#include <hy/hy.hpp>

// A constructor, its initializer calling a function of the file.
// CHECK: __host__ __device__ inline int twice(int x)
inline int twice(int x) { return 2 * x; }
// CHECK: struct Point { __host__ __device__ Point(int x) : v(twice(x)) {} int v; };
struct Point { Point(int x) : v(twice(x)) {} int v; };
// A destructor.
// CHECK: struct Reset { int v; __host__ __device__ ~Reset() { v = 0; } };
struct Reset { int v; ~Reset() { v = 0; } };
// Out of the class, explicit.
// CHECK: struct Pair { __host__ __device__ explicit Pair(int a); int a, b; };
// CHECK: __host__ __device__ Pair::Pair(int a) : a(a), b(a + 1) {}
struct Pair { explicit Pair(int a); int a, b; };
Pair::Pair(int a) : a(a), b(a + 1) {}
// A member's and a base's destructors run from implicit destructors.
// CHECK: struct Inner { int v = 1; __host__ __device__ ~Inner() { v = 0; } };
struct Inner { int v = 1; ~Inner() { v = 0; } };
struct Outer { Inner in; int w; };
// CHECK: struct Base { int b = 2; __host__ __device__ ~Base() { b = 0; } };
struct Base { int b = 2; ~Base() { b = 0; } };
struct Derived : Base { int d = 3; };
// A class template's constructor.
// CHECK: template <class T> struct Box { _Pragma("nv_exec_check_disable") __host__ __device__ Box(T t) : t(t) {} T t; };
template <class T> struct Box { Box(T t) : t(t) {} T t; };
// Only in a function the kernel calls.
// CHECK: struct Deep { __host__ __device__ Deep(int x) : x(x + 1) {} int x; };
struct Deep { Deep(int x) : x(x + 1) {} int x; };
// CHECK: __host__ __device__ int viaCall(int x)
int viaCall(int x) { return Deep(x).x; }
// Not used by a kernel: left alone.
// CHECK: struct HostOnly { HostOnly() {} };
struct HostOnly { HostOnly() {} };

void kernels(hy::array<int, 1> &out, int n) {
  HostOnly h;
  (void)h;
#pragma hy parallel for
  for (int i = 0; i < n; ++i) {
    Point p(i);
    Reset r{i};
    Outer o{};
    Derived d;
    Box<float> box(1.5f);
    out(i) = p.v + r.v + Pair(i).b + o.in.v + d.b + d.d + static_cast<int>(box.t) + viaCall(i) +
             Point(i).v;
  }
}

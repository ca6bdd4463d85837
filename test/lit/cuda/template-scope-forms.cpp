// Kernels in templates whose code names types and constants other than by
// a plain name, and lambdas in and around kernels; each was refused or gave
// CUDA output that nvcc rejects:
// * a `static constexpr` member array of a class template, of dependent
//   element type (`w`, `Coef<T>::w`): the kernel gets a compile-time copy,
//   hy::cuda::constant_copy (a wrong "copies only arithmetic values" error,
//   or an array undefined in device code before);
// * a loop index of a type brought in by `using typename Base<T>::idx`;
// * `T c(x)`: a paren-initialised variable in a template kernel (crashed);
// * `auto &x = a(i)` and a local alias of a dependent type;
// * a generic lambda defined and called inside the kernel (was refused);
// * a lambda's init-capture named in a reduction clause (was not found).
// RUN: %hyc --target=cuda --no-line-directives %s | %strip | FileCheck %s
// RUN: %hyc --target=openmp %s -o %t.cpp && %cxx -std=c++17 -fopenmp -fsyntax-only -I%hy_inc %t.cpp
// RUN: %if nvcc %{ %hyc --target=cuda %s -o %t.cu && %nvcc -I%hy_inc -c %t.cu -o %t.o %}
#include <hy/hy.hpp>
#include <type_traits>

template <class T> struct Coef {
  static constexpr T w[3] = {T(1), T(2), T(3)};
};
// CHECK-LABEL: hy_smooth_L{{[0-9]+}}({{.*}}) {
// CHECK-NEXT: static constexpr auto w = hy::cuda::constant_copy(Coef<T>::w);
// CHECK: b(i) = w[0] * a(i - 1) + w[1] * a(i) + w[2] * a(i + 1);
template <class T>
void smooth(const hy::array<T, 1> &a, hy::array<T, 1> &b) {
#pragma hy parallel for
  for (int i = 1; i < 99; ++i)
    b(i) = Coef<T>::w[0] * a(i - 1) + Coef<T>::w[1] * a(i) + Coef<T>::w[2] * a(i + 1);
}

template <class T> struct Base {
  using elem = T;
  using idx = int;
};
template <class T, int N> struct Stencil : Base<T> {
  using typename Base<T>::elem;
  using typename Base<T>::idx;
  static constexpr T w[2][2] = {{T(1), T(N)}, {T(N), T(1)}};
// CHECK-LABEL: hy_run_L{{[0-9]+}}({{.*}}) {
// CHECK-NEXT: static constexpr auto w = hy::cuda::constant_copy(Stencil<T, N>::w);
// CHECK: const typename Stencil<T, N>::idx i = (0) + (typename Stencil<T, N>::idx)hy_b0;
  void run(hy::array<T, 1> &a) const {
#pragma hy parallel for
    for (idx i = 0; i < 100; ++i) {
      elem v(a(i));
      auto &x = a(i);
      using E = std::remove_reference_t<decltype(x)>;
      x = E(v * w[i % 2][(i + 1) % 2]);
    }
  }
};

// CHECK-LABEL: hy_squares_L{{[0-9]+}}({{.*}}) {
// CHECK: auto sq = [](auto x) { return x * x; };
void squares(hy::array<float, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < 100; ++i) {
    auto sq = [](auto x) { return x * x; };
    a(i) = sq(a(i)) + float(sq(i));
  }
}

// CHECK-LABEL: hy_lambda_sum_L{{[0-9]+}}({{.*}}float *hy_red_s{{.*}}) {
float lambda_sum(const hy::array<float, 1> &a) {
  auto f = [s = 0.0f, &a]() mutable {
#pragma hy parallel for reduction(+ : s)
    for (int i = 0; i < 100; ++i)
      s += a(i);
    return s;
  };
  return f();
}
// CHECK: s = hy::cuda::op::add::apply(s, hy_red_s.result());

void run(hy::array<float, 1> &a, hy::array<float, 1> &b, hy::array<double, 1> &c,
         hy::array<double, 1> &d) {
  smooth(a, b);
  smooth(c, d);
  Stencil<float, 3>().run(a);
  squares(a);
  lambda_sum(a);
}

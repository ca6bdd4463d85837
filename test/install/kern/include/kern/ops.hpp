// A header-only library of template kernels (test/install: kernapp). Two
// annotated sources include it; hyc translates it once per variant, and
// run.sh edits kGain to check that both are translated and built again.
#pragma once
#include <hy/hy.hpp>

namespace kern {

inline constexpr int kGain = 2;

template <class T>
void ramp(hy::array<T, 1> &a) {
#pragma hy parallel for
  for (int i = 0; i < (int)a.extent(0); ++i)
    a(i) = T(i * kGain);
}

template <class T>
T total(const hy::array<T, 1> &a) {
  T s = 0;
#pragma hy parallel for reduction(+ : s)
  for (int i = 0; i < (int)a.extent(0); ++i)
    s += a(i);
  return s;
}

template <class T>
struct Stats {
  static T peak(const hy::array<T, 1> &a) {
    T m = a(0);
#pragma hy parallel for reduction(max : m)
    for (int i = 0; i < (int)a.extent(0); ++i)
      m = a(i) > m ? a(i) : m;
    return m;
  }
};

} // namespace kern

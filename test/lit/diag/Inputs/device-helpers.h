// Helpers in a header for diag/device-code.cpp: hyc does not rewrite
// headers, so a kernel may call only those nvcc compiles for the device.
#pragma once
#include <hy/hy.hpp>
inline float plainHelper(float x) { return 2 * x; }       // not for the device
template <class T> T plainTemplate(T x) { return x * x; } // not for the device
HY_HD inline float markedHelper(float x) { return x + 1; } // fine
constexpr float constexprHelper(float x) { return x - 1; } // fine
struct Meters {
  float v;
  Meters(float x) : v(x) {} // a user-provided constructor: not for the device
};

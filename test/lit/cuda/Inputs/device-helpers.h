// Helpers in a header for cuda/device-constants.cpp: nvcc compiles these for
// the device (HY_HD, constexpr), so kernels may call them.
#pragma once
#include <hy/hy.hpp>
HY_HD inline float markedHelper(float x) { return x + 1; }
template <class T> constexpr T square(T x) { return x * x; }

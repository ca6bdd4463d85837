// hy::init() and hy::wait(): what a program needs around a timed region in
// every build. In a CUDA build, init() creates the device's context (the
// first CUDA call costs tens of milliseconds) and wait() returns when every
// kernel launched so far has finished (launches are asynchronous); in CPU
// builds both do nothing, because the loops have finished when they return.
//     hy::init();
//     auto t0 = clock::now();
//     solve(D);          // translated kernels
//     hy::wait();
//     auto t1 = clock::now();
// Plain C++ code (a driver compiled by g++ and linked with a translated .cu
// file) can call them: the CUDA runtime registers its versions when the
// program starts, through a table that every translation unit shares (an
// inline function's static).
#pragma once

namespace hy {

namespace detail {
struct device_hooks {
  void (*init)() = nullptr;
  void (*wait)() = nullptr;
};
inline device_hooks &device() {
  static device_hooks hooks;
  return hooks;
}
} // namespace detail

/// Initialises the device a CUDA build runs on (nothing in CPU builds).
inline void init() {
  if (void (*f)() = detail::device().init)
    f();
}

/// Waits for the kernels launched so far (nothing in CPU builds).
inline void wait() {
  if (void (*f)() = detail::device().wait)
    f();
}

} // namespace hy

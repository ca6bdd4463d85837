// Arithmetic the graduated-assignment kernels share, written so that every
// target rounds it the same way: the compatibility functions and an
// exponential built from fma, rint and ldexp only (each exactly rounded by
// IEEE 754 on the CPU and on the GPU). With these, the serial, OpenMP and
// CUDA builds of one kernel compute bit-identical P (see README, "Same
// results on every target"). Every multiply that feeds an add is an explicit
// std::fma, so that no compiler is free to contract (or not) on its own.
#pragma once

#include <cmath>

#include <hy/hy.hpp>

namespace gm {

// Gold & Rangarajan's compatibility of two edge weights in [0, 1]: 1 - 3|w1 - w2|
// (their weighted-graph experiments), 0 when either edge is absent (weight < 0).
HY_HD inline float edge_compat(float w1, float w2) {
  return (w1 >= 0.0f && w2 >= 0.0f) ? std::fma(-3.0f, std::fabs(w1 - w2), 1.0f) : 0.0f;
}

// The separable alternative (--compat product): w1 w2 where both edges
// exist. Q = W1 P W2^T then, which the product form computes as two n^3
// matrix products (gm_kernels.cpp, q_product).
HY_HD inline float edge_product(float w1, float w2) {
  return (w1 >= 0.0f && w2 >= 0.0f) ? w1 * w2 : 0.0f;
}

// The compatibility a kernel uses: product != 0 picks edge_product.
HY_HD inline float compat(float w1, float w2, int product) {
  return product ? edge_product(w1, w2) : edge_compat(w1, w2);
}

// The same for two node attributes in [0, 1].
HY_HD inline float node_compat(float x1, float x2) {
  return std::fma(-3.0f, std::fabs(x1 - x2), 1.0f);
}

// e^x to within 2 ulp, identical on every target: x = k ln2 + r with
// |r| <= ln2/2 (ln2 split in two parts so that r is exact), a degree-7 Taylor
// polynomial in Horner form, scaled by 2^k.
HY_HD inline float exp_portable(float x) {
  if (x > 88.7228f) return INFINITY;
  if (x < -103.9721f) return 0.0f;
  const float k = std::rint(x * 1.44269504088896341f);
  float r = std::fma(-k, 0.693145751953125f, x);
  r = std::fma(-k, 1.42860676533018e-06f, r);
  float p = 1.0f / 5040.0f;
  p = std::fma(p, r, 1.0f / 720.0f);
  p = std::fma(p, r, 1.0f / 120.0f);
  p = std::fma(p, r, 1.0f / 24.0f);
  p = std::fma(p, r, 1.0f / 6.0f);
  p = std::fma(p, r, 0.5f);
  p = std::fma(p, r, 1.0f);
  p = std::fma(p, r, 1.0f);
  return std::ldexp(p, static_cast<int>(k));
}

}  // namespace gm

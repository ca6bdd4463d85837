// Compiler glue shared by the CPU headers that kernels also use on the GPU
// (and HY_UNROLL, which generated CPU code uses):
// HY_HD marks a function for host and device under nvcc and is empty for a
// plain C++ compiler, so that these headers stay CUDA-free.
#pragma once

#ifndef HY_HD
#if defined(__CUDACC__)
#define HY_HD __host__ __device__
#else
#define HY_HD
#endif
#endif

// HY_UNROLL before a loop with a small constant trip count unrolls it
// completely: the CPU printers put it on the small loops inside SIMD-lane
// loops (GCC unrolls them only at -O3 otherwise, and the lanes then run
// slower than the threads in order). nvcc's device pass and clang spell it
// `unroll`, g++ `GCC unroll`. nvcc's host pass (the CUDA build's CPU
// fallback) takes neither without a warning (its front end does not know
// `GCC unroll`, the g++ behind it does not know `unroll`): nothing there.
#ifndef HY_UNROLL
#if defined(__CUDA_ARCH__) || defined(__clang__)
#define HY_UNROLL _Pragma("unroll 16")
#elif defined(__CUDACC__)
#define HY_UNROLL
#elif defined(__GNUC__)
#define HY_UNROLL _Pragma("GCC unroll 16")
#else
#define HY_UNROLL
#endif
#endif

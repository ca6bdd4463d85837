// Compiler glue shared by the CPU headers that kernels also use on the GPU:
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

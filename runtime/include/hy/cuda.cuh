// The header every translator-generated .cu file includes: the CPU runtime
// (hy/hy.hpp, used by the OpenMP fallback path in the same binary) plus the
// CUDA runtime: device selection and checks, kernel views of arrays, host/
// device coherence, worklists (pushes aggregated per block), reductions
// (minloc/maxloc included), device atomics, resident grid sizes, tile
// copies, register rows and the launch-time alias check of fetched arrays;
// copies of constant arrays of class templates.
#pragma once

#include <hy/hy.hpp>

#include <hy/cuda/device.cuh>
#include <hy/cuda/view.cuh>
#include <hy/cuda/mirror.cuh>
#include <hy/cuda/worklist.cuh>
#include <hy/cuda/block_push.cuh>
#include <hy/cuda/device_loop.cuh>
#include <hy/cuda/within.cuh>
#include <hy/cuda/reduce.cuh>
#include <hy/cuda/reduction.cuh>
#include <hy/cuda/atomic.cuh>
#include <hy/cuda/occupancy.cuh>
#include <hy/cuda/tile.cuh>
#include <hy/cuda/rows.cuh>
#include <hy/cuda/aliases.cuh>
#include <hy/cuda/constants.cuh>
// Scans (hy/cuda/scan.cuh) are included by the outputs that have one: CUB's
// headers add some 5 s of nvcc time to every compile.

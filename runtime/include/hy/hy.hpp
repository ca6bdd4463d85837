// The one header annotated programs include: arrays, worklists, min/max
// with location, CPU atomics and fetch-and-update functions, CSR helpers,
// which device ran the kernels, the views OpenMP kernels index arrays
// through, the fetch bounds check used by the
// serial/OpenMP outputs in debug mode, the per-thread copies of array
// reductions in OpenMP builds, and hy::init() / hy::wait() for timing a
// CUDA build like a CPU one; in OpenMP programs, passive waiting unless the
// user chose a waiting policy (hy/omp_wait.hpp), and the test that runs
// small OpenMP kernels on the calling thread (hy/omp_work.hpp), and the
// exception a host loop's parallel region throws again (hy/omp_region.hpp).
#pragma once

#include <hy/config.hpp>
#include <hy/array.hpp>
#include <hy/atomic.hpp>
#include <hy/csr.hpp>
#include <hy/device.hpp>
#include <hy/loops.hpp>
#include <hy/minloc.hpp>
#include <hy/omp_region.hpp>
#include <hy/omp_wait.hpp>
#include <hy/omp_work.hpp>
#include <hy/privatize.hpp>
#include <hy/scan.hpp>
#include <hy/tile_check.hpp>
#include <hy/transfers.hpp>
#include <hy/update.hpp>
#include <hy/view.hpp>
#include <hy/wait.hpp>
#include <hy/worklist.hpp>

#define HY_VERSION_MAJOR 0
#define HY_VERSION_MINOR 1

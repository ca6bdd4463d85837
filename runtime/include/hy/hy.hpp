// The one header annotated programs include: arrays, worklists, min/max
// with location, CPU atomics and fetch-and-update functions, CSR helpers,
// which device ran the kernels, and the fetch bounds check used by the serial/OpenMP outputs in debug mode.
#pragma once

#include <hy/config.hpp>
#include <hy/array.hpp>
#include <hy/atomic.hpp>
#include <hy/csr.hpp>
#include <hy/device.hpp>
#include <hy/loops.hpp>
#include <hy/minloc.hpp>
#include <hy/tile_check.hpp>
#include <hy/transfers.hpp>
#include <hy/update.hpp>
#include <hy/worklist.hpp>

#define HY_VERSION_MAJOR 0
#define HY_VERSION_MINOR 1

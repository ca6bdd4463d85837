// The one header annotated programs include: arrays, CPU atomics and the
// fetch bounds check used by the serial/OpenMP outputs in debug mode.
#pragma once

#include <hy/array.hpp>
#include <hy/atomic.hpp>
#include <hy/loops.hpp>
#include <hy/tile_check.hpp>
#include <hy/transfers.hpp>

#define HY_VERSION_MAJOR 0
#define HY_VERSION_MINOR 1

// Compact binary cache (.hyg) of a CSR graph so that large graphs load fast.
// Layout (little-endian, native sizes), header of 48 bytes:
//   char magic[8] = "HYGRAPH\0"   u32 version = 1   u32 weight type (1 int32,
//   2 float, 3 double)   u32 flags (bit 0 directed, bit 1 weighted)
//   u32 byte-order mark 0x01020304   i64 n   i64 m
// then i64 offsets[n+1], i32 cols[m], W weights[m].
// Any mismatch (magic, version, size, inconsistent arrays) -> format_error.
#pragma once

#include <string>

#include "hy_graph/csr.hpp"

namespace hy::graph {

template <class W>
void write_binary(const std::string& path, const csr<W>& g);

// Weights stored as another type are converted when that is exact
// (int32 -> float/double, float -> double); otherwise format_error.
template <class W>
csr<W> read_binary(const std::string& path);

}  // namespace hy::graph
